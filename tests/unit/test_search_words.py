"""The pairs of Chinese characters inside a word, which the browser reads first of a long question."""

import pytest

from torchref.search.index import Glossary
from torchref.search.words import SPECIFIC_UNITS, inner_pairs, passes, specific_pairs, word_filter

QUESTION = "多进程读取数据时每个进程的随机种子都一样"


def test_the_pairs_inside_a_word_and_not_across_two():
    pairs = inner_pairs([QUESTION])
    assert {"进程", "随机", "种子", "一样"} <= pairs
    assert not {"多进", "机种", "子都", "程的"} & pairs


def test_a_glossary_term_is_one_word():
    # jieba's dictionary alone splits 随机失活 (dropout) after 随机; the glossary's term keeps it whole
    assert "机失" not in inner_pairs(["训练时随机失活"])
    assert "机失" in inner_pairs(["训练时随机失活"], ["随机失活"])


def test_every_pair_passes_the_filter_and_few_others_do():
    words = inner_pairs([QUESTION]) | {chr(0x4E00 + i) + chr(0x5E00 + i) for i in range(2000)}  # the site's ~2,900
    kept = word_filter(words)
    assert all(passes(kept, pair) for pair in words)
    others = [chr(0x4E00 + i) + chr(0x6E00 + j) for i in range(100) for j in range(100)]
    assert sum(passes(kept, pair) for pair in others) < 0.04 * len(others)  # about 2.5% at 8 bits a pair


def test_a_word_many_units_use_is_left_out():
    # 数据 in more units than SPECIFIC_UNITS, 种子 in fewer, 进程 over-common (its strongest units only)
    postings = {"数据": [0, 4] * (SPECIFIC_UNITS + 1), "种子": [0, 4, 1, 4], "进程": {"top": [0, 4]}}
    assert specific_pairs([QUESTION], [], postings) == {"种子"}


def test_a_glossary_item_with_a_separator_of_the_table_fails_naming_its_line(tmp_path):
    path = tmp_path / "glossary.yaml"
    # the line where the item is written, whatever a comment or its quoting says
    path.write_text('# not a|b\n- en: [dtype]\n  zh: [数据类型]\n- en: ["a\\u007cb"]\n  zh: [甲]\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"glossary.yaml:4: the glossary item 'a\|b' has '\|'"):
        Glossary.load(path)
    path.write_text("- en: [dtype, data type]\n  zh: [数据类型]\n  avoid: [数据种类]\n", encoding="utf-8")
    glossary = Glossary.load(path)
    assert Glossary.unpack(glossary.packed()) == glossary.raw
    assert Glossary.unpack(Glossary([]).packed()) == []
