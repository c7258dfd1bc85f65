"""Link every page to the same page of the other edition: ``hreflang`` links and a visible switch."""

from html import escape

EDITIONS = {
    "en": {"hreflang": "en", "label": "English"},
    "zh_CN": {"hreflang": "zh-CN", "label": "简体中文"},
}


def edition_href(config, pagename, source_language, target_language):
    """The URL of ``pagename`` in another edition: absolute under ``html_baseurl``, else relative."""
    if config.html_baseurl:
        return f"{config.html_baseurl.rstrip('/')}/{target_language}/{pagename}.html"
    up = "../" * (pagename.count("/") + 1)
    return f"{up}{target_language}/{pagename}.html"


def add_edition_links(app, pagename, templatename, context, doctree):
    config = app.config
    current = config.language
    links = []
    for language in config.torchref_editions:
        href = edition_href(config, pagename, current, language)
        links.append(
            f'<link rel="alternate" hreflang="{EDITIONS[language]["hreflang"]}" href="{escape(href)}" />'
        )
        if language != current:
            context["torchref_alternate"] = {"href": href, **EDITIONS[language]}
    context["metatags"] = context.get("metatags", "") + "\n".join(links) + "\n"
    context["torchref_edition"] = EDITIONS[current]
