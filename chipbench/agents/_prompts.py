"""Prompt rendering from jinja2 templates: `<suite>.md.j2` if present, else `default.md.j2`.

Users override any template by pointing `CHIPBENCH_PROMPTS` at a folder of their own.
"""

from __future__ import annotations

import os
from pathlib import PurePosixPath

import jinja2

from chipbench.agents.extract import LANGUAGES
from chipbench.core import Message, Task


def _environment() -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if user := os.environ.get("CHIPBENCH_PROMPTS"):
        loaders.append(jinja2.FileSystemLoader(user))
    loaders.append(jinja2.PackageLoader("chipbench.agents", "prompts"))
    env = jinja2.Environment(loader=jinja2.ChoiceLoader(loaders), keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)
    env.globals["lang"] = lambda path: sorted(LANGUAGES.get(PurePosixPath(path).suffix, {""}))[0]
    return env


def initial_messages(task: Task) -> list[Message]:
    env = _environment()
    try:
        user = env.get_template(f"{task.suite}.md.j2")
    except jinja2.TemplateNotFound:
        user = env.get_template("default.md.j2")
    return [
        Message(role="system", content=env.get_template("system.md.j2").render(task=task).strip()),
        Message(role="user", content=user.render(task=task).strip()),
    ]
