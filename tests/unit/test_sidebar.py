"""The whole-site table of contents made once per folder (torchref/sidebar.py) is, on every page, what
Sphinx itself gives the theme for that page; and the pages of a folder are made from one."""

import json

from test_small_sites import build, make_site

# Folders two deep, a page that has pages under it, pages in no toctree (genindex, search).
PAGES = {
    "index.md": "# Home\n\n```{toctree}\nops/index\nnn/index\nexamples/index\n```\n\n"
                "```{executed-example} counting\n```\n",
    "ops/index.md": "# Operations\n\n```{toctree}\npointwise\nreduction\n```\n",
    "ops/pointwise.md": "# Pointwise\n\nText.\n",
    "ops/reduction.md": "# Reduction\n\nText.\n",
    "nn/index.md": "# Layers\n\n```{toctree}\nlinear\nconv/index\n```\n",
    "nn/linear.md": "# Linear\n\nText.\n",
    "nn/conv/index.md": "# Convolutions\n\n```{toctree}\nconv1d\nconv2d\n```\n",
    "nn/conv/conv1d.md": "# Conv1d\n\nText.\n",
    "nn/conv/conv2d.md": "# Conv2d\n\nText.\n",
}

# Each page's table of contents from torchref's toctree() and from Sphinx's own, side by side.
COMPARE = """
html_theme = "sphinx_book_theme"
import json

def compare(app, pagename, templatename, context, doctree):
    ours = context["toctree"]

    def both(**kwargs):
        made = ours(**kwargs)
        with open(app.outdir / "tables.jsonl", "a") as report:
            report.write(json.dumps({"page": pagename, "same": made == ours.sphinx_toctree(**kwargs),
                                     "current": 'href="#"' in made,
                                     "folders made once": sorted(key[0] for key, table in
                                                                 app.torchref_tables.items() if table)}) + "\\n")
        return made

    context["toctree"] = both

def setup(app):
    app.connect("html-page-context", compare, priority=450)  # between torchref's and the theme's
"""


def test_every_page_gets_sphinx_s_table_of_contents_from_its_folder_s_one(tmp_path):
    site = make_site(tmp_path, conf_extra=COMPARE)
    for page, text in PAGES.items():
        (site / "docs" / page).parent.mkdir(parents=True, exist_ok=True)
        (site / "docs" / page).write_text(text)
    code, log = build(site)
    assert code == 0, log
    report = [json.loads(line) for line in (site / "out" / "en" / "tables.jsonl").read_text().splitlines()]
    pages = {row["page"] for row in report}
    assert {"ops/pointwise", "ops/reduction", "nn/conv/conv2d", "nn/index", "genindex", "search"} <= pages
    assert all(row["same"] for row in report), [row["page"] for row in report if not row["same"]]
    assert {row["page"] for row in report if row["current"]} >= {"ops/reduction", "nn/conv/index", "nn/conv/conv1d"}
    assert report[-1]["folders made once"] == ["", "examples", "nn", "nn/conv", "ops"]  # none left to Sphinx
