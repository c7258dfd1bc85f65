"""Record the gallery's CUDA outputs on a machine with an NVIDIA GPU, and keep them in ``records/cuda/``.

    make gpu-records       (python3 scripts/gpu_records.py)

Made for a GPU lent for one command: Python 3.12 with a CUDA build of torch, no package index, and
this working tree with the wheels ``make gpu-wheels`` put in ``_build/gpu-wheels`` (carry that ignored
folder along). It

1. refuses, with exit status 2, where torch finds no CUDA device (``--stand-in``: tests only);
2. makes ``_build/gpu-records/venv`` with ``--system-site-packages``, so that the machine's own CUDA
   torch runs the examples, and installs Sphinx and sphinx-gallery into it offline from the wheels;
3. runs the records-only build (``scripts/records_only/conf.py``): sphinx-gallery executes every script
   that declares ``# requires: cuda`` or ``# also-on: cuda`` and whose kept record is not current (the
   script or the torch changed since), and ``torchref.execution`` records what each printed, as in
   the site's build;
4. keeps the records in ``records/cuda/<area>/<script>.json``, stamped with the GPU, CUDA, driver and
   torch that ran, and removes the kept records of scripts that are gone or declare CUDA no more.

Commit ``records/cuda`` then: every build shows those outputs beside the CPU runner's.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONF = ROOT / "scripts" / "records_only"
DEVICE = "cuda"
STAND_IN = "cuda-standin"
WORK = Path("_build") / "gpu-records"  # in the project: the venv, the build's sources, doctrees, records
# Sphinx and sphinx-gallery name every page they make: the gallery has a page per script, and only a few
# run (the build's own lines say which: "[torchref] recorded ...")
QUIET = re.compile(r"^(reading sources|writing output|copying |highlighting|generating indices|dumping|pickling|"
                   r"Writing evaluated template|generating gallery for|\s*$)")


def arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", type=Path, default=ROOT, help="the checkout to record (default: this one)")
    parser.add_argument("--wheels", type=Path, default=ROOT / "_build" / "gpu-wheels",
                        help="the folder make gpu-wheels filled (default: _build/gpu-wheels)")
    parser.add_argument("--records", type=Path, help="where the kept records go (default: the project's records/)")
    parser.add_argument("--stand-in", action="store_true",
                        help=f"for tests: run without CUDA, as runner {STAND_IN!r}, into a --records folder "
                             "outside records/ (never kept as real)")
    parser.add_argument("--in-venv", action="store_true", help=argparse.SUPPRESS)  # step 3 and 4, in the venv
    args = parser.parse_args(argv)
    args.project = args.project.resolve()
    kept = args.project / "records"
    if args.stand_in and (args.records is None or any(args.records.resolve().is_relative_to(folder)
                                                      for folder in (kept, ROOT / "records"))):
        parser.exit(2, "gpu-records: --stand-in writes stand-in records, never into records/: "
                       "give --records DIR outside it\n")
    args.records = (args.records or kept).resolve()
    return args


# -- outside the venv: the machine, and the venv -----------------------------------------------------

def no_cuda_here():
    """Why this Python cannot record CUDA outputs, or None."""
    try:
        import torch
    except ImportError:
        return f"this Python ({sys.executable}) has no torch"
    if not torch.version.cuda:
        return f"torch {torch.__version__} is not a CUDA build"
    if not torch.cuda.is_available():
        return f"torch {torch.__version__} finds no CUDA device (torch.cuda.is_available() is False)"
    return None


def machine_site_packages():
    """The folders this Python imports packages from: the venv sees them after its own (the machine's
    torch may live in another venv or in the user's site-packages, which --system-site-packages misses)."""
    return [p for p in sys.path if Path(p).is_dir() and Path(p).name in ("site-packages", "dist-packages")]


def pip_wheel(wheels):
    """pip, run from its wheel: the GPU machine's Python may have no ensurepip."""
    found = sorted(wheels.glob("pip-*.whl"))
    if found:
        return found[-1]
    import ensurepip

    return next(iter(sorted((Path(ensurepip.__file__).parent / "_bundled").glob("pip-*.whl"))), None)


def make_venv(args):
    """``_build/gpu-records/venv`` with the wheels installed (again only when the wheels changed);
    returns its Python."""
    manifest = json.loads((args.wheels / "manifest.json").read_text(encoding="utf-8"))
    here = f"{sys.version_info.major}.{sys.version_info.minor}"
    if manifest["python"] != here:
        sys.exit(f"gpu-records: the wheels in {args.wheels} are for Python {manifest['python']}, this is {here}: "
                 f"run 'make gpu-wheels GPU_PYTHON={here}' where there is a package index")
    folder = args.project / WORK / "venv"
    python = folder / "bin" / "python"
    state = json.dumps([sys.executable, sorted(p.name for p in args.wheels.iterdir()), machine_site_packages()])
    if python.exists() and (folder / "installed").exists() and (folder / "installed").read_text() == state:
        print(f"==> {folder.relative_to(args.project)}: installed already")
        return python
    shutil.rmtree(folder, ignore_errors=True)
    venv.EnvBuilder(system_site_packages=True, with_pip=False, symlinks=True).create(folder)
    site_packages = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                   capture_output=True, text=True, check=True).stdout.strip()
    Path(site_packages, "_torchref_machine.pth").write_text("\n".join(machine_site_packages()) + "\n")
    pip = pip_wheel(args.wheels)
    if pip is None:
        sys.exit(f"gpu-records: no pip wheel in {args.wheels} and no ensurepip here: run 'make gpu-wheels'")
    print(f"==> installing {', '.join(manifest['requirements'])} into {folder.relative_to(args.project)} "
          f"from {args.wheels.name}/ (no package index)")
    # only the wheels folder: no index, and none of this machine's pip configuration
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")} | {"PIP_CONFIG_FILE": os.devnull}
    command = [python, f"{pip}/pip", "install", "--quiet", "--no-index", "--find-links", str(args.wheels),
               "--disable-pip-version-check", "--no-warn-script-location", "-r", str(args.wheels / "requirements.txt")]
    if (args.wheels / "constraints.txt").exists():
        command += ["-c", str(args.wheels / "constraints.txt")]
    done = subprocess.run(command, env=env)
    if done.returncode != 0:
        sys.exit(f"gpu-records: installing from {args.wheels} failed (see above)")
    (folder / "installed").write_text(state)
    return python


