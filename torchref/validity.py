"""Valid, accessible HTML where the theme or sphinx-gallery write otherwise (the Nu HTML Checker, axe-core).

- Gallery cards carry ``tooltip="..."`` (not an HTML attribute): written as ``data-tooltip``,
  which ``torchref.css`` shows as sphinx-gallery's stylesheet shows ``tooltip``.
- Every gallery section writes ``<div id='sg-tag-list'>``: the id is kept on the page's first only.
- The sidebar's expand/collapse ``<summary>`` holds only an icon: it is named after its section.
"""

import re
from html import escape

from docutils import nodes
from markupsafe import Markup

from .ui import _

TOOLTIP = re.compile(r"(<div class=\"sphx-glr-thumbcontainer\"[^>]*?) tooltip=")
TAG_LIST_ID = re.compile(r"""<div id=['"]sg-tag-list['"] """)
SUMMARY = re.compile(r"(<a [^>]*>(?P<title>(?:(?!</?a[\s>]).)*?)</a>\s*<details[^>]*>\s*)<summary>", re.S)


def fix_gallery_html(app, doctree, docname):
    seen = []

    def keep_first_id(match):
        seen.append(True)
        return match.group(0) if len(seen) == 1 else "<div "

    for raw in list(doctree.findall(nodes.raw)):
        if "html" not in raw.get("format", "").split():
            continue
        text = raw.astext()
        fixed = TAG_LIST_ID.sub(keep_first_id, TOOLTIP.sub(r"\1 data-tooltip=", text))
        if fixed != text:
            raw.replace_self(nodes.raw(raw.rawsource, fixed, format=raw["format"]))


def name_summaries(html):
    def named(match):
        title = re.sub(r"<[^>]+>", "", match.group("title")).strip()
        label = escape(_("Show or hide the pages under {title}").format(title=title), quote=True)
        return f'{match.group(1)}<summary aria-label="{label}">'

    return SUMMARY.sub(named, str(html))


def wrap_toctree_functions(app, pagename, templatename, context, doctree):
    generate = context.get("generate_toctree_html")
    if generate is None or getattr(generate, "torchref_wrapped", False):
        return

    def generate_toctree_html(*args, **kwargs):
        return Markup(name_summaries(str(generate(*args, **kwargs))))  # the theme returns a soup

    generate_toctree_html.torchref_wrapped = True
    context["generate_toctree_html"] = generate_toctree_html


def setup(app):
    app.connect("doctree-resolved", fix_gallery_html)
    app.connect("html-page-context", wrap_toctree_functions, priority=900)
