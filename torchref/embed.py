"""The ``executed-example`` directive: a labelled gallery cell, its real output, and its script.

While a page is read, the directive places the cell's code (from the script's
source) and a placeholder; once every page is read and the records are written,
``doctree-resolved`` puts each runner's result in its place. A page therefore
depends on the records of the scripts it embeds, and only those: when a
script's records change (a new execution, another runner's outputs imported),
exactly its pages are written again, without being read again.

Each runner's result sits in a ``runner_output`` node: an output renders as
``<div class="executed-output" data-runner data-torch data-source>``, a cell
the runner could not execute (it needs another device) as
``<div class="not-executed" data-runner data-requires data-source>``, and a
record made from an older version of the script as ``<div class="out-of-date">``.
"""

import contextlib
import difflib
import shutil
import struct
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from .cells import CellError, labelled_code_blocks
from .execution import executes_examples, subset_configured
from .filescans import kept_by_stamp
from .nodes import executed_figure, pending_outputs, pending_run_information, runner_output
from .records import gallery, md5_of, runs_of
from .runner import describe, short_os
from .ui import _, ui_paragraph

logger = logging.getLogger(__name__)
BUILD_TIME = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def visit_runner_output_html(self, node):
    attributes = {f"data-{key}": value for key, value in node["data"].items()}
    self.body.append(self.starttag(node, "div", **attributes))


def depart_runner_output_html(self, node):
    self.body.append("</div>\n")


def visit_executed_figure_html(self, node):
    source = Path(self.builder.srcdir, node["uri"].lstrip("/"))
    target = Path(self.builder.outdir, self.builder.imagedir, source.name)
    if not target.exists() or target.stat().st_mtime < source.stat().st_mtime:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    width, height = png_size(source)
    # the size reserves the figure's box before it arrives (no layout shift); figures below the
    # first screen load only when scrolled to
    self.body.append(self.emptytag(node, "img", "", src=f"{self.builder.imgpath}/{source.name}",
                                   alt=node["alt"], width=width, height=height, loading="lazy",
                                   decoding="async", CLASS="executed-figure"))
    raise nodes.SkipNode


def png_size(path):
    """(width, height) of a PNG, from its header (sphinx-gallery saves figures as PNG)."""
    header = path.read_bytes()[:24]
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    return struct.unpack(">II", header[16:24])


def _skip(self, node):
    raise nodes.SkipNode


class SourceCells:
    """Every labelled cell of the gallery scripts, by label, as the sources say (no execution needed).
    Each script's cells are kept in the environment by its md5: a build parses only the scripts
    that changed (parsing all 244 took 0.6 s of every build)."""

    def __init__(self, app):
        scripts = gallery(app).scripts
        cells = kept_by_stamp(getattr(app.env, "torchref_labelled_cells", {}), [s.path for s in scripts],
                              labelled_code_blocks, stamp=md5_of)
        self.by_label = {}
        for script in scripts:
            for labels, lineno, code in cells[str(script.path)][1]:
                for label in labels:
                    self.by_label.setdefault(label, []).append((script, lineno, code))
        app.env.torchref_labelled_cells = cells


def source_cells(app):
    if not hasattr(app, "_torchref_source_cells"):
        app._torchref_source_cells = SourceCells(app)
    return app._torchref_source_cells


def cells_before_reading(app, env, docnames):
    """``env-before-read-docs``: the cells are parsed here, once, before Sphinx forks its readers
    (each would parse them again), in the environment that is pickled. A script's mistake is left
    to the directive that embeds it, which names the page too."""
    if docnames:
        with contextlib.suppress(CellError):
            source_cells(app)


def users(env):
    """``{script source: docnames that embed its cells}``, kept in the environment."""
    if not hasattr(env, "torchref_script_users"):
        env.torchref_script_users = {}
    return env.torchref_script_users


def embedded_labels(env):
    """``{label: docnames that embed it}``, kept in the environment."""
    if not hasattr(env, "torchref_label_users"):
        env.torchref_label_users = {}
    return env.torchref_label_users


class ExecutedExample(SphinxDirective):
    """Embed every cell labelled with the argument (an API name or a concept slug)."""

    required_arguments = 1
    has_content = False

    def run(self):
        label = self.arguments[0]
        try:
            found = source_cells(self.env.app).by_label.get(label)
        except CellError as err:
            raise self.error(str(err)) from None
        if not found:
            hint = difflib.get_close_matches(label, source_cells(self.env.app).by_label, n=1)
            raise self.error(
                f"no gallery cell is labelled {label!r}"
                + (f"; did you mean {hint[0]!r}?" if hint else "")
                + f" Label one with '# %% example-for: {label}' (see CONTRIBUTING.md)"
            )
        embedded_labels(self.env).setdefault(label, set()).add(self.env.docname)
        container = nodes.container(classes=["executed-example"])
        for script, lineno, code in found:
            users(self.env).setdefault(script.source, set()).add(self.env.docname)
            self.env.note_dependency(str(script.path))
            block = nodes.container(classes=["executed-cell"])
            block += nodes.literal_block(code, code, language="python")
            block += pending_outputs(source=script.source, lineno=lineno)
            block += self._source_links(script)
            container += block
        return [container]

    def _source_links(self, script):
        """Links to the example's page and its two downloads (sphinx-gallery's paths)."""
        page = "/" + script.page
        para = ui_paragraph(classes=["executed-example-source"])
        para += nodes.Text(_("From the example") + " ")
        xref = addnodes.pending_xref("", refdomain="std", reftype="doc", reftarget=page, refexplicit=True)
        xref += nodes.literal(text=PurePosixPath(script.source).name)
        para += xref
        for suffix, caption in ((".py", _("Download .py")), (".ipynb", _("Download .ipynb"))):
            para += nodes.Text(" · ")
            para += addnodes.download_reference("", "", nodes.Text(caption), reftarget=page + suffix, refexplicit=True)
        return para


