"""Plug-in options: how an agent, a model or an evaluator declares the settings it takes.

A plug-in names its options in a pydantic model (`Options`, a `PluginOptions` subclass); the
run validates what the user gave (`-A/-M/-E key=value`, a config file) against it before any
work, so a typo is an error that lists the plug-in's real options, and a third-party plug-in
gets its options onto the command line without a change to chipbench. An option may take its
default from an environment variable (`from_env`): the variable is only a default, read once
when the run resolves its options, and the value it gave is written into the run's manifest
like any other, so a run never depends on the environment it is repeated in.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from chipbench.core import ChipbenchError


class PluginOptions(BaseModel):
    """A plug-in's options (none by default). Unknown keys are refused, not ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def from_env(variable: str, default: Any, description: str) -> Any:
    """A field whose default is `$variable` where set, else `default`; the text of either is
    validated as the field's type (so `CHIPBENCH_KERNEL_THREADS=4` becomes the int 4)."""
    return Field(default_factory=lambda: os.environ.get(variable, default), validate_default=True,
                 description=description, json_schema_extra={"env": variable})


def _comma_list(value: Any) -> Any:
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


CommaList = Annotated[list[str], BeforeValidator(_comma_list)]
"""A list of names, also given as `a,b` text (on the command line, in a variable)."""


def env_variable(options: type[BaseModel], name: str) -> str | None:
    """The environment variable that gives option `name` its default, if any."""
    field = options.model_fields.get(name)
    extra = field.json_schema_extra if field is not None else None
    return extra.get("env") if isinstance(extra, dict) else None  # type: ignore[return-value]


def describe(options: type[BaseModel]) -> str:
    """The options a plug-in takes, for error messages: `name (type; $VAR)` each."""
    if not options.model_fields:
        return "none"
    parts = []
    for name, field in options.model_fields.items():
        kind = getattr(field.annotation, "__name__", None) or str(field.annotation).replace("typing.", "")
        env = env_variable(options, name)
        parts.append(f"{name} ({kind}{'; default $' + env if env else ''})")
    return ", ".join(parts)


Options = TypeVar("Options", bound=BaseModel)


def validate_options(options: type[Options], values: Mapping[str, Any], owner: str) -> Options:
    """`values` checked against `options`; an unknown key or a bad value is a ChipbenchError
    naming `owner` (e.g. `agent 'refine'`) and the options it takes."""
    unknown = sorted(set(values) - set(options.model_fields))
    if unknown:
        raise ChipbenchError(f"{owner} has no option {', '.join(map(repr, unknown))}; "
                             f"its options: {describe(options)}")
    try:
        return options.model_validate(dict(values))
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'value'}: {e['msg']}" for e in exc.errors())
        raise ChipbenchError(f"{owner}: bad option value ({problems}); its options: {describe(options)}") from None


def parse_pairs(pairs: list[str] | None, flag: str) -> dict[str, str]:
    """`["k=v", ...]` from a repeatable flag as a dict; the plug-in's options type the values."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ChipbenchError(f"{flag} {pair!r}: expected KEY=VALUE")
        out[key.strip()] = value
    return out
