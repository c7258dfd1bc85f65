"""The gallery as readers meet it in each edition.

- Cards: a translated edition shows each card's title and tooltip from the
  example's catalog; a card of a script that needs a GPU says so.
- Thumbnails: a script that draws no figure gets a card image naming the APIs
  it shows (language-neutral, readable on light and dark pages).
- Comments inside example code are messages of the example's catalog
  (``make pot`` extracts them); a translated edition shows them translated in
  its pages, in the cells its entries embed and in its downloads. The code and
  its outputs stay those of the one execution (``comments.strip_comments``).
"""

import hashlib
import html
import io
import json
import re
import zipfile
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po
from docutils import nodes
from sphinx.builders.gettext import MsgOrigin
from sphinx.util import logging
from sphinx_gallery.gen_rst import _sanitize_rst
from sphinx_gallery.py_source_parser import remove_config_comments, split_code_and_text_blocks

from .cells import LABEL_HEADER, CELL_HEADER, required_device
from .comments import messages, translate_comments
from .execution import executes_examples
from .filescans import kept_by_stamp
from .records import gallery, md5_of
from .ui import _

logger = logging.getLogger(__name__)

CARD = re.compile(
    r'(?P<open><div class="sphx-glr-thumbcontainer"[^>]*?tooltip=")(?P<tooltip>[^"]*)(?P<rest>".*?'
    r':doc:`(?P<doc>[^`]+)`.*?<div class="sphx-glr-thumbnail-title">)(?P<title>.*?)(?P<close></div>)',
    re.S,
)


def script_of(app, docname):
    """The gallery script behind the page ``docname`` (``examples/tensors/plot_x``), if any."""
    script = gallery(app).by_page.get(docname.lstrip("/"))
    return script.path if script else None


def code_blocks(script):
    _, blocks = split_code_and_text_blocks(str(script))
    return [(b.lineno, remove_config_comments(b.content)) for b in blocks if b.type == "code"]


# --- the catalogs ---------------------------------------------------------------

def catalog_dir(app):
    return (Path(app.srcdir) / app.config.locale_dirs[0]).resolve() / app.config.language / "LC_MESSAGES"


