"""hls-xls tasks, generated from the suite's `_sources/NAME.toml`.

A source holds the task's metadata, the function's description, its clock target, the
reference DSLX, known-wrong versions (`[wrong]`) and correct but poorer ones (`[worse]`), and
`model`: a Python expression over the parameters that computes the function, independently of
any DSLX. `kind = "restructure"` tasks give the agent a working but poorer version (`given`),
which also becomes a `worse/given` case; `implement` tasks give a stub with the signature.

Before a source becomes a task its versions run through XLS's interpreter on 500 random
vectors (`source_problems`): the reference must equal the Python model on all of them, every
`wrong` version must differ on at least one, every `worse` version must equal the reference.
Whether a worse version really scores worse, and every figure, is then proven by the same
checks as `chipbench tasks check` before the task is written.

Seed 0 is the shipped set: each task at its source's clock period. The hidden vectors need no
seed (they are drawn afresh for every evaluation); what a seed other than 0 renews is the
clock target (`draw_clock`: 60-140% of the source's, in 10 ps steps, never the source's own),
so the pipeline an agent must find is one nobody has published; a task whose poorer versions
stop scoring worse at the drawn clock fails its proof and is left out.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import random
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from chipbench.core import ChipbenchError
from chipbench.tasks._suite import Suite
from chipbench.tasks.generators import only_these, provenance, write_task

SOURCES = "_sources"
DELAY_MODEL = "asap7"
MODEL_VECTORS = 500

PROMPT = """\
# {title}

