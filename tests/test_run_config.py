"""Runs record everything that changes a score: one config (file, flags, plug-in options),
stored whole in the manifest, repeated from it, and a resume refused when any score setting
differs (docs/run-config.md)."""

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from chipbench.agents.extract import render_files
from chipbench.core import ChipbenchError
from chipbench.evaluators.hls import QorBackend, ToolQoR, qor_backends
from chipbench.leaderboards import load_records, read_manifest
from chipbench.registry import suites
from chipbench.run_config import RunConfig, config_from, read_config_file, resolve
from chipbench.runner import run
from conftest import chipbench_cmd, requires_iverilog

VERILOG = ["verilog/alu8_bug0", "verilog/alu8_bug1"]
ISA = ["isa-transpile/bignum_add-O0-riscv64", "isa-transpile/bignum_add-O0-aarch64"]
ALL_EVALUATED = ["verilog", "isa-transpile", "cuda-kernels", "hls"]
"""Suites whose evaluators take options; a run on them with only verilog tasks resolves every
evaluator's options (and records them) while it scores just the verilog tasks."""


class FakeHlsTool(QorBackend):
    """An installed QoR backend, so a resume can be asked to change `qor_backend`."""

    name = "fake-hls-tool"

    def available(self):
        return None

    def version(self):
        return "1.0"

    async def measure(self, source, spec, sandbox):
        return ToolQoR(latency=1)


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    """One small run with every score setting at its default (no CHIPBENCH_* variables)."""
    qor_backends.register(FakeHlsTool.name)(FakeHlsTool)
    run_dir = tmp_path_factory.mktemp("resume") / "run"
    with pytest.MonkeyPatch.context() as mp:
        for variable in ("CHIPBENCH_VERILOG_SIMULATORS", "CHIPBENCH_VERILOG_QOR", "CHIPBENCH_KERNEL_THREADS",
                         "CHIPBENCH_HLS_QOR", "CHIPBENCH_PROMPTS", "CC"):
            mp.delenv(variable, raising=False)
        mp.setenv("CHIPBENCH_VERILOG_SIMULATORS", "icarus")  # the default under test: conftest's choice
        asyncio.run(run(RunConfig(suites=ALL_EVALUATED, tasks=VERILOG[:1], run_dir=run_dir, verdict_cache=False,
                                  evaluator_options={"qor": False})))
    return run_dir


