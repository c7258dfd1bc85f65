"""What the build prints: its own progress and errors, not the libraries' diaries.

- ``a11y_pygments`` (the theme's code colours) configures Python's root logger at INFO
  when it is imported, so every step of the icon font trim (``fontTools.subset``) was
  printed. The build's own messages go through Sphinx's logger, which does not use the
  root logger: third-party libraries are held to warnings.
- A failing example stops the build with one block: ``gallery/<area>/<script>.py:<line>``,
  the exception, and the example's own frames. sphinx-gallery's warning (a path relative
  to ``docs/``, the same traceback) is not shown, and neither is Sphinx's crash report (its
  traceback and "please open an issue at sphinx-doc"), which would make a broken example
  look like a broken Sphinx. Examples that run in worker processes (``parallel``) have no Sphinx
  logging there: their warnings are printed by a handler of the worker's own, the failure's
  left to the builder.
"""

import contextlib
import functools
import logging
import re
import traceback
from pathlib import Path

from sphinx.util import logging as sphinx_logging

from .gallerypass import wrap_gallery_pass

logger = sphinx_logging.getLogger(__name__)

EXAMPLE_WARNING = "sphinx_gallery.example_error"
# a frame of a formatted traceback: an example run in a worker process reports its frames as text
FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<name>.*)\n(?:    (?P<code>.*)\n)?', re.M)


def quiet_third_party_logging():
    with contextlib.suppress(ImportError):
        import a11y_pygments  # noqa: F401  (importing it configures the root logger)
    logging.getLogger().setLevel(logging.WARNING)


def report_failures_once(app, config):
    """``config-inited``: a failing example is reported once, by :func:`stop_at_failing_example`."""
    if EXAMPLE_WARNING not in config.suppress_warnings:
        config.suppress_warnings = [*config.suppress_warnings, EXAMPLE_WARNING]
    from sphinx_gallery.gen_gallery import DEFAULT_GALLERY_CONF

    resets = tuple(config.sphinx_gallery_conf.get("reset_modules", DEFAULT_GALLERY_CONF["reset_modules"]))
    if WORKER_LOGGING not in resets:  # named, not a function: the configuration must compare equal
        config.sphinx_gallery_conf["reset_modules"] = (*resets, WORKER_LOGGING)


class WithoutExampleErrors(logging.Filter):
    def filter(self, record):
        return f"{getattr(record, 'type', '')}.{getattr(record, 'subtype', '')}" != EXAMPLE_WARNING


def log_in_worker(gallery_conf, fname):
    """A reset function of sphinx-gallery's, called in the process that runs the example: in a
    worker process (no handler on Sphinx's logger), the example's warnings go to stderr, but for
    the failure, which the builder reports."""
    sphinx_logger = logging.getLogger("sphinx")
    if not sphinx_logger.handlers:
        handler = logging.StreamHandler()
        handler.addFilter(WithoutExampleErrors())
        sphinx_logger.addHandler(handler)


WORKER_LOGGING = f"{__name__}.{log_in_worker.__name__}"


def example_frames(error, gallery_dirs):
    """``[(script, line, code)]`` of the traceback's frames inside gallery scripts, outermost first,
    from the error and those it was raised from (a worker process's traceback comes as their text)."""
    frames = []
    for match in FRAME.finditer("".join(traceback.format_exception(error))):
        path = Path(match["file"]).resolve()
        if any(path.is_relative_to(folder) for folder in gallery_dirs):
            frames.append((path, int(match["line"]), (match["code"] or "").strip()))
    return frames


def failure_report(error, frames, root):
    """The one block a failing example prints, its innermost frame in a script first."""
    script, line, _ = frames[-1]
    shown = "".join(f"\n    {path.relative_to(root).as_posix()}:{number}: {code}" for path, number, code in frames)
    exception = "".join(traceback.format_exception_only(error)).strip()
    return (f"{script.relative_to(root).as_posix()}:{line}: the example failed: {exception}{shown}\n"
            "The build stopped here; fix the example and build again.")


def stop_at_failing_example(handler):
    """Wrap sphinx-gallery's ``builder-inited`` handler: an example that raises ends the build with
    :func:`failure_report` and exit status 2. ``SystemExit``, since Sphinx answers any exception
    with its crash report; an error that is not an example's keeps that report."""

    @functools.wraps(handler)
    def generate_gallery_rst(app):
        try:
            return handler(app)
        except Exception as error:  # an example may raise anything
            root = Path(app.confdir).resolve()
            folders = [Path(app.srcdir, d).resolve() for d in app.config.sphinx_gallery_conf["examples_dirs"]]
            frames = example_frames(error, folders)
            if not frames:
                raise
            logger.error(failure_report(error, frames, root))
            raise SystemExit(2) from None

    return generate_gallery_rst


def setup(app):
    """After sphinx-gallery's ``setup`` (conf.py lists it first)."""
    quiet_third_party_logging()
    app.connect("config-inited", report_failures_once)
    wrap_gallery_pass(app, stop_at_failing_example)
