"""Labelled cells of a gallery script, joined with what sphinx-gallery printed for them.

A script labels the code after a cell header with ``# %% example-for: a, b``.
In the doctree of sphinx-gallery's page for the script, each block follows a
comment ``GENERATED FROM PYTHON SOURCE LINES start-end`` whose ``start`` is the
block's first source line, which is how an output is tied back to its code.
"""

import re
from docutils import nodes
from sphinx_gallery.directives import imgsgnode
from sphinx_gallery.py_source_parser import remove_config_comments, split_code_and_text_blocks

from .records import Cell

CELL_HEADER = re.compile(r"^# ?%%(?P<rest>.*)$")
LABEL_HEADER = re.compile(r"^\s*example-for:\s*(?P<labels>.*?)\s*$")
BLOCK_MARKER = re.compile(r"^GENERATED FROM PYTHON SOURCE LINES (\d+)-\d+$")
# under the docstring: "# requires: cuda" (runs only there), "# also-on: cuda" (runs everywhere, and
# prints something else there, so a runner of that device records it too)
DECLARATION = re.compile(r"^# (?P<kind>requires|also-on): (?P<device>\w+)\s*$")


class CellError(ValueError):
    """A label that cannot be tied to code; the message names file and line."""


def declarations(script):
    """``[(kind, device)]`` of the ``# requires:`` and ``# also-on:`` lines before the first cell."""
    found = []
    for line in script.read_text(encoding="utf-8").splitlines():
        if CELL_HEADER.match(line):
            break
        match = DECLARATION.match(line)
        if match:
            found.append((match["kind"], match["device"]))
    return found


def required_device(script):
    """The device a script declares with ``# requires: cuda`` before its first cell, if any."""
    return next((device for kind, device in declarations(script) if kind == "requires"), None)


def records_on(script, device):
    """Whether a runner with ``device`` records the script: it needs that device, or its output depends
    on it (``# also-on: cuda``: the CPU shows one thing, a GPU another)."""
    return any(found == device for _kind, found in declarations(script))


def labelled_code_blocks(script):
    """Return ``[(labels, lineno, code)]`` for every labelled code block of ``script``."""
    _, blocks = split_code_and_text_blocks(str(script))
    code_starts = [(b.lineno, b.content) for b in blocks if b.type == "code"]
    lines = script.read_text(encoding="utf-8").splitlines()
    headers = [n for n, line in enumerate(lines, 1) if CELL_HEADER.match(line)]
    cells = []
    for header in headers:
        match = LABEL_HEADER.match(CELL_HEADER.match(lines[header - 1])["rest"])
        if not match:
            continue
        labels = [label.strip() for label in match["labels"].split(",") if label.strip()]
        if not labels or any(" " in label for label in labels):
            raise CellError(f"{script}:{header}: write labels as 'example-for: name, name'")
        following = [(start, code) for start, code in code_starts if start > header]
        next_header = min((h for h in headers if h > header), default=None)
        if not following or (next_header is not None and next_header < following[0][0]):
            raise CellError(f"{script}:{header}: label {', '.join(labels)} is not followed by code")
        start, code = following[0]
        cells.append((labels, start, remove_config_comments(code).strip("\n")))
    return cells


def outputs_by_block(doctree):
    """Map each block's first source line to ``(text output, (image uris))``, read from the
    doctree of sphinx-gallery's page (its output blocks carry the class ``sphx-glr-script-out``)."""
    found, start = {}, None
    for node in doctree.findall(nodes.Element):
        if isinstance(node, nodes.comment):
            marker = BLOCK_MARKER.match(node.astext().strip())
            if marker:
                start = int(marker[1])
                found[start] = ("", ())
        elif start is None:
            continue
        elif isinstance(node, nodes.literal_block) and "sphx-glr-script-out" in _classes_around(node):
            found[start] = (node.astext().strip("\n"), found[start][1])
        elif isinstance(node, imgsgnode):
            found[start] = (found[start][0], found[start][1] + (node["uri"],))
    return found


def _classes_around(node):
    """The node's classes and its parent's (``rst-class`` may land on a wrapping block quote)."""
    return node["classes"] + (node.parent["classes"] if isinstance(node.parent, nodes.Element) else [])


def unexecuted_cells(script):
    """The labelled cells of a script this runner cannot execute: code, no output."""
    return [Cell(tuple(labels), start, code) for labels, start, code in labelled_code_blocks(script)]


def executed_cells(script, doctree):
    """The labelled cells of ``script`` with the outputs sphinx-gallery put in its page's doctree."""
    outputs = outputs_by_block(doctree)
    cells = []
    for labels, start, code in labelled_code_blocks(script):
        if start not in outputs:
            raise CellError(f"{script}:{start}: no executed block starts at this line in the generated page")
        text, images = outputs[start]
        cells.append(Cell(tuple(labels), start, code, text, images))
    return cells
