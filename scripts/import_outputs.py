"""Import another runner's executed outputs (e.g. a GPU job's) into this checkout.

    python scripts/import_outputs.py DIR [DIR ...]

Each DIR is a runner's records folder (``_build/executed/<runner>`` of the
build that produced it). Records of scripts that changed since are refused
by name: they would show outputs the current code did not print. The next
``make site`` shows the imported runner's output beside this runner's.
"""

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def import_runner(folder, project=ROOT):
    """Copy one runner's current records; returns (runner name, imported count, stale sources)."""
    imported, stale, name = 0, [], None
    for path in sorted(folder.rglob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        name = record["runner"]["name"]
        script = project / record["source"]
        if not script.exists() or hashlib.md5(script.read_bytes()).hexdigest() != record["source_md5"]:
            stale.append(record["source"])
            continue
        target = project / "_build" / "executed" / name / path.relative_to(folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        imported += 1
    return name, imported, stale


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--project", type=Path, default=ROOT, help="the checkout to import into")
    args = parser.parse_args(argv)
    failed = False
    for folder in args.folders:
        if not folder.is_dir():
            print(f"{folder}: not a folder of executed-output records", file=sys.stderr)
            failed = True
            continue
        name, imported, stale = import_runner(folder, args.project)
        print(f"{folder}: imported {imported} records of runner {name!r}")
        for source in stale:
            print(f"  refused {source}: the script changed since that runner executed it", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
