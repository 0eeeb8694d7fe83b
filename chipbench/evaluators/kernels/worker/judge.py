"""The kernel judge's worker: one fresh Python process per role (stdlib + torch only).

    python judge.py CONFIG.json                   reference outputs (the harness's step 2)
    python judge.py baseline|candidate CMD REPLY  a worker of supervisor.py (step 3)

- reference outputs: builds the public `Model` from model.py and saves its outputs for every
  (shape, trial), and with `truth` also the same model's outputs in float64 on the same inputs
  (wide.py: what the judge measures accuracy against). No candidate file is imported; the harness reads the outputs back and
  deletes them before any candidate code runs.
- `baseline` (started by the supervisor): builds the reference `Model` (and, with `compile`,
  the reference under torch.compile) and serves timed calls on inputs it makes itself from
  the supervisor's seeds; it never imports a candidate file.
- `candidate` (started by the supervisor once the baseline is ready): installs an audit hook
  and the op guard, imports model_new.py, saves its outputs for the correctness trials (the
  harness compares them outside the sandbox), then serves timed calls like the baseline.

Nothing this process says about time is believed: the supervisor times every window from
outside. The in-process checks here (op guard, audit hook, output aliasing, lazy outputs,
replaced objects) are a second line behind the harness's checks of what candidate code can
reach (see _policy.py in the evaluator); their verdicts only ever count against a candidate.
"""

from __future__ import annotations

import ctypes
import importlib.util
import json
import os
import sys
import time
import traceback

_exit = os._exit
_dumps = json.dumps
PR_SET_DUMPABLE = 4

import torch  # noqa: E402

_save = torch.save
_clone = torch.Tensor.clone
# Seeds the CPU generator (where inputs and parameters are drawn) through torch's C method,
# taken before any candidate code exists: torch.manual_seed looks up Python functions of other
# torch modules at call time (torch.cuda.manual_seed_all), and a candidate that replaced one
# would run its own code, with the seed, in the untimed step that makes the inputs.
_seed = torch.default_generator.manual_seed
_equal = torch.equal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from guard import ForbiddenOp, Tamper, forward_guard  # noqa: E402
from audit import AuditGuard  # noqa: E402
from wide import float64_outputs, ieee_fp32, widened  # noqa: E402


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
    _seed(seed)
    return _to(device, module.get_inputs())


def _build(cls, module, seed: int, device: str):
    _seed(seed)
    return cls(*module.get_init_inputs()).to(device)


def run_reference(config: dict) -> None:
    module = _load_reference()
    device = config["device"]
    os.makedirs(config["out_dir"], exist_ok=True)
    shapes = Shapes(module, config["shapes"])
    truth = bool(config.get("truth"))
    result: dict = {"status": "ok"}
    with torch.no_grad():
        for i in range(len(config["shapes"])):
            shapes.apply(i)
            model = _build(module.Model, module, config["model_seeds"][i], device)
            model64 = widened(model) if truth else None
            for j, seed in enumerate(config["input_seeds"][i]):
                inputs = _inputs(module, seed, device)
                outs = _as_list(model(*inputs))
                _sync(device)
                _save([o.detach().cpu().clone() for o in outs], os.path.join(config["out_dir"], f"case_{i}_{j}.pt"))
                if model64 is not None:  # the same inputs, in float64: what the outputs should be
                    try:
                        wide = float64_outputs(model64, inputs)
                        _sync(device)
                    except Exception as exc:  # noqa: BLE001 - a model with no float64 kernels: said, not fatal
                        result["truth_error"] = f"{type(exc).__name__}: {str(exc).strip()[:300]}"
                        model64 = None
                        continue
                    _save([o.detach().cpu().clone() for o in wide], os.path.join(config["out_dir"], f"truth_{i}_{j}.pt"))
    _finish(config, result)


def _compile_reference(config: dict, module, shapes: Shapes, device: str):
    """The reference under `torch.compile` (inductor), compiled by one call on the main shape
    before any candidate code is imported, so neither its compile time nor a candidate can
    touch it. A failure is reported, not raised: the candidate is then timed against eager
    PyTorch only. Returns (compiled model or None, what to add to the timing report)."""
    started = time.perf_counter_ns()
    try:
        import torch._inductor.config as inductor

        inductor.compile_threads = 1  # no worker pool: the judge has the cores it was given
        shapes.apply(0)
        model = torch.compile(_build(module.Model, module, config["model_seeds"][0], device))
        with torch.no_grad():
            model(*_inputs(module, config["input_seeds"][0][0], device))
        _sync(device)
    except Exception as exc:  # noqa: BLE001 - unsupported model or toolchain: said in the verdict
        lines = [ln for ln in str(exc).strip().splitlines() if ln.strip()]
        return None, {"compile_error": f"{type(exc).__name__}: {lines[0] if lines else ''}"[:300]}
    return model, {"compile_s": (time.perf_counter_ns() - started) / 1e9}


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