# -- resolving: the records, once every page is read ------------------------------------------

def cell_outputs(app, source, lineno):
    """The executed-outputs container of one cell: one result per runner, side by side."""
    outputs = nodes.container(classes=["executed-outputs"])
    for record, current in runs_of(app, source):
        if not current:
            outputs += out_of_date_notice(record)
        elif record.not_executed:
            outputs += not_executed_notice(record)
        else:
            cell = next(c for c in record.cells if c.lineno == lineno)
            outputs += runner_result(app, record, cell)
    if not any(current for _, current in runs_of(app, source)):
        if subset_configured(app):
            outputs += ui_paragraph(_("Not executed in this partial build (EXAMPLES_PATTERN or SHARD)."),
                                    classes=["not-executed"])
        else:
            raise RuntimeError(f"{source} has no current record: the build should have executed it")
    return outputs


def output_label(app, runner):
    """"Output on RUNNER, torch VERSION"; an output made by another torch release than the one the site
    documents (a kept GPU record made with the torch that machine had) says which one the site documents."""
    documented = app.config.torchref_torch_version
    if runner["torch"].split("+")[0] == documented:
        text = _("Output on {runner}, torch {torch}").format(runner=describe(runner), torch=runner["torch"])
    else:
        text = _("Output on {runner}, torch {torch} (the site documents torch {documented})").format(
            runner=describe(runner), torch=runner["torch"], documented=documented)
    return ui_paragraph(text, classes=["executed-output-label"])


def runner_result(app, record, cell):
    runner = record.runner
    node = runner_output(
        classes=["executed-output"],
        data={"runner": runner["name"], "torch": runner["torch"], "source": record.source},
    )
    node += output_label(app, runner)
    if cell.output:
        node += nodes.literal_block(cell.output, cell.output, language="none", classes=["executed-output-text"])
    else:
        node += ui_paragraph(_("(this cell prints nothing)"), classes=["executed-output-empty"])
    for uri in cell.images:
        node += executed_figure(uri=uri, alt=_("Figure drawn by this cell"))
    return node


def not_executed_notice(record):
    """Say plainly that a runner did not execute an example, and what it needs."""
    runner, device = record.runner, record.not_executed
    node = runner_output(
        classes=["not-executed"],
        data={"runner": runner["name"], "requires": device, "source": record.source},
    )
    node += ui_paragraph(_(
        "This example needs an NVIDIA GPU with {device}, and the machine that built this page has none, "
        "so its output is not shown here. To see it, download the script (.py or .ipynb) and run it on a "
        "computer with an NVIDIA GPU and a {device} build of PyTorch."
    ).format(device=device.upper()), classes=["not-executed-label"])
    return node


def out_of_date_notice(record):
    """A runner's record made from an older version of the script: said, never shown as current."""
    runner = record.runner
    node = runner_output(classes=["out-of-date"], data={"runner": runner["name"], "source": record.source})
    node += ui_paragraph(_(
        "The output on {runner} is out of date: the example changed after it ran there on {time}. "
        "It appears again when that runner executes the current version."
    ).format(runner=describe(runner), time=record.executed), classes=["out-of-date-label"])
    return node


def run_information(app, source):
    """A gallery page says where its outputs come from: each runner with its torch, Python and OS,
    when it ran, and plainly which runners could not run it."""
    facts = nodes.field_list(classes=["example-run-information"])
    for record, current in runs_of(app, source):
        runner = record.runner
        if not current:
            status = _("out of date (the example changed since)")
        elif record.not_executed:
            status = _("not executed (needs {device})").format(device=record.not_executed.upper())
        else:
            status = _("executed {time}").format(time=record.executed)
        text = f"torch {runner['torch']} · Python {runner['python']} · {short_os(runner)} · {status}"
        facts += nodes.field("", nodes.field_name(text=describe(runner)), nodes.field_body("", ui_paragraph(text)))
    facts += nodes.field("", nodes.field_name(text=_("Site built")), nodes.field_body("", ui_paragraph(BUILD_TIME)))
    return [nodes.rubric(text=_("Where these outputs come from"), translatable=False), facts]


