"""The hls-xls evaluator: DSLX compiled by Google XLS, checked in XLS's interpreter and in
Icarus, scored by pipeline stages and Yosys area against the reference."""

from chipbench.evaluators.hls_xls._evaluator import HlsXlsEvaluator

__all__ = ["HlsXlsEvaluator"]
