"""Stylesheets that carry only the rules the site's pages can use.

The theme's stylesheets (Bootstrap 5 and pydata-sphinx-theme, about 310 KB) block the first paint
of every page, and most of their rules style components the site never shows. After each build of
an edition, every stylesheet in ``_static`` keeps only the rules whose selectors can match
something the site makes:

- the element names, classes, ids and attribute names written in the edition's pages;
- every word of the site's scripts (``_static/**/*.js`` and the pages' inline scripts), since a
  script can add a class (``.show``, ``.active``, search results) or an attribute
  (``dataset.theme`` -> ``[data-theme=dark]``, dark mode) after the page has loaded; a word that
  ends in ``-`` (``"bs-" + name``) keeps every class that starts with it.

Only what is known to be absent is dropped: a selector goes when one of the names it requires
(outside ``:not()``, ``:is()``, ``:where()``, ``:has()``) appears nowhere; pseudo-classes, custom
elements (made by scripts), ``@font-face``, ``@keyframes`` and licence comments (``/*!``) stay.
Then the declarations of custom properties that no kept rule, script or style attribute reads go.

Each page then links one stylesheet instead of ten: the bundle of the purged sheets it linked, in
their order (``@import`` inlined, ``url()`` rebased), ``_static/styles/site-<crc of their names>.css``,
with ``?v=`` the checksum of its bytes, so that a browser never keeps a bundle that lacks a rule a
page now needs; pages an incremental build did not write get the new checksum too.

Sphinx copies each stylesheet from its source again on every build (``copy_asset(force=True)``),
so the pass always starts from the full sheet, and its result depends only on the pages and
scripts: the same site gives the same bytes, whatever was built before.
"""

import hashlib
import json
import posixpath
import re
import zlib
from pathlib import Path

from sphinx.util import logging

from .filescans import FileScans

logger = logging.getLogger(__name__)

# The site's own few rules stay whole: some style what comes and goes with an edit (the notice on a
# Chinese page whose translation is behind), and a rule that came or went would change the bundle's
# bytes and so relink every page of the edition (a one-line English edit wrote all 206 Chinese pages).
KEPT_WHOLE = ("_static/torchref.css",)

# ---------------------------------------------------------------- what the site uses

VALUE = r"(?:\"[^\"]*\"|'[^']*'|[^\s\"'>]+)"
TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s\"'=>/]+(?:\s*=\s*" + VALUE + r")?)*)\s*/?>")
ATTRIBUTE = re.compile(r"([^\s\"'=>/]+)(?:\s*=\s*(" + VALUE + r"))?")
# states the reader or the browser sets (<details open>, hidden)
STATE_ATTRIBUTES = {"open", "hidden"}
INLINE_SCRIPT = re.compile(r"<script\b[^>]*>(.*?)</script>", re.S | re.I)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
DATASET = re.compile(r"\bdataset\.([A-Za-z][A-Za-z0-9]*)")
CUSTOM_PROPERTY = re.compile(r"--[A-Za-z_][\w-]*")


