"""Merge the outputs of shard builds (``make site SHARD=k/N``) into this checkout.

    python scripts/merge_shards.py SHARD_CHECKOUT [SHARD_CHECKOUT ...]

Each shard executed its own share of the gallery. What it produced for each of
its scripts (the records in ``_build/executed/<runner>/`` and sphinx-gallery's
files in ``docs/examples/``) is copied here script by script, so the next
``make site`` finds every example current and executes nothing: the site is
the one a single build would have made.
"""

import argparse
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GALLERY_OUTPUT = Path("docs") / "examples"
RECORDS = Path("_build") / "executed"


def generated_files(shard, script):
    """sphinx-gallery's files for one script (``gallery/<area>/plot_x.py``) in a checkout."""
    area = shard / GALLERY_OUTPUT / Path(script).parent.relative_to("gallery")
    stem = Path(script).stem
    yield from area.glob(f"{stem}.*")
    yield from (area / "images").glob(f"sphx_glr_{stem}_*")
    yield from (area / "images" / "thumb").glob(f"sphx_glr_{stem}_thumb.*")


def merge_shard(shard, project=ROOT):
    """Copy a shard's records and generated files; returns the scripts it had executed."""
    merged = []
    for record_file in sorted((shard / RECORDS).rglob("*.json")):
        record = json.loads(record_file.read_text(encoding="utf-8"))
        for path in [record_file, *generated_files(shard, record["source"])]:
            target = project / path.relative_to(shard)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        merged.append(record["source"])
    return merged


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shards", nargs="+", type=Path)
    parser.add_argument("--project", type=Path, default=ROOT, help="the checkout to merge into")
    args = parser.parse_args(argv)
    for shard in args.shards:
        if not (shard / RECORDS).is_dir():
            print(f"{shard}: no {RECORDS} here; is it a checkout where 'make site SHARD=k/N' ran?", file=sys.stderr)
            return 1
        scripts = merge_shard(shard, args.project)
        print(f"{shard}: merged the outputs of {len(scripts)} scripts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
