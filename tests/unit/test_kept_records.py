"""Kept records (records/<runner>/): a small site shows them beside its own runner's outputs, says when
the torch that made them is not the documented one, and calls them out of date once the script changes.
The CUDA record here is a stand-in a test makes in a temporary site: never a real output."""

import hashlib

from bs4 import BeautifulSoup

from test_small_sites import CUDA_EXAMPLE, INDEX, build, make_site, write_catalogs
from torchref.cells import labelled_code_blocks
from torchref.records import Cell, Record

STAND_IN = {"id": "cuda", "name": "cuda", "device": "Stand-in GPU of a test", "cuda": "12.8", "driver": "570.00",
            "torch": "2.14.0+cu128", "python": "3.12.3", "os": "Linux-6.1.0-x86_64-with-glibc2.36"}


def keep_fake_record(site, script, text):
    """A kept CUDA record of ``script`` as it is now, every cell printing ``text``."""
    path = site / "gallery" / script
    cells = [Cell(tuple(labels), lineno, code, text) for labels, lineno, code in labelled_code_blocks(path)]
    record = Record(source=f"gallery/{script}", source_md5=hashlib.md5(path.read_bytes()).hexdigest(),
                    page=f"examples/{path.stem}", runner=STAND_IN, executed="2026-01-01T00:00:00+00:00", cells=cells)
    target = site / "records" / "cuda" / script.replace(".py", ".json")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(record.to_json(), encoding="utf-8")
    return target


def page(site, language="en"):
    return BeautifulSoup((site / "out" / language / "index.html").read_text(), "html.parser")


def test_kept_records_show_beside_the_build_s_own_and_go_out_of_date(tmp_path):
    site = make_site(tmp_path, index=INDEX + "\n```{executed-example} on-gpu\n```\n")
    (site / "gallery" / "plot_gpu.py").write_text(CUDA_EXAMPLE)
    kept = [keep_fake_record(site, "plot_count.py", "stand-in output 1"),
            keep_fake_record(site, "plot_gpu.py", "stand-in output 2")]
    before = {path: path.read_bytes() for path in kept}
    code, log = build(site)
    assert code == 0, log

    counting, on_gpu = page(site).select(".executed-outputs")
    assert [o["data-runner"] for o in counting.select(".executed-output")] == ["cpu", "cuda"]
    cuda = counting.select(".executed-output")[1]
    assert cuda["data-torch"] == "2.14.0+cu128" and cuda["data-source"] == "gallery/plot_count.py"
    label = cuda.select_one(".executed-output-label").get_text()
    assert "Stand-in GPU of a test" in label and "CUDA 12.8" in label and "driver 570.00" in label
    assert "torch 2.14.0+cu128 (the site documents torch 2.13.0)" in label
    assert "stand-in output 1" in cuda.get_text()
    cpu_label = counting.select_one(".executed-output-label").get_text()
    assert "the site documents" not in cpu_label  # the build's own torch is the documented one
    # a script the CPU runner cannot run: its notice, and the kept CUDA output beside it
    assert on_gpu.select_one(".not-executed")["data-runner"] == "cpu"
    assert [o["data-runner"] for o in on_gpu.select(".executed-output")] == ["cuda"]
    assert "stand-in output 2" in on_gpu.get_text()

    write_catalogs(site)
    (site / "locale" / "zh_CN" / "LC_MESSAGES" / "examples" / "plot_gpu.po").write_text(
        (site / "locale" / "zh_CN" / "LC_MESSAGES" / "examples" / "plot_count.po").read_text())
    code, log = build(site, "zh_CN", execute=False)
    assert code == 0, log
    chinese = page(site, "zh_CN").select(".executed-output")[1].select_one(".executed-output-label").get_text()
    assert "torch 2.14.0+cu128" in chinese and "本参考讲解的是 torch 2.13.0" in chinese

    # a new kept record (make gpu-records ran again) is shown by the next build of the same environment
    keep_fake_record(site, "plot_count.py", "stand-in output 3")
    before[kept[0]] = kept[0].read_bytes()
    code, log = build(site)
    assert code == 0, log
    assert "stand-in output 3" in page(site).select(".executed-outputs")[0].get_text()

    script = site / "gallery" / "plot_count.py"
    script.write_text(script.read_text() + "\nprint('changed since')\n")
    code, log = build(site)
    assert code == 0, log
    assert "OUT OF DATE: the cuda output of gallery/plot_count.py" in log
    counting = page(site).select(".executed-outputs")[0]
    assert [o["data-runner"] for o in counting.select(".executed-output")] == ["cpu"]
    [stale] = counting.select(".out-of-date")
    assert stale["data-runner"] == "cuda" and "out of date" in stale.get_text()
    assert "stand-in output" not in counting.get_text()
    assert {path: path.read_bytes() for path in kept} == before  # no build writes into records/
