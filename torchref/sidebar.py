"""The sidebar's navigation, made once per folder and marked for each page.

For every page the theme (pydata-sphinx-theme's ``generate_toctree_html``) resolves Sphinx's
whole-site toctree, renders it and reworks it with BeautifulSoup: a quarter of the time a build
spends writing ~300 pages. Between the pages of one folder its output (50 KB) differs only in where
the page is: the page's own link is ``class="current ..." href="#"``, and on the way up to the top
every ``<li>`` has ``current active``, every ``<ul>`` ``current``, and a current ``<li>``'s
``<details>`` is ``open``. So the first page of a folder has its marks taken out (:func:`unmarked`),
and each page of the folder gets its own put in (:func:`marked`). The first page's navigation must
come back exactly as the theme wrote it; where it does not (another theme, another option), every
page of the folder gets the theme's own.
"""

import posixpath
import re

from markupsafe import Markup

from .validity import name_summaries

TAG = re.compile(r"<(/?)(ul|li|details|a)(?=[\s>])([^>]*)>")
LINK = '<a class="reference internal" href="{href}">'
CURRENT_LINK = '<a class="current reference internal" href="#">'


def own_href(pagename):
    """How the other pages of its folder link to a page."""
    return posixpath.basename(pagename) + ".html"


def elements(nav):
    """Each ``<ul>``, ``<li>``, ``<details>`` and ``<a>`` tag of ``nav``, with the tags of the
    elements it is in (outermost first)."""
    open_tags = []
    for tag in TAG.finditer(nav):
        closing, name = tag.group(1), tag.group(2)
        if name == "a":  # holds none of the others
            if not closing:
                yield tag, tuple(open_tags)
        elif closing:
            while open_tags and open_tags.pop().group(2) != name:
                pass
        else:
            yield tag, tuple(open_tags)
            open_tags.append(tag)


def marked(nav, href):
    """``nav`` as the page linked as ``href`` shows it: its link current, the way up to it marked."""
    link = LINK.format(href=href)
    if link not in nav:
        return nav  # not in the navigation (the index, the search page)
    tags = list(elements(nav))
    current = set()  # where the page's links are, and each ul and li on their way up
    for tag, path in tags:
        if tag.group(0) == link:
            current.update(outer.start() for outer in (*path, tag) if outer.group(2) != "details")
    current_items = {start for start in current if nav.startswith("<li", start)}
    edits = []
    for tag, path in tags:
        name, text = tag.group(2), tag.group(0)
        if tag.start() in current and name == "a":
            text = CURRENT_LINK
        elif tag.start() in current and name == "li":
            text = re.sub(r'class="(toctree-l\d+)', r'class="\1 current active', text, count=1)
        elif tag.start() in current and name == "ul":
            text = text.replace('<ul class="', '<ul class="current ') if 'class="' in text else '<ul class="current">'
        elif name == "details" and path and path[-1].start() in current_items:
            text = text.replace("<details", '<details open="open"', 1)
        if text != tag.group(0):
            edits.append((tag.span(), text))
    for (start, end), text in reversed(edits):
        nav = nav[:start] + text + nav[end:]
    return nav


def unmarked(nav, href):
    """``nav`` as a page in the same folder that is not in it would show it (what :func:`marked` marks)."""
    nav = nav.replace(CURRENT_LINK, LINK.format(href=href))
    nav = re.sub(r'(<li class="toctree-l\d+) current active', r"\1", nav)
    nav = nav.replace('<ul class="current">', "<ul>").replace('<ul class="current ', '<ul class="')
    return nav.replace('<details open="open"', "<details")


def reset(app):
    app.torchref_navigation = {}  # (folder, arguments) -> the unmarked navigation, or None


def cache_navigation(app, pagename, templatename, context, doctree):
    """``html-page-context``: the theme's navigation function, made once per folder (and given
    named expand buttons: validity.name_summaries)."""
    generate = context.get("generate_toctree_html")
    if generate is None or getattr(generate, "torchref_wrapped", False):
        return

    def generate_toctree_html(kind, startdepth=1, show_nav_level=1, **kwargs):
        def themes():
            return name_summaries(str(generate(kind, startdepth, show_nav_level, **kwargs)))  # a soup

        if kind != "sidebar" or startdepth != 0 or kwargs.get("collapse"):
            return Markup(themes())  # a page's own part of the tree, or only its branch
        key = (posixpath.dirname(pagename), show_nav_level, tuple(sorted(kwargs.items())))
        href = own_href(pagename)
        if key not in app.torchref_navigation:
            nav = themes()
            neutral = unmarked(nav, href)
            app.torchref_navigation[key] = neutral if marked(neutral, href) == nav else None
            return Markup(nav)
        neutral = app.torchref_navigation[key]
        return Markup(themes() if neutral is None else marked(neutral, href))

    generate_toctree_html.torchref_wrapped = True
    generate_toctree_html.theme_function = generate  # for the test that compares them
    context["generate_toctree_html"] = generate_toctree_html


def setup(app):
    app.connect("builder-inited", reset)
    app.connect("html-page-context", cache_navigation, priority=900)  # after the theme's own
