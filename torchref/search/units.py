"""Cut each page into the units a reader searches for: API entries, sections, pages.

Units are taken from the document tree while Sphinx reads a page (in the
edition's language, after translation), kept in the environment, and written
for the whole edition at the end of the build: an edit re-indexes only the
pages Sphinx read again, and search does not depend on the theme's markup.
"""

import json
import re
import unicodedata
from dataclasses import asdict, dataclass, field
from functools import cached_property
from itertools import accumulate
from pathlib import Path

from docutils import nodes
from sphinx import addnodes

from ..nodes import pending_outputs
from ..records import printed

# What a result shows under its title (a Chinese character takes two columns): about a search engine's
# snippet, and every result shown costs its summary in the files a query downloads.
SUMMARY_COLUMNS = 160
UNITS_FILE = "search-units.json"  # in the edition's doctree folder
# Classes of what a reader does not search for: outputs, links the build adds, notices, downloads.
NOT_INDEXED_CLASSES = {
    "executed-example", "official-docs", "translation-behind", "not-executed",
    "sphx-glr-download-link-note", "sphx-glr-footer", "sphx-glr-signature",
}
NOT_INDEXED_NODES = (nodes.literal_block, nodes.raw, nodes.comment, nodes.target, nodes.substitution_definition,
                     nodes.system_message, addnodes.only, addnodes.index, addnodes.toctree)
SKIPPED_DOCS = {"404"}
# What a reader pastes from a traceback: the exception's (or warning's) line and its indented
# continuation ("RuntimeError: Error(s) in loading state_dict ...", then "\tMissing key(s) ...").
ERROR_LINE = re.compile(r"\b[A-Z]\w*(?:Error|Exception|Warning)\b: .*(?:\n[ \t]+\S.*)*")


@dataclass
class Unit:
    url: str  # page path, with #anchor below the page's top
    kind: str  # "api", "section", "page", or "example" (anything on a gallery page)
    name: str  # the documented object's name, for API entries
    title: str
    text: str
    embeds: list = field(default_factory=list)  # a page's: the gallery pages its examples come from
    cells: list = field(default_factory=list)  # [script, line] of each example cell it shows
    errors: list = field(default_factory=list)  # the error and warning lines those cells printed (resolved_errors)

    @cached_property
    def summary(self):
        """The start of the text that a result shows, as wide on screen in either language (80
        Chinese characters, 160 English ones): where it is cut, between words where the text has
        spaces, an ellipsis says so."""
        head = self.text[: SUMMARY_COLUMNS + 1]  # a character takes one column or two: no further is needed
        used = list(accumulate(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in head))
        if len(head) == len(self.text) and (not used or used[-1] <= SUMMARY_COLUMNS):
            return self.text
        end = next(i for i, width in enumerate(used) if width + 1 > SUMMARY_COLUMNS)  # 1: the ellipsis
        space = self.text.rfind(" ", 0, end + 1)
        if space > end * 0.8:
            end = space
        return self.text[:end].rstrip() + "…"


def indexed(node):
    return not isinstance(node, NOT_INDEXED_NODES) and not NOT_INDEXED_CLASSES & set(node.get("classes", ()))


def text_of(node, skip=()):
    """The reader-visible text of ``node``: paragraphs joined by one space, inline markup kept
    in place (no spaces around ``code`` or links), without what is not indexed or ``skip``."""
    parts = []

    def walk(element):
        if element in skip or (isinstance(element, nodes.Element) and not indexed(element)):
            return
        if isinstance(element, nodes.Text):
            parts.append(element.astext())
            return
        block = isinstance(element, nodes.TextElement) and not isinstance(element, nodes.Inline)
        if block:
            parts.append(" ")
        for child in element.children:
            walk(child)
        if block:
            parts.append(" ")

    walk(node)
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def shown_cells(node, skip=()):
    """[script, line] of each example cell shown in ``node``, outside ``skip`` (nested units)."""
    inner = {id(cell) for nested in skip for cell in nested.findall(pending_outputs)}
    return [[cell["source"], cell["lineno"]] for cell in node.findall(pending_outputs) if id(cell) not in inner]


def _title(section):
    title = next((c for c in section.children if isinstance(c, nodes.title)), None)
    return title, (text_of(title) if title is not None else "")


