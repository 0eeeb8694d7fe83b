#!/usr/bin/env python3
"""Development check for the cuda-kernels task folders (a task author's aid, not the gate).

For every task (or those named) it builds hidden/reference/kernel.cpp and each
hidden/wrong/*/kernel.cpp as a torch extension called `kernel_ext`, then runs the candidate's
`ModelNew` against the task's `Model` on the main shape and every [[alt]] of hidden/shapes.toml,
with two fresh seeds each, and compares with torch.allclose. It requires that the reference
passes and that every plain wrong candidate fails; `cheat_*` candidates are reported but not
required to fail here, since catching them is the harness's anti-cheat job, not allclose's.
hidden/triton/model_new.py, where present, runs under TRITON_INTERPRET=1 on the CPU.

Each candidate runs in its own Python process, so a kernel that crashes (an out-of-bounds write
is a realistic bug) fails that candidate only. Builds are cached by a hash of the source, the
flags and the torch version, so a rerun does not recompile.

    .kvenv/bin/python scripts/check_kernel_tasks.py [TASK ...] [--no-triton] [--jobs 2]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
import threading
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

TASKS_ROOT = Path(__file__).resolve().parent.parent / "chipbench" / "tasks" / "cuda-kernels"
BUILD_ROOT = Path(os.environ.get("KERNEL_BUILD_CACHE", "/tmp/chipbench-kernel-builds"))
CFLAGS = ["-O3", "-fopenmp"]
LDFLAGS = ["-fopenmp"]
SEEDS = (1234, 98765)
DEFAULT_TOL = {"float32": (1e-4, 1e-4)}
TIMED_CALLS = 7


# ---------------------------------------------------------------- building (parent process)

def build_dir_for(source: Path) -> Path:
    """A build folder named by what determines the binary: source, flags and torch version."""
    import torch

    key = hashlib.sha256()
    key.update(source.read_bytes())
    key.update(repr((CFLAGS, LDFLAGS, torch.__version__)).encode())
    return BUILD_ROOT / key.hexdigest()[:20]


_builds_in_flight: dict[Path, object] = {}
_builds_lock = threading.Lock()


def build(source: Path) -> tuple[Path, float, str | None]:
    """Compile one kernel.cpp in a child process; return (build dir, seconds, error or None).

    Identical sources (a cheat that ships the reference kernel) share one build folder; the
    second request waits for the first instead of racing it for torch's lock file.
    """
    out = build_dir_for(source)
    with _builds_lock:
        pending = _builds_in_flight.get(out)
        if pending is None:
            pending = _builds_in_flight[out] = threading.Event()
            owner = True
        else:
            owner = False
    if not owner:
        pending.wait()
        ok = (out / "kernel_ext.so").exists()
        return out, 0.0, None if ok else "build failed (see the first candidate with this source)"
    try:
        return _build_uncached(source, out)
    finally:
        pending.set()


def _build_uncached(source: Path, out: Path) -> tuple[Path, float, str | None]:
    out.mkdir(parents=True, exist_ok=True)
    if (out / "kernel_ext.so").exists():
        return out, 0.0, None
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, __file__, "--build-one", str(source), str(out)],
        capture_output=True, text=True,
    )
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        return out, seconds, (proc.stdout + proc.stderr)[-3000:]
    return out, seconds, None


def _build_one(source: Path, out: Path) -> None:
    from torch.utils.cpp_extension import load

    load(name="kernel_ext", sources=[str(source)], extra_cflags=CFLAGS,
         extra_ldflags=LDFLAGS, build_directory=str(out), verbose=False)


# ---------------------------------------------------------------- checking (child process)

def _import_file(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _as_tuple(value):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _compare(expected, got, atol: float, rtol: float) -> str | None:
    """None when `got` matches `expected`, else a one-line reason."""
    import torch

    expected, got = _as_tuple(expected), _as_tuple(got)
    if len(expected) != len(got):
        return f"returned {len(got)} outputs, expected {len(expected)}"
    for i, (e, g) in enumerate(zip(expected, got)):
        if not isinstance(g, torch.Tensor):
            return f"output {i} is {type(g).__name__}, not a tensor"
        if g.shape != e.shape:
            return f"output {i} shape {tuple(g.shape)} != {tuple(e.shape)}"
        if g.dtype != e.dtype:
            return f"output {i} dtype {g.dtype} != {e.dtype}"
        if e.is_floating_point():
            if not torch.isfinite(g).all():
                return f"output {i} has NaN/Inf"
            if not torch.allclose(g, e, atol=atol, rtol=rtol):
                worst = (g - e).abs().max().item()
                return f"output {i} mismatch (max abs err {worst:.3g})"
        elif not torch.equal(g, e):
            return f"output {i} differs ({(g != e).sum().item()} elements)"
    return None


def _shape_sets(task: Path, triton: bool) -> list[dict]:
    shapes = tomllib.loads((task / "hidden" / "shapes.toml").read_text())
    if triton and shapes.get("triton"):
        return shapes["triton"]
    return [{}] + list(shapes.get("alt", []))


def _check_one(task: Path, candidate: Path, build: str | None, timed: bool, triton: bool) -> dict:
    import torch

    torch.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", "2")))
    spec = tomllib.loads((task / "task.toml").read_text())
    dtype = spec.get("eval", {}).get("dtype", "float32")
    atol_default, rtol_default = DEFAULT_TOL[dtype]
    atol = spec.get("eval", {}).get("atol", atol_default)
    rtol = spec.get("eval", {}).get("rtol", rtol_default)

    if build is not None:
        sys.path.insert(0, build)
        _import_file("kernel_ext", Path(build) / "kernel_ext.so")
    ref = _import_file("task_model", task / "workspace" / "model.py")
    cand = _import_file("candidate_model_new", candidate / "model_new.py")
    defaults = {k: getattr(ref, k) for k in dir(ref) if k.isupper()}

    result = {"ok": True, "reason": None, "speedup": None}
    for overrides in _shape_sets(task, triton):
        for k, v in {**defaults, **overrides}.items():
            setattr(ref, k, v)
        for seed in SEEDS:
            torch.manual_seed(seed)
            model = ref.Model(*ref.get_init_inputs())
            torch.manual_seed(seed)
            new = cand.ModelNew(*ref.get_init_inputs())
            torch.manual_seed(seed + 1)
            inputs = ref.get_inputs()
            with torch.no_grad():
                expected = model(*[x.clone() if isinstance(x, torch.Tensor) else x
                                   for x in inputs])
                try:
                    got = new(*inputs)
                except Exception as exc:  # a wrong candidate may raise; that is a failure
                    result.update(ok=False, reason=f"raised {type(exc).__name__}: {exc}"[:300])
                    return result
            reason = _compare(expected, got, atol, rtol)
            if reason is not None:
                shape = overrides or "main"
                result.update(ok=False, reason=f"{reason} at {shape}, seed {seed}")
                return result

    if timed:
        for k, v in defaults.items():
            setattr(ref, k, v)
        torch.manual_seed(0)
        model = ref.Model(*ref.get_init_inputs())
        torch.manual_seed(0)
        new = cand.ModelNew(*ref.get_init_inputs())
        inputs = ref.get_inputs()
        result["ref_ms"] = _median_ms(model, inputs)
        result["new_ms"] = _median_ms(new, inputs)
        result["speedup"] = result["ref_ms"] / result["new_ms"]
    return result


def _median_ms(fn, inputs) -> float:
    import torch

    with torch.no_grad():
        fn(*inputs)
        times = []
        for _ in range(TIMED_CALLS):
            start = time.perf_counter()
            fn(*inputs)
            times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


# ---------------------------------------------------------------- driver

def run_candidate(task: Path, candidate: Path, build: Path | None, timed: bool,
                  triton: bool) -> dict:
    env = dict(os.environ, OMP_NUM_THREADS="2")
    if triton:
        env["TRITON_INTERPRET"] = "1"
    cmd = [sys.executable, __file__, "--check-one", str(task), str(candidate),
           str(build) if build else "-"]
    cmd += ["--timed"] if timed else []
    cmd += ["--triton"] if triton else []
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr.strip().splitlines() or ["?"])[-1]
        return {"ok": False, "reason": f"process exit {proc.returncode}: {tail}"[:300]}
    return json.loads(lines[-1][len("RESULT "):])


def check_task(task: Path, triton: bool, pool: ThreadPoolExecutor) -> dict:
    """Build every kernel.cpp of one task, then run reference, wrongs and Triton reference."""
    hidden = task / "hidden"
    candidates = [("reference", hidden / "reference")]
    candidates += [(f"wrong/{p.name}", p) for p in sorted((hidden / "wrong").iterdir())
                   if p.is_dir()] if (hidden / "wrong").is_dir() else []
    builds = {label: pool.submit(build, path / "kernel.cpp") for label, path in candidates}
    report = {"task": task.name, "candidates": {}, "compile_s": {}}
    for label, path in candidates:
        out, seconds, error = builds[label].result()
        report["compile_s"][label] = round(seconds, 1)
        if error is not None:
            report["candidates"][label] = {"ok": False, "reason": "build failed: " +
                                           error.strip().splitlines()[-1][:200]}
            if label == "reference":
                report["build_error"] = error
            continue
        report["candidates"][label] = run_candidate(task, path, out, label == "reference",
                                                    False)
    if triton and (hidden / "triton" / "model_new.py").is_file():
        start = time.perf_counter()
        report["candidates"]["triton"] = run_candidate(task, hidden / "triton", None, False,
                                                       True)
        report["triton_s"] = round(time.perf_counter() - start, 1)
    return report


def verdict_lines(report: dict) -> tuple[list[str], list[str]]:
    """Human lines for one task, and the problems (reference failing, wrong passing)."""
    lines, problems = [], []
    for label, res in report["candidates"].items():
        must_pass = label in ("reference", "triton")
        is_cheat = label.startswith("wrong/cheat_")
        if must_pass and not res["ok"]:
            problems.append(f"{report['task']}: {label} FAILS: {res['reason']}")
        elif label.startswith("wrong/") and not is_cheat and res["ok"]:
            problems.append(f"{report['task']}: {label} PASSES but must fail")
        status = "pass" if res["ok"] else "fail"
        extra = f"  speedup {res['speedup']:.2f}x ({res['ref_ms']:.2f} ms eager / " \
                f"{res['new_ms']:.2f} ms kernel)" if res.get("speedup") else ""
        why = f"  [{res['reason']}]" if not res["ok"] else ""
        lines.append(f"  {label:<28} {status}{extra}{why}")
    return lines, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tasks", nargs="*", help="task folder names (default: all)")
    parser.add_argument("--no-triton", action="store_true")
    parser.add_argument("--jobs", type=int, default=2, help="concurrent compiles (max 2 here)")
    parser.add_argument("--json", type=Path, help="write the full report here")
    parser.add_argument("--keep-locks", action="store_true",
                        help="leave build locks alone (another run of this script is building)")
    args = parser.parse_args()

    # A lock file left by an interrupted run would make torch wait for a build that never ends;
    # only this script builds here, and one run at a time, so any lock left now is stale.
    for stale in [] if args.keep_locks else BUILD_ROOT.glob("*/lock"):
        stale.unlink()
    names = args.tasks or sorted(p.name for p in TASKS_ROOT.iterdir()
                                 if (p / "task.toml").is_file())
    all_problems, reports = [], []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool, \
            ThreadPoolExecutor(max_workers=args.jobs) as task_pool:
        futures = [task_pool.submit(check_task, TASKS_ROOT / n, not args.no_triton, pool)
                   for n in names]
        for fut in futures:
            report = fut.result()
            reports.append(report)
            lines, problems = verdict_lines(report)
            compile_s = report["compile_s"].get("reference", 0)
            print(f"{report['task']}  (reference compile {compile_s:.0f}s)", flush=True)
            print("\n".join(lines), flush=True)
            all_problems += problems
    wrongs = sum(1 for r in reports for k in r["candidates"] if k.startswith("wrong/"))
    caught = sum(1 for r in reports for k, v in r["candidates"].items()
                 if k.startswith("wrong/") and not v["ok"])
    tritons = [r for r in reports if "triton" in r["candidates"]]
    print(f"\nSUMMARY: {len(reports)} tasks; references passing "
          f"{sum(r['candidates']['reference']['ok'] for r in reports)}/{len(reports)}; "
          f"wrong/cheat candidates failing {caught}/{wrongs}; Triton references passing "
          f"{sum(r['candidates']['triton']['ok'] for r in tritons)}/{len(tritons)}")
    if args.json:
        args.json.write_text(json.dumps(reports, indent=1))
    for p in all_problems:
        print("PROBLEM:", p)
    return 1 if all_problems else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--build-one":
        _build_one(Path(sys.argv[2]), Path(sys.argv[3]))
    elif len(sys.argv) > 1 and sys.argv[1] == "--check-one":
        task, cand, bdir = Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]
        res = _check_one(task, cand, None if bdir == "-" else bdir,
                         "--timed" in sys.argv, "--triton" in sys.argv)
        print("RESULT " + json.dumps(res), flush=True)
    else:
        sys.exit(main())
