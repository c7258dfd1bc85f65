"""Terms of the search index; ``static/torchref-search.js`` implements the same rules.

English words are lower-cased and stemmed by a few suffix rules, so that
"concatenates" and "concatenation" meet "concatenate". Dotted and underscored
API names are kept whole as well as split. Chinese has no spaces: every run
of Han characters is indexed as its characters and its overlapping pairs of
characters, so any compound (张量拼接, 最大值的索引) is found without a
dictionary, at index and at query time alike.
"""

import re
from functools import lru_cache

WORD = re.compile(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*")
HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
STOPWORDS = frozenset(
    "a an and are as at be by for from has have in is it its of on or that the this to was "
    "were which with you your can not no how why what when where do does did i my we should".split()
)
IRREGULAR = {"indices": "index", "matrices": "matrix", "vertices": "vertex", "children": "child"}
SUFFIXES = ("ations", "ation", "ions", "ion", "ings", "ing", "edly", "ied", "ies", "ed", "es", "ly", "s", "e")
KEEP_DOUBLE = set("lsz")


BRITISH = ((re.compile(r"is(e|ed|es|ing|ation|ations)$"), r"iz\1"), (re.compile(r"(?<=.{3})our$"), "or"))


@lru_cache(maxsize=None)  # a site's ~360,000 words are ~20,000 distinct ones
def stem(word):
    """A light English stemmer: enough to join the forms of one word, never aggressive.

    British spellings meet American ones (initialise/initialize, behaviour/behavior).
    """
    if word in IRREGULAR:
        return IRREGULAR[word]
    if len(word) <= 3 or not word.isalpha():
        return word
    for pattern, replacement in BRITISH:
        word = pattern.sub(replacement, word)
    for suffix in SUFFIXES:
        if not word.endswith(suffix) or len(word) - len(suffix) < 3:
            continue
        if suffix == "s" and word.endswith(("ss", "us", "is")):
            continue
        base = word[: -len(suffix)]
        if suffix in ("ion", "ions") and not base.endswith(("t", "s")):
            continue
        if suffix in ("ied", "ies"):
            return base + "y"
        if suffix in ("ations", "ation"):
            return base + "at"
        if suffix in ("ing", "ings", "ed", "edly") and len(base) > 3 and base[-1] == base[-2] \
                and base[-1] not in KEEP_DOUBLE and base[-1] not in "aeiou":
            base = base[:-1]
        return base.rstrip("e") if len(base) > 3 else base
    return word


def english_terms(text):
    """Stemmed words, plus whole dotted or underscored names (``torch.cat``, ``one_hot``)."""
    terms = []
    for match in WORD.finditer(text.lower()):
        token = match.group()
        if "." in token:
            terms.append(token)
        for name in token.split("."):
            if "_" in name.strip("_"):
                terms.append(name)
            for word in name.split("_"):
                if word and word not in STOPWORDS:
                    terms.append(stem(word))
    return terms


def chinese_terms(text):
    """Each Han character and each overlapping pair of them."""
    terms = []
    for run in HAN_RUN.findall(text):
        terms.extend(run)
        terms.extend(run[i : i + 2] for i in range(len(run) - 1))
    return terms


def terms(text):
    return english_terms(text) + chinese_terms(text)


def query_terms(text):
    """The distinct terms the browser looks up for ``text`` typed as a query: Chinese as pairs only
    (a lone character stands for itself, and so does one between two stop characters, 是零的, not
    one itself: looked_up drops its pairs)."""
    found = english_terms(text)
    for run in HAN_RUN.findall(text):
        if len(run) == 1:
            found.append(run)
            continue
        stop = [char in STOP_CHARACTERS for char in run]
        found.extend(char for i, char in enumerate(run)
                     if not stop[i] and 0 < i < len(run) - 1 and stop[i - 1] and stop[i + 1])
        found.extend(run[i : i + 2] for i in range(len(run) - 1))
    return list(dict.fromkeys(found))


def surface_words(text):
    """The words a reader types, as written (lower-cased, unstemmed): whole dotted names and
    their parts, for the browser's typo tolerance (``unsqeeze`` -> ``unsqueeze``)."""
    words = []
    for match in WORD.finditer(text.lower()):
        token = match.group()
        parts = token.split(".")
        if len(parts) > 1:
            words.append(token)
        words.extend(part for part in parts if len(part) > 2 and part[0].isalpha())
    return words


# Characters that join words or ask rather than name anything: a query's Chinese pairs holding
# one (值的, 的索, 如何, 什么) are not looked up, unless nothing else is left.
STOP_CHARACTERS = frozenset("的了是在把被与或及何么吗呢怎什")


def is_chinese_pair(term):
    return len(term) == 2 and bool(HAN_RUN.fullmatch(term))


def looked_up(terms):
    """The query terms whose postings the browser fetches: not the pairs of a stop character, nor
    numbers (the sizes in a pasted error are the reader's), unless nothing else is left."""
    kept = [t for t in terms if not (is_chinese_pair(t) and STOP_CHARACTERS & set(t))
            and not t.isdigit()]
    return kept or terms


def rarity(term):
    """How rare a term is likely to be, without its count (the browser reads a long query's rarest
    terms first): a longer word is (a Chinese pair as a word of four letters); the class of an
    exception or a warning (RuntimeError, UserWarning: stemmed, userwarn) is in every pasted error,
    and what starts with a digit is mostly the reader's own sizes (64x784)."""
    if re.fullmatch(r"[a-z]*(error|warn)", term) or term[:1].isdigit():
        return 0
    return 4 if HAN_RUN.search(term) else len(term)


def concept_key(first_item):
    """The name of a glossary entry's file, from its first English item: ``label smoothing`` ->
    ``label-smoothing``; the browser computes the same."""
    return re.sub(r"[^a-z0-9]+", "-", first_item.lower()).strip("-")


def fnv1a(text):
    """FNV-1a (32 bits) over the code points of ``text``; the browser computes the same."""
    value = 2166136261
    for char in text:
        value = ((value ^ ord(char)) * 16777619) & 0xFFFFFFFF
    return value


def index_files(term, shards, busy=""):
    """The files that have a term's postings: the shard of its last word (shard_of), or for a
    Chinese pair the pair file of each of its two characters. The pairs of a Chinese query overlap
    (张量, 量放, 放到): read from the files of every other character, two pairs cost one download.
    A stop character's pairs are seldom read, and a busy character (``busy``: one in very many pairs)
    would make a heavy file: their files are the other character's, or the pair's own shard. The
    browser reads one of them (pairFiles)."""
    if is_chinese_pair(term):
        chars = [char for char in term if char not in STOP_CHARACTERS and char not in busy]
        if chars:
            return sorted({f"pairs-{fnv1a(char) % shards}.json" for char in chars})
    return [f"shard-{shard_of(term, shards)}.json"]


def shard_of(term, shards):
    """FNV-1a of the last word of a dotted or underscored name (``torch.cat`` is in the shard of
    ``cat``, ``one_hot`` in that of ``hot``: a name and its last word cost one download), or of the
    term itself. The browser computes the same."""
    return fnv1a(re.split(r"[._]", term.strip("._"))[-1] or term) % shards
