"""Time the site build as an author meets it, on a copy of this checkout.

    python scripts/build_benchmark.py [--keep]

In one go: a cold build, a rebuild with nothing changed, a prose edit of one
page, an edit of one gallery script, an edit of one Chinese catalog. For each
it prints the wall time, the examples executed, the pages Sphinx wrote per
edition, the files that changed on the published site, and the ratio to the
cold build. The copy lives in a temporary folder (with ../shared and .venv
linked), so this checkout's own build is left alone.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = Path("docs/tensors/views.md")
SCRIPT = Path("gallery/tensors/plot_views_and_strides.py")
CATALOG = Path("locale/zh_CN/LC_MESSAGES/tensors/views.po")


def copy_checkout(target):
    """The files git knows (tracked, or untracked and not ignored), with ../shared and .venv linked."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    (target / ".venv").symlink_to(ROOT / ".venv")
    (target.parent / "shared").symlink_to((ROOT.parent / "shared").resolve())


def edit_prose(copy):
    path = copy / PAGE
    text = path.read_text(encoding="utf-8")
    first_paragraph = next(line for line in text.splitlines() if line and line[0].isalpha())
    path.write_text(text.replace(first_paragraph, first_paragraph + " (An edit for the build benchmark.)", 1),
                    encoding="utf-8")


def edit_script(copy):
    with (copy / SCRIPT).open("a", encoding="utf-8") as script:
        script.write("\n# An edit for the build benchmark.\n")


def edit_catalog(copy):
    path = copy / CATALOG
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(n for n, line in enumerate(lines) if line.startswith('msgstr "') and line.strip() != 'msgstr ""')
    lines[number] = lines[number].rstrip().removesuffix('"') + '（基准测试的修改）"\n'
    path.write_text("".join(lines), encoding="utf-8")


STEPS = [
    ("cold build", None),
    ("no change", None),
    (f"prose edit ({PAGE.name})", edit_prose),
    (f"script edit ({SCRIPT.name})", edit_script),
    (f"catalog edit ({CATALOG.name})", edit_catalog),
]


def build(copy, log):
    started = time.monotonic()
    done = subprocess.run([sys.executable, "scripts/build_site.py"], cwd=copy, capture_output=True, text=True,
                          env={**os.environ, "OMP_NUM_THREADS": "1"})
    wall = time.monotonic() - started
    log.write_text(done.stdout + done.stderr, encoding="utf-8")
    if done.returncode != 0:
        sys.exit(f"the build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return wall, json.loads((copy / "_build" / "last-build.json").read_text(encoding="utf-8"))


def script_run_time(copy):
    """How long the edited script takes on its own (the floor of any build that executes it)."""
    started = time.monotonic()
    subprocess.run([sys.executable, str(copy / SCRIPT)], cwd=copy / SCRIPT.parent, capture_output=True, check=True,
                   env={**os.environ, "OMP_NUM_THREADS": "1"})
    return time.monotonic() - started


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the copy and each step's build log (the path is printed)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="torchref-build-benchmark-"))
    copy = folder / ROOT.name
    copy_checkout(copy)
    print(f"copy of the checkout: {copy} ({os.cpu_count()} cores)", flush=True)
    rows = []
    for number, (name, edit) in enumerate(STEPS):
        if edit:
            edit(copy)
        wall, report = build(copy, folder / f"step-{number}.log")
        rows.append((name, wall, report))
        print(f"  {name}: {wall:.1f} s", flush=True)
    cold = rows[0][1]
    width = max(len(name) for name, _, _ in rows)
    print(f"\n{'step':{width}} {'wall s':>8} {'ratio':>7} {'executed':>9} {'pages en':>9} {'pages zh_CN':>12} {'site files':>11}")
    for name, wall, report in rows:
        print(f"{name:{width}} {wall:8.1f} {wall / cold:7.2f} {len(report['executed']):9d} "
              f"{report['pages written en']:9d} {report['pages written zh_CN']:12d} {report['files published']:11d}")
    print(f"\n{SCRIPT.name} on its own: {script_run_time(copy):.1f} s")
    print("pages written: HTML files Sphinx wrote (genindex and search.html are written on every Sphinx run); "
          "site files: files whose bytes changed in _build/site")
    if args.keep:
        print(f"kept: {folder}")
    else:
        shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
