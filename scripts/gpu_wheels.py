"""Fill ``_build/gpu-wheels`` with what ``make gpu-records`` installs on a GPU machine without a package index.

    make gpu-wheels        (python scripts/gpu_wheels.py [--python-version 3.12])

A GPU is lent for one command, on a machine with Python 3.12, a CUDA build of torch and no package
index, which receives this working tree and the ignored folders named to it (64 MiB in all). This
script downloads here, with this machine's package index, the wheels of the records-only build for
that Python on manylinux x86_64: Sphinx, sphinx-gallery and joblib, with their dependencies, at the
versions this checkout's ``.venv`` has (so the GPU machine runs the same Sphinx stack as the site's
build), and pip itself (that Python may lack ``ensurepip``). Torch is not among them: the machine's
own CUDA build runs the examples. It prints the folder's size and the size of what the lent machine
receives (this working tree plus the folder), and fails when that is over 64 MiB.
"""

import argparse
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WHEELS = ROOT / "_build" / "gpu-wheels"
# what the records-only build imports (scripts/records_only/conf.py); their dependencies come with them
PACKAGES = ("sphinx", "sphinx-gallery", "joblib")
PLATFORMS = ("manylinux2014_x86_64", "manylinux_2_17_x86_64", "manylinux_2_28_x86_64")
LIMIT = 64 * 2**20  # what a lent GPU machine receives: the working tree and the folders carried to it


def mib(size):
    return f"{size / 2**20:.1f} MiB"


def installed_versions():
    """``name==version`` of every distribution of this Python (the project's .venv)."""
    return sorted({f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()
                   if d.metadata["Name"]})


def tree_size(root):
    """Bytes of the working tree as a lent machine receives it: tracked files and untracked ones that
    git does not ignore (links are not followed)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=root, capture_output=True, check=True).stdout.decode().split("\0")
    paths = [root / name for name in listed if name]
    return sum(p.stat().st_size for p in paths if p.is_file() and not p.is_symlink())


def download(folder, python_version):
    """The wheels of PACKAGES (at this .venv's versions) and pip, for ``python_version`` on manylinux x86_64."""
    pins = {line.split("==")[0].lower(): line for line in installed_versions()}
    requirements = [pins.get(name, name) for name in PACKAGES]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as constraints:
        constraints.write("\n".join(installed_versions()) + "\n")
        constraints.flush()
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--dest", str(folder),
                   "--only-binary=:all:", "--python-version", python_version, "--implementation", "cp",
                   *(f"--platform={p}" for p in PLATFORMS), "-c", constraints.name,
                   *requirements, f"pip=={importlib.metadata.version('pip')}"]
        done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"pip download failed:\n{done.stdout}{done.stderr}")
    return requirements


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python-version", default="3.12", help="the GPU machine's Python (default 3.12)")
    parser.add_argument("--dest", type=Path, default=WHEELS)
    args = parser.parse_args(argv)
    shutil.rmtree(args.dest, ignore_errors=True)
    args.dest.mkdir(parents=True)
    print(f"==> downloading the records-only build's wheels for CPython {args.python_version}, manylinux x86_64")
    requirements = download(args.dest, args.python_version)
    wheels = sorted(args.dest.glob("*.whl"))
    # the exact versions downloaded: the GPU machine installs these, not an older copy it may have
    pinned = [f"{name}=={version}" for name, version, *_ in (w.name.split("-") for w in wheels)]
    (args.dest / "requirements.txt").write_text("\n".join(requirements) + "\n", encoding="utf-8")
    (args.dest / "constraints.txt").write_text("\n".join(pinned) + "\n", encoding="utf-8")
    manifest = {"python": args.python_version, "platforms": list(PLATFORMS), "requirements": requirements}
    (args.dest / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    size = sum(p.stat().st_size for p in args.dest.iterdir())
    tree = tree_size(ROOT)
    print(f"    {len(wheels)} wheels for {', '.join(requirements)}: {mib(size)} in {args.dest.relative_to(ROOT)}/"
          if args.dest.is_relative_to(ROOT) else f"    {len(wheels)} wheels: {mib(size)} in {args.dest}")
    print(f"    working tree (git ls-files -co --exclude-standard): {mib(tree)}; with the wheels {mib(tree + size)} "
          f"of the {mib(LIMIT)} a lent machine receives")
    if tree + size > LIMIT:
        print("FAILED: too large for a lent machine; leave something out", file=sys.stderr)
        return 1
    print("    on the GPU machine: make gpu-records, carrying _build/gpu-wheels (see records/README.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
