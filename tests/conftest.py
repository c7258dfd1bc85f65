"""Make the project and the shared test helpers importable, and share the suites' fixtures."""

import sys
from pathlib import Path

import pytest
from xdist.scheduler import LoadScopeScheduling

TESTS = Path(__file__).resolve().parent
sys.path[:0] = [str(TESTS.parent), str(TESTS), str(TESTS.parent / "scripts")]

from helpers import EDITIONS, SITE  # noqa: E402

pytest_plugins = ["timing"]  # each test's seconds, for make test-budget

NEEDS_THE_SITE = ("site", "browser")


# make test's checks run on two pytest-xdist workers with --dist loadscope --no-loadscope-reorder: each
# unit of work (a module or class, below) is one worker's, handed out in collection order. The longest go
# first, one pass of the browser sweep to each worker, so that both workers end together. (--dist loadgroup and
# xdist_group would say this more directly, but pytest-xdist 3.8 cannot tag the test ids of pytest 9:
# its groups are ignored.)
LONGEST_FIRST = ("tests/browser/test_phone_and_a11y.py::TestSweep", "tests/site/test_determinism.py")
# The checks of the built site read every page of both editions, and each worker parses a page for
# itself (0.1-0.2 s; helpers.parse keeps it): they are one unit, so that every page is parsed once.
PARSING_EVERY_PAGE = "tests/site/"


class PagesParsedOnce(LoadScopeScheduling):
    def _split_scope(self, nodeid):
        if nodeid.startswith(PARSING_EVERY_PAGE) and not nodeid.startswith(LONGEST_FIRST):
            return PARSING_EVERY_PAGE
        return super()._split_scope(nodeid)


def pytest_xdist_make_scheduler(config, log):
    return PagesParsedOnce(config, log) if config.getvalue("dist") == "loadscope" else None


def pytest_collection_modifyitems(config, items):
    """The site and browser suites read the built site: say so rather than fail test by test."""
    if any(Path(item.path).parent.name in NEEDS_THE_SITE for item in items) and not (SITE / "index.html").exists():
        raise pytest.UsageError(f"no built site in {SITE}: run 'make site' first (make test does)")
    items.sort(key=lambda item: next((n for n, start in enumerate(LONGEST_FIRST) if item.nodeid.startswith(start)),
                                     len(LONGEST_FIRST)))


@pytest.fixture(params=EDITIONS)
def edition(request):
    return request.param
