"""Sphinx side of the search: the labels of the search page.

The page itself is ``templates/search.html``, which runs ``torchref-search.js``
instead of Sphinx's search (Sphinx still writes its index, which nothing loads).
"""

from ..ui import _


def add_search_labels(app, pagename, templatename, context, doctree):
    if pagename == "search":
        context["torchref_search_labels"] = {
            "found": _("{count} results for “{query}”"),
            "none": _("No results for “{query}”. Try fewer or other words, in English or Chinese."),
            "corrected": _("Showing results for “{corrected}”: “{query}” looks misspelt."),
            "standard": _("Showing results for “{corrected}”, the term this reference uses for “{query}”."),
            "more": _("Show {count} more results"),
            "suggest": _("Closest terms in this reference:"),
            "official": _("Search the official PyTorch documentation for “{query}”"),
            "missing": _("This reference has no entry for {name}."),
            "missing_link": _("Its page in the official PyTorch documentation"),
            "unmentioned": _("No page of this reference mentions it."),
        }
        context["torchref_official_docs"] = app.config.torchref_official_docs
        context["torchref_official_search"] = app.config.torchref_official_docs.rstrip("/") + "/search.html"
