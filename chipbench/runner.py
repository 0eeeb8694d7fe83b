"""The runner: plan (tasks × samples), then task → agent → candidate → sandbox → evaluator →
record, with bounded concurrency, resume and one record per (task, sample). Agent loops run
here; the executor decides where each evaluation runs (here, or on a Ray cluster); records
are written here only.

Nothing here prints; the caller passes `on_record` to show progress however it likes.
"""

from __future__ import annotations

import asyncio
import platform
import sys
import time
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import chipbench
from chipbench import secrets
from chipbench.agents import AgentTools, ModelError, Workspace, open_model
from chipbench.core import Candidate, ChipbenchError, RunRecord, Status, Task, Trajectory, Verdict
from chipbench.evaluators import Evaluator, clip
from chipbench.evaluators._base import PROBE_FAILED
from chipbench.executors import Evaluation, Executor
from chipbench.leaderboards.store import RunStore
from chipbench.registry import agents, executors, sandboxes, suite_adapters, suites
from chipbench.sandbox import Sandbox
from chipbench.tasks import Suite
from chipbench.verdict_cache import VerdictCache, verdict_key
from chipbench.paths import private_cache_dir
from chipbench.run_config import Resolved, RunConfig, check_resume, make_evaluator, resolve

__all__ = ["RunConfig", "evaluate_in_sandbox", "hidden_roots", "resolve_suites", "run", "select_tasks"]


@dataclass
class Job:
    task: Task
    sample: int
    evaluator: Evaluator
    suite: Suite


def resolve_suites(names: list[str]) -> list[Suite]:
    """Suites by `NAME` (`NAME@DIR`: the task set `chipbench tasks generate` wrote in DIR) or,
    for adapters that read a user's own copy of a benchmark, `NAME:PATH`.
    With no names: every built-in or installed suite (adapters need a path, so not those)."""
    if not names:
        return [suites.get(name) for name in suites.names()]
    resolved = []
    for spec in names:
        spec, _, task_set = spec.partition("@")  # NAME@DIR: a generated task set
        name, _, arg = spec.partition(":")
        if name not in suite_adapters.names():
            entry = suites.get(name)
            entry = entry.at(Path(task_set)) if task_set else entry
            resolved.append(entry.variant(arg) if arg else entry)
        elif task_set:
            raise ChipbenchError(f"{name!r} reads your own copy of a benchmark, not a generated task set")
        elif not arg:
            raise ChipbenchError(f"{name!r} reads your own copy of a benchmark: use --suite {name}:PATH")
        else:
            resolved.append(suite_adapters.get(name)(arg))
    return resolved


def select_tasks(suite_list: list[Suite], task_ids: list[str]) -> list[Task]:
    """All tasks of the suites, or only those named as `suite/name` or `name`; a bare `name`
    picks the task from whichever suites have one of that name."""
    selected: list[Task] = []
    bare = [t for t in task_ids if "/" not in t]
    unmatched = set(bare)
    for suite in suite_list:
        wanted = [t.split("/", 1)[1] for t in task_ids if t.startswith(suite.name + "/")]
        if bare:
            present = set(suite.task_names())
            wanted += [t for t in bare if t in present]
            unmatched -= present
        if task_ids and not wanted:
            continue
        selected += suite.load(wanted or None)
    if task_ids and (not selected or unmatched):
        raise ChipbenchError(f"no task matches {sorted(unmatched) or task_ids}")
    return selected


def make_sandbox(name: str, hidden_roots: list[Path], toolchain: str | None = None) -> Sandbox:
    """`toolchain`: the evaluator the sandbox serves, for backends that pick an environment
    by it (docker: its image); others ignore it."""
    return sandboxes.get(name)(hide=hidden_roots, toolchain=toolchain)


def hidden_roots(suite_list: list[Suite], run_dir: Path | None = None) -> list[Path]:
    """What candidate code must never read: every suite's task data, the run's results and
    the harness's private cache (stored verdicts hold hidden-test logs)."""
    private = private_cache_dir()
    private.mkdir(parents=True, exist_ok=True, mode=0o700)  # a mask needs a folder to cover
    return ([s.root for s in suite_list] + other_task_data() + [private]
            + ([run_dir.resolve()] if run_dir else []))


def other_task_data() -> list[Path]:
    """The other copy of chipbench's own task folders on this machine, which the suites above
    do not name: the installed package's when this process runs a checkout (`python -m
    chipbench` inside it), the checkout it was installed from (pip's `direct_url.json`) when
    it runs the installed package. Each holds every hidden test: a served candidate read the
    one left visible and passed."""
    import json
    from importlib.metadata import distributions
    from urllib.parse import unquote, urlparse

    running = (Path(chipbench.__file__).parent / "tasks").resolve()
    copies: list[Path] = []
    for dist in distributions(name="chipbench"):  # a checkout's egg-info is one too
        copies.append(Path(str(dist.locate_file("chipbench/tasks"))))
        try:
            source = json.loads(dist.read_text("direct_url.json") or "{}").get("url", "")
        except (ValueError, OSError, AttributeError):
            continue
        if source.startswith("file://"):
            copies.append(Path(unquote(urlparse(source).path)) / "chipbench" / "tasks")
    found = {c.resolve() for c in copies if c.is_dir()} - {running}
    return sorted(found)


