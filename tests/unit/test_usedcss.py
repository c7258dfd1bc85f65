"""torchref.usedcss: stylesheets keep exactly the rules the pages and scripts can use."""

from torchref import usedcss
from torchref.filescans import FileScans


def used(html="", script=""):
    names = usedcss.Used()
    names.add_html(html)
    names.add_script(script)
    return names


PAGE = ('<html lang="en"><body><div class="bd-main highlight" id="top"><pre>x</pre><details open><summary>x</summary>'
        '</details><input type="search" disabled></div>'
        '<script>document.documentElement.dataset.theme = "dark";</script></body></html>')


def kept(css, names):
    return usedcss.purge(css, names)


def test_unused_rules_go_used_rules_stay():
    names = used(PAGE)
    assert kept(".bd-main{color:red}.modal{color:blue}#top{margin:0}#nowhere{margin:1px}", names) == \
        ".bd-main{color:red}#top{margin:0}"


def test_a_selector_list_keeps_only_its_selectors_that_can_match():
    assert kept("div.highlight pre,.carousel-item,table.toast{x:1}", used(PAGE)) == "div.highlight pre{x:1}"


def test_dark_mode_and_state_attributes_are_kept():
    names = used(PAGE)
    css = ('html[data-theme=dark] .highlight{a:1}[data-bs-theme=dark]{b:2}details[open]>summary{c:3}'
           'input[disabled]{d:4}div[class*=highlight-]{e:5}[lang|=en]{f:6}[*|lang]{g:7}[hreflang]{h:8}')
    assert kept(css, names) == ('html[data-theme=dark] .highlight{a:1}details[open]>summary{c:3}input[disabled]{d:4}'
                                'div[class*=highlight-]{e:5}[lang|=en]{f:6}[*|lang]{g:7}')


def test_classes_that_scripts_add_are_kept():
    names = used(PAGE, script='el.classList.add("show"); tip.classList.add(`bs-${name}-auto`); x = "bs-"')
    css = ".show{a:1}.collapsing{b:2}.bs-tooltip-auto{c:3}.bd-main.show .highlight:hover{d:4}"
    assert kept(css, names) == ".show{a:1}.bs-tooltip-auto{c:3}.bd-main.show .highlight:hover{d:4}"


def test_pseudo_class_arguments_require_nothing():
    names = used(PAGE)
    assert kept(".bd-main:not(.modal) summary::before{a:1}:is(.modal,.toast){b:2}", names) == \
        ".bd-main:not(.modal) summary::before{a:1}:is(.modal,.toast){b:2}"


def test_grouping_rules_are_purged_inside_and_dropped_when_empty():
    names = used(PAGE)
    css = ("@media (min-width:960px){.bd-main{a:1}.modal{b:2}}@media print{.toast{c:3}}"
           "@supports (display:grid){@media (max-width:1px){#top{d:4}}}")
    assert kept(css, names) == "@media (min-width:960px){.bd-main{a:1}}@supports (display:grid){@media (max-width:1px){#top{d:4}}}"


def test_statements_font_faces_keyframes_and_licences_stay():
    css = ('@charset "UTF-8";/*! Bootstrap licence */@import "../basic.css";/* a comment */'
           '@font-face{font-family:"x";src:url(a.woff2)}@keyframes spin{0%{a:1}to{a:2}}.modal{b:2}')
    assert kept(css, used(PAGE)) == ('@charset "UTF-8";/*! Bootstrap licence */\n@import "../basic.css";'
                                     '@font-face{font-family:"x";src:url(a.woff2)}@keyframes spin{0%{a:1}to{a:2}}')


def test_strings_and_braces_inside_values_do_not_confuse_the_parser():
    css = '.bd-main::after{content:"}{.modal"}.modal{a:"}"}#top{b:url("x{y}.svg")}'
    assert kept(css, used(PAGE)) == '.bd-main::after{content:"}{.modal"}#top{b:url("x{y}.svg")}'


def test_purging_twice_changes_nothing():
    names = used(PAGE)
    css = "@media (min-width:1px){.bd-main,.modal{a:1}}html[data-theme=dark] .toast{b:2}.highlight{c:3}"
    once = kept(css, names)
    assert kept(once, names) == once


def site(tmp_path):
    static = tmp_path / "_static" / "styles"
    static.mkdir(parents=True)
    (static / "theme.css").write_text('@import "../basic.css";', encoding="utf-8")
    (tmp_path / "_static" / "basic.css").write_text(".bd-main{a:1}.modal{b:2}", encoding="utf-8")
    (static / "pydata.css").write_text('@charset "UTF-8";.bd-main::after{content:"…";background:url(../img/x.svg)}',
                                       encoding="utf-8")
    (tmp_path / "_static" / "app.js").write_text('x.classList.add("shown")', encoding="utf-8")
    (tmp_path / "_static" / "extra.css").write_text(".shown{background:url(img/y.png)}.hidden-thing{d:4}",
                                                    encoding="utf-8")
    (tmp_path / "_static" / "extra.css.map").write_text("{}", encoding="utf-8")
    page = tmp_path / "sub" / "page.html"
    page.parent.mkdir()
    page.write_text('<html><head>\n  <link href="../_static/styles/theme.css?digest=abc123" rel="stylesheet" />\n'
                    '  <link href="../_static/styles/pydata.css?digest=abc123" rel="stylesheet" />\n'
                    '  <link rel="stylesheet" type="text/css" href="../_static/extra.css?v=0badf00d" />\n'
                    '  <link rel="stylesheet" href="../_static/extra.css" media="print" />\n'
                    '</head><body><div class="bd-main"></div></body></html>', encoding="utf-8")
    return page


