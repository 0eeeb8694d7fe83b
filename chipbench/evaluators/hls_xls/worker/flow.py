"""The XLS flow for one DSLX file, run as its own process (inside the sandbox for a candidate).

DSLX -> IR -> optimised IR -> the IR interpreter on the given vectors -> pipeline schedule and
Verilog for a delay model and a clock period. Nothing here judges: the harness compares the
outputs with the reference's outside the sandbox, simulates the Verilog and synthesises it.

Usage: python -I flow.py CONFIG.json (writes the file the config names, carrying its nonce).
"""

import json
import os
import re
import sys
import traceback

_STAGE = re.compile(r"^\s*// ===== Pipe stage (\d+):", re.M)
_FILE = re.compile(r'^file_number \d+ "(.*)"$', re.M)
_FORBIDDEN_OP = re.compile(r"=\s*(trace)\(|#\[ffi_proto", re.M)


def ir_violations(ir: str, source: str, stdlib_dir: str) -> list:
    """The policy's second line, on what XLS compiled rather than on the text: no trace
    operation (a $display), no FFI (extern Verilog) function, no code from a file other than the
    candidate's own and XLS's bundled standard library. Text tricks cannot hide from this."""
    found = sorted({f"uses a {m.group(1) or 'foreign Verilog (FFI)'} operation"
                    for m in _FORBIDDEN_OP.finditer(ir)})
    root = os.path.realpath(stdlib_dir) + os.sep
    for path in _FILE.findall(ir):
        if path != source and not os.path.realpath(path).startswith(root):
            found.append(f"imports code from {path!r} (only the bundled DSLX standard library may be imported)")
    return found


def _result(config: dict, **fields) -> None:
    with open(config["result"], "w") as out:
        json.dump({"nonce": config["nonce"], **fields}, out)


def run(config: dict) -> None:
    try:
        import xls
    except ImportError as exc:  # the harness reports this as its own fault
        _result(config, status="no_xls", detail=str(exc))
        return
    from importlib.metadata import version as installed

    version = installed("xls-python")
    step = "convert"
    try:
        with open(config["source"]) as f:
            text = f.read()
        ir = xls.convert_dslx_to_ir(text, config["source"], config["module"])
        stdlib = os.path.join(os.path.dirname(xls.__file__), "_blob", "dslx_stdlib")
        if problems := ir_violations(ir, config["source"], stdlib):
            _result(config, status="policy", detail="; ".join(problems), xls_version=version)
            return
        name = xls.mangle_dslx_name(config["module"], config["function"])
        step = "signature"
        package = xls.parse_ir_package(ir)
        try:
            function = package.get_function(name)
        except Exception:  # noqa: BLE001 - XLS raises a bare RuntimeError for a missing name
            _result(config, status="signature", detail=f"no function {config['function']!r} in the module",
                    xls_version=version)
            return
        params = [function.get_param_name(i) for i in range(function.get_param_count())]
        ftype = function.get_type()
        signature = {"params": [[p, ftype.get_param_type(i).to_string()] for i, p in enumerate(params)],
                     "returns": ftype.get_return_type().to_string()}
        if config.get("signature") and signature != config["signature"]:
            _result(config, status="signature", signature=signature, xls_version=version,
                    detail="the function's parameters or return type differ from the task's")
            return
        step = "optimize"
        optimised = xls.optimize_ir(ir, name)
        step = "interpret"
        package = xls.parse_ir_package(optimised)
        package.set_top(name)
        function = package.get_function(name)
        outputs = [function.interpret([xls.Value.parse(v) for v in vector]).to_string()
                   for vector in config["vectors"]]
        step = "schedule"
        # A fresh package: codegen adds its block to the package it is given.
        package = xls.parse_ir_package(optimised)
        package.set_top(name)
        verilog = package.schedule_and_codegen(
            with_delay_model=True, generator="pipeline", delay_model=config["delay_model"],
            clock_period_ps=int(config["clock_period_ps"]), module_name=config["module_name"],
            reset="rst", input_valid_signal="in_valid", output_valid_signal="out_valid",
            flop_inputs=True, flop_outputs=True,
        ).get_verilog_text()
        with open(config["verilog"], "w") as f:
            f.write(verilog)
        _result(config, status="ok", signature=signature, outputs=outputs, xls_version=version,
                stages=len(_STAGE.findall(verilog)))
    except Exception as exc:  # noqa: BLE001 - XLS reports every user error as an exception
        _result(config, status="error", step=step, detail=str(exc)[:4000], xls_version=version,
                trace=traceback.format_exc()[-2000:])


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        run(json.load(f))
