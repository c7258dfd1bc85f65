"""``make test``: every test, stage by stage, each stage timed for ``make test-budget``.

    python3 scripts/run_tests.py

The stages run in order and the first that fails stops the run with its exit status:

- setup: the virtual environment, Debian's Chromium and the site checkers (``make``'s own targets);
- unit: the extension's tests and the small test sites;
- build: ``make site``, incremental (a fresh clone builds and executes everything);
- translation: every page of the Chinese edition translated;
- checks: the built site, the determinism re-runs and the browser, on two pytest-xdist workers.

After each stage, ``_build/test-times.json`` holds the seconds of the stages so far, the size
of the site they ran on (pages per edition, examples the build executed) and
each check's seconds (``tests/timing.py``). This script needs only the standard library: it
runs before the virtual environment exists.
"""

import json
import os
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "_build"
TIMES = BUILD / "test-times.json"
CHECK_TIMES = BUILD / "test-times-checks.json"
PYTHON = str(ROOT / ".venv" / "bin" / "python")
MAKE = ["make", "--no-print-directory"]

STAGES = [
    ("setup", MAKE + [".venv/.installed", "chromium", "node_modules"]),
    ("unit", MAKE + ["unit-tests"]),
    ("build", MAKE + ["site"]),
    ("translation", MAKE + ["translation-status", "STATUS_FLAGS=--check"]),
    ("checks", [PYTHON, "-m", "pytest", "-q", "-n", "2", "--dist", "loadscope", "--no-loadscope-reorder",
                "tests/site", "tests/browser"]),
]


def site_size():
    """What the stages' work grows with: published pages per edition, and the examples the last build
    executed (make test-budget counts the gallery scripts this runner executes)."""
    pages = [p for p in (BUILD / "site" / "en").rglob("*.html") if "_static" not in p.parts]
    report = BUILD / "last-build.json"
    last = json.loads(report.read_text(encoding="utf-8")) if report.exists() else {}
    return {"pages": len(pages), "executed": len(last.get("executed", [])),
            "execution seconds": last.get("execution seconds", 0.0)}


def write_times(stages, complete):
    checks = json.loads(CHECK_TIMES.read_text(encoding="utf-8")) if CHECK_TIMES.exists() and "checks" in stages else {}
    record = {"finished": datetime.now(timezone.utc).isoformat(timespec="seconds"), "complete": complete,
              "cores": os.cpu_count(), "stages": stages, "site": site_size(), "checks": checks}
    BUILD.mkdir(exist_ok=True)
    TIMES.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def main():
    env = {**os.environ, "TORCHREF_TEST_TIMES": str(CHECK_TIMES)}
    stages = {}
    began = time.monotonic()
    for name, command in STAGES:
        print(f"==> test stage {name}: {' '.join(command)}", flush=True)
        started = time.monotonic()
        CHECK_TIMES.unlink(missing_ok=True)
        code = subprocess.run(command, cwd=ROOT, env=env if name == "checks" else os.environ).returncode
        stages[name] = round(time.monotonic() - started, 1)
        write_times(stages, complete=False)
        if code != 0:
            print(f"FAILED: test stage {name} (exit status {code}) after {stages[name]} s", file=sys.stderr)
            return code
    write_times(stages, complete=True)
    print("==> every test passed in " + f"{time.monotonic() - began:.0f} s: "
          + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in stages.items())
          + " (make test-budget: the cost model)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
