"""Every page of both editions in Chromium, each loaded once for all its checks: no script error or
failed request, no sideways scroll on a phone, axe-core in light and dark (on every page but the
gallery examples made of parts already judged: ``Sweep``); and the two drawers on a phone, by touch
and by keyboard."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from helpers import DESKTOP, EDITIONS, PHONE, ROOT, SITE, pages

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GALLERY = "examples/"


def every_page(edition):
    """Every page a reader can land on, the not-found pages included."""
    return [page.as_posix() for page in pages(edition)] + ["404.html", "search.html?q=torch.cat"]


def set_mode(page, mode):
    page.evaluate("mode => { document.documentElement.dataset.mode = mode;"
                  " document.documentElement.dataset.theme = mode; }", mode)


# A page's parts: each element's path of tags and classes from <body>. sphinx-gallery tags a name's
# link with its module and kind (sphx-glr-backref-module-torch-nn, ...) for its own look-ups; no
# stylesheet names those classes (test below), so they are left out of the path.
WITH_PATHS = """const keys = new Map([[document.body, '']]);
  const pathOf = e => { const key = keys.get(e.parentElement) + e.tagName + '.'
    + String(e.className).replace(/ ?sphx-glr-backref-(module|type)-\\S+/g, '') + '>'; keys.set(e, key); return key; };
  const holdsText = e => [...e.childNodes].some(c => c.nodeType === 3 && c.textContent.trim());"""
# Every path of the page (whether one of its elements holds text of its own), its stylesheets, and
# whether it has audio or video.
PARTS = """() => { %s
  const paths = {};
  for (const e of document.body.querySelectorAll('*')) {
    const key = pathOf(e);
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
# where some block's tab stop does not yet match its width.
TAB_STOPS_SETTLED = """() => [...document.querySelectorAll(
    'pre, .nboutput > .output_area, .cell_output > .output, .jp-RenderedHTMLCommon, .pst-scrollable-table-container')]
  .every(e => e.tabIndex === (e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight ? 0 : -1))"""


def axe_tab(browser):
    """A context whose pages all have axe-core (sent to the browser once), and its tab."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run 'make node_modules' (make test does)")
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(path=str(AXE))
    return context, context.new_page()


def lay_out(page):
    """Lay out every section, also those off screen that content-visibility would skip (their widths
    count on a phone); colours are checked right after a mode switch: no transition may be half-way."""
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important;"
                               " content-visibility: visible !important; }")


class Sweep:
    """What one pass over an edition has judged so far, and the checks of one loaded page.

    Which pages get every axe rule: every page that is not a gallery example. An example page is
    written by sphinx-gallery's one template from its script, so its parts (element paths) recur
    from page to page: it gets every rule when it has a part that no page judged with every rule in
    this sweep had, or text on a path whose colours were not sampled. Otherwise it gets the checks
    that read the page itself: script errors, failed requests and the phone width here, and the Nu
    HTML Checker's on every page (tests/site/test_validity.py: alt text, unique ids, valid ARIA).
    That saves about 0.6 s of the 0.9 s an example page cost."""

    def __init__(self):
        self.sampled, self.judged, self.sheets = set(), set(), set()

    def axe_findings(self, page, name):
        """{"light": [...], "dark": [...]} of axe for the loaded ``page``, or None when the page is a
        gallery example made of parts already judged."""
        parts = page.evaluate(PARTS)
        fresh = sorted(path for path, holds_text in parts["paths"].items() if holds_text and path not in self.sampled)
        if name.startswith(GALLERY) and not fresh and self.judged.issuperset(parts["paths"]):
            return None
        self.judged.update(parts["paths"])
        self.sampled.update(fresh)
        new_sheets = parts["sheets"] not in self.sheets
        self.sheets.add(parts["sheets"])
        page.evaluate(CONTRAST_ON_THE_SAMPLE)
        page.evaluate("window.dispatchEvent(new Event('resize'))")
        try:
            page.wait_for_function(TAB_STOPS_SETTLED, timeout=1500)
        except PlaywrightTimeoutError:
            pass  # a block still without its tab stop is axe's finding (scrollable-region-focusable)
        page.evaluate(MARK_SAMPLE, fresh)
        light = axe_violations(page, new_sheets=new_sheets, media=parts["media"])
        dark = []
        if fresh:  # only colours change with the mode: the same sample, in dark
            set_mode(page, "dark")
            dark = axe_violations(page, colour_only=True)
            set_mode(page, "light")
        return {"light": light, "dark": dark}


def axe_violations(page, colour_only=False, new_sheets=True, media=True):
    found = page.evaluate(RUN_AXE, [colour_only, COLOUR_RULES, new_sheets, media])
    return [f"{v['id']} x{len(v['nodes'])}: {', '.join(v['nodes'][:3])}" for v in found]


def sweep_edition(browser, server, edition):
    """One pass over every page of an edition, one tab, one load per page: the script errors and failed
    requests of the page, axe in light and dark at desktop width, then the page's width at 390 px.
    {"errors"|"light"|"dark"|"overflow": {page: findings}, "every rule": [pages axe judged]}."""
    context, tab = axe_tab(browser)
    errors = []
    tab.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    tab.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
    tab.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status}: {r.url}"))
    found = {"errors": {}, "light": {}, "dark": {}, "overflow": {}, "every rule": []}
    sweep = Sweep()
    for name in every_page(edition):
        errors.clear()
        tab.set_viewport_size(DESKTOP)
        tab.goto(f"{server}/{edition}/{name}", wait_until="load")
        if "?q=" in name:
            tab.wait_for_selector("#search-results[data-status=done]")
        found["errors"][name] = list(errors)
        lay_out(tab)
        axe = sweep.axe_findings(tab, name)
        if axe is not None:
            found["every rule"].append(name)
            for mode, findings in axe.items():
                found[mode][name] = findings
        tab.set_viewport_size(PHONE)
        found["overflow"][name] = tab.evaluate(WIDER_THAN_THE_SCREEN)
    context.close()
    return found


WIDER_THAN_THE_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  return Array.from(document.querySelectorAll('main *, header *, footer *'))
    .filter(e => e.getBoundingClientRect().right > width + 1 && getComputedStyle(e).position !== 'fixed')
    .filter(e => !e.parentElement || e.parentElement.getBoundingClientRect().right <= width + 1)
    .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + e.className);
}"""


@pytest.fixture(scope="session")
def sweep(browser, server):
    """``sweep(edition)``: that edition's pass, made once per worker (a module-scoped fixture would be
    made again when a worker comes back to this module after other tests)."""
    done = {}

    def of(edition):
        if edition not in done:
            done[edition] = sweep_edition(browser, server, edition)
        return done[edition]
    return of


def report(findings):
    return "\n".join(f"{page}: {items}" for page, items in findings.items() if items)


@pytest.mark.per_page
class SweepChecks:
    """The checks of one edition's sweep. Each edition's class is one unit of work for pytest-xdist
    (``--dist loadscope``), so an edition is swept once, by one worker, beside the other edition's."""

    edition = None

    def findings(self, sweep, check):
        return report(sweep(self.edition)[check])

    def test_every_page_loads_without_errors(self, sweep):
        assert not self.findings(sweep, "errors"), self.findings(sweep, "errors")

    @pytest.mark.parametrize("mode", ["light", "dark"])
    def test_axe_finds_no_violation(self, sweep, mode):
        assert not self.findings(sweep, mode), self.findings(sweep, mode)

    def test_no_page_scrolls_sideways_on_a_phone(self, sweep):
        assert not self.findings(sweep, "overflow"), self.findings(sweep, "overflow")

    def test_the_sweep_covers_every_page(self, sweep):
        assert len(sweep(self.edition)["overflow"]) == len(list(pages(self.edition))) + 2

    def test_axe_judges_every_page_but_gallery_examples_made_of_judged_parts(self, sweep):
        judged = set(sweep(self.edition)["every rule"])
        assert {name for name in every_page(self.edition) if not name.startswith(GALLERY)} <= judged
        assert any(name.startswith(GALLERY) for name in judged)


class TestSweepEnglish(SweepChecks):
    edition = "en"


class TestSweepChinese(SweepChecks):
    edition = "zh_CN"


def test_the_sweep_judges_new_parts_and_finds_faint_text_in_each_mode_and_a_missing_alt(browser, server):
    """What the sweep's shortcuts keep: a gallery example made of parts already judged gets no axe run,
    the same page with new parts gets every rule, and the colour rules on the sample, in light within
    the run of every rule and in dark alone, find the faults put into it."""
    context, tab = axe_tab(browser)
    sweep, name = Sweep(), "examples/tensors/plot_views_and_strides.html"

    def load(faults=""):
        tab.goto(f"{server}/en/{name}", wait_until="load")
        tab.evaluate("html => document.querySelector('main p').insertAdjacentHTML('afterend', html)", faults)
        lay_out(tab)
        return sweep.axe_findings(tab, name)
    assert load() == {"light": [], "dark": []}
    assert load() is None
    found = load('<p class="light-faint" style="color:#eee">faint</p><p class="dark-faint" style="color:#333">faint</p>'
                 '<p>A long line of text around <a class="faint-link" href="#" style="color:#3a3f4a;'
                 'text-decoration:none">a link</a> whose colour is all that sets it apart, and too little.</p>'
                 '<img src="x">')
    context.close()
    light, dark = found["light"], found["dark"]
    assert [v.split(" x")[0] for v in light] == ["color-contrast", "image-alt", "link-in-text-block"], light
    assert ".light-faint" in light[0] and ".dark-faint" in dark[0], (light, dark)
    assert ".faint-link" in light[2]


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
