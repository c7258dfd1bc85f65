"""What the published site holds besides the two editions: the language landing page, the root
not-found page and the sitemap; and how ``_build/html`` is published (each edition's offline
archive: offline.py)."""

import filecmp
import shutil
from datetime import datetime, timezone
from urllib.parse import urlsplit

from .editions import EDITIONS

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


def write_text(path, text):
    """Write only what changed, so an unchanged file is not published again."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def write_entry_pages(site):
    """The landing page, and the English not-found page at the site's root (the theme's page, whose
    ``<base>`` resolves its links from the English edition, at any depth: torchref/notfound.py)."""
    write_text(site / "index.html", LANDING_PAGE)
    write_text(site / "404.html", (site / "en" / "404.html").read_text(encoding="utf-8"))


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
    write_text(site / "sitemap.xml",
               '<?xml version="1.0" encoding="UTF-8"?>\n'
               '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
               + "\n".join(entries) + "\n</urlset>\n")
    write_text(site / "robots.txt", f"User-agent: *\nAllow: /\nSitemap: {base}/sitemap.xml\n")


def differences(source, target, skip=None):
    """Relative paths of the files that differ between two trees (new, changed, or gone from ``source``),
    leaving out the top-level folder ``skip``."""
    def files(root):
        found = {p.relative_to(root) for p in root.rglob("*") if p.is_file()} if root.exists() else set()
        return {p for p in found if not skip or p.parts[0] != skip}

    new, old = files(source), files(target)
    # a file published by copy2 has its source's size and time: only files that differ in those are read
    changed = {p for p in new & old if not filecmp.cmp(source / p, target / p, shallow=True)}
    return sorted((new ^ old) | changed)


def publish(source, target):
    """Make ``target`` equal to ``source``, writing only the files whose bytes differ."""
    changed = differences(source, target)
    for relative in changed:
        path, published = source / relative, target / relative
        if path.exists():
            published.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, published)
        else:
            published.unlink()
    return changed