def _layout(t) -> dict | None:
    """Where an output lies in this process's memory, so the supervisor can read it from
    outside (/proc/PID/mem) while this process is stopped: address, bytes spanned, dtype,
    shape and strides (elements)."""
    if not isinstance(t, torch.Tensor) or t.device.type != "cpu":
        return None
    span = (1 + sum((n - 1) * st for n, st in zip(t.shape, t.stride()))) * t.element_size() if t.numel() else 0
    return {"ptr": t.data_ptr(), "bytes": span, "dtype": str(t.dtype).removeprefix("torch."),
            "shape": list(t.shape), "strides": list(t.stride())}


class Channel:
    """The supervisor's pipes: one JSON command per line in, one JSON reply per line out."""

    def __init__(self, cmd_fd: int, reply_fd: int) -> None:
        self.commands = os.fdopen(cmd_fd, "rb")
        self.reply_fd = reply_fd

    def recv(self) -> dict:
        line = self.commands.readline()
        if not line:
            _exit(0)  # the supervisor is gone
        return json.loads(line)

    def send(self, message: dict) -> None:
        data = (_dumps(message) + "\n").encode()
        while data:
            data = data[os.write(self.reply_fd, data):]

    def fail(self, category: str, detail: str) -> None:
        self.send({"status": "error", "category": category, "detail": detail})
        sys.stdout.flush()
        sys.stderr.flush()
        _exit(0)


