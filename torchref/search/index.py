"""Write each edition's search index: a document table, sharded postings, summaries.

The browser loads the small table, then only the shards of the query's terms
and the summaries of the results it shows. Every unit is indexed with the text
of all editions, so a query in either language finds it; titles and summaries
are shown in the edition's own language.
"""

import json
import math
from collections import Counter, defaultdict

from .text import english_terms, shard_of, terms
from .units import edition_units

FIELD_BOOSTS = {"name": 5.0, "title": 3.0, "body": 1.0}
K1, B = 1.2, 0.75
SUMMARIES_PER_FILE = 24
POSTING_BYTES_PER_SHARD = 6000


def name_terms(name):
    """The parts of an API name (``torch.Tensor.view`` -> torch, tensor, view, and the whole)."""
    return english_terms(name.replace(".", " ")) + [name.lower()] if name else []


def unit_fields(units_by_edition, url):
    """Each field's terms for one unit, from every edition that has it."""
    versions = [units[url] for units in units_by_edition.values() if url in units]
    return {
        "name": name_terms(versions[0].name),
        "title": [t for v in versions for t in terms(v.title)],
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
        for term in set().union(*per_field.values()):
            idf = math.log(1 + (total - frequency[term] + 0.5) / (frequency[term] + 0.5))
            saturation = sum(
                boost * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len(doc[f]) / lengths[f]))
                for f, boost in FIELD_BOOSTS.items()
                if (tf := per_field[f][term])
            )
            postings[term].extend((number, max(1, round(idf * saturation * 10))))
    return postings


def write_json(path, data):
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def build_search_index(site_dir, editions):
    """Write ``<edition>/_search/`` for every edition of the built site; returns the unit count."""
    units_by_edition = {edition: edition_units(site_dir / edition) for edition in editions}
    urls = sorted(set().union(*units_by_edition.values()))  # one page's units stay together
    postings = weights([unit_fields(units_by_edition, url) for url in urls])
    shards = max(1, round(sum(len(json.dumps(p)) for p in postings.values()) / POSTING_BYTES_PER_SHARD))
    for edition, units in units_by_edition.items():
        out = site_dir / edition / "_search"
        out.mkdir(exist_ok=True)
        shown = [units.get(url) or next(u[url] for u in units_by_edition.values() if url in u) for url in urls]
        write_json(out / "meta.json", {
            "shards": shards,
            "summariesPerFile": SUMMARIES_PER_FILE,
            "docs": [[u.url, u.title, u.name, u.kind, units_title(units, u.url)] for u in shown],
        })
        for shard in range(shards):
            write_json(out / f"shard-{shard}.json", {
                term: posting for term, posting in postings.items() if shard_of(term, shards) == shard
            })
        for start in range(0, len(shown), SUMMARIES_PER_FILE):
            write_json(out / f"summaries-{start // SUMMARIES_PER_FILE}.json",
                       [u.summary for u in shown[start:start + SUMMARIES_PER_FILE]])
    return len(urls)


def units_title(units, url):
    """The title of the page a unit is on, to show with section and entry results."""
    page = units.get(url.split("#")[0])
    return page.title if page else ""
