"""Is a mutant equivalent to the design it came from? Yosys decides with temporal induction.

A mutant no testbench can kill is no evidence of a weak testbench, so mutation scores leave
proven-equivalent mutants out. `None` (the induction neither proved nor refuted within its
step limit, or Yosys could not read the design) counts as *not* equivalent: the
conservative choice, since it can only lower a testbench's score.
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
        script = (f"{reads[0]}; {reads[1]}; proc; miter -equiv -flatten gold gate miter; "
                  f"hierarchy -top miter; sat -tempinduct -prove trigger 0 -set-init-zero -seq 1 "
                  f"-maxsteps {max_steps} -timeout 60 miter")
        try:
            done = subprocess.run(["yosys", "-p", script], cwd=work, capture_output=True, text=True, timeout=180)
        except (OSError, subprocess.TimeoutExpired):
            return None
    log = done.stdout
    if "Induction step proven: SUCCESS!" in log:
        return True
    if "model found for base case: FAIL!" in log:
        return False
    return None
