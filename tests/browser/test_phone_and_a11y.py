"""Every page of both editions in Chromium, each loaded once for all its checks: no script error or
failed request, no sideways scroll on a phone, a tab stop on every block that scrolls sideways, axe-core
in light and dark (on every English page but the gallery examples, and on every other page that has
parts no page judged before it: ``Sweep``); and the two drawers on a phone, by touch and by keyboard."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from helpers import DESKTOP, EDITIONS, PHONE, ROOT, SITE, pages

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GALLERY = "examples/"


def every_page(edition):
    """Every page a reader can land on, the not-found pages included."""
    return [page.as_posix() for page in pages(edition)] + ["404.html", "search.html?q=torch.cat"]


# Two passes, each over every other page in both editions: one to each pytest-xdist worker.
PASSES = 2


def pages_of_pass(number):
    """Pass ``number``'s pages, by their name in both editions (test_contracts.py checks that the editions
    publish the same pages; a page one lacks would fail to load)."""
    return every_page("en")[number::PASSES]


def set_mode(page, mode):
    page.evaluate("mode => { document.documentElement.dataset.mode = mode;"
                  " document.documentElement.dataset.theme = mode; }", mode)


# A page's parts: each element's path of tags and classes from <body>. sphinx-gallery tags a name's
# link with its module and kind (sphx-glr-backref-module-torch-nn, ...) for its own look-ups; no
# stylesheet names those classes (test below), so they are left out of the path. A link, button or
# heading that has no name (text, aria-label or title) is a part of its own, as is the page's language:
# a translation that empties a link, or an edition not judged yet, makes the page one to judge.
WITH_PATHS = """const keys = new Map([[document.body, '']]);
  const pathOf = e => { const key = keys.get(e.parentElement) + e.tagName + '.'
    + String(e.className).replace(/ ?sphx-glr-backref-(module|type)-\\S+/g, '') + '>'; keys.set(e, key); return key; };
  const holdsText = e => [...e.childNodes].some(c => c.nodeType === 3 && c.textContent.trim());
  const unnamed = e => /^(A|BUTTON|H[1-6])$/.test(e.tagName) && !e.textContent.trim()
    && !e.getAttribute('aria-label') && !e.getAttribute('title') ? '(unnamed)' : '';"""
# Every path of the page (whether one of its elements holds text of its own), its stylesheets, and
# whether it has audio or video.
PARTS = """() => { %s
  const paths = {['lang:' + document.documentElement.lang]: false};
  for (const e of document.body.querySelectorAll('*')) {
    const key = pathOf(e) + unnamed(e);
    paths[key] = paths[key] || holdsText(e);
  }
  return {paths, sheets: [...document.styleSheets].map(s => s.href || s.ownerNode.textContent).join('\\n'),
          media: document.querySelector('audio, video') !== null}; }""" % WITH_PATHS
# Colour contrast costs most on pages with thousands of highlighted tokens: it is checked on one
# element per distinct path that holds text (the same path gets the same colours), once per sweep: a
# path already checked on an earlier page is not checked again.
MARK_SAMPLE = """fresh => { %s
  const wanted = new Set(fresh);
  for (const e of document.body.querySelectorAll('*')) {
    const key = pathOf(e);
    if (wanted.has(key) && holdsText(e)) { wanted.delete(key); e.setAttribute('data-axe-sample', ''); }
  } }""" % WITH_PATHS
# The two rules that judge colours, colour contrast and links told apart from their text only by
# colour (link-in-text-block), cost most and are decided by the same computed styles: both run on
# the sample. In light mode one axe run takes every rule, those two on the sampled elements only (each
# run walks the whole page first); in dark mode only colours change: those two alone, where there is
# a sample. hidden-content is off: it never finds a violation (it lists hidden content for review).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
CONTRAST_ON_THE_SAMPLE = """() => axe.configure({rules: [{id: 'color-contrast', selector: '[data-axe-sample]'},
  {id: 'link-in-text-block', selector: 'a[href][data-axe-sample], [role=link][data-axe-sample]'},
  {id: 'hidden-content', enabled: false}]})"""
# Two rules make axe fetch what they read before it runs (0.09 s a page for the stylesheets):
# css-orientation-lock reads the stylesheets, so it runs where the page's stylesheets are new to the
# sweep (every page shares one bundle); no-autoplay-audio, where a page has audio or video.
RUN_AXE = """async ([colourOnly, colourRules, newSheets, media]) => {
  const rules = {'css-orientation-lock': {enabled: newSheets}, 'no-autoplay-audio': {enabled: media}};
  const options = {resultTypes: ['violations'], ...(colourOnly ? {runOnly: colourRules} : {rules})};
  return (await axe.run(document, options)).violations.map(v => ({id: v.id, nodes: v.nodes.map(n => n.target.join(' '))}));
}"""
# The theme gives blocks that scroll sideways a tab stop (tabIndex 0, else -1) on load, and again on a
# resize, debounced by 300 ms. Once every section is laid out (below), the sweep waits for that only
# where a block that scrolls has no tab stop yet (nor anything focusable inside: axe's
# scrollable-region-focusable asks the same).
SCROLLING_WITHOUT_A_TAB_STOP = """() => [...document.querySelectorAll(
    'pre, .nboutput > .output_area, .cell_output > .output, .jp-RenderedHTMLCommon, .pst-scrollable-table-container')]
  .filter(e => (e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight) && e.tabIndex < 0
    && !e.querySelector('a[href], button, input, select, textarea, [tabindex="0"]'))
  .slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + e.className)"""


def axe_tab(browser):
    """A context whose pages all have axe-core (sent to the browser once), and its tab, as wide as a
    phone: each page is loaded as a phone would, and laid out at desktop width only where axe judges it."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run 'make node_modules' (make test does)")
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(path=str(AXE))
    return context, context.new_page()


