"""Make three recorded runs of made-up models and the leaderboard of them, with no model and no key.

    .venv/bin/python scripts/leaderboard_demo.py OUT     # replies, runs and site under OUT/

Each "model" is a replay file (`--model replay:FILE`) whose replies are built from the tasks'
own references: `steady` answers most tasks correctly, with some isa-transpile answers padded
with `nop`s (correct, slower); `sloppy` breaks more of them; `agentic` works through the
tool-calling agent (write_file, run_checks, submit), so its transcripts hold tool calls and
their results. The browser test (tests/test_leaderboard_site.py) builds its site the same way;
the screenshot in docs/leaderboard.png is this script's site.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from chipbench.registry import suites

VERILOG = ["priority_encoder", "alu8", "crc8", "alu8_bug1", "barrel_shifter", "debouncer"]
ISA = ["gcd_u64-O2-riscv64", "popcount64-O2-aarch64", "bitrev32-O0-aarch64", "gcd_u64-O0-aarch64"]
MODELS = {
    # name: (agent, {task name: how to answer}); unlisted tasks get the reference
    "steady": ("single-shot", {"debouncer": "wrong", "popcount64-O2-aarch64": "pad:6", "bitrev32-O0-aarch64": "pad:40"}),
    "sloppy": ("single-shot", {"crc8": "garbled", "alu8_bug1": "prose", "debouncer": "wrong", "barrel_shifter": "wrong",
                               "gcd_u64-O2-riscv64": "pad:3", "bitrev32-O0-aarch64": "garbled"}),
    "agentic": ("tool-calling", {"alu8": "wrong", "gcd_u64-O0-aarch64": "pad:2"}),
}


def _task(suite: str, name: str):
    return suites.get(suite).load([name])[0]


def _answer(task, how: str) -> dict[str, str]:
    """The files of an answer: the reference, or a broken or slower variant of it."""
    files = dict(task.reference)
    name = task.submit[0]
    text = files[name]
    if how == "wrong":  # a plausible bug: the first comparison or sum turned around
        for good, bad in (("==", "!="), (" + ", " - "), ("<<", ">>"), ("&", "|")):
            if good in text:
                text = text.replace(good, bad, 1)
                break
    elif how == "garbled":
        text = "this is not code at all ((\n"
    elif how.startswith("pad:"):  # correct and slower: nops at the function's entry
        label = f"{task.interface['function']}:\n"
        text = text.replace(label, label + "\tnop\n" * int(how.split(":")[1]), 1)
    files[name] = text
    return files


def _single_shot(task, how: str) -> dict:
    if how == "prose":
        return {"task": task.id, "reply": "I believe the bug is in the reset logic; please check it."}
    blocks = "".join(f"```text file={n}\n{t}```\n\n" for n, t in _answer(task, how).items() if n in task.submit)
    return {"task": task.id, "reply": f"Here is my answer.\n\n{blocks}"}


def _tool_calling(task, how: str) -> dict:
    files = _answer(task, how)
    calls = [{"id": f"w{i}", "type": "function", "function": {
        "name": "write_file", "arguments": json.dumps({"path": n, "content": files[n]})}}
        for i, n in enumerate(task.submit)]
    check = [{"id": "c0", "type": "function", "function": {"name": "run_checks", "arguments": "{}"}}]
    submit = [{"id": "s0", "type": "function", "function": {"name": "submit", "arguments": "{}"}}]
    return {"task": task.id, "replies": [
        {"content": "I will write the file, check it, then submit.", "tool_calls": calls},
        {"content": None, "tool_calls": check},
        {"content": "The checks look right.", "tool_calls": submit},
    ]}


def write_replies(folder: Path) -> dict[str, tuple[Path, str]]:
    """One replay file per model: name -> (file, agent)."""
    folder.mkdir(parents=True, exist_ok=True)
    tasks = [_task("verilog", n) for n in VERILOG] + [_task("isa-transpile", n) for n in ISA]
    out = {}
    for model, (agent, plan) in MODELS.items():
        make = _tool_calling if agent == "tool-calling" else _single_shot
        path = folder / f"{model}.jsonl"
        path.write_text("".join(json.dumps(make(t, plan.get(t.name, "reference"))) + "\n" for t in tasks))
        out[model] = (path, agent)
    return out


def run_commands(replies: dict[str, tuple[Path, str]], runs: Path, cwd: Path) -> list[list[str]]:
    """The `chipbench run` command of each model (paths relative to `cwd`, where they run, so
    the model names in the tables stay short)."""
    selection = [a for n in VERILOG + ISA for a in ("-t", n)]
    return [["run", "--suite", "verilog", "--suite", "isa-transpile", *selection, "--agent", agent,
             "--model", f"replay:{os.path.relpath(path, cwd)}", "--run-dir", os.path.relpath(runs / model, cwd),
             "--no-report"]
            for model, (path, agent) in replies.items()]


def main(out: Path) -> None:
    out = out.resolve()
    chipbench = [str(Path(sys.executable).parent / "chipbench")]
    env = {**os.environ, "CHIPBENCH_VERILOG_SIMULATORS": os.environ.get("CHIPBENCH_VERILOG_SIMULATORS", "icarus")}
    for cmd in run_commands(write_replies(out / "replies"), out / "runs", out):
        print(f"(cd {out} && chipbench {' '.join(cmd)})", flush=True)
        subprocess.run(chipbench + cmd, check=True, env=env, cwd=out)
    print(f"(cd {out} && chipbench leaderboard 'runs/*' --out site)", flush=True)
    subprocess.run(chipbench + ["leaderboard", "runs/*", "--out", "site"], check=True, env=env, cwd=out)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "leaderboard-demo"))
