"""Start `chipbench serve` as a real process on 127.0.0.1 (a free port), and look for the
processes it leaves."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid: int) -> list[int]:
    """Every live process below `pid` (from /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


POOL = "chipbench.executors.process"
"""What the command line of a worker of the server's evaluation pool holds."""

VERILOG = "verilog/popcount"
SPIN = """module popcount (input wire [31:0] din, output wire [5:0] count);
    reg spin;
    initial spin = 0;
    always @(spin) spin <= ~spin;  // a zero-delay oscillation: simulated time never advances
    assign count = din[5:0];
endmodule
"""
"""A correct-looking popcount whose simulation runs until the task's own time limit (30 s):
for time limits, cancels and executors that must stop a busy candidate."""


def beyond_the_pool(pid: int) -> list[int]:
    """Processes below the server `pid` other than the idle workers of its evaluation pool
    (`chipbench.executors.process`): what an evaluation left running."""
    return [p for p in descendants(pid) if POOL not in cmdline(p)]


def alive(pids: list[int]) -> list[int]:
    return [p for p in pids if Path(f"/proc/{p}").exists()
            and Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"]


def processes_with(text: str) -> list[str]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            line = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if text in line and str(os.getpid()) != cmdline.parent.name:
            found.append(f"{cmdline.parent.name}: {line[:200]}")
    return found


@contextlib.contextmanager
def running_server(*args: str, token: str | None = None, host: str = "127.0.0.1", env: dict | None = None):
    """Yield (url, process) of a server started with these extra CLI arguments; stop it after."""
    port = free_port()
    cmd = [sys.executable, "-m", "chipbench", "serve", "--host", host, "--port", str(port), *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
                            env={**os.environ, **(env or {}), **({"CHIPBENCH_SERVE_TOKEN": token} if token else {})})
    url = f"http://127.0.0.1:{port}"
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited {proc.returncode}: {proc.stdout.read().decode()}")
            try:
                if httpx.get(f"{url}/health", headers=headers, timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("server did not answer /health within 60 s")
            time.sleep(0.2)
        yield url, proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        proc.stdout.close()


def route_probes(app) -> list[tuple[str, str, str]]:
    """(kind, method, path) for every route of `app`, its path parameters filled in: what a
    test must send to reach each route (a route added later is probed without being named)."""
    import re

    from starlette.routing import Mount, Route, WebSocketRoute

    probes = []
    for route in app.routes:
        path = re.sub(r"\{[^}]+\}", "x", route.path)
        if isinstance(route, WebSocketRoute):
            probes.append(("websocket", "GET", path))
        elif isinstance(route, Route):
            probes += [("http", method, path) for method in sorted(route.methods or {"GET"})]
        elif isinstance(route, Mount):
            probes.append(("http", "GET", path + "/x"))
        else:
            raise AssertionError(f"a route of a kind this test does not know: {route!r}")
    return probes