def doctree_units(doctree, docname):
    """The units of one page (``docname``'s HTML page is ``docname.html``)."""
    page = f"{docname}.html"
    sections = list(doctree.findall(nodes.section))
    if not sections:
        return []
    if docname.startswith("examples/"):
        # A gallery page is one result: its sections retell the entries that embed them.
        heading, title = _title(sections[0])
        return [Unit(url=page, kind="example", name="", title=title or page, text=text_of(doctree, skip={heading}))]
    units = []
    for number, section in enumerate(sections):
        heading, title = _title(section)
        if heading is None:
            continue
        nested = [c for c in section.findall(lambda n: isinstance(n, (nodes.section, addnodes.desc)))
                  if c is not section]
        text = text_of(section, skip={heading, *nested})
        top = number == 0
        if not top and not text:
            continue  # a heading that only groups entries: the entries are the units
        kind = ("glossary" if docname == "glossary" else "page") if top else "section"
        units.append(Unit(url=page if top else f"{page}#{section['ids'][0]}",
                          kind=kind, name="", title=title, text=text, embeds=embedded_examples(doctree) if top else [],
                          cells=shown_cells(section, nested)))
    for entry in doctree.findall(addnodes.desc):
        if entry.get("domain") != "py":
            continue
        signature = next((s for s in entry.findall(addnodes.desc_signature) if s["ids"]), None)
        content = next((c for c in entry.children if isinstance(c, addnodes.desc_content)), None)
        if signature is None or content is None:
            continue
        name = signature["ids"][0]
        nested = [d for d in content.findall(addnodes.desc)]
        units.append(Unit(url=f"{page}#{name}", kind="api", name=name, title=name,
                          text=text_of(content, skip=set(nested)), cells=shown_cells(content, nested)))
        # a Tensor method on its function's entry (methodforms.py) is found by its own name, with the
        # sentence that says how it differs
        for form in content.findall(lambda n: isinstance(n, nodes.paragraph) and n.get("form")):
            units.append(Unit(url=f"{page}#{form['form']}", kind="api", name=form["form"], title=form["form"],
                              text=text_of(form)))
    return units


def embedded_examples(doctree):
    """The gallery pages whose cells a page shows, once per cell ("From the example ..." links)."""
    return [xref["reftarget"].lstrip("/") + ".html"
            for paragraph in doctree.findall(nodes.paragraph) if "executed-example-source" in paragraph["classes"]
            for xref in paragraph.findall(addnodes.pending_xref)]


def collected(env):
    """``{docname: [unit dicts]}`` of the pages read so far, kept in the environment."""
    if not hasattr(env, "torchref_search_units"):
        env.torchref_search_units = {}
    return env.torchref_search_units


def collect_units(app, doctree):
    if app.env.docname not in SKIPPED_DOCS:
        collected(app.env)[app.env.docname] = [asdict(u) for u in doctree_units(doctree, app.env.docname)]


def forget_doc(app, env, docname):
    collected(env).pop(docname, None)


def merge_docs(app, env, docnames, other):
    collected(env).update({d: units for d, units in collected(other).items() if d in docnames})


def error_lines(output):
    """The error and warning lines of a cell's output, each on one line."""
    return [" ".join(line.split()) for line in ERROR_LINE.findall(output)]


def resolved_errors(app, cells):
    """The error lines the cells printed on every runner that executed them: a reader who pastes
    an error finds the entry whose example shows it. Read from the records when the units are
    written, not when the page is read: the page is not read again when only its outputs change."""
    found = [line for source, lineno in cells for output in printed(app, source, lineno) for line in error_lines(output)]
    return list(dict.fromkeys(found))


def write_units(app, exception):
    """The edition's units, for ``build_search_index`` to merge with the other edition's."""
    if exception is None and app.builder.format == "html":
        units = {doc: [{**unit, "errors": resolved_errors(app, unit["cells"])} for unit in collected(app.env)[doc]]
                 for doc in sorted(collected(app.env)) if doc in app.env.found_docs}
        path = Path(app.doctreedir) / UNITS_FILE
        text = json.dumps(units, ensure_ascii=False, sort_keys=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def read_units(path):
    """``{url: Unit}`` of one edition, from the file ``write_units`` wrote."""
    found = {}
    for units in json.loads(Path(path).read_text(encoding="utf-8")).values():
        for unit in units:
            found.setdefault(unit["url"], Unit(**unit))
    return found


def setup(app):
    app.connect("doctree-read", collect_units, priority=900)  # after the extension's own additions
    app.connect("env-purge-doc", forget_doc)
    app.connect("env-merge-info", merge_docs)
    app.connect("build-finished", write_units)