@lru_cache(maxsize=None)
def _read_catalog(path):
    with open(path, "rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id and m.string and not m.fuzzy}


def page_catalog(app, docname):
    path = catalog_dir(app) / f"{docname}.po"
    return _read_catalog(str(path)) if path.exists() else {}


def comment_translations(app):
    """Every example catalog's messages, for the comments of any cell on any page. Each catalog's are
    kept in the environment by its size and time of change: a build reads only the catalogs that
    changed (reading all 250 took 0.4 s of every build)."""
    if not hasattr(app, "_torchref_comments"):
        catalogs = kept_by_stamp(getattr(app.env, "torchref_comment_catalogs", {}),
                                 sorted((catalog_dir(app) / "examples").rglob("*.po")), lambda path: _read_catalog(str(path)))
        found = {}
        for _, messages in catalogs.values():
            for message, translation in messages.items():
                found.setdefault(message, translation)
        app.env.torchref_comment_catalogs = catalogs
        app._torchref_comments = found
    return app._torchref_comments


def extract_comments(app, doctree, docname):
    """``make pot``: the comments of a gallery page's code join that page's catalog."""
    if app.builder.name != "gettext":
        return
    script = script_of(app, docname)
    if script is None:
        return
    from sphinx.util.i18n import docname_to_domain

    catalog = app.builder.catalogs[docname_to_domain(docname, app.config.gettext_compact)]
    for lineno, code in code_blocks(script):
        for message in messages(code):
            catalog.add(message, MsgOrigin(str(script), lineno))


# --- the translated edition's pages and downloads ---------------------------------

def translated_edition(app):
    return app.config.language != "en" and app.builder.format == "html"


def catalogs_before_reading(app, env, docnames):
    """``env-before-read-docs``: the example catalogs are read here, once, before Sphinx forks its
    readers, in the environment that is pickled (comment_translations)."""
    if docnames and translated_edition(app):
        comment_translations(app)


def translate_code_comments(app, doctree):
    """Python code on a translated page (gallery pages and embedded cells) with its comments translated;
    when the page is read, before sphinx-gallery's post-transform turns its code into linked tokens."""
    if not translated_edition(app):
        return
    lookup = comment_translations(app)
    for block in list(doctree.findall(nodes.literal_block)):
        if (block.get("language") or "").lower() not in ("python", "py", "python3"):
            continue
        code = block.astext()
        translated = translate_comments(code, lookup)
        if translated != code:
            block.rawsource = translated
            block.children = []
            block += nodes.Text(translated)


def translate_python_file(text, lookup):
    return translate_comments(text, lookup)


def translate_notebook(text, lookup):
    notebook = json.loads(text)
    changed = False
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            source = "".join(cell["source"])
            translated = translate_comments(source, lookup)
            if translated != source:
                cell["source"] = translated.splitlines(keepends=True)
                changed = True
    return json.dumps(notebook, indent=2, ensure_ascii=False) + "\n" if changed else text


TRANSLATORS = {".py": translate_python_file, ".ipynb": translate_notebook}


def translate_downloads(app, exception):
    """The edition's copies of the scripts, notebooks and their zips, with translated comments. Sphinx
    copies the English files again on every build; each translation is kept (by the bytes of the file
    and of the catalogs' messages), so only a changed script or catalog is translated again: a zip of
    all the examples takes its members' kept translations."""
    if exception or not translated_edition(app):
        return
    lookup = comment_translations(app)
    messages = hashlib.md5(json.dumps(sorted(lookup.items()), ensure_ascii=False).encode()).hexdigest()
    kept = Path(app.doctreedir) / "translated-downloads"
    kept.mkdir(parents=True, exist_ok=True)
    used = set()

    def translation(suffix, data):
        path = kept / f"{hashlib.md5(data + messages.encode()).hexdigest()}{suffix}"
        used.add(path)
        if path.exists():
            return path.read_bytes()
        translated = translated_download(suffix, data, lookup, translation)
        path.write_bytes(translated)
        return translated

    for path in sorted((Path(app.outdir) / "_downloads").rglob("*")):
        if path.suffix == ".zip" or (path.suffix in TRANSLATORS and path.name.startswith("plot_")):
            data = path.read_bytes()
            if (translated := translation(path.suffix, data)) != data:
                path.write_bytes(translated)
    for stale in set(kept.iterdir()) - used:
        stale.unlink()


def translated_download(suffix, data, lookup, member_translation=None):
    """A download's bytes with its comments translated: a script, a notebook or a zip of them (each
    member by ``member_translation(suffix, bytes)`` if given)."""
    if suffix in TRANSLATORS:
        return TRANSLATORS[suffix](data.decode("utf-8"), lookup).encode("utf-8")
    translate = member_translation or (lambda member_suffix, member: translated_download(member_suffix, member, lookup))
    with zipfile.ZipFile(io.BytesIO(data)) as zipped:
        members = [(info, zipped.read(info)) for info in zipped.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zipped:
        for info, member in members:
            if Path(info.filename).suffix in TRANSLATORS:
                member = translate(Path(info.filename).suffix, member)
            zipped.writestr(info, member)
    return out.getvalue()


# --- cards --------------------------------------------------------------------

def normalise(text):
    """Text without reST markup, as sphinx-gallery writes a card (also next to Chinese punctuation)."""
    text = re.sub(r":(?:[\w-]+:)+`([^`<]+?)(?:\s*<[^>`]+>)?`", r"\1", _sanitize_rst(text))
    text = re.sub(r"``([^`]+)``", r"\1", text)
    return " ".join(text.split())


def translate_cards(app, docname, source):
    """Card titles and tooltips from each example's catalog; GPU examples say they need one."""
    if not (docname == "examples/index" or re.fullmatch(r"examples/.+/index", docname)):
        return

    def card(match):
        doc = match["doc"].lstrip("/")
        title, tooltip = html.unescape(match["title"]), html.unescape(match["tooltip"])
        if app.config.language != "en":
            by_text = {normalise(k): normalise(v) for k, v in page_catalog(app, doc).items()}
            title = by_text.get(normalise(title), title)
            tooltip = by_text.get(normalise(tooltip), tooltip)
        script = script_of(app, doc)
        if script is not None and required_device(script):
            device = required_device(script).upper()
            title = _("{title} (needs a {device} GPU)").format(title=title, device=device)
            tooltip = _("Needs an NVIDIA GPU with {device}. {text}").format(device=device, text=tooltip)
        return (match["open"] + html.escape(tooltip) + match["rest"] + html.escape(title, quote=False)
                + match["close"])

    source[0] = CARD.sub(card, source[0])


# --- thumbnails ------------------------------------------------------------------

CALL = re.compile(r"\b(torch(?:\.\w+)+)\(")


def api_names(script):
    """The API names a script's cells are labelled with, in order."""
    names = []
    for line in script.read_text(encoding="utf-8").splitlines():
        header = CELL_HEADER.match(line)
        label = header and LABEL_HEADER.match(header["rest"])
        if label:
            names += [n.strip() for n in label["labels"].split(",") if n.strip().startswith("torch.")]
    return list(dict.fromkeys(names))


def called_names(script):
    """The ``torch.*`` functions a script calls, in order: for scripts whose cells are labelled with
    concepts, not API names (names, unlike a title, read the same in both editions)."""
    calls = CALL.findall(script.read_text(encoding="utf-8"))
    return [name for name in dict.fromkeys(calls) if name not in ("torch.manual_seed", "torch.tensor")]


def draw_thumbnail(path, names, device):
    """A card image: the script's first API names on a dark slate that reads in both colour modes."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.patches import FancyBboxPatch

    figure = plt.figure(figsize=(4, 2.8), dpi=100)
    axes = figure.add_axes([0, 0, 1, 1])
    axes.set_axis_off()
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    axes.add_patch(FancyBboxPatch((0.03, 0.04), 0.94, 0.92, boxstyle="round,pad=0,rounding_size=0.06",
                                  facecolor="#1e293b", edgecolor="#ee4c2c", linewidth=3))
    shown = names[:4] or ["torch"]
    top = 0.5 + 0.09 * (len(shown) - 1)
    for number, name in enumerate(shown):
        size = 15 if len(name) <= 22 else max(9, int(15 * 22 / len(name)))
        axes.text(0.5, top - 0.18 * number, name, ha="center", va="center", family="DejaVu Sans Mono",
                  fontsize=size, color="#f8fafc")
    if len(names) > len(shown):
        axes.text(0.5, 0.1, f"+{len(names) - len(shown)}", ha="center", va="center", fontsize=10, color="#94a3b8")
    if device:
        axes.text(0.9, 0.86, device.upper(), ha="right", va="center", fontsize=12, fontweight="bold",
                  color="#1e293b", bbox={"boxstyle": "round,pad=0.3", "facecolor": "#fbbf24", "edgecolor": "none"})
    path.parent.mkdir(parents=True, exist_ok=True)
    staged = path.with_suffix(".new.png")
    figure.savefig(staged, transparent=True, metadata={"Software": None})
    plt.close(figure)
    if path.exists() and path.read_bytes() == staged.read_bytes():
        staged.unlink()
    else:
        staged.replace(path)


def write_thumbnails(app):
    """After sphinx-gallery's pass (gallerypass.py): scripts without a figure get a card naming their
    APIs. Drawn by the executing build only (the other editions read the same files), and only when
    the card's content or the file changed since it was drawn (sphinx-gallery may put its default back)."""
    if not (executes_examples(app) and app.builder.format == "html"):
        return
    for script in gallery(app).scripts:
        folder = script.generated_dir / "images"
        if any(folder.glob(f"sphx_glr_{script.stem}_[0-9]*.png")):
            continue  # the card shows the script's own figure
        thumb = folder / "thumb" / f"sphx_glr_{script.stem}_thumb.png"
        names, device = api_names(script.path) or called_names(script.path), required_device(script.path)
        drawn = thumb.with_suffix(".png.drawn")
        key = json.dumps([names, device, md5_of(thumb) if thumb.exists() else None])
        if drawn.exists() and drawn.read_text(encoding="utf-8") == key:
            continue
        draw_thumbnail(thumb, names, device)
        drawn.write_text(json.dumps([names, device, md5_of(thumb)]), encoding="utf-8")


def setup(app):
    app.connect("source-read", translate_cards)
    app.connect("doctree-resolved", extract_comments)
    app.connect("env-before-read-docs", catalogs_before_reading)
    app.connect("doctree-read", translate_code_comments)
    app.connect("build-finished", translate_downloads)
