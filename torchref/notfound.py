"""Each edition's not-found page, rendered by the theme like every other page.

A host serves ``404.html`` in place of any missing URL, at any depth, so the page
carries ``<base href="<site root>/<edition>/">`` (first in ``<head>``): every
relative URL of the theme (styles, scripts, sidebar, language switch) then resolves
from the edition's root, as it was written. Its own links are absolute from the site root.
``scripts/build_site.py`` copies the English one to the site's root (``site.py``).
"""

from html import escape

from .editions import EDITIONS
from .site import site_root_path
from .ui import _

PAGENAME = "404"


def not_found_body(root, language):
    home = f"{root}{language}/"
    others = "".join(
        f'<li><a href="{root}{other}/index.html" hreflang="{info["hreflang"]}" lang="{info["hreflang"]}">'
        f'{escape(info["label"])}</a></li>'
        for other, info in EDITIONS.items() if other != language)
    search = escape(_("Search"))
    return (
        f'<section id="page-not-found"><h1>{escape(_("Page not found"))}</h1>\n'
        f'<p>{escape(_("This page does not exist in the PyTorch API Reference. Start from the home page or search:"))}</p>\n'
        f'<p><a href="{home}index.html">{escape(_("Home"))}</a></p>\n'
        f'<form class="torchref-not-found-search" action="{home}search.html" method="get" role="search">'
        f'<input type="search" name="q" aria-label="{search}"> <button type="submit">{search}</button></form>\n'
        f'<p>{escape(_("Other languages:"))}</p><ul>{others}</ul></section>'
    )


def collect_not_found_page(app):
    root = escape(site_root_path(app.config.torchref_site_url))
    title = _("Page not found")
    context = {"title": title, "pagetitle": title, "body": not_found_body(root, app.config.language)}
    return [(PAGENAME, context, "page.html")]


def add_base(app, pagename, templatename, context, doctree):
    if pagename == PAGENAME:
        base = escape(f"{site_root_path(app.config.torchref_site_url)}{app.config.language}/")
        context["metatags"] = (f'<base href="{base}" />\n<meta name="robots" content="noindex" />\n'
                               + context.get("metatags", ""))


def setup(app):
    app.connect("html-collect-pages", collect_not_found_page)
    app.connect("html-page-context", add_base)
