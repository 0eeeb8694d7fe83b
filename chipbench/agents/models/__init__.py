"""Model clients; each is registered in the `chipbench.models` entry-point group."""

from chipbench.agents.models._base import Model, ModelError, ModelRequest, Reply
from chipbench.core import ChipbenchError


def make_model(spec: str) -> Model:
    """Build a model from `NAME` or `NAME:ARG` (e.g. `oracle`, `replay:replies.jsonl`)."""
    from chipbench.registry import models

    name, _, arg = spec.partition(":")
    factory = models.get(name)
    try:
        return factory(arg or None)
    except ChipbenchError:
        raise
    except Exception as exc:
        raise ChipbenchError(f"model {spec!r} could not be created: {exc}") from exc


__all__ = ["Model", "ModelError", "ModelRequest", "Reply", "make_model"]