class Used:
    """Names the pages and scripts can put in the document (element names are lower case)."""

    def __init__(self):
        self.tags = set()
        self.classes = set()
        self.ids = set()
        self.attributes = set(STATE_ATTRIBUTES)
        self.words = set()
        self.prefixes = set()
        self.custom_properties = set()  # --name read or set by a script or a style attribute

    def add_html(self, html):
        for tag, attributes in TAG.findall(html):
            self.tags.add(tag.lower())
            for name, value in ATTRIBUTE.findall(attributes):
                name = name.lower()
                self.attributes.add(name)
                value = value.strip("\"'")
                if name == "class":
                    self.classes.update(value.split())
                elif name == "id":
                    self.ids.add(value)
                elif name == "style":
                    self.custom_properties.update(CUSTOM_PROPERTY.findall(value))
        for script in INLINE_SCRIPT.findall(html):
            self.add_script(script)

    def add_script(self, text):
        words = set(WORD.findall(text))
        self.custom_properties.update(CUSTOM_PROPERTY.findall(text))
        self.words.update(words)
        self.prefixes.update(word for word in words if word.endswith("-") and len(word) > 2)
        self.attributes.update(
            "data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name) for name in DATASET.findall(text))

    FIELDS = ("tags", "classes", "ids", "attributes", "words", "prefixes", "custom_properties")

    def findings(self):
        """What it found, as JSON can keep it (torchref/filescans.py)."""
        return {field: sorted(getattr(self, field)) for field in self.FIELDS}

    def add(self, findings):
        for field in self.FIELDS:
            getattr(self, field).update(findings[field])

    def has_class(self, name):
        return name in self.classes or name in self.words or any(name.startswith(p) for p in self.prefixes)

    def has_id(self, name):
        return name in self.ids or name in self.words

    def has_tag(self, name):
        name = name.lower()
        return name in self.tags or name in self.words or "-" in name  # custom elements come from scripts

    def has_attribute(self, name):
        name = name.lower()
        return name in self.attributes or name in self.words


def used_by_scripts(outdir):
    """What the edition's scripts (``_static``) can put in the document. Not ``_search/``: the build
    writes it after this pass, and the words of its index are data, not classes."""
    used = Used()
    for path in sorted((Path(outdir) / "_static").rglob("*.js")):
        if path.is_file():
            used.add_script(path.read_text(encoding="utf-8", errors="ignore"))
    return used


# ---------------------------------------------------------------- selectors

STRING = re.compile(r"\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'")
ATTRIBUTE_SELECTOR = re.compile(r"\[\s*(?:[-\w*]*\|(?!=))?((?:[-\w]|\\.)+)[^\]]*\]")
PSEUDO = re.compile(r"::?[-\w]+")
CLASS = re.compile(r"\.((?:[-\w]|\\.)+)")
ID = re.compile(r"#((?:[-\w]|\\.)+)")
TYPE = re.compile(r"(?:^|(?<=[\s>+~(,]))([a-zA-Z][-\w]*)")


def unescape(name):
    return re.sub(r"\\([0-9a-fA-F]{1,6} ?|.)",
                  lambda m: chr(int(m.group(1), 16)) if re.fullmatch(r"[0-9a-fA-F]{1,6} ?", m.group(1))
                  else m.group(1), name)


def without_functional_pseudos(selector):
    """The selector less the arguments of ``:not(...)``, ``:is(...)``, ``:nth-child(...)``...,
    which require nothing for certain."""
    out, depth = [], 0
    for char in selector:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0:
            out.append(char)
    return "".join(out)


def selector_can_match(selector, used):
    selector = STRING.sub('""', selector)
    for name in ATTRIBUTE_SELECTOR.findall(selector):
        if not used.has_attribute(unescape(name)):
            return False
    selector = without_functional_pseudos(ATTRIBUTE_SELECTOR.sub("", selector))
    if any(not used.has_class(unescape(name)) for name in CLASS.findall(selector)):
        return False
    if any(not used.has_id(unescape(name)) for name in ID.findall(selector)):
        return False
    bare = PSEUDO.sub("", CLASS.sub("", ID.sub("", selector)))
    return all(used.has_tag(name) for name in TYPE.findall(bare))


def split_top_level(text, separator, opening="(", closing=")"):
    """``text`` split at each ``separator`` outside brackets and strings, parts stripped, empty ones dropped."""
    parts, depth, start = [], 0, 0
    masked = STRING.sub(lambda m: "_" * len(m.group(0)), text)
    for index, char in enumerate(masked):
        if char in opening:
            depth += 1
        elif char in closing:
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def split_selectors(prelude):
    """A selector list split at its top-level commas."""
    return split_top_level(prelude, ",", "([", ")]")


# ---------------------------------------------------------------- stylesheets

KEPT_AT_RULES = ("@font-face", "@keyframes", "@-webkit-keyframes", "@page", "@property", "@counter-style")
GROUPING_AT_RULES = ("@media", "@supports", "@layer", "@container", "@document")


def parse(css):
    """A stylesheet as a list of ``(prelude, body)``: ``body`` is a list for grouping rules, the
    declarations' text for style rules and other at-rules, None for statements (``@import ...;``).
    Comments go, except licence comments (``/*! ... */``), kept as ``(comment, None)``."""
    position = 0

    def block(end_on_brace):
        nonlocal position
        items, prelude = [], []
        while position < len(css):
            char = css[position]
            if css.startswith("/*", position):
                end = css.find("*/", position + 2)
                end = len(css) if end < 0 else end + 2
                if css.startswith("/*!", position) and not "".join(prelude).strip():
                    items.append((css[position:end], None))
                position = end
            elif char in "\"'":
                match = STRING.match(css, position)
                end = match.end() if match else len(css)
                prelude.append(css[position:end])
                position = end
            elif char == "{":
                position += 1
                head = "".join(prelude).strip().lstrip(";").strip()
                prelude = []
                if head.startswith(GROUPING_AT_RULES):
                    items.append((head, block(True)))
                else:
                    items.append((head, declarations()))
            elif char == ";" and "".join(prelude).strip().startswith("@"):
                items.append(("".join(prelude).strip() + ";", None))
                prelude = []
                position += 1
            elif char == "}":
                position += 1
                if end_on_brace:
                    return items
            else:
                prelude.append(char)
                position += 1
        return items

    def declarations():
        nonlocal position
        start, depth = position, 1
        while position < len(css):
            if css.startswith("/*", position):
                end = css.find("*/", position + 2)
                position = len(css) if end < 0 else end + 2
                continue
            char = css[position]
            if char in "\"'":
                match = STRING.match(css, position)
                position = match.end() if match else len(css)
                continue
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    position += 1
                    return css[start:position - 1]
            position += 1
        return css[start:]

    return block(False)


def purge_items(items, used):
    kept = []
    for prelude, body in items:
        if body is None:
            kept.append((prelude, body))
        elif isinstance(body, list):
            inner = purge_items(body, used)
            if any(b is not None or not p.startswith("/*") for p, b in inner):
                kept.append((prelude, inner))
        elif prelude.startswith("@"):
            kept.append((prelude, body))
        else:
            selectors = [s for s in split_selectors(prelude) if selector_can_match(s, used)]
            if selectors:
                kept.append((",".join(selectors), body))
    return kept


def declarations_of(body):
    """A declaration block split at its top-level semicolons (None if it nests rules)."""
    if "{" in STRING.sub('""', body):
        return None
    return split_top_level(body, ";")


CUSTOM_DECLARATION = re.compile(r"(--[\w-]+)\s*:")
VAR = re.compile(r"var\(\s*(--[\w-]+)")


def style_rules(items):
    for index, (prelude, body) in enumerate(items):
        if isinstance(body, list):
            yield from style_rules(body)
        elif body is not None and not prelude.startswith("@"):
            yield items, index


def prune_custom_properties(sheets, used):
    """Drop the declarations of custom properties that nothing reads: no ``var()`` of any kept rule
    of any sheet, no script, no style attribute. Repeated until none goes (a property read only by
    a dropped one goes too); a rule left without declarations goes. ``sheets``: lists of items."""
    rules = [(items, index) for sheet in sheets for items, index in style_rules(sheet)]
    while True:
        read = set(used.custom_properties)
        for items, index in rules:
            if items[index] is not None:
                read.update(VAR.findall(items[index][1]))
        dropped = False
        for items, index in rules:
            if items[index] is None:
                continue
            prelude, body = items[index]
            declarations = declarations_of(body)
            if declarations is None:
                continue
            kept = [d for d in declarations
                    if not (m := CUSTOM_DECLARATION.match(d)) or m.group(1) in read]
            if len(kept) != len(declarations):
                dropped = True
                items[index] = (prelude, ";".join(kept)) if kept else None
        if not dropped:
            break
    for sheet in sheets:
        drop_empty(sheet)


def drop_empty(items):
    """Take out the rules set to None, and the grouping rules left empty."""
    kept = []
    for item in items:
        if item is None:
            continue
        prelude, body = item
        if isinstance(body, list):
            drop_empty(body)
            if all(b is None and p.startswith("/*") for p, b in body):
                continue
        kept.append(item)
    items[:] = kept


def serialize(items):
    out = []
    for prelude, body in items:
        if body is None:
            out.append(prelude + ("\n" if prelude.startswith("/*") else ""))
        elif isinstance(body, list):
            out.append(prelude + "{" + serialize(body) + "}")
        else:
            out.append(prelude + "{" + re.sub(r"\s*\n\s*", " ", body.strip()) + "}")
    return "".join(out)


def purge(css, used):
    return serialize(purge_items(parse(css), used))


def purge_sheets(sheets, used):
    """``{name: css}`` -> ``{name: purged css}``: unused rules go from each sheet, then the custom
    properties no sheet, script or page reads."""
    parsed = {name: purge_items(parse(css), used) for name, css in sheets.items()}
    prune_custom_properties(list(parsed.values()), used)
    return {name: serialize(items) for name, items in parsed.items()}


def checksum(text):
    """Sphinx's own asset checksum (``sphinx.builders.html._assets``): CRC32 without carriage returns."""
    crc = zlib.crc32(text.encode("utf-8").translate(None, b"\r"))
    return f"{crc:08x}"


# ---------------------------------------------------------------- one stylesheet per page

LINK = re.compile(r"[ \t]*<link\b([^>]*)>\n?")
LINK_ATTRIBUTE = re.compile(r"""([a-zA-Z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
LOCAL_SHEET = re.compile(r"^((?:\.\./)*)(_static/[\w./-]+\.css)(?:\?.*)?$")
IMPORT = re.compile(r"""@import\s+(?:url\(\s*)?["']?([^"')\s;]+)["']?\s*\)?\s*;""")
URL = re.compile(r"""url\(\s*(["']?)([^"')]+)\1\s*\)""")
CHARSET = re.compile(r'@charset\s+"[^"]*"\s*;\n?')
BUNDLE_DIR = "_static/styles"
MANIFEST = re.compile(r"/\* torchref stylesheet bundle: ([^*]*) \*/")
BUNDLE_LINK = re.compile(r'(href="(?:\.\./)*)(' + BUNDLE_DIR + r'/site-[0-9a-f]{8}\.css)\?v=[0-9a-f]+"')


def rebased(css, source_dir, target_dir):
    """The stylesheet's relative ``url()`` s, pointed from ``target_dir`` (paths under the edition)."""
    def point(match):
        quote, url = match.groups()
        if re.match(r"(?:[a-z][a-z0-9+.-]*:|/|#)", url, re.I):
            return match.group(0)
        target = posixpath.relpath(posixpath.normpath(posixpath.join(source_dir, url)), target_dir)
        return f"url({quote}{target}{quote})"
    return URL.sub(point, css)


def inlined(name, sheets, target_dir, seen=()):
    """A stylesheet with its local ``@import`` s replaced by their rules, for a sheet in ``target_dir``."""
    source_dir = posixpath.dirname(name)

    def expand(match):
        imported = posixpath.normpath(posixpath.join(source_dir, match.group(1)))
        if imported in sheets and imported not in seen:
            return inlined(imported, sheets, target_dir, (*seen, name))
        return match.group(0)

    return rebased(IMPORT.sub(expand, CHARSET.sub("", sheets[name])), source_dir, target_dir)


def bundle(names, sheets):
    """The stylesheets a page links, in their order, as one stylesheet in ``BUNDLE_DIR``; a comment
    names them, so that a later build can make it again for the pages it does not rewrite."""
    css = "\n".join(inlined(name, sheets, BUNDLE_DIR) for name in names)
    return (('@charset "UTF-8";\n' if not css.isascii() else "")
            + f"/* torchref stylesheet bundle: {' '.join(names)} */\n" + css)


def bundle_name(names):
    return f"{BUNDLE_DIR}/site-{checksum(chr(10).join(names))}.css"


class Bundles:
    """The bundles the pages link: made from the purged sheets, named after the sheets they hold."""

    def __init__(self, outdir, sheets):
        self.sheets = sheets
        self.made = {}
        self.known = {}  # bundles of earlier builds, linked by the pages this build did not write
        for path in sorted((outdir / BUNDLE_DIR).glob("site-*.css")):
            manifest = MANIFEST.search(path.read_text(encoding="utf-8")[:4096])
            if manifest:
                self.known[f"{BUNDLE_DIR}/{path.name}"] = tuple(manifest.group(1).split())

    def link(self, names):
        """The bundle's name and the checksum of its bytes."""
        name = bundle_name(names)
        if name not in self.made:
            self.made[name] = bundle(names, self.sheets)
        return name, checksum(self.made[name])

    def relink(self, html):
        """A page written by an earlier build: its bundle link, with the checksum of today's bytes."""
        def versioned(match):
            names = self.known.get(match.group(2))
            if names is None or any(name not in self.sheets for name in names):
                return match.group(0)
            name, crc = self.link(names)
            return f'{match.group(1)}{name}?v={crc}"'
        return BUNDLE_LINK.sub(versioned, html)

    def bundle_of(self, linked):
        """The sheets of the bundle a page links, from the local stylesheets it links (a bundle
        itself, on a page bundled by an earlier build)."""
        names = tuple(name for name in linked if name in self.sheets)
        return names or next((self.known[name] for name in linked if name in self.known), ())

    def one_stylesheet(self, html):
        """The page with its local stylesheet links replaced by one link to their bundle."""
        links = [link for link in stylesheet_links(html) if link[2] in self.sheets]
        if not links:
            return self.relink(html)
        name, crc = self.link(tuple(name for _match, _prefix, name in links))
        first, prefix, _name = links[0]
        indent = re.match(r"[ \t]*", first.group(0)).group(0)
        out, position = [], 0
        for match, _prefix, _name in links:
            out.append(html[position:match.start()])
            if match is first:
                out.append(f'{indent}<link rel="stylesheet" href="{prefix}{name}?v={crc}" />\n')
            position = match.end()
        out.append(html[position:])
        return "".join(out)


def stylesheet_links(html):
    """``[(match, prefix, name)]`` of the local stylesheets the page's head links (no ``media``)."""
    links = []
    for match in LINK.finditer(html, 0, max(html.find("</head>"), 0)):
        attributes = {m.group(1).lower(): m.group(2) if m.group(2) is not None else m.group(3)
                      for m in LINK_ATTRIBUTE.finditer(match.group(1))}
        local = LOCAL_SHEET.match(attributes.get("href", ""))
        if attributes.get("rel") == "stylesheet" and "media" not in attributes and local:
            links.append((match, local.group(1), local.group(2)))
    return links


def scan_page(html):
    """What a page uses, and the local stylesheets it links (kept by torchref/filescans.py)."""
    used = Used()
    used.add_html(html)
    return {**used.findings(), "sheets": [name for _match, _prefix, name in stylesheet_links(html)]}


def purge_site(outdir, scans_file=None, other_scans=()):
    """Purge every stylesheet of a built edition; each page then links one stylesheet, the bundle of
    the purged sheets it linked. Returns ``{bundle path: css}``.

    What each page uses is kept in ``scans_file`` (if given), so a build reads only the pages written
    since the last; and only those get their bundle link, unless a bundle's bytes changed, when every
    page is linked to it again (its ``?v=`` checksum). ``other_scans``: the findings of earlier passes
    over the pages (the icon trim's), kept current for the pages whose links this rewrites."""
    outdir = Path(outdir)
    static = outdir / "_static"
    if not static.is_dir():
        return {}
    scans = FileScans(scans_file, version=checksum(Path(__file__).read_text(encoding="utf-8")))
    pages = sorted(page for page in outdir.rglob("*.html") if page.is_file())
    written = [page for page in pages if not scans.is_current(page)]
    found = {page: scans.findings(page, scan_page) for page in pages}
    used = used_by_scripts(outdir)
    for findings in found.values():
        used.add(findings)
    full = {path.relative_to(outdir).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(static.rglob("*.css"))}
    full = {name: css for name, css in full.items() if not name.startswith(f"{BUNDLE_DIR}/site-")}
    sheets = kept_purge(full, used, scans) | {name: full[name] for name in KEPT_WHOLE if name in full}
    for name, lean in sheets.items():
        if lean != full[name]:
            path = outdir / name
            path.write_text(lean, encoding="utf-8")
            source_map = path.with_name(path.name + ".map")
            if source_map.exists():  # it maps the full sheet
                source_map.unlink()
    bundles = Bundles(outdir, sheets)
    for findings in found.values():  # every bundle a page links, made from today's sheets
        if names := bundles.bundle_of(findings["sheets"]):
            bundles.link(names)
    # a bundle whose bytes change gets a new ?v= on every page; else only the pages written since
    relink_all = any((outdir / name).exists() and (outdir / name).read_text(encoding="utf-8") != css
                     for name, css in bundles.made.items())
    for page in pages if relink_all else written:
        link_bundle(page, bundles, [scans, *other_scans])
    for path in sorted((outdir / BUNDLE_DIR).glob("site-*.css")):
        if f"{BUNDLE_DIR}/{path.name}" not in bundles.made:
            path.unlink()
    for name, css in bundles.made.items():
        path = outdir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != css:
            path.write_text(css, encoding="utf-8")
    for each in [scans, *other_scans]:
        each.save()
    logger.info(f"[torchref] stylesheets purged: {scans.scanned} of {len(pages)} pages scanned, "
                f"{len(pages) if relink_all else len(written)} linked to their bundle")
    return dict(bundles.made)


def kept_purge(sheets, used, scans):
    """``purge_sheets``, kept beside the pages' ``scans`` (if they are kept) with what it was made from:
    when the pages and scripts use the same names and each sheet is the one purged last time, or
    already its result, the purge is not done again (0.4 s of every build)."""
    def digest(text):
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    names = digest(json.dumps([scans.version, used.findings()]))  # the version: this code's checksum
    kept = scans.path.with_name(scans.path.stem + "-sheets.json") if scans.path else None
    if kept and kept.exists():
        last = json.loads(kept.read_text(encoding="utf-8"))
        if last["names"] == names and last["sheets"].keys() == sheets.keys() and all(
                digest(css) in (last["from"][name], digest(last["sheets"][name])) for name, css in sheets.items()):
            return last["sheets"]
    purged = purge_sheets(sheets, used)
    if kept:
        kept.write_text(json.dumps({"names": names, "from": {name: digest(css) for name, css in sheets.items()},
                                    "sheets": purged}), encoding="utf-8")
    return purged


def link_bundle(page, bundles, scans):
    html = page.read_text(encoding="utf-8")
    changed = bundles.one_stylesheet(html)
    if changed != html:
        page.write_text(changed, encoding="utf-8")
        for each in scans:
            each.rewritten(page)  # only its links changed: the same findings


def purge_stylesheets(app, exception):
    if exception is None and app.builder.format == "html":
        icons = getattr(app, "_torchref_icon_scans", None)
        purge_site(app.outdir, Path(app.doctreedir) / "usedcss-pages.json", [icons] if icons else [])


def setup(app):
    # after every other step that writes pages or static files (weight.py trims the icon rules first)
    app.connect("build-finished", purge_stylesheets, priority=900)
