"""Make the project and the shared test helpers importable from every suite."""

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
sys.path[:0] = [str(TESTS.parent), str(TESTS), str(TESTS.parent / "scripts")]
