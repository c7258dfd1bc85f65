"""The site suites read the built site (``make site`` first; ``make test`` does it)."""

import pytest

from helpers import EDITIONS, SITE


def pytest_collection_modifyitems(config, items):
    if not (SITE / "index.html").exists():
        raise pytest.UsageError(f"no built site in {SITE}: run 'make site' first (make test does)")


@pytest.fixture(params=EDITIONS)
def edition(request):
    return request.param
