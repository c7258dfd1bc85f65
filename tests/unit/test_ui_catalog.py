"""Every interface string the extension shows has a Chinese translation."""

import ast

from babel.messages.pofile import read_po

from helpers import ROOT

PACKAGE = ROOT / "torchref"


def ui_messages():
    for module in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                yield node.args[0].value
    from torchref.interface import TEMPLATE_LITERALS  # passed to _() by name
    from torchref.methodforms import WORDING

    yield from (text for _attribute, text in TEMPLATE_LITERALS)
    yield from WORDING.values()


def test_every_ui_string_is_translated():
    with (PACKAGE / "locale" / "zh_CN" / "LC_MESSAGES" / "torchref.po").open("rb") as handle:
        catalog = read_po(handle)
    messages = set(ui_messages())
    assert messages, "no _() calls found"
    missing = [m for m in messages if not (catalog.get(m) and catalog.get(m).string)]
    assert missing == []
