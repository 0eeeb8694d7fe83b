"""Is a mutant equivalent to the design it came from? Yosys (and its ABC) decide.

A mutant no testbench can kill is no evidence of a weak testbench, so mutation scores leave
proven-equivalent mutants out. Three proofs, cheapest first:

1. Structural induction (`equiv_make` / `equiv_induct`): registers and memory words of the
   same name in both designs are paired, and every pair is proven equal inductively. A mutant
   keeps the names of its original, so this settles most harmless mutants in well under a
   second, including designs with memories, where hidden state (a stack slot nobody reads
   yet) defeats induction on outputs.
2. Reachability on a miter of the two designs' outputs (ABC's PDR on an AIGER export): no
   pairing needed, and it proves what induction cannot, e.g. a changed reset value of a
   register that is always loaded before it is read, a counter widened beyond the range it
   ever reaches, or renumbered FSM states; the differing state exists, but no input sequence
   makes it visible. It also finds counterexamples.
3. Temporal induction on the miter, when ABC is absent or gives up within its time limit.

What "equivalent" means is what a testbench can observe: both designs start from the same
all-zero state, the reset port (when the design has one) is asserted in the first cycle, as
every one of our testbenches does, and from the second cycle on every input sequence is
allowed, further resets included; the outputs must then agree in every cycle. An `x` in either
design becomes a free value of its own (`setundef -anyseq`), so an output the reference leaves
undefined must match for every value: that can only refuse an equivalence, never invent one.

`None` (neither proved nor refuted, or Yosys could not read the design) counts as *not*
equivalent: the conservative choice, since it can only lower a testbench's score.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import tempfile
from pathlib import Path

PROOF_MEMORY_BYTES = 3 << 30

# Reset port names and whether the port is active low.
RESET_PORTS = {"rst": False, "reset": False, "rst_n": True, "reset_n": True, "rstn": True, "resetn": True}


def equivalent(gold: dict[str, str], gate: dict[str, str], top: str, ports: list[dict] | None = None,
               max_steps: int = 24) -> bool | None:
    """`ports`: the interface table (name, dir, width); it names the reset port, if any."""
    with tempfile.TemporaryDirectory() as d:
        work = Path(d)
        reads = []
        for tag, files in (("gold", gold), ("gate", gate)):
            for name, text in files.items():
                (work / f"{tag}_{name}").write_text(text)
            reads.append("; ".join(f"read_verilog -sv {tag}_{n}" for n in files) + f"; rename {top} {tag}")
        # SAT knows neither memory cells nor asynchronous resets: map both to plain logic.
        design = f"{reads[0]}; {reads[1]}; proc; memory; opt_clean; async2sync"
        paired = _yosys(work, f"{design}; equiv_make gold gate equiv; "
                              "hierarchy -top equiv; equiv_simple -seq 5; equiv_induct -seq 5; "
                              "equiv_status -assert")
        if "Equivalence successfully proven!" in paired:
            return True
        miter = f"{design}; miter -equiv -flatten gold gate miter"
        if ports and (reachable := _pdr(work, miter, ports)) is not None:
            return reachable
        log = _yosys(work, f"{miter}; hierarchy -top miter; "
                           f"sat -tempinduct -prove trigger 0 -set-init-zero -seq 1 "
                           f"-maxsteps {max_steps} -timeout 60 miter")
    if "Induction step proven: SUCCESS!" in log:
        return True
    if "model found for base case: FAIL!" in log:
        return False
    return None


def reset_first_harness(ports: list[dict]) -> str:
    """A formal wrapper around the miter: reset held in the first cycle, outputs compared after."""
    inputs = [p for p in ports if p["dir"] == "input"]
    decls = "\n".join(f"    input wire [{int(p.get('width', 1)) - 1}:0] in_{p['name']};" for p in inputs)
    conns = ", ".join(f".in_{p['name']}(in_{p['name']})" for p in inputs)
    reset = next((p["name"] for p in inputs if p["name"] in RESET_PORTS), None)
    first = f"assume(in_{reset} == 1'b{0 if RESET_PORTS[reset] else 1});" if reset else ""
    return (f"module chipbench_equiv({', '.join('in_' + p['name'] for p in inputs)});\n{decls}\n"
            f"    wire trigger;\n    miter m ({conns}, .trigger(trigger));\n"
            f"    always @* begin\n        if ($initstate) begin {first} end\n"
            f"        else assert(!trigger);\n    end\nendmodule\n")


def _pdr(work: Path, miter: str, ports: list[dict], timeout_s: int = 60) -> bool | None:
    """Equivalence by reachability: True proved, False refuted, None undecided or no ABC."""
    if not shutil.which("yosys-abc"):
        return None
    (work / "harness.sv").write_text(reset_first_harness(ports))
    # AIGER knows only AND gates, inverters and plain flip-flops: no enables, no resets.
    _yosys(work, f"{miter}; read_verilog -formal harness.sv; proc; hierarchy -top chipbench_equiv; flatten; "
                 "setundef -anyseq; setundef -zero -init; opt_clean; dffunmap; techmap; "
                 "opt -fast -nodffe -nosdff; dffunmap; techmap; abc -g AND -fast; opt_clean; "
                 "write_aiger -zinit miter.aig")
    if not (work / "miter.aig").exists():
        return None
    try:
        log = subprocess.run(["yosys-abc", "-c", f"read_aiger miter.aig; fold; strash; pdr -T {timeout_s}"],
                             cwd=work, capture_output=True, text=True, timeout=timeout_s + 30,
                             preexec_fn=_memory_cap).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    if "Property proved." in log:
        return True
    if "was asserted in frame" in log:
        return False
    return None


def _memory_cap() -> None:
    """Some mutants make a proof blow up (one took 23 GB before it was stopped): a proof that
    runs out of memory is simply undecided."""
    resource.setrlimit(resource.RLIMIT_AS, (PROOF_MEMORY_BYTES, PROOF_MEMORY_BYTES))


def _yosys(work: Path, script: str) -> str:
    try:
        return subprocess.run(["yosys", "-p", script], cwd=work, capture_output=True, text=True,
                              timeout=180, preexec_fn=_memory_cap).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""
