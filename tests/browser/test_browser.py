"""Both editions in a real browser: Debian's Chromium driven by Playwright."""

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import sync_playwright

from helpers import EDITIONS, OTHER_EDITION, SITE, pages

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server():
    handler = functools.partial(QuietHandler, directory=str(SITE))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


class Tab:
    """A page that records every JavaScript error and failed request."""

    def __init__(self, browser, **context_options):
        self.context = browser.new_context(**context_options)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("response", lambda r: r.status >= 400 and self.errors.append(f"{r.status}: {r.url}"))

    def close(self):
        self.context.close()


@pytest.fixture
def tab(browser):
    opened = Tab(browser)
    yield opened
    opened.close()


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_page_loads_without_errors(tab, server, edition):
    for page in pages(edition):
        tab.page.goto(f"{server}/{edition}/{page.as_posix()}", wait_until="load")
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_language_switch_keeps_page_and_anchor(tab, server, edition):
    anchor = "torch.Tensor.view"
    tab.page.goto(f"{server}/{edition}/tensors/views.html#{anchor}")
    tab.page.locator("a.torchref-language-switch").first.click()
    tab.page.wait_for_load_state("load")
    other = OTHER_EDITION[edition]
    assert tab.page.url == f"{server}/{other}/tensors/views.html#{anchor}"
    assert tab.page.locator(f'[id="{anchor}"]').count() == 1
    assert tab.page.locator("html").get_attribute("lang") == {"en": "en", "zh_CN": "zh-CN"}[other]
    assert tab.errors == []


@pytest.mark.parametrize("locale, edition", [("zh-CN", "zh_CN"), ("en-US", "en"), ("fr-FR", "en")])
def test_landing_page_follows_the_browser_language(browser, server, locale, edition):
    visitor = Tab(browser, locale=locale)
    visitor.page.goto(f"{server}/index.html")
    visitor.page.wait_for_url(f"{server}/{edition}/index.html")
    assert visitor.errors == []
    visitor.close()


@pytest.mark.parametrize("edition, query, expected", [
    ("en", "stride", "tensors/views.html"),
    ("zh_CN", "步长", "tensors/views.html"),
    ("zh_CN", "类型提升", "tensors/attributes.html"),
])
def test_search_finds_entries_in_both_languages(tab, server, edition, query, expected):
    tab.page.goto(f"{server}/{edition}/search.html?q={query}")
    results = tab.page.locator("#search-results a[href]")
    results.first.wait_for(timeout=15000)
    hrefs = [results.nth(i).get_attribute("href") for i in range(min(results.count(), 10))]
    assert any(expected in href for href in hrefs), hrefs
    assert tab.errors == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_executed_output_is_readable_in_both_themes(tab, server, theme):
    tab.page.goto(f"{server}/en/tensors/views.html")
    tab.page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
    output = tab.page.locator(".executed-output").first
    assert output.is_visible()
    color = output.evaluate("e => getComputedStyle(e.querySelector('pre')).color")
    background = output.evaluate("e => getComputedStyle(e).backgroundColor")
    assert color != background
