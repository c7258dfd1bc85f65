"""The glossary page, generated from ``locale/zh_CN/glossary.yaml``, and links to it.

- ``{torchref-glossary}`` writes one Sphinx ``glossary`` from the yaml: every entry's term
  in English and Chinese (both registered as ``std:term`` targets, so ``{term}`` finds
  them), its one-line definition in the edition's language, and the API entries that use
  it. The definitions come from the yaml, not from a catalog: they are not messages.
- On every other page, the first use of a term in ordinary paragraph text (never in code,
  literals, headings, signatures, links or generated boxes) becomes a ``{term}`` reference,
  in the edition's language. Entries may opt out with ``link: false`` (or link in one
  edition only: ``link: en`` / ``link: zh``).
- An API entry "uses" a term when the term occurs in its text or its name ends with one
  of the entry's English API names (``torch.Tensor.view`` uses "view").
"""

import re
from functools import lru_cache
from pathlib import Path

import yaml
from docutils import nodes
from sphinx import addnodes
from sphinx.domains.std import make_glossary_term
from sphinx.errors import ConfigError
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from .ui import _, ui_paragraph

logger = logging.getLogger(__name__)
GLOSSARY = Path(__file__).resolve().parent.parent / "locale" / "zh_CN" / "glossary.yaml"
PAGE_CLASS = "torchref-glossary"
# paragraphs under these are not prose a reader would follow a term link from
SKIPPED_ANCESTORS = (
    addnodes.desc_signature, nodes.title, nodes.subtitle, nodes.rubric, nodes.caption, nodes.field_name,
    nodes.reference, addnodes.pending_xref, nodes.literal, nodes.literal_block, nodes.raw, nodes.container,
    addnodes.glossary, addnodes.toctree, nodes.topic, nodes.sidebar, nodes.footnote, nodes.citation,
)


@lru_cache(maxsize=4)
def _load(path, mtime):
    try:
        with open(path, encoding="utf-8") as stream:  # a stream, so yaml's error names the file and line
            return yaml.load(stream, Loader=yaml.CSafeLoader)  # libyaml: a tenth of the time
    except yaml.YAMLError as err:
        raise ConfigError(f"{path} is not valid YAML: {err}") from None


def check_glossary(app, config):
    """``config-inited``: read the glossary before the parallel readers do, so that a YAML mistake
    stops the build with one line naming the file and line, not a crash report."""
    try:
        load_entries()
    except ConfigError as err:
        logger.error(str(err))
        raise SystemExit(2) from None


def load_entries(path=GLOSSARY):
    return _load(str(path), Path(path).stat().st_mtime)


def edition_lang(language):
    return "zh" if language.startswith("zh") else "en"


def term_id(entry, lang="en"):
    """The same anchor in both editions: from the English term, ``-zh`` for the Chinese one."""
    slug = nodes.make_id(entry["en"][0]) or "term"
    return f"term-{slug}" + ("-zh" if lang == "zh" else "")


