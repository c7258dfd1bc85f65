"""Execute one gallery script in this fresh process, block by block as sphinx-gallery does, and print
``{first line of the block: its output}`` as JSON: what the block printed, then the repr of a final
expression (``capture_repr = ('__repr__',)``, ``ignore_repr_types`` from conf.py).

    python tests/site/fresh_run.py SCRIPT
"""

import ast
import contextlib
import io
import json
import re
import sys
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


if __name__ == "__main__":
    import runpy

    warnings.simplefilter("default")  # as in a fresh interpreter, whatever pytest configured
    conf = runpy.run_path(str(ROOT / "conf.py"))["sphinx_gallery_conf"]
    print(json.dumps(run(Path(sys.argv[1]), conf["ignore_repr_types"])))
