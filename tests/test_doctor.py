"""`chipbench doctor --json` on this machine: every suite and backend the registries know,
each with a runnable flag that agrees with the tools present, and the GPUs there are."""

from __future__ import annotations

import json
import shutil
from importlib.metadata import entry_points

from chipbench.registry import suites
from chipbench.evaluators.kernels.backends import kernel_backends
from chipbench.tasks import Suite
from conftest import chipbench_cmd


def test_doctor_json_lists_every_suite_and_backend_with_a_runnable_flag():
    out = chipbench_cmd("doctor", "--json", timeout=240)
    assert out.returncode == 0, out.stdout + out.stderr
    found = json.loads(out.stdout)
    rows = {(r["suite"], r["variant"]): r for r in found["suites"]}
    expected = set()
    installed = {ep.name for ep in entry_points(group="chipbench.suites")}  # not other tests' registrations
    for name in sorted(installed):
        suite = suites.get(name)
        if isinstance(suite, Suite):
            broken = next((r for r in found["suites"] if r["suite"] == name and r["missing"][:1] == [f"evaluator {suite.evaluator}"]), None)
            expected |= {(name, None)} if broken else {(name, v) for v in suite.variants() or [None]}
    assert set(rows) == expected
    assert {("cuda-kernels", b) for b in kernel_backends.names()} <= set(rows)
    for r in rows.values():
        assert isinstance(r["runnable"], bool)
        assert r["runnable"] == (not r["missing"]) and (r["fix"] is None) == r["runnable"]
    # The flags follow the tools: verilog needs iverilog, verilator, yosys (and slang).
    verilog_tools = ("iverilog", "verilator", "yosys")
    assert rows[("verilog", None)]["runnable"] == all(shutil.which(t) for t in verilog_tools)
    for tool in verilog_tools:
        assert (found["tools"][tool] is not None) == (shutil.which(tool) is not None)
    if shutil.which("iverilog"):
        assert found["tools"]["iverilog"].startswith("Icarus Verilog")
    assert found["tools"]["pyslang"] and found["tools"]["torch"]


def test_doctor_says_there_is_no_gpu_and_what_the_cuda_backend_then_needs():
    found = json.loads(chipbench_cmd("doctor", "--json", timeout=240).stdout)
    if shutil.which("nvidia-smi"):
        assert found["gpus"] and all(g["name"] and g["compute_capability"] for g in found["gpus"])
        return
    assert found["gpus"] == []
    cuda = next(r for r in found["suites"] if r["variant"] == "cuda")
    assert not cuda["runnable"] and "NVIDIA GPU" in cuda["missing"] and "GPU" in cuda["fix"]
    d = found["docker"]
    if d["engine"]:
        gpu_image = next(i for i in d["images"] if i["toolchain"] == "cuda-kernels-gpu")
        assert gpu_image["opt_in"] and gpu_image["fix"] == "chipbench sandbox build --cuda"
        assert not next(i for i in d["images"] if i["toolchain"] == "verilog")["opt_in"]
    else:
        assert d["problem"]
