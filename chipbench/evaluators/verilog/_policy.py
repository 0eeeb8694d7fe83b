"""What candidate RTL may not do: anything that could forge, end or read around the testbench.

The testbench's verdict line carries a nonce passed as a plusarg, so reading plusargs, ending
the simulation, file I/O, C++ escapes into a Verilator build and reaching into the
testbench's hierarchy are all refused before anything runs. Comments and string literals are stripped first: a design may *mention* $finish.
"""

from __future__ import annotations

import re

# A whitelist: anything else (file I/O, plusargs, $finish, Verilator's C++ escapes $c...) is out.
ALLOWED_SYSTEM_TASKS = {
    "$display", "$write", "$strobe", "$monitor", "$time", "$stime", "$realtime", "$signed",
    "$unsigned", "$clog2", "$bits", "$size", "$countones", "$onehot", "$onehot0", "$isunknown",
    "$high", "$low", "$left", "$right", "$rtoi", "$itor", "$bitstoreal", "$realtobits",
    "$error", "$warning", "$info", "$random", "$urandom", "$urandom_range",
}
# Directives that read files or paste C++ into a Verilator build.
_FORBIDDEN_DIRECTIVE = re.compile(r"`\s*(include|systemc_\w*|verilator_config|line)\b")

_COMMENTS_AND_STRINGS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"', re.S)
_SYSTEM_TASK = re.compile(r"\$[A-Za-z_][A-Za-z0-9_$]*")
_UPWARD_REFERENCE = re.compile(r"(?<![\w$.])(tb|\$root)\s*\.")
_HARNESS_NAME = re.compile(r"\b(cb_\w+|chipbench\w*)\b")


def policy_violations(source: str) -> list[str]:
    """Why this candidate source may not be simulated with our testbench (empty if it may)."""
    code = _COMMENTS_AND_STRINGS.sub(" ", source)
    found = [f"uses {task}" for task in sorted(set(_SYSTEM_TASK.findall(code)) - ALLOWED_SYSTEM_TASKS)]
    found += [f"uses `{d}" for d in sorted(set(_FORBIDDEN_DIRECTIVE.findall(code)))]
    if re.search(r"\bfinal\b", code):
        found.append("uses a `final` procedure (it would run after the testbench's verdict)")
    if _UPWARD_REFERENCE.search(code):
        found.append("references the testbench hierarchy")
    if _HARNESS_NAME.search(code):
        found.append("uses names reserved for the harness (cb_*, chipbench*)")
    return found
