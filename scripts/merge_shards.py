"""Merge the outputs of shard builds (``make site SHARD=k/N``) into this checkout.

    python scripts/merge_shards.py SHARD [SHARD ...]

Each SHARD is a checkout where ``make site SHARD=k/N`` ran, or the outputs a CI
job uploaded from one (its ``_build/executed`` and ``docs/examples``).

Each shard executed its own share of the gallery. What it produced for each of
its scripts (every runner's current record and sphinx-gallery's files) is
copied here script by script, so the next ``make site`` finds every example
current and executes nothing: the site is the one a single build would have made.
"""

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from torchref.records import Gallery  # noqa: E402


def merge_shard(shard, project):
    """Copy a shard's current records and generated files; returns the scripts it had executed."""
    target = Gallery.of_project(project)
    source = target.at(shard)
    merged = []
    for script, there in zip(target.scripts, source.scripts):
        current = [record for record, matches in source.records_of(there) if matches and not record.not_executed]
        if not current:
            continue
        for path in there.generated_files():
            copy = script.generated_dir / path.relative_to(there.generated_dir)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, copy)
        for record in current:
            target.write(record)
        merged.append(script.source)
    return merged


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shards", nargs="+", type=Path)
    parser.add_argument("--project", type=Path, default=ROOT, help="the checkout to merge into")
    args = parser.parse_args(argv)
    for shard in args.shards:
        if not Gallery.of_project(args.project).at(shard).runner_names():
            print(f"{shard}: no executed records here; is it a checkout where 'make site SHARD=k/N' ran?",
                  file=sys.stderr)
            return 1
        scripts = merge_shard(shard, args.project)
        print(f"{shard}: merged the outputs of {len(scripts)} scripts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
