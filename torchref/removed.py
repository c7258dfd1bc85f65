"""A page that is gone from the sources goes from the output too.

Sphinx forgets a removed page but leaves its HTML, its source copy and its
downloads in the output folder, which an incremental build keeps; without this,
a deleted page would stay published until ``make clean``.
"""

from pathlib import Path


def remove_outputs(app, env, added, changed, removed):
    if app.builder.format != "html":
        return []
    outdir = Path(app.outdir)
    for docname in removed:
        Path(app.builder.get_outfilename(docname)).unlink(missing_ok=True)
        for copy in (outdir / "_sources").glob(f"{docname}.*"):
            copy.unlink()
    return []


def remove_unused_downloads(app, exception):
    """Downloads no page links any more (a removed example's script and notebook)."""
    if exception is not None or app.builder.format != "html":
        return
    downloads = Path(app.outdir) / "_downloads"
    used = {downloads / destination for _, destination in app.env.dlfiles.values()}
    for path in downloads.rglob("*") if downloads.is_dir() else []:
        if path.is_file() and path not in used:
            path.unlink()


def setup(app):
    app.connect("env-get-outdated", remove_outputs)
    app.connect("build-finished", remove_unused_downloads)
