"""The checks of the built site read every page: make test-budget counts their time per page, but
for the determinism re-runs', which it counts per script (their own marker)."""

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(item.path).parent == HERE and not item.get_closest_marker("per_script"):
            item.add_marker(pytest.mark.per_page)
