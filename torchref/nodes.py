"""The reference's own doctree nodes: placed while pages are read, filled or written later.

The page side (``embed``) places and renders them; the search (``search.units``) reads from
``pending_outputs`` which cells a page shows.
"""

from docutils import nodes


class runner_output(nodes.General, nodes.Element):
    """One runner's result for one cell; ``data`` holds its ``data-*`` attributes."""


class executed_figure(nodes.General, nodes.Element):
    """A figure a cell drew; sphinx-gallery wrote the file, the writer copies it to ``_images``."""


class pending_outputs(nodes.General, nodes.Element):
    """Where the runners' outputs of one cell go (``source``, ``lineno``), filled when resolved."""


class pending_run_information(nodes.General, nodes.Element):
    """Where a gallery page says which runners executed it (``source``), filled when resolved."""
