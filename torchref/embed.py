"""The ``executed-example`` directive: a labelled gallery cell, its real output, and its script.

Each runner's result sits in a ``runner_output`` node: an output renders as
``<div class="executed-output" data-runner data-torch data-source>``, a cell
the runner could not execute (it needs another device) as
``<div class="not-executed" data-runner data-requires data-source>``.
"""

from pathlib import PurePosixPath

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from .records import CellIndex
from .runner import describe
from .ui import _, ui_paragraph


class runner_output(nodes.General, nodes.Element):
    """One runner's result for one cell; ``data`` holds its ``data-*`` attributes."""


def visit_runner_output_html(self, node):
    attributes = {f"data-{key}": value for key, value in node["data"].items()}
    self.body.append(self.starttag(node, "div", **attributes))


def depart_runner_output_html(self, node):
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
        if record.get("not_executed"):
            return self._not_executed(record)
        node = runner_output(
            classes=["executed-output"],
            data={"runner": runner["id"], "torch": runner["torch"], "source": record["source"]},
        )
        label = ui_paragraph(classes=["executed-output-label"])
        label += nodes.Text(_("Output on {runner}, torch {torch}").format(runner=describe(runner), torch=runner["torch"]))
        node += label
        if cell.output:
            node += nodes.literal_block(cell.output, cell.output, language="none", classes=["executed-output-text"])
        else:
            node += ui_paragraph(_("(this cell prints nothing)"), classes=["executed-output-empty"])
        for uri in cell.images:
            node += nodes.image(uri=uri, candidates={"*": uri.lstrip("/")}, classes=["executed-figure"])
        return node

    def _not_executed(self, record):
        return not_executed_notice(record)

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


def not_executed_notice(record):
    """Say plainly that a runner did not execute an example, and what it needs."""
    runner, device = record["runner"], record["not_executed"]
    node = runner_output(
        classes=["not-executed"],
        data={"runner": runner["id"], "requires": device, "source": record["source"]},
    )
    node += ui_paragraph(_(
        "Not executed on this runner ({runner}): this example needs {device}. "
        "Its output appears here when the site is built on a {device} runner."
    ).format(runner=describe(runner), device=device.upper()), classes=["not-executed-label"])
    return node


def announce_unexecuted_example(app, doctree):
    """The gallery page of a script this runner skipped says so under its title."""
    record = cell_index(app.env).unexecuted_pages.get(app.env.docname)
    if record:
        section = next(doctree.findall(nodes.section), None)
        if section is not None:
            section.insert(1, not_executed_notice(record))


def describe_figures(app, doctree, docname):
    """Alt text for executed figures, added after gettext ran: it is the extension's own
    text, already in the build's language, and must not count as an untranslated message."""
    for image in doctree.findall(nodes.image):
        if "executed-figure" in image["classes"]:
            image["alt"] = _("Figure drawn by this cell")


def _group_by_cell(found):
    """Group the runs of one cell (same script and line) across runners."""
    groups = {}
    for record, cell, path in found:
        groups.setdefault((record["source"], cell.lineno), []).append((record, cell, path))
    return list(groups.values())


def setup(app):
    app.add_node(
        runner_output,
        html=(visit_runner_output_html, depart_runner_output_html),
        latex=(_skip, None), text=(_skip, None), man=(_skip, None), texinfo=(_skip, None),
    )
    app.add_directive("executed-example", ExecutedExample)
    app.connect("doctree-read", announce_unexecuted_example)
    app.connect("doctree-resolved", describe_figures)
