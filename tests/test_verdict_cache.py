"""The verdict cache's key: what decides a verdict, and nothing looked up across it."""

from chipbench.runner import resolve_suites
from chipbench.verdict_cache import code_digest, verdict_key


def _key(task, **change):
    args = dict(files={"design.toml": "x = 1\n"}, evaluator_name="hls", settings={}, versions={},
                environment="local", public=False)
    args.update(change)
    return verdict_key(task, **args)


def test_a_suite_variant_is_part_of_the_key():
    """A variant changes a task in memory, not its folder: `hls:pragma+measured` was answered
    with the plain variant's stored pass for an unmeasured point it must fail."""
    (plain,) = resolve_suites(["hls"])
    (measured,) = resolve_suites(["hls:pragma+measured"])
    a = plain.load(["gemm-p-v20"])[0]
    b = measured.load(["gemm-p-v20"])[0]
    assert a.digest == b.digest and a.eval != b.eval
    assert _key(a) != _key(b)
    assert _key(a) == _key(a.model_copy())


def test_chipbench_code_is_part_of_the_key(monkeypatch):
    """A judge fixed since a verdict was stored must judge again."""
    import chipbench.verdict_cache as cache

    (task,) = resolve_suites(["hls"])[0].load(["gemm-p-v20"])
    before = _key(task)
    assert code_digest() == code_digest()
    monkeypatch.setattr(cache, "code_digest", lambda: "0" * 16)
    assert _key(task) != before


def test_a_failed_version_probe_is_asked_again_and_keeps_its_verdict_out_of_the_cache(tmp_path, monkeypatch):
    """A tool's version probe that times out (a machine at load 290) was remembered as
    `unknown` for the process's life: that worker's verdict keys then named another toolchain
    and its cached requests missed the cache. Now the failure is not remembered, and a
    verdict judged meanwhile is neither looked up nor stored."""
    import asyncio
    import subprocess

    from chipbench import api
    from chipbench.evaluators import _base
    from chipbench.runner import evaluate_in_sandbox

    real_run = subprocess.run

    def slow(*args, **kwargs):
        raise subprocess.TimeoutExpired(args[0], kwargs.get("timeout"))

    monkeypatch.delitem(_base._versions, "sh", raising=False)
    monkeypatch.setattr(_base.subprocess, "run", slow)
    assert _base.tool_version("sh") == _base.PROBE_FAILED
    monkeypatch.setattr(_base.subprocess, "run", real_run)
    assert _base.tool_version("sh") not in (_base.PROBE_FAILED, "missing"), "the failed probe was remembered"

    monkeypatch.setenv("CHIPBENCH_PRIVATE_CACHE", str(tmp_path / "private"))
    task, evaluator, hide = api.resolve("isa-transpile/sat_add_i32-O2-riscv64")
    known = evaluator.versions()

    def judge_twice(versions: dict[str, str]):
        monkeypatch.setattr(evaluator, "versions", lambda: versions)
        candidate = api.evaluation(task.id, task.reference).candidate
        return [asyncio.run(evaluate_in_sandbox(evaluator, task, candidate, "local", list(hide))) for _ in range(2)]

    unknown = judge_twice({**known, next(iter(known)): _base.PROBE_FAILED})
    assert [v.status.value for v in unknown] == ["pass", "pass"]
    assert not any(v.cached for v in unknown), "a verdict keyed without its toolchain was looked up"
    assert not (tmp_path / "private" / "verdicts").exists() or not any((tmp_path / "private" / "verdicts").rglob("*.json"))
    named = judge_twice(known)
    assert [v.cached for v in named] == [False, True]
