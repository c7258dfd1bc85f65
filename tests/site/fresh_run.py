"""Execute gallery scripts, each in a fresh process, block by block as sphinx-gallery does, and print
``{script: {"outputs": {first line of a block: its output}}}`` (or ``{"error": traceback}``) as JSON:
what each block printed, then the repr of a final expression (``capture_repr = ('__repr__',)``,
``ignore_repr_types`` from conf.py).

    python tests/site/fresh_run.py [--jobs N] SCRIPT...

The modules every script imports (torch, NumPy, matplotlib) are imported once, before anything runs;
then each script runs in a process forked from that clean state, N at a time (default: one per core).
A forked process has nothing of any other script and only what a fresh interpreter would have after
those imports, without paying two seconds of imports per script.
"""

import argparse
import ast
import atexit
import contextlib
import io
import json
import os
import re
import shutil
import sys
import tempfile
import traceback
import types
import warnings
from pathlib import Path

from sphinx_gallery.py_source_parser import split_code_and_text_blocks

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1B(?:[@-Z\\-_]|\[[0-?]*[ -/]*[@-~])")


def run(script, ignore_repr_types):
    _, blocks = split_code_and_text_blocks(str(script))
    main = types.ModuleType("__main__")  # as sphinx-gallery does: classes defined here can be pickled
    sys.modules["__main__"] = main
    namespace = main.__dict__
    namespace["__doc__"] = ""
    outputs = {}
    for block in blocks:
        if block.type != "code":
            continue
        tree = ast.parse(block.content)
        ast.increment_lineno(tree, block.lineno - 1)  # the file's line numbers: inspect finds the source
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(tree, str(script), "exec"), namespace)
            value = eval(compile(ast.Expression(last.value), str(script), "eval"), namespace) if last else None
        text = printed.getvalue().expandtabs()
        if last is not None and not re.search(ignore_repr_types, str(type(value))):
            shown = repr(value)
            if shown and shown != "None":
                text = f"{text}\n{shown}"
        outputs[block.lineno] = ANSI.sub("", text)
    return outputs


def run_forked(script, result, ignore_repr_types):
    """In the forked process: run the script, write its result, and leave without returning."""
    code = 1
    try:
        os.chdir(script.parent)
        os.dup2(2, 1)  # what the script's own child processes print stays out of the results
        outcome = {"outputs": run(script, ignore_repr_types)}
        code = 0
    except BaseException:  # noqa: BLE001  (whatever the script raised is the finding)
        outcome = {"error": traceback.format_exc()}
    result.write_text(json.dumps(outcome), encoding="utf-8")
    atexit._run_exitfuncs()  # the script's own clean-ups (temporary folders, writers), as at a normal exit
    os._exit(code)


def run_all(scripts, jobs, ignore_repr_types):
    import matplotlib.pyplot  # noqa: F401  (the imports every script makes, once, before forking)
    import numpy  # noqa: F401
    import torch  # noqa: F401

    results, running, pending = {}, {}, list(scripts)
    # not a TemporaryDirectory: its clean-up runs at exit, and a forked process's exit runs it too
    folder = tempfile.mkdtemp(prefix="fresh-run-")
    try:
        while pending or running:
            while pending and len(running) < jobs:
                script = pending.pop(0)
                result = Path(folder) / f"{len(results) + len(running)}.json"
                sys.stdout.flush()
                pid = os.fork()
                if pid == 0:
                    run_forked(script, result, ignore_repr_types)
                running[pid] = (script, result)
            pid, status = os.wait()
            script, result = running.pop(pid)
            results[str(script)] = (json.loads(result.read_text(encoding="utf-8")) if result.exists()
                                    else {"error": f"the process ended with status {status} and no result"})
    finally:
        shutil.rmtree(folder)
    return results


if __name__ == "__main__":
    import runpy

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("scripts", nargs="+", type=Path)
    args = parser.parse_args()
    warnings.simplefilter("default")  # as in a fresh interpreter, whatever pytest configured
    conf = runpy.run_path(str(ROOT / "conf.py"))["sphinx_gallery_conf"]
    print(json.dumps(run_all([p.resolve() for p in args.scripts], args.jobs, conf["ignore_repr_types"])))
