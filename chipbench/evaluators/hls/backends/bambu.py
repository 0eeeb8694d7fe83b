"""Bambu (PandA) as a QoR backend: `bambu` synthesises the design with its own testbench
generation (random inputs) and simulation, and its results file gives the simulated cycle count and area.

Bambu reads no `#pragma ACCEL`: PARALLEL becomes `#pragma unroll N` (clang's loop pragma,
which Bambu's clang front end honours); pipelining and tiling are dropped, and the version
string says so, so no figure hides the approximation."""

from __future__ import annotations

import re
import shutil

from chipbench.evaluators._base import tool_version
from chipbench.evaluators.hls._qor import QorBackend, ToolQoR
from chipbench.evaluators.hls.backends._translate import translate
from chipbench.sandbox import Limits, Sandbox

_CYCLES = re.compile(r"Total cycles\s*:\s*(\d+)")


def _render(kind: str, value: str | int) -> str | None:
    return f"#pragma unroll {int(value)}" if kind == "PARA" and int(value) > 1 else None


def parse_output(text: str) -> ToolQoR:
    """Bambu prints `Total cycles : N cycles` after simulating; without it there is no latency."""
    found = _CYCLES.findall(text)
    if not found:
        return ToolQoR(error="bambu reported no simulated cycle count")
    return ToolQoR(latency=int(found[-1]), util={})


class BambuBackend(QorBackend):
    name = "bambu"
    executable = "bambu"

    def available(self) -> str | None:
        return None if shutil.which(self.executable) else f"{self.executable} is not on PATH"

    def version(self) -> str:
        return f"{tool_version(self.executable)}; PARALLEL -> unroll, PIPELINE and TILE dropped, no device utilisation"

    async def measure(self, source, spec, sandbox: Sandbox) -> ToolQoR:
        from chipbench.evaluators.hls._source import parse

        top = parse(source).top
        await sandbox.write_files({"kernel.c": translate(source, _render)})
        result = await sandbox.exec([self.executable, "kernel.c", f"--top-fname={top}", "--simulate", "-O2"], Limits(wall_s=3600, cpu_s=3600, memory_mb=16384))
        return parse_output(result.output)
