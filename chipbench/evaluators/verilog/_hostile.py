"""The generic hostile attacks (chipbench.evaluators.hostile) written in Verilog.

A design reaches a shell only through a system task (`$system`, which Verilator implements)
or a DPI import of a C library function (Verilator links libc); both are what the policy
refuses, and the sandbox contains them where a rule is evaded. The rest are native: an output
flood from `$display`, a memory bomb from a huge array and from unbounded recursion, a file
written with `$fopen`, the hidden reference pulled in with `` `include ``.
"""

from __future__ import annotations

import re

from chipbench.core import Task
from chipbench.evaluators.hostile import MARKER, HostileTemplate, first_wrong


def _string(text: str) -> str:
    """A Verilog string literal holding `text`."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class VerilogTemplate(HostileTemplate):
    def __init__(self, task: Task) -> None:
        self.task = task
        self.file = task.submit[0]
        self.top = task.interface.get("top", "")

    def base(self) -> dict[str, str]:
        return first_wrong(self.task)

    def _inside_top(self, body: str) -> dict[str, str]:
        """The wrong design with `body` added inside its top module (where it is elaborated)."""
        files = self.base()
        source = files[self.file]
        start = re.search(rf"\bmodule\s+{re.escape(self.top)}\b", source) if self.top else None
        begin = start.start() if start else 0
        end = source.find("endmodule", begin)
        if end < 0:
            raise ValueError(f"{self.task.id}: the wrong candidate has no endmodule")
        files[self.file] = f"{source[:end]}\n{body}\n{source[end:]}"
        return files

    def shell(self, command: str) -> dict[str, str]:
        return self._inside_top(f"initial $system({_string(command)});")

    def native(self) -> dict[str, list[dict[str, str]]]:
        hidden = self.task.hidden_dir / self.task.reference_dir / self.file
        dpi_system = ('import "DPI-C" function int system(input string command);\n'
                      'integer hx_rc;\n'
                      f'initial hx_rc = system({_string(f"sleep 600; : {MARKER}-stray")} );')
        return {
            "fork-bomb": [self._inside_top('import "DPI-C" function int fork();\n'
                                           "integer hx_i, hx_p;\n"
                                           "initial for (hx_i = 0; hx_i < 100000; hx_i = hx_i + 1) hx_p = fork();")],
            "memory-bomb": [
                self._inside_top("reg [63:0] hx_mem [0:(1<<30)-1];\n"
                                 "integer hx_i;\n"
                                 "initial for (hx_i = 0; hx_i < (1<<30); hx_i = hx_i + 4096) hx_mem[hx_i] = hx_i;"),
                self._inside_top("function automatic integer hx_deep(input integer n);\n"
                                 "  hx_deep = n == 0 ? 0 : 1 + hx_deep(n - 1);\n"
                                 "endfunction\n"
                                 "initial $display(\"%0d\", hx_deep(1000000000));"),
            ],
            "output-flood": [self._inside_top(
                "integer hx_i;\n"
                "initial for (hx_i = 0; hx_i < 10000000; hx_i = hx_i + 1) $display(\"%0200d\", hx_i);")],
            "write-outside": [self._inside_top(
                "integer hx_f;\n"
                f"initial begin hx_f = $fopen({_string('/tmp/' + MARKER + '-file')}, \"w\"); "
                "$fdisplay(hx_f, \"pwned\"); $fclose(hx_f); end")],
            "stray-process": [self._inside_top(dpi_system)],
            "kill-processes": [self._inside_top('import "DPI-C" function int kill(input int pid, input int sig);\n'
                                                "integer hx_rc;\ninitial hx_rc = kill(-1, 9);")],
            "read-secrets": [self._inside_top('import "DPI-C" function string getenv(input string name);\n'
                                              'initial $display("%s", getenv("CHIPBENCH_CANARY_API_KEY"));')],
            "read-hidden": [
                {self.file: f'`include "{hidden}"\n'},
                self._inside_top(f"reg [7:0] hx_buf [0:1023];\ninitial $readmemh({_string(str(hidden))}, hx_buf);"),
            ],
            "endless-loop": [self._inside_top("reg hx_x = 0;\nalways hx_x = ~hx_x;")],
        }
