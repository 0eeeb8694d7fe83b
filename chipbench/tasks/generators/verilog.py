"""Bug-repair tasks for the verilog suite, made from its spec-to-RTL designs by mutation.

For every spec-to-RTL design (spec, reference, hidden testbench) every mutant of the reference
runs through the evaluator; those the testbench kills are the candidates, killed as the
mutation score counts it (`task_check.mutant_outcome`: it builds and the evaluator fails it,
with a mismatch or a simulation that hangs or ends early), those it catches with a mismatch
drawn first (`rank`); a mutant the testbench does not kill is never a task. A seeded draw picks
`PER_DESIGN` of different mutation operators; each becomes `<design>_bug<k>`: the mutant as the
starting file, the design's spec, and a bug report built from the testbench's first mismatch
(the verdict's structured `details`), or from how the simulation failed where there is none,
which describes the symptom, never the fix. Two other killed mutants are stored as known-wrong
candidates. The reference and testbenches are copies of the design's, listed in the task's
provenance so a test proves they have not drifted.

Seed 0 draws as the shipped set was drawn (by the design's name alone), so it reproduces it.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import re
import textwrap
from pathlib import Path

from chipbench.core import Candidate, Status, Task, Verdict
from chipbench.tasks._suite import Suite
from chipbench.tasks.generators import only_these, provenance, write_task

PER_DESIGN = 2
WRONG_PER_TASK = 2
PUBLIC_TESTBENCH = "tb_public.v"


def spec_text(design: Task) -> str:
    """The design's specification without the closing instruction to write the module."""
    lines = design.prompt.rstrip().splitlines()
    while lines and (not lines[-1].strip() or lines[-1].startswith("Write the module")):
        lines.pop()
    return "\n".join(lines)


def bug_report(verdict: Verdict, top: str) -> tuple[str, str]:
    """A user's account of what went wrong, from the testbench's first mismatch (or, for a
    simulation that hangs or stops early, from that); and a title."""
    details = verdict.details
    share = (f"{details['errors']} of our {details['checks']} regression checks fail"
             if details.get("checks") else "our regression fails")
    first = details.get("first_mismatch")
    if first:
        got = first["got"]
        seen = "an unknown (X) value" if re.search(r"[xXzZ]", got) else f"0x{got}"
        detail = (f"The first wrong value shows up on `{first['signal']}` at simulation time {first['time']}: "
                  f"it reads {seen} where the specification calls for 0x{first['expected']}.")
        title = f"`{first['signal']}` goes wrong"
    elif verdict.status is Status.TIMEOUT:
        detail = "The simulation never finishes: the regression hangs until it is stopped."
        title = "the simulation hangs"
    elif verdict.status is Status.RUNTIME_ERROR:
        detail = "The simulation stops before the regression has finished its checks."
        title = "the simulation ends early"
    else:
        detail = "The outputs do not follow the specification."
        title = "outputs disagree with the spec"
    body = textwrap.fill(f"After integrating `{top}`, {share}. {detail} Nothing else in the system "
                         "changed; the problem is inside this module.", 100)
    return body, title


def _draw(design: str, seed: int) -> random.Random:
    key = design if seed == 0 else f"{design}:seed={seed}"
    return random.Random(int(hashlib.sha256(key.encode()).hexdigest(), 16))


def pick(killed: list[tuple[str, dict, Verdict]], design: str, seed: int,
         avoid: frozenset[str] = frozenset()) -> list:
    """The killed mutants in the order tasks take them: first `PER_DESIGN` of different
    operators where possible, drawn by the seed, mutants not in `avoid` (the shipped set's)
    before those in it."""
    rng = _draw(design, seed)
    killed = list(killed)
    rng.shuffle(killed)
    by_operator: dict[str, list] = {}
    for m in killed:
        by_operator.setdefault(m[0].split(":")[2], []).append(m)
    operators = sorted(by_operator)
    rng.shuffle(operators)
    picks: list = []
    for used in (False, True):
        pools = {op: [m for m in ms if (m[0] in avoid) == used] for op, ms in by_operator.items()}
        while len(picks) < PER_DESIGN and any(pools.values()):  # round-robin over operators
            for op in operators:
                if pools[op] and len(picks) < PER_DESIGN:
                    picks.append(pools[op].pop())
    return picks + [m for m in killed if m not in picks]


def rank(killed: list[tuple[str, dict, Verdict]], design: str, seed: int,
         avoid: frozenset[str] = frozenset()) -> list:
    """`pick`'s order over the killed mutants, those the testbench catches with a mismatch
    first: their bug report names the signal and value that go wrong, and no run of them waits
    out the time limit, which a hanging mutant does in every proof and every evaluation of its
    task. A mutant that hangs or ends the simulation early is killed all the same and drawn
    where a design has too few of the others. (So seed 0 draws the shipped set: it was drawn
    from the mismatches alone.)"""
    mismatch = [m for m in killed if m[2].status is Status.FAIL]
    others = [m for m in killed if m[2].status is not Status.FAIL]
    return pick(mismatch, design, seed, avoid) + pick(others, design, seed, avoid)


