"""Guards the judge puts around candidate code (runs inside the sandbox, stdlib + torch only).

`OpGuard` is a TorchDispatchMode: every ATen op the candidate's Python or C++ code reaches
through the dispatcher passes through it while `forward` runs. Only allocation, view and copy
ops may run there; any compute op (matmul, add, softmax, conv, ...) means the
candidate let PyTorch, or the reference module, do the work its kernel should do. Importing
model_new.py and building ModelNew are not guarded: parameters are made with any ops the
reference uses (`torch.rand(n) + 0.5`), and tables computed there cannot depend on the inputs.

`Tamper` records which objects the judge relies on (clocks, torch functions, the reference
module) before any candidate code is imported and tells, later, whether one was replaced.

Known limit, documented in the evaluator: the dispatch mode is thread-local, so ops run on a
thread the candidate starts itself are not seen here (the lazy-output check still catches
work that finishes after `forward` returns).
"""

from __future__ import annotations

import time

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from ops import ALLOCATION_AND_VIEW  # noqa: E402 - the judge puts its own folder on sys.path

class ForbiddenOp(RuntimeError):
    """A candidate reached an ATen compute op inside guarded code."""


class OpGuard(TorchDispatchMode):
    @classmethod
    def _should_skip_dynamo(cls) -> bool:
        # By default torch wraps __torch_dispatch__ to keep torch.compile out of it, and that
        # wrapper imports torch._dynamo (seconds) on first use; nothing here is ever compiled.
        return False

    def __init__(self, allowed: frozenset[str], where: str) -> None:
        super().__init__()
        self.allowed = allowed
        self.where = where
        self.violation: str | None = None

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        name = func.overloadpacket.__name__
        if name not in self.allowed and not getattr(func, "is_view", False):
            if self.violation is None:
                self.violation = f"aten.{name} called {self.where}"
            raise ForbiddenOp(f"aten.{name} is not allowed {self.where}: the kernel must compute the result itself")
        return func(*args, **(kwargs or {}))


def forward_guard() -> OpGuard:
    return OpGuard(ALLOCATION_AND_VIEW, "in the candidate's forward")


class Tamper:
    """Identity snapshot of everything the judge relies on, taken before candidate code runs.

    A replaced attribute counts anywhere; an added one only on the reference module and class
    (torch adds attributes itself when submodules load lazily). `ignore`: the shape constants
    the judge itself sets on the reference module."""

    def __init__(self, reference_module, model_class, ignore: set[str]) -> None:
        self.ignore = ignore
        self.watched = {
            "time": time, "torch": torch, "torch.nn.functional": torch.nn.functional,
            "torch.Tensor": torch.Tensor, "torch.nn.Module": torch.nn.Module,
            "model": reference_module, "model.Model": model_class,
        }
        self.strict = {"model", "model.Model"}
        self.before = {name: self._ids(obj) for name, obj in self.watched.items()}

    def _ids(self, obj) -> dict[str, int]:
        return {k: id(v) for k, v in list(vars(obj).items()) if k not in self.ignore}

    def changes(self) -> list[str]:
        found = []
        for name, obj in self.watched.items():
            now = self._ids(obj)
            found += [f"{name}.{key}" for key, ident in self.before[name].items() if now.get(key) != ident]
            if name in self.strict:
                found += [f"{name}.{key} (added)" for key in now.keys() - self.before[name].keys()]
        return found
