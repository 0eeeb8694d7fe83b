"""Prompt rendering from jinja2 templates, per suite and overridable by the user.

Every prompt has a name (`task`, `feedback`, `tool_use`, `tool_reminder`, `system`); the
template `<suite>.<name>.md.j2` is used when present, else `<name>.md.j2`. The task prompt
keeps its historical names: `<suite>.md.j2`, else `default.md.j2`. Users override any of
them with a folder of files of the same names (`templates`: the agents' option `prompts`,
`-A prompts=DIR`, default $CHIPBENCH_PROMPTS; the run records the folder's content hash).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import jinja2

from chipbench.agents.extract import LANGUAGES
from chipbench.core import Message, Task


def _environment(templates: Path | None) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if templates is not None:
        loaders.append(jinja2.FileSystemLoader(templates))
    loaders.append(jinja2.PackageLoader("chipbench.agents", "prompts"))
    env = jinja2.Environment(loader=jinja2.ChoiceLoader(loaders), keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)
    env.globals["lang"] = lambda path: sorted(LANGUAGES.get(PurePosixPath(path).suffix, {""}))[0]
    return env


def _template_names(name: str, suite: str) -> list[str]:
    if name == "task":
        return [f"{suite}.md.j2", "default.md.j2"]
    return [f"{suite}.{name}.md.j2", f"{name}.md.j2"]


def render_prompt(name: str, task: Task, templates: Path | None = None, **context) -> str:
    """Render the prompt `name` for `task`, from the folder `templates` where it holds one;
    extra keyword arguments are template variables."""
    template = _environment(templates).select_template(_template_names(name, task.suite))
    return template.render(task=task, **context).strip()


def initial_messages(task: Task, prompt: str = "task", templates: Path | None = None, **context) -> list[Message]:
    """The system message and the first user message (`prompt` names its template)."""
    return [
        Message(role="system", content=render_prompt("system", task, templates, **context)),
        Message(role="user", content=render_prompt(prompt, task, templates, **context)),
    ]
