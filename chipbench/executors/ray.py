"""The `ray` executor: each evaluation is a Ray task placed by what it needs, so evaluations
spread over a cluster while the driver keeps the agent loops, the model calls (rate-limited in
one place) and the single writer of the results store.

What a task asks of the cluster:
- `num_cpus` / `num_gpus` from the evaluator's `resources(task)` (a GPU kernel backend asks for
  one GPU; on a cluster without any GPU it runs as it would on a machine without one);
- one unit of a custom resource named after the sandbox backend when it is not `local`, e.g.
  `docker` for `--sandbox docker`: nodes that can host such sandboxes declare it
  (`ray start --resources '{"docker": 8}'`).

A worker that dies mid-evaluation (killed, out of memory, node lost) has its task retried by
Ray up to `max_retries` times; the driver awaits one result per evaluation, so a retried task
is still recorded once. A task that fails every retry becomes a harness_error verdict.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any
from dataclasses import replace

from chipbench.secrets import is_secret
from chipbench.core import Candidate, ChipbenchError, Status, Task, Verdict
from chipbench.evaluators import Evaluator, Resources, clip
from chipbench.executors._base import Evaluation, Executor

INSTALL_HINT = "pip install 'chipbench[ray]'"


def placement(need: Resources, sandbox: str, cluster: dict[str, float], max_retries: int) -> dict:
    """Ray task options for one evaluation on a cluster with these resource totals; a need no
    node can ever meet is an error here, not a task that waits forever."""
    gpus = need.gpus if cluster.get("GPU", 0) > 0 else 0.0
    if gpus > cluster.get("GPU", 0):
        raise ChipbenchError(f"an evaluation needs {gpus:g} GPUs but the Ray cluster has {cluster.get('GPU', 0):g}")
    custom = {} if sandbox == "local" else {sandbox: 1.0}
    for name, amount in custom.items():
        if cluster.get(name, 0) < amount:
            raise ChipbenchError(
                f"no node of the Ray cluster offers the resource {name!r} that `--sandbox {sandbox}` "
                f"evaluations need: start such nodes with `ray start --resources '{{\"{name}\": N}}'` "
                "(N: how many may run at once on the node)"
            )
    return {"num_cpus": need.cpus, "num_gpus": gpus, "resources": custom, "max_retries": max_retries}


def _evaluate(evaluation: Evaluation) -> Verdict:
    """The body of the Ray task, run in a worker process: the same scoring as the local
    executor, in a sandbox on the worker's machine."""
    from chipbench.runner import evaluate_in_sandbox

    e = evaluation
    return asyncio.run(evaluate_in_sandbox(e.evaluator, e.task, e.candidate, e.sandbox, list(e.hide), e.public, e.cache))


def _forwarded_env() -> dict[str, str]:
    """chipbench's own variables (e.g. CHIPBENCH_CACHE; score settings travel in the evaluator
    object itself, as options) follow the evaluations to
    the workers, so a run scores the same wherever its evaluations land; secrets stay here
    (the names of the marked ones go along, in CHIPBENCH_SECRET_ENV)."""
    return {k: v for k, v in os.environ.items() if k.startswith("CHIPBENCH_") and not is_secret(k)}


class RayExecutor(Executor):
    name = "ray"

    def __init__(self, address: str | None = None, max_retries: int = 3) -> None:
        try:
            import ray
        except ImportError:
            raise ChipbenchError(f"--executor ray needs Ray, an optional dependency: {INSTALL_HINT}") from None
        if max_retries < 0:
            raise ChipbenchError("max_retries must be at least 0")
        self._ray = ray
        self.address = address
        self.max_retries = max_retries
        self._owns_connection = False
        self._task: Any = None
        self._cluster: dict[str, float] = {}
        self._gcs = ""

    async def start(self) -> None:
        """Connect to the cluster at `address` (or $RAY_ADDRESS), or start a local one when
        neither is given; a process already connected (e.g. a test's cluster) is reused."""
        ray = self._ray
        if not ray.is_initialized():
            kwargs: dict = {"address": self.address, "log_to_driver": False, "logging_level": logging.WARNING,
                            "runtime_env": {"env_vars": _forwarded_env()}}
            if self.address is None and not os.environ.get("RAY_ADDRESS"):
                kwargs["include_dashboard"] = False
            try:
                ray.init(**kwargs)
            except Exception as exc:  # noqa: BLE001 - any failure to connect is the user's to fix
                where = self.address or os.environ.get("RAY_ADDRESS") or "a new local cluster"
                raise ChipbenchError(f"cannot start Ray on {where}: {exc}") from None
            self._owns_connection = True
        self._task = ray.remote(_evaluate)
        self._cluster = dict(ray.cluster_resources())
        self._gcs = ray.get_runtime_context().gcs_address

    async def stop(self) -> None:
        if self._owns_connection:
            self._ray.shutdown()
            self._owns_connection = False

    def ensure_placeable(self, evaluator: Evaluator, task: Task, sandbox: str) -> None:
        placement(evaluator.resources(task), sandbox, self._cluster, self.max_retries)

    async def evaluate(self, evaluation: Evaluation) -> Verdict:
        options = placement(evaluation.evaluator.resources(evaluation.task), evaluation.sandbox,
                            self._cluster, self.max_retries)
        # The trajectory stays here: the evaluator reads only the files (and the error).
        bare = Candidate(files=evaluation.candidate.files, error=evaluation.candidate.error)
        try:
            ref = self._task.options(**options).remote(replace(evaluation, candidate=bare))
        except TypeError as exc:  # what cannot be pickled (a third-party evaluator's lock, say)
            raise ChipbenchError(f"evaluator {evaluation.evaluator.name!r} cannot be sent to Ray workers: {exc}") from None
        try:
            return await ref
        except asyncio.CancelledError:
            self._ray.cancel(ref, force=True)
            raise
        except self._ray.exceptions.RayError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            return Verdict(status=Status.HARNESS_ERROR, category="executor",
                           reason=f"ray task failed ({self.max_retries} retries): {type(exc).__name__}: {first}",
                           logs=clip(str(exc)))

    def describe(self) -> dict:
        return {"name": self.name, "address": self._gcs,
                "cluster": {k: v for k, v in self._cluster.items() if not k.startswith("node:")}}
