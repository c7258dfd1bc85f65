"""Every gallery script prints the same thing twice in a row (seeded, no addresses, no timings)."""

import os
import subprocess
import sys

import pytest
import torch

from helpers import ROOT
from torchref.cells import required_device

SCRIPTS = sorted((ROOT / "gallery").rglob("plot_*.py"))


def run(script, tmp_path):
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_script_is_deterministic(script, tmp_path):
    if required_device(script) == "cuda" and not torch.cuda.is_available():
        pytest.skip("declares '# requires: cuda'; it runs on a CUDA runner")
    assert run(script, tmp_path) == run(script, tmp_path)