class Server:
    """Serves the supervisor's windows of timed calls: `prepare` fresh inputs from its seeds
    (and flush the caches), `go` (run them back to back), `check` (the output rules, and save
    the output the supervisor chose to keep)."""

    def __init__(self, channel: Channel, module, models: dict, device: str, flush_bytes: int,
                 guarded: bool, audit: AuditGuard | None = None, tamper: Tamper | None = None) -> None:
        self.channel, self.module, self.models, self.device = channel, module, models, device
        self.flush = torch.empty(max(1, flush_bytes // 4), dtype=torch.float32, device=device)
        self.guarded = guarded
        self.audit = audit
        self.tamper = tamper
        self.inputs: list = []
        self.outputs: list = []
        self.side = ""
        self.wide: torch.nn.Module | None = None  # the eager model in float64, made on first use

    def prepare(self, side: str, seeds: list[int]) -> None:
        self.side = side
        self.inputs = [_inputs(self.module, seed, self.device) for seed in seeds]
        self.outputs = []
        self.flush.fill_(1.0)
        _sync(self.device)

    def go(self) -> dict:
        model = self.models[self.side]
        guard = forward_guard() if self.guarded else None
        with torch.no_grad():
            if guard is not None:
                with guard:
                    self.outputs = [model(*inputs) for inputs in self.inputs]
            else:
                self.outputs = [model(*inputs) for inputs in self.inputs]
        _sync(self.device)
        return {"status": "ok", "outputs": [[_layout(o) for o in _as_list(out)] for out in self.outputs]}

    def check(self, sample: int | None, path: str) -> None:
        outs = [_as_list(out) for out in self.outputs]
        if self.audit is not None and self.audit.violation:
            raise Rejected("forbidden_call", self.audit.violation)
        if self.tamper is not None and (changed := self.tamper.changes()):
            raise Rejected("monkeypatch", f"candidate code replaced {', '.join(changed[:5])}")
        if self.guarded:
            seen: set[int] = set()
            for inputs, out in zip(self.inputs, outs):
                _check_outputs(out, inputs, self.device, seen)
                seen |= {_storage(o) for o in out if o.numel()}
        if sample is not None:
            _save([o.detach().cpu().clone() for o in outs[sample]], path)
        self.inputs, self.outputs = [], []

    def reference(self, seed: int, path: str, truth_path: str | None = None) -> None:
        """The eager outputs for a kept timed call's inputs, and with `truth_path` the float64
        run's too (wide.py): a timed call is held to the same accuracy as a trial, or a
        candidate could compute in full precision on the trials and lower on the timed calls."""
        inputs = _inputs(self.module, seed, self.device)
        with torch.no_grad():
            outs = _as_list(self.models["eager"](*inputs))
        _sync(self.device)
        _save([o.detach().cpu().clone() for o in outs], path)
        if truth_path:
            if self.wide is None:
                self.wide = widened(self.models["eager"])
            wide = float64_outputs(self.wide, inputs)
            _sync(self.device)
            _save([o.detach().cpu().clone() for o in wide], truth_path)

    def serve(self) -> None:
        while True:
            message = self.channel.recv()
            cmd = message.get("cmd")
            if cmd == "prepare":
                self.prepare(message["side"], message["seeds"])
            elif cmd == "go":
                self.channel.send(self.go())
                continue
            elif cmd == "check":
                self.check(message.get("sample"), message["path"])
            elif cmd == "reference":
                self.reference(message["seed"], message["path"], message.get("truth_path"))
            else:
                return
            self.channel.send({"status": "ok"})


def _non_dumpable() -> None:
    """No other process of the sandbox's uid may ptrace this one or read its memory."""
    ctypes.CDLL(None).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)


def serve_baseline(config: dict, channel: Channel) -> None:
    _non_dumpable()
    device = config["device"]
    module = _load_reference()
    shapes = Shapes(module, config["shapes"])
    shapes.apply(0)
    ready: dict = {"status": "ok"}
    models = {"eager": _build(module.Model, module, config["model_seeds"][0], device)}
    if config["timing"].get("compile"):
        compiled, info = _compile_reference(config, module, shapes, device)
        ready.update(info)
        if compiled is not None:
            models["torch.compile"] = compiled
            ready["compiled"] = True
    channel.send(ready)
    Server(channel, module, models, device, config["timing"]["flush_bytes"], guarded=False).serve()


def serve_candidate(config: dict, channel: Channel) -> None:
    device = config["device"]
    module = _load_reference()
    shapes = Shapes(module, config["shapes"])
    shape_names = set(shapes.defaults)
    # torch swaps in wrappers of its own the first time a dispatch mode is entered (it imports
    # torch._dynamo, which wraps torch.manual_seed): let that happen before the snapshot.
    with forward_guard():
        torch.empty(1)
    tamper = Tamper(module, module.Model, shape_names)
    channel.send({"status": "ok"})
    if channel.recv().get("cmd") != "start":
        return
    audit = AuditGuard(os.path.abspath("model_new.py"))
    sys.path.insert(0, os.path.abspath(config.get("extension_dir", ".")))
    try:
        spec = importlib.util.spec_from_file_location("model_new", os.path.abspath("model_new.py"))
        assert spec is not None and spec.loader is not None  # a .py path always has a loader
        candidate = importlib.util.module_from_spec(spec)
        sys.modules["model_new"] = candidate
        audit.arm()
        spec.loader.exec_module(candidate)
        if not hasattr(candidate, "ModelNew"):
            raise Rejected("import_error", "model_new.py defines no class ModelNew")
    except Rejected as exc:
        channel.fail(exc.category, exc.detail)
    except ForbiddenOp as exc:
        channel.fail("forbidden_op", str(exc))
    except BaseException:  # noqa: BLE001 - the candidate's failure, reported to it
        if audit.violation:
            channel.fail("forbidden_call", audit.violation)
        channel.fail("import_error", traceback.format_exc(limit=6))

    os.makedirs(config["out_dir"], exist_ok=True)
    stage = "building ModelNew"
    try:
        with torch.no_grad():
            main_model = None
            for i in range(len(config["shapes"])):
                shapes.apply(i)
                stage = f"building ModelNew (shape {i})"
                model = _build(candidate.ModelNew, module, config["model_seeds"][i], device)
                if i == 0:
                    main_model = model
                returned: list = []
                seen: set = set()
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
                if audit.violation:  # the cause, where it also left an output unfinished
                    raise Rejected("forbidden_call", audit.violation)
                for j, (outs, snapshot) in enumerate(returned):
                    if not all(_same(o, s) for o, s in zip(outs, snapshot)):
                        raise Rejected("lazy_output", f"an output of trial {j} changed after forward returned "
                                                      "(work done lazily or on a side thread)")
            if changed := tamper.changes():
                raise Rejected("monkeypatch", f"candidate code replaced {', '.join(changed[:5])}")
            if audit.violation:
                raise Rejected("forbidden_call", audit.violation)
            shapes.apply(0)
            channel.send({"status": "ok"})
            stage = "timing"
            Server(channel, module, {"candidate": main_model}, device, config["timing"]["flush_bytes"],
                   guarded=True, audit=audit, tamper=tamper).serve()
            if changed := tamper.changes():
                raise Rejected("monkeypatch", f"candidate code replaced {', '.join(changed[:5])}")
    except Rejected as exc:
        channel.fail(exc.category, exc.detail)
    except ForbiddenOp as exc:
        channel.fail("forbidden_op", f"{exc} ({stage})")
    except BaseException:  # noqa: BLE001
        if audit.violation:
            channel.fail("forbidden_call", audit.violation)
        channel.fail("runtime_error", f"while {stage}:\n{traceback.format_exc(limit=8)}")
    _exit(0)


def main() -> None:
    ieee_fp32()  # a float32 task means float32 arithmetic: no TF32 for the reference or the baseline
    if len(sys.argv) == 4:  # a worker of the supervisor
        role, channel = sys.argv[1], Channel(int(sys.argv[2]), int(sys.argv[3]))
        config = channel.recv()
        torch.set_num_threads(int(config["threads"]))
        (serve_baseline if role == "baseline" else serve_candidate)(config, channel)
        return
    path = sys.argv[1]
    with open(path) as f:
        config = json.load(f)
    os.unlink(path)
    torch.set_num_threads(int(config["threads"]))
    run_reference(config)


if __name__ == "__main__":
    main()
