"""chipbench: a benchmark harness for LLM agents that write hardware and performance code."""

__version__ = "0.1.0"
