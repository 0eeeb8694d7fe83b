"""hls tasks, generated from the packaged HLSyn data (`_data/`: kernels, legal values, measured points).

Per (tool version, kernel) whose all-default point has a valid measured latency (the baseline
of every speedup) and whose best point is known: a design-space task `<kernel>-<ver>`; for the
v20 (Vitis 2020.2) kernels also a query-budget variant `<kernel>-v20-k<K>` and a
pragma-insertion task `<kernel>-v20-insert`. Each gets the generated C-simulation testbench,
the untouched kernel (a copy of its parent, listed in the provenance), a mutant of the kernel
that its testbench kills (found here with g++, and proven again by `tasks check`), the best
measured point as the reference, and known-wrong answers.

Seed 0 is the shipped set (query budget 8, the first killed mutant in source order). The
answers of these tasks are measured points of a public data set, which no seed can renew; what a
seed other than 0 renews is what an agent can have learnt about the tasks' setting: each
kernel's query budget is drawn anew (`QUERY_BUDGETS`, never the shipped 8, so the task's name
says it: `<kernel>-v20-k<K>`), and so is the testbench mutant that the known-wrong answers are
made of. The testbench's inputs need no seed: they are drawn afresh for every evaluation.
"""

from __future__ import annotations

import hashlib
import math
import random
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from chipbench.core import ChipbenchError
from chipbench.evaluators.hls import _data as data
from chipbench.evaluators.hls._design import DESIGN_FILE, KERNEL_FILE, instantiate, render_toml, strip_tunable
from chipbench.evaluators.hls._evaluator import CXX, CXX_FLAGS, invalid_example
from chipbench.evaluators.hls._source import c_parser, parse, walk
from chipbench.evaluators.hls._testbench import Mutant, mutants, testbench
from chipbench.tasks._suite import Suite
from chipbench.tasks.generators import only_these, provenance, write_task

SHIPPED_BUDGET = 8
QUERY_BUDGETS = (4, 5, 6, 10, 12, 16)
"""A fresh seed's query budgets (distinct design points an agent may measure before answering)."""
BUDGET_VERSION = "v20"
SKIPPED = {"spmv-crs": "its latencies are data-dependent and the data reports none for most points"}

KIND_TEXT = """\
| pragma | placeholder | values | what it does |
|---|---|---|---|
| `#pragma ACCEL PIPELINE <v>` | `__PIPE__L<n>` | `"off"`, `""`, `"flatten"` | `"off"`: the loop is not pipelined. `""` (a bare `PIPELINE`): coarse-grained pipelining, the stages of the loop body (inner loops included) overlap across iterations. `"flatten"`: fine-grained pipelining, every loop inside is fully unrolled and the loop is pipelined at the operation level. |
| `#pragma ACCEL PARALLEL FACTOR=<n>` | `__PARA__L<n>` | integers | that many iterations run side by side (partial unrolling with replicated hardware; the arrays involved are partitioned to match). 1 = none. |
| `#pragma ACCEL TILE FACTOR=<n>` | `__TILE__L<n>` | integers | the loop is strip-mined into an outer loop and an inner loop of that many iterations, so a tile of data can be buffered on chip. 1 = none. |
"""

LIMIT_TEXT = """\
The target is a Xilinx Alveo U200 (6,840 DSP slices, 4,320 BRAM18K blocks, 1,182,240 LUTs,
2,364,480 flip-flops). A design is **valid** only if synthesis succeeds and every one of the
four resources stays at or below **80%** of the device; an invalid design fails."""

SCORING_TEXT = """\
Your design is checked first: every value must be legal for its placeholder, and the kernel
must compute the same outputs as the original in C simulation. It is then scored on the
measured synthesis result of that design point (latency in cycles reported by {tool}): the
speedup over the all-default design (no pipelining, parallelism or tiling) and the share of the
best latency known for this kernel. A design point that was never synthesised gets a
predicted figure only, reported apart from measured scores."""


def _rng(key: str, seed: int) -> random.Random:
    return random.Random(int(hashlib.sha256(f"{key}:seed={seed}".encode()).hexdigest(), 16))


def query_budget(version: str, kernel: str, seed: int) -> int:
    """The query budget of `kernel`'s budget task in the set of `seed`."""
    return SHIPPED_BUDGET if seed == 0 else _rng(f"{version}/{kernel}", seed).choice(QUERY_BUDGETS)


