"""Vitis HLS as a QoR backend: `vitis_hls` synthesises the design (C synthesis only) for the
Alveo U200 part at 250 MHz and its `csynth.xml` report gives latency and resources."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET

from chipbench.evaluators._base import tool_version
from chipbench.evaluators.hls._qor import QorBackend, ToolQoR
from chipbench.evaluators.hls.backends._translate import translate
from chipbench.sandbox import Limits, Sandbox, SandboxError

PART = "xcu200-fsgd2104-2-e"
CLOCK_NS = 4.0
REPORT = "proj/sol/syn/report/csynth.xml"
RESOURCE_TAGS = {"DSP": "DSP", "BRAM": "BRAM_18K", "LUT": "LUT", "FF": "FF"}


def _render(kind: str, value: str | int) -> str | None:
    if kind == "PIPE":
        return "#pragma HLS pipeline" if value == "flatten" else None
    if kind == "PARA" and int(value) > 1:
        return f"#pragma HLS unroll factor={int(value)}"
    return None


def parse_report(xml_text: str) -> ToolQoR:
    root = ET.fromstring(xml_text)
    latency = root.findtext(".//PerformanceEstimates/SummaryOfOverallLatency/Worst-caseLatency")
    if latency is None or not latency.strip().isdigit():
        return ToolQoR(error=f"no worst-case latency in the report (got {latency!r})")
    used = root.find(".//AreaEstimates/Resources")
    avail = root.find(".//AreaEstimates/AvailableResources")
    util = {}
    for name, tag in RESOURCE_TAGS.items():
        u, a = used.findtext(tag) if used is not None else None, avail.findtext(tag) if avail is not None else None
        if u and a and float(a) > 0:
            util[name] = float(u) / float(a)
    return ToolQoR(latency=int(latency), util=util)


class VitisHlsBackend(QorBackend):
    name = "vitis-hls"
    executable = "vitis_hls"

    def available(self) -> str | None:
        return None if shutil.which(self.executable) else f"{self.executable} is not on PATH"

    def version(self) -> str:
        return f"{tool_version(self.executable, '-version')}; PIPELINE flatten -> pipeline, PARALLEL -> unroll, " \
               "coarse-grained PIPELINE and TILE dropped"

    async def measure(self, source, spec, sandbox: Sandbox) -> ToolQoR:
        top = spec.task.interface.get("top") or _top(source)
        script = "\n".join(["open_project -reset proj", f"set_top {top}", "add_files kernel.c",
                            "open_solution -reset sol", f"set_part {{{PART}}}",
                            f"create_clock -period {CLOCK_NS}", "csynth_design", "exit", ""])
        await sandbox.write_files({"kernel.c": translate(source, _render), "run.tcl": script})
        result = await sandbox.exec([self.executable, "-f", "run.tcl"], Limits(wall_s=3600, cpu_s=3600, memory_mb=16384))
        try:
            report = (await sandbox.read_file(REPORT)).decode()
        except (OSError, SandboxError):
            return ToolQoR(error=f"vitis_hls wrote no report (exit {result.returncode}): {result.output[-500:]}")
        return parse_report(report)


def _top(source: str) -> str:
    from chipbench.evaluators.hls._source import parse

    return parse(source).top
