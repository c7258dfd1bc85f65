"""Sphinx extension of the bilingual PyTorch reference; ``setup`` only wires the modules.

The modules are imported in ``setup``, not here: the records-only build of ``make gpu-records``
(``torchref.recording``) uses a few of them on a machine that has Sphinx and sphinx-gallery but
none of the site's other dependencies (the theme, MyST, the search's word cutter).
"""

import difflib
import hashlib
import re
from pathlib import Path

from sphinx.errors import ConfigError

# What the extension keeps in Sphinx's environment depends on its code and data (the official
# links): any change to them makes the next build read every page again instead of trusting
# the pickled environment.
ENV_VERSION = int(hashlib.md5(b"".join(p.read_bytes() for p in sorted(Path(__file__).parent.rglob("*"))
                                       if p.suffix in (".py", ".yaml"))).hexdigest()[:8], 16)

OPTIONS = {
    # name: (default, rebuild, help)
    "torchref_torch_version": ("2.13.0", "env", "the torch release the site documents"),
    "torchref_official_docs": ("https://docs.pytorch.org/docs/stable/", "env", "base URL of the official docs"),
    "torchref_editions": (["en", "zh_CN"], "html", "languages the site is published in"),
    "torchref_titles": ({"en": "PyTorch API Reference"}, "html", "the site title of each edition"),
    "torchref_site_url": ("", "html", "where the site is published; canonical and hreflang URLs start with it"),
    "torchref_examples_pattern": ("", "env", "execute only the gallery scripts whose path matches (a subset build)"),
    "torchref_shard": ("", "env", '"k/N": execute the k-th of N shares of the gallery (scripts/merge_shards.py)'),
    "torchref_records_dir": ("_build/executed", "env", "where executed outputs are recorded, per runner"),
    "torchref_project": ("", "env", "the project folder (gallery and records are named from it); default: conf.py's"),
}


def add_options(app):
    for name, (default, rebuild, _help) in OPTIONS.items():
        app.add_config_value(name, default, rebuild)


def check_shard(shard):
    """``k/N`` with ``0 <= k < N``, or empty."""
    match = re.fullmatch(r"(\d+)/(\d+)", shard) if shard else True
    if not match or (shard and not int(match[1]) < int(match[2])):
        raise ConfigError(f"SHARD must look like k/N with 0 <= k < N (the k-th of N shares), not {shard!r}")


def check_pattern(pattern):
    try:
        re.compile(pattern)
    except re.error as err:
        raise ConfigError(f"EXAMPLES_PATTERN {pattern!r} is not a valid regular expression: {err}") from None


def check_config(app, config):
    unknown = [name for name in config._raw_config if name.startswith("torchref_") and name not in OPTIONS]
    for name in unknown:
        hint = difflib.get_close_matches(name, OPTIONS, n=1)
        raise ConfigError(f"unknown option {name!r} in conf.py" + (f"; did you mean {hint[0]!r}?" if hint else ""))
    check_shard(config.torchref_shard)
    check_pattern(config.torchref_examples_pattern)
    if config.language not in config.torchref_editions:
        raise ConfigError(f"language {config.language!r} is not one of torchref_editions {config.torchref_editions}")
    import torch

    release = torch.__version__.split("+")[0]
    if release != config.torchref_torch_version:
        raise ConfigError(
            f"this site documents torch {config.torchref_torch_version}, but torch {torch.__version__} "
            "is installed (use 'make site', which installs requirements.txt)"
        )
    config.html_title = config.torchref_titles.get(config.language, config.html_title)


def setup(app):
    from . import (apiindex, editions, embed, execution, gallery, gallerypass, glossary, handtyped, interface,
                   methodforms, notfound, official, output, pagemeta, removed, serialread, sidebar, stableconfig,
                   translation, ui, usedcss, validity, weight)
    from .search import page as search_page
    from .search import torch_names as search_torch_names
    from .search import units as search_units

    add_options(app)
    app.connect("config-inited", check_config)
    app.connect("config-inited", editions.set_edition_address)
    ui.compile_catalog(app.config.language)
    app.add_message_catalog(ui.CATALOG, str(ui.LOCALE_DIR))
    app.connect("source-read", handtyped.check_source)
    app.connect("env-before-read-docs", translation.require_catalogs)
    app.connect("doctree-resolved", translation.mark_untranslated_pages)
    app.add_transform(translation.KeepEntryFieldLabels)
    app.connect("object-description-transform", official.add_official_link)
    app.connect("html-page-context", editions.add_edition_links)
    app.connect("html-page-context", search_page.add_search_labels)
    app.add_css_file("torchref.css")
    app.add_js_file("torchref.js")
    output.setup(app)
    stableconfig.setup(app)
    execution.setup(app)
    removed.setup(app)
    embed.setup(app)
    glossary.setup(app)
    gallery.setup(app)
    gallerypass.setup(app)
    apiindex.setup(app)
    methodforms.setup(app)
    interface.setup(app)
    weight.setup(app)
    usedcss.setup(app)
    pagemeta.setup(app)
    notfound.setup(app)
    validity.setup(app)
    sidebar.setup(app)
    serialread.setup(app)
    search_units.setup(app)
    search_torch_names.setup(app)
    return {"version": "0.1", "env_version": ENV_VERSION, "parallel_read_safe": True, "parallel_write_safe": True}
