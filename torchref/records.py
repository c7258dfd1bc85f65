"""Executed-output records: one JSON file per gallery script and runner.

The executing build (English, ``plot_gallery`` on) writes them right after
sphinx-gallery ran; every other build (the Chinese edition, ``plot_gallery=0``)
only reads them, so both editions show the same, single execution.

Layout: ``<records dir>/<runner name>/<area>/<script>.json``. Another runner's
records (a GPU job's) are imported by copying its folder in (``make
import-outputs``); pages then show every runner's output of each cell.
"""

import hashlib
import json
import re
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path

from sphinx.errors import ExtensionError
from sphinx.util import logging

from .cells import CellError, Cell, executed_cells, labelled_code_blocks, required_device, unexecuted_cells
from .runner import current_runner

logger = logging.getLogger(__name__)

# Raise when the record format changes: older records then count as stale and are re-made.
RECORD_VERSION = 2


def _md5(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def gallery_pairs(app):
    """``[(examples_dir, gallery_dir)]`` as absolute paths, from sphinx-gallery's config."""
    conf = app.config.sphinx_gallery_conf
    src = Path(app.srcdir)
    return [
        ((src / e).resolve(), (src / g).resolve())
        for e, g in zip(conf["examples_dirs"], conf["gallery_dirs"])
    ]


def gallery_scripts(app):
    """Every executable gallery script as ``(script, examples_dir, gallery_dir)``."""
    for examples_dir, gallery_dir in gallery_pairs(app):
        for script in sorted(examples_dir.rglob("plot_*.py")):
            yield script, examples_dir, gallery_dir


def records_root(app):
    return Path(app.confdir, app.config.torchref_records_dir)


def record_path(app, runner_id, script, examples_dir):
    return records_root(app) / runner_id / script.relative_to(examples_dir).with_suffix(".json")


def read_record(path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None


def matches_source(record, script):
    """A record of this format, made from the script as it is now."""
    return bool(record) and record.get("version") == RECORD_VERSION and record["source_md5"] == _md5(script)


def is_current(record, script, torch_version):
    return matches_source(record, script) and record["runner"]["torch"] == torch_version


def executes_examples(app):
    return str(app.config.plot_gallery).lower() not in ("0", "false", "no", "off")


def subset_configured(app):
    return bool(app.config.torchref_examples_pattern or app.config.torchref_shard)


def in_this_build(app, number, script):
    """Whether this build executes ``script``, the ``number``-th of the gallery in sorted order:
    all of them, unless ``torchref_examples_pattern`` (``EXAMPLES_PATTERN=...``) picks a subset
    for a quick partial build, or ``torchref_shard`` (``SHARD=k/N``) takes the k-th of N shares
    of the gallery, to be merged with the others."""
    pattern = app.config.torchref_examples_pattern
    if pattern and not re.search(pattern, script.as_posix()):
        return False
    if app.config.torchref_shard:
        shard, shards = (int(n) for n in app.config.torchref_shard.split("/"))
        return number % shards == shard
    return True


def runs_here(script, runner):
    """Whether this runner can execute ``script`` (``# requires: cuda`` needs a CUDA runner)."""
    device = required_device(script)
    return device is None or device == runner["id"]


def prepare_execution(app):
    """Before sphinx-gallery: decide what it executes on this runner.

    Scripts that need a device this runner lacks are kept out of execution
    (their pages still show the code). Scripts whose record is missing or
    stale are re-run: sphinx-gallery's md5 cache only notices edits to the
    script itself, not a new torch or a deleted record.
    """
    runner = current_runner()
    conf = app.config.sphinx_gallery_conf
    elsewhere = [s.name for n, (s, _, _) in enumerate(gallery_scripts(app))
                 if not runs_here(s, runner) or not in_this_build(app, n, s)]
    if elsewhere:
        names = "|".join(re.escape(name) for name in elsewhere)
        conf["filename_pattern"] = rf"^(?!.*/(?:{names})$)(?=.*(?:{conf.get('filename_pattern', '/plot')}))"
    if not executes_examples(app):
        return
    for script, examples_dir, gallery_dir in gallery_scripts(app):
        record = read_record(record_path(app, runner["name"], script, examples_dir))
        if not is_current(record, script, runner["torch"]):
            md5_file = gallery_dir / script.relative_to(examples_dir).with_suffix(".py.md5")
            md5_file.unlink(missing_ok=True)


def write_or_check_records(app):
    """After sphinx-gallery: record fresh executions, or insist they exist."""
    runner = current_runner()
    executing = executes_examples(app)
    missing = []
    for number, (script, examples_dir, gallery_dir) in enumerate(gallery_scripts(app)):
        path = record_path(app, runner["name"], script, examples_dir)
        if is_current(read_record(path), script, runner["torch"]):
            continue
        if not in_this_build(app, number, script):
            continue  # outside a partial build's pattern: no record, rather than an empty one
        if not executing:
            missing.append(str(script.relative_to(Path(app.confdir))))
            continue
        generated = gallery_dir / script.relative_to(examples_dir).with_suffix(".rst")
        try:
            if runs_here(script, runner):
                cells = executed_cells(script, generated.read_text(encoding="utf-8"))
            else:
                cells = unexecuted_cells(script)
        except CellError as err:
            raise ExtensionError(str(err)) from None
        record = {
            "version": RECORD_VERSION,
            "source": script.relative_to(Path(app.confdir)).as_posix(),
            "source_md5": _md5(script),
            # the docname of sphinx-gallery's page for this script
            "page": (gallery_dir / script.relative_to(examples_dir)).with_suffix("").relative_to(Path(app.srcdir).resolve()).as_posix(),
            "runner": runner,
            "executed": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "cells": [asdict(cell) for cell in cells],
        }
        if not runs_here(script, runner):
            record["not_executed"] = required_device(script)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=1, ensure_ascii=False), encoding="utf-8")
        logger.info(f"[torchref] recorded {len(cells)} labelled cells of {record['source']} ({runner['name']})")
    if missing:
        raise ExtensionError(
            "these examples have no current executed output for runner "
            f"{runner['name']!r}: {', '.join(missing)}. This build does not execute "
            "examples (plot_gallery=0); run the executing build first (make site)."
        )


class CellIndex:
    """Every recorded cell by label, across runners, for the pages to embed."""

    def __init__(self, app):
        torch_version = current_runner()["torch"]
        self.by_label = {}
        self.in_sources = set()  # every label the scripts define, executed here or not
        self.by_page = {}  # sphinx-gallery page -> the records of its script, one per runner
        root = records_root(app)
        for script, examples_dir, _ in gallery_scripts(app):
            self.in_sources.update(label for labels, _, _ in labelled_code_blocks(script) for label in labels)
            for runner_dir in sorted(p for p in root.glob("*") if p.is_dir()):
                path = record_path(app, runner_dir.name, script, examples_dir)
                record = read_record(path)
                if not matches_source(record, script):
                    continue
                self.by_page.setdefault(record["page"], []).append(record)
                for raw in record["cells"]:
                    cell = Cell(**raw)
                    for label in cell.labels:
                        self.by_label.setdefault(label, []).append((record, cell, path))
        self.torch_version = torch_version

    def lookup(self, label):
        return self.by_label.get(label, [])
