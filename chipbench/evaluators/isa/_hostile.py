"""The generic hostile attacks (chipbench.evaluators.hostile) written in RISC-V 64 / AArch64
assembly.

Translated code reaches the machine only through system calls: a shell through `execve`, a
fork bomb through `clone`, a flood through `write`, killing through `kill`. The policy rejects
any system-call instruction in the linked code, and the emulator plugin stops one at run time
where it is hidden. What needs no system call is written natively: an endless loop (stopped
by the instruction budget), stores walking down the stack until they leave it (a memory bomb),
stores into the harness's state, and `.include` of the hidden reference.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chipbench.core import Task
from chipbench.evaluators.hostile import HostileTemplate, first_wrong
from chipbench.evaluators.isa._toolchain import STATE_BASE

# Linux's generic system-call numbers, the same on both targets.
_EXECVE, _CLONE, _WRITE, _KILL = 221, 220, 64, 129


def _string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class _Asm:
    """The few instructions the attacks need, per target."""

    def __init__(self, target: str) -> None:
        self.riscv = target == "riscv64"

    def address(self, reg: str, label: str) -> str:
        return f"\tla {reg}, {label}\n" if self.riscv else f"\tadrp {reg}, {label}\n\tadd {reg}, {reg}, :lo12:{label}\n"

    def syscall(self, number: int, args: Sequence[str] = ()) -> str:
        if self.riscv:
            moves = "".join(f"\tli a{i}, {a}\n" for i, a in enumerate(args))
            return f"{moves}\tli a7, {number}\n\tecall\n"
        moves = "".join(f"\tmov x{i}, {a}\n" for i, a in enumerate(args))
        return f"{moves}\tmov x8, {number}\n\tsvc #0\n"

    def execve_sh(self, command: str) -> tuple[str, str]:
        """Code that runs `sh -c command`, and the read-only strings it needs."""
        if self.riscv:
            code = ("\taddi sp, sp, -32\n" + self.address("t0", ".Lhx_sh") + "\tsd t0, 0(sp)\n"
                    + self.address("t1", ".Lhx_c") + "\tsd t1, 8(sp)\n"
                    + self.address("t2", ".Lhx_cmd") + "\tsd t2, 16(sp)\n\tsd zero, 24(sp)\n"
                    f"\tmv a0, t0\n\tmv a1, sp\n\tli a2, 0\n\tli a7, {_EXECVE}\n\tecall\n\taddi sp, sp, 32\n")
        else:
            code = ("\tsub sp, sp, #32\n" + self.address("x9", ".Lhx_sh") + "\tstr x9, [sp]\n"
                    + self.address("x10", ".Lhx_c") + "\tstr x10, [sp, 8]\n"
                    + self.address("x11", ".Lhx_cmd") + "\tstr x11, [sp, 16]\n\tstr xzr, [sp, 24]\n"
                    f"\tmov x0, x9\n\tmov x1, sp\n\tmov x2, xzr\n\tmov x8, {_EXECVE}\n\tsvc #0\n\tadd sp, sp, #32\n")
        data = (f'.Lhx_sh: .string "/bin/sh"\n.Lhx_c: .string "-c"\n.Lhx_cmd: .string {_string(command)}\n')
        return code, data

    def loop(self, body: str) -> str:
        return f"1:\n{body}\t{'j' if self.riscv else 'b'} 1b\n"

    def stack_walk(self) -> str:
        """Stores every 4 KiB below the stack pointer, 4 GiB down."""
        if self.riscv:
            return ("\tmv t0, sp\n\tli t1, 1048576\n2:\n\tli t2, 4096\n\tsub t0, t0, t2\n\tsd zero, 0(t0)\n"
                    "\taddi t1, t1, -1\n\tbnez t1, 2b\n")
        return "\tmov x9, sp\n\tmov x10, 1048576\n2:\n\tsub x9, x9, 4096\n\tstr xzr, [x9]\n\tsubs x10, x10, 1\n\tbne 2b\n"

    def store_at(self, address: int) -> str:
        if self.riscv:
            return f"\tli t0, {address}\n\tsd zero, 0(t0)\n"
        return f"\tldr x9, ={address}\n\tstr xzr, [x9]\n"


class IsaTemplate(HostileTemplate):
    fast = {"endless-loop"}

    def __init__(self, task: Task) -> None:
        self.task = task
        self.file = task.submit[0]
        self.function = task.interface["function"]
        self.asm = _Asm(task.interface.get("target", ""))

    def base(self) -> dict[str, str]:
        return first_wrong(self.task)

    def _at_entry(self, code: str, data: str = "") -> dict[str, str]:
        """The wrong translation with `code` run first, at the function's entry."""
        files = self.base()
        source = files[self.file]
        label = re.search(rf"^{re.escape(self.function)}:[^\n]*\n", source, re.M)
        if label is None:
            raise ValueError(f"{self.task.id}: the wrong candidate has no `{self.function}:` label")
        source = source[:label.end()] + code + source[label.end():]
        if data:
            source += f"\n\t.section .rodata\n{data}"
        files[self.file] = source
        return files

    def shell(self, command: str) -> dict[str, str]:
        return self._at_entry(*self.asm.execve_sh(command))

    def native(self) -> dict[str, list[dict[str, str]]]:
        a = self.asm
        hidden = self.task.hidden_dir / self.task.reference_dir / self.file
        return {
            "fork-bomb": [self._at_entry(a.loop(a.syscall(_CLONE, ["17", "0"])))],
            "output-flood": [self._at_entry(a.loop(a.syscall(_WRITE, ["1", "0", "4096"])))],
            "kill-processes": [self._at_entry(a.syscall(_KILL, ["-1", "9"]))],
            "memory-bomb": [self._at_entry(a.stack_walk())],
            "write-outside": [self._at_entry(a.store_at(STATE_BASE)), self._at_entry(a.store_at(0x10000))],
            "read-hidden": [{self.file: f'\t.include "{hidden}"\n'}],
            "endless-loop": [self._at_entry(a.loop(""))],
        }
