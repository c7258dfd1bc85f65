"""Each page's ``<meta name="description">``: its summary, the first paragraph of its text.

Pages without a text of their own (the index, the search page, the not-found page) get
a description of what they are.
"""

import re

from docutils import nodes

from .ui import _

MAX_LENGTH = 160  # what search engines show
SKIPPED = (nodes.Admonition, nodes.system_message, nodes.field_list, nodes.literal_block, nodes.sidebar,
           nodes.topic, nodes.footnote, nodes.citation, nodes.option_list)


def summary(doctree):
    for paragraph in doctree.findall(nodes.paragraph):
        if any(isinstance(parent, SKIPPED) or "sphx-glr-download-link-note" in parent.get("classes", [])
               for parent in _ancestors(paragraph)):
            continue
        text = re.sub(r"\s+", " ", paragraph.astext()).strip()
        if len(text) >= 20:
            return shorten(text)
    return ""


def _ancestors(node):
    while node is not None:
        yield node
        node = node.parent


def shorten(text, limit=MAX_LENGTH):
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut[limit // 2:]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:，、") + "…"


def add_description(app, pagename, templatename, context, doctree):
    description = summary(doctree) if doctree is not None else ""
    if not description:
        described = {
            "genindex": _("Index of every API and term documented in the PyTorch API Reference."),
            "search": _("Search the PyTorch API Reference in English or Chinese."),
            "404": _("This page does not exist in the PyTorch API Reference."),
        }
        title = re.sub(r"<[^>]+>", "", context.get("title") or "")
        description = described.get(pagename) or f"{title} — {app.config.html_title}"
    context["torchref_description"] = description


def setup(app):
    app.connect("html-page-context", add_description)
