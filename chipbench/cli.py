"""The `chipbench` command line: what a person sees. The parts below it never print."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from chipbench.core import ChipbenchError, RunRecord, Status
from chipbench.registry import suite_adapters, suites

app = typer.Typer(help="Benchmark LLM agents on hardware and performance code.", no_args_is_help=True,
                  pretty_exceptions_enable=False)
suites_app = typer.Typer(help="Task suites.", no_args_is_help=True)
tasks_app = typer.Typer(help="Tasks: list them, prove their tests work.", no_args_is_help=True)
app.add_typer(suites_app, name="suites")
app.add_typer(tasks_app, name="tasks")
sandbox_app = typer.Typer(help="Sandbox backends: build the docker images.", no_args_is_help=True)
app.add_typer(sandbox_app, name="sandbox")

# Off a terminal (a pipe, a file) nothing is cut to a guessed width: `tasks list | cat` keeps whole ids.
console = Console() if sys.stdout.isatty() else Console(width=10_000)
STATUS_STYLE = {"pass": "green", "fail": "red", "compile_error": "magenta", "runtime_error": "magenta",
                "timeout": "yellow", "rejected": "red", "model_error": "magenta", "harness_error": "bold yellow"}

SuiteOpt = typer.Option(None, "--suite", "-s", help="Suite name (repeatable); default: all suites.")
TaskOpt = typer.Option(None, "--task", "-t", help="Task id `suite/name` or `name` (repeatable).")
EvaluatorOpt = typer.Option(None, "--evaluator-option", "-E",
                            help="Evaluator option KEY=VALUE or EVALUATOR.KEY=VALUE (repeatable), as for `run`.")


def _fail(message: str) -> None:
    # Escaped: a message may hold brackets (`pip install 'chipbench[ray]'`) that rich would
    # otherwise take for markup and drop.
    console.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(2)


def _require_sandbox(name: str) -> None:
    """Stop before any work when the chosen backend cannot run here, saying how to fix it."""
    if name == "docker":
        from chipbench.sandbox.docker import engine_problem

        if problem := engine_problem():
            _fail(f"--sandbox docker: {problem}")


def _evaluators(suite_list, pairs: list[str] | None) -> dict:
    """Each suite's evaluator (by suite name) with the options of `-E` checked and applied."""
    from chipbench.options import parse_pairs
    from chipbench.run_config import evaluator_options_for, make_evaluator

    options = evaluator_options_for(parse_pairs(pairs, "-E"), [s.evaluator for s in suite_list])
    return {s.name: make_evaluator(s.evaluator, options[s.evaluator]) for s in suite_list}


