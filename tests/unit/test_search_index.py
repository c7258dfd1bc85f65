import json
import re
from dataclasses import asdict
from pathlib import Path

import pytest
import yaml

from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils

from docutils import nodes
from sphinx import addnodes

from torchref.search import index, keywords
from torchref.search.cache import Cache
from torchref.search.index import Glossary, build_search_index, table_rows, unit_fields
from torchref.search.text import (chinese_terms, concept_key, english_terms, fnv1a, index_files, looked_up,
                                  query_terms, rarity, shard_of, stem)
from torchref.nodes import pending_outputs
from torchref.search.units import Unit, doctree_units, embedded_examples, error_lines, shown_cells

ROOT = Path(__file__).resolve().parents[2]
PAGE = """\
Joining
=======

Put tensors together with ``torch.cat``.

cat versus stack
----------------

stack adds a dimension.

.. code-block:: python

   torch.stack(xs)

API reference
-------------

.. py:function:: torch.cat(tensors, dim=0)

   Concatenates :func:`tensors <torch.cat>`.

   .. container:: executed-example

      printed output
"""


def read_page(tmp_path, text=PAGE):
    """The doctree Sphinx reads from a one-page project."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "conf.py").write_text("")
    (tmp_path / "src" / "index.rst").write_text(text)
    with patch_docutils(tmp_path), docutils_namespace():
        app = Sphinx(tmp_path / "src", tmp_path / "src", tmp_path / "out", tmp_path / "doctrees", "html",
                     status=None, warning=None)
        app.build()
        return app.env.get_doctree("index")


def test_english_forms_meet():
    assert {stem(w) for w in ("concatenate", "concatenates", "concatenated", "concatenation")} == {"concatenat"}
    assert stem("initialised") == stem("initialized")
    assert english_terms("torch.cat F.one_hot")[:3] == ["torch.cat", "torch", "cat"]


def test_chinese_is_indexed_by_characters_and_pairs():
    assert chinese_terms("张量拼接") == ["张", "量", "拼", "接", "张量", "量拼", "拼接"]


def test_shards_are_stable_and_keep_a_name_with_its_last_word():
    assert shard_of("拼接", 97) == shard_of("拼接", 97) < 97
    assert shard_of("torch.cat", 97) == shard_of("cat", 97)  # one download for both terms of "torch.cat"
    assert shard_of("one_hot", 97) == shard_of("hot", 97) and shard_of("index_reduce_", 97) == shard_of("reduce", 97)


def test_a_chinese_pair_is_in_the_files_of_its_characters_but_stop_and_busy_ones():
    pair_file = lambda char: f"pairs-{fnv1a(char) % 97}.json"
    assert index_files("拼接", 97) == sorted({pair_file("拼"), pair_file("接")})
    assert index_files("值的", 97) == [pair_file("值")]  # 的 is a stop character
    assert index_files("拼接", 97, busy="拼") == [pair_file("接")]
    assert index_files("拼接", 97, busy="拼接") == [f"shard-{shard_of('拼接', 97)}.json"]  # no file of its own
    assert index_files("的了", 97) == [f"shard-{shard_of('的了', 97)}.json"]
    assert index_files("torch.cat", 97) == [f"shard-{shard_of('cat', 97)}.json"]


def test_busy_characters_are_those_of_the_most_postings(monkeypatch):
    monkeypatch.setattr(index, "BUSY_CHARACTER_POSTINGS", 2)
    postings = {"张量": [0, 4, 1, 4], "向量": [2, 4], "张开": [3, 4], "量的": {"top": [0, 4, 5, 4]},
                "tensor": [0, 4, 1, 4, 2, 4]}
    # 量: 2 + 1 + 2 postings, 张: 2 + 1; 的 is a stop character, tensor no pair
    assert index.busy_characters(postings) == "张量"
    monkeypatch.setattr(index, "BUSY_CHARACTER_POSTINGS", 3)
    assert index.busy_characters(postings) == "量"


def test_a_query_does_not_look_up_the_pairs_of_a_stop_character():
    assert looked_up(query_terms("最大值的索引")) == ["最大", "大值", "索引"]
    assert looked_up(query_terms("的")) == ["的"]  # unless nothing else is left
    # a character between two of them stands for itself; one beside a single one (还 of 还是) does not
    assert looked_up(query_terms("创建全是零的张量")) == ["零", "创建", "建全", "张量"]
    assert looked_up(query_terms("用0还是1")) == ["用"]


def test_a_query_does_not_look_up_the_readers_numbers():
    assert looked_up(query_terms("index 7 is out of bounds for dimension 1")) == ["index", "out", "bound", "dimens"]
    assert looked_up(query_terms("1 2")) == ["1", "2"]


def test_a_long_query_reads_its_longest_words_first_and_the_class_of_its_error_last():
    line = "UserWarning: Detected call of lr_scheduler.step() before optimizer.step(). 64x784"
    terms = looked_up(query_terms(line))
    assert sorted(terms, key=rarity, reverse=True)[:3] == ["lr_scheduler.step", "optimizer.step", "lr_scheduler"]
    assert [term for term in terms if rarity(term) == 0] == ["userwarn", "64x784"]  # stemmed, as indexed
    assert rarity("valueerror") == 0 and rarity("梯度") == 4


def test_a_concept_file_is_named_after_its_first_english_item():
    assert concept_key("label smoothing") == "label-smoothing" and concept_key("C++ (ABI)") == "c-abi"


def test_a_summary_is_as_wide_in_either_language():
    english = Unit(url="a.html", kind="page", name="", title="", text="word " * 100)
    chinese = Unit(url="a.html", kind="page", name="", title="", text="张量" * 200)
    assert english.summary == "word " * 31 + "word…" and chinese.summary == "张量" * 39 + "张…"
    whole = Unit(url="a.html", kind="page", name="", title="", text="张量" * 40)
    assert whole.summary == whole.text  # 160 columns: nothing cut


def test_a_page_names_the_examples_it_shows():
    page = nodes.document(None, None)
    for target in ("/examples/ops/plot_a", "/examples/ops/plot_a", "/examples/ops/plot_b"):
        source = nodes.paragraph(classes=["executed-example-source"])
        source += addnodes.pending_xref(reftarget=target)
        page += source
    page += nodes.paragraph()
    assert embedded_examples(page) == ["examples/ops/plot_a.html"] * 2 + ["examples/ops/plot_b.html"]


def test_a_unit_knows_the_cells_it_shows_and_their_errors():
    entry = addnodes.desc_content()
    entry += pending_outputs(source="ops/plot_a.py", lineno=3)
    nested = addnodes.desc()
    nested += pending_outputs(source="ops/plot_a.py", lineno=9)
    entry += nested
    assert shown_cells(entry, [nested]) == [["ops/plot_a.py", 3]]  # the nested entry's cells are its own
    output = ("shape (2, 3)\nview -> RuntimeError: view size is not compatible with input tensor's size and stride\n"
              "RuntimeError: Error(s) in loading state_dict for Linear:\n\tMissing key(s) in state_dict: \"bias\".\n"
              "done\nUserWarning: the default will change")
    assert error_lines(output) == [
        "RuntimeError: view size is not compatible with input tensor's size and stride",
        'RuntimeError: Error(s) in loading state_dict for Linear: Missing key(s) in state_dict: "bias".',
        "UserWarning: the default will change",
    ]


def test_units_are_entries_and_sections_without_code_or_outputs(tmp_path):
    units = {u.url: u for u in doctree_units(read_page(tmp_path), "tensors/joining")}
    assert set(units) == {"tensors/joining.html", "tensors/joining.html#cat-versus-stack",
                          "tensors/joining.html#torch.cat"}
    assert units["tensors/joining.html#torch.cat"].kind == "api"
    assert units["tensors/joining.html#torch.cat"].text == "Concatenates tensors."
    assert "torch.stack" not in units["tensors/joining.html#cat-versus-stack"].text
    # inline markup leaves no stray space behind
    assert units["tensors/joining.html"].text == "Put tensors together with torch.cat."


def test_glossary_adds_the_other_language():
    glossary = Glossary([{"en": ["concatenate", "cat"], "zh": ["拼接"]}, {"en": ["t"], "zh": ["转置"]}])
    assert "拼接" in glossary.keywords("torch.cat", "torch.cat")
    assert "concatenat" in glossary.keywords("", "张量拼接")
    assert glossary.keywords("", "Don't do this") == []  # one-letter names match names only


def test_an_api_named_by_a_glossary_term_takes_its_chinese_name():
    glossary = Glossary([{"en": ["data loader", "DataLoader"], "zh": ["数据加载器"]},
                         {"en": ["max pooling"], "zh": ["最大池化"]}, {"en": ["norm"], "zh": ["范数"]}])
    assert glossary.chinese_names("torch.utils.data.DataLoader") == ["数据加载器"]
    assert glossary.chinese_names("torch.nn.MaxPool3d") == ["最大池化"]  # the dimension does not count
    assert glossary.chinese_names("torch.nn.functional.batch_norm") == []  # a part of a name is not the name
    assert glossary.chinese_names("torch.Tensor.norm") == ["范数"]  # the module path does not count


def edition_files(tmp_path, units, texts=None):
    """Units files of both editions (the Chinese one with a Chinese page title), ``texts`` giving
    some units other text (``{url: text}``)."""
    files = {}
    for edition, title in (("en", "Joining"), ("zh_CN", "拼接")):
        translated = [asdict(u) | ({"title": title} if u.kind == "page" else {})
                      | ({"text": texts[u.url]} if texts and u.url in texts else {}) for u in units]
        files[edition] = tmp_path / f"{edition}.json"
        files[edition].write_text(json.dumps({"tensors/joining": translated}, ensure_ascii=False))
    return files


def search_files(site):
    return {p: p.stat().st_mtime_ns for p in site.rglob("*.json")}


def shard_postings(out):
    """{term: posting} of every shard and pair file of the index in ``out``."""
    return {term: posting for path in [*out.glob("shard-*.json"), *out.glob("pairs-*.json")]
            for term, posting in json.loads(path.read_text())["postings"].items()}


def test_index_maps_both_editions_to_each_page(tmp_path):
    files = edition_files(tmp_path, doctree_units(read_page(tmp_path), "tensors/joining"))
    assert build_search_index(tmp_path / "site", files) == 3
    out = tmp_path / "site" / "en" / "_search"
    meta = json.loads((out / "meta.json").read_text())
    # an API entry's anchor is its name; a title's terms tell the browser a query that is the title,
    # a section's also under its page's title (Joining > cat versus stack)
    joining = "tensors/joining.html"
    assert table_rows(meta) == [[joining, "", "p", 1], [joining, "cat-versus-stack", "s", [3, 4]],
                                [joining, "torch.cat", "a", 3]]
    page = json.loads((out / "p" / "tensors" / "joining.json").read_text())
    assert page["title"] == "Joining" and page["units"][2][:2] == [2, ""]  # its name is its title
    zh_page = json.loads((tmp_path / "site" / "zh_CN" / "_search" / "p" / "tensors" / "joining.json").read_text())
    assert zh_page["title"] == "拼接"  # shown in the edition's language
    postings = shard_postings(out)
    assert "拼接" in postings and "concatenat" in postings  # a Chinese query finds the English page
    assert postings["拼接"][1] & 1 and not postings["concatenat"][-1] & 1  # a title's term is marked
    assert postings["join"][1::2] == [postings["join"][1] & ~3 | 1, postings["join"][3] & ~3 | 2]  # the page's
    # title counts for its section only as the title above it
    written = search_files(tmp_path / "site")
    build_search_index(tmp_path / "site", files)
    assert written == search_files(tmp_path / "site")  # nothing rewritten
    vocabulary = tmp_path / "site" / "zh_CN" / "_search" / "vocabulary"
    words = {p.stem: json.loads(p.read_text()) for p in vocabulary.glob("*.json")}
    assert {"cat", "concatenates"} <= set(words["c"]) and {"tensors", "torch"} <= set(words["t"])  # as typed
    assert "concatenat" not in words["c"] and "torch.cat" not in words["t"]  # surface forms; names by parts
    assert words["c"].index("cat") < words["c"].index("concatenates")  # most frequent first


def test_a_pasted_error_finds_the_entry_whose_example_printed_it(tmp_path):
    units = doctree_units(read_page(tmp_path), "tensors/joining")
    units[-1].errors = ["RuntimeError: Sizes of tensors must match except in dimension 1"]
    build_search_index(tmp_path / "site", edition_files(tmp_path, units))
    postings = shard_postings(tmp_path / "site" / "en" / "_search")
    assert postings["except"][::2] == [2]  # unit 2: torch.cat
    assert postings["except"][1] < 0 < postings["concatenat"][-1]  # marked as printed in an error line
    # a query that pastes the line reads the shards of its five rarest terms (the longest first, in
    # the line's order; the exception's class and the number are the least rare); of those, the
    # shards of the two that the fewest units printed (here all alike: the first two) also have the
    # entry's row, in the edition's language: pasted, the line needs no page file
    rarest = ["tensor", "except", "dimens", "match", "must"]
    assert sorted(looked_up(query_terms(units[-1].errors[0])), key=rarity, reverse=True)[:5] == rarest
    for edition, page_title in (("en", "Joining"), ("zh_CN", "拼接")):
        shards = {path.name: json.loads(path.read_text())
                  for path in (tmp_path / "site" / edition / "_search").glob("shard-*.json")}
        with_rows = {name for name, shard in shards.items() if shard["rows"]}
        assert with_rows == {file for term in rarest[:2] for file in index_files(term, index.SHARDS)}
        assert all(shards[name]["rows"] == [[2, "", units[-1].summary, page_title]] for name in with_rows)


def test_an_error_row_is_in_the_shards_of_the_terms_fewest_units_printed():
    errors = [["RuntimeError: expected scalar type Float"], ["RuntimeError: expected target dtype Long"],
              ["ValueError: expected sequence of length 3"]]
    found = index.error_units(errors, set(), "", in_concepts={"scalar"})
    for doc, (line,) in enumerate(errors):
        read = sorted(looked_up(query_terms(line)), key=rarity, reverse=True)[:index.ERROR_ROW_TERMS]
        # "expected" is read by a query that pastes any of the three, but all three printed it; a
        # glossary term (scalar) is read from its concept's file
        kept = [term for term in read if term not in ("expect", "scalar")][:index.ERROR_ROW_COPIES]
        assert len(kept) == 2 and {name for name, docs in found.items() if doc in docs} == {
            name for term in kept for name in index_files(term, index.SHARDS)}, (line, kept)


def test_an_edit_rewrites_only_the_files_it_changes(tmp_path):
    units = doctree_units(read_page(tmp_path), "tensors/joining")
    build_search_index(tmp_path / "site", edition_files(tmp_path, units))
    before = search_files(tmp_path / "site")
    edited = {"tensors/joining.html#cat-versus-stack": "stack adds a dimension; cat never does."}
    build_search_index(tmp_path / "site", edition_files(tmp_path, units, edited))
    changed = {p.relative_to(tmp_path / "site" / "en" / "_search").as_posix()
               for p, stamp in search_files(tmp_path / "site").items() if before.get(p) != stamp and "/en/" in str(p)}
    new_terms = {"cat", "never"}  # "never" and "does" are new ("does" is a stop word): their shards and
    # the vocabulary of their letters, no other
    assert changed == {"p/tensors/joining.json", "vocabulary/d.json", "vocabulary/n.json"} | {
        file for term in new_terms for file in index_files(term, index.SHARDS)}


def index_contents(site):
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_an_edit_recomputes_only_its_unit_and_gives_the_index_a_fresh_build_gives(tmp_path, monkeypatch):
    units = doctree_units(read_page(tmp_path), "tensors/joining")
    cache = tmp_path / "search-cache.pickle"
    build_search_index(tmp_path / "cached", edition_files(tmp_path, units), cache_path=cache)
    computed = []
    monkeypatch.setattr(index, "unit_fields", lambda *args: computed.append(args[1]) or unit_fields(*args))
    edited = {"tensors/joining.html#cat-versus-stack": "stack adds a dimension; cat never does. 堆叠新增一个维度。"}
    build_search_index(tmp_path / "cached", edition_files(tmp_path, units, edited), cache_path=cache)
    assert computed == ["tensors/joining.html#cat-versus-stack"]
    build_search_index(tmp_path / "fresh", edition_files(tmp_path, units, edited))
    assert index_contents(tmp_path / "cached") == index_contents(tmp_path / "fresh")


def test_a_cache_of_other_code_or_an_unreadable_one_is_not_used(tmp_path, monkeypatch):
    units = doctree_units(read_page(tmp_path), "tensors/joining")
    cache = tmp_path / "search-cache.pickle"
    build_search_index(tmp_path / "site", edition_files(tmp_path, units), cache_path=cache)
    monkeypatch.setattr(index, "cache_version", lambda glossary: "other code")
    assert Cache(cache, "other code").kept == {}
    cache.write_bytes(b"not a pickle")
    assert Cache(cache, "other code").kept == {}
    build_search_index(tmp_path / "site", edition_files(tmp_path, units), cache_path=cache)
    assert Cache(cache, "other code").kept


def test_an_over_common_term_ships_only_its_strongest_units(monkeypatch):
    monkeypatch.setattr(index, "MAX_POSTINGS", 2)
    assert index.bounded([0, 8, 1, 4, 2, 6]) == {"top": [0, 8, 2, 6]}  # in unit order
    assert index.bounded([0, 8, 1, 4]) == [0, 8, 1, 4]
    # a unit that printed the term in an error line (negative) stays, however weak
    assert index.bounded([0, 8, 1, -4, 2, 6, 3, 5]) == {"top": [0, 8, 1, -4, 2, 6]}


GLOSSARY = """\
- en: [concatenate, cat]
  zh: [拼接]
  avoid: [串接]
