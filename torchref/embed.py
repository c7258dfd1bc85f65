"""The ``executed-example`` directive: a labelled gallery cell, its real output, and its script.

Each runner's result sits in a ``runner_output`` node: an output renders as
``<div class="executed-output" data-runner data-torch data-source>``, a cell
the runner could not execute (it needs another device) as
``<div class="not-executed" data-runner data-requires data-source>``.
"""

from datetime import datetime, timezone
from pathlib import PurePosixPath

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from .records import CellIndex, records_root, subset_configured
from .runner import current_runner, describe, short_os
from .ui import _, ui_paragraph


BUILD_TIME = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


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
        index = cell_index(self.env)
        found = index.lookup(label)
        if not found and label in index.in_sources and subset_configured(self.env.app):
            notice = ui_paragraph(_("Not executed in this partial build (EXAMPLES_PATTERN or SHARD)."),
                                  classes=["not-executed"])
            return [notice]
        if not found:
            raise self.error(
                f"no executed cell is labelled {label!r}; label one in a gallery script "
                f"with '# %% example-for: {label}' (see CONTRIBUTING.md)"
            )
        example_docs(self.env).add(self.env.docname)
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
        outputs = nodes.container(classes=["executed-outputs"])  # side by side, one per runner
        for run_record, run_cell, run_path in runs:
            self.env.note_dependency(str(run_path))
            outputs += self._output(run_record, run_cell)
        block += outputs
        block += self._source_links(record)
        return block

    def _output(self, record, cell):
        runner = record["runner"]
        if record.get("not_executed"):
            return not_executed_notice(record)
        node = runner_output(
            classes=["executed-output"],
            data={"runner": runner["name"], "torch": runner["torch"], "source": record["source"]},
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
        data={"runner": runner["name"], "requires": device, "source": record["source"]},
    )
    node += ui_paragraph(_(
        "This example needs an NVIDIA GPU with {device}, and the machine that built this page has none, "
        "so its output is not shown here. To see it, download the script (.py or .ipynb) and run it on a "
        "computer with an NVIDIA GPU and a {device} build of PyTorch."
    ).format(device=device.upper()), classes=["not-executed-label"])
    return node


def describe_example_page(app, doctree):
    """A gallery page says where its outputs come from: each runner with its torch,
    Python and OS, when it ran, and plainly which runners could not run it."""
    records = cell_index(app.env).by_page.get(app.env.docname)
    if not records:
        return
    section = next(doctree.findall(nodes.section), None)
    label_gallery_outputs(doctree, records)
    for record in records:
        if record.get("not_executed") and section is not None:
            section.insert(1, not_executed_notice(record))
    facts = nodes.field_list(classes=["example-run-information"])
    for record in records:
        runner = record["runner"]
        status = (_("not executed (needs {device})").format(device=record["not_executed"].upper())
                  if record.get("not_executed") else _("executed {time}").format(time=record["executed"]))
        text = f"torch {runner['torch']} · Python {runner['python']} · {short_os(runner)} · {status}"
        facts += nodes.field("", nodes.field_name(text=describe(runner)), nodes.field_body("", ui_paragraph(text)))
    facts += nodes.field("", nodes.field_name(text=_("Site built")),
                         nodes.field_body("", ui_paragraph(BUILD_TIME)))
    for child in facts.findall(nodes.field_name):
        child["translatable"] = False
    doctree += nodes.rubric(text=_("Where these outputs come from"), translatable=False)
    doctree += facts


def label_gallery_outputs(doctree, records):
    """On sphinx-gallery's page, each output is labelled as in the entries (runner and torch),
    in the same ``executed-output`` element, instead of the gallery's bare "Out:"."""
    here = current_runner()["name"]
    record = next((r for r in records if r["runner"]["name"] == here and not r.get("not_executed")), None)
    if record is None:
        return
    runner = record["runner"]
    for block in list(doctree.findall(nodes.literal_block)):
        if "sphx-glr-script-out" not in block["classes"]:
            continue
        node = runner_output(
            classes=["executed-output", "gallery-output"],
            data={"runner": runner["name"], "torch": runner["torch"], "source": record["source"]},
        )
        node += ui_paragraph(_("Output on {runner}, torch {torch}").format(runner=describe(runner), torch=runner["torch"]),
                             classes=["executed-output-label"])
        block.parent.replace(block, node)  # not replace_self: it would copy the block's classes
        node += block


def example_docs(env):
    """The documents that embed executed cells (kept in the environment)."""
    if not hasattr(env, "torchref_example_docs"):
        env.torchref_example_docs = set()
    return env.torchref_example_docs


def outdated_by_new_records(app, env, added, changed, removed):
    """Re-read the pages that embed cells when any runner's records changed (a new
    execution, or another runner's outputs imported), though their sources did not."""
    fingerprint = sorted((str(p), p.stat().st_mtime) for p in records_root(app).rglob("*.json"))
    if getattr(env, "torchref_records", None) == fingerprint:
        return []
    env.torchref_records = fingerprint
    gallery_pages = set(cell_index(env).by_page) & env.found_docs
    return sorted((example_docs(env) | gallery_pages) - set(removed))


def forget_doc(app, env, docname):
    example_docs(env).discard(docname)


def merge_docs(app, env, docnames, other):
    example_docs(env).update(example_docs(other) & set(docnames))


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
    app.connect("doctree-read", describe_example_page)
    app.connect("env-get-outdated", outdated_by_new_records)
    app.connect("env-purge-doc", forget_doc)
    app.connect("env-merge-info", merge_docs)
    app.connect("doctree-resolved", describe_figures)
