"""Write each edition's search index: a document table, sharded postings, one file per page.

The browser loads the small table (where each unit is, its kind, its API name), then only the
shards of the query's terms, and to show the results, the files of their pages (titles and
summaries). A glossary term of the query (最大池化, "label smoothing") is one download: its
concept's file has the postings of all the entry's terms in both languages and the titles and
summaries of the units that use it most; a shard, those of the units whose examples printed an
error line with one of its terms among the line's rarest five (a pasted error's results are
mostly these units). Every unit is indexed with the text of all editions, so a query in either
language finds it; titles and summaries are shown in the edition's own language. The bilingual
glossary adds key terms of the other language to units whose name or title uses them, and the
keywords files the words learners search with that a unit's text never uses.
"""

import json
import math
import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import rjsmin
import yaml

from . import keywords as learner_words
from .cache import Cache
from .cache import version as cache_version
from .text import (STOP_CHARACTERS, concept_key, english_terms, fnv1a, index_files, is_chinese_pair, looked_up,
                   query_terms, rarity, stem, surface_words, terms)
from .units import read_units
from .words import specific_pairs, word_filter

SCRIPT = Path(__file__).parent.parent / "static" / "torchref-search.js"
# The readings of the common Chinese characters (scripts/make_pinyin_table.py): the browser corrects
# a character of the same sound in a query (转至 -> 转置).
PINYIN = Path(__file__).parent / "pinyin.json"

