"""What a pass over the built files found in each, kept between builds.

The stylesheet purge and the icon trim scan every page of an edition (tens of megabytes) on every
build, although an incremental build writes a handful. Each keeps what it found in each file here,
keyed by the file's size and modification time (as ``make`` judges a file), and scans again only the
files that changed since. (The icon trim runs before the purge rewrites the links of the pages it
wrote: the purge keeps the trim's findings of those pages current, ``rewritten``.)
"""

import json
from pathlib import Path


class FileScans:
    def __init__(self, path, version):
        """``path``: where the findings are kept (``None``: nowhere, every file is scanned); ``version``:
        what they depend on besides the files (a change of it, such as the scanning code's, drops
        every finding)."""
        self.path = Path(path) if path else None
        self.version = version
        kept = json.loads(self.path.read_text(encoding="utf-8")) if self.path and self.path.exists() else {}
        self.kept = kept.get("files", {}) if kept.get("version") == version else {}
        self.now = {}
        self.scanned = 0  # files scanned this time (the others' findings were kept)

    @staticmethod
    def stamp(file):
        stat = file.stat()
        return f"{stat.st_size}:{stat.st_mtime_ns}"

    def is_current(self, file):
        found = self.kept.get(str(file))
        return found is not None and found[0] == self.stamp(file)

    def findings(self, file, scan):
        """``scan(text)`` of the file (JSON-serialisable), read again only if the file changed."""
        key = str(file)
        if self.is_current(file):
            self.now[key] = self.kept[key]
        else:
            self.now[key] = [self.stamp(file), scan(file.read_text(encoding="utf-8", errors="ignore"))]
            self.scanned += 1
        return self.now[key][1]

    def rewritten(self, file):
        """The file was rewritten after it was scanned, with the same findings."""
        if str(file) in self.now:
            self.now[str(file)][0] = self.stamp(file)

    def save(self):
        """Keep the findings of the files scanned or looked up this time (files gone since are forgotten)."""
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps({"version": self.version, "files": self.now}), encoding="utf-8")


def kept_by_stamp(kept, files, compute, stamp=FileScans.stamp):
    """``{str(file): (stamp, compute(file))}`` for ``files``, each taken from ``kept`` (such a dict of an
    earlier build, kept in Sphinx's environment) while the file's ``stamp`` is the same: FileScans'
    rule, for what is parsed from a file rather than scanned from its text."""
    now = {}
    for file in files:
        mark, last = stamp(file), kept.get(str(file))
        now[str(file)] = last if last is not None and last[0] == mark else (mark, compute(file))
    return now
