"""`python -m chipbench`: the CLI, for environments where the console script is not on PATH."""

from chipbench.cli import app

app(prog_name="chipbench")
