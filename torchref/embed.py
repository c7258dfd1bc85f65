"""The ``executed-example`` directive: a labelled gallery cell, its real output, and its script.

Each output sits in an ``executed_output`` node, rendered as
``<div class="executed-output" data-runner data-torch data-source>``.
"""

from pathlib import PurePosixPath

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from .records import CellIndex
from .runner import describe
from .ui import _, ui_paragraph


class executed_output(nodes.General, nodes.Element):
    """One runner's output of one cell."""


def visit_executed_output_html(self, node):
    attributes = {
        "data-runner": node["runner"],
        "data-torch": node["torch"],
        "data-source": node["source"],
    }
    self.body.append(self.starttag(node, "div", CLASS="executed-output", **attributes))


def depart_executed_output_html(self, node):
    self.body.append("</div>\n")


def _skip(self, node):
    raise nodes.SkipNode


def cell_index(env):
    """One index per build, loaded lazily: records do not change while pages are read."""
    if not hasattr(env.app, "_torchref_cells"):
        env.app._torchref_cells = CellIndex(env.app)
    return env.app._torchref_cells


class ExecutedExample(SphinxDirective):
    """Embed every cell labelled with the argument (an API name or a concept slug)."""

    required_arguments = 1
    has_content = False

    def run(self):
        label = self.arguments[0]
        found = cell_index(self.env).lookup(label)
        if not found:
            raise self.error(
                f"no executed cell is labelled {label!r}; label one in a gallery script "
                f"with '# %% example-for: {label}' (see CONTRIBUTING.md)"
            )
        container = nodes.container(classes=["executed-example"])
        for cells_of_script in _group_by_cell(found):
            container += self._cell(cells_of_script)
        return [container]

    def _cell(self, runs):
        """The code once, then each runner's output of it."""
        record, cell, path = runs[0]
        self.env.note_dependency(str(path))
        block = nodes.container(classes=["executed-cell"])
        block += nodes.literal_block(cell.code, cell.code, language="python")
        for run_record, run_cell, run_path in runs:
            self.env.note_dependency(str(run_path))
            block += self._output(run_record, run_cell)
        block += self._source_links(record)
        return block

    def _output(self, record, cell):
        runner = record["runner"]
        node = executed_output(runner=runner["id"], torch=runner["torch"], source=record["source"])
        label = ui_paragraph(classes=["executed-output-label"])
        label += nodes.Text(_("Output on {runner}, torch {torch}").format(runner=describe(runner), torch=runner["torch"]))
        node += label
        if cell.output:
            node += nodes.literal_block(cell.output, cell.output, language="none", classes=["executed-output-text"])
        else:
            node += ui_paragraph(_("(this cell prints nothing)"), classes=["executed-output-empty"])
        for uri in cell.images:
            node += nodes.image(uri=uri, alt=_("Figure drawn by this cell"), candidates={"*": uri.lstrip("/")})
        return node

    def _source_links(self, record):
        """Links to the example's page and its two downloads (sphinx-gallery's paths)."""
        page = "/" + record["page"]
        script = PurePosixPath(record["source"])
        para = ui_paragraph(classes=["executed-example-source"])
        para += nodes.Text(_("From the example") + " ")
        xref = addnodes.pending_xref("", refdomain="std", reftype="doc", reftarget=page, refexplicit=True)
        xref += nodes.literal(text=script.name)
        para += xref
        for suffix, caption in ((".py", _("Download .py")), (".ipynb", _("Download .ipynb"))):
            para += nodes.Text(" · ")
            target = page + suffix
            para += addnodes.download_reference("", "", nodes.Text(caption), reftarget=target, refexplicit=True)
        return para


def _group_by_cell(found):
    """Group the runs of one cell (same script and line) across runners."""
    groups = {}
    for record, cell, path in found:
        groups.setdefault((record["source"], cell.lineno), []).append((record, cell, path))
    return list(groups.values())


def setup(app):
    app.add_node(
        executed_output,
        html=(visit_executed_output_html, depart_executed_output_html),
        latex=(_skip, None), text=(_skip, None), man=(_skip, None), texinfo=(_skip, None),
    )
    app.add_directive("executed-example", ExecutedExample)