def _guard(fn):
    """Turn ChipbenchError (bad input, bad config) into a one-line message and exit code 2."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ChipbenchError as exc:
            _fail(str(exc))

    return wrapper


@suites_app.command("list")
@_guard
def suites_list(as_json: bool = typer.Option(False, "--json", help="Print the suites as JSON.")) -> None:
    """List installed suites (built-in and plug-in)."""
    rows: list[dict[str, Any]] = []
    for name in suites.names():
        s = suites.get(name)
        rows.append({"suite": name, "version": s.version, "tasks": len(s.task_names()),
                     "evaluator": s.evaluator, "variants": s.variants(), "description": s.description})
    for name in suite_adapters.names():  # each needs the path of the user's own copy
        doc = suite_adapters.get(name).__doc__ or ""
        rows.append({"suite": f"{name}:PATH", "version": "external", "tasks": None, "evaluator": "",
                     "variants": [], "description": (doc.strip().splitlines() or [""])[0]})
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    table = Table("suite", "version", "tasks", "evaluator", "description")
    for r in rows:
        table.add_row(str(r["suite"]), str(r["version"]), "–" if r["tasks"] is None else str(r["tasks"]),
                      str(r["evaluator"]), str(r["description"]))
    console.print(table)


@tasks_app.command("list")
@_guard
def tasks_list(suite: Optional[list[str]] = SuiteOpt,
               as_json: bool = typer.Option(False, "--json", help="Print the tasks as JSON (public fields, "
                                                                  "prompts and workspaces left out).")) -> None:
    """List tasks with their kind, difficulty and tags."""
    from chipbench.api import load_tasks

    tasks = list(load_tasks(suite or []))
    if as_json:
        print(json.dumps([t.model_dump(mode="json", exclude={"prompt", "workspace"}) for t in tasks], indent=1))
        return
    table = Table("id", "kind", "difficulty", "tags", "title")
    for t in tasks:
        table.add_row(t.id, t.kind, t.difficulty, ", ".join(t.tags), t.title)
    console.print(table)


@tasks_app.command("check")
@_guard
def tasks_check(
    suite: Optional[list[str]] = SuiteOpt, task: Optional[list[str]] = TaskOpt,
    jobs: int = typer.Option(2, "--jobs", "-j", help="Checks run at once."),
    sandbox: str = typer.Option("local", help="Sandbox backend."),
    hostile: str = typer.Option("quick", help="Generic hostile battery on one task per suite: "
                                "quick (cases that end by themselves), all (also endless loops), off."),
    figures: bool = typer.Option(False, "--figures", help="Also list every case's verdict with its measured figures."),
    as_json: bool = typer.Option(False, "--json", help="Print every case's full verdict as JSON, no table."),
    evaluator_opt: Optional[list[str]] = EvaluatorOpt,
) -> None:
    """Prove every task's tests: the reference passes, every known-wrong candidate fails, every
    known-poorer one passes with a worse figure, every suite resists the generic hostile
    candidates, and no file a task copied from its parent has drifted from it."""
    _require_sandbox(sandbox)
    from chipbench.runner import hidden_roots, resolve_suites, select_tasks
    from chipbench.task_check import HOSTILE_LEVELS, check_tasks
    from chipbench.tasks._loader import VARIANT_SEP
    from chipbench.tasks.provenance import copy_drift

    if hostile not in HOSTILE_LEVELS:
        _fail(f"--hostile must be one of {', '.join(HOSTILE_LEVELS)}")

    suite_list = resolve_suites(suite or [])
    tasks = select_tasks(suite_list, task or [])
    if not tasks:  # proving nothing is not a pass: a suite variant may hold no task (yet)
        _fail(f"no tasks to check in {', '.join(s.name for s in suite_list)}")
    evaluator_of = _evaluators(suite_list, evaluator_opt)
    with _progress() as progress:
        bar = progress.add_task("checking tasks", total=None, visible=not as_json)
        results = asyncio.run(check_tasks(tasks, evaluator_of, sandbox, hidden_roots(suite_list), jobs,
                                          on_result=lambda r: progress.advance(bar), hostile=hostile,
                                          on_planned=lambda n: progress.update(bar, total=n)))
    if figures and not as_json:
        listing = Table("task", "case", "got", "figures (candidate/reference)", title="cases")
        for r in results:
            listing.add_row(r.task_id, r.case, _styled(r.verdict.status.value),
                            _figures(r.verdict.qor) or r.verdict.category)
        console.print(listing)
    bad = [r for r in results if not r.ok and not r.unproven]
    unproven = [r for r in results if r.unproven]
    drift = [d for s in suite_list for d in copy_drift(s.root, sorted({t.name.partition(VARIANT_SEP)[0] for t in tasks if t.suite == s.name}))]
    if as_json:
        print(json.dumps([{"task": r.task_id, "case": r.case, "expect_pass": r.expect_pass,
                           "expect_worse": r.expect_worse, "ok": r.ok, "unproven": r.unproven,
                           "expect": sorted(s.value for s in r.expect) if r.expect else None,
                           "verdict": r.verdict.model_dump(mode="json")} for r in results], indent=1))
        raise typer.Exit(1 if bad or drift else 0)
    table = Table("task", "case", "expected", "got", "detail", title="problems" if bad else None)
    for r in bad:
        expected = ("/".join(sorted(s.value for s in r.expect)) if r.expect
                    else "pass, worse than the reference" if r.expect_worse else "pass" if r.expect_pass else "fail")
        table.add_row(r.task_id, r.case, expected, _styled(r.verdict.status.value), r.verdict.reason[:100])
    if bad:
        console.print(table)
    for d in drift:
        console.print(f"  [red]drift[/] {d}")
    console.print(f"{len(tasks)} tasks, {len(results)} cases: "
                  f"[green]{len(results) - len(bad) - len(unproven)} as expected[/], "
                  f"[{'red' if bad else 'green'}]{len(bad)} problems[/]"
                  + (f", [yellow]{len(unproven)} not proven[/] (built but not run: no GPU here; or no "
                     "reference solution)" if unproven else ""))
    for r in unproven:
        detail = r.verdict.checks[0].detail.splitlines()[0] if r.verdict.checks else r.verdict.reason
        console.print(f"  [yellow]not proven[/] {r.task_id} {r.case}: {detail}")
    if bad or drift:
        raise typer.Exit(1)


def _figures(qor: dict[str, float]) -> str:
    """`name=value` for each figure, with the reference's beside it where known."""
    shown = [f"{k}={v:g}" + (f"/{qor[k + '_reference']:g}" if f"{k}_reference" in qor else "")
             for k, v in qor.items() if not k.endswith(("_reference", "_ratio"))]
    return " ".join(shown)