def assign(ranked: list) -> list[tuple]:
    """(pick, its known-wrong mutants) per task from `pick`'s order: each task's wrongs are the
    next `WRONG_PER_TASK` after the picks; where too few mutants were killed for that, any other
    killed mutant (another task's pick or wrong) fills in, so a design with few killed mutants
    still gives every task its wrong candidates."""
    picks, rest = ranked[:PER_DESIGN], ranked[PER_DESIGN:]
    out = []
    for k, chosen in enumerate(picks, 1):
        wrongs = rest[WRONG_PER_TASK * (k - 1): WRONG_PER_TASK * k]
        if len(wrongs) < WRONG_PER_TASK:
            wrongs += [m for m in ranked if m is not chosen and m not in wrongs][:WRONG_PER_TASK - len(wrongs)]
        out.append((chosen, wrongs))
    return out


def shipped_mutations(suite: Suite, design: str) -> frozenset[str]:
    """The mutations the seed-0 release made tasks of, for `design`."""
    from chipbench.tasks.provenance import task_provenance

    found = set()
    for folder in suite.root.glob(f"{design}_bug*"):
        prov = task_provenance(folder) if (folder / "task.toml").is_file() else None
        if prov and prov.origin == "generated" and prov.seed == 0 and prov.parent == design:
            found.add(prov.mutation)
    return frozenset(found)


class VerilogBugGenerator:
    name = "verilog-mutation"
    version = "1"

    async def _killed(self, design: Task, hide: list[Path], jobs: int) -> list[tuple[str, dict, Verdict]]:
        from chipbench.evaluators.verilog import VerilogEvaluator
        from chipbench.runner import evaluate_in_sandbox
        from chipbench.task_check import mutant_outcome

        evaluator = VerilogEvaluator(simulators=["icarus"], qor=False)
        limiter = asyncio.Semaphore(jobs)

        async def one(case):
            async with limiter:
                return case, await evaluate_in_sandbox(evaluator, design, Candidate(files=case.files), "local",
                                                       hide, cache=False)

        results = await asyncio.gather(*(one(c) for c in evaluator.mutants(design)))
        return [(c.name, c.files, v) for c, v in results if mutant_outcome(v) == "killed"]

    async def generate(self, suite: Suite, seed: int, staging: Path, only: list[str], jobs: int = 2) -> list[str]:
        designs = only_these([t for t in suite.load() if t.kind == "spec-to-rtl"], lambda t: t.name, only,
                             "spec-to-RTL design(s) in the verilog suite:")
        written = []
        for design in designs:
            avoid = shipped_mutations(suite, design.name) if seed else frozenset()
            ranked = rank(await self._killed(design, [suite.root, staging], jobs), design.name, seed, avoid)
            for k, (chosen, wrongs) in enumerate(assign(ranked), 1):
                self._write(design, staging / f"{design.name}_bug{k}", chosen, wrongs, seed)
                written.append(f"{design.name}_bug{k}")
        return written

    def _write(self, design: Task, folder: Path, chosen, wrongs, seed: int) -> None:
        name, files, verdict = chosen
        top = design.interface["top"]
        report, short = bug_report(verdict, top)
        operator = name.split(":")[2]
        parent = design.name
        copies = {"hidden/tb.v": f"{parent}/hidden/tb.v"}
        out = {f"workspace/{p}": t for p, t in files.items()}
        if PUBLIC_TESTBENCH in design.workspace:
            copies[f"workspace/{PUBLIC_TESTBENCH}"] = f"{parent}/workspace/{PUBLIC_TESTBENCH}"
            out[f"workspace/{PUBLIC_TESTBENCH}"] = design.workspace[PUBLIC_TESTBENCH]
        copies.update({f"hidden/reference/{p}": f"{parent}/hidden/reference/{p}" for p in sorted(design.reference)})
        out.update({f"hidden/reference/{p}": t for p, t in design.reference.items()})
        out["hidden/tb.v"] = (design.hidden_dir / "tb.v").read_text()
        for wname, wfiles, _ in wrongs:
            case = "mutant_" + re.sub(r"[^A-Za-z0-9]+", "_", wname.split(":", 1)[1])
            out.update({f"hidden/wrong/{case}/{p}": t for p, t in wfiles.items()})
        out["prompt.md"] = f"{spec_text(design)}\n\n## Bug report\n\n{report}\n\nReturn the complete corrected `{top}.v`.\n"
        spec = {
            "title": f"{design.title}: {short}", "kind": "bug-repair", "difficulty": design.difficulty,
            "tags": [*design.tags, "generated", f"mutation-{operator}"], "submit": list(design.submit),
            "interface": {"top": top, **({"ports": design.interface["ports"]} if design.interface.get("ports") else {})},
            "eval": {"timeout_s": design.eval.get("timeout_s", 30)},
            "provenance": provenance(self, parent, seed, mutation=name, copies=copies),
        }
        write_task(folder, spec, out)
