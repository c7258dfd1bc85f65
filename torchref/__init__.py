"""Sphinx extension of the bilingual PyTorch reference; ``setup`` only wires the modules."""

import difflib
import re

from sphinx.errors import ConfigError

from . import editions, embed, handtyped, notfound, official, pagemeta, records, translation, ui, validity, weight
from .search import page as search_page

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
}


def check_config(app, config):
    unknown = [name for name in config._raw_config if name.startswith("torchref_") and name not in OPTIONS]
    for name in unknown:
        hint = difflib.get_close_matches(name, OPTIONS, n=1)
        raise ConfigError(f"unknown option {name!r} in conf.py" + (f"; did you mean {hint[0]!r}?" if hint else ""))
    if config.torchref_shard and not re.fullmatch(r"(\d+)/(\d+)", config.torchref_shard):
        raise ConfigError(f"torchref_shard must look like 'k/N' (0 <= k < N), not {config.torchref_shard!r}")
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
    for name, (default, rebuild, _help) in OPTIONS.items():
        app.add_config_value(name, default, rebuild)
    app.connect("config-inited", check_config)
    app.connect("config-inited", editions.set_edition_address)
    ui.compile_catalog(app.config.language)
    app.add_message_catalog(ui.CATALOG, str(ui.LOCALE_DIR))
    # around sphinx-gallery's own builder-inited handler (priority 500)
    app.connect("builder-inited", records.prepare_execution, priority=400)
    app.connect("builder-inited", records.write_or_check_records, priority=600)
    app.connect("source-read", handtyped.check_source)
    app.connect("env-before-read-docs", translation.require_catalogs)
    app.connect("doctree-resolved", translation.mark_untranslated_pages)
    app.add_transform(translation.KeepEntryFieldLabels)
    app.connect("object-description-transform", official.add_official_link)
    app.connect("html-page-context", editions.add_edition_links)
    app.connect("html-page-context", search_page.add_search_labels)
    app.add_css_file("torchref.css")
    app.add_js_file("torchref.js")
    embed.setup(app)
    weight.setup(app)
    pagemeta.setup(app)
    notfound.setup(app)
    validity.setup(app)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
