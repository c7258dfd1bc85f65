import json
from dataclasses import asdict

from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils

from torchref.search import index
from torchref.search.index import Glossary, build_search_index
from torchref.search.text import chinese_terms, english_terms, shard_of, stem
from torchref.search.units import doctree_units

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


def test_shards_are_stable():
    assert shard_of("拼接", 97) == shard_of("拼接", 97) < 97


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


def test_index_maps_both_editions_to_each_page(tmp_path):
    files = edition_files(tmp_path, doctree_units(read_page(tmp_path), "tensors/joining"))
    assert build_search_index(tmp_path / "site", files) == 3
    out = tmp_path / "site" / "en" / "_search"
    meta = json.loads((out / "meta.json").read_text())
    assert meta["pages"] == ["tensors/joining.html"]
    # an API entry's anchor is its name; a title's terms tell the browser a query that is the title
    assert meta["docs"] == [[0, "", "p", 1], [0, "cat-versus-stack", "s", 3], [0, "torch.cat", "a", 3]]
    page = json.loads((out / "p" / "tensors" / "joining.json").read_text())
    assert page["title"] == "Joining" and page["units"][2][:2] == ["torch.cat", "torch.cat"]
    zh_page = json.loads((tmp_path / "site" / "zh_CN" / "_search" / "p" / "tensors" / "joining.json").read_text())
    assert zh_page["title"] == "拼接"  # shown in the edition's language
    shards = [json.loads(p.read_text()) for p in out.glob("shard-*.json")]
    postings = {term: posting for shard in shards for term, posting in shard.items()}
    assert "拼接" in postings and "concatenat" in postings  # a Chinese query finds the English page
    assert postings["拼接"][1] % 2 == 1 and postings["concatenat"][-1] % 2 == 0  # a title's term is marked
    written = search_files(tmp_path / "site")
    build_search_index(tmp_path / "site", files)
    assert written == search_files(tmp_path / "site")  # nothing rewritten
    words = json.loads((tmp_path / "site" / "zh_CN" / "_search" / "vocabulary.json").read_text())
    assert {"torch.cat", "cat", "concatenates", "tensors"} <= set(words)  # the words readers type
    assert "concatenat" not in words  # surface forms, not stems
    assert words.index("tensors") < words.index("concatenates")  # most frequent first


def test_an_edit_rewrites_only_the_files_it_changes(tmp_path):
    units = doctree_units(read_page(tmp_path), "tensors/joining")
    build_search_index(tmp_path / "site", edition_files(tmp_path, units))
    before = search_files(tmp_path / "site")
    edited = {"tensors/joining.html#cat-versus-stack": "stack adds a dimension; cat does not."}
    build_search_index(tmp_path / "site", edition_files(tmp_path, units, edited))
    changed = {p.relative_to(tmp_path / "site" / "en" / "_search").as_posix()
               for p, stamp in search_files(tmp_path / "site").items() if before.get(p) != stamp and "/en/" in str(p)}
    new_terms = {"cat", "doe"}  # "does" and "not" are new ("not" is a stop word): their shards, no other
    assert changed == {"p/tensors/joining.json", "vocabulary.json"} | {
        f"shard-{shard_of(term, index.SHARDS)}.json" for term in new_terms}


def test_an_over_common_term_ships_only_its_strongest_units(monkeypatch):
    monkeypatch.setattr(index, "MAX_POSTINGS", 2)
    assert index.bounded([0, 8, 1, 4, 2, 6]) == {"top": [0, 8, 2, 6]}  # in unit order
    assert index.bounded([0, 8, 1, 4]) == [0, 8, 1, 4]
