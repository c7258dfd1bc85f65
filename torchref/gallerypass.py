"""sphinx-gallery's pass over the gallery, skipped when nothing it reads or writes has changed.

At ``builder-inited`` sphinx-gallery parses every script and rewrites what changed under
``docs/examples`` (1.5-2 s per edition at 244 scripts, on every build); the executing edition then
draws the cards of scripts without a figure (gallery.write_thumbnails). After such a pass the
state of the gallery's scripts and of what was generated from them is kept, shared by the editions
(they generate the same files into the same folder). A build with nothing to execute that finds
that very state has nothing to generate: the pass is skipped. Anything else (a script or its
folder's header edited, a generated file changed or removed, conf.py or sphinx-gallery changed, a
script to execute) runs the pass as sphinx-gallery always would.
"""

import functools
import hashlib
import inspect
import json
from pathlib import Path

import sphinx_gallery
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx_gallery.gen_gallery import generate_gallery_rst

from .gallery import write_thumbnails

logger = logging.getLogger(__name__)

# in the first folder the pass generates: the editions share it, and a clean build removes it too
STATE_FILE = ".torchref-gallery-pass.json"


def state_path(app):
    return Path(app.srcdir, app.config.sphinx_gallery_conf["gallery_dirs"][0]) / STATE_FILE


def gallery_state(app):
    """A fingerprint of what the pass reads and writes: every file of the gallery's scripts and of
    the pages generated from them (path, size, time of change), conf.py and sphinx-gallery's version."""
    conf = app.config.sphinx_gallery_conf
    srcdir = Path(app.srcdir)
    digest = hashlib.sha256(sphinx_gallery.__version__.encode())
    digest.update(Path(app.confdir, "conf.py").read_bytes())
    for folder in [*conf["examples_dirs"], *conf["gallery_dirs"]]:
        root = (srcdir / folder).resolve()
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.name != STATE_FILE:
                stat = path.stat()
                digest.update(f"{path.relative_to(root)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def skipped_when_unchanged(handler):
    """Wrap sphinx-gallery's ``builder-inited`` handler: run it, then draw the cards, only when the
    gallery's state is not the one the last pass left."""

    @functools.wraps(handler)
    def gallery_pass(app):
        path = state_path(app)
        if not getattr(app, "_torchref_running", {}) and path.exists() \
                and json.loads(path.read_text(encoding="utf-8")).get("state") == gallery_state(app):
            logger.info("[torchref] gallery unchanged since sphinx-gallery's last pass: not scanned again")
            return
        path.unlink(missing_ok=True)  # a pass that fails half-way leaves no state behind
        handler(app)
        write_thumbnails(app)
        path.write_text(json.dumps({"state": gallery_state(app)}) + "\n", encoding="utf-8")

    return gallery_pass


def wrap_gallery_pass(app, wrap):
    """Put ``wrap(handler)`` in place of sphinx-gallery's ``builder-inited`` handler (already wrapped
    or not), at its priority. sphinx-gallery's setup must have run: conf.py lists it before torchref."""
    listeners = app.events.listeners["builder-inited"]
    found = [number for number, listener in enumerate(listeners)
             if inspect.unwrap(listener.handler) is generate_gallery_rst]
    if len(found) != 1:  # a sphinx-gallery that registers its pass otherwise: fail, never run it twice
        raise ExtensionError("torchref: sphinx-gallery's generate_gallery_rst is not connected to builder-inited "
                             "once; list sphinx_gallery.gen_gallery before torchref in conf.py's extensions")
    listeners[found[0]] = listeners[found[0]]._replace(handler=wrap(listeners[found[0]].handler))


def setup(app):
    wrap_gallery_pass(app, skipped_when_unchanged)
