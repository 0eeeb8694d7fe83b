"""Evaluators: one per suite, each turning a candidate into a `Verdict`, plus shared metrics."""

from chipbench.evaluators._base import (
    Evaluator, HostileCase, MutantCase, Proof, Requirement, Resources, clip, exec_failure, python_requirement,
    tool_requirement, tool_version,
)

__all__ = ["Evaluator", "HostileCase", "MutantCase", "Proof", "Requirement", "Resources", "clip", "exec_failure",
           "python_requirement", "tool_requirement", "tool_version"]
