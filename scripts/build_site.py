"""Build the whole site into ``_build/site``: both editions, the search index, the entry pages, the sitemap
and the offline archives, doing again only what changed since the last build.

Each edition is a Sphinx build with its own persistent environment
(``_build/doctrees/<edition>``) and output (``_build/html/<edition>``), so an
edit re-reads only what depends on it. The English build executes the gallery
examples whose records are not current; the Chinese build starts beside it, and
reuses the records (``plot_gallery=0``) once they are written. When
both succeeded, the search index is merged from the units each build collected,
and ``_build/html`` is copied into ``_build/site`` file by file, only where the
bytes differ: a failed build never leaves a half-built site behind.
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from torchref.editions import EDITIONS  # noqa: E402
from torchref.records import Gallery, Record  # noqa: E402
from torchref.search import build_search_index, keywords  # noqa: E402
from torchref.search.torch_names import NAMES_FILE, read_names  # noqa: E402
from torchref.search.units import UNITS_FILE  # noqa: E402
from torchref.offline import write_offline_archive  # noqa: E402
from torchref.site import publish, write_entry_pages, write_sitemap  # noqa: E402

BUILD = ROOT / "_build"
HTML = BUILD / "html"
RECORDS = "_build/executed"
SITE = BUILD / "site"
GLOSSARY = ROOT / "locale" / "zh_CN" / "glossary.yaml"
REPORT = BUILD / "last-build.json"
PUBLISHED = BUILD / "published-inputs.json"
# What an edition is built from; an edition whose inputs are as they were after its last successful
# build is not handed to Sphinx at all (Sphinx alone needs seconds just to start and find nothing to do).
# records/ holds the kept outputs of runners this machine is not (records/README.md).
INPUTS = ["conf.py", "requirements.txt", ".venv/.installed", "docs", "gallery", "torchref",
          "locale/zh_CN/glossary.yaml", "records"]
TRANSLATIONS = "locale"  # an input of the translated editions only


def generated(path):
    """Files the build itself writes among its inputs: sphinx-gallery's pages, compiled catalogs."""
    return path.suffix in (".mo", ".pyc") or path.relative_to(ROOT).parts[:2] == ("docs", "examples")


def fingerprint(paths):
    """Names, sizes and modification times of every file under ``paths`` (as make judges them)."""
    digest = hashlib.md5()
    for top in paths:
        top = ROOT / top
        files = sorted(top.rglob("*")) if top.is_dir() else [top]
        for path in files:
            if path.is_file() and not generated(path):
                stat = path.stat()
                digest.update(f"{path.relative_to(ROOT)}|{stat.st_size}|{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def inputs_state(language, args):
    """The sources (before the build) and the records (after it) an edition was built from."""
    options = json.dumps([language, args.site_url, args.examples_pattern, args.shard, sys.version])
    inputs = INPUTS if language == next(iter(EDITIONS)) else INPUTS + [TRANSLATIONS]
    return {"sources": fingerprint(inputs) + options, "records": fingerprint([RECORDS])}


def up_to_date(language, args):
    state = BUILD / f"inputs-{language}.json"
    if not (state.exists() and (HTML / language / "index.html").exists()):
        return False
    return json.loads(state.read_text(encoding="utf-8")) == inputs_state(language, args)


def sphinx_command(language, execute, args):
    command = [
        sys.executable, str(ROOT / "scripts" / "sphinx_build.py"), "-b", "html", "-c", str(ROOT),
        "-d", str(BUILD / "doctrees" / language),
        "-j", "auto",
        "-W", "--keep-going", "-n",
        "-D", f"language={language}",
        "-D", f"torchref_site_url={args.site_url}",
        "-D", f"torchref_examples_pattern={args.examples_pattern}",
        "-D", f"torchref_shard={args.shard}",
    ]
    if not execute:
        command += ["-D", "plot_gallery=0"]
    return command + [str(ROOT / "docs"), str(HTML / language)]


# Sphinx names every file it copies; the reading and writing progress is what tells how far a build is.
# MyST prints its whole configuration on every run. While the examples run, torch's own log lines of
# information and warnings (W1129 12:35:42.567000 3955 .../torch/onnx/...: torchvision is not
# installed) and the profiler's start and stop notes (USDT:... profiler_start) go to the build's
# output, not the examples': they say nothing about the site. torch's errors are still relayed.
NOT_RELAYED = re.compile(r"^(copying (downloadable files|images)|Writing evaluated template result|myst v[\d.]+: "
                         r"|[IW]\d{4} [\d:.]+ +\d+ \S*/torch/|USDT:.*\] profiler_(start|stop)$)")
# the extension's line after sphinx-gallery ran (torchref/execution.py), kept in the build's report
EXECUTION_TIME = re.compile(r"\[torchref\] executed \d+ examples in (?P<seconds>[\d.]+) s")

# Sphinx 8 answers any exception with a crash report: versions, an empty "Last Messages", the last
# frames, and a request to report a Sphinx bug. Our extensions raise ExtensionError for the author's
# mistakes (a failing example, a missing record, a broken label), so the relay keeps the report's
# traceback part, which names the problem, and says where Sphinx saved the whole report.
CRASH_START = re.compile(r"^[A-Z][\w ]* error!$")  # "Extension error!", "Configuration error!", ...
CRASH_SAVED = "The full traceback has been saved in:"
CRASH_END = "Please also report this if it was a user error"


class CrashReport:
    """Condenses Sphinx's crash report, fed line by line, to its traceback and the saved report's path."""

    def __init__(self):
        self.part = None  # None outside a report; else "header", "traceback", "saved" or "end"
        self.lines, self.traceback, self.saved_in = [], [], ""

    def relayed(self, line):
        """The text to print for ``line``: the line itself outside a report, the summary at its end."""
        text = line.strip()
        if self.part is None:
            if not CRASH_START.match(text):
                return line
            self.part, self.lines, self.traceback, self.saved_in = "header", [], [], ""
        self.lines.append(line)
        if text == "Traceback" and self.part == "header":
            self.part = "traceback"
        elif text == CRASH_SAVED:
            self.part = "saved"
        elif self.part == "traceback" and text and set(text) != {"="}:
            self.traceback.append(line.rstrip())
        elif self.part == "saved" and text:
            self.saved_in, self.part = text, "end"
        elif text.startswith(CRASH_END):
            self.part = None
            return ("ERROR:\n" + textwrap.dedent("\n".join(self.traceback)) +
                    f"\n(Sphinx's full report: {self.saved_in})\n")
        return ""

    def unfinished(self):
        """The lines of a report that the output ended in, as they came (nothing is ever swallowed)."""
        return "".join(self.lines) if self.part is not None else ""


def start(language, command, env):
    """Run a build, its output prefixed with the edition, line by line as it comes."""
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, bufsize=1)
    process.execution_seconds = 0.0
    crash = CrashReport()

    def show(text):
        for line in text.splitlines(keepends=True):
            print(f"[{language}] {line}", end="", flush=True)

    def relay():
        for line in process.stdout:
            executed = EXECUTION_TIME.search(line)
            if executed:
                process.execution_seconds = float(executed["seconds"])
            if not NOT_RELAYED.match(line):
                show(crash.relayed(line))
        show(crash.unfinished())

    thread = threading.Thread(target=relay, daemon=True)
    thread.start()
    process.relay = thread
    return process


