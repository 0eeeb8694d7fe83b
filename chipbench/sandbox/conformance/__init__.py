"""The sandbox contract as a test suite that ships with chipbench, so any backend proves itself.

Every promise an evaluator relies on when it hands a sandbox untrusted code is a test in
`test_contract.py`: limits (wall clock for the whole process group, CPU time, memory, processes,
file size, captured output), no network, hidden paths empty, no secrets in the environment,
no way to reach host files through paths or symlinks, a cancelled command dies with its task.
chipbench's own backends pass it in CI (tests/test_sandbox_contract.py); a third-party backend
proves itself with one pytest call, naming its class (`module:attribute`) or the name it is
registered under in the `chipbench.sandboxes` entry-point group:

    CHIPBENCH_CONFORMANCE_SANDBOX=my_pkg.sandbox:MySandbox pytest --pyargs chipbench.sandbox.conformance

or, inside its own test suite, by importing the tests and overriding the `sandbox_factory`
fixture (a callable `factory(hide=PATHS) -> Sandbox`, the sandbox not yet started):

    from chipbench.sandbox.conformance.test_contract import *  # noqa: F403

    @pytest.fixture
    def sandbox_factory():
        return MySandbox

Commands in the tests run `sh`, coreutils and `Sandbox.python` inside the sandbox.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import import_module

from chipbench.sandbox._base import Sandbox

ENV = "CHIPBENCH_CONFORMANCE_SANDBOX"
"""Names the backend `pytest --pyargs chipbench.sandbox.conformance` tests (default: `local`)."""

SandboxFactory = Callable[..., Sandbox]


def load_factory(spec: str | None = None) -> SandboxFactory:
    """The backend named by `spec` (default: `$CHIPBENCH_CONFORMANCE_SANDBOX`, else `local`):
    `module:attribute` for a class anywhere on the path, else a name in the `chipbench.sandboxes`
    registry. Raises ChipbenchError for an unknown name, ImportError/AttributeError for a bad
    `module:attribute`."""
    spec = spec or os.environ.get(ENV) or "local"
    if ":" in spec:
        module, _, attribute = spec.partition(":")
        return getattr(import_module(module), attribute)
    from chipbench.registry import sandboxes

    return sandboxes.get(spec)
