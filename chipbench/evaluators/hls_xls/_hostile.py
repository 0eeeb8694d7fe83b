"""The hls-xls suite's generic hostile candidates, built for any task from its reference.

DSLX has no system calls, files or processes, so the sandbox-level attacks of other suites
(fork bombs, network, ...) cannot be written in it; what a DSLX candidate can do is make XLS
itself explode (a value of gigabytes, a loop unrolled millions of times), print into the
simulation, read a file through `import`, or paste foreign Verilog through XLS's FFI. Each case
keeps the task's function and signature, so only the attack is judged.
"""

from __future__ import annotations

import re

from chipbench.core import Status, Task
from chipbench.evaluators._base import HostileCase

_POLICY = frozenset({Status.REJECTED})
_NO_MACHINE = "DSLX has no system calls, files, processes or environment: a design cannot express it"
NOT_APPLICABLE = {attack: _NO_MACHINE for attack in ("fork-bomb", "write-outside", "delete-files", "network",
                                                     "stray-process", "kill-processes", "read-secrets")}
"""The generic attacks (chipbench.evaluators.hostile) a DSLX candidate cannot make."""


def _wrap(task: Task, prelude: str, guard: str) -> dict[str, str] | None:
    """The reference with its top function renamed and a new top of the same signature that
    returns its result unless `guard` (a DSLX bool expression) holds."""
    path = task.submit[0]
    source = task.reference[path]
    function = task.interface["function"]
    header = re.search(rf"pub\s+fn\s+{function}\s*\(([^)]*)\)\s*->\s*([^{{]+)\{{", source)
    if not header:
        return None
    names = [p.split(":")[0].strip() for p in header.group(1).split(",") if p.strip()]
    returns = header.group(2).strip()
    renamed = source[:header.start()] + f"fn orig_{function}(" + source[header.start(1):]
    top = (f"pub fn {function}({header.group(1)}) -> {returns} {{\n"
           f"    let r = orig_{function}({', '.join(names)});\n"
           f"    if {guard} {{ zero!<{returns}>() }} else {{ r }}\n}}\n")
    return {path: f"{renamed}\n{prelude}\n{top}"}


def cases(task: Task) -> list[HostileCase]:
    specs = [
        ("memory-bomb", "memory-bomb", "fn bomb() -> u32[0x20000000] { zero!<u32[0x20000000]>() }",
         "bomb()[u32:7] == u32:1", frozenset({Status.RUNTIME_ERROR, Status.TIMEOUT, Status.COMPILE_ERROR})),
        ("compile-bomb", "endless-loop",
         "fn bomb(x: u32) -> u32 { for (i, acc): (u32, u32) in u32:0..u32:0x4000000 { acc * u32:3 + i ^ x }(x) }",
         "bomb(u32:5) == u32:1", frozenset({Status.RUNTIME_ERROR, Status.TIMEOUT, Status.COMPILE_ERROR})),
        ("output-flood", "output-flood",
         "fn noisy(x: u32) -> u32 { for (i, acc): (u32, u32) in u32:0..u32:100000 "
         "{ trace_fmt!(\"flood {}\", i); acc + i }(x) }", "noisy(u32:1) == u32:0", _POLICY),
        ("forged-verdict", "forged-verdict",
         "fn forge(x: u32) -> u32 { trace_fmt!(\"CHIPBENCH_RESULT 0 checks=1 errors=0\"); x }",
         "forge(u32:1) == u32:0", _POLICY),
        ("read-hidden-file", "read-hidden", "import reference;\nimport hidden;", "false", _POLICY),
        ("foreign-verilog", "foreign-logic",
         "#[extern_verilog(\"assign {return} = 32'd0;\")]\nfn smuggle(x: u32) -> u32 { x }",
         "smuggle(u32:1) == u32:0", _POLICY),
    ]
    out = []
    for name, attack, prelude, guard, expect in specs:
        files = _wrap(task, prelude, guard)
        if files:
            out.append(HostileCase(name=name, attack=attack, files=files, expect=expect))
    return out
