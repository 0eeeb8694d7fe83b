"""What a run takes, in one validated object, and the settings among it that change a score.

A run is described by a `RunConfig`: the command line builds one, a config file (`chipbench
run --config run.toml`) holds one, and a run's manifest stores the one it ran with, so
`chipbench run --config RUN_DIR/manifest.json` repeats it. Plug-ins' options (`agent_options`,
`settings` for the model, `evaluator_options`) are plain tables here; `resolve` checks each
against the plug-in's own options model and fills in every default, environment variables
included, so the stored config depends on nothing outside it.

`score_settings` flattens everything that can change a verdict, a figure or a prompt into named
entries (`agent`, `model.temperature`, `agent.prompts`, `evaluator.verilog.simulators`, ...):
their hash is the run's `config_hash`, and a resume that would change any of them is refused
with the entry named (`check_resume`).
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from chipbench.agents import Budget
from chipbench.core import ChipbenchError, ModelSettings, tree_digest
from chipbench.options import PluginOptions, describe, env_variable, validate_options

NOT_REPEATED = {"run_dir", "resume"}
"""Fields of a config that say where and how to continue, not what runs: a manifest's stored
config leaves them out, so repeating a run writes to a new folder."""


class RunConfig(BaseModel):
    """Everything a run takes. Field names are the keys of a config file (TOML or JSON)."""

    model_config = ConfigDict(extra="forbid")

    suites: list[str] = Field(default_factory=list)
    tasks: list[str] = Field(default_factory=list)
    agent: str = "single-shot"
    model: str = "oracle"
    samples: int = 1
    jobs: int = 2
    sandbox: str = "local"
    executor: str = "local"
    executor_options: dict[str, Any] = Field(default_factory=dict)
    budget: Budget = Field(default_factory=Budget)
    settings: dict[str, Any] = Field(default_factory=dict)
    """The model's options (`-M`, `--temperature`, ...), checked by its `Settings`."""
    agent_options: dict[str, Any] = Field(default_factory=dict)
    """The agent's options (`-A`), checked by its `Options`."""
    evaluator_options: dict[str, Any] = Field(default_factory=dict)
    """Evaluators' options (`-E`): `{"verilog": {"simulators": [...]}}` per evaluator,
    `{"verilog.simulators": ...}`, or `{"simulators": ...}` for every evaluator of the run
    that takes it."""
    cache: bool = True
    cache_dir: Path | None = None
    verdict_cache: bool = True
    """Hand an identical candidate (same task, files, evaluator settings, tools and sandbox
    environment) the verdict it got before instead of judging it again."""
    secret_env: list[str] = Field(default_factory=list)
    """Variables to treat as secrets besides the usual names (chipbench.secrets): kept out of
    sandboxes and redacted from records, manifests and reports. Not a score setting."""
    run_dir: Path = Path("runs/latest")
    resume: bool = False

    @field_validator("settings", mode="before")
    @classmethod
    def _settings_table(cls, value: Any) -> Any:
        return value.model_dump(exclude_unset=True) if isinstance(value, ModelSettings) else value

    def repeatable(self) -> dict[str, Any]:
        """This config as a manifest stores it: JSON values, without where it was written."""
        return self.model_dump(mode="json", exclude=NOT_REPEATED)


