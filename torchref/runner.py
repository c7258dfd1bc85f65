"""Which runner is executing the examples: the stamp every executed output carries."""

import os
import platform
import shutil
import subprocess


def _nvidia_driver_version():
    if not shutil.which("nvidia-smi"):
        return None
    result = subprocess.run(
        ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
        capture_output=True, text=True, check=False,
    )
    return result.stdout.strip().splitlines()[0] if result.returncode == 0 and result.stdout.strip() else None


def current_runner():
    """Describe this machine as a runner: ``cpu``, or ``cuda`` with its device.

    ``name`` tells runners apart in the records and on the pages; it is the
    kind of device unless ``TORCHREF_RUNNER_NAME`` says otherwise (two CPU
    machines, or a CPU build standing in for a second runner in tests).
    """
    import torch

    stamp = {
        "torch": torch.__version__,
        "python": platform.python_version(),
        "os": platform.platform(terse=True),
    }
    if torch.cuda.is_available():
        stamp.update(
            id="cuda",
            device=torch.cuda.get_device_name(0),
            cuda=torch.version.cuda,
            driver=_nvidia_driver_version(),
        )
    else:
        stamp.update(id="cpu", device=platform.machine())
    stamp["name"] = os.environ.get("TORCHREF_RUNNER_NAME") or stamp["id"]
    return stamp


def describe(stamp):
    """A short human label, e.g. ``CPU (x86_64)`` or ``CUDA (NVIDIA A100, CUDA 12.8, driver 570.1)``."""
    if stamp["id"] == "cuda":
        driver = f", driver {stamp['driver']}" if stamp.get("driver") else ""
        label = f"CUDA ({stamp['device']}, CUDA {stamp.get('cuda')}{driver})"
    else:
        label = f"CPU ({stamp['device']})"
    name = stamp.get("name", stamp["id"])
    return label if name == stamp["id"] else f"{label} · {name}"


def short_os(stamp):
    """The operating system without its kernel build: ``Linux`` from ``Linux-6.1.0-18-cloud-amd64-x86_64-with-glibc2.36``."""
    return stamp["os"].split("-")[0]
