"""The whole-site table of contents behind the sidebar, resolved once per folder and marked for each page.

For every page, the theme's sidebar asks Sphinx's ``toctree()`` for the whole site's table of
contents, and Sphinx copies and resolves every page's entries: a third of the time a build spent
writing ~300 pages (profiled). Between the pages of one folder the HTML it returns differs only in
where the page is: the page's own link is ``class="current ..." href="#"``, and every ``<li>`` and
``<ul>`` on the way up has the class ``current``. So the first page of a folder has its marks taken out
(:func:`unmarked`) and each page of the folder gets its own put in (:func:`marked`). The first
page's table must come back exactly as Sphinx wrote it; where it does not, every page of the
folder gets Sphinx's own. The theme then reworks what it gets (``active``, open branches) as before.
"""

import posixpath
import re

TAG = re.compile(r"<(/?)(ul|li|a)(?=[\s>])[^>]*>")
LINK = '<a class="reference internal" href="{href}">'
CURRENT_LINK = '<a class="current reference internal" href="#">'


def own_href(pagename):
    """How the other pages of its folder link to a page."""
    return posixpath.basename(pagename) + ".html"


def links(toc):
    """Each ``<a>`` tag of ``toc``, with the ``<ul>`` and ``<li>`` tags of the elements it is in."""
    open_tags = []
    for tag in TAG.finditer(toc):
        closing, name = tag.group(1), tag.group(2)
        if name == "a":  # holds neither
            if not closing:
                yield tag, tuple(open_tags)
        elif closing:
            while open_tags and open_tags.pop().group(2) != name:
                pass
        else:
            open_tags.append(tag)


def marked(toc, href):
    """``toc`` as the page linked as ``href`` gets it: its link current, and each ``<li>`` and ``<ul>``
    on the way up to it (as Sphinx's ``_toctree_add_classes`` marks them)."""
    link = LINK.format(href=href)
    if link not in toc:
        return toc  # a page in no toctree (the index, the search page)
    current = {}  # start of each tag to mark -> the tag
    for tag, path in links(toc):
        if tag.group(0) == link:
            current.update((outer.start(), outer) for outer in (*path, tag))
    for start, tag in sorted(current.items(), reverse=True):
        name, text = tag.group(2), tag.group(0)
        if name == "a":
            text = CURRENT_LINK
        elif name == "li":
            text = re.sub(r'class="(toctree-l\d+)', r'class="\1 current', text, count=1)
        elif 'class="' in text:
            text = text.replace('<ul class="', '<ul class="current ', 1)
        else:
            text = '<ul class="current">'
        toc = toc[:start] + text + toc[tag.end():]
    return toc


def unmarked(toc, href):
    """``toc`` as a page of the same folder that is not in it gets it (what :func:`marked` marks)."""
    toc = toc.replace(CURRENT_LINK, LINK.format(href=href))
    toc = re.sub(r'(<li class="toctree-l\d+) current(?=[ "])', r"\1", toc)
    return toc.replace('<ul class="current">', "<ul>").replace('<ul class="current ', '<ul class="')


def reset(app):
    app.torchref_tables = {}  # (folder, arguments) -> the unmarked table of contents, or None


def table_once_per_folder(app, pagename, templatename, context, doctree):
    """``html-page-context``, before the theme's: Sphinx's ``toctree()`` of the page, from its folder's."""
    toctree = context.get("toctree")
    if toctree is None:
        return

    def toctree_of_the_folder(**kwargs):
        if kwargs.get("collapse", True):
            return toctree(**kwargs)  # only the page's own branch: it differs in more than marks
        key = (posixpath.dirname(pagename), tuple(sorted(kwargs.items())))
        href = own_href(pagename)
        if key not in app.torchref_tables:
            toc = toctree(**kwargs)
            neutral = unmarked(toc, href)
            app.torchref_tables[key] = neutral if marked(neutral, href) == toc else None
            return toc
        neutral = app.torchref_tables[key]
        return toctree(**kwargs) if neutral is None else marked(neutral, href)

    toctree_of_the_folder.sphinx_toctree = toctree  # for the test that compares them
    context["toctree"] = toctree_of_the_folder


def setup(app):
    app.connect("builder-inited", reset)
    app.connect("html-page-context", table_once_per_folder, priority=400)  # the theme's run at 500