def read_config_file(path: Path) -> dict[str, Any]:
    """The config table in a TOML or JSON file, or in a run's manifest (its `config`)."""
    path = Path(path)
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise ChipbenchError(f"--config {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text.decode())
    except (ValueError, UnicodeDecodeError) as exc:
        raise ChipbenchError(f"--config {path}: not valid {'JSON' if path.suffix == '.json' else 'TOML'} ({exc})") from None
    if not isinstance(data, dict):
        raise ChipbenchError(f"--config {path}: expected a table of settings")
    if "run_id" in data:  # a run's manifest
        if not isinstance(data.get("config"), dict):
            raise ChipbenchError(f"--config {path}: this manifest was written before runs stored their "
                                 "config (schema 2 or older), so it cannot be repeated from")
        data = data["config"]
    return data


def config_from(table: dict[str, Any], where: str) -> RunConfig:
    """A RunConfig from a table; an unknown key or a bad value names itself and `where`."""
    try:
        return RunConfig.model_validate(table)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ChipbenchError(f"{where}: {problems}") from None


@dataclass(frozen=True)
class Resolved:
    """A run's config with every plug-in option checked and every default filled in."""

    config: RunConfig
    agent_options: PluginOptions
    model_settings: ModelSettings
    evaluator_options: dict[str, PluginOptions]
    score_settings: dict[str, Any]

    @property
    def config_hash(self) -> str:
        blob = json.dumps(self.score_settings, sort_keys=True, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def origin(self, key: str) -> str:
        """Where a score setting comes from, for messages: its flag and variable."""
        kind, _, rest = key.partition(".")
        if kind == "agent" and rest:
            opts: type[BaseModel] = type(self.agent_options)
            flag, name = f"-A {rest}=...", rest
        elif kind == "model" and rest:
            opts, flag, name = type(self.model_settings), f"-M {rest}=...", rest
        elif kind == "evaluator":
            evaluator, _, name = rest.partition(".")
            opts, flag = type(self.evaluator_options[evaluator]), f"-E {evaluator}.{name}=..."
        elif kind == "budget":
            return "--max-turns/--token-budget/--cost-budget/--time-budget"
        else:
            return f"--{key}"
        env = env_variable(opts, name)
        return flag + (f" or ${env}" if env else "")


def _plugin_class(registry_kind: str, name: str) -> Any:
    from chipbench import registry

    return getattr(registry, registry_kind).get(name)


def model_class(spec: str) -> Any:
    from chipbench.agents.models import resolve_spec

    return _plugin_class("models", resolve_spec(spec)[0])


def _options_of(plugin: Any) -> type[PluginOptions]:
    return getattr(plugin, "Options", PluginOptions)


def evaluator_tables(raw: dict[str, Any], names: list[str]) -> dict[str, dict[str, Any]]:
    """`evaluator_options` in any of its three forms, as one table per evaluator of the run.
    A table for a known evaluator the run does not use is left out; an unknown name, or a
    bare option no evaluator of the run takes, is an error listing what they take."""
    from chipbench.registry import evaluators

    per: dict[str, dict[str, Any]] = {n: {} for n in names}

    def into(evaluator: str, key: str, value: Any) -> None:
        if evaluator in per:
            per[evaluator][key] = value
        elif evaluator not in evaluators.names():
            raise ChipbenchError(f"evaluator option {evaluator}.{key}: no evaluator {evaluator!r} "
                                 f"(known: {', '.join(evaluators.names())})")

    for key, value in raw.items():
        if isinstance(value, dict):
            for k, v in value.items():
                into(key, k, v)
            continue
        evaluator, dot, option = key.partition(".")
        if dot:
            into(evaluator, option, value)
            continue
        takers = [n for n in names if key in _options_of(_plugin_class("evaluators", n)).model_fields]
        if not takers:
            offered = "; ".join(f"{n}: {describe(_options_of(_plugin_class('evaluators', n)))}" for n in names)
            raise ChipbenchError(f"no evaluator of this run takes option {key!r} ({offered or 'no evaluators'})")
        for n in takers:
            per[n][key] = value
    return per


def evaluator_options_for(raw: dict[str, Any], names: list[str]) -> dict[str, PluginOptions]:
    """`evaluator_options` (any form, see `evaluator_tables`) checked against each evaluator
    of `names`, defaults filled in."""
    return {n: validate_options(_options_of(_plugin_class("evaluators", n)), table, f"evaluator {n!r}")
            for n, table in evaluator_tables(raw, sorted(set(names))).items()}


def make_evaluator(name: str, options: PluginOptions) -> Any:
    """The evaluator `name`, constructed with its checked options."""
    values = options.model_dump()
    try:
        return _plugin_class("evaluators", name)(**values)
    except (TypeError, ValueError) as exc:
        raise ChipbenchError(f"evaluator {name!r} rejected its options {values}: {exc}") from None


def resolve(config: RunConfig, evaluator_names: list[str]) -> Resolved:
    """Check every plug-in option of `config` against its plug-in and fill in the defaults;
    `evaluator_names`: the evaluators of the run's suites."""
    agent_options = validate_options(_options_of(_plugin_class("agents", config.agent)),
                                     config.agent_options, f"agent {config.agent!r}")
    settings_class: type[ModelSettings] = getattr(model_class(config.model), "Settings", ModelSettings)
    model_settings = validate_options(settings_class, config.settings, f"model {config.model!r}")
    evaluator_options = evaluator_options_for(config.evaluator_options, evaluator_names)
    explicit = config.model_copy(update={
        "agent_options": agent_options.model_dump(mode="json"),
        "settings": model_settings.model_dump(mode="json"),
        "evaluator_options": {n: o.model_dump(mode="json") for n, o in evaluator_options.items()},
    })
    return Resolved(explicit, agent_options, model_settings, evaluator_options,
                    score_settings(explicit, agent_options, evaluator_options))


def _value(value: Any) -> Any:
    """A setting as compared: a folder (prompt templates) with its content hash, since the
    same path can hold other files next time."""
    if isinstance(value, Path):
        return f"{value} (content {tree_digest(value)})" if value.is_dir() else str(value)
    return value


def score_settings(config: RunConfig, agent_options: PluginOptions,
                   evaluator_options: dict[str, PluginOptions]) -> dict[str, Any]:
    """Every setting that can change a verdict, a figure or a prompt, by name. Transport
    settings of the model (endpoint, timeout, retries, concurrency), parallelism, caches and
    where results go are left out: they change how fast a run goes, not what it scores."""
    out: dict[str, Any] = {"agent": config.agent, "model": config.model}
    out.update({f"budget.{k}": v for k, v in config.budget.model_dump().items()})
    out.update({f"model.{k}": v for k, v in config.settings.items() if k not in ModelSettings.TRANSPORT})
    out.update({f"agent.{k}": _value(getattr(agent_options, k)) for k in type(agent_options).model_fields})
    for name, options in evaluator_options.items():
        out.update({f"evaluator.{name}.{k}": _value(v) for k, v in options.model_dump().items()})
    return json.loads(json.dumps(out, default=str))  # as stored: lists, not tuples


def check_resume(stored: dict[str, Any], resolved: Resolved, where: Path) -> dict[str, Any]:
    """Refuse to resume a run whose stored score settings differ from these, naming each
    difference; returns the settings to store (new evaluators' settings added, for a resume
    that also runs other suites; an evaluator the resume leaves out is not a change)."""
    new = resolved.score_settings
    changed = [k for k in sorted(set(stored) | set(new))
               if (k in stored and k in new or not k.startswith("evaluator."))
               and stored.get(k, "unset") != new.get(k, "unset")]
    if changed:
        details = "; ".join(f"{k} was {stored.get(k, 'unset')!r}, now {new.get(k, 'unset')!r} "
                            f"(set by {resolved.origin(k)})" for k in changed)
        raise ChipbenchError(f"cannot resume {where}: a setting that changes scores differs from the run's: "
                             f"{details}. Resume with the run's settings (its manifest.json holds them: "
                             f"`--config {where}/manifest.json --run-dir {where} --resume`) or start another run")
    return {**new, **stored}
