"""`verilogeval:PATH`: spec-to-RTL problems in the common prompt / reference / testbench layout.

A problem is three files sharing a stem: `<stem>_prompt.txt` (the specification),
`<stem>_ref.sv` (a module `RefModule`) and `<stem>_test.sv` (a module `tb` that drives both
`RefModule` and the candidate's `TopModule` and ends by printing `Mismatches: E in N samples`).
This is the layout of VerilogEval's spec-to-RTL set; any set in that layout works.

Each problem becomes a task folder in the cache: the reference renamed to `TopModule`, the
testbench with the reference appended, and one generated known-wrong candidate (every output
tied to zero), so `tasks check` shows the testbench can tell right from wrong.

These tasks get the protections of our own (docs/verilog-judge.md). The testbench's summary
line is rewritten into our verdict line, which carries the run's nonce: a design that prints
`Mismatches: 0 in N samples` itself prints nothing the harness reads. `RefModule` is a
private module, renamed for every run, so a design cannot instantiate it by name (the policy
refuses any module the design does not define, and any name outside the design, besides).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from chipbench.core import ChipbenchError
from chipbench.paths import cache_dir
from chipbench.tasks._suite import Suite

TOP = "TopModule"
REF = "RefModule"
FORMAT = "2"
"""Bumped when the converted tasks change shape, so cached conversions are made again."""

_SUMMARY = re.compile(r'\$display\s*\(\s*"Mismatches: %\d*d in %\d*d samples(?:\\n)?"\s*,'
                      r"\s*(?P<errors>[^,;]+?)\s*,\s*(?P<samples>[^,;]+?)\s*\)\s*;")
_TB_HEADER = re.compile(r"\bmodule\s+tb\b[^;]*;")


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
        "hidden/tb.v": f"{_nonce_testbench(test, source / (stem + '_test.sv')).rstrip()}\n\n{ref}",
        f"hidden/wrong/outputs_zero/{TOP}.sv": _zeroed(ports),
    }
    for rel, text in files.items():
        path = dest / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


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
