"""Registries for everything pluggable: suites, suite adapters, evaluators, agents, models,
sandboxes, executors.

One mechanism for built-ins and plug-ins alike: a name maps to an object, found either by
`register()` at run time or through the Python entry-point group `chipbench.<kind>`. A third
party adds a part by declaring an entry point in its own package; nothing here changes. Each
registry says what its entries are (a `Suite`, a class or factory), and an entry point that
loads something else is an error naming it, not a crash somewhere later in a run.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from chipbench.core import ChipbenchError

if TYPE_CHECKING:
    from chipbench.agents._base import Agent
    from chipbench.agents.models._base import Model
    from chipbench.evaluators._base import Evaluator
    from chipbench.executors._base import Executor
    from chipbench.sandbox._base import Sandbox
    from chipbench.tasks._suite import Suite

T = TypeVar("T")


class Registry(Generic[T]):
    """Named entries of one kind. `accepts` tells a valid entry from a mistaken one (default:
    anything callable: a class or a factory); `what` says what was expected, for the error."""

    def __init__(self, kind: str, accepts: Callable[[Any], bool] = callable,
                 what: str = "a class or factory") -> None:
        self.kind = kind
        self.group = f"chipbench.{kind}"
        self.accepts = accepts
        self.what = what
        self._items: dict[str, T] = {}

    @property
    def singular(self) -> str:
        return self.kind[:-1]

    def register(self, name: str) -> Callable[[T], T]:
        """Decorator: `@agents.register("my-agent")` above a class or factory."""

        def add(obj: T) -> T:
            self._items[name] = obj
            return obj

        return add

    def _entry_points(self) -> dict[str, EntryPoint]:
        return {ep.name: ep for ep in entry_points(group=self.group)}

    def names(self) -> list[str]:
        return sorted(set(self._items) | set(self._entry_points()))

    def get(self, name: str) -> T:
        """The entry called `name`. Raises ChipbenchError when no entry has that name (listing
        those that do), when its entry point fails to load, or when it loads something other
        than this registry's kind of entry."""
        if name not in self._items:
            ep = self._entry_points().get(name)
            if ep is None:
                known = ", ".join(self.names()) or "none"
                raise ChipbenchError(f"unknown {self.singular} {name!r} (known: {known})")
            try:
                obj = ep.load()
            except Exception as exc:  # a broken plug-in must not look like a missing one
                raise ChipbenchError(
                    f"{self.singular} {name!r} from entry point {ep.value!r} failed to load: {exc}"
                ) from exc
            if not self.accepts(obj):
                raise ChipbenchError(f"{self.singular} {name!r} from entry point {ep.value!r} is "
                                     f"{type(obj).__name__}, not {self.what} (group {self.group})")
            self._items[name] = obj
        return self._items[name]


def _is_suite(obj: Any) -> bool:
    from chipbench.tasks._suite import Suite

    return isinstance(obj, Suite)


suites: Registry[Suite] = Registry(
    "suites", _is_suite, "a chipbench.tasks.Suite (an adapter that takes a PATH belongs in chipbench.suite_adapters)")
suite_adapters: Registry[Callable[[str], Suite]] = Registry(
    "suite_adapters", what="a function PATH -> Suite (`--suite NAME:PATH` reads a user's own copy of a benchmark)")
evaluators: Registry[type[Evaluator]] = Registry("evaluators", what="an Evaluator class")
agents: Registry[Callable[..., Agent]] = Registry("agents", what="an Agent class")
models: Registry[Callable[[str | None], Model]] = Registry("models", what="a Model class or factory taking ARG")
sandboxes: Registry[Callable[..., Sandbox]] = Registry("sandboxes", what="a Sandbox class")
executors: Registry[Callable[..., Executor]] = Registry("executors", what="an Executor class")
