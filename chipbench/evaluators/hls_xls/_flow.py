"""Running the XLS flow (worker/flow.py) for a candidate in its sandbox, or for a trusted
reference in a temporary folder, and reading back its result."""

from __future__ import annotations

import asyncio
import json
import secrets
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from importlib.resources import files as package_files
from pathlib import Path

from chipbench.sandbox import ExecResult, Limits, Sandbox, SandboxError

FLOW_DIR = "_xls"
VERILOG = "design.v"
LIMITS = Limits(wall_s=60, cpu_s=60, memory_mb=4096, max_procs=64, max_output_bytes=1 << 20)
"""XLS compiles the small functions of this suite in well under a second; a minute or two
covers a cold start on a loaded machine, and a candidate that unrolls a huge loop stops here."""


@dataclass
class FlowSettings:
    module: str
    function: str
    delay_model: str
    clock_period_ps: int
    module_name: str
    signature: dict | None = None
    vectors: list[list[str]] = field(default_factory=list)


def _worker() -> str:
    return (package_files("chipbench.evaluators.hls_xls") / "worker" / "flow.py").read_text()


def _config(settings: FlowSettings, source: str, nonce: str, prefix: str = "") -> dict:
    return {"source": source, "module": settings.module, "function": settings.function,
            "delay_model": settings.delay_model, "clock_period_ps": settings.clock_period_ps,
            "module_name": settings.module_name, "signature": settings.signature, "vectors": settings.vectors,
            "nonce": nonce, "result": f"{prefix}result.json", "verilog": f"{prefix}{VERILOG}"}


async def run_in_sandbox(sandbox: Sandbox, settings: FlowSettings, source: str) -> tuple[ExecResult, dict | None]:
    """The flow on candidate file `source` (already in the sandbox); the result counts only if
    it carries this run's nonce."""
    nonce = secrets.token_hex(16)
    await sandbox.write_files({f"{FLOW_DIR}/flow.py": _worker(),
                               f"{FLOW_DIR}/config.json": json.dumps(_config(settings, source, nonce))})
    cmd = ["sh", "-c", 'rm -f result.json && exec "$0" -I _xls/flow.py _xls/config.json', sandbox.python]
    run = await sandbox.exec(cmd, LIMITS)
    try:
        result = json.loads(await sandbox.read_file("result.json"))
    except (OSError, SandboxError, ValueError):
        return run, None
    if not isinstance(result, dict) or result.get("nonce") != nonce:
        return run, None
    return run, result


def run_trusted(settings: FlowSettings, source_text: str, workdir: Path) -> dict:
    """The flow on our own reference, outside any sandbox, with the harness's Python; the
    Verilog lands in `workdir`. A failure is ours: it raises."""
    nonce = secrets.token_hex(16)
    (workdir / "reference.x").write_text(source_text)
    (workdir / "flow.py").write_text(_worker())
    config = _config(settings, "reference.x", nonce)
    (workdir / "config.json").write_text(json.dumps(config))
    done = subprocess.run([sys.executable, "-I", "flow.py", "config.json"], cwd=workdir, capture_output=True,
                          text=True, timeout=600)
    try:
        result = json.loads((workdir / "result.json").read_text())
    except (OSError, ValueError):
        raise RuntimeError(f"the XLS flow on the reference left no result: {done.stderr[-2000:]}") from None
    if result.get("status") == "no_xls":
        raise RuntimeError("xls-python is not installed in the harness's environment: "
                           "pip install 'chipbench[xls]' (scripts/setup.sh installs it)")
    if result.get("status") != "ok":
        raise RuntimeError(f"the XLS flow failed on the reference ({result.get('step')}): {result.get('detail')}")
    return result


async def run_trusted_async(settings: FlowSettings, source_text: str) -> tuple[dict, str]:
    """The reference's result and its Verilog."""
    def go() -> tuple[dict, str]:
        with tempfile.TemporaryDirectory(prefix="chipbench-xls-") as d:
            result = run_trusted(settings, source_text, Path(d))
            return result, (Path(d) / VERILOG).read_text()
    return await asyncio.to_thread(go)
