"""The words learners search with that an entry never uses: ``docs/search-keywords/*.yaml``.

A reader who wants torch.unique may type "remove duplicates" or 去重; one who wants CUDA's memory
statistics, 显存. Each file maps a unit to such words in either language::

    torch.unique:                      # an API entry, by its name
      en: [remove duplicates]
      zh: [去重]
    ops/reduction.html#reduction-dim-keepdim:   # a section (or a page), by its URL
      en: [keep the dimension]

They are indexed with the unit's glossary terms (the ``keywords`` field) in every edition, and
shown nowhere: a word here claims only that the unit answers a reader who typed it.
"""

from pathlib import Path

import yaml

FOLDER = Path(__file__).resolve().parent.parent.parent / "docs" / "search-keywords"
LANGUAGES = ("en", "zh")


class KeywordError(ValueError):
    """A keywords file that is not as the module docstring shows, with its file and line."""


def _strings(node, where):
    if not isinstance(node, yaml.SequenceNode) or not all(
            isinstance(item, yaml.ScalarNode) and item.value.strip() for item in node.value):
        raise KeywordError(f"{where}: expected a list of words, such as [remove duplicates, 去重]")
    return [item.value.strip() for item in node.value]


def load(folder=FOLDER):
    """``{unit key: (its words, "file:line")}`` of every file in ``folder`` (none: no keywords)."""
    found = {}
    for path in sorted(Path(folder).glob("*.yaml")):
        try:
            root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
        except yaml.YAMLError as err:  # its own line and column
            raise KeywordError(f"{path}: {err}") from err
        if root is None:
            continue
        if not isinstance(root, yaml.MappingNode):
            raise KeywordError(f"{path}:{root.start_mark.line + 1}: expected a mapping of units to their words")
        for key_node, value in root.value:
            where = f"{path}:{key_node.start_mark.line + 1}"
            key = key_node.value
            if key in found:
                raise KeywordError(f"{where}: {key!r} has words already, at {found[key][1]}")
            if not isinstance(value, yaml.MappingNode):
                raise KeywordError(f"{where}: expected {{en: [...], zh: [...]}} under {key!r}")
            words = []
            for language, items in value.value:
                if language.value not in LANGUAGES:
                    raise KeywordError(f"{path}:{language.start_mark.line + 1}: unknown language "
                                       f"{language.value!r} (the languages are {', '.join(LANGUAGES)})")
                words += _strings(items, f"{path}:{items.start_mark.line + 1}")
            found[key] = (words, where)
    return found


def by_url(keywords, units):
    """``{url: words}`` for ``units`` (``{url: Unit}``); a key that names no API entry and no unit's
    URL fails, naming its file and line (a renamed anchor must not silently drop its words)."""
    urls = {unit.name: url for url, unit in units.items() if unit.name}
    found = {}
    for key, (words, where) in keywords.items():
        url = urls.get(key, key)
        if url not in units:
            raise KeywordError(f"{where}: {key!r} is no API entry, section or page of the site")
        found[url] = words
    return found