"""


def test_a_glossary_term_is_one_download_with_its_results(tmp_path):
    (tmp_path / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")
    files = edition_files(tmp_path, doctree_units(read_page(tmp_path), "tensors/joining"))
    build_search_index(tmp_path / "site", files, tmp_path / "glossary.yaml")
    out = tmp_path / "site" / "zh_CN" / "_search"
    meta = json.loads((out / "meta.json").read_text())
    assert Glossary.unpack(meta["glossary"]) == [[["concatenate", "cat"], ["拼接"], ["串接"]]]  # the wrong word too
    concept = json.loads((out / "c" / "concatenate.json").read_text())
    # the postings of every term of the entry, in both languages ...
    assert set(concept["postings"]) == {"concatenat", "cat", "拼接"}
    # ... and the rows of its strongest units, as this edition shows them
    assert [0, "拼接", "Put tensors together with torch.cat.", "拼接"] in concept["rows"]
    assert json.loads((out / "pinyin.json").read_text())["pin"].startswith("拼")  # for typos of 拼接


TABLE_UNITS = [Unit(url=url, kind=kind, name="", title="", text="") for url, kind in [
    ("nn/conv.html", "page"), ("nn/conv.html#torch.nn.Conv1d", "api"), ("nn/conv.html#torch.nn.Conv2d", "api"),
    ("nn/conv.html#torch.nn.ConvTranspose2d", "api"), ("nn/conv.html#conv-output-size", "section"),
    ("nn/loss.html#torch.nn.L1Loss", "api"), ("nn/loss.html#torch.nn.L2Loss", "api")]]


def test_the_table_writes_each_page_and_anchor_after_what_it_shares_with_the_one_before():
    meta = json.loads(json.dumps(index.document_table(TABLE_UNITS, [1, 2, [2, 3], 10, 35, [4, 36], 36], {})))
    assert meta["counts"] == [5, 2] and meta["kinds"] == "paaasaa"
    # title sizes as base-36 digits; a title longer than one digit holds is never typed whole
    assert meta["titleTerms"] == "1,2,23,a,z,4,"
    assert [row[3] for row in table_rows(meta)] == [1, 2, [2, 3], 10, 35, 4, []]
    # a shared start never ends before a digit: 12v2d, not 132d; 9L2Loss
    assert meta["anchors"] == " torch.nn.Conv1d 12v2d 13Transpose2d conv-output-size torch.nn.L1Loss 9L2Loss"
    assert meta["pages"] == "nn/conv.html 3loss.html"
    assert [row[0] + (row[1] and "#" + row[1]) for row in table_rows(meta)] == [unit.url for unit in TABLE_UNITS]


def test_the_table_refuses_what_it_could_not_read_back():
    apart = [TABLE_UNITS[1], TABLE_UNITS[5], TABLE_UNITS[2]]
    with pytest.raises(ValueError, match="the units of a page must be listed together"):
        index.document_table(apart, [1] * 3, {})
    digit = [Unit(url="nn/conv.html#2d-convolution", kind="section", name="", title="", text="")]
    with pytest.raises(ValueError, match="nn/conv.html#2d-convolution'?: a page or anchor that starts with a digit"):
        index.document_table(digit, [1], {})
    digit = [Unit(url="3d/conv.html", kind="page", name="", title="", text="")]
    with pytest.raises(ValueError, match="3d/conv.html'?: a page or anchor that starts with a digit"):
        index.document_table(digit, [1], {})


def test_an_example_is_shown_from_the_file_of_the_page_that_embeds_it(tmp_path):
    units = doctree_units(read_page(tmp_path), "tensors/joining")
    units[0].embeds = ["examples/plot_join.html"]
    units.append(Unit(url="examples/plot_join.html", kind="example", name="", title="Joining tensors", text="cat"))
    build_search_index(tmp_path / "site", edition_files(tmp_path, units))
    out = tmp_path / "site" / "en" / "_search"
    meta = json.loads((out / "meta.json").read_text())
    # its display row is in the file of the page that embeds it
    assert table_rows(meta)[0] == ["examples/plot_join.html", "", "e", 2, "tensors/joining.html"]
    page = json.loads((out / "p" / "tensors" / "joining.json").read_text())
    assert [0, "Joining tensors", "cat"] in page["units"]
    assert not (out / "p" / "examples").exists()


def test_the_pinyin_table_reads_every_character_of_the_glossary():
    table = json.loads((ROOT / "torchref" / "search" / "pinyin.json").read_text(encoding="utf-8"))
    characters = "".join(table.values())
    entries = yaml.safe_load((ROOT / "locale" / "zh_CN" / "glossary.yaml").read_text(encoding="utf-8"))
    missing = {c for entry in entries for term in entry["zh"] for c in term if "\u4e00" <= c <= "\u9fff"} - set(characters)
    assert not missing
    assert len(characters) == len(set(characters)) == 6763  # one reading each


def test_a_learners_word_finds_its_unit_by_name_or_url(tmp_path):
    folder = tmp_path / "search-keywords"
    folder.mkdir()
    (folder / "tensors.yaml").write_text(
        "torch.cat:\n  en: [glue tensors]\n  zh: [粘起来]\n"
        "tensors/joining.html#cat-versus-stack:\n  en: [new axis]\n", encoding="utf-8")
    files = edition_files(tmp_path, doctree_units(read_page(tmp_path), "tensors/joining"))
    build_search_index(tmp_path / "site", files, keywords=keywords.load(folder))
    postings = shard_postings(tmp_path / "site" / "en" / "_search")
    glue, axis = stem("glue"), stem("axis")
    assert postings[glue][::2] == postings["粘起"][::2] == [2]  # unit 2: torch.cat
    assert postings[axis][::2] == [1] and not postings[axis][1] & 3  # the section; not a title's word
    vocabulary = json.loads((tmp_path / "site" / "en" / "_search" / "vocabulary" / "g.json").read_text())
    assert "glue" in vocabulary  # a typo of it is corrected to it


@pytest.mark.parametrize("text, message", [
    ("torch.cat:\n  en: [glue]\n\ntorch.stack:\n  en: [pile]\n", "tensors.yaml:4: 'torch.stack' is no API entry"),
    ("torch.cat:\n  fr: [coller]\n", "tensors.yaml:2: unknown language 'fr'"),
    ("torch.cat:\n  en: glue\n", "tensors.yaml:2: expected a list of words"),
    ("torch.cat: [glue]\n", "tensors.yaml:1: expected {en: [...], zh: [...]}"),
    ("torch.cat:\n  en: [glue]\ntorch.cat:\n  zh: [粘]\n", "tensors.yaml:3: 'torch.cat' has words already, at "),
    ("torch.cat:\n  en: [glue\n", "tensors.yaml: while parsing a flow sequence"),
])
def test_a_keywords_file_that_is_wrong_fails_naming_its_line(tmp_path, text, message):
    folder = tmp_path / "search-keywords"
    folder.mkdir()
    (folder / "tensors.yaml").write_text(text, encoding="utf-8")
    files = edition_files(tmp_path, doctree_units(read_page(tmp_path), "tensors/joining"))
    with pytest.raises(keywords.KeywordError, match=re.escape(message)):
        build_search_index(tmp_path / "site", files, keywords=keywords.load(folder))
