"""Translation status of the Chinese edition, page by page.

Compares the English messages (``_build/gettext/**/*.pot``, from ``make pot``)
with the catalogs in ``locale/zh_CN/LC_MESSAGES``. ``--check`` exits non-zero
when any page has a missing catalog, untranslated or fuzzy messages.
"""

import argparse
import ast
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent


def read_catalog(path):
    with path.open("rb") as handle:
        return read_po(handle)


def page_status(pot_path, po_path):
    """Counts of ``translated``, ``fuzzy`` and ``untranslated`` messages of one page."""
    counts = {"translated": 0, "fuzzy": 0, "untranslated": 0}
    template = read_catalog(pot_path)
    catalog = read_catalog(po_path) if po_path.exists() else None
    for message in template:
        if not message.id:
            continue
        translated = catalog.get(message.id, message.context) if catalog else None
        if translated is None or not translated.string:
            counts["untranslated"] += 1
        elif translated.fuzzy:
            counts["fuzzy"] += 1
        else:
            counts["translated"] += 1
    return counts


def statuses(pot_dir, locale_dir):
    for pot_path in sorted(pot_dir.rglob("*.pot")):
        page = pot_path.relative_to(pot_dir).with_suffix("")
        po_path = locale_dir / page.with_suffix(".po")
        yield str(page), po_path.exists(), page_status(pot_path, po_path)
    yield "(interface: torchref/**/*.py)", True, interface_status(locale_dir.parent.name)


def interface_messages():
    """The extension's own interface strings: every ``_("...")`` in torchref, and the theme's
    template literals it replaces (torchref/interface.py)."""
    package = ROOT / "torchref"
    for module in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                yield node.args[0].value
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "TEMPLATE_LITERALS":
                yield from (pair.elts[1].value for pair in node.value.elts)


def interface_status(language):
    """Counts for the extension's interface strings in its own catalog (torchref/locale)."""
    counts = {"translated": 0, "fuzzy": 0, "untranslated": 0}
    po_path = ROOT / "torchref" / "locale" / language / "LC_MESSAGES" / "torchref.po"
    catalog = read_catalog(po_path) if po_path.exists() else None
    for message in sorted(set(interface_messages())):
        translated = catalog.get(message) if catalog else None
        key = "untranslated" if translated is None or not translated.string else \
            "fuzzy" if translated.fuzzy else "translated"
        counts[key] += 1
    return counts


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pot-dir", type=Path, default=ROOT / "_build" / "gettext")
    parser.add_argument("--locale-dir", type=Path, default=ROOT / "locale" / "zh_CN" / "LC_MESSAGES")
    parser.add_argument("--check", action="store_true", help="fail unless every page is fully translated")
    args = parser.parse_args(argv)
    if not any(args.pot_dir.rglob("*.pot")):
        parser.error(f"no .pot files in {args.pot_dir}: run 'make pot' first")
    incomplete = []
    print(f"{'page':50} {'translated':>10} {'fuzzy':>6} {'untranslated':>12}")
    for page, has_catalog, counts in statuses(args.pot_dir, args.locale_dir):
        note = "" if has_catalog else "  (no catalog)"
        print(f"{page:50} {counts['translated']:>10} {counts['fuzzy']:>6} {counts['untranslated']:>12}{note}")
        if counts["fuzzy"] or counts["untranslated"] or not has_catalog:
            incomplete.append(page)
    if incomplete:
        print(f"\n{len(incomplete)} page(s) not fully translated: {', '.join(incomplete)}")
        return 1 if args.check else 0
    print("\nevery page is fully translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
