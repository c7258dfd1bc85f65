"""One local server and one Chromium for the browser suite (``make site`` first)."""

import pytest
from playwright.sync_api import sync_playwright

from helpers import EDITIONS, SITE
from local_site import launch_chromium, serve


def pytest_collection_modifyitems(config, items):
    if not (SITE / "index.html").exists():
        raise pytest.UsageError(f"no built site in {SITE}: run 'make site' first (make test does)")


@pytest.fixture(scope="session")
def server():
    with serve(SITE) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(params=EDITIONS)
def edition(request):
    return request.param
