"""The backend under test when the suite runs as `pytest --pyargs chipbench.sandbox.conformance`
(see the package docstring); a test suite that imports the tests overrides `sandbox_factory`."""

from __future__ import annotations

import pytest

from chipbench.sandbox.conformance import SandboxFactory, load_factory


@pytest.fixture(scope="session")
def sandbox_factory() -> SandboxFactory:
    return load_factory()
