"""The cuda-kernels evaluator: policy, build, reference run, candidate run, comparison, timing.

Process layout and where each judgement is made: docs/kernel-judge.md. In short, one sandbox
per candidate:
0. here, before anything runs: what the candidate's code can reach (_policy.py: model_new.py's
   imports, names and attributes; after the build, the extension's undefined symbols);
1. the backend builds what the candidate submitted; no hidden data is in the sandbox yet;
2. judge.py runs the public reference `Model` on every (shape, trial) with seeds drawn fresh
   for this evaluation and saves its outputs, and the same model's in float64 on the same
   inputs (the accuracy check's truth); no candidate code is imported; the harness reads
   them back and the next step deletes them before Python starts;
3. supervisor.py (trusted, no torch, non-dumpable) starts a baseline worker that never imports
   candidate code, then a candidate worker that imports model_new.py, saves its outputs for the
   same inputs, and serves timed windows of calls. The supervisor times every window from
   outside both workers (its own clock, and each worker's process CPU clock), gives every call
   fresh inputs, stops the candidate's process while a baseline runs, and keeps outputs of
   timed calls chosen after the calls; the baseline computes their reference outputs.

Correctness (trials and the kept timed calls: elementwise against the reference; the trials
also against the float64 run, see _compare.accuracy) is decided here, outside the sandbox, from
files whose hashes the supervisor's nonce-carrying result vouches for. Whatever goes wrong
once candidate code has run is the candidate's verdict, never a harness error.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import secrets
import statistics
from collections.abc import Sequence
from pathlib import Path
from importlib.resources import files as package_files

from pydantic import ValidationError, field_validator

from chipbench.evaluators.hostile import generic_cases
from chipbench.evaluators.kernels._hostile import KernelTemplate
from chipbench.core import Check, Perf, Status, Task, Verdict
from chipbench.evaluators._base import Evaluator, HostileCase, Proof, Requirement, Resources, clip, python_requirement
from chipbench.evaluators.kernels._compare import accuracy, compare, constant_would_pass
from chipbench.evaluators.kernels._cores import leased_cores
from chipbench.evaluators.kernels._policy import Violation, check_python
from chipbench.evaluators.kernels._spec import ACCURACY_FACTOR, KernelSpec
from chipbench.evaluators.kernels.backends import KernelBackend, Prepared, backend_for
from chipbench.options import PluginOptions, from_env
from chipbench.sandbox import ExecResult, Limits, Sandbox, SandboxError

JUDGE_DIR = "_judge"
WORKER_FILES = ("judge.py", "guard.py", "ops.py", "audit.py", "supervisor.py", "wide.py")
CHEATS = {"forbidden_op", "aliases_input", "output_reused", "lazy_output", "monkeypatch", "tensor_subclass",
          "timing_inconsistent", "forbidden_import", "forbidden_name", "forbidden_symbol", "forbidden_call",
          "extra_threads", "affinity_changed", "side_process", "not_stopped", "timed_output_wrong", "protocol"}
SHAPE_CATEGORIES = {"wrong_shape", "wrong_count", "wrong_type", "wrong_dtype", "wrong_device"}

def flush_bytes() -> int:
    """Twice the largest CPU cache (sysfs), so writing that much between timed calls leaves
    neither the inputs nor the weights of the previous call cached; 64 MiB if unknown."""
    sizes = []
    for f in Path("/sys/devices/system/cpu/cpu0/cache").glob("index*/size"):
        text = f.read_text().strip().upper()
        scale = {"K": 1 << 10, "M": 1 << 20}.get(text[-1:], 1)
        digits = text.rstrip("KM")
        if digits.isdigit():
            sizes.append(int(digits) * scale)
    return 2 * max(sizes) if sizes else 64 << 20

# glibc's allocator, pinned for the judge: large blocks from the heap (never mmap) and the heap
# never trimmed, so memory a call frees is what the next call gets. By default both depend on
# the heap's history (the mmap threshold adapts as blocks are freed), and a call whose output
# lands in fresh pages pays a page fault per 4 KiB: 3.5 ms on top of the 1 ms an 8 MB row
# softmax takes, on some calls and not others, which made the eager baseline's median jump
# between runs. With these settings only the first calls fault, and warm-up absorbs them.
ALLOCATOR_ENV = {"MALLOC_MMAP_MAX_": "0", "MALLOC_TRIM_THRESHOLD_": str(1 << 40)}


def _worker_sources() -> dict[str, str]:
    root = package_files("chipbench.evaluators.kernels") / "worker"
    return {f"{JUDGE_DIR}/{name}": (root / name).read_text() for name in WORKER_FILES}


def _load_tensors(data: bytes) -> list:
    import torch

    return torch.load(io.BytesIO(data), weights_only=True)


def _raw_tensors(data: bytes, layout: list[dict]) -> list:
    """Tensors from bytes the supervisor read out of the candidate's memory, by their layout."""
    import torch

    out, offset = [], 0
    for meta in layout:
        dtype = getattr(torch, str(meta["dtype"]))
        size = int(meta["bytes"])
        chunk = bytearray(data[offset:offset + size])
        offset += size
        flat = torch.frombuffer(chunk, dtype=dtype) if size else torch.empty(0, dtype=dtype)
        out.append(flat.as_strided([int(v) for v in meta["shape"]], [int(v) for v in meta["strides"]]).clone())
    return out


