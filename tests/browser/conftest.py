"""One local server and one Chromium for the browser suite."""

import pytest
from playwright.sync_api import sync_playwright

from helpers import SITE
from local_site import launch_chromium, serve


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