def lay_out(page):
    """Lay out every section, also those off screen that content-visibility would skip (their widths
    count on a phone); colours are checked right after a mode switch: no transition may be half-way."""
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important;"
                               " content-visibility: visible !important; }")


class Sweep:
    """What one pass over its pages has judged so far, and the checks of one loaded page.

    Which pages get every axe rule: every English page that is not a gallery example, and every other
    page that has a part (element path, see PARTS) that no page judged with every rule in this pass
    had, or text on a path whose colours were not sampled. A pass loads each of its pages in English,
    then in Chinese. A gallery example is written by sphinx-gallery's one template from its script,
    and a Chinese page by the same templates as its English one with the text translated: their parts
    recur, and where a translation changes what axe judges by more than text (a language, a link or
    heading left without a name), the page has a new part. Every page also gets the checks that read
    the page itself: script errors, failed requests, the phone width and the tab stops here, and the
    Nu HTML Checker's (tests/site/test_validity.py: alt text, unique ids, valid ARIA). That saves about
    0.6 s of the 0.9 s an example page cost, and about 1.2 s of the 1.55 s of a Chinese reference page."""

    def __init__(self):
        self.sampled, self.judged, self.sheets = set(), set(), set()

    def axe_findings(self, page, name, edition="en"):
        """{"light": [...], "dark": [...]} of axe for the loaded ``page`` at desktop width, or None
        when the page is made of parts already judged and is not an English page that every pass
        judges. The page is left as wide as it was."""
        parts = page.evaluate(PARTS)
        fresh = sorted(path for path, holds_text in parts["paths"].items() if holds_text and path not in self.sampled)
        always = edition == "en" and not name.startswith(GALLERY)
        if not always and not fresh and self.judged.issuperset(parts["paths"]):
            return None
        self.judged.update(parts["paths"])
        self.sampled.update(fresh)
        new_sheets = parts["sheets"] not in self.sheets
        self.sheets.add(parts["sheets"])
        width = page.viewport_size
        page.set_viewport_size(DESKTOP)
        settle_tab_stops(page)
        page.evaluate(CONTRAST_ON_THE_SAMPLE)
        page.evaluate(MARK_SAMPLE, fresh)
        light = axe_violations(page, new_sheets=new_sheets, media=parts["media"])
        dark = []
        if fresh:  # only colours change with the mode: the same sample, in dark
            set_mode(page, "dark")
            dark = axe_violations(page, colour_only=True)
            set_mode(page, "light")
        page.set_viewport_size(width)
        return {"light": light, "dark": dark}


