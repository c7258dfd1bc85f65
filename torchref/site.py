"""What the published site holds besides the two editions: the language landing page,
the root not-found page, the sitemap, and each edition as one archive for offline reading."""

import shutil
import zipfile
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

from .editions import EDITIONS, OFFLINE_DIR, offline_archive

PREFERENCE_SCRIPT = """<script>
  // The edition of the browser's preferred language: Chinese if it comes before English.
  function preferredEdition() {
    var languages = navigator.languages || [navigator.language || ""];
    var zh = languages.findIndex(function (l) { return /^zh\\b/i.test(l); });
    var en = languages.findIndex(function (l) { return /^en\\b/i.test(l); });
    return zh >= 0 && (en < 0 || zh < en) ? "zh_CN" : "en";
  }
</script>"""

LANDING_PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A bilingual (English / 简体中文) reference for the PyTorch API, with real outputs.">
<title>PyTorch API Reference · PyTorch API 参考</title>
<link rel="alternate" hreflang="en" href="en/index.html">
<link rel="alternate" hreflang="zh-CN" href="zh_CN/index.html">
{PREFERENCE_SCRIPT}
<script>window.location.replace(preferredEdition() + "/index.html" + window.location.hash);</script>
</head>
<body>
<h1>PyTorch API Reference · PyTorch API 参考</h1>
<ul>
  <li><a href="en/index.html" hreflang="en">English</a></li>
  <li><a href="zh_CN/index.html" hreflang="zh-CN" lang="zh-CN">简体中文</a></li>
</ul>
</body>
</html>
"""

def site_root_path(site_url):
    """The path the site is served under (``/`` locally, ``/<repository>/`` on GitHub Pages)."""
    path = urlsplit(site_url).path if site_url else "/"
    return path if path.endswith("/") else path + "/"


def write_entry_pages(site, site_url):
    """The landing page, and the English not-found page at the site's root (the theme's page, whose
    ``<base>`` resolves its links from the English edition, at any depth: torchref/notfound.py)."""
    (site / "index.html").write_text(LANDING_PAGE, encoding="utf-8")
    shutil.copyfile(site / "en" / "404.html", site / "404.html")


def indexable_pages(site, language):
    for path in sorted((site / language).rglob("*.html")):
        page = path.relative_to(site / language).as_posix()
        if not page.startswith(("_", "examples/index")) and page not in ("404.html", "search.html", "genindex.html"):
            yield page


def write_sitemap(site, site_url):
    """``sitemap.xml`` with every page of every edition and its translations."""
    if not site_url:
        return
    base = site_url.rstrip("/")
    today = datetime.now(timezone.utc).date().isoformat()
    entries = []
    for language in EDITIONS:
        for page in indexable_pages(site, language):
            alternates = "".join(
                f'<xhtml:link rel="alternate" hreflang="{EDITIONS[other]["hreflang"]}" href="{base}/{other}/{page}"/>'
                for other in EDITIONS
            )
            entries.append(f"<url><loc>{base}/{language}/{page}</loc><lastmod>{today}</lastmod>{alternates}</url>")
    (site / "sitemap.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
        + "\n".join(entries) + "\n</urlset>\n", encoding="utf-8")
    (site / "robots.txt").write_text(f"User-agent: *\nAllow: /\nSitemap: {base}/sitemap.xml\n", encoding="utf-8")


OFFLINE_README = """PyTorch API Reference ({language}), for offline reading.

Open index.html in a browser: every page, example and output works from the
files. Search needs a web server: in this folder run

    python -m http.server 8000

and open http://127.0.0.1:8000/index.html
"""


def write_offline_archives(site):
    """Each edition as one zip, linked from the footer of its pages."""
    sizes = {}
    for language in EDITIONS:
        edition = site / language
        archive = edition / offline_archive(language)
        archive.parent.mkdir(exist_ok=True)
        top = Path(f"pytorch-api-reference-{language}")
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
            zipped.writestr(str(top / "README.txt"), OFFLINE_README.format(language=language))
            for path in sorted(edition.rglob("*")):
                if path.is_file() and OFFLINE_DIR not in path.relative_to(edition).parts:
                    zipped.write(path, top / path.relative_to(edition))
        sizes[language] = archive.stat().st_size
    return sizes
