"""The kernel judge: one fresh Python process inside the sandbox per phase (stdlib + torch only).

    python judge.py CONFIG.json

Two phases, two processes, never the same one:
- `reference`: builds the public `Model` from model.py and saves its outputs for every
  (shape, trial). No candidate file is imported; the harness reads the outputs back and
  deletes them before any candidate code runs, so a candidate can never read them.
- `candidate`: imports model_new.py (and, through it, the compiled `kernel_ext`), saves its
  outputs for the same inputs (the harness compares them with the reference outside the
  sandbox), then times the baselines (eager reference; with `compile`, also the reference
  under torch.compile, compiled before the candidate's import) and the candidate interleaved
  on the main shape.

The config file is read and deleted before any candidate code is imported. Everything the
judge needs (clock, save, ids of the objects it relies on) is captured before that import.
The result goes to `result.json` with the run's nonce; the harness trusts only its own
comparison for correctness, and checks the timings against the wall time it measured itself.
"""

from __future__ import annotations

import importlib.util
import json
import os
import resource
import sys
import time
import traceback

_clock = time.perf_counter_ns  # captured before any candidate code exists in this process
_rusage, _RUSAGE_SELF = resource.getrusage, resource.RUSAGE_SELF
_exit = os._exit
_dumps = json.dumps
_listdir, _open, _getpid, _tick_ns = os.listdir, open, os.getpid, 10**9 // os.sysconf("SC_CLK_TCK")


def _cpu_clock() -> int:
    """CPU time of all the process's threads so far, in ns (microsecond resolution). Not
    time.process_time: under the sandbox's RLIMIT_CPU the kernel serves that clock from
    per-tick samples (4 ms steps); getrusage sums the threads' exact run times."""
    r = _rusage(_RUSAGE_SELF)
    return round((r.ru_utime + r.ru_stime) * 1e9)


def _others_cpu_ns() -> int:
    """CPU time of every other process in sight, and of every child that has ended (reaped by
    this process or another), from /proc in clock ticks. In the sandbox's own PID namespace
    that is all the work done beside the judge's process: the harness trusts this process's
    CPU time only if this did not grow while the timed calls ran (work handed to a child
    process would not show in it)."""
    me, ticks = _getpid(), 0
    for name in _listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with _open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended meanwhile
        utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
        ticks += cutime + cstime + (0 if int(name) == me else utime + stime)
    return ticks * _tick_ns


import torch  # noqa: E402

_save = torch.save
_clone = torch.Tensor.clone
_equal = torch.equal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from guard import ForbiddenOp, Tamper, forward_guard  # noqa: E402


class Rejected(Exception):
    """The candidate broke a rule; `category` names which (the harness maps it to a status)."""

    def __init__(self, category: str, detail: str) -> None:
        super().__init__(detail)
        self.category = category
        self.detail = detail


def _finish(config: dict, result: dict) -> None:
    result["nonce"] = config["nonce"]
    with open("result.json", "w") as f:
        f.write(_dumps(result))
    sys.stdout.flush()
    sys.stderr.flush()
    _exit(0)  # no atexit hooks, finalizers or threads of the candidate run after the verdict


