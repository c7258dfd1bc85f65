"""Import another runner's executed outputs (e.g. a GPU job's) into this checkout.

    python scripts/import_outputs.py DIR [DIR ...]

Each DIR is a runner's records folder (``_build/executed/<runner>`` of the
build that produced it). Records of scripts that changed since are refused
by name: they would show outputs the current code did not print. The next
``make site`` shows the imported runner's output beside this runner's.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from torchref.records import Gallery  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--project", type=Path, default=ROOT, help="the checkout to import into")
    args = parser.parse_args(argv)
    gallery = Gallery.of_project(args.project)
    failed = False
    for folder in args.folders:
        if not folder.is_dir():
            print(f"{folder}: not a folder of executed-output records", file=sys.stderr)
            failed = True
            continue
        name, imported, refused = gallery.import_records(folder)
        print(f"{folder}: imported {len(imported)} records of runner {name!r}")
        for source in refused:
            print(f"  refused {source}: the script changed since that runner executed it", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
