"""Which Chinese pairs lie inside a word: the browser reads those of a long question first.

The index has every pair of Chinese characters, so no dictionary is needed at query time; but a long
question (多进程读取数据时每个进程的随机种子都一样) has more pairs than the browser reads files for,
and half of them straddle two words (多进, 程读, 子都). At build time jieba cuts the site's Chinese
into words (its dictionary, the glossary's terms added); the pairs inside a word that at most
SPECIFIC_UNITS units use go into a Bloom filter in the search table (3.8 KB), which the browser
asks before it picks the files to read. A word more units use (数据, 结果) says less about which
unit is meant, and is read with the pairs across words.
"""

import base64
import logging
import marshal
import math

import jieba

from .cache import Cache
from .text import HAN_RUN, fnv1a

# A word that more units use than this (about 7% of today's units) is too general to read first.
SPECIFIC_UNITS = 60
# Bits per pair and hashes: about 2-3% of the other pairs also pass the filter.
BITS_PER_PAIR = 8
HASHES = 6


def inner_pairs(texts, words=(), cache=None):
    """The pairs of characters inside a word of ``texts``, cut by jieba's dictionary with ``words``
    (the glossary's terms) added; no guessing of unknown words: only these words count. A run's
    pairs are kept in ``cache`` (cache.py), whose version covers the glossary."""
    cache = cache or Cache()
    cutter = None

    def pairs_of(run):
        nonlocal cutter
        if cutter is None:  # only for a run not cut before
            cutter = tokenizer(words, cache)
        return {word[i : i + 2] for word in cutter.cut(run, HMM=False) for i in range(len(word) - 1)}

    found = set()
    for run in {run for text in texts for run in HAN_RUN.findall(text)}:  # each once: the editions share many
        found.update(cache.get("pairs", run, lambda: pairs_of(run)))
    return found


def tokenizer(words, cache):
    """jieba's tokenizer with ``words`` added. Loading jieba's dictionary takes a second; its words
    with ``words`` are kept beside the cache (``cache.path``), a fifth of that to load."""
    kept = cache.path.with_name(cache.path.stem + "-dictionary.marshal") if cache.path else None
    made_from = [cache.version, list(words)]
    cutter = jieba.Tokenizer()
    if kept and kept.exists():
        try:
            version, frequencies, total = marshal.loads(kept.read_bytes())
        except (ValueError, EOFError, TypeError):  # unreadable: made again
            version = None
        if version == made_from:
            cutter.FREQ, cutter.total, cutter.initialized = frequencies, total, True
            return cutter
    jieba.setLogLevel(logging.WARNING)  # not its "Building prefix dict" lines in every build's output
    cutter.initialize()
    for word in words:
        cutter.add_word(word)
    if kept:
        kept.write_bytes(marshal.dumps((made_from, cutter.FREQ, cutter.total)))
    return cutter


def positions(pair, size, hashes=HASHES):
    """The filter's bits for a pair: FNV-1a of it and a second hash from that (double hashing); the
    browser computes the same (torchref-search.js, wordPairFilter)."""
    first = fnv1a(pair)
    second = ((first * 0x9E3779B1) & 0xFFFFFFFF) | 1
    return [(first + i * second) % size for i in range(hashes)]


def word_filter(pairs):
    """``{"bits": base64, "hashes": k}``: a Bloom filter of ``pairs``, its size a whole number of bytes."""
    size = 8 * max(1, math.ceil(len(pairs) * BITS_PER_PAIR / 8))
    bits = bytearray(size // 8)
    for pair in sorted(pairs):
        for position in positions(pair, size):
            bits[position >> 3] |= 1 << (position & 7)
    return {"bits": base64.b64encode(bytes(bits)).decode("ascii"), "hashes": HASHES}


def specific_pairs(texts, words, postings, cache=None):
    """The pairs inside a word that the index has, in at most SPECIFIC_UNITS units (an over-common
    pair's postings are cut to its strongest: ``{"top": ...}``)."""
    return {pair for pair in inner_pairs(texts, words, cache)
            if isinstance(postings.get(pair), list) and len(postings[pair]) // 2 <= SPECIFIC_UNITS}


def passes(kept, pair):
    """Whether ``pair`` passes the filter ``kept`` (the browser's wordPairFilter asks the same)."""
    bits = base64.b64decode(kept["bits"])
    return all(bits[position >> 3] & (1 << (position & 7))
               for position in positions(pair, 8 * len(bits), kept["hashes"]))
