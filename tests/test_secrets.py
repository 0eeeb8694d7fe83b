"""Secrets (API keys, tokens, variables the user marks) never reach a sandbox's environment,
a record, a manifest, a log or a report: tested with canary values through real runs."""

from __future__ import annotations

import asyncio
import json
import uuid

import pytest

from chipbench import secrets
from chipbench.core import Candidate, Message, Trajectory, Verdict, Status
from chipbench.leaderboards.store import RunStore
from conftest import chipbench_cmd, requires_iverilog
from docker_support import docker_skip_reason
from plugin_fixture import install_plugin
from test_store_and_resume import record


def canary() -> str:
    return f"canary-{uuid.uuid4().hex}"


@pytest.mark.parametrize("name", ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "HF_TOKEN",
                                  "GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "AZURE_OPENAI_API_KEY",
                                  "DB_PASSWORD", "together_api_key", "GH_PAT"])
def test_usual_secret_names_are_secrets(name):
    assert secrets.is_secret(name)


@pytest.mark.parametrize("name", ["PATH", "HOME", "LANG", "TMPDIR", "OMP_NUM_THREADS", "CHIPBENCH_CACHE",
                                  "CHIPBENCH_SECRET_ENV", "MALLOC_MMAP_MAX_", "TOKENIZERS_PARALLELISM"])
def test_ordinary_names_are_not(name):
    assert not secrets.is_secret(name)


def test_a_marked_variable_is_a_secret_and_a_bad_name_is_refused(monkeypatch):
    monkeypatch.setenv(secrets.USER_ENV, "")
    assert not secrets.is_secret("DEPLOY_PASSPHRASE_X")
    secrets.mark(["DEPLOY_PASSPHRASE_X"])
    assert secrets.is_secret("DEPLOY_PASSPHRASE_X")
    from chipbench.core import ChipbenchError

    with pytest.raises(ChipbenchError, match="not an environment variable name"):
        secrets.mark(["NOT A NAME"])


def test_redaction_replaces_values_also_inside_json_strings(monkeypatch):
    value = 'sk-"quoted\\back' + canary()
    monkeypatch.setenv("SOME_API_KEY", value)
    text = json.dumps({"logs": f"key={value}"})
    assert value not in secrets.redact(text) and json.dumps(value)[1:-1] not in secrets.redact(text)
    assert "[secret SOME_API_KEY]" in secrets.redact(text)
    json.loads(secrets.redact(text))  # still valid JSON


def test_records_and_manifest_never_hold_a_secret_value(tmp_path, monkeypatch):
    value = canary()
    monkeypatch.setenv("OPENAI_API_KEY", value)
    rec = record().model_copy(update={
        "verdict": Verdict(status=Status.FAIL, logs=f"env: OPENAI_API_KEY={value}", reason=value),
        "candidate": Candidate(files={"x.v": value}, trajectory=Trajectory(messages=[Message(role="assistant", content=value)])),
    })
    with RunStore(tmp_path) as store:
        store.write_manifest({"note": value})
        store.append(rec)
    for path in tmp_path.iterdir():
        assert value.encode() not in path.read_bytes(), path


@pytest.mark.parametrize("backend", ["local", pytest.param("docker", marks=pytest.mark.docker)])
def test_a_sandbox_never_sees_secrets_in_its_environment(backend, monkeypatch):
    """Not from the harness's environment, not when an evaluator passes them on by mistake."""
    if backend == "docker" and (reason := docker_skip_reason("verilog")):
        pytest.skip(reason)
    from chipbench.registry import sandboxes

    key, marked_value = canary(), canary()
    monkeypatch.setenv("ANTHROPIC_API_KEY", key)
    monkeypatch.setenv("MY_DEPLOY_PHRASE", marked_value)
    monkeypatch.setenv(secrets.USER_ENV, "")
    secrets.mark(["MY_DEPLOY_PHRASE"])

    async def probe() -> str:
        async with sandboxes.get(backend)(hide=[], toolchain="verilog") as box:
            result = await box.exec(["sh", "-c", "env; cat /proc/*/environ 2>/dev/null | tr '\\0' '\\n'"],
                                    env={"ANTHROPIC_API_KEY": key, "MY_DEPLOY_PHRASE": marked_value, "VISIBLE": "yes"})
            return result.output

    output = asyncio.run(probe())
    assert "VISIBLE=yes" in output  # the probe really printed its environment
    assert key not in output and marked_value not in output


@requires_iverilog
@pytest.mark.parametrize("backend", ["local", pytest.param("docker", marks=pytest.mark.docker)])
def test_a_real_run_keeps_secrets_out_of_every_file_it_writes(tmp_path, backend):
    """The model echoes an API key and a user-marked secret (as a prompt injection could make
    it do); neither value is in the records, the manifest, the index or the report. Without
    `--secret-env`, the marked one would be: the check can fail."""
    if backend == "docker" and (reason := docker_skip_reason("verilog")):
        pytest.skip(reason)
    _, env = install_plugin(tmp_path, n_tasks=1)
    key, phrase = canary(), canary()
    reference = "module inv(input [3:0] a, output [3:0] y);\n  assign y = ~a; // " + key + " " + phrase + "\nendmodule\n"
    replies = tmp_path / "replies.jsonl"
    replies.write_text(json.dumps({"task": "*", "reply": f"```verilog file=inv.v\n{reference}```\n"}) + "\n")
    env = {**env, "OPENAI_API_KEY": key, "MY_DEPLOY_PHRASE": phrase}

    def run(run_dir, *extra):
        out = chipbench_cmd("run", "--suite", "toy", "--model", f"replay:{replies}", "--run-dir", str(run_dir),
                            "--sandbox", backend, "--no-cache", *extra, env=env)
        assert out.returncode == 0, out.stdout + out.stderr
        assert key not in out.stdout + out.stderr
        files = {p.name: p.read_bytes() for p in run_dir.rglob("*") if p.is_file()}
        assert {"records.jsonl", "manifest.json", "report.md"} <= set(files)
        return files

    protected = run(tmp_path / "protected", "--secret-env", "MY_DEPLOY_PHRASE")
    for name, data in protected.items():
        assert key.encode() not in data and phrase.encode() not in data, name
    assert b"[secret OPENAI_API_KEY]" in protected["records.jsonl"]
    assert b"[secret MY_DEPLOY_PHRASE]" in protected["records.jsonl"]
    unmarked = run(tmp_path / "unmarked")
    assert phrase.encode() in unmarked["records.jsonl"]
    assert key.encode() not in unmarked["records.jsonl"]
