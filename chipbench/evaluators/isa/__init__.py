"""The isa-transpile suite's evaluator: x86-64 assembly translated to RISC-V 64 or AArch64,
run under qemu-user against a hidden harness, with exact dynamic instruction counts."""

from chipbench.evaluators.isa._evaluator import IsaTask, IsaTranspileEvaluator, instruction_budget
from chipbench.evaluators.isa._policy import ObjectReport, inspect_object
from chipbench.evaluators.isa._targets import PORTABLE_CFLAGS, TARGETS, Target
from chipbench.evaluators.isa._toolchain import (
    ToolchainError, cache_root, counter_plugin, harness_objects, input_seed_flags, support_dir,
)

__all__ = [
    "IsaTask", "IsaTranspileEvaluator", "ObjectReport", "PORTABLE_CFLAGS", "TARGETS",
    "Target", "ToolchainError", "cache_root", "counter_plugin", "harness_objects", "input_seed_flags", "inspect_object",
    "instruction_budget", "support_dir",
]
