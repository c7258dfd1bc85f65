"""Every page of both editions in Chromium: axe-core (light and dark), no sideways scroll on a phone,
and the two drawers on a phone, by touch and by keyboard."""

import pytest

from helpers import DESKTOP, EDITIONS, PHONE, ROOT, pages

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def every_page(edition):
    """Every page a reader can land on, the not-found pages included."""
    return [page.as_posix() for page in pages(edition)] + ["404.html", "search.html?q=torch.cat"]


def set_mode(page, mode):
    page.evaluate("mode => { document.documentElement.dataset.mode = mode;"
                  " document.documentElement.dataset.theme = mode; }", mode)


# Colour contrast costs most on pages with thousands of highlighted tokens: it is checked on one
# element per distinct path of tags and classes from <body> (the same path gets the same colours),
# once per sweep: a path already checked on an earlier page is not checked again. Every other rule
# runs on the whole of every page.
MARK_SAMPLE = """seen => { const known = new Set(seen), fresh = [];
  for (const e of document.body.querySelectorAll('*')) {
    if (![...e.childNodes].some(c => c.nodeType === 3 && c.textContent.trim())) continue;
    let key = '', x = e;
    while (x && x !== document.body) { key = x.tagName + '.' + x.className + '>' + key; x = x.parentElement; }
    if (!known.has(key)) { known.add(key); fresh.push(key); e.setAttribute('data-axe-sample', ''); }
  }
  return fresh; }"""
RUN_AXE = """async (contrastOnly) => {
  const violations = [];
  if (!contrastOnly)
    violations.push(...(await axe.run(document, {resultTypes: ['violations'],
                                                 rules: {'color-contrast': {enabled: false}}})).violations);
  if (document.querySelector('[data-axe-sample]'))
    violations.push(...(await axe.run({include: [['[data-axe-sample]']]},
                                      {resultTypes: ['violations'], runOnly: ['color-contrast']})).violations);
  return violations.map(v => ({id: v.id, nodes: v.nodes.map(n => n.target.join(' '))}));
}"""


def axe_violations(page, sampled, contrast_only=False):
    """Axe's findings on the page. On its first run on a page, the element paths that no earlier
    page sampled (``sampled``) are marked for the contrast check and added to ``sampled``."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
        # colours are checked right after a mode switch: no transition may be half-way; every section
        # is laid out, also those off screen that content-visibility would skip (and their widths)
        page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important;"
                                   " content-visibility: visible !important; }")
        # the theme gives blocks that scroll sideways a tab stop on load and on resize (debounced):
        # now that every block is laid out, as a reader scrolling there would have it
        page.evaluate("window.dispatchEvent(new Event('resize'))")
        page.wait_for_timeout(400)
        sampled.update(page.evaluate(MARK_SAMPLE, sorted(sampled)))
    found = page.evaluate(RUN_AXE, contrast_only)
    return [f"{v['id']} x{len(v['nodes'])}: {', '.join(v['nodes'][:3])}" for v in found]


def sweep_edition(browser, server, edition):
    """One pass over every page of an edition, one tab: axe in light and dark at desktop width, then
    the page's width at 390 px. {"light"|"dark"|"overflow": {page: findings}}."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run 'make node_modules' (make test does)")
    context = browser.new_context(viewport=DESKTOP)
    tab = context.new_page()
    found = {"light": {}, "dark": {}, "overflow": {}}
    sampled = set()
    for name in every_page(edition):
        tab.set_viewport_size(DESKTOP)
        tab.goto(f"{server}/{edition}/{name}", wait_until="load")
        if "?q=" in name:
            tab.wait_for_selector("#search-results[data-status=done]")
        found["light"][name] = axe_violations(tab, sampled)
        set_mode(tab, "dark")  # only colours change with the mode: the same sample, in dark
        found["dark"][name] = axe_violations(tab, sampled, contrast_only=True)
        set_mode(tab, "light")
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


@pytest.fixture(scope="module")
def sweep(browser, server):
    """``sweep(edition)``: that edition's pass, made once. The tests of one edition share an xdist
    group, so the two editions' passes run side by side on the two workers of ``make test``."""
    done = {}

    def of(edition):
        if edition not in done:
            done[edition] = sweep_edition(browser, server, edition)
        return done[edition]
    return of


SWEPT_EDITIONS = [pytest.param(e, marks=pytest.mark.xdist_group(f"sweep-{e}")) for e in EDITIONS]


def report(findings):
    return "\n".join(f"{page}: {items}" for page, items in findings.items() if items)


@pytest.mark.parametrize("edition", SWEPT_EDITIONS)
@pytest.mark.parametrize("mode", ["light", "dark"])
def test_axe_finds_no_violation(sweep, edition, mode):
    assert not report(sweep(edition)[mode]), report(sweep(edition)[mode])


@pytest.mark.parametrize("edition", SWEPT_EDITIONS)
def test_no_page_scrolls_sideways_on_a_phone(sweep, edition):
    assert not report(sweep(edition)["overflow"]), report(sweep(edition)["overflow"])


@pytest.mark.parametrize("edition", SWEPT_EDITIONS)
def test_the_sweep_covers_every_page(sweep, edition):
    assert len(sweep(edition)["light"]) == len(list(pages(edition))) + 2


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