def prepare(args, argv):
    """Step 1 and 2, then step 3 and 4 in the venv; returns the exit status."""
    began = time.monotonic()
    env = dict(os.environ)
    if args.stand_in:
        env.setdefault("TORCHREF_RUNNER_NAME", STAND_IN)
    else:
        reason = no_cuda_here()
        if reason:
            print(f"gpu-records: no CUDA here ({reason}); it needs an NVIDIA GPU and a CUDA build of torch. "
                  "Nothing was run.", file=sys.stderr)
            return 2
        env.pop("TORCHREF_RUNNER_NAME", None)  # the real runner is named by its device: records/cuda
    if not (args.wheels / "manifest.json").exists():
        print(f"gpu-records: no wheels in {args.wheels}: run 'make gpu-wheels' where there is a package index, "
              "and carry _build/gpu-wheels to this machine", file=sys.stderr)
        return 2
    python = make_venv(args)
    env["TORCHREF_GPU_RECORDS_SETUP"] = f"{time.monotonic() - began:.1f}"
    return subprocess.run([python, __file__, "--in-venv", *argv], env=env).returncode


# -- in the venv: run, keep, say what happened --------------------------------------------------------

def scripts_to_record(gallery):
    """The scripts a CUDA runner records: those that need CUDA and those whose output depends on it."""
    from torchref.cells import records_on

    return [s for s in gallery.scripts if records_on(s.path, DEVICE)]


def drawing(scripts):
    """Scripts that draw figures: kept records hold printed text only (no figure files are kept)."""
    return [s.source for s in scripts if re.search(r"^\s*(import|from) matplotlib", s.path.read_text(), re.M)]


def run_sphinx(args, scripts, records_dir):
    """The records-only build, executing ``scripts``; returns its exit status."""
    work = args.project / WORK
    (work / "src").mkdir(parents=True, exist_ok=True)
    pattern = "^(?:" + "|".join(re.escape(s.source) for s in scripts) + ")$"
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(CONF), "-d", str(work / "doctrees"),
               "-j", "auto", "-D", f"torchref_examples_pattern={pattern}",
               "-D", f"torchref_records_dir={records_dir}", str(work / "src"), str(work / "html")]
    env = {**os.environ, "TORCHREF_PROJECT": str(args.project)}
    env.setdefault("OMP_NUM_THREADS", "1")  # as make site: torch threads and worker processes
    process = subprocess.Popen(command, cwd=args.project, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, bufsize=1)
    for line in process.stdout:
        if not QUIET.match(line):
            print(f"    {line}", end="", flush=True)
    return process.wait()


