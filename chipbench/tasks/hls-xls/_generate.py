"""Generate the hls-xls task folders from `_sources/NAME.toml`, and check them.

    python chipbench/tasks/hls-xls/_generate.py [NAME ...]          # write the folders
    python chipbench/tasks/hls-xls/_generate.py --check [NAME ...]  # also check the sources

A source holds the task's metadata, the function's description, its clock target, the
reference DSLX, known-wrong versions (`[wrong]`) and correct but poorer ones (`[worse]`), and
`model`: a Python expression over the parameters that computes the function, independently of
any DSLX. `kind = "restructure"` tasks give the agent a working but poorer version (`given`),
which also becomes a `worse/given` case; `implement` tasks give a stub with the signature.

`--check` (needs xls-python) runs every version through XLS's interpreter on 500 random
vectors: the reference must equal the Python model on all of them, every `wrong` version must
differ on at least one, every `worse` version must equal the reference. Whether a worse version
really scores worse, and every figure, is measured by `chipbench tasks check`.
"""

from __future__ import annotations

import math
import random
import re
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "_sources"
DELAY_MODEL = "asap7"

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
        raise SystemExit(f"no `pub fn {function}` in the reference")
    return " ".join(m.group(0).split())


def stub(signature: str) -> str:
    returns = signature.split("->")[1].strip()
    return f"// Implement this function; keep its name, parameters and return type.\n{signature} {{\n    zero!<{returns}>()\n}}\n"


def toml_list(items: list[str]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def write(name: str, spec: dict) -> None:
    folder = HERE / name
    if folder.exists():
        shutil.rmtree(folder)
    function = spec["function"]
    file = f"{function}.x"
    signature = spec.get("signature") or signature_of(spec["reference"], function)
    given = spec.get("given")
    (folder / "workspace").mkdir(parents=True)
    if given:
        start = (f"The workspace holds `{file}`, a working version that computes the right function "
                 "but scores poorly at this clock; start from it.")
        (folder / "workspace" / file).write_text(given.lstrip())
    else:
        start = f"The workspace holds `{file}` with the signature and a placeholder body."
        (folder / "workspace" / file).write_text(stub(signature))
    (folder / "task.toml").write_text(
        f'title = "{spec["title"]}"\nkind = "{spec["kind"]}"\ndifficulty = "{spec["difficulty"]}"\n'
        f'tags = {toml_list(spec.get("tags", []))}\nsubmit = ["{file}"]\n\n'
        f'[interface]\nfunction = "{function}"\nlanguage = "dslx"\n\n'
        f'[eval]\nclock_period_ps = {spec["clock_period_ps"]}\ndelay_model = "{DELAY_MODEL}"\n')
    (folder / "prompt.md").write_text(PROMPT.format(
        title=spec["title"], description=spec["description"].strip() + "\n", file=file, signature=signature,
        start=start, clock=spec["clock_period_ps"], delay_model=DELAY_MODEL))
    hidden = folder / "hidden"
    (hidden / "reference").mkdir(parents=True)
    (hidden / "reference" / file).write_text(spec["reference"].lstrip())
    worse = dict(spec.get("worse", {}))
    if given:
        worse["given"] = given
    for kind, cases in (("wrong", spec.get("wrong", {})), ("worse", worse)):
        for label, text in cases.items():
            (hidden / kind / label).mkdir(parents=True)
            (hidden / kind / label / file).write_text(text.lstrip())


def check(name: str, spec: dict) -> list[str]:
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
    vectors = [[draw(t, rng) for _, t in types] for _ in range(500)]
    settings.vectors = [[format_value(t, v) for (_, t), v in zip(types, vec)] for vec in vectors]
    settings.signature = sig

    def outputs(source: str) -> list:
        with tempfile.TemporaryDirectory() as d:
            return [parse_value(v) for v in run_trusted(settings, source, Path(d))["outputs"]]

    problems = []
    print(f"{name}: reference {ref['stages']} stages at {spec['clock_period_ps']} ps")
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
            problems.append(f"wrong/{label} equals the reference on all 500 vectors")
    worse = dict(spec.get("worse", {}))
    if spec.get("given"):
        worse["given"] = spec["given"]
    for label, text in worse.items():
        if outputs(text) != expected:
            problems.append(f"worse/{label} is not equal to the reference")
    return problems


def main(argv: list[str]) -> int:
    checking = "--check" in argv
    names = [a for a in argv if not a.startswith("--")] or sorted(p.stem for p in SOURCES.glob("*.toml"))
    failed = 0
    for name in names:
        spec = tomllib.loads((SOURCES / f"{name}.toml").read_text())
        if checking:
            try:
                problems = check(name, spec)
            except RuntimeError as exc:
                problems = [str(exc)[:300]]
            for p in problems:
                print(f"{name}: {p}")
            failed += bool(problems)
        write(name, spec)
        print(f"{name}: written")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
