"""One Sphinx configuration for both editions; pick one with ``-D language=zh_CN``.

The build is orchestrated by ``scripts/build_site.py`` (``make site``); the
behaviour lives in the ``torchref`` extension package, this file only wires it.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).parent
sys.path.insert(0, str(ROOT))

project = "PyTorch API Reference"
author = "torchref contributors"
copyright = "2026, torchref contributors"

extensions = [
    "myst_parser",
    "sphinx_gallery.gen_gallery",
    "sphinx_copybutton",
    "torchref",
]

language = "en"
locale_dirs = ["../locale/"]  # relative to docs/, the source directory
gettext_compact = False
gettext_uuid = False
gettext_location = True
translation_progress_classes = "untranslated"

root_doc = "index"
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["examples/**/*.ipynb", "examples/**/*.py", "examples/**/*.md5", "examples/**/*.json"]

nitpicky = True
# Python builtins: their documentation is not part of this site.
nitpick_ignore_regex = [(r"py:class", r"(int|float|bool|str|bytes|tuple|list|dict|None|object|type)")]

# Prose quotes code ('relu', 'trunc'): curly quotes would not match the code a reader types.
smartquotes = False

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist", "dollarmath"]
myst_heading_anchors = 3

sphinx_gallery_conf = {
    "examples_dirs": ["../gallery"],
    "gallery_dirs": ["examples"],
    "filename_pattern": r"/plot_",
    "abort_on_example_error": True,
    "only_warn_on_example_error": False,
    "download_all_examples": True,
    "remove_config_comments": True,
    "line_numbers": False,
    "capture_repr": ("__repr__",),
    # torch.manual_seed() returns a Generator whose repr is a memory address.
    "ignore_repr_types": r"torch\._C\.Generator",
    # Timings change every build: keep them out of the pages and the catalogs.
    "min_reported_time": float("inf"),
    "write_computation_times": False,
    "show_memory": False,
    "show_signature": False,
    "reset_modules": ("torchref.gallery_reset.reset_torch_state",),
    # examples run in worker processes, as many as sphinx-build's -j (make site: one per core); a script
    # that must run alone says "# sphinx_gallery_parallel = False"
    "parallel": True,
    "within_subsection_order": "FileNameSortKey",
    # the reference's order (docs/index.md)
    "subsection_order": ["../gallery/tensors", "../gallery/ops", "../gallery/nn", "../gallery/training", "../gallery/runtime"],
}

# A copy button on code cells only: outputs (highlight-none) are not code to paste.
copybutton_selector = "div:not(.highlight-none) > div.highlight > pre"

html_theme = "sphinx_book_theme"
html_static_path = ["torchref/static"]
html_favicon = "torchref/static/favicon.svg"
templates_path = ["torchref/templates"]
html_last_updated_fmt = "%Y-%m-%d"  # the day this page was last built (a time would rewrite every page)
html_context = {"default_mode": "auto"}  # light or dark, as the reader's system prefers
html_theme_options = {
    "repository_url": "https://github.com/torchref/torchref",
    "use_repository_button": False,
    "article_header_end": ["language-switch.html", "article-header-buttons.html"],
    "show_toc_level": 2,
    "navigation_with_keys": False,
    # the source download would hand Chinese readers the English .md file
    "use_download_button": False,
    "footer_content_items": ["copyright.html", "last-updated.html", "offline-download.html"],
    "primary_sidebar_end": ["genindex-link.html"],
}

# The torch version the site documents; the build refuses to run on another.
torchref_torch_version = "2.13.0"
torchref_official_docs = "https://docs.pytorch.org/docs/stable/"
torchref_editions = ["en", "zh_CN"]
torchref_titles = {"en": "PyTorch API Reference", "zh_CN": "PyTorch API 参考"}
