"""What a DSLX candidate may not use: anything that brings in logic or files XLS did not
compile from the candidate's own text, or that prints into the simulation the harness reads.

* `#[extern_verilog(...)]` (XLS's FFI) pastes a Verilog template into the generated design in
  place of the function's body: the function is never checked by the interpreter the way the
  hardware computes it, so any logic could be smuggled in. Only attributes that change no
  hardware are allowed (`test`, `quickcheck`, `cfg`, `allow`).
* `import` reads `.x` files from the working folder and the search paths; only modules of the
  DSLX standard library bundled with XLS may be imported.
* `trace_fmt!`/`trace!`/`trace_expr!` become `$display` in the Verilog.

Comments, string literals and character literals are removed first, in one pass from left to
right, so a design may mention any of these in a comment or a string, and a `//` inside a string
(or a `"` in a character literal) cannot hide the rest of a line from the checks. Second lines:
the flow refuses IR with trace or FFI operations or code from files other than the candidate's
and the standard library (worker/flow.py), and the Verilog XLS generates is checked again with
the verilog suite's policy.
"""

from __future__ import annotations

import re

STDLIB_MODULES = {"std", "apfloat", "float32", "float64", "bfloat16", "hfloat16", "fixed_point",
                  "abs_diff", "round", "acm_random"}
ALLOWED_ATTRIBUTES = {"test", "test_proc", "quickcheck", "cfg", "allow"}
MAX_SOURCE_BYTES = 200_000

# One alternation, scanned left to right: whichever of a comment, a string or a character
# literal starts first swallows the others inside it (DSLX strings may span lines).
_COMMENT_OR_LITERAL = re.compile(r"""//[^\n]*|"(?:\\.|[^"\\])*"?|'(?:\\.|[^'\\\n])*'""", re.S)
_ATTRIBUTE = re.compile(r"#!?\s*\[\s*([A-Za-z_]\w*)")
_IMPORT = re.compile(r"\bimport\s+([\w.]+)")
_TRACE = re.compile(r"\b(trace_fmt|trace|trace_expr|vtrace_fmt)\s*!")


def policy_violations(source: str) -> list[str]:
    """Why this DSLX source may not be compiled for scoring (empty if it may)."""
    if len(source.encode()) > MAX_SOURCE_BYTES:
        return [f"the source is larger than {MAX_SOURCE_BYTES} bytes"]
    code = _COMMENT_OR_LITERAL.sub(" ", source)
    found = []
    for name in sorted(set(_ATTRIBUTE.findall(code)) - ALLOWED_ATTRIBUTES):
        what = " (foreign Verilog in place of DSLX)" if name == "extern_verilog" else ""
        found.append(f"uses the attribute #[{name}]{what}")
    for module in sorted(set(_IMPORT.findall(code))):
        if module not in STDLIB_MODULES:
            found.append(f"imports {module!r}: only the bundled DSLX standard library may be imported "
                         f"({', '.join(sorted(STDLIB_MODULES))})")
    for name in sorted(set(_TRACE.findall(code))):
        found.append(f"uses {name}! (it prints into the simulation)")
    return found
