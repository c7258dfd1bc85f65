"""Executed-output records: the one place that knows their layout, their format and when they are current.

A record holds what one runner printed for the labelled cells of one gallery
script. The executing build (English, ``plot_gallery`` on) writes them; every
other build (the Chinese edition) and the import and merge scripts only read
them, so both editions show the same, single execution.

Layout: ``<project>/_build/executed/<runner name>/<area>/<script>.json``.
Another runner's records (a GPU job's) are imported by copying its folder in;
pages then show every runner's output of each cell.

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

    def __init__(self, project, srcdir, examples_dirs, gallery_dirs):
        self.project = Path(project).resolve()
        self.srcdir = srcdir = Path(srcdir).resolve()
        self.records_root = self.project / RECORDS_DIR
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
        return cls(app.confdir, app.srcdir, conf["examples_dirs"], conf["gallery_dirs"])

    @classmethod
    def of_project(cls, project):
        """For the command-line tools: the gallery as the project's ``conf.py`` declares it."""
        conf = runpy.run_path(str(Path(project) / "conf.py"))
        gallery = conf["sphinx_gallery_conf"]
        return cls(project, Path(project) / "docs", gallery["examples_dirs"], gallery["gallery_dirs"])

    def at(self, root):
        """The same scripts with their records and generated files under another folder: a shard's
        checkout, or the outputs a CI job uploaded (``_build/executed`` and ``docs/examples``)."""
        moved = copy.copy(self)
        moved.records_root = Path(root).resolve() / RECORDS_DIR
        moved.scripts = [replace(s, generated_dir=Path(root).resolve() / s.generated_dir.relative_to(self.project))
                         for s in self.scripts]
        moved.by_source = {s.source: s for s in moved.scripts}
        moved.by_page = {s.page: s for s in moved.scripts}
        return moved

    # -- records ------------------------------------------------------------------------------

    def record_path(self, runner_name, script):
        for examples_dir, _ in self.pairs:
            if examples_dir in script.path.parents:
                return self.records_root / runner_name / script.path.relative_to(examples_dir).with_suffix(".json")
        raise ValueError(f"{script.path} is not in a gallery folder")

    def runner_names(self):
        return sorted(p.name for p in self.records_root.glob("*") if p.is_dir()) if self.records_root.is_dir() else []

    def read(self, runner_name, script):
        path = self.record_path(runner_name, script)
        try:
            return Record.from_json(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None

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
        """``[(record, current)]``: every runner's record of a script, and whether it matches the source."""
        md5 = script.md5()
        found = []
        for name in self.runner_names():
            record = self.read(name, script)
            if record is not None:
                found.append((record, record.matches(md5)))
        return found

    def fingerprint(self, script):
        """Changes whenever any runner's record of the script changes (or the script itself)."""
        digest = hashlib.md5(script.md5().encode())
        for name in self.runner_names():
            path = self.record_path(name, script)
            if path.exists():
                digest.update(name.encode() + path.read_bytes())
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


# -- a build's view of the records --------------------------------------------------------------

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
