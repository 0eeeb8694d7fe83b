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
from importlib.resources import files as package_files

from chipbench.sandbox import Limits, Sandbox

POLICY_SCRIPT = "chipbench_policy.py"

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


async def elaborated_violations(sandbox: Sandbox, design: list[str], context: list[str]) -> tuple[list[str], list[str]]:
    """(violations, errors) on the expanded, elaborated design (files already in the sandbox):
    rules broken, and slang's other errors in the design's files. `context`: the testbench
    files that instantiate it (empty: the design alone)."""
    script = (package_files("chipbench.evaluators.verilog") / "support" / "policy_check.py").read_text()
    await sandbox.write_file(POLICY_SCRIPT, script)
    request = json.dumps({"design": design, "context": context, "allowed": sorted(ALLOWED_SYSTEM_TASKS),
                          "variants": list(SIMULATOR_DEFINES.values())})
    result = await sandbox.exec([sandbox.python, "-I", POLICY_SCRIPT, request], Limits(wall_s=60, cpu_s=60))
    try:
        found = json.loads(result.stdout) if result.ok else None
    except json.JSONDecodeError:
        found = None
    if not isinstance(found, dict):  # the design broke the checker: it earns no simulation
        detail = (result.stderr or result.stdout).strip()[-500:] or "no output"
        return [f"the policy check could not elaborate this design ({detail})"], []
    return [str(v) for v in found.get("violations", [])], [str(e) for e in found.get("errors", [])]