# keywords: the unit's glossary terms and the words learners search it with (keywords.py);
# errors: what the unit's example cells printed as errors and warnings (a pasted error finds them)
FIELD_BOOSTS = {"name": 5.0, "title": 3.0, "keywords": 2.0, "body": 1.0, "errors": 2.0}
# BM25's length normalisation against fixed lengths (about the site's averages, in terms), not the
# averages of this build: a unit's weights then depend only on its own text and on how many units
# use each term, so an edit rewrites only the shards of the terms it touched.
REFERENCE_LENGTHS = {"name": 2.4, "title": 13.5, "keywords": 40, "body": 600, "errors": 60}
K1, B = 1.2, 0.75
KINDS = {"api": "a", "section": "s", "page": "p", "example": "e", "glossary": "g"}  # as the table writes them
# A fixed number of shards, and as many files of Chinese pairs (text.py's index_files; the site's
# ~280,000 postings make files of 3-4 KB on average): a term's file never moves when the site grows.
SHARDS = 512
INDEX_FILES = [f"{kind}-{number}.json" for kind in ("shard", "pairs") for number in range(SHARDS)]
# A character in Chinese pairs with more postings than this (数, 一, 个) has no pair file of its own:
# it would be several times a shard's size (text.py's index_files).
BUSY_CHARACTER_POSTINGS = 1500
# A term in more units than this (的, tensor) keeps only its strongest postings: its download stays
# about the same size whatever the size of the site, and the browser does not count it against a
# unit that lacks it. The units whose examples printed it in an error line are kept too: a pasted
# error's common words (shape, input) tell which unit printed it only if every such unit is listed.
MAX_POSTINGS = 400
# A concept's file also shows its strongest units (title, summary, page title): a query that names
# the concept often needs no page file to show its results.
CONCEPT_ROWS = 25
# A pasted error's results are mostly the units whose examples printed it: of the shards a query
# that pastes an error line reads (its rarest terms, as many as the browser's MAX_FILES), those of
# the ERROR_ROW_COPIES terms that the fewest units printed also have these units' rows (title,
# summary, page title), so such a query needs few page files or none. Not all five: a term many
# units print (expected, got) would carry a hundred rows, and every pasted error that has it reads them.
ERROR_ROW_TERMS = 5
ERROR_ROW_COPIES = 2
# An error line that more units print than this (a CUDA call's "Torch not compiled with CUDA enabled"
# on a CPU runner) points at none of them: it is not indexed (the prose that explains it is).
MAX_UNITS_OF_AN_ERROR = 8
# The torch names this reference has no entry for (torch_names.py), in files by their last part:
# a query that is one of them (nn.LSTM, x.long()) reads one file to learn so, and its official page.
API_SHARDS = 64


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

    # The table carries the glossary as one string, a fifth shorter than JSON's lists: entries apart
    # by the first, an entry's fields (en, zh, avoid) by the second, a field's items by the third.
    SEPARATORS = ";=|"

    def __init__(self, entries):
        # [en, zh] and the wrong words, if any, that a query may still use
        self.raw = [[entry["en"], entry["zh"], *([entry["avoid"]] if entry.get("avoid") else [])] for entry in entries]
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

    def concepts(self, postings):
        """``{concept key: (its postings, its strongest units)}``: for each entry, every term a query
        could use for it (its items' English terms and Chinese pairs) that the index has, and the
        CONCEPT_ROWS units that use the concept most (by their best item)."""
        found = {}
        for english, chinese, *_ in self.raw:
            key = concept_key(english[0])
            if key in found:
                raise ValueError(f"glossary: two entries make the concept file {key!r} (first item {english[0]!r})")
            its = {t: postings[t] for item in english + chinese for t in query_terms(item) if t in postings}
            strength = Counter()
            for item in english + chinese:
                by_item = Counter()
                for term in query_terms(item):
                    posting = its.get(term, [])
                    posting = posting["top"] if isinstance(posting, dict) else posting
                    by_item.update(dict(zip(posting[::2], (abs(value) >> 2 for value in posting[1::2]))))
                strength |= by_item  # per unit, its best item
            strongest = sorted(strength, key=lambda doc: (-strength[doc], doc))[:CONCEPT_ROWS]
            found[key] = (dict(sorted(its.items())), sorted(strongest))
        return found

    @classmethod
    def load(cls, path):
        if not path:
            return cls([])
        text = path.read_text(encoding="utf-8")
        nodes = [yaml.compose(text, Loader=yaml.CSafeLoader)]  # libyaml: a tenth of the time
        while nodes:  # each item where it is written, however it is quoted
            node = nodes.pop()
            if isinstance(node, yaml.ScalarNode) and (used := [c for c in cls.SEPARATORS if c in node.value]):
                raise ValueError(f"{path}:{node.start_mark.line + 1}: the glossary item {node.value!r} has "
                                 f"{used[0]!r}, which separates the search table's glossary items")
            if isinstance(node, yaml.SequenceNode):
                nodes.extend(node.value)
            elif isinstance(node, yaml.MappingNode):
                nodes.extend(value for key, value in node.value if key.value in ("en", "zh", "avoid"))
        return cls(yaml.load(text, Loader=yaml.CSafeLoader))

    def packed(self):
        """The entries as the search table carries them (SEPARATORS); the browser unpacks them."""
        entry, field, item = self.SEPARATORS
        return entry.join(field.join(item.join(items) for items in fields) for fields in self.raw)

    @classmethod
    def unpack(cls, packed):
        """The entries of a table's glossary (packed), as [en items, zh items, wrong words]; an empty
        field (``zh: []``) stays empty, as in the browser."""
        entry, field, item = cls.SEPARATORS
        return [[[word for word in items.split(item) if word] for items in fields.split(field)]
                for fields in packed.split(entry)] if packed else []

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


def unit_titles(every, url, glossary):
    """A unit's titles in every edition and, for an API entry, its Chinese names from the
    glossary: 数据加载器 is as much DataLoader's title as DataLoader."""
    versions = every.versions(url)
    return list(dict.fromkeys([v.title for v in versions] + glossary.chinese_names(versions[0].name)))


def specific_errors(every, urls):
    """``{url: its error lines}``, without the lines printed by more than MAX_UNITS_OF_AN_ERROR units
    (every edition has the same outputs: the first one's are read)."""
    printed = {url: every[url].errors for url in urls}
    units_of = Counter(line for lines in printed.values() for line in lines)
    return {url: [line for line in lines if units_of[line] <= MAX_UNITS_OF_AN_ERROR] for url, lines in printed.items()}


def unit_fields(every, url, glossary, all_titles, errors, words):
    """Each field's terms for one unit, from every edition that has it (``words``: the learners'
    words for it, from the keywords files); ``titled``, the terms of
    all its titles (unit_titles), and ``headed``, of a section's page title (AllEditions.headings):
    both matched as title, never weighed."""
    versions = every.versions(url)
    name = versions[0].name
    titles = " ".join(v.title for v in versions)
    return {
        "name": name_terms(name),
        "title": terms(titles),
        "keywords": glossary.keywords(name, titles) + terms(" ".join(words)),
        "body": [t for v in versions for t in terms(v.text)],
        "errors": terms(" ".join(errors)),
        "titled": set(terms(" ".join(all_titles))),
        "headed": set(terms(" ".join(every.headings(url)))),
    }


