"""Agents (loops that turn a task into a candidate) and the model clients they drive."""

from chipbench.agents._base import Agent, AgentTools, Budget
from chipbench.agents._prompts import initial_messages, render_prompt
from chipbench.agents._session import BudgetExhausted, Session
from chipbench.agents._workspace import Workspace, WorkspaceError
from chipbench.agents.extract import extract_files, render_files
from chipbench.agents.models import (
    Model, ModelError, ModelRequest, Reply, TransientModelError, make_model, open_model,
)

__all__ = [
    "Agent", "AgentTools", "Budget", "BudgetExhausted", "Model", "ModelError", "ModelRequest",
    "Reply", "Session", "TransientModelError", "Workspace", "WorkspaceError", "extract_files",
    "initial_messages", "make_model", "open_model", "render_files", "render_prompt",
]