def task_names(version: str, kernel: str, seed: int = 0) -> list[str]:
    """The tasks made of one kernel (none where the data cannot score it)."""
    sp = data.space(version, kernel)
    default = sp.lookup(sp.default_point())
    if kernel in SKIPPED or default is None or not default.valid or not default.perf or sp.best() is None:
        return []
    names = [f"{kernel}-{version}"]
    if version == BUDGET_VERSION:
        names += [f"{kernel}-{version}-k{query_budget(version, kernel, seed)}", f"{kernel}-{version}-insert"]
    return names


def difficulties() -> dict[tuple[str, str], str]:
    """easy / medium / hard by tertile of log10(space size) + log10(all-default / best latency):
    a large space where the default is far from the best is hard."""
    scores = {}
    for version in data.TOOLS:
        for kernel in data.kernels(version):
            if task_names(version, kernel):
                sp = data.space(version, kernel)
                ratio = sp.lookup(sp.default_point()).perf / sp.best()[1].perf  # type: ignore[union-attr,index,operator]
                scores[(version, kernel)] = math.log10(sp.size()) + math.log10(ratio)
    ranked = sorted(scores, key=scores.__getitem__)
    third = len(ranked) / 3
    return {key: ("easy", "medium", "hard")[min(2, int(i / third))] for i, key in enumerate(ranked)}


def killed_mutant(kernel: str, source: str, seed: int = 0) -> Mutant:
    """A mutant of the kernel that its testbench tells apart from the original (g++ here): the
    first in source order for seed 0, the first in a seeded shuffle otherwise."""
    tb = testbench(kernel, source)
    order = mutants(source)
    if seed:
        _rng(kernel, seed).shuffle(order)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "tb.cpp").write_text(tb)
        (work / "original.c").write_text(source)
        for mutant in order:
            (work / "candidate.c").write_text(mutant.source)
            build = subprocess.run([CXX, *CXX_FLAGS, "-o", str(work / "tb"), str(work / "tb.cpp")],
                                   capture_output=True, text=True)
            if build.returncode:
                continue
            try:
                run = subprocess.run([str(work / "tb"), "n", "1"], capture_output=True, text=True, timeout=20)
            except subprocess.TimeoutExpired:
                continue
            if "mismatch" in run.stdout:
                return mutant
    raise ChipbenchError(f"hls {kernel}: its testbench kills no mutant")


def _legal_values(sp: data.Space) -> str:
    return "\n".join(f"- `{name}`: {', '.join(_show(v) for v in values)}" for name, values in sp.domains.items())


def _show(v: data.Value) -> str:
    return f'`"{v}"`' if isinstance(v, str) else f"`{v}`"


def _illegal(sp: data.Space) -> dict[str, data.Value]:
    point = sp.default_point()
    name = next((n for n in sp.domains if data.kind_of(n) != "PIPE"), next(iter(sp.domains)))
    if data.kind_of(name) == "PIPE":
        point[name] = "fast"
    else:
        point[name] = next(v for v in range(3, 10_000) if v not in sp.domains[name])
    return point


def _misplaced(stripped: str) -> str:
    """A PIPELINE pragma above the first expression statement (no loop) of the kernel."""
    root = c_parser().parse(stripped.encode()).root_node
    statement = next(n for n in walk(root) if n.type == "expression_statement")
    lines = stripped.splitlines(keepends=True)
    row = statement.start_point[0]
    return "".join(lines[:row]) + "#pragma ACCEL PIPELINE\n" + "".join(lines[row:])


def _prompt(sp: data.Space, tool: str, insert: bool, queries: int, source: str) -> str:
    top = parse(source).top
    head = f"# HLS pragmas for `{top}` ({sp.kernel}, {tool})\n\n"
    if insert:
        body = (f"`{KERNEL_FILE}` is an HLS kernel for the Merlin compiler flow with its optimisation pragmas "
                "removed. Add pragmas to make it fast: write `#pragma ACCEL PIPELINE`, `#pragma ACCEL PARALLEL "
                "FACTOR=<n>` and `#pragma ACCEL TILE FACTOR=<n>` lines directly above loops (a loop label may sit "
                "between). Change nothing else: any other edit of the code is rejected. A loop without a pragma "
                "of a kind gets that kind's default (`off`, factor 1).\n\n"
                "Where each pragma may go, and the values it may take, in the placeholder notation "
                "of the same kernel (each placeholder marks one pragma on the loop below it):\n\n"
                f"```c\n{source.strip()}\n```\n\n")
    else:
        body = (f"`{KERNEL_FILE}` is an HLS kernel for the Merlin compiler flow whose optimisation pragmas are "
                "placeholders `auto{NAME}`. Choose a value for every placeholder and answer with "
                f"`{DESIGN_FILE}`: one line `NAME = value` per placeholder, strings in double quotes, e.g. "
                '`__PIPE__L0 = "flatten"`, `__PARA__L1 = 4`. Your workspace holds the all-default design '
                "as a starting point.\n\n")
    pragmas = f"## The pragmas\n\n{KIND_TEXT}\n"
    legal = f"## Legal values ({sp.size():,} combinations)\n\n{_legal_values(sp)}\n\n"
    limit = f"## Resource limit\n\n{LIMIT_TEXT}\n\n"
    scoring = f"## Scoring\n\n{SCORING_TEXT.format(tool=tool)}\n"
    if queries:
        scoring += (f"\nYou may measure up to {queries} distinct design points before you answer: the "
                    f"`query_design` tool reports the latency, resources and validity of the design in your "
                    f"workspace's `{DESIGN_FILE}`. Your answer is scored on the design you submit.\n")
    return head + body + pragmas + legal + limit + scoring


