"""Executed-output records: the one place that knows their layout, their format and when they are current.

A record holds what one runner printed for the labelled cells of one gallery
script. The executing build (English, ``plot_gallery`` on) writes them; every
other build (the Chinese edition) and the import and merge scripts only read
them, so both editions show the same, single execution.

Layout: ``<project>/_build/executed/<runner name>/<area>/<script>.json``.
Another runner's records (a GPU job's) are imported by copying its folder in;
pages then show every runner's output of each cell.

Kept records: ``<project>/records/<runner name>/<area>/<script>.json``, in the
same format, are committed to the repository (``make gpu-records`` writes them
on a machine with a GPU, see ``records/README.md``). Every build reads them as
one more runner's records; no build writes them.

This module also knows sphinx-gallery's layout: where the gallery scripts are,
which page it generates for each, and which files it writes for each.
"""

import copy
import hashlib
import json
import runpy
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

# Raise when the record format changes: older records then count as stale and are re-made.
RECORD_VERSION = 3
RECORDS_DIR = Path("_build") / "executed"
KEPT_DIR = Path("records")  # committed records of runners the build machines lack (a GPU's)


def md5_of(path):
    return hashlib.md5(Path(path).read_bytes()).hexdigest()


@dataclass(frozen=True)
class Cell:
    """One labelled cell: its code and what the runner printed and drew."""

    labels: tuple
    lineno: int  # the first source line of the code block, as sphinx-gallery counts it
    code: str
    output: str = ""
    images: tuple = ()  # docname-style paths of the figures, e.g. /examples/area/images/x.png


@dataclass
class Record:
    """What one runner printed for one gallery script."""

    source: str  # the script, relative to the project: gallery/<area>/plot_x.py
    source_md5: str
    page: str  # the docname of sphinx-gallery's page for the script
    runner: dict  # the stamp of torchref.runner.current_runner()
    executed: str  # when, ISO 8601 UTC
    cells: list = field(default_factory=list)
    not_executed: str = ""  # the device this runner lacks, when it could not run the script
    version: int = RECORD_VERSION

    @property
    def runner_name(self):
        return self.runner["name"]

    def matches(self, script_md5):
        """Made, in this format, from the script as it is now."""
        return self.version == RECORD_VERSION and self.source_md5 == script_md5

    def is_current(self, script_md5, torch_version):
        """Current for a runner with ``torch_version``: a new torch re-executes everything."""
        return self.matches(script_md5) and self.runner["torch"] == torch_version

    def to_json(self):
        return json.dumps(asdict(self), indent=1, ensure_ascii=False, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text):
        data = json.loads(text)
        if data.get("version") != RECORD_VERSION:
            return None  # another format: stale, never half-read
        data["cells"] = [Cell(**{**c, "labels": tuple(c["labels"]), "images": tuple(c["images"])})
                         for c in data["cells"]]
        return cls(**data)


@dataclass(frozen=True)
class Script:
    """A gallery script and what sphinx-gallery makes of it."""

    path: Path  # absolute
    source: str  # relative to the project, posix
    page: str  # docname of its generated page
    generated_dir: Path  # sphinx-gallery's output folder for the script's area

    @property
    def stem(self):
        return self.path.stem

    def md5(self):
        return md5_of(self.path)

    def generated_files(self):
        """Every file sphinx-gallery wrote for this script: its page, downloads, cache and figures."""
        yield from sorted(self.generated_dir.glob(f"{self.stem}.*"))
        yield from sorted((self.generated_dir / "images").glob(f"sphx_glr_{self.stem}_*"))
        yield from sorted((self.generated_dir / "images" / "thumb").glob(f"sphx_glr_{self.stem}_thumb.*"))


