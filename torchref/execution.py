"""What this runner executes, and the records of what it printed.

Before sphinx-gallery runs (``builder-inited``), the executing build picks the
scripts to run through sphinx-gallery's documented options: ``filename_pattern``
matches exactly the scripts of this build whose record for this runner is
missing or stale, and ``run_stale_examples`` makes sphinx-gallery re-run them
even where its own md5 cache (which only notices edits to the script, not a
new torch or a lost record) thinks they are current. Every other script is left
alone. After reading, the outputs of the scripts that ran are taken from the
doctrees of their pages (``doctree-read``) and written as records
(``env-updated``). A build that does not execute (``plot_gallery=0``: the
Chinese edition) only checks that the records it needs are current.
"""

import os
import re
import time
from datetime import datetime, timezone
from pathlib import Path

from sphinx.errors import ExtensionError
from sphinx.util import logging

from .cells import CellError, executed_cells, required_device, unexecuted_cells
from .records import Record, gallery
from .runner import current_runner

logger = logging.getLogger(__name__)


def executes_examples(app):
    return str(app.config.plot_gallery).lower() not in ("0", "false", "no", "off")


def subset_configured(app):
    return bool(app.config.torchref_examples_pattern or app.config.torchref_shard)


def in_this_build(app, number, script):
    """Whether this build executes the ``number``-th script of the gallery: all of them, unless
    ``torchref_examples_pattern`` (``EXAMPLES_PATTERN=...``) picks a subset for a quick partial
    build, or ``torchref_shard`` (``SHARD=k/N``) takes the k-th of N shares of the gallery."""
    pattern = app.config.torchref_examples_pattern
    if pattern and not re.search(pattern, script.source):
        return False
    if app.config.torchref_shard:
        shard, shards = (int(n) for n in app.config.torchref_shard.split("/"))
        return number % shards == shard
    return True


def runs_here(script, runner):
    """Whether this runner can execute the script (``# requires: cuda`` needs a CUDA runner)."""
    device = required_device(script.path)
    return device is None or device == runner["id"]


def remove_deleted_scripts(app):
    """sphinx-gallery keeps the page and files of a deleted script: remove them and its records."""
    for script in list(gallery(app).deleted_scripts()):
        gallery(app).forget(script)
        for figure in Path(app.outdir, "_images").glob(f"sphx_glr_{script.stem}_*"):
            figure.unlink()
        logger.info(f"[torchref] removed the page and outputs of the deleted script {script.source}")


def choose_scripts(app):
    """``builder-inited``, before sphinx-gallery: the scripts it executes on this runner."""
    runner = current_runner()
    conf = app.config.sphinx_gallery_conf
    app._torchref_configured = {key: conf.get(key) for key in ("filename_pattern", "run_stale_examples")}
    remove_deleted_scripts(app)
    app._torchref_running = {}
    if app.builder.format != "html":  # message extraction (gettext): outputs do not matter
        conf["filename_pattern"] = "(?!)"
        return
    to_run, missing = [], []
    for number, script in enumerate(gallery(app).scripts):
        if not in_this_build(app, number, script):
            continue
        record = gallery(app).read(runner["name"], script)
        if record is not None and record.is_current(script.md5(), runner["torch"]):
            continue
        if not runs_here(script, runner):
            if executes_examples(app):
                write_unexecuted_record(app, script, runner)
            continue
        (to_run if executes_examples(app) else missing).append(script)
    if missing:
        raise ExtensionError(
            f"these examples have no current executed output for runner {runner['name']!r}: "
            f"{', '.join(s.source for s in missing)}. This build does not execute examples "
            "(plot_gallery=0); run the executing build first (make site)."
        )
    app._torchref_running = {s.page: s for s in to_run}
    app._torchref_execution_started = time.monotonic()
    # sphinx-gallery matches filename_pattern against the script's path; (?!) matches nothing
    names = "|".join(re.escape("/" + s.source) for s in to_run)
    conf["filename_pattern"] = rf"(?:{names})$" if names else "(?!)"
    conf["run_stale_examples"] = True
    if to_run:
        logger.info(f"[torchref] executing {len(to_run)} of {len(gallery(app).scripts)} examples on "
                    f"runner {runner['name']!r}: the others have current records")