def unit_scores(fields):
    """``[(term, saturation, title bits, printed in an error), ...]`` of one unit, by term: the part
    of its weights (below) that depends on the unit alone, with BM25's length normalisation against
    fixed lengths. Title bits: 1 where the term is in the unit's title, 2 where it is only in its
    page's title above a section (the browser ranks title matches higher)."""
    per_field = {f: Counter(fields[f]) for f in FIELD_BOOSTS}
    length_norm = {f: K1 * (1 - B + B * len(fields[f]) / REFERENCE_LENGTHS[f]) for f in FIELD_BOOSTS}
    saturation = Counter()
    for f, boost in FIELD_BOOSTS.items():  # in this order: the same sums, to the last bit, in every build
        for term, tf in per_field[f].items():
            saturation[term] += boost * tf * (K1 + 1) / (tf + length_norm[f])
    titled, headed, errors = fields["titled"], fields["headed"], per_field["errors"]
    return [(sys.intern(term), saturation[term], 1 if term in titled else 2 if term in headed else 0, term in errors)
            for term in sorted(set().union(titled, headed, saturation))]  # interned: the cache keeps each term once


def weights(scores_by_doc):
    """BM25F-style impact of each term on each document (unit_scores, then the term's idf), as small
    integers: four times the impact, plus the title bits; negative where the unit's examples printed
    the term in an error line (a query that is all in one unit's errors is that error, pasted). The
    sign, not another bit, marks it: few postings have it, and every other number keeps its digits."""
    frequency = Counter(term for scores in scores_by_doc for term, saturation, *_ in scores if saturation)
    total = len(scores_by_doc)
    idf = {term: math.log(1 + (total - count + 0.5) / (count + 0.5)) for term, count in frequency.items()}
    postings = defaultdict(list)
    for number, scores in enumerate(scores_by_doc):
        for term, saturation, title_bits, in_errors in scores:
            impact = max(1, round(idf[term] * saturation * 10)) if saturation else 0  # 0: only in a Chinese name
            value = 4 * impact + title_bits
            postings[term].extend((number, -value if in_errors else value))
    return postings


def bounded(posting):
    """A posting list as shipped: ``[doc, weight, ...]``, or for an over-common term
    ``{"top": [doc, weight, ...]}`` with only its MAX_POSTINGS strongest units and those that printed
    it in an error line (a negative weight), in unit order."""
    pairs = list(zip(posting[::2], posting[1::2]))
    if len(pairs) <= MAX_POSTINGS:
        return posting
    strongest = sorted(pairs, key=lambda pair: -abs(pair[1]))[:MAX_POSTINGS]
    kept = sorted(set(strongest) | {pair for pair in pairs if pair[1] < 0})
    return {"top": [number for pair in kept for number in pair]}


def busy_characters(postings):
    """The characters (but stop characters) whose Chinese pairs have more than BUSY_CHARACTER_POSTINGS
    postings in all, as one string."""
    count = Counter()
    for term, posting in postings.items():
        if is_chinese_pair(term):
            for char in set(term) - STOP_CHARACTERS:
                count[char] += len(posting["top"] if isinstance(posting, dict) else posting) // 2
    return "".join(sorted(char for char, postings in count.items() if postings > BUSY_CHARACTER_POSTINGS))


def error_units(errors, common, busy, in_concepts):
    """``{index file: units}``: each unit under the shards of ERROR_ROW_COPIES of the ERROR_ROW_TERMS
    rarest terms of each of its error lines (``errors``, per unit), the over-common aside (the terms a
    query that pastes the line reads): those the fewest units printed, a glossary term last (a query
    reads it from its concept's file, not from its shard)."""
    read = [(doc, sorted((term for term in looked_up(query_terms(line)) if term not in common),
                         key=rarity, reverse=True)[:ERROR_ROW_TERMS])
            for doc, lines in enumerate(errors) for line in lines]
    printed_by = Counter(term for term, _ in {(term, doc) for doc, terms in read for term in terms})
    found = defaultdict(set)
    for doc, terms in read:
        for term in sorted(terms, key=lambda term: (term in in_concepts, printed_by[term]))[:ERROR_ROW_COPIES]:
            for name in index_files(term, SHARDS, busy):
                found[name].add(doc)
    return found


