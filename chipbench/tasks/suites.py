"""The suites that ship with chipbench; each is declared as an entry point in pyproject.toml."""

from importlib.resources import files
from pathlib import Path

from chipbench.tasks._suite import Suite

_ROOT = Path(str(files("chipbench.tasks")))

verilog = Suite(
    name="verilog",
    root=_ROOT / "verilog",
    evaluator="verilog",
    version="0.1",
    description="Verilog bug repair, scored by hidden self-checking testbenches",
)

isa_transpile = Suite(
    name="isa-transpile",
    root=_ROOT / "isa-transpile",
    evaluator="isa-transpile",
    version="0.1",
    description="x86-64 assembly translated to RISC-V 64 / AArch64, run under qemu-user, "
                "scored by exact dynamic instruction counts",
    track="interface.source_opt",
)