def keep(args, gallery, built, runner, scripts):
    """Copy each script's new record into the kept records; returns (written, unchanged, failed, skipped)."""
    written, unchanged, failed, skipped = [], [], [], []
    for script in scripts:
        record = built.read(runner["name"], script)
        if record is None or not record.matches(script.md5()):
            failed.append((script.source, "no record: it failed (see above)"))
        elif record.not_executed:
            why = f"not executed (needs {record.not_executed})"
            (skipped if args.stand_in else failed).append((script.source, why))
        elif any(cell.images for cell in record.cells):
            failed.append((script.source, "it drew a figure; kept records hold printed text only"))
        elif not args.stand_in and record.runner["id"] != DEVICE:
            failed.append((script.source, f"recorded by a {record.runner['id']} runner"))
        else:
            (written if gallery.write(record) else unchanged).append(script.source)
    return written, unchanged, failed, skipped


def prune(gallery, runner_name, scripts):
    """Remove kept records of scripts that are gone or declare CUDA no more; returns their paths."""
    wanted = {gallery.record_path(runner_name, s) for s in scripts}
    folder = gallery.records_root / runner_name
    gone = [p for p in sorted(folder.rglob("*.json")) if p not in wanted] if folder.is_dir() else []
    for path in gone:
        path.unlink()
    return gone


def record(args):
    """Step 3 and 4; returns the exit status."""
    sys.path.insert(0, str(ROOT))
    from torchref.records import Gallery
    from torchref.runner import current_runner, describe

    began = time.monotonic()
    runner = current_runner()
    gallery = Gallery.of_project(args.project, records_dir=args.records)  # writes the kept records
    built = Gallery.of_project(args.project, records_dir=args.project / WORK / "executed")
    scripts = scripts_to_record(gallery)
    figures = drawing(scripts)
    if figures:
        print(f"gpu-records: these scripts declare cuda and draw figures, which kept records cannot hold: "
              f"{', '.join(figures)}", file=sys.stderr)
        return 2
    current = [s for s in scripts if (r := gallery.read(runner["name"], s)) and r.is_current(s.md5(), runner["torch"])]
    stale = [s for s in scripts if s not in current]
    print(f"==> runner {describe(runner)}, torch {runner['torch']}, Python {runner['python']}")
    print(f"==> {len(scripts)} scripts declare cuda ('# requires:' or '# also-on:'); {len(scripts) - len(stale)} "
          f"have a current kept record; executing {len(stale)}")
    for script in stale:
        print(f"    {script.source}")
    status = run_sphinx(args, stale, built.records_root) if stale else 0
    executed = time.monotonic() - began
    written, unchanged, failed, skipped = keep(args, gallery, built, runner, stale)
    gone = prune(gallery, runner["name"], scripts)
    where = gallery.records_root / runner["name"]
    shown = where.relative_to(args.project) if where.is_relative_to(args.project) else where
    print(f"==> {shown}: {len(written)} records written, {len(unchanged)} unchanged, "
          f"{len(scripts) - len(stale)} current before, {len(gone)} removed")
    for path in gone:
        print(f"    removed {path.name}: its script is gone or declares cuda no more")
    for source, why in skipped:
        print(f"    {source}: {why} (a stand-in)")
    for source, why in failed:
        print(f"    FAILED {source}: {why}", file=sys.stderr)
    stamp = {key: runner.get(key) for key in ("device", "cuda", "driver", "torch", "python")}
    print(f"==> stamp: {json.dumps(stamp)}")
    setup = os.environ.get("TORCHREF_GPU_RECORDS_SETUP", "0")
    print(f"==> done: set-up {setup} s, execution and records {executed:.1f} s"
          + ("" if args.stand_in else f"; commit {shown}"))
    if status and not failed:
        print(f"    the records-only build exited with {status} (see above); every record it made is kept")
    return 1 if failed else 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = arguments(argv)
    return record(args) if args.in_venv else prepare(args, [a for a in argv if a != "--in-venv"])


if __name__ == "__main__":
    sys.exit(main())
