"""Each example prints, in a fresh process, exactly what the site shows for it.

The site's outputs come from sphinx-gallery running the scripts one after
another in its processes; running each script once more in a fresh process
(forked from one that has only imported torch, NumPy and matplotlib:
``fresh_run.py``) and comparing with its record catches randomness without a
seed, addresses, timings and state leaking from one script into the next,
without executing anything twice more. A script whose record passed this check
before is not run again (``_build/determinism/``); a fresh clone checks them all.
"""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from helpers import ROOT
from torchref.records import Gallery
from torchref.runner import current_runner

CHECKED = ROOT / "_build" / "determinism"
RUNNER = os.environ.get("TORCHREF_RUNNER_NAME") or current_runner()["name"]
GALLERY = Gallery.of_project(ROOT)
RECORDS = [(s, GALLERY.read(RUNNER, s)) for s in GALLERY.scripts]
EXECUTED = [(s, r) for s, r in RECORDS if r is not None and r.matches(s.md5()) and not r.not_executed]

# the fresh runs are made once, by the xdist worker this module goes to (make test: --dist loadscope);
# their time grows with the scripts (make test-budget)
pytestmark = pytest.mark.per_script


def normalised(text):
    # sphinx-gallery shows an output as a reST code block, which drops the indentation its lines
    # share: right-aligned columns lose their common leading spaces on the site.
    return textwrap.dedent("\n".join(line.rstrip() for line in text.splitlines()).strip("\n"))


def stamp(script, record):
    return CHECKED / f"{script.source.replace('/', '__')}.json", record.to_json()


@pytest.fixture(scope="session")
def fresh_runs():
    """One fresh execution of every script not yet checked against its current record, on every core
    (``fresh_run.py``); made once per session (a module-scoped fixture is made again when a worker
    comes back to this module)."""
    unchecked = [s for s, r in EXECUTED
                 if not (lambda path, text: path.exists() and path.read_text(encoding="utf-8") == text)(*stamp(s, r))]
    if not unchecked:
        return {}
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "site" / "fresh_run.py"),
                           *(str(s.path) for s in unchecked)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    return {s.source: results[str(s.path.resolve())] for s in unchecked}


def test_every_runnable_script_has_a_current_record():
    runnable = [s.source for s, r in RECORDS if r is None or not r.not_executed]
    assert sorted(s.source for s, _ in EXECUTED) == sorted(runnable), "run 'make site' first"


@pytest.mark.parametrize("script, record", EXECUTED, ids=[s.source for s, _ in EXECUTED])
def test_fresh_execution_prints_what_the_site_shows(script, record, fresh_runs):
    if script.source not in fresh_runs:
        pytest.skip("checked against this very record before")
    assert "error" not in fresh_runs[script.source], (
        f"{script.source} failed in a fresh process:\n{fresh_runs[script.source]['error']}")
    fresh = {int(line): output for line, output in fresh_runs[script.source]["outputs"].items()}
    for cell in record.cells:
        assert normalised(fresh[cell.lineno]) == normalised(cell.output), (
            f"{script.source}:{cell.lineno} prints something else in a fresh process than in the site build")
    path, text = stamp(script, record)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
