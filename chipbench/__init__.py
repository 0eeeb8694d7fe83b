"""chipbench: a benchmark harness for LLM agents that write hardware and performance code.

The Python API (`chipbench.api`): `evaluate` / `aevaluate` score a candidate and return its
full verdict, `load_tasks` lists tasks as an agent sees them; `chipbench.reward` turns a
verdict into a reward; `chipbench.client.Client` talks to `chipbench serve`.
"""

__version__ = "0.1.0"

__all__ = ["evaluate", "aevaluate", "load_tasks"]


def __getattr__(name: str):
    # Imported on first use: `import chipbench` stays cheap for the CLI and for worker processes.
    if name in __all__:
        from chipbench import api

        return getattr(api, name)
    raise AttributeError(f"module 'chipbench' has no attribute {name!r}")
