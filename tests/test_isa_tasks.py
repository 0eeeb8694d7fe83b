"""The isa-transpile suite's task data: complete, honest prompts, reproducible, and proven by
`chipbench tasks check` (every reference passes, every known-wrong candidate fails)."""

from __future__ import annotations

import re
import subprocess
from collections import Counter

import pytest

from chipbench.core import ChipbenchError
from chipbench.evaluators.isa import TARGETS, IsaTranspileEvaluator
from chipbench.registry import evaluators, suites
from chipbench.runner import select_tasks
from chipbench.tasks import Suite
from conftest import chipbench_cmd, write_task
from isa_support import requires_isa_tools

SUITE = "isa-transpile"


def all_tasks():
    return suites.get(SUITE).load()


def test_suite_is_registered_with_its_evaluator():
    suite = suites.get(SUITE)
    assert suite.evaluator == SUITE and evaluators.get(SUITE) is IsaTranspileEvaluator


def test_every_function_comes_in_both_levels_and_both_targets():
    tasks = all_tasks()
    variants = Counter(t.interface["function"] for t in tasks)
    assert len(variants) >= 40
    assert set(variants.values()) == {4}
    for t in tasks:
        assert t.name == f"{t.interface['function']}-{t.interface['source_opt']}-{t.interface['target']}"
        assert set(t.wrong_candidates()) == {"swapped-args", "off-by-one", "clobbers-callee-saved"}
        assert t.eval["baseline_instructions"] > 0 and t.submit == (f"{t.interface['function']}.s",)


def test_suite_spans_the_required_kinds_of_code():
    tags = set().union(*(t.tags for t in all_tasks()))
    for kind in ("integer", "bits", "loops", "early-exit", "recursion", "arrays", "strings",
                 "structs", "64-bit", "mixed-width", "floating-point", "switch", "jump-table",
                 "sorting", "hashing", "interpreter"):
        assert kind in tags, kind


def test_prompts_give_the_x86_assembly_and_interface_but_not_the_c_body():
    for t in all_tasks():
        body = (t.hidden_dir / f"{t.interface['function']}.c").read_text()
        implementation = body.split("#ifndef CB_DRIVER", 1)[1].split("#else", 1)[0].strip()
        assert f"{t.interface['function']}:" in t.prompt and f"gcc -{t.interface['source_opt']}" in t.prompt
        assert implementation.splitlines()[0] in body and implementation not in t.prompt
        assert "CB_DRIVER" not in t.prompt and "cb_" not in t.prompt
        assert t.interface["target"] in t.prompt and not t.workspace


def _compilers_that_made_the_tasks_are_installed() -> bool:
    root = suites.get(SUITE).root
    for target in TARGETS.values():
        reference = (root / f"sat_add_i32-O2-{target.name}" / "hidden" / "reference" / "sat_add_i32.s").read_text()
        made_by = re.search(r'\.ident\s+"GCC: (.*)"', reference).group(1)
        installed = subprocess.run([target.gcc, "--version"], capture_output=True, text=True).stdout
        if made_by not in installed.splitlines()[0]:
            return False
    return True


@pytest.mark.slow  # the default set proves isa-transpile end to end in test_isa_end_to_end.py
@requires_isa_tools
@pytest.mark.timeout(1500)  # a whole suite: hundreds of evaluations on 2 cores
def test_tasks_check_proves_every_isa_task():
    """The reference (the target gcc's own -O2 code) passes every task; every wrong candidate
    (swapped argument registers, off-by-one, clobbered callee-saved register) fails."""
    from chipbench.runner import resolve_suites, select_tasks
    from chipbench.task_check import hostile_cases_of

    out = chipbench_cmd("tasks", "check", "--suite", SUITE, "--jobs", "2", timeout=900)
    n = len(suites.get(SUITE).task_folders())
    # and the generic hostile battery, run on one task of the suite
    tasks = select_tasks(resolve_suites([SUITE]), [])
    hostile, gaps = hostile_cases_of(tasks, {SUITE: evaluators.get(SUITE)()})
    cases = 4 * n + len(hostile)
    assert out.returncode == 0 and not gaps, out.stdout[-3000:]
    assert f"{n} tasks, {cases} cases: {cases} as expected, 0 problems" in out.stdout


def test_bare_task_names_pick_from_whichever_suite_has_them(task_root):
    """With several suites installed, `--task NAME` must not fail in the suites without NAME."""
    write_task(task_root, "inv")
    toy = Suite(name="toy", root=task_root, evaluator="verilog", version="1")
    picked = select_tasks([suites.get(SUITE), toy], ["inv", "gcd_u64-O2-riscv64"])
    assert sorted(t.id for t in picked) == ["isa-transpile/gcd_u64-O2-riscv64", "toy/inv"]
    with pytest.raises(ChipbenchError, match="no_such_task"):
        select_tasks([suites.get(SUITE), toy], ["inv", "no_such_task"])
