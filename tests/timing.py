"""Where the suite's time goes: each test's seconds, for ``make test-budget``'s cost model.

A test whose work grows with the site says so: ``@pytest.mark.per_page`` (its work is done
for every published page) or ``@pytest.mark.per_script`` (for every gallery script); any
other test's time is fixed. When ``TORCHREF_TEST_TIMES`` names a file, the session writes
``{test id: [seconds, "page" | "script" | "fixed"]}`` there: the seconds of its setup (the
fixtures it started first, such as a whole browser sweep), call and teardown. With
pytest-xdist, the controller receives every worker's reports and writes the file.
"""

import json
import os
from pathlib import Path

SCALES = ("page", "script")


class Timer:
    def __init__(self, path):
        self.path = path
        self.times = {}

    def pytest_runtest_logreport(self, report):
        scale = next((s for s in SCALES if f"per_{s}" in report.keywords), "fixed")
        seconds, _ = self.times.get(report.nodeid, (0.0, scale))
        self.times[report.nodeid] = (seconds + report.duration, scale)

    def pytest_sessionfinish(self, session):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        rows = [f"{json.dumps(test)}: {json.dumps([round(seconds, 3), scale])}"
                for test, (seconds, scale) in sorted(self.times.items())]
        self.path.write_text("{\n" + ",\n".join(rows) + "\n}\n", encoding="utf-8")  # a test a line


def pytest_configure(config):
    for scale in SCALES:
        config.addinivalue_line("markers", f"per_{scale}: the test's time grows with the number of {scale}s")
    path = os.environ.get("TORCHREF_TEST_TIMES")
    if path and not hasattr(config, "workerinput"):  # with xdist: the controller only
        config.pluginmanager.register(Timer(Path(path)), "torchref-timer")
