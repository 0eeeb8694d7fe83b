"""What candidate RTL may not do: anything that could forge, end or read around the testbench.

Two stages, both before anything is simulated (the rules are in docs/verilog-judge.md):

- on the text, the preprocessor directives a simulator would act on before any tree exists:
  reading files (`include), pasting C++ into a Verilator build (`systemc_*,
  `verilator_config), and conditional compilation on names the design does not define
  itself (each simulator predefines its own, so `ifdef VERILATOR would let one design read
  differently to each simulator and to this policy);
- on slang's tree after macro expansion and its elaboration with the testbench
  (`support/policy_check.py`, run inside the sandbox): system tasks outside a whitelist,
  `final`, `bind`, DPI, force/release, and every name that resolves outside the design's own
  instances or not at all. Token pasting and macros cannot hide from it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib.resources import files as package_files

from chipbench.evaluators.verilog._interface import Parsed, parsed_ports
from chipbench.sandbox import Limits, Sandbox

SCRIPTS = "_chipbench_slang"
"""Sandbox folder of the slang scripts (`support/policy_check.py`, `support/ports.py`)."""

# A whitelist: anything else (file I/O, plusargs, $finish, $stop, Verilator's C++ escapes $c...)
# is out. $error and friends may stay (assertions); a simulator they stop exits uncleanly,
# which is never a verdict. No random numbers either: `$random` draws from the generator the
# testbench's stimulus draws from, so a design that mirrors it can discard the draws that
# would expose it (and RTL has no use for them).
ALLOWED_SYSTEM_TASKS = {
    "$display", "$write", "$strobe", "$monitor", "$time", "$stime", "$realtime", "$signed",
    "$unsigned", "$clog2", "$bits", "$size", "$countones", "$onehot", "$onehot0", "$isunknown",
    "$high", "$low", "$left", "$right", "$rtoi", "$itor", "$bitstoreal", "$realtobits",
    "$error", "$warning", "$info",
}
# Directives that read files or paste C++ into a Verilator build.
_FORBIDDEN_DIRECTIVE = re.compile(r"`\s*(include|systemc_\w*|verilator_config|line)\b")
# Each simulator's own predefined macros (Verilator: `verilator -E --dump-defines`): the
# elaborated check runs once as each simulator preprocesses, since a macro can build a
# directive that no rule on the text sees.
SIMULATOR_DEFINES = {
    "plain": [],
    "icarus": ["__ICARUS__=1"],
    "verilator": ["VERILATOR=1", "verilator=1", "verilator3=1", "SYSTEMVERILOG=1", "VERILATOR_TIMING=1",
                  "coverage_block_off="],
}
# A macro whose body puts a backtick before one of its arguments builds a directive or a
# macro name from what it is given (`define IF(d) `d ... `IF(ifdef) VERILATOR).
_DEFINE_WITH_ARGS = re.compile(r"`\s*define\s+[A-Za-z_][\w$]*\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)")
_CONDITIONAL = re.compile(r"`\s*(?:ifdef|ifndef|elsif)\b[ \t]*([A-Za-z_][\w$]*|\S*)")
_DEFINE = re.compile(r"`\s*define\s+([A-Za-z_][\w$]*)")

_COMMENTS_AND_STRINGS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"', re.S)


def policy_violations(source: str) -> list[str]:
    """Directives in this candidate source that the simulators would act on and the design may
    not use (empty if none).

    A conditional may test only a macro this file defines *before* it: the simulators compile
    the testbench first and predefine names of their own, so a name defined only later (or in
    another file, which slang preprocesses apart) would take one branch in a simulator and
    another in the policy's run of slang, leaving the simulated branch unchecked."""
    code = _COMMENTS_AND_STRINGS.sub(" ", source)
    found = [f"uses `{d}" for d in sorted(set(_FORBIDDEN_DIRECTIVE.findall(code)))]
    first_defined: dict[str, int] = {}
    for m in _DEFINE.finditer(code):
        first_defined.setdefault(m[1], m.start())
    for m in _CONDITIONAL.finditer(code):
        name = m[1]
        if not re.fullmatch(r"[A-Za-z_][\w$]*", name):
            found.append("uses a conditional directive on something other than one macro name the design defines")
        elif first_defined.get(name, len(code)) > m.start():
            found.append(f"tests `{name}`, which this file does not define before the test (simulators "
                         "predefine their own names: the design must read the same to each of them)")
    for formals, body in _DEFINE_WITH_ARGS.findall(code):
        names = [f.split("=")[0].strip() for f in formals.split(",") if f.strip()]
        if any(re.search(rf"(?<!`)`\s*{re.escape(n)}\b", body) for n in names):
            found.append("defines a macro that builds a directive or macro name from its argument")
    return list(dict.fromkeys(found))


@dataclass
class SlangReport:
    """What slang says of a candidate, from one sandboxed process: its parse (`Parsed`, or a
    string when the parser itself failed) and, when it parsed, the policy's violations and
    slang's other errors in the design's files."""

    parsed: Parsed | str
    violations: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def slang_report(sandbox: Sandbox, design: list[str], context: list[str]) -> SlangReport:
    """Parse `design` (files already in the sandbox) and judge it, elaborated with `context`
    (the testbench files that instantiate it; empty: the design alone), in one process."""
    support = package_files("chipbench.evaluators.verilog") / "support"
    await sandbox.write_files({f"{SCRIPTS}/{name}": (support / name).read_text() for name in ("policy_check.py", "ports.py")})
    request = json.dumps({"design": design, "context": context, "allowed": sorted(ALLOWED_SYSTEM_TASKS),
                          "variants": list(SIMULATOR_DEFINES.values())})
    result = await sandbox.exec([sandbox.python, "-I", f"{SCRIPTS}/policy_check.py", request],
                                Limits(wall_s=90, cpu_s=90))
    lines = result.stdout.splitlines()
    if not lines:
        return SlangReport((result.stderr or result.stdout)[-2000:] or "the parser stopped without output")
    parsed = parsed_ports(lines[0])
    if isinstance(parsed, str) or parsed.errors:
        return SlangReport(parsed)
    try:
        found = json.loads(lines[1]) if result.ok and len(lines) == 2 else None
    except json.JSONDecodeError:
        found = None
    if not isinstance(found, dict):  # the design broke the checker: it earns no simulation
        detail = (result.stderr or result.stdout).strip()[-500:] or "no output"
        return SlangReport(parsed, [f"the policy check could not elaborate this design ({detail})"])
    return SlangReport(parsed, [str(v) for v in found.get("violations", [])], [str(e) for e in found.get("errors", [])])
