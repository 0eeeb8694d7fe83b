"""`verilogeval:PATH`: spec-to-RTL problems in the common prompt / reference / testbench layout.

A problem is three files sharing a stem: `<stem>_prompt.txt` (the specification),
`<stem>_ref.sv` (a module `RefModule`) and `<stem>_test.sv` (a module `tb` that drives both
`RefModule` and the candidate's `TopModule` and ends by printing `Mismatches: E in N samples`).
This is the layout of VerilogEval's spec-to-RTL set; any set in that layout works.

Each problem becomes a task folder in the cache: the reference renamed to `TopModule`, the
testbench with the reference appended, and generated known-wrong candidates, so `tasks check`
shows the testbench can tell right from wrong. A generated candidate is kept only once it is
proven wrong: scored by the verilog evaluator (Icarus, as a candidate would be) and failed by
the problem's own testbench. The first tried is every output tied to zero, then single-change
mutants of the reference (`evaluators.verilog.mutation`), one kind of change after another;
an all-zero candidate is right wherever the reference's outputs are constantly zero, so it
alone would prove nothing there. A problem no generated candidate fails gets none, and
`tasks check` says so.

These tasks get the protections of our own (docs/verilog-judge.md). The testbench's summary
line is rewritten into our verdict line, which carries the run's nonce: a design that prints
`Mismatches: 0 in N samples` itself prints nothing the harness reads. `RefModule` is a
private module, renamed for every run, so a design cannot instantiate it by name (the policy
refuses any module the design does not define, and any name outside the design, besides).
The testbench's sample check gets a two-state twin for Verilator, so that the reference's
don't-care (`x`) outputs stay don't-care there (`_two_state_sample_check`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import threading
from itertools import zip_longest
from pathlib import Path

from chipbench.core import ChipbenchError
from chipbench.paths import cache_dir
from chipbench.tasks._suite import Suite

TOP = "TopModule"
REF = "RefModule"
FORMAT = "5"
"""Bumped when the converted tasks change shape, so cached conversions are made again."""
WRONG_KEPT = 3
WRONG_TRIED = 40

_SUMMARY = re.compile(r'\$display\s*\(\s*"Mismatches: %\d*d in %\d*d samples(?:\\n)?"\s*,'
                      r"\s*(?P<errors>[^,;]+?)\s*,\s*(?P<samples>[^,;]+?)\s*\)\s*;")
_TB_HEADER = re.compile(r"\bmodule\s+tb\b[^;]*;")
# VerilogEval's sample check: `assign tb_match = ({R} === ({R} ^ {D} ^ {R}));` (an `x` of the
# reference matches anything) and, once per sample, `if (!tb_match)`.
_X_TRICK = re.compile(r"^(?P<indent>[ \t]*)assign\s+tb_match\s*=\s*\(\s*\{(?P<r1>[^{}]*)\}\s*===\s*\(\s*"
                      r"\{(?P<r2>[^{}]*)\}\s*\^\s*\{(?P<dut>[^{}]*)\}\s*\^\s*\{(?P<r3>[^{}]*)\}\s*\)\s*\)\s*;",
                      re.M)
_SAMPLE_CHECK = re.compile(r"\bif\s*\(\s*!\s*tb_match\s*\)")


def _stems(root: Path) -> list[str]:
    return sorted(p.name[: -len("_prompt.txt")] for p in root.glob("*_prompt.txt"))


def _zeroed(ports: list[dict]) -> str:
    """A module with the reference's ports whose outputs are all zero: a known-wrong candidate."""
    decls = []
    for p in ports:
        kind = "input wire" if p["dir"] == "in" else "output logic"
        width = f"[{p['width'] - 1}:0] " if p["width"] > 1 else ""
        decls.append(f"  {kind} {width}{p['name']}")
    ties = "".join(f"  assign {p['name']} = '0;\n" for p in ports if p["dir"] == "out")
    return f"module {TOP} (\n" + ",\n".join(decls) + f"\n);\n{ties}endmodule\n"


def _nonce_testbench(test: str, path: Path) -> str:
    """The external testbench with its summary line turned into our nonce-carrying verdict."""
    if len(_SUMMARY.findall(test)) != 1 or not _TB_HEADER.search(test):
        raise ChipbenchError(f"{path}: expected a module `tb` that prints its summary once, with "
                             '$display("Mismatches: %1d in %1d samples", errors, samples)')
    test = _SUMMARY.sub(lambda m: '$display("CHIPBENCH_RESULT %0s checks=%0d errors=%0d", cb_nonce, '
                        f"{m['samples']}, {m['errors']});", test)
    return _TB_HEADER.sub(lambda m: f'{m[0]}\n`include "chipbench_tb.vh"\n', test, count=1)