def after_execution(app):
    """``builder-inited``, after sphinx-gallery: how long executing took (``make test-budget`` reads it).
    The options :func:`choose_scripts` set go back to conf.py's: they are part of the configuration
    Sphinx's HTML builder fingerprints, and a build that executed other scripts than the last would
    otherwise write every page again."""
    running = getattr(app, "_torchref_running", {})
    if running:
        seconds = time.monotonic() - app._torchref_execution_started
        logger.info(f"[torchref] executed {len(running)} examples in {seconds:.1f} s")
    else:
        records_ready(app)  # every record was current: the other editions need not wait for this one's reading
    app.config.sphinx_gallery_conf.update(getattr(app, "_torchref_configured", {}))


def write_unexecuted_record(app, script, runner):
    """A script this runner cannot execute is recorded as such: its code, no output."""
    try:
        cells = unexecuted_cells(script.path)
    except CellError as err:
        raise ExtensionError(str(err)) from None
    gallery(app).write(Record(
        source=script.source, source_md5=script.md5(), page=script.page, runner=runner,
        executed=now(), cells=cells, not_executed=required_device(script.path),
    ))


def now():
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def reread_executed_pages(app, env, added, changed, removed):
    """A script that ran again may print exactly what it printed before, so sphinx-gallery
    leaves its page untouched: read it anyway, to record this execution."""
    return sorted(set(getattr(app, "_torchref_running", {})) - set(added) - set(changed))


def failed(app, script):
    """Whether sphinx-gallery caught an exception of the script: only where a failing example does not
    stop the build (the records-only build of ``make gpu-records``); its page shows the traceback."""
    failing = app.config.sphinx_gallery_conf.get("failing_examples", {})
    return any(Path(path).resolve() == script.path for path in failing)


def capture_outputs(app, doctree):
    """``doctree-read`` of a page whose script ran in this build: keep what it printed."""
    script = getattr(app, "_torchref_running", {}).get(app.env.docname)
    if script is None or failed(app, script):
        return  # a failed script gets no record: a traceback is not what the example prints
    try:
        cells = executed_cells(script.path, doctree)
    except CellError as err:
        raise ExtensionError(str(err)) from None
    captured(app.env)[script.source] = Record(
        source=script.source, source_md5=script.md5(), page=script.page, runner=current_runner(),
        executed=now(), cells=cells,
    )


def captured(env):
    if not hasattr(env, "torchref_captured"):
        env.torchref_captured = {}
    return env.torchref_captured


def merge_captured(app, env, docnames, other):
    captured(env).update(captured(other))


def write_records(app, env):
    """``env-updated``: every script that ran gets its record, then the other edition may start."""
    for source, record in sorted(captured(env).items()):
        gallery(app).write(record)
        logger.info(f"[torchref] recorded {len(record.cells)} labelled cells of {source} ({record.runner_name})")
    captured(env).clear()  # the environment is pickled: do not carry outputs into the next build
    running = getattr(app, "_torchref_running", {}).values()
    failures = [s.source for s in running if failed(app, s)]
    missing = [s.source for s in running if gallery(app).read(current_runner()["name"], s) is None
               and s.source not in failures]
    for source in failures:  # the others' records are written: reported, not raised
        logger.error(f"[torchref] {source} failed (its traceback is above): it got no record")
    if missing:
        raise ExtensionError(f"sphinx-gallery ran {', '.join(missing)} but its page gave no outputs")
    records_ready(app)
    return []


def wait_for_records(app):
    """``builder-inited``, first: a build that reuses records, started beside the executing one
    (scripts/build_site.py), has started Sphinx and loaded its environment meanwhile; it waits for
    the records before anything looks at them or at sphinx-gallery's pages."""
    ready = os.environ.get("TORCHREF_WAIT_FOR_RECORDS")
    if not ready or executes_examples(app) or Path(ready).exists():
        return
    logger.info("[torchref] waiting for the executing edition's records")
    while not Path(ready).exists():
        time.sleep(0.1)


def records_ready(app):
    """Tell the other editions' builds that this runner's records are written (scripts/build_site.py)."""
    ready = os.environ.get("TORCHREF_RECORDS_READY")
    if ready and executes_examples(app):
        Path(ready).write_text("ready\n", encoding="utf-8")


def setup(app):
    app.connect("builder-inited", wait_for_records, priority=300)
    app.connect("builder-inited", choose_scripts, priority=400)  # before sphinx-gallery's (500)
    app.connect("builder-inited", after_execution, priority=600)
    app.connect("env-get-outdated", reread_executed_pages)
    app.connect("doctree-read", capture_outputs)
    app.connect("env-merge-info", merge_captured)
    app.connect("env-updated", write_records, priority=400)  # before the pages look records up