def test_a_site_is_purged_and_each_page_links_one_stylesheet(tmp_path):
    page = site(tmp_path)
    made = usedcss.purge_site(tmp_path)
    assert (tmp_path / "_static" / "basic.css").read_text(encoding="utf-8") == ".bd-main{a:1}"
    assert (tmp_path / "_static" / "extra.css").read_text(encoding="utf-8") == ".shown{background:url(img/y.png)}"
    assert not (tmp_path / "_static" / "extra.css.map").exists()
    [(name, css)] = made.items()
    assert name.startswith("_static/styles/site-") and (tmp_path / name).read_text(encoding="utf-8") == css
    # in the pages' order, imports inlined, urls pointed from the bundle's folder, one @charset first
    assert css.startswith('@charset "UTF-8";\n/* torchref stylesheet bundle: ')
    assert css.endswith('.bd-main{a:1}\n.bd-main::after{content:"…";background:url(../img/x.svg)}\n'
                        '.shown{background:url(../img/y.png)}')
    html = page.read_text(encoding="utf-8")
    assert html.count("stylesheet") == 2  # the bundle, and the print sheet left alone
    assert f'<link rel="stylesheet" href="../{name}?v={usedcss.checksum(css)}" />' in html
    assert 'href="../_static/extra.css" media="print"' in html


def test_the_same_site_gives_the_same_bytes_and_unwritten_pages_follow_the_new_bundle(tmp_path):
    page = site(tmp_path)
    usedcss.purge_site(tmp_path)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    usedcss.purge_site(tmp_path)
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    # a later build writes one new page using a class the bundle lacked; the first page is not written again
    (tmp_path / "_static" / "basic.css").write_text(".bd-main{a:1}.modal{b:2}", encoding="utf-8")
    new = tmp_path / "new.html"
    new.write_text('<html><head><link href="_static/styles/theme.css?digest=abc123" rel="stylesheet" />'
                   '<link href="_static/styles/pydata.css?digest=abc123" rel="stylesheet" />'
                   '<link rel="stylesheet" href="_static/extra.css?v=1" /></head>'
                   '<body><div class="modal"></div></body></html>', encoding="utf-8")
    [(name, css)] = usedcss.purge_site(tmp_path).items()
    assert ".modal{b:2}" in css
    assert f'href="../{name}?v={usedcss.checksum(css)}"' in page.read_text(encoding="utf-8")
    assert f'href="{name}?v={usedcss.checksum(css)}"' in new.read_text(encoding="utf-8")


def test_a_purge_that_keeps_its_scans_reads_only_the_pages_written_since_and_ends_as_a_full_one(tmp_path, monkeypatch):
    root = tmp_path / "site"
    root.mkdir()
    page = site(root)
    scans = tmp_path / "scans.json"
    usedcss.purge_site(root, scans)
    read, purged = [], []
    scan_page, purge_sheets = usedcss.scan_page, usedcss.purge_sheets
    monkeypatch.setattr(usedcss, "scan_page", lambda html: read.append(html) or scan_page(html))
    monkeypatch.setattr(usedcss, "purge_sheets", lambda *args: purged.append(1) or purge_sheets(*args))
    usedcss.purge_site(root, scans)
    assert read == [] and purged == []  # nothing was written since: nothing read, nothing purged
    (root / "_static" / "basic.css").write_text(".bd-main{a:1}.modal{b:2}", encoding="utf-8")
    (root / "new.html").write_text('<html><head><link href="_static/styles/theme.css?digest=abc123" rel="stylesheet" />'
                                   '<link href="_static/styles/pydata.css?digest=abc123" rel="stylesheet" />'
                                   '<link rel="stylesheet" href="_static/extra.css?v=1" /></head>'
                                   '<body><div class="modal"></div></body></html>', encoding="utf-8")
    [(name, css)] = usedcss.purge_site(root, scans).items()
    assert len(read) == 1 and len(purged) == 1 and ".modal{b:2}" in css
    assert f'href="../{name}?v={usedcss.checksum(css)}"' in page.read_text(encoding="utf-8")  # relinked
    incremental = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert usedcss.purge_site(root) == {name: css}  # every page read: the same bundle, the same bytes
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == incremental


def test_custom_properties_nothing_reads_go():
    names = used(PAGE, script='el.style.setProperty("--from-script", "1px")')
    sheets = {"a.css": ":root{--bs-blue:#00f;--primary:var(--bs-red);--bs-red:red;--unused:var(--bs-green);"
                       "--bs-green:green;--from-script:0}.bd-main{color:var(--primary)}",
              "b.css": "html[data-theme=dark]{--unused:1;--dark-only:2}#top{margin:var(--from-script)}"}
    assert usedcss.purge_sheets(sheets, names) == {
        "a.css": ":root{--primary:var(--bs-red);--bs-red:red;--from-script:0}.bd-main{color:var(--primary)}",
        "b.css": "#top{margin:var(--from-script)}"}


def test_the_pages_a_purge_relinks_stay_current_in_an_earlier_passs_scans(tmp_path):
    root = tmp_path / "site"
    root.mkdir()
    page = site(root)
    icons = FileScans(tmp_path / "icons.json", version="1")
    before = icons.findings(page, len)  # an earlier pass over the pages (the icon trim's)
    usedcss.purge_site(root, tmp_path / "scans.json", [icons])
    assert "site-" in page.read_text(encoding="utf-8")  # the purge rewrote its links
    again = FileScans(tmp_path / "icons.json", version="1")
    assert again.is_current(page) and again.findings(page, len) == before and again.scanned == 0
