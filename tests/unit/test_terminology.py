"""One Chinese word per concept: no catalog uses a variant that locale/zh_CN/glossary.yaml avoids.

The glossary is the terminology standard. Each entry's first `zh` item is the word to
write; `avoid` lists words that are wrong in every context and `avoid_patterns` regular
expressions for words that are wrong only in some (报错 as a verb, 合并 for joining
tensors). Inline code (`...`, ``...``) is not checked, except that an exception name
in it (`TypeError`) stays, so that "引发 `TypeError`" is seen as the verb it is.
"""

import re
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "locale" / "zh_CN" / "glossary.yaml"
CATALOGS = ROOT / "locale" / "zh_CN" / "LC_MESSAGES"
INLINE_CODE = re.compile(r"``(.*?)``|`([^`\n]*)`", re.S)
EXCEPTION_NAME = re.compile(r"[\w.]*(Error|Exception|Warning)")


def blank_code(match):
    code = match.group(1) if match.group(1) is not None else match.group(2)
    return code if EXCEPTION_NAME.fullmatch(code) else " "


def load_rules(entries):
    """``[(compiled pattern, shown variant, standard term, English term)]`` of every entry."""
    rules = []
    for entry in entries:
        standard, english = entry["zh"][0], entry["en"][0]
        for word in entry.get("avoid", []):
            rules.append((re.compile(re.escape(word)), word, standard, english))
        for pattern in entry.get("avoid_patterns", []):
            rules.append((re.compile(pattern), None, standard, english))
    return rules


def violations(text, rules):
    """``[(variant found, standard term, English term)]`` in one translated message."""
    prose = INLINE_CODE.sub(blank_code, text)
    found, spans = [], []
    for pattern, word, standard, english in rules:
        for match in pattern.finditer(prose):
            span = (standard, match.start(), match.end())
            if any(s == standard and a < match.end() and match.start() < b for s, a, b in spans):
                continue  # one place, one finding: two patterns of an entry may match it
            spans.append(span)
            found.append((word or match.group(0), standard, english))
    return found


def catalog_violations(catalogs=CATALOGS, glossary=GLOSSARY):
    rules = load_rules(yaml.safe_load(glossary.read_text(encoding="utf-8")))
    problems = []
    for path in sorted(catalogs.rglob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id or not message.string:
                continue
            strings = [message.string] if isinstance(message.string, str) else list(message.string)
            for string in strings:
                for variant, standard, english in violations(string, rules):
                    problems.append(
                        f"{path.relative_to(ROOT)}:{message.lineno}: {variant!r} -> write {standard!r} ({english})"
                    )
    return problems


@pytest.fixture(scope="module")
def entries():
    return yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))


def test_every_entry_has_terms_and_a_definition_in_both_languages(entries):
    for entry in entries:
        assert entry["en"] and entry["zh"], entry
        assert set(entry["definition"]) == {"en", "zh"}, entry["en"][0]
        assert all(entry["definition"][lang].strip() for lang in ("en", "zh")), entry["en"][0]
        assert entry.get("link", True) in (True, False, "en", "zh"), entry["en"][0]
        for pattern in entry.get("avoid_patterns", []):
            re.compile(pattern)


def test_one_entry_per_term(entries):
    """The glossary page defines each shown term once (Sphinx refuses duplicate terms)."""
    for lang in ("en", "zh"):
        shown = [entry[lang][0].lower() for entry in entries]
        assert len(shown) == len(set(shown)), sorted({t for t in shown if shown.count(t) > 1})


def test_no_standard_term_is_a_variant_to_avoid(entries):
    rules = load_rules(entries)
    for entry in entries:
        for term in entry["zh"]:
            assert not violations(term, rules), term


def test_the_terminology_standard_of_the_lead_is_in_the_glossary(entries):
    """The rows of the lead's terminology table (issue 10)."""
    standard = {entry["en"][0]: entry for entry in entries}
    rows = {
        "row-major": ("行主序", ["行优先"]),
        "subnormal number": ("次正规数", ["非规格化数", "非正规数", "非规格数"]),
        "normal number": ("正规数", []),
        "pinned memory": ("固定内存", ["页锁定", "锁页内存"]),
        "reinterpret": ("重新解释", ["重新解读"]),
        "size": ("大小", ["尺寸"]),
        "raise": ("抛出", []),
        "concatenate": ("拼接", []),
        "reduction": ("归约", []),
        "merge": ("合并", []),
        "stack": ("堆叠", []),
        "serialization": ("序列化", []),
        "alias": ("别名", []),
        "legacy tensor types": ("旧式张量类型", []),
        "computation graph": ("计算图", []),
        "stride": ("步长", []),
        "view": ("视图", []),
        "broadcast": ("广播", []),
        "in-place": ("原地", ["就地"]),
    }
    for english, (chinese, avoid) in rows.items():
        assert standard[english]["zh"][0] == chinese
        assert set(avoid) <= set(standard[english].get("avoid", []))


@pytest.mark.parametrize("text, flagged", [
    ("张量按行优先存储", ["行优先"]),
    ("比最小规格化数还小的非规格化数", ["规格化数", "非规格化数"]),
    ("正规数与次正规数", []),
    ("传入列表会引发 `TypeError`", ["引发 TypeError"]),
    ("``torch.load`` 会引发 ``pickle.UnpicklingError``", ["引发 pickle.UnpicklingError"]),
    ("缺失的键会引发一个列出这些键的错误", ["引发一个列出这些键的错误"]),
    ("这会引发一次拷贝", []),
    ("维数不一致时会报错。", ["报错"]),
    ("报错信息很长", []),
    ("违反规则时的报错", []),
    ("torch.stack 把一系列张量合并为一个", ["张量合并"]),
    ("沿一个新维度合并形状相同的张量", ["沿一个新维度合并"]),
    ("flatten 把相邻的维度合并为一个", []),
    ("合并前两个维度", []),
    ("索引、切片、合并与变换", ["、合并与"]),
    ("任何可以 pickle 的对象", ["可以 pickle"]),
    ("会 pickle 模块对象", ["会 pickle"]),
    ("加载 pickle 数据可能执行任意代码", []),
    ("用 pickle 序列化", []),
    ("用 `pickle_module` 指定模块", []),
    ("第三个尺寸", ["尺寸"]),
])
def test_rules(entries, text, flagged):
    found = sorted(variant for variant, _standard, _english in violations(text, load_rules(entries)))
    assert found == sorted(flagged)


def test_catalogs_use_the_standard_terms():
    problems = catalog_violations()
    assert not problems, f"{len(problems)} variant(s) to avoid in the catalogs:\n" + "\n".join(problems)
