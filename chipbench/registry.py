"""Registries for everything pluggable: suites, evaluators, agents, models, sandboxes, executors.

One mechanism for built-ins and plug-ins alike: a name maps to an object, found either by
`register()` at run time or through the Python entry-point group `chipbench.<kind>`. A third
party adds a part by declaring an entry point in its own package; nothing here changes.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Callable, Generic, TypeVar

from chipbench.core import ChipbenchError

T = TypeVar("T")


class Registry(Generic[T]):
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.group = f"chipbench.{kind}"
        self._items: dict[str, T] = {}

    def register(self, name: str) -> Callable[[T], T]:
        """Decorator: `@agents.register("my-agent")` above a class or factory."""

        def add(obj: T) -> T:
            self._items[name] = obj
            return obj

        return add

    def _entry_points(self):
        return {ep.name: ep for ep in entry_points(group=self.group)}

    def names(self) -> list[str]:
        return sorted(set(self._items) | set(self._entry_points()))

    def get(self, name: str) -> T:
        if name not in self._items:
            ep = self._entry_points().get(name)
            if ep is None:
                known = ", ".join(self.names()) or "none"
                raise ChipbenchError(f"unknown {self.kind[:-1]} {name!r} (known: {known})")
            try:
                self._items[name] = ep.load()
            except Exception as exc:  # a broken plug-in must not look like a missing one
                raise ChipbenchError(
                    f"{self.kind[:-1]} {name!r} from entry point {ep.value!r} failed to load: {exc}"
                ) from exc
        return self._items[name]


suites: Registry = Registry("suites")
evaluators: Registry = Registry("evaluators")
agents: Registry = Registry("agents")
models: Registry = Registry("models")
sandboxes: Registry = Registry("sandboxes")
executors: Registry = Registry("executors")
