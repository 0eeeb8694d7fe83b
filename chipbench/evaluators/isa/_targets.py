"""The instruction sets the suite translates to, and the one it translates from.

Everything that differs between targets lives here, as data: tool names, flags, the emulated
CPU, the registers the ABI makes callee-saved, and the encodings of system-call instructions.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

# Flags for every C compile of task code, on every architecture. They keep the hidden C's
# meaning identical on x86-64 (where expected outputs are computed) and on the targets:
# plain `char` is signed as on x86-64, multiply-add is never fused, and nothing turns a loop
# into a libc call (there is no libc: the harness is freestanding).
PORTABLE_CFLAGS = (
    "-ffreestanding", "-fno-builtin", "-fno-stack-protector", "-fno-pie", "-fno-pic",
    "-fsigned-char", "-ffp-contract=off", "-fno-tree-loop-distribute-patterns",
    "-fno-reorder-blocks-and-partition", "-fno-asynchronous-unwind-tables",
)


@dataclass(frozen=True)
class Target:
    name: str
    title: str
    triplet: str
    isa: str
    """What the emulated CPU implements; the prompt promises exactly this."""
    cc_flags: tuple[str, ...]
    as_flags: tuple[str, ...]
    ld_flags: tuple[str, ...]
    qemu: str
    qemu_cpu: str
    elf_machine: str
    callee_saved: str
    syscall_step: int
    """Byte step at which an instruction can start (2 with RISC-V compressed instructions)."""
    syscall_encodings: tuple[tuple[int, int], ...]
    """(mask, value) pairs: a 32-bit little-endian word w with w & mask == value traps to the
    kernel."""
    unseen_store_encodings: tuple[tuple[int, int], ...] = ()
    """(mask, value) pairs of instructions that write memory without the emulator reporting the
    store to plugins (AArch64 `dc zva` zeroes a whole block in a helper): the store check
    cannot see them, so code that contains one is rejected."""

    @property
    def gcc(self) -> str:
        return f"{self.triplet}-gcc"

    @property
    def assembler(self) -> str:
        return f"{self.triplet}-as"

    @property
    def linker(self) -> str:
        return f"{self.triplet}-ld"

    def system_call_offsets(self, code: bytes) -> list[int]:
        """Offsets in `code` where a system-call instruction could start."""
        return self._offsets(code, self.syscall_encodings)

    def unseen_store_offsets(self, code: bytes) -> list[int]:
        """Offsets in `code` where a store the emulator does not report could start."""
        return self._offsets(code, self.unseen_store_encodings)

    def _offsets(self, code: bytes, encodings: tuple[tuple[int, int], ...]) -> list[int]:
        return [off for off in range(0, len(code) - 3, self.syscall_step)
                if any(struct.unpack_from("<I", code, off)[0] & mask == value for mask, value in encodings)]


RISCV64 = Target(
    name="riscv64",
    title="RISC-V 64",
    triplet="riscv64-linux-gnu",
    isa="RV64GC (RV64IMAFDC, Zicsr, Zifencei), LP64D ABI; no B, V or other extensions",
    cc_flags=("-march=rv64gc", "-mabi=lp64d"),
    as_flags=("-march=rv64gc", "-mabi=lp64d"),
    ld_flags=("--no-relax",),   # keep the candidate's code exactly its assembled size
    qemu="qemu-riscv64",
    qemu_cpu=("rv64,zba=false,zbb=false,zbc=false,zbs=false,v=false,zbkb=false,zbkc=false,"
              "zbkx=false,zknd=false,zkne=false,zknh=false,zksed=false,zksh=false,"
              "Zfh=false,Zfhmin=false"),
    elf_machine="EM_RISCV",
    callee_saved="s0-s11, fs0-fs11, sp (and gp, tp must be left alone)",
    syscall_step=2,
    syscall_encodings=((0xFFFFFFFF, 0x00000073),),                      # ecall
    # cbo.zero (Zicboz): illegal on the CPU above with qemu 7.2, but newer qemu enables it by
    # default, and like dc zva it may write a block unseen by plugins.
    unseen_store_encodings=((0xFFF07FFF, 0x0040200F),),
)

AARCH64 = Target(
    name="aarch64",
    title="AArch64",
    triplet="aarch64-linux-gnu",
    isa="ARMv8.0-A as a Cortex-A57 implements it (A64 with FP, Advanced SIMD, CRC32, AES/SHA)",
    cc_flags=("-march=armv8-a",),
    as_flags=("-march=armv8-a+crc+crypto",),
    ld_flags=(),
    qemu="qemu-aarch64",
    qemu_cpu="cortex-a57",
    elf_machine="EM_AARCH64",
    callee_saved="x19-x29, d8-d15 (low 64 bits), sp",
    syscall_step=4,
    syscall_encodings=tuple((0xFFE0001F, v) for v in (0xD4000001, 0xD4000002, 0xD4000003)),  # svc hvc smc
    unseen_store_encodings=((0xFFFFFFE0, 0xD50B7420),),                  # dc zva, Xt
)

TARGETS: dict[str, Target] = {t.name: t for t in (RISCV64, AARCH64)}