class KernelEvaluator(Evaluator):
    name = "cuda-kernels"
    tools = {"g++": "--version"}

    class Options(PluginOptions):
        threads: int = from_env(
            "CHIPBENCH_KERNEL_THREADS", "1",
            "Threads for reference and candidate alike (OMP_NUM_THREADS, torch's intra-op pool); "
            "1 keeps timings stable on a loaded machine, more measures multi-threaded kernels.")

        @field_validator("threads")
        @classmethod
        def _positive(cls, n: int) -> int:
            if n < 1:
                raise ValueError("threads must be at least 1")
            return n

    def __init__(self, source_policy: bool = True, threads: int | None = None) -> None:
        """`source_policy=False` skips the check of model_new.py's source, so tests can show
        that the defences behind it (supervisor timing, audit hook, sampled outputs) hold on
        their own (a test switch, not a run option)."""
        self.source_policy = source_policy
        try:
            self.options = self.Options(**({} if threads is None else {"threads": threads}))
        except ValidationError as exc:
            raise ValueError(str(exc)) from None

    def settings(self) -> dict[str, object]:
        """The source policy changes verdicts: without it here, the verdict cache handed a
        candidate judged with the policy off the verdict it got with the policy on. Threads
        change speedups (and what a multi-threaded candidate may do)."""
        return {"source_policy": self.source_policy, "threads": self.options.threads}

    def hostile_cases(self, task: Task) -> list[HostileCase]:
        return generic_cases(task, KernelTemplate(task))

    def proofs(self, task: Task) -> list[Proof]:
        """For a task without a reference solution (an external problem): its `Model` runs and
        gives the same outputs twice on the same seeds, so judging a candidate against it means
        something. (Tasks with a reference prove that by the reference passing.)"""
        if task.has_reference:
            return []
        return [Proof("reference_deterministic", True, lambda sandbox: self._deterministic(task, sandbox))]

    async def _deterministic(self, task: Task, sandbox: Sandbox) -> Verdict:
        backend = backend_for(task)
        spec = KernelSpec.of(task, backend.shape_table)
        await sandbox.write_files({**_worker_sources(), "model.py": task.workspace["model.py"]})
        env, base = self._judge_setting(spec, spec.shapes, backend, {})
        outputs = []
        for side in ("a", "b"):
            config = {**base, "mode": "reference", "nonce": secrets.token_hex(16), "out_dir": f"ref_{side}",
                      "timing": {"enabled": False}}
            run, result = await self._run(sandbox, spec, env, config)
            if result is None or result.get("status") != "ok":
                return Verdict(status=Status.FAIL, category="runtime_error",
                               reason="the reference model failed to run", logs=clip(run.output))
            outputs.append([await self._tensors(sandbox, f"ref_{side}/case_{key}.pt")
                            for key in self._cases(spec.shapes, spec)])
        import torch

        for key, (a, b) in zip(self._cases(spec.shapes, spec), zip(*outputs)):
            if len(a) != len(b) or not all(torch.equal(x.nan_to_num(), y.nan_to_num()) for x, y in zip(a, b)):
                return Verdict(status=Status.FAIL, category="mismatch",
                               reason=f"case {key}: two runs of the reference model on the same seeds differ "
                                      "(unseeded randomness or a nondeterministic op): no candidate can be judged")
        return Verdict(status=Status.PASS, reason=f"the reference model gives identical outputs on the same seeds "
                                                   f"({len(outputs[0])} cases)")

    def hostile_not_applicable(self, task: Task) -> dict[str, str]:
        return dict(KernelTemplate.not_applicable)

    async def score(self, task: Task, files: dict[str, str], sandbox: Sandbox) -> Verdict:
        return await self._judge(task, files, sandbox, hidden_shapes=True)

    async def feedback(self, task, candidate, sandbox) -> Verdict:
        """What an agent may see: the same checks on the public main shape only, so the hidden
        alternate shapes never steer it."""
        missing = [f for f in task.submit if f not in candidate.files]
        if candidate.error or missing:
            return await self.evaluate(task, candidate, sandbox)
        return await self._judge(task, {f: candidate.files[f] for f in task.submit}, sandbox, hidden_shapes=False)

    def resources(self, task: Task) -> Resources:
        """One GPU for the backends timed on one: timings share no device with another run."""
        return Resources(gpus=1.0 if backend_for(task).wants_gpu else 0.0)

    def toolchain(self, task: Task) -> str:
        """The backend's own image where it has one (cuda: CUDA torch and nvcc), else the suite's."""
        return backend_for(task).docker_toolchain or self.name

    def requirements(self, variant: str | None = None) -> list[Requirement]:
        """g++ and the pinned torch for every backend, then what the backend itself needs."""
        from chipbench.evaluators.kernels.backends import kernel_backends

        backend = kernel_backends.get(variant or "cpu")()
        return [*super().requirements(variant), python_requirement("torch", "pip install 'chipbench[kernels]'"),
                *backend.requirements()]

    def versions(self) -> dict[str, str]:
        out = super().versions()
        try:
            import torch

            out["torch"] = torch.__version__
        except ImportError:
            out["torch"] = "missing"
        try:
            import triton

            out["triton"] = triton.__version__
        except ImportError:
            out["triton"] = "missing"
        return out

    async def _judge(self, task: Task, files: dict[str, str], sandbox: Sandbox, hidden_shapes: bool) -> Verdict:
        backend = backend_for(task)
        spec = KernelSpec.of(task, backend.shape_table)
        shapes = spec.shapes if hidden_shapes else spec.shapes[:1]
        if self.source_policy and "model_new.py" in files:
            if violation := check_python(files["model_new.py"]):
                return rejected(violation)
        await backend.setup(sandbox)  # before any candidate file is in the sandbox
        await sandbox.write_files({**_worker_sources(), "model.py": task.workspace["model.py"], **files})

        prepared = await backend.prepare(files, sandbox)
        if isinstance(prepared, Violation):
            return rejected(prepared)
        if isinstance(prepared, Verdict):
            return prepared
        verdict = await self._judge_built(sandbox, spec, shapes, backend, prepared)
        verdict.checks = [*prepared.checks, *verdict.checks]
        return verdict

    def _judge_setting(self, spec: KernelSpec, shapes: list[dict], backend: KernelBackend,
                       extra_env: dict[str, str]) -> tuple[dict[str, str], dict]:
        """The environment and the config shared by every judge.py run of one evaluation: model
        and input seeds drawn afresh here (no candidate can know them in advance), and the
        thread count set on every library's own knob."""
        draw = secrets.SystemRandom()
        seeds = {"model_seeds": [draw.randrange(1, 2**31) for _ in shapes],
                 "input_seeds": [[draw.randrange(1, 2**31) for _ in range(spec.trials)] for _ in shapes]}
        n = self.options.threads
        env = {"OMP_NUM_THREADS": str(n), "OMP_THREAD_LIMIT": str(n), "MKL_NUM_THREADS": str(n), **ALLOCATOR_ENV,
               **extra_env}
        return env, {"shapes": shapes, "device": backend.device, "threads": n, "extension_dir": ".", **seeds}

    async def _judge_built(self, sandbox: Sandbox, spec: KernelSpec, shapes: list[dict],
                           backend: KernelBackend, prepared: Prepared) -> Verdict:
        """Steps 2 and 3, once the backend has built what the candidate needs."""
        env, base = self._judge_setting(spec, shapes, backend, prepared.env)
        n = self.options.threads

        # Step 2: reference outputs, no candidate code imported.
        nonce = secrets.token_hex(16)
        ref_run, ref_result = await self._run(sandbox, spec, env, {**base, "mode": "reference", "nonce": nonce,
                                                                   "out_dir": "ref", "truth": True,
                                                                   "timing": {"enabled": False}})
        if ref_result is None or ref_result.get("status") != "ok":
            return Verdict(status=Status.HARNESS_ERROR, reason="the reference model failed to run in the judge",
                           logs=clip(ref_run.output + json.dumps(ref_result)))
        try:
            reference = {key: await self._tensors(sandbox, f"ref/case_{key}.pt") for key in self._cases(shapes, spec)}
            truth_error = ref_result.get("truth_error")
            truth = {} if truth_error else {key: await self._tensors(sandbox, f"ref/truth_{key}.pt")
                                            for key in self._cases(shapes, spec)}
        except (OSError, SandboxError) as exc:
            return Verdict(status=Status.HARNESS_ERROR, reason=f"reference outputs missing: {exc}", logs=clip(ref_run.output))
        # Alternates may be degenerate on purpose (a length-1 softmax is all ones); the main shape may not.
        main = [k for k in reference if k.startswith("0_")]
        weak = [k for k in main if await asyncio.to_thread(constant_would_pass, reference[k], spec.atol, spec.rtol)]
        if weak:
            return Verdict(status=Status.HARNESS_ERROR, reason=f"task defect: a constant answer would pass the main "
                                                               f"shape (case {weak[0]}): inputs or shapes too weak "
                                                               "to tell a kernel from a constant")

        # Step 3: the supervisor and its two workers, after the reference outputs are gone.
        timing_reason = backend.timing_unavailable()
        timing = {"enabled": timing_reason is None, "warmup": 3, "warmup_s": spec.warmup_s,
                  "min_calls": spec.min_calls, "max_calls": spec.max_calls, "budget_s": spec.time_budget_s,
                  "window_ns": spec.window_ns, "max_window": spec.max_window, "flush_bytes": flush_bytes(),
                  "compile": spec.compile_baseline}
        nonce = secrets.token_hex(16)
        async with leased_cores(n) as cores:
            run, result = await self._run(sandbox, spec, env, {**base, "mode": "candidate", "nonce": nonce,
                                                               "out_dir": "cand", "timing": timing, "cores": cores,
                                                               "truth": not truth_error},
                                          clear=["ref"], script="supervisor.py")
        pinned = f"workers pinned to cores {result['cores']}\n" if isinstance(result, dict) and "cores" in result else ""
        logs = clip(f"{prepared.note}\n{pinned}{run.output}")
        if run.timed_out:
            reason = f"the judge ran past its {spec.timeout_s:g} s limit (build excluded)"
            return Verdict(status=Status.TIMEOUT, category="timeout", reason=reason, feedback=reason, logs=logs)
        if result is None:
            reason = f"the candidate's step ended without a verdict (exit status {run.returncode})"
            return Verdict(status=Status.RUNTIME_ERROR, category="runtime_error", reason=reason, logs=logs,
                           feedback=f"{reason}:\n{clip(run.stderr, 3000)}")
        if result.get("status") == "harness_error":  # the baseline failed before candidate code ran
            return Verdict(status=Status.HARNESS_ERROR, reason=str(result.get("detail", ""))[:2000], logs=logs)
        if result.get("status") != "ok":
            return _failure(result.get("category", "runtime_error"), result.get("detail", ""), logs)

        checks = []
        for key in self._cases(shapes, spec):
            try:
                out = await self._tensors(sandbox, f"cand/case_{key}.pt")
            except (OSError, SandboxError):  # only candidate code ran since they were written
                return _failure("runtime_error", f"the outputs of case {key} are missing (removed while the "
                                                 "candidate ran)", logs)
            except Exception as exc:  # noqa: BLE001 - an unreadable file is a failure, not a crash
                return _failure("runtime_error", f"outputs for case {key} unreadable: {exc}", logs)
            i, j = key.split("_")
            where = f"{'main shape' if i == '0' else f'alternate shape {i} {shapes[int(i)]}'}, trial {j}"
            bad = await asyncio.to_thread(compare, reference[key], out, spec.atol, spec.rtol, where)
            if bad is None and key in truth:
                bad = await asyncio.to_thread(accuracy, truth[key], reference[key], out, ACCURACY_FACTOR,
                                              spec.accuracy_floor, where)
            if bad:
                category = "wrong_shape" if bad.category in SHAPE_CATEGORIES - {"wrong_dtype"} else bad.category
                checks.append(Check(name=where, passed=False, detail=bad.detail))
                return Verdict(status=Status.FAIL, category=category, reason=bad.detail, checks=checks,
                               feedback=f"incorrect: {bad.detail}", logs=logs)
            checks.append(Check(name=where, passed=True))

        perf = None
        if timing_reason is None:
            if problem := await self._timed_outputs(sandbox, result.get("samples"), spec, truth=not truth_error):
                return _failure("timed_output_wrong", problem, logs)
            perf, problem = _perf(result.get("timing") or {}, run, backend, n)
            if problem:
                return _failure("timing_inconsistent", problem, logs)
        summary = f"correct on {len(checks)} cases ({len(shapes)} shape(s) x {spec.trials} trials)"
        notes = []
        if perf:
            summary += (f"; {perf.candidate:.4g} ms vs {perf.baseline:.4g} ms eager PyTorch "
                        f"(speedup {perf.speedup:.3f}x, spread {perf.spread:.1%}")
            if "torch.compile" in perf.speedups:
                summary += f"; {perf.speedups['torch.compile']:.3f}x vs torch.compile"
            summary += f") on {perf.measured_on}"
            if error := (result.get("timing") or {}).get("compile_error"):
                notes.append(f"torch.compile baseline unavailable ({error}): timed against eager PyTorch only")
        else:
            notes.append(f"not timed: {timing_reason}")
        if truth_error:
            notes.append(f"accuracy against float64 not checked (the reference model failed in float64: {truth_error})")
        if notes:
            summary += "; " + "; ".join(notes)
        return Verdict(status=Status.PASS, checks=checks, perf=perf, feedback=summary, logs=logs,
                       reason="; ".join(notes))

    @staticmethod
    def _cases(shapes: list[dict], spec: KernelSpec) -> list[str]:
        return [f"{i}_{j}" for i in range(len(shapes)) for j in range(spec.trials)]

    @staticmethod
    async def _tensors(sandbox: Sandbox, path: str) -> list:
        return await asyncio.to_thread(_load_tensors, await sandbox.read_file(path))

    async def _timed_outputs(self, sandbox: Sandbox, samples, spec: KernelSpec, truth: bool) -> str | None:
        """The outputs of timed calls the supervisor kept (chosen after the calls) against the
        baseline's outputs for the same inputs, and with `truth` against the float64 run's as
        the trials are (else a candidate accurate only on its first calls, the trials, would be
        timed computing in lower precision); None when all match. Their hashes come with the
        nonce-carrying result, so a file changed afterwards is seen."""
        if not isinstance(samples, list) or not samples:
            return "the supervisor kept no output of a timed call"
        for k, entry in enumerate(samples):
            try:
                pair = []
                for side in ("ref", "cand", "truth") if truth else ("ref", "cand"):
                    data = await sandbox.read_file(str(entry[side]))
                    if hashlib.sha256(data).hexdigest() != entry[f"{side}_sha256"]:
                        return f"the kept output {k} was changed after the supervisor wrote it"
                    layout = entry.get("cand_layout") if side == "cand" else None
                    pair.append(await asyncio.to_thread(_raw_tensors, data, layout) if layout is not None
                                else await asyncio.to_thread(_load_tensors, data))
            except (OSError, SandboxError, KeyError, TypeError) as exc:
                return f"the kept output {k} of a timed call is missing ({exc})"
            except Exception as exc:  # noqa: BLE001 - unreadable candidate output
                return f"the kept output {k} of a timed call is unreadable ({exc})"
            if bad := await asyncio.to_thread(compare, pair[0], pair[1], spec.atol, spec.rtol, f"timed call {k}"):
                return (f"{bad.detail} (an output of a timed call, chosen after the calls, on fresh inputs: results "
                        "cached, reused or computed before the call)")
            if truth and (bad := await asyncio.to_thread(accuracy, pair[2], pair[0], pair[1], ACCURACY_FACTOR,
                                                         spec.accuracy_floor, f"timed call {k}")):
                return (f"{bad.detail} (an output of a timed call, chosen after the calls, on fresh inputs; "
                        "the trials' outputs were accurate)")
        return None

    async def _run(self, sandbox: Sandbox, spec: KernelSpec, env: dict, config: dict,
                   clear: Sequence[str] = (), script: str = "judge.py") -> tuple[ExecResult, dict | None]:
        """One judge step; its result counts only if it carries this step's nonce."""
        await sandbox.write_file(f"{JUDGE_DIR}/config.json", json.dumps(config))
        cmd = ["sh", "-c", f'rm -rf result.json _samples "$@" && exec "$0" -I _judge/{script} _judge/config.json',
               sandbox.python, *clear]
        run = await sandbox.exec(cmd, Limits(wall_s=spec.timeout_s, cpu_s=int(spec.timeout_s * 2) + 10,
                                             memory_mb=16384, max_procs=256,
                                             gpu=config["device"] != "cpu"), env=env)
        try:
            result = json.loads(await sandbox.read_file("result.json"))
        except (OSError, SandboxError, ValueError):
            return run, None
        if not isinstance(result, dict) or result.get("nonce") != config["nonce"]:
            return run, None
        return run, result


