"""`kernelbench:PATH`: PyTorch programs to speed up, in the KernelBench problem layout.

A problem is one Python file defining `Model` (an `nn.Module`), `get_inputs()` and
`get_init_inputs()`, in a folder per level (`PATH/level1/NAME.py`, `PATH/level2/...`). That is
the layout of KernelBench and of this suite's own `workspace/model.py`, so each problem
becomes an ordinary cuda-kernels task (cpu backend: `model_new.py` + `kernel.cpp`) in the
cache and is judged like ours: fresh seeded inputs, every output compared, timing against
eager PyTorch.

Such problems ship no kernel, so these tasks have no reference solution (`has_reference =
false` in their task.toml). What `tasks check` can prove is proved: the conversion runs each
`Model` once (in a sandbox) to learn its outputs, and writes two known-wrong candidates from
them, an all-zero answer and the reference's mean everywhere, which must fail like any
task's; the kernel evaluator's proof `reference_deterministic` runs the `Model` twice on the
same seeds and requires identical outputs (a model drawing unseeded randomness cannot be
judged). That a kernel can pass is not proved, and the check says so. Problems are never
copied into chipbench; the converted folders live in the user's cache.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from chipbench.core import ChipbenchError
from chipbench.paths import cache_dir
from chipbench.sandbox import Limits
from chipbench.tasks._suite import Suite
from chipbench.tasks.adapters.verilogeval import _run

FORMAT = "1"
"""Bumped when the converted tasks change shape, so cached conversions are made again."""
DIFFICULTY = {1: "easy", 2: "medium"}

_PROBE = r'''
import importlib.util, json, sys
import torch
spec = importlib.util.spec_from_file_location("model", "model.py")
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
torch.manual_seed(1)
model = m.Model(*m.get_init_inputs())
torch.manual_seed(2)
with torch.no_grad():
    out = model(*m.get_inputs())
outs = list(out) if isinstance(out, (tuple, list)) else [out]
info = []
for o in outs:
    if not isinstance(o, torch.Tensor):
        sys.exit(f"an output is a {type(o).__name__}, not a tensor")
    mean = float(o.double().mean()) if o.is_floating_point() and o.numel() else 0.0
    info.append({"shape": list(o.shape), "dtype": str(o.dtype).removeprefix("torch."), "mean": mean})
print("CHIPBENCH_PROBE " + json.dumps(info))
'''

_EMPTY_CPP = """\
// Nothing computed here: this known-wrong candidate answers from model_new.py.
#include <torch/csrc/utils/pybind.h>

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {}
"""


def _problems(root: Path) -> list[tuple[int, Path]]:
    found = []
    for level_dir in sorted(root.glob("level*")):
        level = re.fullmatch(r"level(\d+)", level_dir.name)
        if level and level_dir.is_dir():
            found += [(int(level[1]), f) for f in sorted(level_dir.glob("*.py")) if not f.name.startswith("_")]
    return found


def _answer(outputs: list[dict], fill: str) -> str:
    """A ModelNew that returns, for every output, a new tensor of its shape and dtype filled
    with `fill` (`zero`, or `mean`: the reference's mean): a known-wrong candidate."""
    values = []
    for o in outputs:
        value = 0.0 if fill == "zero" else o["mean"]
        if not o["dtype"].startswith(("float", "bfloat")):
            value = int(value)
        values.append(f"torch.full({tuple(o['shape'])!r}, {value!r}, dtype=torch.{o['dtype']})")
    body = values[0] if len(values) == 1 else "(" + ", ".join(values) + ",)"
    return (f'"""Known-wrong: every output {"zero" if fill == "zero" else "the reference mean"} everywhere."""\n\n'
            "import torch\nimport torch.nn as nn\n\n\nclass ModelNew(nn.Module):\n"
            "    def __init__(self, *args):\n        super().__init__()\n\n"
            f"    def forward(self, *inputs):\n        return {body}\n")


async def _probe(source: str, where: Path) -> list[dict]:
    """Run the problem's `Model` once in a sandbox; its outputs' shapes, dtypes and means."""
    from chipbench.sandbox.local import LocalSandbox

    async with LocalSandbox() as sandbox:
        await sandbox.write_files({"model.py": source, "probe.py": _PROBE})
        run = await sandbox.exec([sandbox.python, "-I", "probe.py"], Limits(wall_s=600, cpu_s=1200, memory_mb=16384))
    line = next((ln for ln in run.output.splitlines() if ln.startswith("CHIPBENCH_PROBE ")), None)
    if not run.ok or line is None:
        raise ChipbenchError(f"{where}: the problem's Model did not run: {run.output.strip()[-1500:]}")
    return json.loads(line.removeprefix("CHIPBENCH_PROBE "))


def _convert(level: int, path: Path, dest: Path) -> None:
    source = path.read_text()
    if not all(re.search(rf"^(class|def) {name}\b", source, re.M) for name in ("Model", "get_inputs", "get_init_inputs")):
        raise ChipbenchError(f"{path}: expected `class Model`, `def get_inputs` and `def get_init_inputs`")
    outputs = _run(_probe(source, path))
    floats = [o["dtype"] for o in outputs if o["dtype"].startswith(("float", "bfloat"))]
    title = re.sub(r"^\d+_", "", path.stem).replace("_", " ")
    files = {
        "task.toml": (f"title = {json.dumps(title)}\nkind = \"kernel\"\n"
                      f"difficulty = \"{DIFFICULTY.get(level, 'hard')}\"\n"
                      f"tags = [\"external\", \"kernelbench-layout\", \"level{level}\"]\n"
                      "submit = [\"model_new.py\", \"kernel.cpp\"]\nhas_reference = false\n\n"
                      f"[interface]\nlevel = {level}\n\n[eval]\ndtype = \"{floats[0] if floats else 'float32'}\"\n"),
        "prompt.md": (f"# {title}\n\nWrite `ModelNew` in `model_new.py`: a drop-in replacement for `Model` in "
                      "`model.py` (same constructor arguments, same outputs for the inputs `get_inputs()` "
                      "makes), faster, with the computation in your own C++/OpenMP kernel in `kernel.cpp`, "
                      "which is built as the extension `kernel_ext`.\n"),
        "workspace/model.py": source,
        "hidden/wrong/all_zero/model_new.py": _answer(outputs, "zero"),
        "hidden/wrong/all_zero/kernel.cpp": _EMPTY_CPP,
        "hidden/wrong/constant/model_new.py": _answer(outputs, "mean"),
        "hidden/wrong/constant/kernel.cpp": _EMPTY_CPP,
    }
    for rel, text in files.items():
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)


def suite(path: str) -> Suite:
    """PyTorch programs from your own copy of a KernelBench-layout folder (level*/NAME.py)."""
    source = Path(path).expanduser().resolve()
    if not source.is_dir():
        raise ChipbenchError(f"{source}: not a folder (kernelbench:PATH needs your local copy)")
    problems = _problems(source)
    if not problems:
        raise ChipbenchError(f"{source}: no level*/NAME.py files: is this a KernelBench-layout folder?")
    digest = hashlib.sha256(FORMAT.encode())
    for level, file in problems:
        digest.update(f"{level}/{file.name}".encode() + b"\0" + file.read_bytes())
    root = cache_dir() / "adapters" / "kernelbench" / digest.hexdigest()[:16]
    if not (root / ".complete").exists():
        for level, file in problems:
            _convert(level, file, root / f"level{level}_{re.sub(r'[^A-Za-z0-9_]+', '_', file.stem)}")
        (root / ".complete").write_text(str(source))
    return Suite(name="kernelbench", root=root, evaluator="cuda-kernels", version=f"external-{root.name}",
                 description=f"PyTorch programs read from {source}", track="interface.level")

