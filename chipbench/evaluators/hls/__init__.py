"""The hls suite's evaluator: pragma design points of HLSyn kernels, checked in C simulation
with g++ against a hidden testbench, scored on measured synthesis results (HLSyn), a
surrogate's labelled prediction for unmeasured points, or an installed HLS tool."""

from chipbench.evaluators.hls._data import DATA, Space, kernel_source, kernels, space
from chipbench.evaluators.hls._design import DesignError, instantiate, render_toml, strip_tunable
from chipbench.evaluators.hls._evaluator import DesignQuery, HlsEvaluator, HlsTask, simulate
from chipbench.evaluators.hls._qor import QorBackend, ToolQoR, qor_backends
from chipbench.evaluators.hls._surrogate import Quality, cross_validate, surrogate

__all__ = [
    "DATA", "DesignError", "DesignQuery", "HlsEvaluator", "HlsTask", "QorBackend", "Quality", "Space",
    "ToolQoR", "cross_validate", "instantiate", "kernel_source", "kernels", "qor_backends", "render_toml",
    "simulate", "space", "strip_tunable", "surrogate",
]