def rejected(violation: Violation) -> Verdict:
    """What the candidate's code can reach broke the policy (see _policy.py): nothing ran."""
    return _failure(violation.category, violation.detail, "")


def _failure(category: object, detail: object, logs: str) -> Verdict:
    # Both come from the judge's report, written in the sandbox where candidate code ran.
    category = category if isinstance(category, str) else "runtime_error"
    detail = detail if isinstance(detail, str) else json.dumps(detail, default=str)[:3000]
    if category in CHEATS:
        reason = f"{category}: {detail}"
        return Verdict(status=Status.REJECTED, category="cheat", reason=reason, feedback=f"rejected: {reason}",
                       checks=[Check(name=category, passed=False, detail=detail[:500])], logs=logs)
    if category in SHAPE_CATEGORIES:
        return Verdict(status=Status.FAIL, category="wrong_shape", reason=detail, feedback=detail, logs=logs)
    status = Status.COMPILE_ERROR if category == "compile_error" else Status.RUNTIME_ERROR
    label = "could not be imported" if category == "import_error" else "raised an error"
    return Verdict(status=status, category=category, reason=f"the candidate {label}",
                   feedback=f"the candidate {label}:\n{clip(detail, 3000)}", logs=logs)


OTHERS_SLACK_NS = 30_000_000  # /proc counts in 10 ms ticks: three of them beside the judge are noise


