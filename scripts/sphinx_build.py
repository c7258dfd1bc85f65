"""Sphinx's command line (``python -m sphinx``), without the interpreter's teardown at the end.

Once Sphinx has written an edition and the exit handlers have run (sphinx-gallery's worker
processes stopped, output flushed), freeing the interpreter's objects one by one took another 2 s
of every build. The last exit handler ends the process instead; it is registered first, so that
it runs after all the others.
"""

import atexit
import os
import sys

exit_code = 1  # where Sphinx raises instead of returning


def leave():
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(exit_code)


atexit.register(leave)

from sphinx.cmd.build import main  # noqa: E402  (after the handler: its modules' handlers run first)

if __name__ == "__main__":
    exit_code = main(sys.argv[1:])
    sys.exit(exit_code)