def api_suffixes(entry):
    """The entry's English items that are single identifiers, like API names (``view_as``)."""
    return {item for item in entry["en"] if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", item)}


def links_in(entry, lang):
    link = entry.get("link", True)
    return link is True or link == lang


class glossary_uses(nodes.General, nodes.Element):
    """Placeholder for the list of entries that use a term; filled in once every page is read."""


class GlossaryDirective(SphinxDirective):
    has_content = False

    def run(self):
        lang = edition_lang(self.config.language)
        other = "en" if lang == "zh" else "zh"
        entries = load_entries()
        self.env.note_dependency(str(GLOSSARY))
        self.env.torchref_glossary_doc = self.env.docname
        glossary = addnodes.glossary(classes=[PAGE_CLASS], sorted=False)  # sorted here, by English term
        items = nodes.definition_list(classes=["glossary"])
        glossary += items
        for entry in sorted(entries, key=lambda e: e["en"][0].lower()):
            item = nodes.definition_list_item()
            # a term both languages write alike (TorchScript) is listed once, under the English anchor
            # that the terms on the pages link to
            alike = entry["zh"][0] == entry["en"][0]
            for term_lang in ("en",) if alike else (lang, other):
                item += make_glossary_term(self.env, [nodes.Text(entry[term_lang][0])], None, None, self.lineno,
                                           term_id(entry, term_lang), self.state.document)
            definition = nodes.definition()
            definition += ui_paragraph(entry["definition"][lang], classes=["glossary-definition"])
            if lang == "zh" and entry.get("avoid"):
                definition += ui_paragraph(_("Not to be written: {words}").format(words="、".join(entry["avoid"])),
                                           classes=["glossary-avoid"])
            definition += glossary_uses(key=term_id(entry))
            item += definition
            items += item
        return [glossary]


def _skip(node):
    return not node.get("translatable", True) or any(isinstance(a, SKIPPED_ANCESTORS) for a in _ancestors(node))


def _ancestors(node):
    node = node.parent
    while node is not None:
        yield node
        node = node.parent


@lru_cache(maxsize=4)
def _matcher(lang, path, mtime):
    """``(regex, {matched text: (term, key)})`` for the linkable terms of ``lang``."""
    terms = {}
    for entry in _load(path, mtime):
        if links_in(entry, lang):
            terms[entry[lang][0]] = term_id(entry)
    ordered = sorted(terms, key=len, reverse=True)  # 次正规数 before 正规数
    alternation = "|".join(re.escape(t) for t in ordered)
    if lang == "en":
        regex = re.compile(rf"(?<![\w-])({alternation})(?:es|s)?(?![\w-])", re.IGNORECASE)
    else:
        regex = re.compile(f"({alternation})")
    return regex, {t.lower(): (t, key) for t, key in terms.items()}


def _entry_name(node):
    for ancestor in _ancestors(node):
        if isinstance(ancestor, addnodes.desc):
            for signature in ancestor.findall(addnodes.desc_signature):
                if signature.get("fullname"):
                    module = signature.get("module")
                    return f"{module}.{signature['fullname']}" if module else signature["fullname"]
    return None


class LinkFirstUse(SphinxTransform):
    """Make the first use of each glossary term on a page a reference to its entry, and
    note which API entries use which term."""

    default_priority = 880  # after the translation (Locale, 20): the edition's own language

    def apply(self):
        if self.app.builder.name == "gettext" or any(self.document.findall(addnodes.glossary)):
            return
        lang = edition_lang(self.config.language)
        self.env.note_dependency(str(GLOSSARY))  # its terms and their link flags
        regex, terms = _matcher(lang, str(GLOSSARY), GLOSSARY.stat().st_mtime)
        uses = self.env.__dict__.setdefault("torchref_glossary_uses", {})
        docname = self.env.docname
        linked = set()
        by_last_name = {}  # one walk of the page, not one per term
        for signature in self.document.findall(addnodes.desc_signature):
            by_last_name.setdefault(signature.get("fullname", "").rsplit(".", 1)[-1], []).append(signature)
        for entry in load_entries():
            for suffix in api_suffixes(entry):
                for signature in by_last_name.get(suffix, ()):
                    uses.setdefault(term_id(entry), set()).add((docname, _entry_name(signature)))
        for paragraph in list(self.document.findall(nodes.paragraph)):
            if _skip(paragraph):
                continue
            for text in [child for child in paragraph.children if isinstance(child, nodes.Text)]:
                self._link(paragraph, text, regex, terms, linked, uses, docname)

    def _link(self, paragraph, text, regex, terms, linked, uses, docname):
        source = str(text)
        pieces, position = [], 0
        entry_name = _entry_name(paragraph)
        for match in regex.finditer(source):
            term, key = terms[match.group(1).lower()]
            if entry_name:
                uses.setdefault(key, set()).add((docname, entry_name))
            if key in linked:
                continue
            linked.add(key)
            pieces.append(nodes.Text(source[position:match.start()]))
            word = match.group(0)
            xref = addnodes.pending_xref("", refdomain="std", reftype="term", reftarget=term.lower(),
                                         refdoc=docname, refexplicit=True, refwarn=True)
            xref += nodes.inline(word, word, classes=["xref", "std", "std-term", "glossary-first-use"])
            pieces.append(xref)
            position = match.end()
        if not pieces:
            return
        pieces.append(nodes.Text(source[position:]))
        index = paragraph.index(text)
        paragraph.remove(text)
        for offset, piece in enumerate(p for p in pieces if not isinstance(p, nodes.Text) or str(p)):
            paragraph.insert(index + offset, piece)


class FillGlossaryUses(SphinxPostTransform):
    """Write the list of API entries that use each term, once every page has been read."""

    default_priority = 5  # before Sphinx resolves the references (10)

    def run(self):
        uses = getattr(self.env, "torchref_glossary_uses", {})
        for placeholder in list(self.document.findall(glossary_uses)):
            names = sorted({name for _doc, name in uses.get(placeholder["key"], ()) if name})
            if not names:
                placeholder.parent.remove(placeholder)
                continue
            para = ui_paragraph(_("Used in: "), classes=["glossary-uses"])
            for i, name in enumerate(names):
                if i:
                    para += nodes.Text(", ")
                xref = addnodes.pending_xref("", refdomain="py", reftype="obj", reftarget=name,
                                             refdoc=self.env.docname, refexplicit=False, refwarn=True)
                xref += nodes.literal(name, name, classes=["xref", "py", "py-obj"])
                para += xref
            placeholder.replace_self(para)


def note_pages_read(app, env, added, changed, removed):
    """``env-get-outdated``: whether this build reads or removes any page (rewrite_the_glossary)."""
    app.torchref_pages_read = bool(added or changed or removed)
    return []


def rewrite_the_glossary(app, env):
    """``env-updated``: any page read again may start or stop using a term, so the glossary page is
    written again; not read again: its lists of uses are filled in when it is written (FillGlossaryUses)."""
    doc = getattr(env, "torchref_glossary_doc", None)
    return [doc] if doc and getattr(app, "torchref_pages_read", False) and doc in env.found_docs else []


def forget_doc(app, env, docname):
    for key, found in getattr(env, "torchref_glossary_uses", {}).items():
        env.torchref_glossary_uses[key] = {use for use in found if use[0] != docname}


def merge_docs(app, env, docnames, other):
    mine = env.__dict__.setdefault("torchref_glossary_uses", {})
    for key, found in getattr(other, "torchref_glossary_uses", {}).items():
        mine.setdefault(key, set()).update(use for use in found if use[0] in docnames)
    if getattr(other, "torchref_glossary_doc", None):
        env.torchref_glossary_doc = other.torchref_glossary_doc


def setup(app):
    app.add_node(glossary_uses)
    app.add_directive("torchref-glossary", GlossaryDirective)
    app.add_transform(LinkFirstUse)
    app.add_post_transform(FillGlossaryUses)
    app.connect("config-inited", check_glossary)
    app.connect("env-get-outdated", note_pages_read)
    app.connect("env-updated", rewrite_the_glossary)
    app.connect("env-purge-doc", forget_doc)
    app.connect("env-merge-info", merge_docs)
