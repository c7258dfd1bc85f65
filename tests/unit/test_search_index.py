import json

from torchref.search.index import Glossary, build_search_index
from torchref.search.text import chinese_terms, english_terms, shard_of, stem
from torchref.search.units import page_units

PAGE = """<html><body><article class="bd-article">
<section id="joining"><h1>Joining<a class="headerlink">¶</a></h1><p>Put tensors together.</p>
<section id="cat-vs-stack"><h2>cat versus stack</h2><p>stack adds a dimension.</p>
<div class="highlight"><pre>torch.stack(xs)</pre></div></section>
<section id="api"><h2>API reference</h2>
<dl class="py function"><dt id="torch.cat">torch.cat(tensors, dim=0)</dt>
<dd><p>Concatenates tensors.</p><div class="executed-example"><pre>printed output</pre></div></dd></dl>
</section></section></article></body></html>"""


def test_english_forms_meet():
    assert {stem(w) for w in ("concatenate", "concatenates", "concatenated", "concatenation")} == {"concatenat"}
    assert stem("initialised") == stem("initialized")
    assert english_terms("torch.cat F.one_hot")[:3] == ["torch.cat", "torch", "cat"]


def test_chinese_is_indexed_by_characters_and_pairs():
    assert chinese_terms("张量拼接") == ["张", "量", "拼", "接", "张量", "量拼", "拼接"]


def test_shards_are_stable():
    assert shard_of("拼接", 97) == shard_of("拼接", 97) < 97


def test_units_are_entries_and_sections_without_code_or_outputs():
    units = {u.url: u for u in page_units(PAGE, "tensors/joining.html")}
    assert set(units) == {"tensors/joining.html", "tensors/joining.html#cat-vs-stack", "tensors/joining.html#torch.cat"}
    assert units["tensors/joining.html#torch.cat"].kind == "api"
    assert units["tensors/joining.html#torch.cat"].text == "Concatenates tensors."
    assert "torch.stack" not in units["tensors/joining.html#cat-vs-stack"].text
    assert units["tensors/joining.html"].text == "Put tensors together."


def test_glossary_adds_the_other_language():
    glossary = Glossary([{"en": ["concatenate", "cat"], "zh": ["拼接"]}, {"en": ["t"], "zh": ["转置"]}])
    assert "拼接" in glossary.keywords("torch.cat", "torch.cat")
    assert "concatenat" in glossary.keywords("", "张量拼接")
    assert glossary.keywords("", "Don't do this") == []  # one-letter names match names only


def test_index_maps_both_editions_to_each_page(tmp_path):
    for edition, title in (("en", "Joining"), ("zh_CN", "拼接")):
        (tmp_path / edition / "tensors").mkdir(parents=True)
        (tmp_path / edition / "tensors" / "joining.html").write_text(PAGE.replace(">Joining<", f">{title}<"))
    assert build_search_index(tmp_path, ["en", "zh_CN"]) == 3
    meta = json.loads((tmp_path / "en" / "_search" / "meta.json").read_text())
    assert meta["pages"] == [["tensors/joining.html", "Joining"]]
    shards = [json.loads(p.read_text()) for p in (tmp_path / "en" / "_search").glob("shard-*.json")]
    postings = {term: posting for shard in shards for term, posting in shard.items()}
    assert "拼接" in postings and "concatenat" in postings  # a Chinese query finds the English page


def test_vocabulary_holds_the_words_readers_type(tmp_path):
    for edition in ("en", "zh_CN"):
        (tmp_path / edition / "tensors").mkdir(parents=True)
        (tmp_path / edition / "tensors" / "joining.html").write_text(PAGE)
    build_search_index(tmp_path, ["en", "zh_CN"])
    words = json.loads((tmp_path / "zh_CN" / "_search" / "vocabulary.json").read_text())
    assert {"torch.cat", "cat", "concatenates", "tensors"} <= set(words)
    assert "concatenat" not in words  # surface forms, not stems
    assert words.index("tensors") < words.index("concatenates")  # most frequent first
