"""Small real Sphinx sites: what a good build produces, and how a bad input fails."""

import os
import re
import subprocess
import sys

import pytest
from bs4 import BeautifulSoup

from build_site import NOT_RELAYED, CrashReport
from helpers import ROOT

CONF = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
extensions = ["myst_parser", "sphinx_gallery.gen_gallery", "torchref"]
locale_dirs = ["../locale/"]
gettext_compact = False
translation_progress_classes = "untranslated"
nitpicky = True
exclude_patterns = ["examples/**/*.py", "examples/**/*.ipynb"]
sphinx_gallery_conf = {{
    "examples_dirs": ["../gallery"], "gallery_dirs": ["examples"],
    "abort_on_example_error": True, "min_reported_time": float("inf"),
    "write_computation_times": False, "download_all_examples": False,
}}
"""

EXAMPLE = '''"""
Counting runs
=============

Counts its own executions.
"""

from pathlib import Path

# %% example-for: counting
Path("{counter}").open("a").write("run\\n")
print("executed", 6 * 7)
'''

INDEX = """# Home

```{toctree}
examples/index
```

```{executed-example} counting
```
"""


CUDA_EXAMPLE = '''"""
Needs a GPU
===========

Runs only on a CUDA runner.
"""
# requires: cuda

import torch

# %% example-for: on-gpu
print(torch.ones(1, device="cuda"))
'''


def make_site(tmp_path, conf_extra="", index=INDEX, example=EXAMPLE):
    (tmp_path / "docs").mkdir(parents=True)
    (tmp_path / "gallery").mkdir()
    (tmp_path / "conf.py").write_text(CONF + conf_extra)
    (tmp_path / "docs" / "index.md").write_text(index)
    (tmp_path / "gallery" / "GALLERY_HEADER.rst").write_text("Examples\n========\n")
    (tmp_path / "gallery" / "plot_count.py").write_text(example.format(counter=tmp_path / "runs.txt"))
    return tmp_path


def build(site, language="en", execute=True, env=None, extra=()):
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(site), "-W", "--keep-going", "-N",
               "-D", f"language={language}", *extra, str(site / "docs"), str(site / "out" / language)]
    if not execute:
        command[-2:-2] = ["-D", "plot_gallery=0"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=site, env={**os.environ, **(env or {})})
    return done.returncode, done.stdout + done.stderr


HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'


def write_catalogs(site, index_messages=""):
    messages = site / "locale" / "zh_CN" / "LC_MESSAGES"
    (messages / "examples").mkdir(parents=True)
    for page in ("index", "examples/index", "examples/plot_count"):
        (messages / f"{page}.po").write_text(HEADER + (index_messages if page == "index" else ""))


def chinese_index(site):
    return BeautifulSoup((site / "out" / "zh_CN" / "index.html").read_text(), "html.parser")


def test_both_editions_embed_one_execution(tmp_path):
    site = make_site(tmp_path)
    code, log = build(site)
    assert code == 0, log
    write_catalogs(site)
    code, log = build(site, "zh_CN", execute=False)
    assert code == 0, log
    assert (site / "runs.txt").read_text() == "run\n"  # executed once for both editions
    for language in ("en", "zh_CN"):
        page = BeautifulSoup((site / "out" / language / "index.html").read_text(), "html.parser")
        [output] = page.select(".executed-output")
        assert output["data-runner"] == "cpu"
        assert output["data-torch"].startswith("2.13.0")
        assert output["data-source"] == "gallery/plot_count.py"
        assert "executed 42" in output.get_text()
        assert "torch 2.13.0" in output.get_text()
    assert "输出" in (site / "out" / "zh_CN" / "index.html").read_text()


def test_untranslated_passages_are_announced(tmp_path):
    site = make_site(tmp_path)
    assert build(site)[0] == 0
    write_catalogs(site)
    assert build(site, "zh_CN", execute=False)[0] == 0
    [notice] = chinese_index(site).select(".translation-behind")
    assert "尚未翻译" in notice.get_text()
    assert chinese_index(site).select("h1.untranslated, section.untranslated, .untranslated")


def test_translated_page_has_no_notice(tmp_path):
    site = make_site(tmp_path)
    assert build(site)[0] == 0
    write_catalogs(site, index_messages='\nmsgid "Home"\nmsgstr "首页"\n')
    assert build(site, "zh_CN", execute=False)[0] == 0
    assert chinese_index(site).h1.get_text().startswith("首页")
    assert not chinese_index(site).select(".translation-behind")


@pytest.mark.parametrize("parallel", [False, 2], ids=["in-process", "worker-processes"])
def test_failing_example_is_one_error_naming_script_line_and_exception(tmp_path, parallel):
    site = make_site(tmp_path, conf_extra=f"sphinx_gallery_conf['parallel'] = {parallel}\n",
                     example=EXAMPLE + "\nraise ValueError('broken example')\n")
    code, log = build(site)
    assert code != 0
    assert "ERROR: gallery/plot_count.py:14: the example failed: ValueError: broken example" in log
    assert log.count("broken example") == 2  # the error's line, and the script's line that raised it
    assert "Traceback" not in log and "Extension error" not in log and "sphinx-doc" not in log


def test_unknown_option_suggests_the_right_one(tmp_path):
    code, log = build(make_site(tmp_path, conf_extra="torchref_torch_versoin = '2.13.0'\n"))
    assert code != 0
    assert "unknown option 'torchref_torch_versoin'" in log and "did you mean 'torchref_torch_version'" in log


def test_missing_catalog_fails_the_translated_edition(tmp_path):
    site = make_site(tmp_path)
    assert build(site)[0] == 0
    code, log = build(site, "zh_CN", execute=False)
    assert code != 0
    assert "missing translation catalog locale/zh_CN/LC_MESSAGES/index.po" in log


def test_reusing_build_without_records_fails(tmp_path):
    site = make_site(tmp_path)
    write_catalogs(site)
    code, log = build(site, "zh_CN", execute=False)
    assert code != 0
    assert "no current executed output" in log and "gallery/plot_count.py" in log
    # make site relays Sphinx's crash report as the error alone, and where the whole report is
    crash = CrashReport()
    relayed = "".join(crash.relayed(line) for line in log.splitlines(keepends=True)) + crash.unfinished()
    assert "Extension error!" in log and "sphinx-doc" in log
    assert "ExtensionError: these examples have no current executed output" in relayed
    assert re.search(r"\(Sphinx's full report: \S+sphinx-err-\S+\.log\)", relayed)
    assert "Extension error" not in relayed and "sphinx-doc" not in relayed and "Versions" not in relayed


@pytest.mark.parametrize("bad_line, expected", [
    ("See {py:func}`torch.not_documented`.", "py:func reference target not found: torch.not_documented"),
    ("```{executed-example} no-such-label\n```", "no gallery cell is labelled 'no-such-label'"),
    ("```text\nsome output\n```", "hand-typed output"),
])
def test_bad_page_input_fails_with_file_and_line(tmp_path, bad_line, expected):
    code, log = build(make_site(tmp_path, index=INDEX + "\n" + bad_line + "\n"))
    assert code != 0
    assert expected in log
    assert "index.md:10" in log


def test_cuda_example_is_declared_not_executed_on_a_cpu_runner(tmp_path):
    site = make_site(tmp_path, index=INDEX + "\n```{executed-example} on-gpu\n```\n")
    (site / "gallery" / "plot_gpu.py").write_text(CUDA_EXAMPLE)
    code, log = build(site)
    assert code == 0, log
    page = BeautifulSoup((site / "out" / "en" / "index.html").read_text(), "html.parser")
    [notice] = page.select(".not-executed")
    assert notice["data-runner"] == "cpu" and notice["data-requires"] == "cuda"
    assert "needs an NVIDIA GPU with CUDA" in notice.get_text()
    assert "download the script" in notice.get_text()  # what the reader can do to see the output
    assert 'device="cuda"' in notice.parent.find_previous_sibling("div").get_text()  # the code is still shown
    gallery_page = (site / "out" / "en" / "examples" / "plot_gpu.html").read_text()
    assert "needs an NVIDIA GPU with CUDA" in gallery_page
    assert "sphx-glr-script-out" not in gallery_page


def test_a_second_runner_s_outputs_are_imported_and_shown_side_by_side(tmp_path):
    first, second = make_site(tmp_path / "first"), make_site(tmp_path / "second")
    script = "gallery/plot_count.py"
    (second / script).write_text((first / script).read_text())  # the same code, run by another runner
    assert build(first)[0] == 0
    code, log = build(second, env={"TORCHREF_RUNNER_NAME": "cpu-standin"})
    assert code == 0, log
    imported = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "import_outputs.py"), "--project", str(first),
         str(second / "_build" / "executed" / "cpu-standin")], capture_output=True, text=True)
    assert "imported 1 records of runner 'cpu-standin'" in imported.stdout, imported.stderr
    code, log = build(first)
    assert code == 0, log
    page = BeautifulSoup((first / "out" / "en" / "index.html").read_text(), "html.parser")
    [outputs] = page.select(".executed-outputs")
    assert [o["data-runner"] for o in outputs.select(".executed-output")] == ["cpu", "cpu-standin"]
    assert "CPU (" in outputs.get_text() and "cpu-standin" in outputs.get_text()
    example = (first / "out" / "en" / "examples" / "plot_count.html").read_text()
    assert "Where these outputs come from" in example and "cpu-standin" in example


def test_stale_records_are_refused_on_import(tmp_path):
    first, second = make_site(tmp_path / "first"), make_site(tmp_path / "second", example=EXAMPLE + "\nprint(1)\n")
    assert build(second, env={"TORCHREF_RUNNER_NAME": "other"})[0] == 0
    imported = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "import_outputs.py"), "--project", str(first),
         str(second / "_build" / "executed" / "other")], capture_output=True, text=True)
    assert "refused gallery/plot_count.py" in imported.stderr


def test_partial_build_executes_only_the_matching_examples(tmp_path):
    site = make_site(tmp_path, index=INDEX + "\n```{executed-example} other\n```\n")
    (site / "gallery" / "plot_other.py").write_text(EXAMPLE.replace("counting", "other").format(counter=tmp_path / "other.txt"))
    pattern = ["-D", "torchref_examples_pattern=plot_count"]
    code, log = build(site, extra=pattern)
    assert code == 0, log
    assert (site / "runs.txt").exists() and not (tmp_path / "other.txt").exists()
    page = BeautifulSoup((site / "out" / "en" / "index.html").read_text(), "html.parser")
    assert len(page.select(".executed-output")) == 1
    assert "partial build" in page.select_one("p.not-executed").get_text()
    assert build(site)[0] == 0  # a full build executes the rest
    assert (tmp_path / "other.txt").exists()


def two_example_site(path, counters):
    site = make_site(path, index=INDEX + "\n```{executed-example} other\n```\n")
    (site / "gallery" / "plot_count.py").write_text(EXAMPLE.format(counter=counters / "count.txt"))
    (site / "gallery" / "plot_other.py").write_text(EXAMPLE.replace("counting", "other").format(counter=counters / "other.txt"))
    return site


def outputs_of(site):
    pages = ["index.html", "examples/plot_count.html", "examples/plot_other.html"]
    return [BeautifulSoup((site / "out" / "en" / page).read_text(), "html.parser").select(
        ".executed-output pre, .sphx-glr-script-out pre") for page in pages]


def test_two_shards_merge_into_the_site_one_build_makes(tmp_path):
    counters = tmp_path / "counters"
    counters.mkdir()
    whole = two_example_site(tmp_path / "whole", counters)
    assert build(whole)[0] == 0
    shards = [two_example_site(tmp_path / f"shard{k}", counters) for k in range(2)]
    for k, shard in enumerate(shards):
        code, log = build(shard, extra=["-D", f"torchref_shard={k}/2"])
        assert code == 0, log
    assert (counters / "count.txt").read_text() == (counters / "other.txt").read_text() == "run\nrun\n"
    merged = two_example_site(tmp_path / "merged", counters)
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "merge_shards.py"), "--project", str(merged),
                           *map(str, shards)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    code, log = build(merged)
    assert code == 0, log
    assert (counters / "count.txt").read_text() == "run\nrun\n"  # the merged build executed nothing
    assert (counters / "other.txt").read_text() == "run\nrun\n"
    assert [[str(o) for o in page] for page in outputs_of(merged)] == [[str(o) for o in page] for page in outputs_of(whole)]
    assert all(outputs_of(merged))


def test_the_build_output_leaves_out_torchs_own_logging_but_not_its_errors():
    quiet = ["W1129 12:35:42.567000 3955 .venv/lib/python3.11/site-packages/torch/onnx/_internal/exporter/"
             "_registration.py:107] torchvision is not installed. Skipping torchvision::nms",
             "I1129 12:35:42.583000 3955 .venv/lib/python3.11/site-packages/torch/fx/experimental/symbolic_shapes.py:8866] x",
             "USDT:2026-11-29 12:35:03 3955:3955 SyncActivityProfilerHandler.cpp:52] profiler_start"]
    shown = ["E1129 12:35:42.567000 3955 .venv/lib/python3.11/site-packages/torch/distributed/run.py:1] failed",
             "ERROR: gallery/runtime/plot_onnx_export.py:12: the example failed: RuntimeError: x",
             "W1129 12:35:42.567000 3955 my_own_module.py:3] a warning that is not torch's"]
    assert [line for line in quiet + shown if not NOT_RELAYED.match(line)] == shown


def test_a_reusing_build_started_first_waits_for_the_records_of_the_executing_one(tmp_path):
    """scripts/build_site.py starts both editions at once: the Chinese one loads its environment and
    then waits (torchref/execution.py: wait_for_records) until the English one has written the records."""
    site = make_site(tmp_path)
    write_catalogs(site)
    ready = tmp_path / "records-ready"
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(site), "-W", "--keep-going", "-N",
               "-D", "language=zh_CN", "-D", "plot_gallery=0", str(site / "docs"), str(site / "out" / "zh_CN")]
    waiting = subprocess.Popen(command, cwd=site, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "TORCHREF_WAIT_FOR_RECORDS": str(ready)})
    try:
        for line in waiting.stdout:  # it got as far as waiting, with no record written yet
            if "waiting for the executing edition's records" in line:
                break
        assert waiting.poll() is None and not (site / "_build" / "executed").exists()
        code, log = build(site, env={"TORCHREF_RECORDS_READY": str(ready)})
        assert code == 0, log
        assert ready.exists() and (site / "_build" / "executed").exists()
        assert waiting.wait(timeout=120) == 0, waiting.stdout.read()
    finally:
        waiting.kill()
    assert "executed 42" in chinese_index(site).get_text()


def test_the_gallery_pass_is_skipped_only_while_nothing_it_reads_or_writes_changed(tmp_path):
    site = make_site(tmp_path)
    skipped = "gallery unchanged since sphinx-gallery's last pass"
    code, log = build(site)
    assert code == 0 and skipped not in log, log
    code, log = build(site)
    assert code == 0 and skipped in log, log
    (site / "gallery" / "GALLERY_HEADER.rst").write_text("Worked examples\n===============\n")
    code, log = build(site)
    assert code == 0 and skipped not in log, log
    assert "Worked examples" in (site / "out" / "en" / "examples" / "index.html").read_text()
    (site / "docs" / "examples" / "index.rst").unlink()  # a generated page lost: generated again
    code, log = build(site)
    assert code == 0 and skipped not in log and (site / "docs" / "examples" / "index.rst").exists(), log
    assert (site / "runs.txt").read_text() == "run\n"  # nothing executed again
