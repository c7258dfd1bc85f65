"""Make the project and the shared test helpers importable, and share the suites' fixtures."""

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
sys.path[:0] = [str(TESTS.parent), str(TESTS), str(TESTS.parent / "scripts")]

from helpers import EDITIONS, SITE  # noqa: E402

pytest_plugins = ["timing"]  # each test's seconds, for make test-budget

NEEDS_THE_SITE = ("site", "browser")


def pytest_collection_modifyitems(config, items):
    """The site and browser suites read the built site: say so rather than fail test by test."""
    if any(Path(item.path).parent.name in NEEDS_THE_SITE for item in items) and not (SITE / "index.html").exists():
        raise pytest.UsageError(f"no built site in {SITE}: run 'make site' first (make test does)")


@pytest.fixture(params=EDITIONS)
def edition(request):
    return request.param
