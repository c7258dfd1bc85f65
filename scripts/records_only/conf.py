"""Sphinx configuration of the records-only build that ``make gpu-records`` runs (scripts/gpu_records.py).

It builds the gallery pages alone, with sphinx-gallery executing the scripts and ``torchref.recording``
recording their outputs: the site's own gallery settings (``../../conf.py``), so every option that
shapes an output (reprs, resets, captured streams) is the site build's, and none of the site's theme,
MyST pages, search or translations. The project to record is ``TORCHREF_PROJECT`` (default: this
checkout); ``scripts/gpu_records.py`` passes the scripts to run and where to write their records.
"""

import os
import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]  # the checkout whose torchref package records
PROJECT = Path(os.environ.get("TORCHREF_PROJECT") or HERE).resolve()
sys.path.insert(0, str(HERE))

site = runpy.run_path(str(PROJECT / "conf.py"))

project = "records-only build"
extensions = ["sphinx_gallery.gen_gallery", "torchref.recording"]
root_doc = "examples/index"  # sphinx-gallery writes it; the source folder starts empty
html_theme = "basic"
exclude_patterns = site.get("exclude_patterns", [])

sphinx_gallery_conf = {
    **site["sphinx_gallery_conf"],
    "examples_dirs": [str(PROJECT / "gallery")],
    "gallery_dirs": ["examples"],
    "subsection_order": None,  # only the index's order: the site's is relative to its docs/
    "download_all_examples": False,
    # records hold printed text: a script that draws is not recorded here (matplotlib is not installed)
    "image_scrapers": (),
    # one failing example must not cost the others' records: it is reported and gets none
    "abort_on_example_error": False,
    "only_warn_on_example_error": True,
}

torchref_project = str(PROJECT)
torchref_torch_version = site.get("torchref_torch_version", "2.13.0")
