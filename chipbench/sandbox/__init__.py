"""Sandboxes: where candidate code runs, behind one interface (`Sandbox`)."""

from chipbench.sandbox._base import ExecResult, Limits, Sandbox, SandboxError

__all__ = ["ExecResult", "Limits", "Sandbox", "SandboxError"]