def mark_example_page(app, doctree):
    """``doctree-read`` of a gallery page: places for its runners' notices and run information."""
    script = gallery(app).by_page.get(app.env.docname)
    if script is None:
        return
    section = next(doctree.findall(nodes.section), None)
    if section is not None:
        section.insert(1, pending_run_information(source=script.source, notices=True))
    doctree += pending_run_information(source=script.source, notices=False)


def label_gallery_outputs(app, doctree, source):
    """On sphinx-gallery's page, each output is labelled as in the entries (runner and torch),
    in the same ``executed-output`` element, instead of the gallery's bare "Out:". The page
    holds what the runner that last executed the script printed (a deployment may reuse
    a GPU job's pages), so the label names the runner whose record the page's outputs match."""
    blocks = [b for b in doctree.findall(nodes.literal_block) if "sphx-glr-script-out" in b["classes"]]
    printed = {b.astext().strip("\n") for b in blocks}
    record = next((r for r, current in runs_of(app, source) if current and not r.not_executed
                   and {c.output for c in r.cells if c.output} <= printed), None)
    if record is None:
        return
    runner = record.runner
    for block in blocks:
        node = runner_output(
            classes=["executed-output", "gallery-output"],
            data={"runner": runner["name"], "torch": runner["torch"], "source": record.source},
        )
        node += output_label(app, runner)
        block.parent.replace(block, node)  # not replace_self: it would copy the block's classes
        node += block


def fill_placeholders(app, doctree, docname):
    """``doctree-resolved``: each placeholder becomes what the records say."""
    if app.builder.format != "html":  # message extraction: outputs are never translated
        for node in list(doctree.findall(lambda n: isinstance(n, (pending_outputs, pending_run_information)))):
            node.replace_self([])
        return
    for node in list(doctree.findall(pending_outputs)):
        node.replace_self(cell_outputs(app, node["source"], node["lineno"]))
    for node in list(doctree.findall(pending_run_information)):
        if node["notices"]:
            notices = [not_executed_notice(r) for r, current in runs_of(app, node["source"])
                       if current and r.not_executed]
            notices += [out_of_date_notice(r) for r, current in runs_of(app, node["source"]) if not current]
            node.replace_self(notices or [])
        else:
            label_gallery_outputs(app, doctree, node["source"])
            node.replace_self(run_information(app, node["source"]))


def pages_with_new_outputs(app, env):
    """``env-updated``: write again (not read again) the pages of scripts whose records changed,
    and say which records are out of date."""
    fingerprints = {s.source: gallery(app).fingerprint(s) for s in gallery(app).scripts}
    previous = getattr(env, "torchref_fingerprints", {})
    env.torchref_fingerprints = fingerprints
    pages = set()
    for source, fingerprint in fingerprints.items():
        if previous.get(source) != fingerprint:
            pages |= users(env).get(source, set())
            pages.add(gallery(app).by_source[source].page)
    for script in gallery(app).scripts:
        for record, current in runs_of(app, script.source):
            if not current:
                logger.info(f"[torchref] OUT OF DATE: the {record.runner_name} output of {script.source} was made "
                            f"from an older version of the script; its pages say so until that runner runs it again")
    return sorted(pages & env.found_docs)


def warn_unused_labels(app, env):
    """A labelled cell that no page embeds is a typo or a forgotten entry."""
    if not executes_examples(app):
        return  # said once, by the executing build
    try:
        cells = source_cells(app).by_label
    except CellError:
        return  # a malformed label: reported where its script is embedded
    for label in sorted(set(cells) - set(embedded_labels(env))):
        for script, lineno, _code in cells[label]:
            logger.warning(f"cell label {label!r} of {script.source} is embedded by no page "
                           f"(add '{{executed-example}} {label}' to an entry, or fix the label)",
                           location=f"{script.path}:{lineno}", type="torchref", subtype="unused-label")


def forget_doc(app, env, docname):
    for table in (users(env), embedded_labels(env)):
        for docnames in table.values():
            docnames.discard(docname)


def merge_docs(app, env, docnames, other):
    for mine, theirs in ((users(env), users(other)), (embedded_labels(env), embedded_labels(other))):
        for key, their_docs in theirs.items():
            mine.setdefault(key, set()).update(their_docs & set(docnames))


def setup(app):
    skip = {"latex": (_skip, None), "text": (_skip, None), "man": (_skip, None), "texinfo": (_skip, None)}
    app.add_node(runner_output, html=(visit_runner_output_html, depart_runner_output_html), **skip)
    app.add_node(executed_figure, html=(visit_executed_figure_html, None), **skip)
    app.add_directive("executed-example", ExecutedExample)
    app.connect("env-before-read-docs", cells_before_reading)
    app.connect("doctree-read", mark_example_page)
    app.connect("doctree-resolved", fill_placeholders)
    app.connect("env-updated", pages_with_new_outputs, priority=600)  # after the records are written
    app.connect("env-purge-doc", forget_doc)
    app.connect("env-merge-info", merge_docs)
    app.connect("env-check-consistency", warn_unused_labels)
