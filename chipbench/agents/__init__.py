"""Agents (loops that turn a task into a candidate) and the model clients they drive."""

from chipbench.agents._base import Agent, AgentTools, Budget
from chipbench.agents._prompts import initial_messages
from chipbench.agents.extract import extract_files, render_files
from chipbench.agents.models import Model, ModelError, ModelRequest, Reply, make_model

__all__ = [
    "Agent", "AgentTools", "Budget", "Model", "ModelError", "ModelRequest", "Reply",
    "extract_files", "initial_messages", "make_model", "render_files",
]