def _prompts(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "prompts"
    folder.mkdir(exist_ok=True)
    (folder / "system.md.j2").write_text(text)
    return folder


# Each score setting, changed the way a user would change it: the setting the refusal must name,
# then a change of environment and one of the run's options (either may be None).
CHANGES = {
    "simulators by variable": ("evaluator.verilog.simulators", {"CHIPBENCH_VERILOG_SIMULATORS": "icarus,verilator"}, {}),
    "simulators by -E": ("evaluator.verilog.simulators", {}, {"evaluator_options": {"qor": False, "verilog.simulators": "verilator"}}),
    "verilog qor": ("evaluator.verilog.qor", {}, {"evaluator_options": {}}),
    "kernel threads by variable": ("evaluator.cuda-kernels.threads", {"CHIPBENCH_KERNEL_THREADS": "4"}, {}),
    "kernel threads by -E": ("evaluator.cuda-kernels.threads", {}, {"evaluator_options": {"qor": False, "threads": 2}}),
    "isa host compiler by variable": ("evaluator.isa-transpile.host_cc", {"CC": "cc"}, {}),
    "hls qor backend by variable": ("evaluator.hls.qor_backend", {"CHIPBENCH_HLS_QOR": FakeHlsTool.name}, {}),
    "prompts by variable": ("agent.prompts", {"CHIPBENCH_PROMPTS": "{prompts}"}, {}),
    "prompts by -A": ("agent.prompts", {}, {"agent_options": {"prompts": "{prompts}"}}),
    "sampling": ("model.temperature", {}, {"settings": {"temperature": 0.2}}),
    "budget": ("budget.max_turns", {}, {"budget": {"max_turns": 1}}),
    "agent": ("agent", {}, {"agent": "refine"}),
}


@requires_iverilog
@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_a_resume_that_changes_a_score_setting_is_refused_naming_it(finished_run, change, tmp_path, monkeypatch):
    setting, env, options = CHANGES[change]
    prompts = str(_prompts(tmp_path, "You write hardware."))
    monkeypatch.setenv("CHIPBENCH_VERILOG_SIMULATORS", "icarus")
    for variable in ("CHIPBENCH_VERILOG_QOR", "CHIPBENCH_KERNEL_THREADS", "CHIPBENCH_HLS_QOR", "CHIPBENCH_PROMPTS", "CC"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in env.items():
        monkeypatch.setenv(variable, value.format(prompts=prompts))
    options = json.loads(json.dumps(options).replace("{prompts}", prompts))
    config = RunConfig(suites=ALL_EVALUATED, tasks=VERILOG[:1], run_dir=finished_run, resume=True,
                       verdict_cache=False, **{"evaluator_options": {"qor": False}, **options})
    before = (finished_run / "records.jsonl").read_bytes()
    with pytest.raises(ChipbenchError, match="cannot resume") as refused:
        asyncio.run(run(config))
    assert f"{setting} was" in str(refused.value), str(refused.value)
    assert (finished_run / "records.jsonl").read_bytes() == before


@requires_iverilog
def test_a_resume_with_the_same_settings_continues_and_prompt_content_counts(finished_run, tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_VERILOG_SIMULATORS", "icarus")
    for variable in ("CHIPBENCH_VERILOG_QOR", "CHIPBENCH_KERNEL_THREADS", "CHIPBENCH_HLS_QOR", "CHIPBENCH_PROMPTS", "CC"):
        monkeypatch.delenv(variable, raising=False)
    # The same settings given another way (explicit options, not defaults) are the same settings.
    same = RunConfig(suites=ALL_EVALUATED, tasks=VERILOG[:1], run_dir=finished_run, resume=True,
                     evaluator_options={"verilog": {"simulators": ["icarus"], "qor": False}, "threads": 1})
    asyncio.run(run(same))
    assert len(load_records(finished_run)) == 1
    # A prompt folder whose files changed is another setting, though its path is the same.
    folder = _prompts(tmp_path, "You write hardware.")
    base = dict(suites=["verilog"], tasks=VERILOG[:1])
    first = resolve(config_from({**base, "agent_options": {"prompts": str(folder)}}, "test"), ["verilog"])
    (folder / "system.md.j2").write_text("You write software.")
    second = resolve(config_from({**base, "agent_options": {"prompts": str(folder)}}, "test"), ["verilog"])
    assert first.score_settings["agent.prompts"] != second.score_settings["agent.prompts"]
    assert first.config_hash != second.config_hash


def test_transport_settings_and_parallelism_are_not_score_settings():
    base = resolve(RunConfig(suites=["verilog"]), ["verilog"])
    fast = resolve(RunConfig(suites=["verilog"], jobs=8, cache=False, settings={"timeout_s": 5, "retries": 0,
                                                                                  "base_url": "http://x/v1"}), ["verilog"])
    assert base.config_hash == fast.config_hash
    assert resolve(RunConfig(suites=["verilog"], settings={"seed": 3}), ["verilog"]).config_hash != base.config_hash


@pytest.mark.parametrize("flag, option, owner, listed", [
    ("-A", "roundz=2", "agent 'refine'", "rounds"),
    ("-M", "temprature=0.3", "model 'oracle'", "temperature"),
    ("-E", "simulator=icarus", "no evaluator of this run takes option 'simulator'", "simulators"),
    ("-E", "verilog.qorr=0", "evaluator 'verilog'", "qor"),
    ("-E", "verilog.simulators=modelsim", "evaluator 'verilog'", "unknown simulator"),
    ("-E", "verilogg.qor=0", "no evaluator 'verilogg'", "verilog"),
])
def test_a_mistyped_plugin_option_is_an_error_naming_the_plugins_options(tmp_path, flag, option, owner, listed):
    out = chipbench_cmd("run", "-s", "verilog", "-t", VERILOG[0], "-a", "refine", flag, option,
                        "-o", str(tmp_path / "run"))
    assert out.returncode == 2, out.stdout + out.stderr
    message = " ".join(out.stdout.split())
    assert owner in message and listed in message and "Traceback" not in out.stdout + out.stderr
    assert not (tmp_path / "run" / "records.jsonl").exists()


@pytest.mark.parametrize("command", [["eval", VERILOG[0], "{file}"], ["tasks", "check", "-t", VERILOG[0]],
                                     ["tasks", "mutants", "-t", VERILOG[0]]])
def test_the_other_commands_that_judge_take_the_same_evaluator_options(tmp_path, command):
    (tmp_path / "alu8.v").write_text("module alu8; endmodule\n")
    args = [a.format(file=tmp_path / "alu8.v") for a in command]
    out = chipbench_cmd(*args, "-s", "verilog", "-E", "simulatorz=icarus")
    message = " ".join(out.stdout.split())
    assert out.returncode == 2 and "no evaluator of this run takes option 'simulatorz'" in message
    assert "simulators" in message


def test_a_config_file_with_an_unknown_key_is_refused(tmp_path):
    (tmp_path / "run.toml").write_text('suites = ["verilog"]\nmodle = "oracle"\n')
    out = chipbench_cmd("run", "--config", str(tmp_path / "run.toml"))
    assert out.returncode == 2 and "modle" in out.stdout


def _replies(tmp_path: Path) -> Path:
    """A reference answer for the first task of each suite, a known-wrong one for the second,
    so the verdicts repeated are a pass and a fail each."""
    lines = []
    for first, second in (VERILOG, ISA):
        (a,) = suites.get(first.split("/")[0]).load([first.split("/")[1]])
        (b,) = suites.get(second.split("/")[0]).load([second.split("/")[1]])
        wrong = next(iter(b.wrong_candidates().values()))
        lines += [{"task": a.id, "reply": render_files(a.reference)},
                  {"task": b.id, "reply": render_files({**b.reference, **wrong})}]
    path = tmp_path / "replies.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


@requires_iverilog
@pytest.mark.skipif(shutil.which("qemu-riscv64") is None or shutil.which("qemu-aarch64") is None,
                    reason="qemu-user not installed (scripts/setup.sh installs it)")
def test_a_run_repeated_from_its_manifest_gives_the_same_verdicts(tmp_path):
    """verilog and isa-transpile, a pass and a fail each; the repeat runs in an environment
    whose variables say otherwise, and still runs with the settings the manifest stored."""
    replies = _replies(tmp_path)
    (tmp_path / "run.toml").write_text(
        f'suites = ["verilog", "isa-transpile"]\ntasks = {json.dumps(VERILOG + ISA)}\n'
        f'model = "replay:{replies}"\nagent = "refine"\nverdict_cache = false\ncache = false\n'
        '[agent_options]\nrounds = 1\n[evaluator_options.verilog]\nsimulators = "icarus"\nqor = false\n')
    first, second = tmp_path / "first", tmp_path / "second"
    out = chipbench_cmd("run", "--config", str(tmp_path / "run.toml"), "-o", str(first), "--no-report")
    assert out.returncode == 0, out.stdout + out.stderr
    out = chipbench_cmd("run", "--config", str(first / "manifest.json"), "-o", str(second), "--no-report",
                        env={"CHIPBENCH_VERILOG_SIMULATORS": "verilator", "CHIPBENCH_VERILOG_QOR": "1"})
    assert out.returncode == 0, out.stdout + out.stderr

    def verdicts(run_dir):
        return {(r.task_id, r.sample): (r.verdict.status.value, r.verdict.category) for r in load_records(run_dir)}

    assert verdicts(first) == verdicts(second)
    passed = {task for (task, _), (status, _) in verdicts(first).items() if status == "pass"}
    assert passed == {VERILOG[0], ISA[0]}, verdicts(first)  # the references pass, the wrong ones do not
    a, b = read_manifest(first), read_manifest(second)
    assert a["config"] == b["config"] and a["score_settings"] == b["score_settings"]
    assert a["config_hash"] == b["config_hash"] and a["run_id"] != b["run_id"]
    assert a["score_settings"]["evaluator.verilog.simulators"] == ["icarus"]
    assert read_config_file(first / "manifest.json") == a["config"]
    # Every record says which suite data it scored.
    for r in load_records(second):
        assert (r.suite_version, r.suite_hash) == (a["suite_versions"][r.suite], a["suite_hashes"][r.suite])
        assert r.config_hash == a["config_hash"] and r.schema_version == a["schema_version"]


def _fake_run(run_dir: Path, model: str, suite_version: str, suite_hash: str) -> None:
    from chipbench.core import Candidate, RunRecord, Verdict
    from chipbench.leaderboards.store import RunStore

    with RunStore(run_dir) as store:
        store.write_manifest({"run_id": model, "model": model, "agent": "single-shot",
                              "suite_versions": {"verilog": suite_version}, "suite_hashes": {"verilog": suite_hash}})
        for i in range(3):
            store.append(RunRecord(run_id=model, task_id=f"verilog/t{i}", suite="verilog", sample=0, agent="single-shot",
                                   model=model, config_hash="h", task_digest=f"d{i}", candidate=Candidate(),
                                   verdict=Verdict(status="pass"), started_at=0, finished_at=1,
                                   suite_version=suite_version,
                                   suite_hash=suite_hash if isinstance(suite_hash, str) else suite_hash[i]))


@pytest.mark.parametrize("second, what", [(("0.1", "aaaa"), None), (("0.2", "aaaa"), "suite versions differ"),
                                          (("0.1", "bbbb"), "suite task data (content hashes) differ"),
                                          (("0.1", ["aaaa", "aaaa", "cccc"]), "scored different versions of the suite's task data")])
def test_the_leaderboard_says_when_compared_runs_differ_in_suite_version_or_data(tmp_path, second, what):
    _fake_run(tmp_path / "runs" / "a", "model-a", "0.1", "aaaa")
    _fake_run(tmp_path / "runs" / "b", "model-b", *second)
    out = chipbench_cmd("leaderboard", str(tmp_path / "runs" / "a"), str(tmp_path / "runs" / "b"),
                        "--out", str(tmp_path / "site"))
    assert out.returncode == 0, out.stdout + out.stderr
    text = " ".join(out.stdout.split())
    if what is None:
        assert "suite versions" not in text and "content hashes" not in text
    else:
        assert f"warning: verilog: {what}" in text or f"model-b · single-shot: its records {what}" in text, text
        if "differ" in what:
            assert "model-a" in text.split(what, 1)[1] and "model-b" in text.split(what, 1)[1]


@pytest.mark.parametrize("second, what", [(("0.1", "aaaa"), None), (("0.2", "aaaa"), "suite versions differ"),
                                          (("0.1", "bbbb"), "suite task data (content hashes) differ")])
def test_the_report_says_when_compared_runs_differ_in_suite_version_or_data(tmp_path, second, what):
    """`chipbench report RUN --compare OTHER` warns as the leaderboard does (the same
    comparability check), in the terminal and in report.md."""
    a, b = tmp_path / "runs" / "a", tmp_path / "runs" / "b"
    _fake_run(a, "model-a", "0.1", "aaaa")
    _fake_run(b, "model-b", *second)
    out = chipbench_cmd("report", str(a), "--compare", str(b))
    assert out.returncode == 0, out.stdout + out.stderr
    text, md = " ".join(out.stdout.split()), (a / "report.md").read_text()
    if what is None:
        assert "suite versions" not in text + md and "content hashes" not in text + md
    else:
        assert f"warning: verilog: {what}" in text, text
        assert "model-a" in text.split(what, 1)[1] and "model-b" in text.split(what, 1)[1]
        assert f"> **Comparability:** verilog: {what}" in md


def test_the_report_of_a_run_resumed_after_its_suite_changed_says_so(tmp_path):
    _fake_run(tmp_path / "b", "model-b", "0.1", ["aaaa", "aaaa", "cccc"])
    out = chipbench_cmd("report", str(tmp_path / "b"))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "scored different versions of the suite's task data" in " ".join(out.stdout.split())
    assert "content hashes aaaa, cccc" in (tmp_path / "b" / "report.md").read_text()
