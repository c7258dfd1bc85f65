"""Write each edition's search index: a document table, sharded postings, summaries.

The browser loads the small table, then only the shards of the query's terms
and the summaries of the results it shows. Every unit is indexed with the text
of all editions, so a query in either language finds it; titles and summaries
are shown in the edition's own language. The bilingual glossary adds key terms
of the other language to units whose name or title uses them.
"""

import json
import math
import re
from collections import Counter, defaultdict

import yaml

from .text import english_terms, shard_of, stem, surface_words, terms
from .units import read_units

FIELD_BOOSTS = {"name": 5.0, "title": 3.0, "keywords": 2.0, "body": 1.0}
K1, B = 1.2, 0.75
SUMMARIES_PER_FILE = 12
POSTING_BYTES_PER_SHARD = 6000


def name_terms(name):
    """The parts of an API name (``torch.Tensor.view`` -> torch, tensor, view, and the whole)."""
    return english_terms(name.replace(".", " ")) + [name.lower()] if name else []


CAMEL_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+[a-z]?")


def name_words(text):
    """A name or term as its stemmed words: ``data loader``, ``DataLoader`` and ``data_loader`` alike
    give (data, loader); a trailing dimension or ``Loss`` is dropped, so MaxPool2d is max pooling and
    CrossEntropyLoss is cross entropy."""
    words = [stem(word.lower()) for word in CAMEL_WORD.findall(text)]
    while len(words) > 1 and (re.fullmatch(r"[0-9]d", words[-1]) or words[-1] == "loss"):
        words.pop()
    return tuple(words)


class Glossary:
    """Entries of ``{en: [...], zh: [...]}``: a unit that uses one term gets all of them."""

    def __init__(self, entries):
        self.raw = [[entry["en"], entry["zh"]] for entry in entries]
        self.entries = [
            ([(item, set(english_terms(item))) for item in entry["en"]], entry["zh"],
             [t for item in entry["en"] + entry["zh"] for t in terms(item)])
            for entry in entries
        ]
        # each English item as the words of a name, once, for chinese_names (called per unit and edition)
        self.by_name_words = defaultdict(list)
        for entry in entries:
            for words in dict.fromkeys(name_words(item) for item in entry["en"]):
                self.by_name_words[words].extend(entry["zh"])

    @classmethod
    def load(cls, path):
        return cls(yaml.safe_load(path.read_text(encoding="utf-8")) if path else [])

    def chinese_names(self, name):
        """The Chinese terms of an API whose own name is a glossary term (``torch.utils.data.DataLoader``
        -> 数据加载器); the modules on its path (torch, Tensor, nn) and parts of a name (the norm of
        batch_norm) add nothing."""
        return list(self.by_name_words.get(name_words(name.rsplit(".", 1)[-1]), [])) if name else []

    def keywords(self, name, titles):
        in_name = set(name_terms(name))
        in_titles = set(english_terms(titles))
        found = []
        for english, chinese, expansion in self.entries:
            # one-letter names (torch.t) only match names, never ordinary words
            if any(s and (s <= in_name or (len(item) > 2 and s <= in_titles)) for item, s in english) \
                    or any(term in titles for term in chinese):
                found.extend(expansion)
        return found


def unit_fields(versions, glossary):
    """Each field's terms for one unit, from every edition that has it."""
    name = versions[0].name
    titles = " ".join(v.title for v in versions)
    return {
        "name": name_terms(name),
        "title": terms(titles),
        "keywords": glossary.keywords(name, titles),
        "body": [t for v in versions for t in terms(v.text)],
    }


def weights(fields_by_doc):
    """BM25F-style impact of each term on each document, as small integers."""
    lengths = {f: sum(len(d[f]) for d in fields_by_doc) / max(len(fields_by_doc), 1) or 1 for f in FIELD_BOOSTS}
    frequency = Counter(term for doc in fields_by_doc for term in {t for f in doc.values() for t in f})
    total = len(fields_by_doc)
    postings = defaultdict(list)
    for number, doc in enumerate(fields_by_doc):
        per_field = {f: Counter(doc[f]) for f in FIELD_BOOSTS}
        for term in sorted(set().union(*per_field.values())):  # same files from every build
            idf = math.log(1 + (total - frequency[term] + 0.5) / (frequency[term] + 0.5))
            saturation = sum(
                boost * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len(doc[f]) / lengths[f]))
                for f, boost in FIELD_BOOSTS.items()
                if (tf := per_field[f][term])
            )
            postings[term].extend((number, max(1, round(idf * saturation * 10))))
    return postings


