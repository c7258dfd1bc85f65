"""What the search index computes for one unit, or one run of Chinese, kept from one build to the next.

A unit's terms and their saturation (index.py's unit_scores) and its words for the typo vocabulary
depend only on its own texts, and a run of Chinese's words only on the run: after an edit, most of
them are what the last build computed.
Entries are keyed by everything they are computed from; the whole cache is dropped when the code
that computes them, the glossary or jieba changes (``version``). Only the entries this build used are
written back, so the file does not grow with what was removed.
"""

import hashlib
import pickle
from pathlib import Path

import jieba


def version(glossary_path=None):
    """A fingerprint of what every entry depends on besides its key."""
    digest = hashlib.sha256(jieba.__version__.encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.read_bytes())
    if glossary_path:
        digest.update(Path(glossary_path).read_bytes())
    return digest.hexdigest()


class Cache:
    """``cache.get(kind, key, compute)``: the value kept for ``key``, or ``compute()``'s. Without a
    path it keeps nothing (a build without a cache computes everything, as before)."""

    def __init__(self, path=None, version=""):
        self.path = Path(path) if path else None
        self.version = version
        self.kept = {}
        if self.path and self.path.exists():
            try:
                with self.path.open("rb") as file:
                    saved = pickle.load(file)
            except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
                saved = None  # an unreadable cache is rebuilt, never trusted
            if isinstance(saved, dict) and saved.get("version") == version:
                self.kept = saved["entries"]
        self.used = {}
        self.computed = 0

    def get(self, kind, key, compute):
        # a digest, not the key: the texts of both editions would make most of the file
        entry = hashlib.blake2b(pickle.dumps((kind, key), protocol=pickle.HIGHEST_PROTOCOL), digest_size=16).digest()
        if entry in self.used:
            return self.used[entry]
        value = self.kept.get(entry)
        if value is None:
            value = compute()
            self.computed += 1
        self.used[entry] = value
        return value

    def save(self):
        if not self.path:
            return
        partial = self.path.with_name(self.path.name + ".partial")
        with partial.open("wb") as file:
            pickle.dump({"version": self.version, "entries": self.used}, file, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(self.path)
