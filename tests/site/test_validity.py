"""Every published page is valid HTML (the Nu HTML Checker, vnu-jar from npm, one Java run for all pages),
names its language and describes itself; theme fragments are not published as pages."""

import json
import shutil
import subprocess

import pytest

from helpers import EDITIONS, ROOT, SITE, pages, parse

VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
LANG = {"en": "en", "zh_CN": "zh-CN"}


def published_pages():
    return sorted(SITE.rglob("*.html"))


def test_no_theme_fragment_is_published():
    assert [p.relative_to(SITE).as_posix() for p in published_pages() if "_static" in p.parts] == []


def test_the_nu_html_checker_finds_no_error():
    if not VNU.exists():
        pytest.fail(f"{VNU} is missing: run 'make node_modules' (make test does)")
    if shutil.which("java") is None:
        pytest.fail("java is needed by the Nu HTML Checker")
    files = [str(p) for p in published_pages()]
    run = subprocess.run(["java", "-Xss4m", "-jar", str(VNU), "--errors-only", "--format", "json", *files],
                         capture_output=True, text=True, timeout=600)
    messages = json.loads(run.stderr or '{"messages": []}')["messages"]
    errors = [f"{m.get('url', '').rsplit('/_build/site/', 1)[-1]}:{m.get('lastLine', '?')}: {m['message']}"
              for m in messages if m.get("type") == "error"]
    assert errors == [], f"{len(errors)} errors:\n" + "\n".join(errors[:50])


def test_every_page_names_its_language_and_describes_itself(edition):
    for page in [*pages(edition), "404.html"]:
        html = parse(SITE / edition / page)
        assert html.html["lang"] == LANG[edition], page
        description = html.head.select_one('meta[name="description"]')
        assert description and len(description["content"]) >= 20, page
        assert html.head.select_one('meta[name="viewport"]'), page


def test_descriptions_are_the_pages_summaries():
    for edition in EDITIONS:
        html = parse(SITE / edition / "tensors" / "views.html")
        first = " ".join(html.select_one("main section p").get_text().split())
        assert html.select_one('meta[name="description"]')["content"].rstrip("…") in first
