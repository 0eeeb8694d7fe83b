"""`chipbench doctor`: what this machine can run, and the one command that fixes what it cannot.

Everything is found through the registries, so a suite, backend or evaluator that a plug-in
(or a later chipbench) adds is reported without a change here: every suite of `chipbench.suites`
with each of its variants (a kernel suite's backends), judged by its evaluator's
`requirements()`; the docker engine and each toolchain image; the GPUs.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import asdict, dataclass, field

from chipbench.evaluators import Requirement


@dataclass
class SuiteReport:
    suite: str
    variant: str | None
    evaluator: str
    runnable: bool
    """Every needed requirement is present: the suite is scored here (in the local sandbox)."""
    missing: list[str]
    fix: str | None
    """The one command that provides the first missing requirement (None when runnable)."""
    limits: list[str] = field(default_factory=list)
    """Optional requirements that are missing, with what they limit."""
    requirements: list[Requirement] = field(default_factory=list)


@dataclass
class Doctor:
    tools: dict[str, str | None]
    """Every requirement of every suite, by name: its version, or None where missing."""
    suites: list[SuiteReport]
    docker: dict
    gpus: list[dict]

    def to_json(self) -> dict:
        return asdict(self)


def suite_reports() -> list[SuiteReport]:
    from chipbench.registry import evaluators, suites

    reports = []
    for name in suites.names():
        suite = suites.get(name)
        try:
            evaluator = evaluators.get(suite.evaluator)()
        except Exception as exc:  # noqa: BLE001 - a broken plug-in is reported, not fatal
            reports.append(SuiteReport(name, None, suite.evaluator, False, [f"evaluator {suite.evaluator}"],
                                       f"pip install --force-reinstall chipbench ({exc})".replace("\n", " ")))
            continue
        variants: list[str | None] = [*suite.variants()] or [None]
        for variant in variants:
            reqs = evaluator.requirements(variant)
            missing = [r for r in reqs if r.found is None and r.needed]
            limits = [f"{r.name}: {r.fix}" for r in reqs if r.found is None and not r.needed]
            reports.append(SuiteReport(name, variant, suite.evaluator, not missing, [r.name for r in missing],
                                       missing[0].fix if missing else None, limits, reqs))
    return reports


def docker_report() -> dict:
    """The engine (or why there is none), its NVIDIA runtime, and each toolchain image: built or not."""
    from chipbench.sandbox.docker import engine_problem
    from chipbench.sandbox.docker import _images

    problem = engine_problem()
    out: dict = {"engine": problem is None, "problem": problem, "nvidia_runtime": False, "images": []}
    if problem:
        return out
    from chipbench.sandbox.docker._engine import client
    from chipbench.sandbox.docker._gpu import nvidia_runtime

    info = client().info()
    out["version"] = info.get("ServerVersion", "")
    out["nvidia_runtime"] = nvidia_runtime(info)
    for toolchain in _images.toolchains():
        tag = _images.image_tag(toolchain)
        opt_in = _images.opt_in(toolchain)
        out["images"].append({"toolchain": toolchain, "tag": tag, "built": _images.exists(tag), "opt_in": opt_in,
                              "fix": _images.build_command(toolchain)})
    return out


def gpus() -> list[dict]:
    """The NVIDIA GPUs: name, compute capability, driver (nvidia-smi, else torch)."""
    if smi := shutil.which("nvidia-smi"):
        try:
            out = subprocess.run([smi, "--query-gpu=name,compute_cap,driver_version", "--format=csv,noheader"],
                                 capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            out = None
        if out is not None and out.returncode == 0:
            rows = [[c.strip() for c in line.split(",")] for line in out.stdout.splitlines() if line.strip()]
            return [{"name": r[0], "compute_capability": r[1], "driver": r[2]} for r in rows if len(r) == 3]
    try:
        import torch

        if torch.cuda.is_available():
            return [{"name": torch.cuda.get_device_name(i),
                     "compute_capability": "{}.{}".format(*torch.cuda.get_device_capability(i)),
                     "driver": f"CUDA {torch.version.cuda} (torch)"} for i in range(torch.cuda.device_count())]
    except ImportError:
        pass
    return []


def examine() -> Doctor:
    reports = suite_reports()
    tools: dict[str, str | None] = {}
    for report in reports:
        for r in report.requirements:
            tools.setdefault(r.name, r.found)
    return Doctor(tools=tools, suites=reports, docker=docker_report(), gpus=gpus())
