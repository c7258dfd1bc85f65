"""make po translates a gallery card once its script's catalog translates the same text."""

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from fill_gallery_indexes import fill


def write(path, messages):
    catalog = Catalog(locale="zh_CN")
    for english, chinese, flags in messages:
        catalog.add(english, chinese, flags=flags)
    with path.open("wb") as handle:
        write_po(handle, catalog)


def test_cards_take_the_scripts_translations_and_doc_targets_stay(tmp_path):
    index = tmp_path / "index.po"
    write(index, [("Views and strides", "", ()), ("Old title", "旧", ("fuzzy",)),
                  (":doc:`plot_views`", "", ()), ("Not a script's text", "", ()), ("Done", "完成", ())])
    filled, missing = fill(index, {"Views and strides": "视图与步长", "Old title": "新标题", "Done": "不该覆盖"})
    messages = {m.id: (m.string, m.fuzzy) for m in read_po(index.open("rb")) if m.id}
    assert (filled, missing) == (3, ["Not a script's text"])
    assert messages["Views and strides"] == ("视图与步长", False)
    assert messages["Old title"] == ("新标题", False)
    assert messages[":doc:`plot_views`"] == (":doc:`plot_views`", False)
    assert messages["Done"] == ("完成", False)
