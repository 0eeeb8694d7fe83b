"""Tasks: the task model, the folder loader, suites, and the suites' data (subfolders)."""

from chipbench.core import Task
from chipbench.tasks._loader import TaskError, TaskSpec, load_task
from chipbench.tasks._suite import Suite

__all__ = ["Suite", "Task", "TaskError", "TaskSpec", "load_task", "TASKS_ROOT"]

from pathlib import Path as _Path

TASKS_ROOT = _Path(__file__).parent
"""Where the built-in task data lives; sandboxes hide it from candidate code."""