def window_ratios(baseline_ns: list[int], candidate_ns: list[int]) -> list[float]:
    """Baseline time over candidate time, per timing window (the supervisor ran each window of
    every side moments apart, in an order that rotates): each ratio compares neighbours."""
    return [b / c for b, c in zip(baseline_ns, candidate_ns)]


def _measure(timing: dict, device: str, n: int) -> tuple[dict[str, list[int]], str]:
    """Which of the supervisor's two times per window measures speed, and its name.

    On the CPU with one thread, the worker's process CPU time: it is the window's wall time
    minus the time the OS gave the core to other processes, which on a shared machine is most
    of the noise, and it penalises long calls more than short ones (a call longer than a
    scheduler slice is preempted more often), so pairing alone does not cancel it. Work moved
    to another thread of the worker still counts (and the worker is pinned to the cores it was
    given, so such a thread gains nothing). Wall time instead with several threads, on a GPU,
    or where other processes in the sandbox worked while the calls were timed (work handed to a
    child process is not in the worker's CPU time)."""
    wall, cpu = timing.get("wall_ns") or {}, timing.get("cpu_ns") or {}
    others = timing.get("others_cpu_ns")
    timed_cpu = sum(sum(ns) for ns in cpu.values())
    if device == "cpu" and n == 1 and cpu.keys() == wall.keys() and isinstance(others, int) \
            and others <= 0.01 * timed_cpu + OTHERS_SLACK_NS \
            and all(len(cpu[k]) == len(wall[k]) for k in wall):
        return cpu, "process CPU time"
    return wall, "wall time"