def document_table(shown, every, glossary):
    """Pages and documents as compact rows: [page, anchor, title, kind, other titles].

    ``shown`` holds each unit as this edition shows it, in index order. The other titles, which
    the browser matches but never shows, are the unit's titles in the other editions and, for an
    API entry, its Chinese names from the glossary: 数据加载器 is as much its title as DataLoader."""
    by_url = {unit.url: unit for unit in shown}
    pages = sorted({unit.url.split("#")[0] for unit in shown})
    page_number = {page: n for n, page in enumerate(pages)}
    docs = []
    for unit in shown:
        page, _, anchor = unit.url.partition("#")
        titles = [u.title for u in every.versions(unit.url)] + glossary.chinese_names(unit.name)
        others = " | ".join(dict.fromkeys(t for t in titles if t != unit.title))
        docs.append([page_number[page], anchor, unit.title, unit.kind] + ([others] if others else []))
    page_rows = [[page, by_url[page].title if page in by_url else page] for page in pages]
    return {"pages": page_rows, "docs": docs}


class AllEditions:
    """The units of every edition, looked up by URL."""

    def __init__(self, units_by_edition):
        self.units_by_edition = units_by_edition

    def versions(self, url):
        return [units[url] for units in self.units_by_edition.values() if url in units]

    def __getitem__(self, url):
        return self.versions(url)[0]


def vocabulary(units_by_edition):
    """Every word of the index as readers write it, most frequent first: the browser loads it
    only when a query finds nothing or little, to correct a one-letter typo and to suggest terms."""
    counts = Counter(word for units in units_by_edition.values() for unit in units.values()
                     for word in surface_words(f"{unit.name} {unit.title} {unit.text}"))
    return [word for word, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]


def write_json(path, data):
    """Write only what changed: an unchanged index file keeps its date (and its cache on the host)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def build_search_index(site_dir, units_files, glossary_path=None):
    """Write ``<edition>/_search/`` for every edition of the site from the units each edition's
    build collected (``{edition: units file}``); returns the unit count."""
    units_by_edition = {edition: read_units(path) for edition, path in units_files.items()}
    every = AllEditions(units_by_edition)
    glossary = Glossary.load(glossary_path)
    urls = sorted(set().union(*units_by_edition.values()))  # one page's units stay together
    postings = weights([unit_fields(every.versions(url), glossary) for url in urls])
    shards = max(1, round(sum(len(json.dumps(p)) for p in postings.values()) / POSTING_BYTES_PER_SHARD))
    by_shard = defaultdict(dict)
    for term, posting in postings.items():
        by_shard[shard_of(term, shards)][term] = posting
    words = vocabulary(units_by_edition)
    for edition, units in units_by_edition.items():
        out = site_dir / edition / "_search"
        out.mkdir(parents=True, exist_ok=True)
        written = {"meta.json"}
        shown = [units.get(url) or every[url] for url in urls]
        write_json(out / "meta.json", {
            "shards": shards,
            "summariesPerFile": SUMMARIES_PER_FILE,
            "glossary": glossary.raw,  # lets the browser highlight "stride" for 步长
            **document_table(shown, every, glossary),
        })
        for shard in range(shards):
            written.add(f"shard-{shard}.json")
            write_json(out / f"shard-{shard}.json", by_shard[shard])
        written.add("vocabulary.json")
        write_json(out / "vocabulary.json", words)
        for start in range(0, len(shown), SUMMARIES_PER_FILE):
            written.add(f"summaries-{start // SUMMARIES_PER_FILE}.json")
            write_json(out / f"summaries-{start // SUMMARIES_PER_FILE}.json",
                       [u.summary for u in shown[start:start + SUMMARIES_PER_FILE]])
        for stale in set(p.name for p in out.iterdir()) - written:
            (out / stale).unlink()
    return len(urls)
