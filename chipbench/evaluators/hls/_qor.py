"""QoR backends: real HLS tools that synthesise a design and report latency and resources.

No C-to-RTL HLS compiler is installable from Debian or PyPI here, so the suite's figures come
from the HLSyn measurements by default. Where a tool is installed, the evaluator option
`qor_backend=NAME` (`-E qor_backend=NAME`; default $CHIPBENCH_HLS_QOR) selects a backend from the entry-point group `chipbench.hls_qor_backends` (a package adds one
by declaring an entry point); its figures then win over the data, and every verdict names the
tool and its version as the source.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from chipbench.core import ChipbenchError
from chipbench.registry import Registry
from chipbench.sandbox import Sandbox

if TYPE_CHECKING:
    from chipbench.evaluators.hls._evaluator import HlsTask

qor_backends: Registry = Registry("hls_qor_backends")
BACKEND_ENV = "CHIPBENCH_HLS_QOR"


@dataclass(frozen=True)
class ToolQoR:
    """What a tool measured: latency in cycles and the fraction of the device each resource
    uses; `error` when synthesis failed (then the figures are meaningless)."""

    latency: int = 0
    util: dict[str, float] = field(default_factory=dict)
    error: str | None = None


class QorBackend(ABC):
    name: str = "backend"

    @abstractmethod
    def available(self) -> str | None:
        """None when the tool can run here; else why not (for skip messages and errors)."""

    @abstractmethod
    def version(self) -> str: ...

    @abstractmethod
    async def measure(self, source: str, spec: "HlsTask", sandbox: Sandbox) -> ToolQoR:
        """Synthesise `source` (the design's C with its `#pragma ACCEL` lines) in `sandbox`."""


def selected_backend(name: str) -> QorBackend | None:
    """The backend `name` names (the evaluator's `qor_backend` option), checked to be usable;
    None for `data` (the HLSyn measurements) or an empty name."""
    name = name.strip()
    if not name or name == "data":
        return None
    backend = qor_backends.get(name)()
    if (why := backend.available()) is not None:
        raise ChipbenchError(f"hls option qor_backend={name}: {why}")
    return backend