@tasks_app.command("generate")
@_guard
def tasks_generate(
    suite_name: str = typer.Argument(..., metavar="SUITE", help="The suite whose task set to build."),
    seed: int = typer.Option(0, "--seed", help="0: the shipped release; any other: a fresh set."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Folder for the task set (default ./tasks-SUITE-seedS)."),
    only: Optional[list[str]] = typer.Option(None, "--only", help="Generate only from these parents "
                                             "(designs, sources; repeatable)."),
    jobs: int = typer.Option(2, "--jobs", "-j", help="Evaluations run at once (the generator's and the proofs')."),
    sandbox: str = typer.Option("local", help="Sandbox backend for the proofs."),
) -> None:
    """Build SUITE's task set for a seed: every generated task is proven as `tasks check`
    proves it before it is written; run it with `--suite SUITE@OUT`."""
    _require_sandbox(sandbox)
    from chipbench.runner import resolve_suites
    from chipbench.tasks.generators import generate_tasks

    (suite_obj,) = resolve_suites([suite_name])
    target = out or Path(f"tasks-{suite_obj.name}-seed{seed}")
    result = asyncio.run(generate_tasks(suite_obj, seed, target, only, sandbox, jobs,
                                        on_progress=lambda m: console.print(f"[dim]{m}[/]")))
    for name, why in result.dropped.items():
        console.print(f"  [yellow]dropped[/] {name}: {why}")
    console.print(f"{target}: {len(result.written)} generated tasks proven and written, "
                  f"{len(result.dropped)} dropped, {len(result.copied)} hand-written tasks copied; "
                  f"run it with --suite {suite_obj.name}@{target}")
    if not result.written and not result.copied:
        raise typer.Exit(1)


@tasks_app.command("mutants")
@_guard
def tasks_mutants(
    suite: Optional[list[str]] = SuiteOpt, task: Optional[list[str]] = TaskOpt,
    jobs: int = typer.Option(2, "--jobs", "-j", help="Mutants run at once."),
    sandbox: str = typer.Option("local", help="Sandbox backend."),
    out: Optional[Path] = typer.Option(None, help="Write the full report (Markdown) here."),
    min_score: float = typer.Option(0.0, help="Exit 1 if a task's mutation score is below this (0-1)."),
    evaluator_opt: Optional[list[str]] = EvaluatorOpt,
) -> None:
    """Mutation score of each task's tests: the share of non-equivalent mutants they kill."""
    _require_sandbox(sandbox)
    from chipbench.runner import hidden_roots, resolve_suites, select_tasks
    from chipbench.task_check import distinct_tests, mutation_report, mutation_score

    suite_list = resolve_suites(suite or [])
    tasks = distinct_tests(select_tasks(suite_list, task or []))
    evaluator_of = _evaluators(suite_list, evaluator_opt)
    total = sum(len(evaluator_of[t.suite].mutants(t)) for t in tasks)
    with _progress() as progress:
        bar = progress.add_task("running mutants", total=total)
        results = asyncio.run(mutation_report(tasks, evaluator_of, sandbox, hidden_roots(suite_list),
                                              jobs, on_result=lambda r: progress.advance(bar)))
    table = Table("task", "mutants", "killed", "stillborn", "equivalent", "survived", "score")
    lines = ["# Mutation report", "", "| task | mutants | killed | stillborn | equivalent | survived | score |",
             "|---|--:|--:|--:|--:|--:|--:|"]
    below = []
    for task_id in sorted({r.task_id for r in results}):
        rs = [r for r in results if r.task_id == task_id]
        counts = {k: sum(r.outcome == k for r in rs) for k in ("killed", "stillborn", "equivalent", "survived")}
        score = mutation_score(rs)
        if score == score and score < min_score:
            below.append(task_id)
        cells = [task_id, str(len(rs)), *(str(counts[k]) for k in counts), "–" if score != score else f"{100 * score:.1f}%"]
        table.add_row(*cells)
        lines.append("| " + " | ".join(cells) + " |")
    survivors = [r for r in results if r.outcome == "survived"]
    lines += ["", "## Survivors", "",
              "Not killed by the tests and not proven equivalent: each is a weak spot in a test, or an "
              "equivalence Yosys could not prove (read the mutant to tell which).", ""]
    lines += [f"- `{r.task_id}` {r.name}: {r.description}" for r in survivors] or ["none"]
    console.print(table)
    overall = mutation_score(results)
    console.print(f"overall mutation score: {100 * overall:.1f}% over {len(results)} mutants; {len(survivors)} survivors")
    if out:
        out.write_text("\n".join(lines) + "\n")
        console.print(f"report: {out}")
    if below:
        console.print(f"[red]below {min_score:.0%}:[/] {', '.join(below)}")
        raise typer.Exit(1)


PairsOpt = "KEY=VALUE (repeatable); checked against the plug-in's options, a typo lists them."


@app.command()
@_guard
def run(
    config_file: Optional[Path] = typer.Option(None, "--config", "-c",
                                               help="A run config (TOML or JSON), or a run's manifest.json to "
                                                    "repeat it; flags given here override its values."),
    suite: Optional[list[str]] = SuiteOpt, task: Optional[list[str]] = TaskOpt,
    agent: Optional[str] = typer.Option(None, "--agent", "-a", help="Agent loop (default single-shot)."),
    model: Optional[str] = typer.Option(None, "--model", "-m",
                                        help="Model (default oracle): `oracle` (the reference; needs no key), `replay:FILE`, "
                                             "PROVIDER/MODEL via litellm (`openai/gpt-4o`, `ollama/llama3`), "
                                             "`local/NAME` with --base-url (vLLM, Ollama, llama.cpp, LM Studio)."),
    agent_opt: Optional[list[str]] = typer.Option(None, "--agent-option", "-A", help=f"Agent option {PairsOpt}"),
    model_opt: Optional[list[str]] = typer.Option(None, "--model-option", "-M", help=f"Model option {PairsOpt}"),
    evaluator_opt: Optional[list[str]] = typer.Option(None, "--evaluator-option", "-E",
                                                      help=f"Evaluator option {PairsOpt} `EVALUATOR.KEY=VALUE` for "
                                                           "one evaluator; `KEY=VALUE` for every one that takes KEY "
                                                           "(e.g. simulators=icarus, threads=4, qor_backend=bambu)."),
    samples: Optional[int] = typer.Option(None, "--samples", "-n", help="Samples per task (for pass@k; default 1)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="Tasks in flight at once (default 2)."),
    run_dir: Optional[Path] = typer.Option(None, "--run-dir", "-o", help="Where records go."),
    resume: bool = typer.Option(False, "--resume", help="Skip (task, sample) pairs already recorded."),
    sandbox: Optional[str] = typer.Option(None, help="Sandbox backend (default local)."),
    executor: Optional[str] = typer.Option(None, "--executor",
                                           help="Where evaluations run: `local` (here, the default), `process` (worker "
                                                "processes on this machine) or `ray` (tasks on a Ray cluster; "
                                                "needs chipbench[ray])."),
    address: Optional[str] = typer.Option(None, "--address",
                                          help="ray: the cluster to join (HOST:PORT, or `auto`); default "
                                               "$RAY_ADDRESS, else a local cluster started for this run."),
    report: bool = typer.Option(True, help="Print the report when done."),
    base_url: Optional[str] = typer.Option(None, "--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1."),
    temperature: Optional[float] = typer.Option(None, help="Sampling temperature (default: the provider's)."),
    top_p: Optional[float] = typer.Option(None, "--top-p", help="Nucleus sampling."),
    max_tokens: Optional[int] = typer.Option(None, "--max-tokens", help="Most tokens per reply."),
    seed: Optional[int] = typer.Option(None, help="Sampling seed, where the provider supports one."),
    reasoning_effort: Optional[str] = typer.Option(None, "--reasoning-effort", help="low / medium / high, where supported."),
    timeout: Optional[float] = typer.Option(None, "--timeout", help="Seconds to wait for one model reply (default 300)."),
    retries: Optional[int] = typer.Option(None, help="Retries of a model call after rate limits and transient errors (default 4)."),
    model_jobs: Optional[int] = typer.Option(None, "--model-concurrency", help="Model calls in flight at once (default 4)."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Ask the model even when a reply is cached."),
    cache_dir: Optional[Path] = typer.Option(None, "--cache-dir", help="Response cache folder (default ~/.cache/chipbench)."),
    no_verdict_cache: bool = typer.Option(False, "--no-verdict-cache",
                                          help="Judge every candidate, even one judged before unchanged."),
    rounds: Optional[int] = typer.Option(None, "--rounds", help="refine: rounds of feedback (default 3; same as -A rounds=N)."),
    max_turns: Optional[int] = typer.Option(None, "--max-turns", help="Budget: model calls per sample."),
    token_budget: Optional[int] = typer.Option(None, "--token-budget", help="Budget: tokens per sample."),
    cost_budget: Optional[float] = typer.Option(None, "--cost-budget", help="Budget: US dollars per sample."),
    time_budget: Optional[float] = typer.Option(None, "--time-budget", help="Budget: seconds per sample."),
    secret_env: Optional[list[str]] = typer.Option(None, "--secret-env", help="A variable holding a secret besides "
                                                   "*_API_KEY, *_TOKEN, ... (repeatable): kept out of sandboxes, "
                                                   "redacted from records and reports."),
) -> None:
    """Run agents on tasks and record every verdict. Everything a run takes can also come from
    one file (--config); the run's manifest.json stores it, so `--config RUN/manifest.json`
    repeats a run (see docs/run-config.md)."""
    from chipbench.options import parse_pairs
    from chipbench.run_config import config_from, read_config_file
    from chipbench.runner import run as run_plan

    table = read_config_file(config_file) if config_file else {}
    given = {"suites": suite, "tasks": task, "agent": agent, "model": model, "samples": samples, "jobs": jobs,
             "run_dir": run_dir, "sandbox": sandbox, "executor": executor, "cache_dir": cache_dir,
             "secret_env": secret_env}
    table.update({k: v for k, v in given.items() if v is not None})
    table.update({k: False for k, off in (("cache", no_cache), ("verdict_cache", no_verdict_cache)) if off})
    table["resume"] = resume
    sections: dict[str, dict[str, Any]] = {
        "settings": {**parse_pairs(model_opt, "-M"), **{k: v for k, v in {
            "temperature": temperature, "top_p": top_p, "max_tokens": max_tokens, "seed": seed,
            "reasoning_effort": reasoning_effort, "base_url": base_url, "timeout_s": timeout, "retries": retries,
            "concurrency": model_jobs}.items() if v is not None}},
        "agent_options": {**parse_pairs(agent_opt, "-A"), **({"rounds": rounds} if rounds is not None else {})},
        "evaluator_options": parse_pairs(evaluator_opt, "-E"),
        "budget": {k: v for k, v in {"max_turns": max_turns, "max_tokens": token_budget, "max_cost_usd": cost_budget,
                                     "max_wall_s": time_budget}.items() if v is not None},
        "executor_options": {"address": address} if address is not None else {},
    }
    for key, values in sections.items():
        if values:
            base: Any = table.get(key) or {}
            if not isinstance(base, dict):
                _fail(f"--config {config_file}: {key} must be a table")
            table[key] = {**base, **values}
    config = config_from(table, str(config_file) if config_file else "run options")
    if "run_dir" not in table:
        safe_model = config.model.replace("/", "_").replace(":", "_")[:40]
        config = config.model_copy(update={"run_dir": Path("runs") / f"{time.strftime('%Y%m%d-%H%M%S')}-{config.agent}-{safe_model}"})
    _require_sandbox(config.sandbox)
    run_dir = config.run_dir
    with _progress() as progress:
        bar = progress.add_task(f"{config.agent} × {config.model}", total=None)

        def on_plan(total: int, done: int) -> None:
            progress.update(bar, total=total, completed=done)

        def on_record(rec: RunRecord) -> None:
            progress.advance(bar)
            if rec.verdict.status is Status.HARNESS_ERROR:
                progress.console.print(f"[yellow]harness error[/] {rec.task_id}#{rec.sample}: {rec.verdict.reason}")

        try:
            asyncio.run(run_plan(config, on_record=on_record, on_plan=on_plan))
        except KeyboardInterrupt:
            progress.stop()
            console.print(f"[yellow]interrupted[/]: completed records are kept; continue with "
                          f"`chipbench run --config {run_dir}/manifest.json --run-dir {run_dir} --resume`")
            raise typer.Exit(130) from None
    console.print(f"records: {run_dir}/records.jsonl")
    if report:
        _show_report(run_dir)


@app.command("report")
@_guard
def report_cmd(
    run_dir: Path = typer.Argument(..., help="A run directory."),
    markdown: Optional[Path] = typer.Option(None, help="Markdown file to write (default RUN_DIR/report.md)."),
    compare: Optional[list[str]] = typer.Option(None, "--compare", help="Other runs (directories or globs) this "
                                                "one is compared with: the report warns where they differ "
                                                "(suite version, task data, settings, tools)."),
) -> None:
    """Summarise a run: pass@k with intervals, speed, breakdowns, status counts (terminal and
    Markdown), and warnings where the run (or the runs it is compared with) mixes suite
    versions, task data or settings."""
    _show_report(run_dir, markdown, compare or [])


@app.command("doctor")
@_guard
def doctor_cmd(as_json: bool = typer.Option(False, "--json", help="Print the findings as JSON.")) -> None:
    """What this machine can run: each suite's tools with versions, the docker engine and its
    images, GPUs, and per suite and backend whether it runs here or the command that fixes it."""
    import json

    from chipbench.doctor import examine

    found = examine()
    if as_json:
        print(json.dumps(found.to_json(), indent=2, default=str))
        return
    t = Table("tool", "version", title="tools")
    for name, version in found.tools.items():
        t.add_row(name, version or "[red]missing[/]")
    console.print(t)
    t = Table("suite", "backend", "runnable here", "fix / limits", title="suites")
    for r in found.suites:
        note = r.fix or "; ".join(r.limits)
        t.add_row(r.suite, r.variant or "", "[green]yes[/]" if r.runnable else f"[red]no[/] (missing {', '.join(r.missing)})",
                  note)
    console.print(t)
    d = found.docker
    if not d["engine"]:
        console.print(f"docker: [yellow]unavailable[/]: {d['problem']}")
    else:
        console.print(f"docker {d.get('version', '')}: NVIDIA runtime {'yes' if d['nvidia_runtime'] else 'no'}")
        for img in d["images"]:
            state = "[green]built[/]" if img["built"] else f"[yellow]not built[/]: {img['fix']}"
            console.print(f"  {img['toolchain']}{' (opt-in)' if img['opt_in'] else ''}: {img['tag']} {state}")
    if found.gpus:
        for g in found.gpus:
            console.print(f"GPU: {g['name']} (compute capability {g['compute_capability']}, driver {g['driver']})")
    else:
        console.print("GPUs: none")


@app.command("reeval")
@_guard
def reeval_cmd(
    run_dir: Path = typer.Argument(..., help="A run directory (not one a run is still writing)."),
    sandbox: Optional[str] = typer.Option(None, help="Sandbox backend (default: the run's)."),
    jobs: int = typer.Option(2, "--jobs", "-j", help="Evaluations at once."),
) -> None:
    """Score a run's harness errors again with the candidates it stored (any suite), and put
    the new verdicts in place of the old ones (the old records go to RUN_DIR/replaced.jsonl)."""
    from chipbench.reeval import reevaluate_harness_errors

    if sandbox:
        _require_sandbox(sandbox)

    def on_record(rec: RunRecord) -> None:
        console.print(f"{rec.task_id}#{rec.sample}: {_styled(rec.verdict.status.value)} {escape(rec.verdict.reason)}")

    result = asyncio.run(reevaluate_harness_errors(run_dir, sandbox, jobs, on_record))
    console.print(f"re-evaluated {len(result.reevaluated)} harness error(s); "
                  f"{result.still_harness_errors} still harness errors")
    if result.no_candidate:
        console.print(f"[yellow]{len(result.no_candidate)} with no candidate to score[/] (the agent must run "
                      f"again): {', '.join(result.no_candidate[:10])}")
    if result.task_changed:
        console.print(f"[yellow]{len(result.task_changed)} whose task changed since the run[/], left as they "
                      f"were: {', '.join(result.task_changed[:10])}")
    if result.reevaluated:
        _show_report(run_dir)


@app.command("eval")
@_guard
def eval_cmd(
    task_id: str = typer.Argument(..., help="Task id, `suite/name`."),
    files: list[Path] = typer.Argument(..., help="Candidate files (named as the task expects)."),
    sandbox: str = typer.Option("local", help="Sandbox backend."),
    suite: Optional[str] = typer.Option(None, "--suite", "-s", help="Suite spec for adapter tasks, e.g. verilogeval:PATH."),
    backend: Optional[str] = typer.Option(None, "--backend", help="The suite's variant, e.g. `cuda` for "
                                                                  "cuda-kernels (same as --suite cuda-kernels:cuda)."),
    evaluator_opt: Optional[list[str]] = EvaluatorOpt,
    no_verdict_cache: bool = typer.Option(False, "--no-verdict-cache",
                                          help="Judge again even if this candidate was judged before."),
    as_json: bool = typer.Option(False, "--json", help="Print the whole verdict and its reward as JSON."),
) -> None:
    """Score your own files for one task, as a run would (the path of `chipbench.evaluate`)."""
    _require_sandbox(sandbox)
    from chipbench.api import aevaluate
    from chipbench.options import parse_pairs
    from chipbench.reward import reward

    candidate = {f.name: f.read_text() for f in files}
    verdict = asyncio.run(aevaluate(task_id, candidate, sandbox=sandbox, suite=suite, backend=backend,
                                    cache=not no_verdict_cache,
                                    evaluator_options=parse_pairs(evaluator_opt, "-E")))
    if as_json:
        print(json.dumps({"task_id": task_id, "verdict": verdict.model_dump(mode="json"),
                          "reward": reward(verdict).model_dump(mode="json")}, indent=1))
        raise typer.Exit(0 if verdict.correct else 1)
    _show_verdict(task_id, verdict, reward(verdict))
    raise typer.Exit(0 if verdict.correct else 1)


def _show_verdict(task_id: str, verdict, earned) -> None:
    """Every figure of a verdict: status, checks, speed with its spread and device, QoR, stage times."""
    v = verdict
    console.print(f"{escape(task_id)}: {_styled(v.status.value)}" + (f" ({escape(v.category)})" if v.category else "")
                  + (f" {escape(v.reason)}" if v.reason else "") + (" [dim](cached verdict)[/]" if v.cached else ""))
    for c in v.checks:
        console.print(f"  check {escape(c.name)}: {'[green]passed[/]' if c.passed else '[red]failed[/]'}"
                      + (f" {escape(c.detail.splitlines()[0])}" if c.detail.strip() else ""))
    if v.perf is not None:
        p = v.perf
        spread = f" ± {p.spread:.3g}" if p.spread is not None else ""
        console.print(f"  speed: {p.speedup:.4g}x{spread} (candidate {p.candidate:.6g} vs baseline {p.baseline:.6g} "
                      f"{escape(p.unit)})" + (f" on {escape(p.measured_on)}" if p.measured_on else ""))
        for name, value in p.speedups.items():
            console.print(f"    vs {escape(name)}: {value:.4g}x")
    if v.qor:
        console.print("  qor: " + "  ".join(f"{escape(k)}={val:g}" for k, val in v.qor.items()))
    if v.timings:
        console.print("  [dim]seconds: " + "  ".join(f"{escape(k)}={val:.3f}" for k, val in v.timings.items()) + "[/]")
    scalar = "none (harness error)" if earned.scalar is None else f"{earned.scalar:.4f}"
    console.print(f"  reward v{earned.version}: {scalar} ("
                  + ", ".join(f"{k} {val:g}" for k, val in earned.components.items()) + ")")
    if v.feedback:
        console.print(escape(v.feedback))


def _show_report(run_dir: Path, markdown: Path | None = None, compare: list[str] | None = None) -> None:
    from chipbench.leaderboards import build_report, load_records, read_manifest, write_markdown
    from chipbench.leaderboards._scores import HARNESS_WARNING
    from chipbench.results import find_runs

    others = [r for r in find_runs(compare or []) if r.dir.resolve() != Path(run_dir).resolve()]
    report = build_report(load_records(run_dir), read_manifest(run_dir), run_dir, compare=others)
    run = report.run
    table = Table("suite", "tasks", "samples", "pass@1", "95% CI", "pass@k", "harness errors", "statuses",
                  title="suites (every task counts; a harness error is not solved)")
    for name, s in run.suites.items():
        counts = "  ".join(_styled(f"{st}:{n}") for st, n in s.statuses.items() if n)
        he = f"{s.harness_errors} ({100 * s.harness_share:.1f}%)"
        table.add_row(name, str(s.tasks), str(s.samples), f"{100 * s.pass1.value:.1f}%",
                      f"{100 * s.pass1.low:.1f}–{100 * s.pass1.high:.1f}%",
                      " ".join(f"@{k} {100 * v:.0f}%" for k, v in s.pass_at.items() if k > 1) or "–",
                      f"[bold yellow]{he}[/]" if s.harness_warning else he, counts)
    console.print(table)
    for name, s in run.suites.items():
        if s.harness_warning:
            console.print(f"[bold yellow]warning:[/] {name}: harness errors are {100 * s.harness_share:.1f}% of its "
                          f"samples (over {100 * HARNESS_WARNING:.0f}%); they count as not solved")
    timed = {n: s for n, s in run.suites.items() if s.timed}
    if timed:
        t = Table("suite", "speedup", "95% CI", "±1 task", "geomean", "correct: geomean / median", "fast_1", "fast_2",
                  title="speed (all tasks; 1x kept where not correct or not faster; winsorised)")
        for name, s in timed.items():
            t.add_row(name, f"{s.speedup.value:.2f}", f"{s.speedup.low:.2f}–{s.speedup.high:.2f}",
                      f"{100 * s.sensitivity:.1f}%", f"{s.geomean_kept:.2f}",
                      f"{s.correct_geomean:.2f} / {s.correct_median:.2f} ({s.correct_tasks}/{s.tasks})",
                      f"{100 * s.fast_p[1.0]:.1f}%", f"{100 * s.fast_p[2.0]:.1f}%")
        console.print(t)
    for dim in ("difficulty", "track"):
        t = Table("suite", dim, "tasks", "pass@1", "95% CI", title=f"by {dim}")
        for name in run.suites:
            for value, g in run.breakdowns[(name, dim)].items():
                t.add_row(name, value, str(g.tasks), f"{100 * g.pass1.value:.1f}%",
                          f"{100 * g.pass1.low:.1f}–{100 * g.pass1.high:.1f}%")
        console.print(t)
    failing = [r for r in report.task_rows() if r["pass@1"] < 1]
    if failing:
        t = Table("task", "pass@1", "statuses", title="tasks below 100%")
        for row in failing[:30]:
            t.add_row(row["task_id"], f"{100 * row['pass@1']:.1f}%", row["statuses"])
        console.print(t)
    for w in report.warnings:
        console.print(f"[yellow]warning:[/] {escape(w.suite)}: {escape(w.message)}")
    u = report.usage
    if u.get("model_calls"):
        console.print(f"model: {u['model_calls']} calls ({u['cached_calls']} cached, {u['retries']} retries) · "
                      f"{u['prompt_tokens']} + {u['completion_tokens']} tokens "
                      f"({u.get('reasoning_tokens', 0)} of them reasoning) · "
                      f"${u['cost_usd']:.4f} (${u['spent_usd']:.4f} spent in this run)")
    path = write_markdown(report, markdown or Path(run_dir) / "report.md")
    console.print(f"report: {path}")


@app.command("leaderboard")
@_guard
def leaderboard_cmd(
    runs: list[str] = typer.Argument(..., help="Run directories (or glob patterns, e.g. 'runs/*')."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder to write the site into (index.html and the rest)."),
) -> None:
    """Compare runs: a static site (opens from disk, no server, no network) with tables,
    intervals, plots, paired comparisons, every task's candidates and transcripts."""
    from chipbench.leaderboards import build_site

    started = time.monotonic()
    site = build_site(runs, out)
    console.print(f"{site.pages} pages for {site.runs} run(s), {site.records} records in "
                  f"{time.monotonic() - started:.1f} s: {out / 'index.html'}")
    for w in site.warnings:
        console.print(f"[yellow]warning:[/] {escape(w.suite)}: {escape(w.message)}")


@app.command("export")
@_guard
def export_cmd(
    runs: list[str] = typer.Argument(..., help="Run directories (or glob patterns, e.g. 'runs/*')."),
    out: Path = typer.Option(..., "--out", "-o", help="File to write: .csv, .json, .jsonl or .parquet."),
    fmt: Optional[str] = typer.Option(None, "--format", help="csv, json, jsonl or parquet (default: from --out)."),
) -> None:
    """Write every record of the runs as one table (a row per task and sample), as
    `chipbench.results.load` returns it."""
    from chipbench import results

    frame = results.load(runs)
    path = results.export(frame, out, fmt)
    console.print(f"{len(frame)} rows × {len(frame.columns)} columns: {path}")


def _styled(text: str) -> str:
    """Colour a status (or `status:count`) by the status it names."""
    return f"[{STATUS_STYLE.get(text.split(':')[0], 'white')}]{text}[/]"


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=console, transient=not sys.stdout.isatty())


if __name__ == "__main__":
    app()


@sandbox_app.command("build")
@_guard
def sandbox_build(
    toolchain: Optional[list[str]] = typer.Argument(None, help="Toolchains to build (default: all but the opt-in ones)."),
    cuda: bool = typer.Option(False, "--cuda", help="Build the opt-in image of the cuda and triton backends "
                                                    "(CUDA torch, triton, nvcc from PyPI: gigabytes)."),
) -> None:
    """Build the docker sandbox's images (a local base image first, no registry needed);
    images whose recipe is unchanged are reused."""
    from chipbench.sandbox.docker import build_images, engine_problem

    if problem := engine_problem():
        _fail(problem)
    started = time.monotonic()
    names = [*(toolchain or []), *(["cuda-kernels-gpu"] if cuda else [])]
    for name, tag in build_images(names or None, log=lambda msg: console.print(f"[dim]{msg}[/]")).items():
        console.print(f"{name}: {tag}")
    console.print(f"images ready in {time.monotonic() - started:.1f} s")


@sandbox_app.command("prune")
@_guard
def sandbox_prune() -> None:
    """Remove the docker sandbox's images that today's recipes no longer produce."""
    from chipbench.sandbox.docker import engine_problem, prune_stale

    if problem := engine_problem():
        _fail(problem)
    removed = prune_stale(log=lambda msg: console.print(f"[dim]{escape(msg)}[/]"))
    console.print(f"removed {len(removed)} stale image(s)" + "".join(f"\n  {t}" for t in removed))


@app.command("serve")
@_guard
def serve_cmd(
    host: str = typer.Option("127.0.0.1", help="Address to listen on; anything but loopback needs --token."),
    port: int = typer.Option(8471, help="Port to listen on."),
    token: Optional[str] = typer.Option(None, envvar="CHIPBENCH_SERVE_TOKEN", show_default=False,
                                        help="Bearer token every request must carry (or $CHIPBENCH_SERVE_TOKEN)."),
    sandbox: str = typer.Option("local", help="Sandbox backend of every evaluation."),
    executor: str = typer.Option("process", "--executor",
                                 help="Where evaluations run: `process` (worker processes on this machine), "
                                      "`local` (in the server's own event loop) or `ray`."),
    address: Optional[str] = typer.Option(None, "--address", help="ray: the cluster to join."),
    workers: int = typer.Option(2, "--workers", "-j", help="Evaluations at once."),
    max_queue: int = typer.Option(64, "--max-queue", help="Jobs that may wait; more are refused with 429."),
    per_client: int = typer.Option(16, "--per-client", help="Jobs one client may have queued or running."),
    time_limit: float = typer.Option(600.0, "--time-limit", help="Most seconds a synchronous /evaluate waits."),
    no_verdict_cache: bool = typer.Option(False, "--no-verdict-cache",
                                          help="Judge every candidate again, whatever requests ask (timing studies)."),
    verdict_logs: bool = typer.Option(False, "--verdict-logs",
                                      help="Send verdicts' raw tool logs to clients (they can hold hidden-test "
                                           "output: for debugging a judge, never for a model's context)."),
) -> None:
    """Serve evaluations over HTTP (docs/service.md): /tasks, /evaluate, /jobs, /health, /metrics."""
    _require_sandbox(sandbox)
    from chipbench.service.app import ServeConfig, serve

    if workers < 1 or max_queue < 1 or per_client < 1 or time_limit <= 0:
        _fail("--workers, --max-queue, --per-client and --time-limit must be positive")
    config = ServeConfig(host=host, port=port, token=token, sandbox=sandbox, executor=executor,
                         executor_options={"address": address} if address else {}, workers=workers,
                         max_queue=max_queue, per_client=per_client, time_limit_s=time_limit,
                         verdict_cache=not no_verdict_cache, verdict_logs=verdict_logs)
    from chipbench.service.app import check_binding

    check_binding(config)
    console.print(f"chipbench serve: http://{host}:{port} ({executor} executor, {workers} workers, "
                  f"{sandbox} sandbox{', token required' if token else ''})", highlight=False)
    serve(config)