def _two_state_sample_check(test: str) -> str:
    """The testbench with its sample check made right on a two-state simulator too.

    VerilogEval compares `{R} === ({R} ^ {D} ^ {R})`: an `x` bit of the reference `R` matches
    any bit of the design's `D`. Verilator has no `x` and would compare those bits. Under
    `VERILATOR` the sample check calls `cb_sample_match(R, D)` instead, which compares them in
    64-bit pieces with `cb_agree64` (chipbench_tb.vh): the bits of `R` that change between
    Verilator's two runs (every `x` made 0, then 1) are don't-care. Icarus keeps the original
    check and writes each sample of `R` to its trace (`cb_sample_trace`), whose `x` bits are
    don't-care in Verilator's runs too where the two simulators saw the same stimulus (the
    values before and during reset: an FSM's unwritten state compared with one state code is
    `x` there, yet false both with every `x` 0 and with every `x` 1). A testbench not in this
    shape is left as it is."""
    found = _X_TRICK.findall(test)
    if len(found) != 1 or len(_SAMPLE_CHECK.findall(test)) != 1:
        return test
    m = _X_TRICK.search(test)
    assert m is not None
    ref, dut = " ".join(m["r1"].split()), " ".join(m["dut"].split())
    if not ref or any(" ".join(m[g].split()) != ref for g in ("r2", "r3")):
        return test
    pad = m["indent"]
    width = f"$bits({{{ref}}})"
    function = (
        f"\n`ifdef VERILATOR\n"
        f"{pad}// chipbench: the sample check on a two-state simulator (see cb_agree64)\n"
        f"{pad}function automatic bit cb_sample_match(input [{width}-1:0] r, input [{width}-1:0] d);\n"
        f"{pad}  reg [{width}+63:0] rr, dd;\n"
        f"{pad}  integer i;\n"
        f"{pad}  begin\n"
        f"{pad}    rr = 0; dd = 0; rr[{width}-1:0] = r; dd[{width}-1:0] = d;\n"
        f"{pad}    cb_sample_match = 1'b1;\n"
        f"{pad}    for (i = 0; i < {width}; i = i + 64)  // every piece, so each run reads the same values\n"
        f"{pad}      if (!cb_agree64(dd[i +: 64], rr[i +: 64])) cb_sample_match = 1'b0;\n"
        f"{pad}  end\n"
        f"{pad}endfunction\n"
        f"`else\n"
        f"{pad}// chipbench: the reference's values, x bits and all, traced for Verilator (see cb_agree64)\n"
        f"{pad}function automatic bit cb_sample_trace(input [{width}-1:0] r);\n"
        f"{pad}  reg [{width}+63:0] rr;\n"
        f"{pad}  integer i;\n"
        f"{pad}  begin\n"
        f"{pad}    rr = 0; rr[{width}-1:0] = r;\n"
        f"{pad}    cb_sample_trace = 1'b1;\n"
        f"{pad}    for (i = 0; i < {width}; i = i + 64)\n"
        f"{pad}      if (!cb_trace64(rr[i +: 64])) cb_sample_trace = 1'b0;\n"
        f"{pad}  end\n"
        f"{pad}endfunction\n"
        f"`endif\n")
    test = test[: m.end()] + function + test[m.end():]
    return _SAMPLE_CHECK.sub(
        lambda c: f"\n`ifdef VERILATOR\nif (!cb_sample_match({{{ref}}}, {{{dut}}}))\n`else\n"
                  f"if (!cb_sample_trace({{{ref}}}) || !tb_match)\n`endif\n", test)


