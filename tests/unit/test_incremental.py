"""Incremental builds: each edit redoes only what depends on it, and ends where a cold build ends."""

import shutil
import subprocess
import sys

from bs4 import BeautifulSoup

from helpers import ROOT
from test_small_sites import EXAMPLE, HEADER, INDEX, build, make_site

PAGES = ("index", "examples/index", "examples/plot_count", "examples/plot_other")


def two_example_site(path):
    site = make_site(path, index=INDEX + "\n```{executed-example} other\n```\n")
    (site / "gallery" / "plot_other.py").write_text(
        EXAMPLE.replace("counting", "other").format(counter=path / "other.txt"))
    messages = site / "locale" / "zh_CN" / "LC_MESSAGES"
    (messages / "examples").mkdir(parents=True)
    for page in PAGES:
        (messages / f"{page}.po").write_text(HEADER)
    return site


def build_both(site):
    for language, execute in (("en", True), ("zh_CN", False)):
        code, log = build(site, language, execute=execute)
        assert code == 0, log
    return log


def runs(path):
    return {name: (path / f"{name}.txt").read_text().count("run") for name in ("runs", "other")}


def page_text(site, language, page):
    """A page as readers see it, without the times that differ from build to build."""
    soup = BeautifulSoup((site / "out" / language / f"{page}.html").read_text(), "html.parser")
    for timed in soup.select(".example-run-information, .sphx-glr-timing, .footer"):
        timed.decompose()
    return str(soup.select_one("div.body") or soup.body)


def test_each_edit_redoes_only_its_part_and_ends_as_a_cold_build(tmp_path):
    site = two_example_site(tmp_path / "site")
    build_both(site)
    assert runs(tmp_path / "site") == {"runs": 1, "other": 1}

    log = build_both(site)  # nothing changed
    assert runs(tmp_path / "site") == {"runs": 1, "other": 1}

    script = site / "gallery" / "plot_count.py"
    script.write_text(script.read_text().replace("6 * 7", "6 * 8"))
    build_both(site)
    assert runs(tmp_path / "site") == {"runs": 2, "other": 1}  # exactly the edited script ran again
    assert "executed 48" in page_text(site, "zh_CN", "index")

    page = site / "docs" / "index.md"
    page.write_text(page.read_text().replace("# Home", "# Home page"))
    build_both(site)
    assert runs(tmp_path / "site") == {"runs": 2, "other": 1}

    catalog = site / "locale" / "zh_CN" / "LC_MESSAGES" / "index.po"
    catalog.write_text(HEADER + '\nmsgid "Home page"\nmsgstr "首页"\n')
    code, log = build(site, "zh_CN", execute=False)
    assert code == 0, log
    assert "1 changed" in log and "reading sources... [100%] index" in log  # only the page it translates

    cold = tmp_path / "cold"
    cold.mkdir()
    for part in ("conf.py", "docs", "gallery", "locale"):
        copy = shutil.copytree if (site / part).is_dir() else shutil.copy
        copy(site / part, cold / part)
    shutil.rmtree(cold / "docs" / "examples")
    build_both(cold)
    for language in ("en", "zh_CN"):
        for name in PAGES:
            assert page_text(site, language, name) == page_text(cold, language, name), (language, name)


def test_a_deleted_script_leaves_with_its_pages_and_nothing_else_runs(tmp_path):
    site = two_example_site(tmp_path / "site")
    build_both(site)
    (site / "gallery" / "plot_other.py").unlink()
    index = site / "docs" / "index.md"
    index.write_text(index.read_text().replace("```{executed-example} other\n```\n", ""))
    (site / "locale" / "zh_CN" / "LC_MESSAGES" / "examples" / "plot_other.po").unlink()
    build_both(site)
    assert runs(tmp_path / "site") == {"runs": 1, "other": 1}
    assert not list((site / "docs" / "examples").glob("plot_other*"))
    assert not list((site / "_build" / "executed").rglob("plot_other.json"))
    assert not (site / "out" / "en" / "examples" / "plot_other.html").exists()


def test_a_typo_in_a_label_suggests_the_right_one(tmp_path):
    code, log = build(make_site(tmp_path, index=INDEX.replace("executed-example} counting", "executed-example} countng")))
    assert code != 0
    assert "no gallery cell is labelled 'countng'; did you mean 'counting'?" in log


def test_a_label_no_page_embeds_is_reported_with_its_script_and_line(tmp_path):
    code, log = build(make_site(tmp_path, index=INDEX.replace("```{executed-example} counting\n```\n", "")))
    assert code != 0  # a warning, and warnings fail the build
    assert "plot_count.py:11:" in log and "cell label 'counting' of gallery/plot_count.py is embedded by no page" in log


def test_an_imported_record_of_an_older_script_is_called_out_of_date(tmp_path):
    first, second = make_site(tmp_path / "first"), make_site(tmp_path / "second")
    (second / "gallery" / "plot_count.py").write_text((first / "gallery" / "plot_count.py").read_text())
    assert build(second, env={"TORCHREF_RUNNER_NAME": "cuda-standin"})[0] == 0
    shutil.copytree(second / "_build" / "executed" / "cuda-standin", first / "_build" / "executed" / "cuda-standin")
    script = first / "gallery" / "plot_count.py"
    script.write_text(script.read_text() + "\nprint('changed since')\n")
    code, log = build(first)
    assert code == 0, log
    assert "OUT OF DATE: the cuda-standin output of gallery/plot_count.py" in log
    page = BeautifulSoup((first / "out" / "en" / "index.html").read_text(), "html.parser")
    [stale] = page.select(".out-of-date")
    assert stale["data-runner"] == "cuda-standin" and "out of date" in stale.get_text()
    assert [o["data-runner"] for o in page.select(".executed-output")] == ["cpu"]


def test_bad_build_options_are_refused_before_anything_runs():
    for option, message in (
        ("--shard=0/0", "SHARD must look like k/N with 0 <= k < N"),
        ("--shard=3/2", "SHARD must look like k/N with 0 <= k < N"),
        ("--examples-pattern=plot_(", "EXAMPLES_PATTERN 'plot_(' is not a valid regular expression"),
        ("--edition=fr", "unknown edition 'fr'; the editions are en, zh_CN"),
    ):
        done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py"), option],
                              capture_output=True, text=True)
        assert done.returncode == 2 and message in done.stderr, (option, done.stderr)
        assert "Traceback" not in done.stderr


def test_an_unchanged_configuration_is_neither_reported_as_changed_nor_rewritten(tmp_path):
    """The theme, sphinx-gallery and sphinx-copybutton fill in options when the builder starts, and the
    executing build picks its scripts: the next build must still find the configuration it pickled equal
    to conf.py's, and the one its pages were written with equal to its own (no page written again)."""
    site = make_site(tmp_path, conf_extra='html_theme = "sphinx_book_theme"\nextensions.append("sphinx_copybutton")\n')
    assert build(site)[0] == 0  # executes the example

    def source_pages():  # Sphinx writes its index, search and not-found pages on every run
        return {page: page.stat().st_mtime_ns for page in (site / "out" / "en").rglob("*.html")
                if page.stem not in ("genindex", "search", "404")}
    written = source_pages()
    code, log = build(site)  # executes nothing
    assert code == 0, log
    assert "loading pickled environment... done" in log
    assert "configuration has changed" not in log
    assert source_pages() == written