def _load_reference():
    spec = importlib.util.spec_from_file_location("model", os.path.abspath("model.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules["model"] = module
    spec.loader.exec_module(module)
    return module


class Shapes:
    """Sets model.py's shape constants for one shape; constants a shape leaves out keep the
    values model.py gave them (the main shape is the one with no overrides)."""

    def __init__(self, module, shapes: list[dict]) -> None:
        self.module = module
        self.shapes = shapes
        names = {k for shape in shapes for k in shape}
        missing = sorted(n for n in names if not hasattr(module, n))
        if missing:
            raise RuntimeError(f"shape overrides {missing} are not constants of model.py")
        self.defaults = {n: getattr(module, n) for n in names}

    def apply(self, index: int) -> None:
        for name, value in {**self.defaults, **self.shapes[index]}.items():
            setattr(self.module, name, value)


def _as_list(out) -> list:
    if isinstance(out, (tuple, list)):
        return list(out)
    return [out]


def _to(device: str, values):
    return [v.to(device) if isinstance(v, torch.Tensor) else v for v in values]


def _sync(device: str) -> None:
    if device == "cuda":
        torch.cuda.synchronize()


def _inputs(module, seed: int, device: str) -> list:
    torch.manual_seed(seed)
    return _to(device, module.get_inputs())


def _build(cls, module, seed: int, device: str):
    torch.manual_seed(seed)
    return cls(*module.get_init_inputs()).to(device)


def run_reference(config: dict) -> None:
    module = _load_reference()
    device = config["device"]
    os.makedirs(config["out_dir"], exist_ok=True)
    shapes = Shapes(module, config["shapes"])
    with torch.no_grad():
        for i, shape in enumerate(config["shapes"]):
            shapes.apply(i)
            model = _build(module.Model, module, config["model_seeds"][i], device)
            for j, seed in enumerate(config["input_seeds"][i]):
                outs = _as_list(model(*_inputs(module, seed, device)))
                _sync(device)
                _save([o.detach().cpu().clone() for o in outs], os.path.join(config["out_dir"], f"case_{i}_{j}.pt"))
    _finish(config, {"status": "ok"})


def _compile_reference(config: dict, module, shapes: Shapes, device: str):
    """The reference under `torch.compile` (inductor), compiled by one call on the main shape
    before any candidate code is imported, so neither its compile time nor a candidate can
    touch it. A failure is reported, not raised: the candidate is then timed against eager
    PyTorch only. Returns (compiled model or None, what to add to the timing report)."""
    started = _clock()
    try:
        import torch._inductor.config as inductor

        inductor.compile_threads = 1  # no worker pool: the judge has the cores it was given
        shapes.apply(0)
        model = torch.compile(_build(module.Model, module, config["model_seeds"][0], device))
        with torch.no_grad():
            model(*_inputs(module, config["timing"]["input_seeds"][0], device))
        _sync(device)
    except Exception as exc:  # noqa: BLE001 - unsupported model or toolchain: said in the verdict
        lines = [ln for ln in str(exc).strip().splitlines() if ln.strip()]
        return None, {"compile_error": f"{type(exc).__name__}: {lines[0] if lines else ''}"[:300]}
    return model, {"compile_s": (_clock() - started) / 1e9}


def _storage(t: torch.Tensor) -> int:
    return t.untyped_storage().data_ptr()


def _check_outputs(outs: list, inputs: list, device: str, seen: set[int]) -> None:
    """Rules any output obeys, judged at the moment `forward` returns."""
    input_storages = {_storage(x) for x in inputs if isinstance(x, torch.Tensor)}
    for k, o in enumerate(outs):
        if isinstance(o, torch.Tensor) and type(o) is not torch.Tensor:  # could compute lazily, when read
            raise Rejected("tensor_subclass", f"output {k} is a {type(o).__name__}, not a plain torch.Tensor")
        if not isinstance(o, torch.Tensor):
            raise Rejected("wrong_type", f"output {k} is a {type(o).__name__}, not a torch.Tensor")
        if o.device.type != device:
            raise Rejected("wrong_device", f"output {k} is on {o.device}, expected {device}")
        if o.numel() and _storage(o) in input_storages:
            raise Rejected("aliases_input", f"output {k} shares memory with an input (returned an input or a view of it)")
        if o.numel() and _storage(o) in seen:
            raise Rejected("output_reused", f"output {k} reuses memory returned by an earlier call "
                                            "(results cached or buffers shared across calls)")


def _same(a: torch.Tensor, b: torch.Tensor) -> bool:
    if a.is_floating_point() or a.is_complex():
        return _equal(torch.nan_to_num(a), torch.nan_to_num(b))
    return _equal(a, b)


def _call(model, inputs: list, guard) -> list:
    with guard:
        out = model(*inputs)
    return _as_list(out)


def run_candidate(config: dict) -> None:
    device = config["device"]
    module = _load_reference()
    shapes = Shapes(module, config["shapes"])
    shape_names = set(shapes.defaults)
    compiled, compile_info = None, {}
    if config["timing"]["enabled"] and config["timing"].get("compile"):
        compiled, compile_info = _compile_reference(config, module, shapes, device)
    # torch swaps in wrappers of its own the first time a dispatch mode is entered (it imports
    # torch._dynamo, which wraps torch.manual_seed): let that happen before the snapshot.
    with forward_guard():
        torch.empty(1)
    tamper = Tamper(module, module.Model, shape_names)
    sys.path.insert(0, os.path.abspath(config.get("extension_dir", ".")))
    try:
        spec = importlib.util.spec_from_file_location("model_new", os.path.abspath("model_new.py"))
        candidate = importlib.util.module_from_spec(spec)
        sys.modules["model_new"] = candidate
        spec.loader.exec_module(candidate)
        if not hasattr(candidate, "ModelNew"):
            raise Rejected("import_error", "model_new.py defines no class ModelNew")
    except Rejected as exc:
        _finish(config, {"status": "error", "category": exc.category, "detail": exc.detail})
    except ForbiddenOp as exc:
        _finish(config, {"status": "error", "category": "forbidden_op", "detail": str(exc)})
    except BaseException:  # noqa: BLE001 - the candidate's failure, reported to it
        _finish(config, {"status": "error", "category": "import_error", "detail": traceback.format_exc(limit=6)})

    os.makedirs(config["out_dir"], exist_ok=True)
    stage = "building ModelNew"
    timing = None
    try:
        with torch.no_grad():
            main_model = None
            for i, shape in enumerate(config["shapes"]):
                shapes.apply(i)
                stage = f"building ModelNew (shape {i})"
                model = _build(candidate.ModelNew, module, config["model_seeds"][i], device)
                if i == 0:
                    main_model = model
                returned, seen = [], set()
                for j, seed in enumerate(config["input_seeds"][i]):
                    stage = f"running ModelNew.forward (shape {i}, trial {j})"
                    inputs = _inputs(module, seed, device)
                    outs = _call(model, inputs, forward_guard())
                    _sync(device)
                    _check_outputs(outs, inputs, device, seen)
                    seen |= {_storage(o) for o in outs if o.numel()}
                    snapshot = [_clone(o.detach()) for o in outs]
                    returned.append((outs, snapshot))
                    _save([s.cpu() for s in snapshot], os.path.join(config["out_dir"], f"case_{i}_{j}.pt"))
                time.sleep(0.02)  # work left running after `forward` returned would show now
                _sync(device)
                for j, (outs, snapshot) in enumerate(returned):
                    if not all(_same(o, s) for o, s in zip(outs, snapshot)):
                        raise Rejected("lazy_output", f"an output of trial {j} changed after forward returned "
                                                      "(work done lazily or on a side thread)")
            if changed := tamper.changes():
                raise Rejected("monkeypatch", f"candidate code replaced {', '.join(changed[:5])}")
            if config["timing"]["enabled"]:
                stage = "timing"
                shapes.apply(0)
                baselines = {"eager": _build(module.Model, module, config["model_seeds"][0], device)}
                if compiled is not None:
                    baselines["torch.compile"] = compiled
                timing = {**_time(config, module, baselines, main_model, device), **compile_info}
            if changed := tamper.changes():
                raise Rejected("monkeypatch", f"candidate code replaced {', '.join(changed[:5])}")
    except Rejected as exc:
        _finish(config, {"status": "error", "category": exc.category, "detail": exc.detail})
    except ForbiddenOp as exc:
        _finish(config, {"status": "error", "category": "forbidden_op", "detail": f"{exc} ({stage})"})
    except BaseException:  # noqa: BLE001
        _finish(config, {"status": "error", "category": "runtime_error",
                         "detail": f"while {stage}:\n{traceback.format_exc(limit=8)}"})
    _finish(config, {"status": "ok", "timing": timing})


def _time(config: dict, module, baselines: dict, candidate, device: str) -> dict:
    """Every baseline and the candidate timed in short alternating windows on the same fresh
    inputs, with the caches flushed before every call.

    A window runs `window` calls of each side back to back, in an order that rotates from one
    window to the next, so a slow spell of the machine (another process, a frequency change)
    lands on every side of the windows it spans; the harness takes the median of the
    per-window ratios. Warm-up runs every side for `warmup` rounds and at least `warmup_s`
    seconds (first calls pay for page faults, lazy initialisation, cold branch predictors);
    its call times size the window: enough calls that the faster side's timed work in a window
    reaches `window_ns`, for kernels too short to time well one call at a time. One untimed
    window then grows the heap to hold a window's outputs, so no timed call pays for that.
    Every call has two times: wall clock, and the CPU time of the whole process (the harness
    decides which one measures the speed, see `_perf` there)."""
    t = config["timing"]
    pool = [_inputs(module, seed, device) for seed in t["input_seeds"]]
    flush = torch.empty(t["flush_bytes"] // 4, dtype=torch.float32, device=device)
    sides = [(name, model, False) for name, model in baselines.items()] + [("candidate", candidate, True)]

    def one(model, inputs, guarded: bool):
        guard = forward_guard() if guarded else None  # made before the clocks start
        flush.fill_(1.0)
        _sync(device)
        start, cpu_start = _clock(), _cpu_clock()
        if guard is not None:
            with guard:
                out = model(*inputs)
        else:
            out = model(*inputs)
        _sync(device)
        return _clock() - start, _cpu_clock() - cpu_start, _as_list(out)

    def run_window(index: int, first_call: int, size: int, record: tuple[dict, dict] | None) -> None:
        """All sides, `size` calls each; every output stays alive until the window ends, so
        a candidate output sharing memory with a baseline's output is seen, never reused."""
        shift = index % len(sides)
        baseline_outs, candidate_outs = [], []
        for name, model, guarded in sides[shift:] + sides[:shift]:
            for k in range(size):
                ns, cpu_ns, out = one(model, pool[(first_call + k) % len(pool)], guarded)
                if record is not None:
                    record[0][name].append(ns)
                    record[1][name].append(cpu_ns)
                tensors = [o for o in out if isinstance(o, torch.Tensor) and o.numel()]
                (candidate_outs if guarded else baseline_outs).extend(tensors)
        baseline_storages = {_storage(o) for o in baseline_outs}
        if any(_storage(o) in baseline_storages for o in candidate_outs):
            raise Rejected("aliases_reference", "an output shares memory with the reference's output")

    warm = {name: [] for name, _, _ in sides}
    began, rounds = _clock(), 0
    while rounds < t["warmup"] or _clock() - began < t["warmup_s"] * 1e9:
        for name, model, guarded in sides:
            warm[name].append(one(model, pool[rounds % len(pool)], guarded)[0])
        rounds += 1
    fastest = min(sorted(ns)[len(ns) // 2] for ns in warm.values())
    window = max(1, min(t["max_window"], -(-t["window_ns"] // max(fastest, 1))))
    run_window(0, 0, window, None)

    times = {name: [] for name, _, _ in sides}
    cpu_times = {name: [] for name, _, _ in sides}
    began, calls, index, others = _clock(), 0, 0, _others_cpu_ns()
    while calls < t["max_calls"]:
        run_window(index, calls, window, (times, cpu_times))
        calls += window
        index += 1
        if calls >= t["min_calls"] and _clock() - began > t["budget_s"] * 1e9:
            break
    return {"times_ns": times, "cpu_ns": cpu_times, "others_cpu_ns": _others_cpu_ns() - others, "window": window,
            "threads": torch.get_num_threads()}


def main() -> None:
    path = sys.argv[1]
    with open(path) as f:
        config = json.load(f)
    os.unlink(path)  # hidden shapes and seeds: gone before any candidate code runs
    torch.set_num_threads(int(config["threads"]))
    if config["mode"] == "reference":
        run_reference(config)
    else:
        run_candidate(config)


if __name__ == "__main__":
    main()
