"""The CI, GPU, deploy and Read the Docs configurations: they cannot run here, so check what they say."""

import re

import yaml

from helpers import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"


def load(path):
    # YAML reads the key `on` as True
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {("on" if key is True else key): value for key, value in data.items()}


def run_commands(workflow):
    return [step["run"] for job in workflow["jobs"].values() for step in job["steps"] if "run" in step]


def make_targets():
    return set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), re.M))


def readme_commands():
    return set(re.findall(r"^make (\w[\w-]*)", (ROOT / "README.md").read_text(), re.M))


def test_readme_commands_are_make_targets():
    assert readme_commands() == {"serve", "test"}
    assert readme_commands() <= make_targets()


CPU_WHEELS = "TORCH_INDEX=https://download.pytorch.org/whl/cpu"


def test_cpu_job_runs_the_readme_test_command_with_the_cpu_torch_wheel():
    ci = load(WORKFLOWS / "ci.yml")
    assert {"push", "pull_request"} <= set(ci["on"])
    assert f"make test {CPU_WHEELS} TORCH_VARIANT=cpu" in run_commands(ci)
    assert "bookworm" in ci["jobs"]["cpu"]["container"]  # Debian's chromium for the browser tests


def test_gpu_job_runs_the_same_build_with_the_cuda_wheel_and_the_cpu_outputs_imported():
    gpu = load(WORKFLOWS / "gpu.yml")
    [job] = gpu["jobs"].values()
    assert job["runs-on"] == ["self-hosted", "linux", "gpu"]
    commands = run_commands(gpu)
    assert commands.index("make import-outputs FROM=../outputs-cpu/_build/executed/cpu") \
        < commands.index("make test TORCH_VARIANT=cuda")


def test_deploy_builds_with_the_published_address_from_the_executed_outputs():
    deploy = load(WORKFLOWS / "deploy.yml")
    assert set(deploy["on"]["workflow_run"]["workflows"]) == {"ci", "gpu"}
    [job] = deploy["jobs"].values()
    steps = [step.get("uses", "") or step.get("run", "") for step in job["steps"]]
    [pages] = [n for n, step in enumerate(job["steps"]) if step.get("uses", "").startswith("actions/configure-pages")]
    assert job["steps"][pages]["id"] == "pages"
    [build] = [n for n, step in enumerate(steps) if step.startswith("make site")]
    assert 'SITE_URL="${{ steps.pages.outputs.base_url }}/"' in steps[build] and CPU_WHEELS in steps[build]
    [merge] = [n for n, step in enumerate(steps) if step.startswith("make merge-shards")]
    assert pages < merge < build  # the outputs of the run are reused: nothing is executed again
    assert any(step.startswith("actions/deploy-pages") for step in steps[build:])


def test_the_makefile_checks_which_torch_build_it_installed():
    makefile = (ROOT / "Makefile").read_text()
    assert "--index-url $(TORCH_INDEX)" in makefile and 'torch.version.cuda' in makefile


def test_every_make_target_the_configurations_call_exists():
    called = set()
    for path in [*WORKFLOWS.glob("*.yml"), ROOT / ".readthedocs.yaml"]:
        called |= set(re.findall(r"\bmake ([a-z][\w-]*)", path.read_text()))
    assert called and called <= make_targets()


def test_read_the_docs_builds_the_same_site():
    rtd = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text())
    commands = rtd["build"]["commands"]
    assert commands[0].startswith("make site") and "_build/site" in commands[1]


def test_ci_script_runs_the_readme_test_command():
    assert "make test" in (ROOT / ".ci" / "run").read_text()