def example_homes(shown):
    """``{gallery page: the reference page that shows most of its cells}``: an example is often
    found with the entries that show it, so its display row is in that page's file."""
    shows = defaultdict(Counter)
    for unit in shown:
        for example in unit.embeds:
            shows[example][unit.url] += 1
    return {example: min(pages, key=lambda page: (-pages[page], page)) for example, pages in shows.items()}


def title_sizes(titles):
    """How many terms a query has that is one of the titles: a number, or a list if they differ."""
    sizes = sorted({len(looked_up(query_terms(title))) for title in titles})
    return sizes[0] if len(sizes) == 1 else sizes


def document_table(shown, sizes, homes):
    """The units as columns, unit i the i-th item of each, written small: the browser downloads the
    table with its first query (table_rows reads it back). ``pages``: the page paths, each after
    what it shares with the one before (shared_starts); ``counts``: how many units each page has (a
    page's units are together, pages in order); ``anchors``: each unit's anchor (an API entry's is
    its name), written the same way; ``kinds``: a letter per unit; ``titleTerms``: the title sizes,
    which let the browser tell a query that is a whole title (title_size_column); ``homes``: {page
    number: page number} for an example page whose units a reference page shows (example_homes)."""
    page_of = [unit.url.split("#")[0] for unit in shown]
    pages = sorted(set(page_of))
    page_number = {page: n for n, page in enumerate(pages)}
    numbers = [page_number[page] for page in page_of]
    if numbers != sorted(numbers):
        raise ValueError("search index: the units of a page must be listed together")
    per_page = Counter(numbers)
    return {"pages": shared_starts(pages), "counts": [per_page[n] for n in range(len(pages))],
            "anchors": shared_starts([unit.url for unit in shown], part=lambda url: url.partition("#")[2]),
            "kinds": "".join(KINDS[unit.kind] for unit in shown), "titleTerms": title_size_column(sizes),
            "homes": {page_number[page]: page_number[home] for page, home in sorted(homes.items())}}


# A title size is one base-36 digit: a title of more looked-up terms is never typed whole.
BASE_36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def title_size_column(sizes):
    """Each unit's title sizes (title_sizes) as base-36 digits, units apart by commas (``4,34,5``): two
    fifths of JSON's numbers and lists (5 KB instead of 12.7 at 309 pages), in the table every query downloads."""
    def digits(size):
        return "".join(BASE_36[n] for n in ([size] if isinstance(size, int) else size) if n < len(BASE_36))
    return ",".join(map(digits, sizes))


def read_title_sizes(column):
    """The title sizes that title_size_column wrote: a number, or a list where they differ."""
    def sizes(digits):
        numbers = [int(digit, 36) for digit in digits]
        return numbers[0] if len(numbers) == 1 else numbers
    return [sizes(digits) for digits in column.split(",")]


def shared_starts(urls, part=lambda url: url):
    """Each text (``part`` of each URL) after the length of the start it shares with the one before,
    if that is 2 or more (``torch.nn.Conv1d``, then ``12v2d``): sorted paths and a page's anchors
    share much. A length never runs into a digit of the text, which therefore must not start with one.
    The texts are one string, apart by spaces: no quotes around each."""
    written, before = [], ""
    for url in urls:
        text = part(url)
        if text[:1].isdigit() or " " in text:
            raise ValueError(f"search index: {url!r}: a page or anchor that starts with a digit or has a space")
        shared = len(os.path.commonprefix([before, text]))
        while text[shared:shared + 1].isdigit():
            shared -= 1
        written.append(f"{shared}{text[shared:]}" if shared >= 2 else text)
        before = text
    return " ".join(written)


def read_shared_starts(written):
    """The texts that shared_starts wrote."""
    texts, text = [], ""
    for item in written.split(" "):
        shared, rest = re.fullmatch(r"([0-9]*)(.*)", item).groups()
        text = text[:int(shared or 0)] + rest
        texts.append(text)
    return texts


