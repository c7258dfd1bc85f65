"""The records-only build: sphinx-gallery executes the gallery scripts and ``torchref.execution``
records what they printed, exactly as in the site's build, and nothing else is made.

``make gpu-records`` (``scripts/gpu_records.py``) runs it with ``scripts/records_only/conf.py`` on a
machine that lends a GPU for one command: Python, a CUDA build of torch, Sphinx and sphinx-gallery,
none of the site's other dependencies. Unlike the site's build it does not refuse another torch
than the one the site documents (the records say which torch ran, and the pages say so), and a
failing example does not stop the others: sphinx-gallery reports it, and it gets no record.
"""

from . import add_options, execution


def setup(app):
    add_options(app)
    execution.setup(app)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
