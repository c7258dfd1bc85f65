"""The site's search: an index built from both editions, queried in the browser.

Sphinx's own search cannot segment Chinese queries and knows nothing of the
other edition; this one indexes each entry and section once with the text of
both editions, so a query in either language finds the page of the edition
being read. ``text`` defines the terms (mirrored by ``torchref-search.js``),
``units`` cuts pages into entries and sections, ``index`` writes the files.
"""

from .index import build_search_index

__all__ = ["build_search_index"]