class Gallery:
    """The gallery scripts of a project, in sphinx-gallery's order, with the records of every runner."""

    def __init__(self, project, srcdir, examples_dirs, gallery_dirs, records_dir=RECORDS_DIR):
        self.project = Path(project).resolve()
        self.srcdir = srcdir = Path(srcdir).resolve()
        self.records_root = self.project / records_dir
        self.kept_root = self.project / KEPT_DIR
        self.pairs = [((srcdir / e).resolve(), (srcdir / g).resolve()) for e, g in zip(examples_dirs, gallery_dirs)]
        self.scripts = [self._script(path, examples_dir, gallery_dir)
                        for examples_dir, gallery_dir in self.pairs
                        for path in sorted(examples_dir.rglob("plot_*.py"))]
        self.by_source = {s.source: s for s in self.scripts}
        self.by_page = {s.page: s for s in self.scripts}

    def _script(self, path, examples_dir, gallery_dir):
        relative = path.relative_to(examples_dir)
        return Script(
            path=path,
            source=path.relative_to(self.project).as_posix(),
            page=(gallery_dir / relative).with_suffix("").relative_to(self.srcdir).as_posix(),
            generated_dir=gallery_dir / relative.parent,
        )

    def deleted_scripts(self):
        """Scripts that sphinx-gallery made a page for but that no longer exist."""
        for examples_dir, gallery_dir in self.pairs:
            for page in sorted(gallery_dir.rglob("plot_*.rst")):
                path = examples_dir / page.relative_to(gallery_dir).with_suffix(".py")
                if not path.exists():
                    yield self._script(path, examples_dir, gallery_dir)

    def forget(self, script):
        """Remove what sphinx-gallery generated for a script and every runner's record of it."""
        for path in [*script.generated_files(), *(self.record_path(n, script) for n in self.runner_names())]:
            path.unlink(missing_ok=True)

    @classmethod
    def of_app(cls, app):
        conf = app.config.sphinx_gallery_conf
        return cls(project_of(app), app.srcdir, conf["examples_dirs"], conf["gallery_dirs"],
                   app.config.torchref_records_dir)

    @classmethod
    def of_project(cls, project, records_dir=RECORDS_DIR):
        """For the command-line tools: the gallery as the project's ``conf.py`` declares it, with its
        records in ``records_dir`` (relative to the project, or absolute)."""
        conf = runpy.run_path(str(Path(project) / "conf.py"))
        gallery = conf["sphinx_gallery_conf"]
        return cls(project, Path(project) / "docs", gallery["examples_dirs"], gallery["gallery_dirs"], records_dir)

    def at(self, root):
        """The same scripts with their records and generated files under another folder: a shard's
        checkout, or the outputs a CI job uploaded (``_build/executed`` and ``docs/examples``)."""
        moved = copy.copy(self)
        moved.records_root = Path(root).resolve() / RECORDS_DIR
        moved.kept_root = None  # only what that build executed: the kept records are this checkout's
        moved.scripts = [replace(s, generated_dir=Path(root).resolve() / s.generated_dir.relative_to(self.project))
                         for s in self.scripts]
        moved.by_source = {s.source: s for s in moved.scripts}
        moved.by_page = {s.page: s for s in moved.scripts}
        return moved

    # -- records ------------------------------------------------------------------------------

    def record_path(self, runner_name, script, root=None):
        for examples_dir, _ in self.pairs:
            if examples_dir in script.path.parents:
                relative = script.path.relative_to(examples_dir).with_suffix(".json")
                return (root or self.records_root) / runner_name / relative
        raise ValueError(f"{script.path} is not in a gallery folder")

    def kept_path(self, runner_name, script):
        return self.record_path(runner_name, script, self.kept_root)

    def runner_names(self):
        """The runners whose records this build keeps in ``_build/executed`` (its own, imported ones)."""
        return _folders(self.records_root)

    def kept_runner_names(self):
        """The runners with records committed under ``records/``."""
        return _folders(self.kept_root)

    def read(self, runner_name, script):
        return _read(self.record_path(runner_name, script))

    def read_kept(self, runner_name, script):
        return _read(self.kept_path(runner_name, script)) if self.kept_root else None

    def write(self, record):
        """Write a record; returns whether the file changed (an unchanged record is not rewritten)."""
        path = self.record_path(record.runner_name, self.by_source[record.source])
        text = record.to_json()
        if path.exists() and path.read_text(encoding="utf-8") == text:
            return False
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return True

    def records_of(self, script):
        """``[(record, current)]``: every runner's record of a script, and whether it matches the source.
        A runner with both a record of this build's and a kept one (a GPU job that executed what is
        also kept) shows one: the build's if it is current, else the kept one if that is."""
        md5 = script.md5()
        found = []
        for name in sorted({*self.runner_names(), *self.kept_runner_names()}):
            records = [r for r in (self.read(name, script), self.read_kept(name, script)) if r is not None]
            if records:
                record = next((r for r in records if r.matches(md5)), records[0])
                found.append((record, record.matches(md5)))
        return found

    def fingerprint(self, script):
        """Changes whenever any runner's record of the script changes, kept ones included (or the script)."""
        digest = hashlib.md5(script.md5().encode())
        for name in self.runner_names():
            path = self.record_path(name, script)
            if path.exists():
                digest.update(name.encode() + path.read_bytes())
        for name in self.kept_runner_names():
            path = self.kept_path(name, script)
            if path.exists():
                digest.update(b"kept " + name.encode() + path.read_bytes())
        return digest.hexdigest()

    def import_records(self, folder):
        """Copy another runner's records in; returns (runner name, imported sources, refused sources).
        A record of a script that changed since that runner executed it is refused by name."""
        imported, refused, name = [], [], None
        for path in sorted(Path(folder).rglob("*.json")):
            record = Record.from_json(path.read_text(encoding="utf-8"))
            script = self.by_source.get(record.source) if record else None
            if record is None or script is None or not record.matches(script.md5()):
                refused.append(record.source if record else str(path))
                continue
            name = record.runner_name
            self.write(record)
            imported.append(record.source)
        return name, imported, refused


def _folders(root):
    return sorted(p.name for p in root.glob("*") if p.is_dir()) if root and root.is_dir() else []


def _read(path):
    try:
        return Record.from_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None


# -- a build's view of the records --------------------------------------------------------------

def project_of(app):
    """The project folder: gallery sources and records are named from it. The folder of ``conf.py``,
    unless ``torchref_project`` says otherwise (the records-only build of ``make gpu-records``)."""
    return Path(app.config.torchref_project or app.confdir).resolve()


def gallery(app):
    """The project's gallery, one per build process."""
    if not hasattr(app, "_torchref_gallery"):
        app._torchref_gallery = Gallery.of_app(app)
    return app._torchref_gallery


def runs_of(app, source):
    """``[(record, current)]`` of every runner for a script, read once per build."""
    if not hasattr(app, "_torchref_runs"):
        app._torchref_runs = {}
    if source not in app._torchref_runs:
        app._torchref_runs[source] = gallery(app).records_of(gallery(app).by_source[source])
    return app._torchref_runs[source]


def printed(app, source, lineno):
    """What the cell at ``lineno`` printed on each runner that executed the current script."""
    return [next((c.output for c in record.cells if c.lineno == lineno), "") or ""
            for record, current in runs_of(app, source) if current and not record.not_executed]