def _timing_well_formed(timing: object) -> bool:
    """Whether the supervisor's timing report has the types `_perf` reads (it is written in the
    sandbox: a malformed one must be refused, not crash the harness)."""
    def series(value: object) -> bool:
        return isinstance(value, dict) and all(
            isinstance(k, str) and isinstance(v, list) and all(type(x) is int for x in v) for k, v in value.items())

    if not isinstance(timing, dict):
        return False
    counts = [timing.get(k, 1) for k in ("calls", "threads")] + [timing.get("others_cpu_ns", 0)]
    return (series(timing.get("wall_ns") or {}) and series(timing.get("cpu_ns") or {})
            and all(type(c) is int for c in counts[:2]) and (counts[2] is None or type(counts[2]) is int))


def _timing_problem(times: dict[str, list[int]], calls: object) -> str | None:
    """Why the timing series cannot give a speedup, in words: each condition has its own
    message, so an intermittent refusal says which one it was."""
    cand = times.get("candidate") or []
    if not cand:
        return "no candidate windows"
    if "eager" not in times:
        return "no eager baseline windows"
    if not isinstance(calls, int) or calls < 1:
        return f"calls per window is {calls!r}"
    uneven = {name: len(ns) for name, ns in times.items() if len(ns) != len(cand)}
    if uneven:
        return f"{len(cand)} candidate windows but {uneven}"
    empty = sorted(name for name, ns in times.items() if min(ns) <= 0)
    if empty:
        return f"a window of {', '.join(empty)} measured no time"
    return None


