"""A sandbox written outside chipbench (tests/third_party_sandbox.py) proves itself the way a
third party would: one `pytest --pyargs chipbench.sandbox.conformance` call naming its class,
run from a folder of its own. A backend that breaks a promise fails the same suite."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from chipbench.sandbox.conformance import test_contract

pytestmark = pytest.mark.skipif(shutil.which("unshare") is None or shutil.which("setpriv") is None,
                                reason="the third-party sandbox runs commands under util-linux unshare and setpriv")

CONTRACT = {name for name in vars(test_contract) if name.startswith("test_")}


def conformance(backend: str, folder: Path, *select: str) -> dict[str, str]:
    """Each conformance test's outcome (passed, failed, skipped, error) for `backend`."""
    report = folder / "report.xml"
    env = {**os.environ, "CHIPBENCH_CONFORMANCE_SANDBOX": f"third_party_sandbox:{backend}",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))}
    subprocess.run([sys.executable, "-m", "pytest", "--pyargs", "chipbench.sandbox.conformance", "-q",
                    "-p", "no:cacheprovider", f"--junitxml={report}", *select],
                   cwd=folder, env=env, capture_output=True, text=True, timeout=600)
    outcomes = {}
    for case in ET.parse(report).iter("testcase"):
        kinds = [child.tag for child in case if child.tag in ("failure", "error", "skipped")]
        outcomes[case.get("name")] = {"failure": "failed"}.get(kinds[0], kinds[0]) if kinds else "passed"
    return outcomes


def test_a_third_party_sandbox_passes_the_shipped_conformance_suite(tmp_path):
    outcomes = conformance("ThirdPartySandbox", tmp_path)
    assert set(outcomes) == CONTRACT  # every contract test ran, none was left out
    assert {name: o for name, o in outcomes.items() if o != "passed"} == {}


def test_a_sandbox_that_leaks_the_environment_fails_it(tmp_path):
    outcomes = conformance("LeakyEnvironmentSandbox", tmp_path, "-k", "environment or secrets")
    assert outcomes == {"test_environment_is_cleared": "failed",
                        "test_secrets_passed_in_env_never_reach_the_command": "passed"}