def axe_violations(page, colour_only=False, new_sheets=True, media=True):
    found = page.evaluate(RUN_AXE, [colour_only, COLOUR_RULES, new_sheets, media])
    return [f"{v['id']} x{len(v['nodes'])}: {', '.join(v['nodes'][:3])}" for v in found]


def settle_tab_stops(page):
    """Wait, where a block that scrolls has no tab stop yet, for the theme to set them again (on a
    resize), and return the blocks still without one."""
    if page.evaluate(SCROLLING_WITHOUT_A_TAB_STOP):
        page.evaluate("window.dispatchEvent(new Event('resize'))")
        try:
            page.wait_for_function(f"() => ({SCROLLING_WITHOUT_A_TAB_STOP})().length === 0", timeout=1500)
        except PlaywrightTimeoutError:
            pass  # the blocks still without their tab stop are the finding
    return page.evaluate(SCROLLING_WITHOUT_A_TAB_STOP)


def sweep_pages(browser, server, names):
    """One pass over ``names`` in both editions, one tab, one load per page at 390 px: the script errors
    and failed requests of the page, its width and tab stops, then axe in light and dark at desktop
    width. {"errors"|"overflow"|"tab stops"|"light"|"dark": {edition/page: findings}, "every rule":
    [edition/page axe judged]}."""
    context, tab = axe_tab(browser)
    errors = []
    tab.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    tab.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
    tab.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status}: {r.url}"))
    found = {"errors": {}, "tab stops": {}, "light": {}, "dark": {}, "overflow": {}, "every rule": []}
    sweep = Sweep()
    for name in names:
        for edition in EDITIONS:
            key = f"{edition}/{name}"
            errors.clear()
            tab.goto(f"{server}/{key}", wait_until="load")
            if "?q=" in name:
                tab.wait_for_selector("#search-results[data-status=done]")
            found["errors"][key] = list(errors)
            lay_out(tab)
            found["overflow"][key] = tab.evaluate(WIDER_THAN_THE_SCREEN)
            found["tab stops"][key] = settle_tab_stops(tab)
            axe = sweep.axe_findings(tab, name, edition)
            if axe is not None:
                found["every rule"].append(key)
                for mode, findings in axe.items():
                    found[mode][key] = findings
    context.close()
    return found


