"""Is a mutant equivalent to the design it came from? Yosys decides.

A mutant no testbench can kill is no evidence of a weak testbench, so mutation scores leave
proven-equivalent mutants out. Two proofs, cheapest first:

1. Structural induction (`equiv_make` / `equiv_induct`): registers and memory words of the
   same name in both designs are paired, and every pair is proven equal inductively. A mutant
   keeps the names of its original, so this settles most harmless mutants in well under a
   second, including designs with memories, where hidden state (a stack slot nobody reads
   yet) defeats the second method.
2. Temporal induction on a miter of the two designs' outputs, which needs no pairing and
   also finds counterexamples (a real bug is refuted, not just left unproven).

`None` (neither proved nor refuted, or Yosys could not read the design) counts as *not*
equivalent: the conservative choice, since it can only lower a testbench's score.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path


def equivalent(gold: dict[str, str], gate: dict[str, str], top: str, max_steps: int = 24) -> bool | None:
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
        log = _yosys(work, f"{design}; miter -equiv -flatten gold gate miter; hierarchy -top miter; "
                           f"sat -tempinduct -prove trigger 0 -set-init-zero -seq 1 "
                           f"-maxsteps {max_steps} -timeout 60 miter")
    if "Induction step proven: SUCCESS!" in log:
        return True
    if "model found for base case: FAIL!" in log:
        return False
    return None


def _yosys(work: Path, script: str) -> str:
    try:
        return subprocess.run(["yosys", "-p", script], cwd=work, capture_output=True, text=True,
                              timeout=180).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""
