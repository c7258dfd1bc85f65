"""make gpu-records on this CPU machine: which scripts it records, its refusal without CUDA, and with the
stand-in flag (tests only) its offline install and records-only build on a small site. Whatever the
stand-in records goes to a temporary folder, stamped as the CPU it ran on: never a kept CUDA record."""

import base64
import hashlib
import json
import subprocess
import sys
import zipfile

from helpers import ROOT
from test_small_sites import CUDA_EXAMPLE, EXAMPLE, INDEX, build, make_site
from torchref.cells import declarations, records_on, required_device
from torchref.comments import messages
from torchref.records import Gallery, Record

import gpu_records

SCRIPT = ROOT / "scripts" / "gpu_records.py"
ALSO_ON = EXAMPLE.replace("counting", "on-both").replace('executions.\n"""\n', 'executions.\n"""\n# also-on: cuda\n')


def test_declarations_are_read_before_the_first_cell(tmp_path):
    script = tmp_path / "plot_x.py"
    script.write_text('"""\nT\n=\n"""\n# also-on: cuda\nimport torch\n\n# %% example-for: x\n# requires: cuda\nprint(1)\n')
    assert declarations(script) == [("also-on", "cuda")]
    assert required_device(script) is None  # every runner executes it
    assert records_on(script, "cuda") and not records_on(script, "mps")
    assert messages("# also-on: cuda\n# requires: cuda\nimport torch\n") == []  # directives, not prose to translate


def test_gpu_records_takes_the_scripts_that_declare_cuda():
    gallery = Gallery.of_project(ROOT)
    chosen = {s.source for s in gpu_records.scripts_to_record(gallery)}
    needing = {s.source for s in gallery.scripts if required_device(s.path) == "cuda"}
    assert needing and needing < chosen
    assert {"gallery/runtime/plot_cuda_availability.py", "gallery/runtime/plot_cuda_memory.py",
            "gallery/tensors/plot_devices_and_layouts.py"} < chosen
    assert "gallery/tensors/plot_views_and_strides.py" not in chosen
    assert gpu_records.drawing(gpu_records.scripts_to_record(gallery)) == []  # kept records hold text only


def test_without_cuda_it_refuses_in_one_line_and_runs_nothing(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPT), "--project", str(make_site(tmp_path / "site")),
                           "--records", str(tmp_path / "kept")], capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("gpu-records: no CUDA here (") and "Nothing was run." in line
    assert not (tmp_path / "kept").exists() and not (tmp_path / "site" / "_build").exists()


def test_a_stand_in_never_writes_into_records(tmp_path):
    for extra in ([], ["--records", str(tmp_path / "records" / "x")]):
        done = subprocess.run([sys.executable, str(SCRIPT), "--stand-in", "--project", str(tmp_path), *extra],
                              capture_output=True, text=True)
        assert done.returncode == 2 and "never into records/" in done.stderr


def probe_wheel(folder):
    """A one-module wheel that no Python here has installed: proof that the install read the folder."""
    files = {"standin_probe/__init__.py": b"WHERE = 'the wheels folder'\n",
             "standin_probe-1.0.dist-info/METADATA": b"Metadata-Version: 2.1\nName: standin-probe\nVersion: 1.0\n",
             "standin_probe-1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: a test\nRoot-Is-Purelib: true\n"
                                                  b"Tag: py3-none-any\n"}
    record = "".join(f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
                     f"{len(data)}\n" for name, data in files.items()) + "standin_probe-1.0.dist-info/RECORD,,\n"
    with zipfile.ZipFile(folder / "standin_probe-1.0-py3-none-any.whl", "w") as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
        wheel.writestr("standin_probe-1.0.dist-info/RECORD", record)


def test_stand_in_installs_offline_and_records_through_the_site_s_execution_path(tmp_path):
    index = INDEX + "".join(f"\n```{{executed-example}} {label}\n```\n" for label in ("on-gpu", "on-both"))
    site = make_site(tmp_path / "site", index=index)
    (site / "gallery" / "plot_gpu.py").write_text(CUDA_EXAMPLE)
    (site / "gallery" / "plot_both.py").write_text(ALSO_ON.format(counter=tmp_path / "both.txt"))
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    probe_wheel(wheels)
    # the records-only build's own requirements are this .venv's, which the venv sees as the machine's packages
    (wheels / "requirements.txt").write_text("sphinx-gallery\nstandin-probe==1.0\n")
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    (wheels / "manifest.json").write_text(json.dumps({"python": python, "requirements": ["standin-probe==1.0"]}))
    command = [sys.executable, str(SCRIPT), "--stand-in", "--project", str(site), "--wheels", str(wheels),
               "--records", str(tmp_path / "kept")]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "2 scripts declare cuda" in out and "executing 2" in out and "1 records written" in out, out
    assert "gallery/plot_gpu.py: not executed (needs cuda) (a stand-in)" in out

    venv_python = site / "_build" / "gpu-records" / "venv" / "bin" / "python"
    probe = "import standin_probe, torch; print(standin_probe.WHERE, torch.__version__)"
    assert subprocess.run([venv_python, "-c", probe], capture_output=True, text=True).stdout.startswith(
        "the wheels folder 2.13.0")  # installed from the folder, beside the machine's own torch
    assert subprocess.run([sys.executable, "-c", "import standin_probe"], capture_output=True).returncode != 0

    [kept] = (tmp_path / "kept" / "cuda-standin").rglob("*.json")
    record = Record.from_json(kept.read_text())
    assert record.source == "gallery/plot_both.py" and record.page == "examples/plot_both"
    assert record.runner["name"] == "cuda-standin" and record.runner["id"] == "cpu"  # what really ran
    assert [c.output for c in record.cells] == ["executed 42"]
    assert (tmp_path / "both.txt").read_text() == "run\n" and not (site / "runs.txt").exists()  # only what declares cuda
    assert not (site / "records").exists()

    again = subprocess.run(command, capture_output=True, text=True)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "installed already" in again.stdout and "1 have a current kept record; executing 1" in again.stdout
    assert (tmp_path / "both.txt").read_text() == "run\n"  # a current record is not made again

    code, log = build(site)  # the site's own build records the same cells, the same way
    assert code == 0, log
    own = Record.from_json((site / "_build" / "executed" / "cpu" / "plot_both.json").read_text())
    assert (own.cells, own.page, own.source_md5) == (record.cells, record.page, record.source_md5)