def finish(process):
    code = process.wait()
    process.relay.join()
    return code


def build_editions(args, languages):
    """Build ``languages`` side by side. The executing edition (the first of all) writes the records;
    the others start at once, load their environments meanwhile, and wait for the records before
    they read anything (torchref/execution.py: wait_for_records).
    Returns the editions that failed and the seconds the examples took to execute."""
    executing = next(iter(EDITIONS))
    ready = BUILD / "records-ready"
    ready.unlink(missing_ok=True)
    started = {}
    if executing in languages:
        print(f"==> {executing} edition: executing the examples whose records are not current", flush=True)
        env = {**os.environ, "TORCHREF_RECORDS_READY": str(ready)}
        started[executing] = start(executing, sphinx_command(executing, True, args), env)
    wait = {"TORCHREF_WAIT_FOR_RECORDS": str(ready)} if executing in started else {}
    for language in languages:
        if language != executing:
            print(f"==> {language} edition: reusing the recorded outputs", flush=True)
            started[language] = start(language, sphinx_command(language, False, args), {**os.environ, **wait})
    stopped = []  # editions that waited for records that will not come: they read nothing
    if executing in started and finish(started[executing]) != 0 and not ready.exists():
        stopped = [language for language, process in started.items() if process.poll() is None]
        for language in stopped:
            started[language].terminate()
    failed = [language for language, process in started.items() if finish(process) != 0]
    for language in set(failed) - set(stopped):
        # Sphinx pickled the environment before the error: the next build must read those pages again
        (BUILD / "doctrees" / language / "environment.pickle").unlink(missing_ok=True)
    return failed, sum(process.execution_seconds for process in started.values())


def snapshot(folder):
    return {p: p.stat().st_mtime_ns for p in folder.rglob("*.html")} if folder.exists() else {}


def executions(gallery):
    """``{record path: executed time}`` of every executed record of every runner."""
    found = {}
    for name in gallery.runner_names():
        for path in (gallery.records_root / name).rglob("*.json"):
            record = Record.from_json(path.read_text(encoding="utf-8"))
            if record is not None and not record.not_executed:
                found[path] = record.executed
    return found


