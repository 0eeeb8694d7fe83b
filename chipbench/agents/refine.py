"""`refine`: answer, get the evaluator's public feedback, answer again — up to N rounds.

Each round's files go through `tools.check` (compile, public tests, timing, in a fresh
sandbox) and every measurement the task offers (`tools.queries`, e.g. an HLS design point's
measured latency while its query budget lasts); their reports go back to the model with the
prompt `feedback`. The loop ends
when the rounds or a budget run out, or when the model replies without code (it says it is
done); the candidate is the latest complete set of files. Files the model leaves out of a
later reply keep their previous version, so a model may resend only what it changed.
No check runs after the last round: the run's own evaluation scores that answer.
"""

from __future__ import annotations

from pydantic import Field

from chipbench.agents._base import Agent, AgentOptions, AgentTools, Budget
from chipbench.agents._prompts import initial_messages, render_prompt
from chipbench.agents._session import BudgetExhausted, Session
from chipbench.agents.extract import code_blocks, extract_files
from chipbench.agents.models import Model
from chipbench.core import Candidate, Task

DEFAULT_ROUNDS = 3


class RefineAgent(Agent):
    name = "refine"

    class Options(AgentOptions):
        rounds: int = Field(DEFAULT_ROUNDS, ge=1, description="Rounds of answer and feedback.")

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.rounds = self.options.rounds

    async def solve(self, task: Task, model: Model, tools: AgentTools, budget: Budget, sample: int = 0) -> Candidate:
        rounds = min(self.rounds, budget.max_turns) if budget.max_turns is not None else self.rounds
        session = Session(task, model, budget, sample, initial_messages(task, templates=self.options.prompts), default_turns=rounds)
        files: dict[str, str] = {}
        error: str | None = "the model gave no reply"
        for round_no in range(1, rounds + 1):
            try:
                reply = await session.ask()
            except BudgetExhausted as exc:
                session.stop_reason = str(exc)
                break
            text = reply.content or ""
            if files and not code_blocks(text):
                session.stop_reason = "the model said it is done"
                break
            new, extraction_error = extract_files(text, task.submit)
            files.update({k: v for k, v in new.items() if k in task.submit})
            missing = [f for f in task.submit if f not in files]
            error = (extraction_error or f"no code block for {', '.join(missing)}") if missing else None
            if round_no == rounds:
                session.stop_reason = f"all {rounds} rounds used"
                break
            if reason := session.exhausted():
                session.stop_reason = reason
                break
            if missing:  # nothing complete to check yet: say what was wrong with the reply
                session.say(render_prompt("feedback", task, self.options.prompts, feedback="", round=round_no, rounds=rounds,
                                          extraction_error=error))
                continue
            feedback = await session.run_tool("check", lambda: _check(tools, files))
            session.say(render_prompt("feedback", task, self.options.prompts, feedback=feedback, round=round_no, rounds=rounds,
                                      extraction_error=None), reports_tool=True)
        return Candidate(files=files, trajectory=session.trajectory(), error=error)


async def _check(tools: AgentTools, files: dict[str, str]) -> str:
    report = "no checks are available for this task" if tools.check is None else await tools.check(dict(files))
    for query in tools.queries:
        report += f"\n\n{query.name}: {await query.run(dict(files))}"
    return report
