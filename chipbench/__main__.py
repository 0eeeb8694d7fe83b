"""`python -m chipbench`: the CLI, for environments where the console script is not on PATH."""

from chipbench.cli import app

if __name__ == "__main__":  # not when a worker process (chipbench.executors.process) imports the main module
    app(prog_name="chipbench")
