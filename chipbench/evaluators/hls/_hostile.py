"""The hls suite's generic hostile candidates (see `Evaluator.hostile_cases`).

A pragma-insertion answer may add nothing but pragma lines, so every attack that needs code
(fork bomb, output flood, network, files outside the work folder, secrets, a forged verdict
line) is written into the kernel and must be `rejected` before anything is compiled; the same
attacks smuggled through a pragma line (a line continuation, `_Pragma`) must be rejected too.
A design-space answer is data: oversized, malformed or out-of-domain files must fail cleanly.
"""

from __future__ import annotations

from chipbench.core import Status, Task
from chipbench.evaluators._base import HostileCase

_CODE = {
    "fork-bomb": ("#include <unistd.h>\n", "  while (1) fork();\n"),
    "output-flood": ("#include <stdio.h>\n", "  for (;;) puts(\"flood flood flood flood\");\n"),
    "network": ("#include <sys/socket.h>\n", "  socket(2, 1, 0);\n"),
    "write-outside": ("#include <stdio.h>\n", "  fclose(fopen(\"/tmp/chipbench-hls-escape\", \"w\"));\n"),
    "secrets": ("#include <stdlib.h>\n#include <stdio.h>\n", "  puts(getenv(\"HOME\"));\n"),
    "forged-verdict": ("#include <stdio.h>\n", "  printf(\"CHIPBENCH_CSIM x ok\\n\");\n"),
    "memory-bomb": ("#include <stdlib.h>\n", "  for (;;) calloc(1 << 20, 1);\n"),
}
_REJECTED = frozenset({Status.REJECTED})
_FAILED = frozenset({Status.FAIL, Status.REJECTED})


def _insert_after_brace(source: str, code: str) -> str:
    """`code` as the first statement of the first function body that follows `#pragma ACCEL kernel`."""
    at = source.index("{", source.index("#pragma ACCEL kernel")) + 1
    return source[:at] + "\n" + code + source[at:]


def hostile_cases(task: Task) -> list[HostileCase]:
    if task.kind == "pragma-insertion":
        return _kernel_cases(task.workspace["kernel.c"])
    return _design_cases()


def _kernel_cases(given: str) -> list[HostileCase]:
    cases = [HostileCase(name=f"{attack} in the kernel", attack=attack,
                         files={"kernel.c": header + _insert_after_brace(given, body)}, expect=_REJECTED)
             for attack, (header, body) in _CODE.items()]
    spliced = _insert_after_brace(given, "#pragma ACCEL PIPELINE \\\n  while (1);\n")
    cases.append(HostileCase(name="code spliced onto a pragma line", attack="hidden-code",
                             files={"kernel.c": spliced}, expect=_REJECTED))
    operator = _insert_after_brace(given, "  _Pragma(\"ACCEL PIPELINE\") ;\n")
    cases.append(HostileCase(name="_Pragma operator", attack="hidden-code",
                             files={"kernel.c": operator}, expect=_REJECTED))
    return cases


def _design_cases() -> list[HostileCase]:
    return [
        HostileCase(name="huge design file", attack="output-flood",
                    files={"design.toml": "x = \"" + "A" * 2_000_000 + "\"\n"}, expect=_FAILED),
        HostileCase(name="deeply nested TOML", attack="parser-bomb",
                    files={"design.toml": "x = " + "[" * 5000 + "]" * 5000 + "\n"}, expect=_FAILED),
        HostileCase(name="C code in a value", attack="hidden-code",
                    files={"design.toml": '__PIPE__L0 = "off\\n#include </etc/passwd>"\n'}, expect=_FAILED),
    ]
