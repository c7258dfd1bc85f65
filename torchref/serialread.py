"""A few changed pages are read in the build's own process, not in a worker.

With ``-j``, Sphinx reads in worker processes however few pages changed: a worker reads the page,
then pickles the whole environment back, and this process loads it again (1-2 s at 309 pages per
edition, for a one-page edit). Below ``PARALLEL_FROM`` pages reading here costs less. Writing, decided
after reading, keeps its workers.
"""

PARALLEL_FROM = 10


def read_here_if_few(app, env, docnames):
    """``env-before-read-docs``: Sphinx picks serial or parallel reading just after it."""
    if app.parallel > 1 and len(docnames) < PARALLEL_FROM:
        app._torchref_parallel = app.parallel
        app.parallel = 1


def restore_parallel(app, env):
    """``env-updated``: reading is over; writing decides by ``app.parallel`` after this."""
    app.parallel = getattr(app, "_torchref_parallel", app.parallel)


def setup(app):
    app.connect("env-before-read-docs", read_here_if_few)
    app.connect("env-updated", restore_parallel)