# What makes the page scroll sideways: the outermost elements past its right edge, but those inside a
# block that scrolls or clips (a code block's tokens); the page's width where none is found
WIDER_THAN_THE_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  const inScroller = e => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
    if (getComputedStyle(a).overflowX !== 'visible') return true; return false; };
  const culprits = Array.from(document.querySelectorAll('main *, header *, footer *'))
    .filter(e => e.getBoundingClientRect().right > width + 1 && getComputedStyle(e).position !== 'fixed')
    .filter(e => !e.parentElement || e.parentElement.getBoundingClientRect().right <= width + 1)
    .filter(e => !inScroller(e))
    .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + e.className);
  return culprits.length ? culprits : [`the page is ${document.documentElement.scrollWidth} px wide`];
}"""

@pytest.fixture(scope="session")
def sweep(browser, server):
    """``sweep(n)``: pass n, made once per worker (a module-scoped fixture would be made again when a
    worker comes back to this module after other tests)."""
    done = {}

    def of(number):
        if number not in done:
            done[number] = sweep_pages(browser, server, pages_of_pass(number))
        return done[number]
    return of


def report(findings):
    return "\n".join(f"{page}: {items}" for page, items in findings.items() if items)


@pytest.mark.per_page
class SweepChecks:
    """The checks of one pass. Each pass's class is one unit of work for pytest-xdist (``--dist
    loadscope``), so each page is loaded once per edition, by one worker, beside the other pass."""

    number = None

    def findings(self, sweep, check):
        return report(sweep(self.number)[check])

    def test_every_page_loads_without_errors(self, sweep):
        assert not self.findings(sweep, "errors"), self.findings(sweep, "errors")

    def test_every_block_that_scrolls_sideways_has_a_tab_stop(self, sweep):
        assert not self.findings(sweep, "tab stops"), self.findings(sweep, "tab stops")

    @pytest.mark.parametrize("mode", ["light", "dark"])
    def test_axe_finds_no_violation(self, sweep, mode):
        assert not self.findings(sweep, mode), self.findings(sweep, mode)

    def test_no_page_scrolls_sideways_on_a_phone(self, sweep):
        assert not self.findings(sweep, "overflow"), self.findings(sweep, "overflow")

    def test_the_pass_covers_its_pages_in_both_editions(self, sweep):
        names = pages_of_pass(self.number)
        assert list(sweep(self.number)["overflow"]) == [f"{e}/{name}" for name in names for e in EDITIONS]

    def test_axe_judges_every_english_reference_page_and_each_edition(self, sweep):
        judged = set(sweep(self.number)["every rule"])
        names = pages_of_pass(self.number)
        assert {f"en/{name}" for name in names if not name.startswith(GALLERY)} <= judged
        assert f"zh_CN/{names[0]}" in judged  # its language is a part no page of the pass had
        assert any(key.startswith(f"en/{GALLERY}") for key in judged)


class TestSweepFirstPass(SweepChecks):
    number = 0


class TestSweepSecondPass(SweepChecks):
    number = 1


def test_the_sweep_judges_new_parts_and_finds_faint_text_in_each_mode_and_a_missing_alt(browser, server):
    """What the sweep's shortcuts keep: a gallery example, or a Chinese page, made of parts already judged
    gets no axe run; the same page in an edition not judged yet, or with new parts, gets every rule: a
    link left without a name is such a part, and the colour rules on the sample, in light within the
    run of every rule and in dark alone, find the faults put into it; and a block that scrolls sideways
    without a tab stop is found (on every page), until the theme gives it one on a resize, as is an
    element wider than the phone the page is loaded on."""
    context, tab = axe_tab(browser)
    sweep, name = Sweep(), "examples/tensors/plot_views_and_strides.html"

    def load(faults="", edition="en"):
        tab.goto(f"{server}/{edition}/{name}", wait_until="load")
        tab.evaluate("html => document.querySelector('main p').insertAdjacentHTML('afterend', html)", faults)
        lay_out(tab)
        settle_tab_stops(tab)
        return sweep.axe_findings(tab, name, edition)
    assert load() == {"light": [], "dark": []}
    assert load() is None
    assert load(edition="zh_CN") == {"light": [], "dark": []}
    assert load(edition="zh_CN") is None
    assert [v.split(" x")[0] for v in load('<a href="#">\n</a>')["light"]] == ["link-name"]
    found = load('<p class="light-faint" style="color:#eee">faint</p><p class="dark-faint" style="color:#333">faint</p>'
                 '<p>A long line of text around <a class="faint-link" href="#" style="color:#3a3f4a;'
                 'text-decoration:none">a link</a> whose colour is all that sets it apart, and too little.</p>'
                 '<img src="x">')
    settle_tab_stops(tab)  # after the last page's resizes
    tab.evaluate("html => document.querySelector('main p').insertAdjacentHTML('afterend', html)",
                 '<pre class="no-tab-stop" tabindex="-1" style="width: 5em; overflow: auto">' + "wide " * 40 + "</pre>")
    without_tab_stop = tab.evaluate(SCROLLING_WITHOUT_A_TAB_STOP)
    given_by_the_theme = settle_tab_stops(tab)
    tab.evaluate("html => document.querySelector('main').insertAdjacentHTML('beforeend', html)",
                 '<div class="too-wide" style="width: 600px">wide</div>')
    too_wide = tab.evaluate(WIDER_THAN_THE_SCREEN)
    context.close()
    light, dark = found["light"], found["dark"]
    assert [v.split(" x")[0] for v in light] == ["color-contrast", "image-alt", "link-in-text-block"], light
    assert ".light-faint" in light[0] and ".dark-faint" in dark[0], (light, dark)
    assert ".faint-link" in light[2]
    assert without_tab_stop == ["pre.no-tab-stop"] and given_by_the_theme == []
    assert too_wide == ["div.too-wide"]


def test_no_stylesheet_names_the_classes_the_paths_leave_out():
    sheets = sorted(SITE.glob("*/_static/**/*.css"))
    assert sheets
    naming = [css for css in sheets if re.search(r"sphx-glr-backref-(module|type)-", css.read_text(encoding="utf-8"))]
    assert naming == []


DRAWERS = [  # (toggle in the article header, the dialog it opens, an element the drawer shows)
    (".bd-header-article .primary-toggle", "#pst-primary-sidebar-modal", "nav.bd-docs-nav a"),
    (".bd-header-article .secondary-toggle", "#pst-secondary-sidebar-modal", "nav.page-toc a"),
]


@pytest.fixture(params=["light", "dark"])
def phone(browser, server, request):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, color_scheme=request.param)
    tab = context.new_page()
    errors = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == []


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("toggle, dialog, content", DRAWERS, ids=["navigation", "contents"])
def test_drawers_open_and_close_by_touch(phone, server, edition, toggle, dialog, content):
    phone.goto(f"{server}/{edition}/tensors/views.html")
    phone.locator(toggle).tap()
    drawer = phone.locator(dialog)
    drawer.wait_for(state="visible")
    assert drawer.evaluate("d => d.open")
    link = drawer.locator(content).first
    assert link.is_visible()
    box = drawer.bounding_box()
    phone.touchscreen.tap(PHONE["width"] - 5, PHONE["height"] // 2)  # the backdrop beside the drawer
    if box["x"] + box["width"] >= PHONE["width"] - 5:  # a drawer from the right: tap on its left
        phone.touchscreen.tap(5, PHONE["height"] // 2)
    phone.wait_for_function(f"!document.querySelector('{dialog}').open")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("toggle, dialog, content", DRAWERS, ids=["navigation", "contents"])
def test_drawers_open_and_close_by_keyboard(phone, server, edition, toggle, dialog, content):
    phone.goto(f"{server}/{edition}/tensors/views.html")
    button = phone.locator(toggle)
    button.focus()
    phone.keyboard.press("Enter")
    drawer = phone.locator(dialog)
    drawer.wait_for(state="visible")
    assert drawer.locator(content).first.is_visible()
    phone.keyboard.press("Escape")
    phone.wait_for_function(f"!document.querySelector('{dialog}').open")
    assert button.evaluate("b => b === document.activeElement")  # focus returns to the button
    button.focus()
    phone.keyboard.press(" ")
    drawer.wait_for(state="visible")
    phone.keyboard.press("Escape")
    phone.wait_for_function(f"!document.querySelector('{dialog}').open")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_search_results_arrive_without_shifting_the_layout(browser, server, edition, viewport):
    context = browser.new_context(viewport=viewport)
    tab = context.new_page()
    tab.goto(f"{server}/{edition}/search.html?q=tensor")
    tab.wait_for_selector("#search-results[data-status=done]")
    tab.wait_for_timeout(300)
    shift = tab.evaluate("""() => new Promise(resolve => {
      let total = 0;
      new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value; })
        .observe({type: 'layout-shift', buffered: true});
      setTimeout(() => resolve(total), 100);
    })""")
    context.close()
    assert shift < 0.05, shift


def test_code_that_scrolls_sideways_gets_a_tab_stop_when_its_section_is_laid_out(browser, server):
    """Sections off screen are laid out only when the reader comes near (content-visibility), after
    the page has loaded: the blocks that scroll there still get their tab stop (from the theme)."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/zh_CN/training/amp.html", wait_until="load")
    scrolling, without_tab_stop = page.evaluate("""async () => {
      const blocks = [...document.querySelectorAll('article pre')];
      for (const block of blocks) { block.scrollIntoView(); await new Promise(r => setTimeout(r, 30)); }
      await new Promise(r => setTimeout(r, 400));  // the theme's debounce is 300 ms
      const wide = blocks.filter(b => b.scrollWidth > b.clientWidth);
      return [wide.length, wide.filter(b => b.tabIndex !== 0).length];
    }""")
    context.close()
    assert scrolling > 0 and without_tab_stop == 0