def publish_site(args, languages):
    """The search index, the entry pages, the sitemap and the offline archives, then ``_build/html`` copied
    to ``_build/site`` where bytes differ. Returns the files that changed on the site (None: it failed)."""
    print("==> search index, landing and not-found pages, sitemap", flush=True)
    units = {language: BUILD / "doctrees" / language / UNITS_FILE for language in EDITIONS}
    missing = [language for language, path in units.items() if not path.exists()]
    if missing:
        print(f"FAILED: no search units of the {', '.join(missing)} edition yet: build it once "
              "(make site without EDITION=)", file=sys.stderr)
        return None
    try:
        indexed = build_search_index(HTML, units, GLOSSARY, keywords.load(),
                                     read_names(BUILD / "doctrees" / next(iter(EDITIONS)) / NAMES_FILE),
                                     cache_path=BUILD / "search-cache.pickle")
    except ValueError as err:  # a keywords file or the glossary (naming its file and line), or the table
        print(f"FAILED: {err}", file=sys.stderr)
        return None
    print(f"    {indexed} entries, sections and pages indexed", flush=True)
    write_entry_pages(HTML)
    write_sitemap(HTML, args.site_url)
    for language in languages:
        compressed = write_offline_archive(HTML, SITE, language)
        if compressed is not None:
            print(f"    offline archive of the {language} edition written ({compressed} files compressed anew)",
                  flush=True)
    return publish(HTML, SITE)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-url", default=os.environ.get("TORCHREF_SITE_URL", "http://127.0.0.1:8000/"),
                        help="where the site will be published (canonical URLs, sitemap); default: make serve's")
    parser.add_argument("--examples-pattern", default="",
                        help="a quick partial build: execute only the gallery scripts whose path matches")
    parser.add_argument("--shard", default="",
                        help="k/N: execute the k-th of N shares of the gallery (merge with scripts/merge_shards.py)")
    parser.add_argument("--edition", action="append", default=[],
                        help=f"build only these editions ({', '.join(EDITIONS)}); the first one executes")
    args = parser.parse_args(argv)
    from torchref import check_pattern, check_shard  # the extension's own checks, with its messages
    try:
        check_shard(args.shard)
        check_pattern(args.examples_pattern)
    except Exception as err:
        parser.error(str(err))
    unknown = [e for e in args.edition if e not in EDITIONS]
    if unknown:
        parser.error(f"unknown edition {', '.join(map(repr, unknown))}; the editions are {', '.join(EDITIONS)}")
    languages = args.edition or list(EDITIONS)
    os.environ.setdefault("OMP_NUM_THREADS", "1")  # torch threads and forked workers can hang

    began = time.monotonic()
    gallery = Gallery.of_project(ROOT)
    before = {language: snapshot(HTML / language) for language in languages}
    executed_before = executions(gallery)
    to_build = [language for language in languages if not up_to_date(language, args)]
    for language in sorted(set(languages) - set(to_build)):
        print(f"==> {language} edition: up to date (no input changed since its last build)", flush=True)
    sources = {language: inputs_state(language, args)["sources"] for language in to_build}
    failed, execution_seconds = build_editions(args, to_build)
    if failed:
        print(f"FAILED: the {', '.join(failed)} edition did not build; _build/site was left as it was.",
              file=sys.stderr)
        return 1
    for language in to_build:
        state = {"sources": sources[language], "records": inputs_state(language, args)["records"]}
        (BUILD / f"inputs-{language}.json").write_text(json.dumps(state), encoding="utf-8")
    report = {"executed": sorted(str(p.relative_to(ROOT)) for p, t in executions(gallery).items()
                                 if executed_before.get(p) != t),
              "execution seconds": execution_seconds}
    for language in languages:
        after = snapshot(HTML / language)
        report[f"pages written {language}"] = sum(1 for p, t in after.items() if before[language].get(p) != t)

    # what the published site was made from: the editions' inputs and the address
    published = json.dumps({"site url": args.site_url, **{
        language: (BUILD / f"inputs-{language}.json").read_text(encoding="utf-8")
        for language in EDITIONS if (BUILD / f"inputs-{language}.json").exists()}})
    if not to_build and PUBLISHED.exists() and PUBLISHED.read_text(encoding="utf-8") == published \
            and (SITE / "index.html").exists():
        print("==> the site was published from these very inputs: nothing to index or publish", flush=True)
        changed = []
    else:
        changed = publish_site(args, languages)
        if changed is None:
            return 1
        PUBLISHED.write_text(published, encoding="utf-8")
    report["files published"] = len(changed)
    report["seconds"] = round(time.monotonic() - began, 1)
    REPORT.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    pages = ", ".join(f"{report[f'pages written {language}']} {language}" for language in languages)
    print(f"site ready: {SITE.relative_to(ROOT)}/ in {report['seconds']} s; examples executed: "
          f"{len(report['executed'])}; pages written: {pages}; files changed on the site: {len(changed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
