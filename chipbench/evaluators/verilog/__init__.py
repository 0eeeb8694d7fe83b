"""The verilog suite's evaluator: hidden testbenches on Icarus Verilog and Verilator, Yosys QoR."""

from chipbench.evaluators.verilog._evaluator import VerilogEvaluator
from chipbench.evaluators.verilog._policy import policy_violations

__all__ = ["VerilogEvaluator", "policy_violations"]