async def evaluate_in_sandbox(evaluator: Evaluator, task: Task, candidate: Candidate,
                              sandbox_name: str, hide: list[Path], public: bool = False,
                              cache: bool = True) -> Verdict:
    """Score one candidate in a fresh sandbox (`public`: only the checks an agent may see);
    a crash in our code becomes a harness_error. With `cache`, an identical candidate judged
    before in the same conditions gets its stored verdict (see `chipbench.verdict_cache`)."""
    started = time.perf_counter()
    store = key = None
    try:
        sandbox = make_sandbox(sandbox_name, hide, evaluator.toolchain(task))
        versions = await asyncio.to_thread(evaluator.versions) if cache and not candidate.error else None
        if versions is not None and PROBE_FAILED not in versions.values():  # else no key names the toolchain
            files = {f: candidate.files[f] for f in task.submit if f in candidate.files}
            key = verdict_key(task, files, evaluator.name, evaluator.settings(), versions, sandbox.environment, public)
            store = VerdictCache()
            if (hit := await asyncio.to_thread(store.get, key)) is not None:
                hit.timings = {"cache_lookup": time.perf_counter() - started}
                return hit
        async with sandbox:
            opened = time.perf_counter()
            if public:
                verdict = await evaluator.feedback(task, candidate, sandbox)
            else:
                verdict = await evaluator.evaluate(task, candidate, sandbox)
            closing = time.perf_counter()
        finished = time.perf_counter()
        measured = sum(verdict.timings.values())
        verdict.timings = {"sandbox": (opened - started) + (finished - closing), **verdict.timings,
                           "harness": max(0.0, (closing - opened) - measured)}
        verdict.judged_at = time.time()
    except Exception as exc:  # noqa: BLE001 - must never end the run
        return Verdict(status=Status.HARNESS_ERROR, reason=f"evaluator failed: {exc}",
                       logs=clip(traceback.format_exc()))
    if store is not None and key is not None and evaluator.cacheable(verdict):
        try:
            await asyncio.to_thread(store.put, key, verdict)
        except OSError:
            pass  # a full or read-only cache only costs speed
    return verdict


def _host() -> str:
    return f"{platform.node()} · {platform.processor() or platform.machine()} · {platform.system()} {platform.release()}"


async def run(config: RunConfig, on_record: Callable[[RunRecord], None] | None = None,
              on_plan: Callable[[int, int], None] | None = None) -> RunStore:
    """Execute a run; returns the (closed) store. `on_plan(total, already_done)` is called once."""
    if config.samples < 1 or config.jobs < 1:
        raise ChipbenchError("--samples and --jobs must be at least 1")
    secrets.mark(config.secret_env)
    suite_list = resolve_suites(config.suites)
    tasks = select_tasks(suite_list, config.tasks)
    resolved = resolve(config, [s.evaluator for s in suite_list])
    try:
        agent = agents.get(config.agent)(**resolved.agent_options.model_dump())
    except (TypeError, ValueError) as exc:
        raise ChipbenchError(f"agent {config.agent!r} rejected its options {config.agent_options}: {exc}") from None
    executor = open_executor(config)
    model = open_model(config.model, resolved.model_settings, cache=config.cache, cache_dir=config.cache_dir)
    evaluator_of = {s.name: make_evaluator(s.evaluator, resolved.evaluator_options[s.evaluator]) for s in suite_list}
    versions = {"chipbench": chipbench.__version__, "python": sys.version.split()[0]}
    for ev in evaluator_of.values():
        versions.update(await asyncio.to_thread(ev.versions))
        # Where its commands ran: the host's tools, or a docker image (whose tag hashes its recipe).
        versions[f"sandbox {ev.name}"] = make_sandbox(config.sandbox, [], ev.name).environment

    store = RunStore(config.run_dir).open()
    try:
        executor.expect(config.jobs)
        await executor.start()
        for t in tasks:
            executor.ensure_placeable(evaluator_of[t.suite], t, config.sandbox)
        manifest = _check_manifest(store, resolved, versions, executor, suite_list, evaluator_of)
        suite_of = {s.name: s for s in suite_list}
        jobs = [Job(t, s, evaluator_of[t.suite], suite_of[t.suite]) for t in tasks for s in range(config.samples)]
        todo = [j for j in jobs if not store.has(j.task.id, j.sample)]
        if on_plan:
            on_plan(len(jobs), len(jobs) - len(todo))
        hide = hidden_roots(suite_list, config.run_dir)
        limiter = asyncio.Semaphore(config.jobs)

        async def one(job: Job) -> None:
            async with limiter:
                record = await _run_job(job, agent, model, executor, config, manifest, versions, hide)
            store.append(record)
            if on_record:
                on_record(record)

        await asyncio.gather(*(one(j) for j in todo))
    finally:
        await executor.stop()
        store.close()
        if model.cache is not None:
            model.cache.close()
    return store


