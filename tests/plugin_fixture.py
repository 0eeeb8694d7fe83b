"""A third-party plug-in package, installed the way pip would: a module plus a dist-info folder
with entry points, on PYTHONPATH. Nothing in chipbench knows about it."""

from __future__ import annotations

import textwrap
from pathlib import Path

from conftest import write_task

PLUGIN_CODE = textwrap.dedent('''
    import asyncio, os
    from pathlib import Path
    from chipbench.tasks import Suite
    from chipbench.agents import Agent, Model, Reply, render_files
    from chipbench.core import Candidate, Message

    toy = Suite(name="toy", root=Path(os.environ["TOY_SUITE_ROOT"]), evaluator="verilog", version="1")

    class SlowOracle(Model):
        """The reference, after a pause, so tests can interrupt a run midway."""
        def __init__(self, arg=None):
            self.delay = float(arg or 0.2)
        async def complete(self, request):
            await asyncio.sleep(self.delay)
            return Reply(message=Message(role="assistant", content=render_files(request.task.reference)))

    class SubmitWorkspace(Agent):
        """Hands in the starting files unchanged (a bug-repair task must then fail)."""
        name = "submit-workspace"
        async def solve(self, task, model, tools, budget, sample=0):
            return Candidate(files=dict(task.workspace))
''')


def install_plugin(tmp_path: Path, n_tasks: int = 3) -> tuple[Path, dict[str, str]]:
    """Write the toy suite and the plug-in; return (suite root, env for subprocesses)."""
    root = tmp_path / "toy_tasks"
    root.mkdir()
    for i in range(n_tasks):
        write_task(root, name=f"inv{i}")
    site = tmp_path / "site"
    site.mkdir()
    (site / "toy_plugin.py").write_text(PLUGIN_CODE)
    dist = site / "toy_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(textwrap.dedent("""\
        [chipbench.suites]
        toy = toy_plugin:toy
        [chipbench.models]
        slow-oracle = toy_plugin:SlowOracle
        [chipbench.agents]
        submit-workspace = toy_plugin:SubmitWorkspace
        """))
    return root, {"PYTHONPATH": str(site), "TOY_SUITE_ROOT": str(root)}
