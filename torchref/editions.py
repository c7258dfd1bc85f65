"""Link every page to the same page of the other edition, and give each edition its address.

Each page gets ``<link rel="alternate" hreflang>`` for every edition (absolute
under ``torchref_site_url``), a visible switch to the other edition (always
relative, so it also works in the offline copy), and a canonical URL.
"""

from html import escape

from .ui import _

EDITIONS = {
    "en": {"hreflang": "en", "label": "English"},
    "zh_CN": {"hreflang": "zh-CN", "label": "简体中文"},
}
OFFLINE_DIR = "_offline"


def edition_href(pagename, target_language, site_url=""):
    """The URL of ``pagename`` in an edition: absolute under ``site_url``, else relative."""
    if site_url:
        return f"{site_url.rstrip('/')}/{target_language}/{pagename}.html"
    up = "../" * (pagename.count("/") + 1)
    return f"{up}{target_language}/{pagename}.html"


def offline_archive(language):
    """Where the build puts the zip of an edition, relative to the edition's root."""
    return f"{OFFLINE_DIR}/pytorch-api-reference-{language}.zip"


def set_edition_address(app, config):
    """Sphinx's canonical links need each edition's own base URL."""
    if config.torchref_site_url:
        config.html_baseurl = f"{config.torchref_site_url.rstrip('/')}/{config.language}/"


def add_edition_links(app, pagename, templatename, context, doctree):
    config = app.config
    current = config.language
    links = []
    for language in config.torchref_editions:
        href = edition_href(pagename, language, config.torchref_site_url)
        links.append(f'<link rel="alternate" hreflang="{EDITIONS[language]["hreflang"]}" href="{escape(href)}" />')
        if language != current:
            context["torchref_alternate"] = {"href": edition_href(pagename, language), **EDITIONS[language]}
    context["metatags"] = context.get("metatags", "") + "\n".join(links) + "\n"
    context["torchref_edition"] = EDITIONS[current]
    context["torchref_offline"] = {
        "href": context["pathto"](offline_archive(current), 1),
        "label": _("Download this edition for offline reading (.zip)"),
    }
