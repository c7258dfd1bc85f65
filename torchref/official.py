"""Append a link to the official PyTorch page of every documented object.

The page of each object comes from ``official_links.yaml``, derived from PyTorch's own
documentation sources by ``scripts/official_links.py``: PyTorch gives some objects a
page of their own and documents others as anchors on a parent page, so no URL is guessed.
"""

from functools import lru_cache
from pathlib import Path

import yaml
from docutils import nodes
from sphinx.errors import ExtensionError

from .ui import _, ui_paragraph

MAP = Path(__file__).with_name("official_links.yaml")


@lru_cache(maxsize=None)
def official_links(path=MAP):
    """``{object name: URL relative to the official docs' base}``."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def official_url(base, name, links=None):
    links = official_links() if links is None else links
    if name not in links:
        raise ExtensionError(
            f"no official PyTorch page is known for {name!r}: add the PyTorch docs/source listing that "
            f"documents it to scripts/official_links.py and run it (it rewrites {MAP.name})"
        )
    return base + links[name]


def object_names(contentnode):
    """Fully qualified names of the object described by ``contentnode``'s signatures."""
    for signature in contentnode.parent.findall(lambda n: n.tagname == "desc_signature"):
        fullname = signature.get("fullname")
        if signature.get("torchref_form") and fullname not in official_links():
            continue  # a Tensor method PyTorch lists nowhere (x.kron): its function's page is linked
        if fullname:
            module = signature.get("module")
            yield f"{module}.{fullname}" if module else fullname


def add_official_link(app, domain, objtype, contentnode):
    if domain != "py":
        return
    para = ui_paragraph(classes=["official-docs"])
    para += nodes.Text(_("Official PyTorch documentation") + ": ")
    for number, name in enumerate(dict.fromkeys(object_names(contentnode))):
        if number:
            para += nodes.Text(", ")
        para += nodes.reference("", name, refuri=official_url(app.config.torchref_official_docs, name),
                                classes=["external"])
    contentnode += para