def table_rows(meta):
    """The units of a table (document_table) as rows: [page, anchor, kind letter, title sizes], and
    the home page for an example that has one."""
    pages = read_shared_starts(meta["pages"])
    page_of = [number for number, count in enumerate(meta["counts"]) for _ in range(count)]
    sizes = read_title_sizes(meta["titleTerms"])
    rows = []
    for doc, (page, anchor) in enumerate(zip(page_of, read_shared_starts(meta["anchors"]))):
        home = meta["homes"].get(str(page))  # JSON's keys are text
        rows.append([pages[page], anchor, meta["kinds"][doc], sizes[doc], *([] if home is None else [pages[home]])])
    return rows


def shown_title(unit):
    """A unit's title as its display row writes it: "" for an API entry, whose title is its name,
    which the browser has from the table (the anchor)."""
    return "" if unit.kind == "api" else unit.title


def page_files(shown, homes):
    """``{page path: its display file}``: the page's title and each unit's [unit number, title
    (shown_title), summary], in this edition's language, the examples it is the home of among them;
    the browser fetches the files of the pages its results are on."""
    files = defaultdict(lambda: {"title": "", "units": []})
    for doc, unit in enumerate(shown):
        page, _, anchor = unit.url.partition("#")
        if not anchor and page not in homes:
            files[page]["title"] = unit.title
        files[homes.get(page, page)]["units"].append([doc, shown_title(unit), unit.summary])
    return files


def display_row(shown, displays, doc):
    """[unit number, title (shown_title), summary, page title]: what a result shows, in the edition's
    language."""
    unit = shown[doc]
    page = unit.url.split("#")[0]
    return [doc, shown_title(unit), unit.summary, displays[page]["title"] if page in displays else unit.title]


class AllEditions:
    """The units of every edition, looked up by URL."""

    def __init__(self, units_by_edition):
        self.units_by_edition = units_by_edition

    def versions(self, url):
        return [units[url] for units in self.units_by_edition.values() if url in units]

    def headings(self, url):
        """A section's title after its page's title, in each edition, as a reader sees it:
        "Broadcasting" > "The rules" answers "broadcasting rules"."""
        page = url.split("#")[0]
        if self[url].kind != "section":
            return []
        return [f"{units[page].title} {units[url].title}" for units in self.units_by_edition.values()
                if url in units and page in units]

    def __getitem__(self, url):
        return self.versions(url)[0]


def vocabulary(units_by_edition, learners_words=(), cache=None):
    """``{letter: words}``: every word of the index as readers write it (a dotted name as its
    parts; the learners' words too), by first letter, most frequent first. The browser loads a
    letter's words only when a query has an unknown word starting with it, to correct a typo and
    to suggest terms. A unit's words are kept in ``cache``."""
    def counted(text):
        return Counter(word for word in surface_words(text) if "." not in word)

    cache = cache or Cache()
    counts = Counter()
    for text in [f"{unit.name} {unit.title} {unit.text}" for units in units_by_edition.values()
                 for unit in units.values()] + [" ".join(learners_words)]:
        counts.update(cache.get("words", text, lambda: counted(text)))
    by_letter = defaultdict(list)
    for word, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        by_letter[word[0]].append(word)
    return by_letter


def compact(data):
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def search_script(code, meta):
    """The search page's script: the search code (minified) with the table written in, so a cold
    query starts with one download instead of two (meta.json stays, for the tools that read it)."""
    return f"{code}\nTorchrefSearch.preload({compact(meta)});\n"


def write_file(path, data):
    """Write only what changed: an unchanged index file keeps its date (and its cache on the host).
    ``data`` is JSON data, or the text of a script."""
    text = data if isinstance(data, str) else compact(data)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def undocumented_names(torch_names, documented):
    """``{file: {name: official page}}`` of the torch names without an entry here, by the shard of
    their last part (as the browser computes it from a query: ``nn.LSTM``'s is that of ``lstm``)."""
    files = {f"api/{number}.json": {} for number in range(API_SHARDS)}
    for name, page in torch_names.items():
        if name not in documented:
            files[f"api/{fnv1a(name.rpartition('.')[2].lower()) % API_SHARDS}.json"][name] = page
    return files


