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


def test_cpu_job_runs_the_readme_test_command_on_every_push_and_pull_request():
    ci = load(WORKFLOWS / "ci.yml")
    assert {"push", "pull_request"} <= set(ci["on"])
    assert "make test" in run_commands(ci)
    assert "bookworm" in ci["jobs"]["cpu"]["container"]  # Debian's chromium for the browser tests


def test_gpu_job_runs_the_same_build_on_a_gpu_runner_with_the_cpu_outputs_imported():
    gpu = load(WORKFLOWS / "gpu.yml")
    [job] = gpu["jobs"].values()
    assert job["runs-on"] == ["self-hosted", "linux", "gpu"]
    commands = run_commands(gpu)
    assert commands.index("make import-outputs FROM=../outputs-cpu") < commands.index("make test")


def test_deploy_prefers_the_gpu_site():
    deploy = load(WORKFLOWS / "deploy.yml")
    assert set(deploy["on"]["workflow_run"]["workflows"]) == {"ci", "gpu"}
    script = " ".join(run_commands(deploy))
    assert "site-gpu" in script and "site-cpu" in script
    uses = [step.get("uses", "") for job in deploy["jobs"].values() for step in job["steps"]]
    assert any(u.startswith("actions/deploy-pages") for u in uses)


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
