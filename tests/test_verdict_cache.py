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