Write this function in **DSLX**, the language of [Google XLS](https://google.github.io/xls/),
an open high-level synthesis toolchain. Your file is compiled with XLS and turned into a
pipelined Verilog module for a clock target.

{description}
## What you hand in

`{file}`, a DSLX module with this public function (same name, parameter names and types, and
return type):

```dslx
{signature}
```

{start}

## How it is scored

1. XLS (xls-python) converts your DSLX to IR, optimises it, and its IR interpreter runs it on
   a few hundred hidden input vectors, drawn afresh for every evaluation; every output must
   equal the reference implementation's.
2. XLS schedules it at a **clock period of {clock} ps** with its `{delay_model}` delay model and
   generates pipelined Verilog (inputs and outputs registered, `in_valid`/`out_valid`). Icarus
   Verilog runs that Verilog on the same vectors, streamed one per clock: every output must
   match again.
3. Figures, each measured and compared with the reference implementation's:
   **pipeline stages** at that clock (fewer is better; also the latency in cycles measured in
   the simulation) and **area**, the cell count of Yosys's synthesis of the generated Verilog
   (smaller is better). A design XLS cannot schedule at the clock period fails.

Rules: only the bundled DSLX standard library may be imported (`import std;`); no
`#[extern_verilog]` (foreign Verilog), no `trace_fmt!`. Helper functions are fine.
"""


def model_helpers() -> dict:
    """Names the sources' `model` expressions may use."""
    def s(x: int, w: int) -> int:
        return x - (1 << w) if x >> (w - 1) else x

    def u(x: int, w: int) -> int:
        return x & ((1 << w) - 1)

    def crc8_model(crc: int, data: int) -> int:
        c = crc ^ data
        for _ in range(8):
            c = ((c << 1) ^ (0x07 if c & 0x80 else 0)) & 0xFF
        return c

    def gray_model(g: int) -> int:
        b = 0
        for i in reversed(range(8)):
            bit = ((g >> i) & 1) ^ ((b >> (i + 1)) & 1 if i < 7 else 0)
            b |= bit << i
        return b

    def hamming_model(d: int) -> int:
        d0, d1, d2, d3 = ((d >> i) & 1 for i in range(4))
        bits = [d0 ^ d1 ^ d3, d0 ^ d2 ^ d3, d0, d1 ^ d2 ^ d3, d1, d2, d3]
        return sum(b << i for i, b in enumerate(bits))

    return {"s": s, "u": u, "crc8_model": crc8_model, "gray_model": gray_model,
            "hamming_model": hamming_model, "math": math}


def signature_of(source: str, function: str) -> str:
    m = re.search(rf"pub\s+fn\s+{function}\s*\([^)]*\)\s*->\s*[^{{]+", source)
    if not m:
        raise ChipbenchError(f"hls-xls: no `pub fn {function}` in the reference")
    return " ".join(m.group(0).split())


def stub(signature: str) -> str:
    returns = signature.split("->")[1].strip()
    return f"// Implement this function; keep its name, parameters and return type.\n{signature} {{\n    zero!<{returns}>()\n}}\n"


def draw_clock(name: str, clock_ps: int, seed: int) -> int:
    """The clock period of task `name` in the set of `seed` (the source's own for seed 0)."""
    if seed == 0:
        return clock_ps
    rng = random.Random(int(hashlib.sha256(f"{name}:seed={seed}".encode()).hexdigest(), 16))
    choices = [c for c in range(math.ceil(clock_ps * 0.6 / 10) * 10, int(clock_ps * 1.4) + 1, 10) if c != clock_ps]
    return rng.choice(choices)


def task_files(spec: dict, clock_ps: int) -> dict[str, str]:
    """Every file of the task folder but task.toml."""
    function = spec["function"]
    file = f"{function}.x"
    signature = spec.get("signature") or signature_of(spec["reference"], function)
    given = spec.get("given")
    if given:
        start = (f"The workspace holds `{file}`, a working version that computes the right function "
                 "but scores poorly at this clock; start from it.")
        workspace = given.lstrip()
    else:
        start = f"The workspace holds `{file}` with the signature and a placeholder body."
        workspace = stub(signature)
    files = {f"workspace/{file}": workspace,
             "prompt.md": PROMPT.format(title=spec["title"], description=spec["description"].strip() + "\n",
                                        file=file, signature=signature, start=start, clock=clock_ps,
                                        delay_model=DELAY_MODEL),
             f"hidden/reference/{file}": spec["reference"].lstrip()}
    worse = dict(spec.get("worse", {}))
    if given:
        worse["given"] = given
    for kind, cases in (("wrong", spec.get("wrong", {})), ("worse", worse)):
        for label, text in cases.items():
            files[f"hidden/{kind}/{label}/{file}"] = text.lstrip()
    return files


def source_problems(name: str, spec: dict) -> list[str]:
    """Problems with one source (empty when none), from XLS's interpreter and the model."""
    from chipbench.evaluators.hls_xls._flow import FlowSettings, run_trusted
    from chipbench.evaluators.hls_xls._values import draw, format_value, parse_type, parse_value

    function = spec["function"]
    settings = FlowSettings(module=function, function=function, delay_model=DELAY_MODEL,
                            clock_period_ps=int(spec["clock_period_ps"]), module_name=function)
    with tempfile.TemporaryDirectory() as d:
        ref = run_trusted(settings, spec["reference"], Path(d))
    sig = ref["signature"]
    types = [(n, parse_type(t)) for n, t in sig["params"]]
    rng = random.Random(name)
    vectors = [[draw(t, rng) for _, t in types] for _ in range(MODEL_VECTORS)]
    settings.vectors = [[format_value(t, v) for (_, t), v in zip(types, vec)] for vec in vectors]
    settings.signature = sig

    def outputs(source: str) -> list:
        with tempfile.TemporaryDirectory() as d:
            return [parse_value(v) for v in run_trusted(settings, source, Path(d))["outputs"]]

    problems = []
    expected = outputs(spec["reference"])
    helpers = model_helpers()
    for vec, got in zip(vectors, expected):
        want = eval(spec["model"], {**helpers, **dict(zip((n for n, _ in types), vec))})  # noqa: S307 - our own sources
        if isinstance(want, list) or isinstance(got, list):
            want = list(want)
        if want != got:
            problems.append(f"reference differs from the model on {vec}: {got} != {want}")
            break
    for label, text in spec.get("wrong", {}).items():
        if outputs(text) == expected:
            problems.append(f"wrong/{label} equals the reference on all {MODEL_VECTORS} vectors")
    worse = dict(spec.get("worse", {}))
    if spec.get("given"):
        worse["given"] = spec["given"]
    for label, text in worse.items():
        if outputs(text) != expected:
            problems.append(f"worse/{label} is not equal to the reference")
    return problems


class XlsGenerator:
    name = "hls-xls-dslx"
    version = "1"

    async def generate(self, suite: Suite, seed: int, staging: Path, only: list[str], jobs: int = 2) -> list[str]:
        sources = only_these(sorted((suite.root / SOURCES).glob("*.toml")), lambda s: s.stem, only,
                             f"source(s) in {suite.root / SOURCES}:")
        written = []
        for path in sources:
            name, spec = path.stem, tomllib.loads(path.read_text())
            try:
                problems = await asyncio.to_thread(source_problems, name, spec)
            except RuntimeError as exc:  # the reference does not build in XLS
                problems = [str(exc)[:300]]
            if problems:
                raise ChipbenchError(f"hls-xls source {name}: " + "; ".join(problems))
            clock = draw_clock(name, int(spec["clock_period_ps"]), seed)
            write_task(staging / name, self.task_spec(name, spec, seed, clock), task_files(spec, clock))
            written.append(name)
        return written

    def task_spec(self, name: str, spec: dict, seed: int, clock: int) -> dict[str, Any]:
        """The task.toml of source `name` at clock period `clock` (ps), as data."""
        mutation = f"clock period {spec['clock_period_ps']} -> {clock} ps" if seed else ""
        return {
            "title": spec["title"], "kind": spec["kind"], "difficulty": spec["difficulty"],
            "tags": list(spec.get("tags", [])), "submit": [f"{spec['function']}.x"],
            "interface": {"function": spec["function"], "language": "dslx"},
            "eval": {"clock_period_ps": clock, "delay_model": DELAY_MODEL},
            "provenance": provenance(self, f"{SOURCES}/{name}.toml", seed, mutation=mutation),
        }
