"""The sidebar navigation made once per folder (torchref/sidebar.py) is, on every page, what the theme
itself writes for that page; and the pages of a folder are made from one."""

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

# Each page's navigation from torchref's function and from the theme's own, side by side.
COMPARE = """
html_theme = "sphinx_book_theme"
import json
from torchref.validity import name_summaries

def compare(app, pagename, templatename, context, doctree):
    ours = context["generate_toctree_html"]

    def both(*args, **kwargs):
        made = str(ours(*args, **kwargs))
        themes = name_summaries(str(ours.theme_function(*args, **kwargs)))
        with open(app.outdir / "navigation.jsonl", "a") as report:
            report.write(json.dumps({"page": pagename, "same": made == themes,
                                     "current": 'href="#"' in made,
                                     "folders made once": sorted(key[0] for key, nav in
                                                                 app.torchref_navigation.items() if nav)}) + "\\n")
        return made

    context["generate_toctree_html"] = both

def setup(app):
    app.connect("html-page-context", compare, priority=950)
"""


def test_every_page_gets_the_theme_s_navigation_from_its_folder_s_one(tmp_path):
    site = make_site(tmp_path, conf_extra=COMPARE)
    for page, text in PAGES.items():
        (site / "docs" / page).parent.mkdir(parents=True, exist_ok=True)
        (site / "docs" / page).write_text(text)
    code, log = build(site)
    assert code == 0, log
    report = [json.loads(line) for line in (site / "out" / "en" / "navigation.jsonl").read_text().splitlines()]
    pages = {row["page"] for row in report}
    assert {"ops/pointwise", "ops/reduction", "nn/conv/conv2d", "nn/index", "genindex", "search"} <= pages
    assert all(row["same"] for row in report), [row["page"] for row in report if not row["same"]]
    assert {row["page"] for row in report if row["current"]} >= {"ops/reduction", "nn/conv/index", "nn/conv/conv1d"}
    assert report[-1]["folders made once"] == ["", "examples", "nn", "nn/conv", "ops"]  # none left to the theme