def open_executor(config: RunConfig) -> Executor:
    try:
        return executors.get(config.executor)(**config.executor_options)
    except TypeError as exc:
        raise ChipbenchError(f"executor {config.executor!r} rejected its options {config.executor_options}: {exc}") from None


def _check_manifest(store: RunStore, resolved: Resolved, versions: dict[str, str],
                    executor: Executor | None = None, suite_list: list[Suite] | None = None,
                    evaluator_of: dict[str, Evaluator] | None = None) -> dict:
    """The run's manifest: a new one for a new run; for a resume, the stored one once its
    score settings are found unchanged (`check_resume`)."""
    config = resolved.config
    existing = store.read_manifest()
    if existing and len(store) and not config.resume:
        raise ChipbenchError(
            f"{config.run_dir} already holds {len(store)} records: pass --resume to continue it, "
            "or choose another --run-dir"
        )
    if existing and config.resume:
        if "score_settings" not in existing:
            raise ChipbenchError(f"cannot resume {config.run_dir}: its manifest (schema "
                                 f"{existing.get('schema_version')}) does not record the settings that "
                                 "change scores, so a resume could mix two configurations; start another run")
        merged = check_resume(existing["score_settings"], resolved, config.run_dir)
        if merged != existing["score_settings"]:  # a resume that adds suites adds their evaluators
            stored_config = existing.setdefault("config", {})
            stored_config["evaluator_options"] = {**config.repeatable()["evaluator_options"],
                                                  **stored_config.get("evaluator_options", {})}
            existing["score_settings"] = merged
            store.write_manifest(existing)
        return existing
    manifest = {
        "run_id": uuid.uuid4().hex[:12], "agent": config.agent, "model": config.model,
        "samples": config.samples, "suites": config.suites, "tasks": config.tasks,
        "config": config.repeatable(), "score_settings": resolved.score_settings,
        "config_hash": resolved.config_hash, "budget": config.budget.model_dump(),
        "sandbox": config.sandbox, "versions": versions, "host": _host(),
        "created_at": time.time(), "settings": resolved.model_settings.model_dump(mode="json"),
        "agent_options": config.agent_options, "cache": config.cache,
        "executor": executor.describe() if executor else {"name": config.executor},
        "suite_versions": {s.name: s.version for s in suite_list or []},
        "suite_hashes": {s.name: s.content_hash for s in suite_list or []},
        "evaluator_settings": {name: ev.settings() for name, ev in (evaluator_of or {}).items()},
    }
    store.write_manifest(manifest)
    return manifest


async def _run_job(job: Job, agent, model, executor: Executor, config: RunConfig, manifest: dict,
                   versions: dict[str, str], hide: list[Path]) -> RunRecord:
    task = job.task
    started = time.time()

    def evaluation(candidate: Candidate, public: bool = False) -> Evaluation:
        return Evaluation(job.evaluator, task, candidate, config.sandbox, tuple(hide), public,
                          config.verdict_cache)

    async def check(files: dict[str, str]) -> str:
        verdict = await executor.evaluate(evaluation(Candidate(files=files), public=True))
        return verdict.feedback

    tools = AgentTools(check=check, workspace=Workspace(task.workspace),
                       queries=job.evaluator.query_tools(task))
    try:
        candidate = await agent.solve(task, model, tools, config.budget, job.sample)
    except ModelError as exc:
        candidate = Candidate(error=f"model error: {exc}", trajectory=exc.trajectory or Trajectory())
        verdict = Verdict(status=Status.MODEL_ERROR, category="model_error", reason=f"model error: {exc}",
                          feedback=f"model error: {exc}")
    except Exception as exc:  # noqa: BLE001 - one broken agent call must not end the run
        candidate = Candidate(error=f"agent failed: {exc}")
        verdict = Verdict(status=Status.HARNESS_ERROR, reason=f"agent failed: {exc}",
                          logs=clip(traceback.format_exc()))
    else:
        verdict = await executor.evaluate(evaluation(candidate))
    return RunRecord(
        run_id=manifest["run_id"], task_id=task.id, suite=task.suite, sample=job.sample,
        agent=config.agent, model=config.model, config_hash=manifest["config_hash"],
        task_digest=task.digest, candidate=candidate, verdict=verdict, versions=versions,
        started_at=started, finished_at=time.time(), settings=model.settings,
        task_info=job.suite.info(task), suite_version=job.suite.version, suite_hash=job.suite.content_hash,
        evaluator_settings=job.evaluator.settings(),
    )