def _perf(timing: dict, run: ExecResult, backend: KernelBackend, n: int) -> tuple[Perf | None, str | None]:
    """The speedup against each baseline is the median of its per-window ratios: robust to a
    slow spell that hits a few windows, where a ratio of two medians taken over the whole run
    shifts whenever one side's windows happen to catch more of it. The spread is the
    interquartile range of the eager ratios over twice their median. Every number here comes
    from the supervisor, which timed the workers from outside."""
    if not _timing_well_formed(timing):
        return None, "the judge returned no usable timings: its report is malformed"
    wall = timing.get("wall_ns") or {}
    times, clock = _measure(timing, backend.device, n)
    cand, calls = times.get("candidate") or [], timing.get("calls", 1)
    baselines = {name: ns for name, ns in times.items() if name != "candidate"}
    problem = _timing_problem(times, calls)
    if problem:
        return None, f"the judge returned no usable timings: {problem}"
    timed_s = sum(sum(ns) for ns in wall.values()) / 1e9
    if timed_s > run.wall_s:
        return None, (f"the timed calls add up to {timed_s:.3f} s but the whole step ran {run.wall_s:.3f} s "
                      "(clock tampered with)")
    ratios = {name: window_ratios(ns, cand) for name, ns in baselines.items()}
    eager = ratios["eager"]
    q = statistics.quantiles(eager, n=4) if len(eager) >= 2 else [eager[0]] * 3
    compiled = " and torch.compile (inductor)" if "torch.compile" in ratios else ""
    return Perf(unit="ms", candidate=statistics.median(cand) / calls / 1e6,
                baseline=statistics.median(baselines["eager"]) / calls / 1e6,
                speedup=statistics.median(eager), spread=(q[2] - q[0]) / (2 * q[1]),
                speedups={name: statistics.median(r) for name, r in ratios.items()},
                measured_on=f"{backend.measured_on(n)}{compiled}; timed by {clock}"), None