def build_search_index(site_dir, units_files, glossary_path=None, keywords=None, torch_names=None, cache_path=None):
    """Write ``<edition>/_search/`` for every edition of the site from the units each edition's
    build collected (``{edition: units file}``), the learners' words (``keywords.load()``) and the
    public names of torch (``torch_names.read_names``); returns the unit count. With ``cache_path``,
    what the last build computed for an unchanged unit is taken from there (cache.py)."""
    cache = Cache(cache_path, cache_version(glossary_path))
    units_by_edition = {edition: read_units(path) for edition, path in units_files.items()}
    every = AllEditions(units_by_edition)
    glossary = Glossary.load(glossary_path)
    urls = sorted(set().union(*units_by_edition.values()))  # one page's units stay together
    titles = [unit_titles(every, url, glossary) for url in urls]
    sizes = [title_sizes(its + every.headings(url)) for url, its in zip(urls, titles)]
    errors = specific_errors(every, urls)
    words = learner_words.by_url(keywords or {}, {url: every[url] for url in urls})
    scores = []
    for url, its in zip(urls, titles):
        inputs = (its, errors[url], words.get(url, []))
        key = (tuple((v.name, v.title, v.text) for v in every.versions(url)), tuple(every.headings(url)),
               *map(tuple, inputs))  # all that unit_fields reads
        scores.append(cache.get("unit", key, lambda: unit_scores(unit_fields(every, url, glossary, *inputs))))
    postings = {term: bounded(posting) for term, posting in weights(scores).items()}
    busy = busy_characters(postings)
    by_file = defaultdict(dict)
    for term, posting in postings.items():
        for name in index_files(term, SHARDS, busy):
            by_file[name][term] = posting
    common = sorted(term for term, posting in postings.items() if isinstance(posting, dict))
    concepts = glossary.concepts(postings)
    printed = error_units([errors[url] for url in urls], set(common), busy,
                          {term for its, _ in concepts.values() for term in its})
    texts = [f"{unit.title}\n{unit.text}" for units in units_by_edition.values() for unit in units.values()]
    chinese_words = [term for _, chinese, *_ in glossary.raw for term in chinese]
    in_words = word_filter(specific_pairs(texts + chinese_words + [" ".join(its) for its in words.values()],
                                          chinese_words, postings, cache))
    vocabularies = vocabulary(units_by_edition, [word for its in words.values() for word in its], cache)
    code = rjsmin.jsmin(SCRIPT.read_text(encoding="utf-8"))
    pinyin = json.loads(PINYIN.read_text(encoding="utf-8"))
    missing = undocumented_names(torch_names or {}, {unit.name for units in units_by_edition.values()
                                                             for unit in units.values() if unit.kind == "api"})
    for edition, units in units_by_edition.items():
        out = site_dir / edition / "_search"
        shown = [units.get(url) or every[url] for url in urls]
        homes = example_homes(shown)
        meta = {"shards": SHARDS, "apiShards": API_SHARDS, "busy": busy, "glossary": glossary.packed(),  # lets the browser highlight "stride" for 步长
                "common": common, "wordFilter": in_words, **document_table(shown, sizes, homes)}
        files = {"meta.json": meta, "search.js": search_script(code, meta), "pinyin.json": pinyin, **missing}
        displays = page_files(shown, homes)
        files.update((name, {"postings": by_file[name], "rows": [
            display_row(shown, displays, doc) for doc in sorted(printed[name])]}) for name in INDEX_FILES)
        files.update((f"vocabulary/{letter}.json", letter_words) for letter, letter_words in vocabularies.items())
        files.update((f"c/{key}.json", {"postings": its, "rows": [display_row(shown, displays, doc) for doc in strongest]})
                     for key, (its, strongest) in concepts.items())
        files.update((f"p/{page.removesuffix('.html')}.json", display) for page, display in displays.items())
        for name, data in files.items():
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            write_file(out / name, data)
        for stale in {p for p in out.rglob("*") if p.is_file()} - {out / name for name in files}:
            stale.unlink()
        for folder in sorted((p for p in out.rglob("*") if p.is_dir()), reverse=True):  # a removed page's
            if not any(folder.iterdir()):
                folder.rmdir()
    cache.save()
    return len(urls)
