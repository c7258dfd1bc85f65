"""``make test-budget``: where the last ``make test`` spent its time, and what it would take at full scope.

    python scripts/test_budget.py [--budget MINUTES]

It reads ``_build/test-times.json`` (written by ``scripts/run_tests.py``) and splits each
stage into a fixed part and parts that grow with the site, per published page and per
gallery script:

- setup and unit: fixed;
- build: executing the examples, per script (the seconds the build reported for it);
  the rest, per page (Sphinx's start-up is counted in it: an over-estimate);
- translation: per page;
- checks: each test's own seconds (``tests/timing.py``), per page or per script where the
  test is marked ``per_page`` / ``per_script``, fixed otherwise; the tests ran on two
  workers, so each part is its share of the stage's wall time.

The projection scales pages and scripts with the number of objects: from the objects the
site delivers today (``tests/delivered.yaml``) to every object of ``../shared/topics.yaml``.
The gallery scripts are counted in the checkout (those this runner executes). A run that was not
cold (a build that executed fewer examples than there are, checks that skipped scripts already
checked) says so: its figures undercount a fresh clone's.
"""

import argparse
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from torchref.cells import required_device  # noqa: E402
from torchref.records import Gallery  # noqa: E402

TIMES = ROOT / "_build" / "test-times.json"
TOPICS = ROOT.parent / "shared" / "topics.yaml"
DELIVERED = ROOT / "tests" / "delivered.yaml"
CHECK_GROUPS = [("determinism", "tests/site/test_determinism.py"), ("site checks", "tests/site/"),
                ("browser checks", "tests/browser/")]


def object_counts():
    """(objects the site delivers now, objects in scope)."""
    sections = yaml.safe_load(TOPICS.read_text(encoding="utf-8"))["sections"]
    delivered = yaml.safe_load(DELIVERED.read_text(encoding="utf-8"))
    return (sum(len(sections[name]["objects"]) for name in delivered),
            sum(len(section["objects"]) for section in sections.values()))


def runnable_scripts():
    """The gallery scripts this runner executes: not those that need a device it lacks (``# requires:``)."""
    return sum(1 for script in Gallery.of_project(ROOT).scripts if required_device(script.path) is None)


def split_checks(wall, checks):
    """``{group: {"fixed"|"page"|"script": seconds}}``: each test's share of the stage's wall time."""
    total = sum(seconds for seconds, _ in checks.values()) or 1.0
    parts = {group: {"fixed": 0.0, "page": 0.0, "script": 0.0} for group, _ in CHECK_GROUPS}
    for test, (seconds, scale) in checks.items():
        group = next(group for group, prefix in CHECK_GROUPS if test.startswith(prefix))
        parts[group][scale] += wall * seconds / total
    return parts


def cost_model(times):
    """``[(part, fixed seconds, seconds per page, seconds per script)]`` of the last run."""
    stages, site = times["stages"], times["site"]
    pages, scripts = site["pages"], site["scripts"]
    executed, execution = site["executed"], site["execution seconds"]
    per_script_run = execution / executed if executed else 0.0
    rows = [("setup", stages["setup"], 0.0, 0.0), ("unit", stages["unit"], 0.0, 0.0),
            ("build", 0.0, (stages["build"] - execution) / pages, per_script_run),
            ("translation", 0.0, stages["translation"] / pages, 0.0)]
    for group, part in split_checks(stages["checks"], times["checks"]).items():
        rows.append((group, part["fixed"], part["page"] / pages, part["script"] / scripts))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=25.0, help="minutes the projection must stay within")
    args = parser.parse_args(argv)
    if not TIMES.exists():
        sys.exit(f"{TIMES.relative_to(ROOT)} does not exist: run 'make test' first")
    times = json.loads(TIMES.read_text(encoding="utf-8"))
    if not times["complete"]:
        sys.exit(f"the last make test stopped after {', '.join(times['stages'])}: no complete run to model")
    site = times["site"]
    site["scripts"] = runnable_scripts()
    now, scope = object_counts()
    scale = scope / now
    rows = cost_model(times)
    print(f"make test of {times['finished']} on {times['cores']} cores: {site['pages']} pages per edition, "
          f"{site['scripts']} gallery scripts this runner executes, {now} objects delivered")
    if site["executed"] < site["scripts"]:
        print(f"  not a cold run: the build executed {site['executed']} of {site['scripts']} scripts "
              "(a fresh clone executes them all)")
    header = f"{'part':16} {'seconds':>8} {'fixed':>8} {'per page':>9} {'per script':>11} {f'at {scope} objects':>16}"
    print(header)
    total_now = total_then = 0.0
    for part, fixed, per_page, per_script in rows:
        measured = fixed + per_page * site["pages"] + per_script * (site["executed"] if part == "build"
                                                                     else site["scripts"])
        projected = fixed + (per_page * site["pages"] + per_script * site["scripts"]) * scale
        total_now, total_then = total_now + measured, total_then + projected
        print(f"{part:16} {measured:8.1f} {fixed:8.1f} {per_page:9.3f} {per_script:11.3f} {projected:16.1f}")
    print(f"{'total':16} {total_now:8.1f} {'':8} {'':9} {'':11} {total_then:16.1f}")
    verdict = "within" if total_then <= args.budget * 60 else "OVER"
    print(f"\nmake test: {total_now / 60:.1f} min now; {total_then / 60:.1f} min projected for {scope} objects "
          f"(pages and scripts x{scale:.2f}): {verdict} the {args.budget:g}-minute budget")
    return 0 if verdict == "within" else 1


if __name__ == "__main__":
    sys.exit(main())
