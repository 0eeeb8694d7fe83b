"""Generate bug-repair tasks for the verilog suite from its spec-to-RTL designs.

For every spec-to-rtl task (a design: spec, reference, hidden testbench) this runs every
mutant of the reference through the evaluator, keeps those that build but fail the hidden
testbench, and picks a few of different kinds (seeded, so reruns give the same tasks). Each
becomes a task `<design>_bug<k>`: the mutant as the starting file, the design's spec, and a
bug report that describes the symptom the testbench saw, never the fix. Two other killed
mutants are stored as known-wrong candidates, so `tasks check` proves they still fail.

    python scripts/generate_verilog_bug_tasks.py [--per-design 2] [--only NAME ...]

Output folders are written into chipbench/tasks/verilog/ and committed; nothing here runs
when chipbench is used.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import re
import shutil
import textwrap
from pathlib import Path

from chipbench.core import Candidate, Status, Task
from chipbench.evaluators.verilog import VerilogEvaluator
from chipbench.runner import evaluate_in_sandbox
from chipbench.tasks import load_task

SUITE = Path(__file__).resolve().parent.parent / "chipbench" / "tasks" / "verilog"
_MISMATCH = re.compile(r"time=(\d+) signal=(\S+) expected=(\S+) got=(\S+)")
_CHECKS = re.compile(r"(\d+) of (\d+) checks mismatched")


def spec_text(design: Task) -> str:
    """The design's specification without the closing instruction to write the module."""
    lines = design.prompt.rstrip().splitlines()
    while lines and (not lines[-1].strip() or lines[-1].startswith("Write the module")):
        lines.pop()
    return "\n".join(lines)


def bug_report(feedback: str, top: str) -> tuple[str, str]:
    """A user's account of what went wrong, from the testbench's first mismatch; and a title."""
    checks = _CHECKS.search(feedback)
    first = _MISMATCH.search(feedback)
    share = f"{checks.group(1)} of our {checks.group(2)} regression checks fail" if checks else "our regression fails"
    if first:
        time, signal, expected, got = first.groups()
        seen = "an unknown (X) value" if re.search(r"[xXzZ]", got) else f"0x{got}"
        detail = (f"The first wrong value shows up on `{signal}` at simulation time {time}: it reads "
                  f"{seen} where the specification calls for 0x{expected}.")
        title = f"`{signal}` goes wrong"
    else:
        detail = "The outputs do not follow the specification."
        title = "outputs disagree with the spec"
    body = textwrap.fill(f"After integrating `{top}`, {share}. {detail} Nothing else in the system "
                         "changed; the problem is inside this module.", 100)
    return body, title


async def killed_mutants(design: Task, evaluator: VerilogEvaluator) -> list[tuple[str, str, dict, str]]:
    hide = [SUITE]
    limiter = asyncio.Semaphore(2)

    async def one(case):
        async with limiter:
            v = await evaluate_in_sandbox(evaluator, design, Candidate(files=case.files), "local", hide)
        return case, v

    results = await asyncio.gather(*(one(c) for c in evaluator.mutants(design)))
    return [(c.name, c.description, c.files, v.feedback) for c, v in results
            if v.status is Status.FAIL and v.category == "simulation_mismatch"]


def write_bug_task(design: Task, k: int, chosen, wrongs) -> Path:
    name, description, files, feedback = chosen
    top = design.interface["top"]
    folder = SUITE / f"{design.name}_bug{k}"
    if folder.exists():
        shutil.rmtree(folder)
    report, short = bug_report(feedback, top)
    design_root = design.hidden_dir.parent
    (folder / "workspace").mkdir(parents=True)
    for path, text in files.items():
        (folder / "workspace" / path).write_text(text)
    if (design_root / "workspace" / "tb_public.v").exists():
        shutil.copy(design_root / "workspace" / "tb_public.v", folder / "workspace" / "tb_public.v")
    shutil.copytree(design.hidden_dir / "reference", folder / "hidden" / "reference")
    shutil.copy(design.hidden_dir / "tb.v", folder / "hidden" / "tb.v")
    for wname, _, wfiles, _ in wrongs:
        case = folder / "hidden" / "wrong" / ("mutant_" + re.sub(r"[^A-Za-z0-9]+", "_", wname.split(":", 1)[1]))
        case.mkdir(parents=True)
        for path, text in wfiles.items():
            (case / path).write_text(text)
    operator = name.split(":")[2]
    tags = ", ".join(f'"{t}"' for t in [*design.tags, "generated", f"mutation-{operator}"])
    ports = design.interface.get("ports", [])
    port_lines = "".join(
        f'  {{ name = "{p["name"]}", dir = "{p["dir"]}", width = {p["width"]} }},\n' for p in ports)
    (folder / "task.toml").write_text(
        f'title = {json.dumps(design.title + ": " + short)}\nkind = "bug-repair"\ndifficulty = "{design.difficulty}"\n'
        f"tags = [{tags}]\nsubmit = {list(design.submit)!r}\n\n[interface]\ntop = \"{top}\"\n"
        + (f"ports = [\n{port_lines}]\n" if ports else "")
        + f"\n[eval]\ntimeout_s = {design.eval.get('timeout_s', 30)}\n".replace("'", '"'))
    (folder / "prompt.md").write_text(
        f"{spec_text(design)}\n\n## Bug report\n\n{report}\n\nReturn the complete corrected `{top}.v`.\n")
    return folder


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-design", type=int, default=2)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    evaluator = VerilogEvaluator(simulators=["icarus"], qor=False)
    designs = [load_task(f, "verilog") for f in sorted(SUITE.iterdir())
               if (f / "task.toml").exists() and 'kind = "spec-to-rtl"' in (f / "task.toml").read_text()]
    for design in designs:
        if args.only and design.name not in args.only:
            continue
        killed = await killed_mutants(design, evaluator)
        rng = random.Random(int(hashlib.sha256(design.name.encode()).hexdigest(), 16))
        rng.shuffle(killed)
        by_operator: dict[str, list] = {}
        for m in killed:
            by_operator.setdefault(m[0].split(":")[2], []).append(m)
        # Round-robin over mutation operators, so one design's bugs are of different kinds.
        picks = []
        operators = sorted(by_operator)
        rng.shuffle(operators)
        while len(picks) < args.per_design and any(by_operator.values()):
            for op in operators:
                if by_operator[op] and len(picks) < args.per_design:
                    picks.append(by_operator[op].pop())
        rest = [m for m in killed if m not in picks]
        for k, chosen in enumerate(picks, 1):
            wrongs = rest[2 * (k - 1): 2 * k]
            folder = write_bug_task(design, k, chosen, wrongs)
            print(f"{folder.name}: {chosen[1]} (from {len(killed)} killed mutants)")


if __name__ == "__main__":
    asyncio.run(main())
