"""The distributed examples each carry their own copy of ``launch`` (the torchrun helper), so that a
downloaded script runs on its own; the page says the copies are the same, and this keeps them so."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "gallery" / "training").glob("plot_distributed_*.py"))


def launch_source(script):
    tree = ast.parse(script.read_text(encoding="utf-8"))
    found = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "launch"]
    assert len(found) == 1, f"{script.name}: expected one top-level def launch"
    return ast.unparse(found[0])


def test_every_distributed_example_has_the_same_launch():
    assert len(SCRIPTS) >= 2
    sources = {script.name: launch_source(script) for script in SCRIPTS}
    first = sources[SCRIPTS[0].name]
    assert [name for name, source in sources.items() if source != first] == []