class HlsGenerator:
    name = "hls-design-points"
    version = "1"

    async def generate(self, suite: Suite, seed: int, staging: Path, only: list[str], jobs: int = 2) -> list[str]:
        kernels = only_these([(v, k) for v in data.TOOLS for k in data.kernels(v)], lambda vk: vk[1], only,
                             "kernel(s) in the HLSyn data:")
        labels = difficulties()
        written: list[str] = []
        for version, kernel in kernels:
            written += self._kernel(version, kernel, labels.get((version, kernel), "medium"), seed, staging)
        return written

    def _kernel(self, version: str, kernel: str, difficulty: str, seed: int, staging: Path) -> list[str]:
        names = task_names(version, kernel, seed)
        if not names:
            return []
        sp = data.space(version, kernel)
        source = data.kernel_source(version, kernel)
        parent = f"_data/kernels/{version}/{kernel}.c"
        tool = data.TOOLS[version]
        best_point, _ = sp.best()  # type: ignore[misc]
        invalid = invalid_example(sp)
        mutant = killed_mutant(kernel, source, seed)
        hidden_common = {"hidden/original.c": source, "hidden/tb.cpp": testbench(kernel, source),
                         "hidden/mutant.c": mutant.source}
        size = f"{sp.size():.3g}" if sp.size() >= 1e6 else str(sp.size())
        for name in names:
            insert = name.endswith("-insert")
            queries = int(name.rsplit("-k", 1)[1]) if name.startswith(f"{kernel}-{version}-k") else 0
            track = "pragma-insertion" if insert else (f"design-search-k{queries}" if queries else "design-space")
            files = dict(hidden_common)
            copies = {"hidden/original.c": parent}
            if insert:
                submit = KERNEL_FILE
                files[f"workspace/{KERNEL_FILE}"] = strip_tunable(source)
                files[f"hidden/reference/{KERNEL_FILE}"] = instantiate(source, best_point)
                files[f"hidden/wrong/non-pragma-edit/{KERNEL_FILE}"] = mutant.source
                files[f"hidden/wrong/misplaced-pragma/{KERNEL_FILE}"] = _misplaced(strip_tunable(source))
                files[f"hidden/wrong/illegal-value/{KERNEL_FILE}"] = instantiate(source, _illegal(sp))
                if invalid is not None:
                    files[f"hidden/wrong/invalid-point/{KERNEL_FILE}"] = instantiate(source, invalid)
            else:
                submit = DESIGN_FILE
                files[f"workspace/{DESIGN_FILE}"] = render_toml(sp.default_point())
                files[f"workspace/{KERNEL_FILE}"] = source
                copies[f"workspace/{KERNEL_FILE}"] = parent
                files[f"hidden/reference/{DESIGN_FILE}"] = render_toml(best_point)
                files[f"hidden/wrong/illegal-value/{DESIGN_FILE}"] = render_toml(_illegal(sp))
                incomplete = dict(best_point)
                incomplete.pop(next(iter(incomplete)))
                files[f"hidden/wrong/incomplete/{DESIGN_FILE}"] = render_toml(incomplete)
                if invalid is not None:
                    files[f"hidden/wrong/invalid-point/{DESIGN_FILE}"] = render_toml(invalid)
            files["prompt.md"] = _prompt(sp, tool, insert, queries, source)
            spec: dict[str, Any] = {
                "title": f"{kernel} ({tool}): {track.replace('-', ' ')}",
                "kind": "pragma-insertion" if insert else "design-space",
                "difficulty": difficulty,
                "tags": ["hls", version, track, f"space-{size}"],
                "submit": [submit],
                "interface": {"kernel": kernel, "version": version, "track": track},
                "eval": {"queries": queries, "mutant": mutant.description.replace("`", "")},
                "provenance": provenance(self, parent, seed, copies=copies),
            }
            write_task(staging / name, spec, files)
        return names