def _convert(source: Path, stem: str, dest: Path) -> None:
    from chipbench.evaluators.verilog.support.ports import parse

    prompt = (source / f"{stem}_prompt.txt").read_text()
    ref = (source / f"{stem}_ref.sv").read_text()
    test = (source / f"{stem}_test.sv").read_text()
    reference = re.sub(rf"\bmodule\s+{REF}\b", f"module {TOP}", ref)
    parsed = parse({f"{TOP}.sv": reference})
    if parsed["errors"] or TOP not in parsed["modules"]:
        raise ChipbenchError(f"{source / (stem + '_ref.sv')}: no parsable module {REF}: {parsed['errors'][:3]}")
    ports = parsed["modules"][TOP]
    files = {
        "task.toml": (
            f"title = {json.dumps(stem.replace('_', ' '))}\nkind = \"spec-to-rtl\"\ndifficulty = \"medium\"\n"
            f"tags = [\"external\", \"verilogeval-layout\"]\nsubmit = [\"{TOP}.sv\"]\n\n"
            f"[interface]\ntop = \"{TOP}\"\n\n[eval]\ntimeout_s = 60\nprivate_modules = [\"{REF}\"]\n"),
        "prompt.md": f"{prompt.rstrip()}\n\nWrite the module `{TOP}` in `{TOP}.sv`.\n",
        f"hidden/reference/{TOP}.sv": reference,
        "hidden/tb.v": f"{_two_state_sample_check(_nonce_testbench(test, source / (stem + '_test.sv'))).rstrip()}\n\n{ref}",
    }
    for rel, text in files.items():
        path = dest / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    tried = {"outputs_zero": _zeroed(ports), **_mutants(reference)}
    for name, source in _run(_proven_wrong(dest, tried)).items():
        path = dest / "hidden" / "wrong" / name / f"{TOP}.sv"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)


def _mutants(reference: str) -> dict[str, str]:
    """Single-change mutants of the reference, interleaved by kind of change (an operator swap,
    a constant, a condition, ...) so the first few kept differ in kind."""
    from chipbench.evaluators.verilog.mutation import mutants

    by_kind: dict[str, list] = {}
    for m in mutants(reference):
        by_kind.setdefault(m.operator, []).append(m)
    order = [m for group in zip_longest(*by_kind.values()) for m in group if m is not None]
    return {f"mutant_{m.operator}_line{m.line}_{i}": m.source for i, m in enumerate(order[:WRONG_TRIED])}


async def _proven_wrong(folder: Path, tried: dict[str, str]) -> dict[str, str]:
    """The first `WRONG_KEPT` of `tried` that the problem's testbench fails (a mismatch, not a
    build error or a timeout, which would prove nothing about the tests)."""
    from chipbench.core import Candidate, Status
    from chipbench.evaluators.verilog import VerilogEvaluator
    from chipbench.sandbox.local import LocalSandbox
    from chipbench.tasks import load_task

    task = load_task(folder, "verilogeval")
    evaluator = VerilogEvaluator(simulators=["icarus"], qor=False)
    kept: dict[str, str] = {}
    for name, source in tried.items():
        async with LocalSandbox(hide=[folder]) as sandbox:
            verdict = await evaluator.evaluate(task, Candidate(files={f"{TOP}.sv": source}), sandbox)
        if verdict.status is Status.FAIL and verdict.category == "simulation_mismatch":
            kept[name] = source
            if len(kept) == WRONG_KEPT:
                break
    return kept


def _run(coroutine):
    """Run `coroutine` to its end from sync code, also when called inside an event loop (the
    runner resolves suites from async code): then in a thread with a loop of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    result: dict = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(coroutine)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
            result["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result["value"]


def suite(path: str) -> Suite:
    """Spec-to-RTL problems from your own copy of a VerilogEval-layout folder."""
    source = Path(path).expanduser().resolve()
    if not source.is_dir():
        raise ChipbenchError(f"{source}: not a folder (verilogeval:PATH needs your local copy)")
    stems = _stems(source)
    if not stems:
        raise ChipbenchError(f"{source}: no *_prompt.txt files: is this a VerilogEval-layout folder?")
    digest = hashlib.sha256(FORMAT.encode())
    for stem in stems:
        for kind in ("prompt.txt", "ref.sv", "test.sv"):
            file = source / f"{stem}_{kind}"
            if not file.is_file():
                raise ChipbenchError(f"{file}: missing (each problem needs _prompt.txt, _ref.sv and _test.sv)")
            digest.update(file.name.encode() + file.read_bytes())
    root = cache_dir() / "adapters" / "verilogeval" / digest.hexdigest()[:16]
    if not (root / ".complete").exists():
        for stem in stems:
            _convert(source, stem, root / re.sub(r"[^A-Za-z0-9_]+", "_", stem))
        (root / ".complete").write_text(str(source))
    return Suite(name="verilogeval", root=root, evaluator="verilog", version=f"external-{root.name}",
                 description=f"spec-to-RTL problems read from {source}")
