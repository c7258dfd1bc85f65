"""An edit that makes a page stop using a term updates the glossary page's lists of uses, which is
written again but not read again (torchref/glossary.py: rewrite_the_glossary)."""

import re

from bs4 import BeautifulSoup

from test_small_sites import INDEX, build, make_site

PAGES = {
    "glossary.md": "# Glossary\n\n```{torchref-glossary}\n```\n",
    "api.md": "# API\n\n```{py:function} torch.zeros_like(input)\n\nReturns a view with the given WORD.\n```\n",
}


def uses_of_stride(site):
    page = BeautifulSoup((site / "out" / "en" / "glossary.html").read_text(), "html.parser")
    [stride] = [term for term in page.select("dt") if term.get_text().strip().lower().startswith("stride")]
    uses = stride.find_next_sibling("dd").select(".glossary-uses a")
    return [a.get_text() for a in uses]


def test_a_page_that_stops_using_a_term_leaves_the_glossary_without_rereading_it(tmp_path):
    site = make_site(tmp_path, index=INDEX.replace("examples/index\n", "examples/index\nglossary\napi\n"))
    (site / "docs" / "glossary.md").write_text(PAGES["glossary.md"])
    (site / "docs" / "api.md").write_text(PAGES["api.md"].replace("WORD", "stride"))
    code, log = build(site)
    assert code == 0, log
    assert uses_of_stride(site) == ["torch.zeros_like"]

    (site / "docs" / "api.md").write_text(PAGES["api.md"].replace("WORD", "value"))
    code, log = build(site)
    assert code == 0, log
    assert re.search(r"reading sources\.\.\. \[100%\] api\n", log) and "glossary" not in " ".join(
        line for line in log.splitlines() if line.startswith("reading sources"))
    assert re.search(r"writing output\.\.\. \[\s*\d+%\] .*glossary", log)
    assert uses_of_stride(site) == []
