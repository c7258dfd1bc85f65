"""The glossary extension: terms, anchors and the matching of a term's first use."""

import pytest
from sphinx.errors import ConfigError

from torchref.glossary import GLOSSARY, _matcher, api_suffixes, edition_lang, links_in, load_entries, term_id


def matches(lang, text):
    regex, terms = _matcher(lang, str(GLOSSARY), GLOSSARY.stat().st_mtime)
    return [terms[m.group(1).lower()][0] for m in regex.finditer(text)]


def test_anchors_are_the_same_in_both_editions():
    entry = {"en": ["in-place", "inplace"], "zh": ["原地"]}
    assert term_id(entry) == "term-in-place"
    assert term_id(entry, "zh") == "term-in-place-zh"
    assert len({term_id(e) for e in load_entries()}) == len(load_entries())


def test_english_terms_match_whole_words_and_plurals():
    assert matches("en", "Views share storage; strides differ.") == ["view", "storage", "stride"]
    assert matches("en", "an overview of non-contiguous tensors") == []  # no part of a word
    assert matches("en", "an in-place op on a row-major tensor") == ["in-place", "row-major"]


def test_chinese_terms_match_the_longest_term():
    assert matches("zh", "比最小正规数还小的次正规数") == ["正规数", "次正规数"]
    assert matches("zh", "默认数据类型与数据类型") == ["默认数据类型", "数据类型"]


def test_ordinary_words_are_not_linked():
    assert matches("en", "where the full result is empty") == []
    assert "收集" not in matches("zh", "收集结果")
    entries = {e["en"][0]: e for e in load_entries()}
    assert links_in(entries["contiguous"], "en") and not links_in(entries["contiguous"], "zh")
    assert links_in(entries["conditional selection"], "zh") and not links_in(entries["conditional selection"], "en")


def test_api_names_of_an_entry():
    entries = {e["en"][0]: e for e in load_entries()}
    assert {"view", "view_as"} <= api_suffixes(entries["view"])
    assert "type promotion" not in api_suffixes(entries["type promotion"])


def test_edition_language():
    assert edition_lang("zh_CN") == "zh" and edition_lang("en") == "en"


def test_a_yaml_mistake_names_the_file_and_line(tmp_path):
    broken = tmp_path / "glossary.yaml"
    broken.write_text("- en: [stride]\n  zh: [步长]\n  definition:\n    en: a: b\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=rf'(?s){broken} is not valid YAML.*line 4'):
        load_entries(broken)
