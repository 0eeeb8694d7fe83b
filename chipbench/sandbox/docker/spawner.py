"""The process that starts every command inside a docker sandbox (run as the container's main
process, with the image's /usr/bin/python3 and nothing but the standard library).

Why: each `docker exec` costs tens of milliseconds in the engine (runc sets up a process in
the container's namespaces, cgroups and seccomp profile: about 47 ms here), and a candidate
runs several commands. This process is already inside, so a command costs one fork and exec.

Contract:
- started as root with only the SETUID and SETGID capabilities, as `spawner.py UID SOCKET`;
  every command runs as UID (no supplementary groups), whoever asks: a request cannot name
  another user, and no command ever runs as root;
- one connection per command on the unix socket SOCKET: a JSON line `{"argv", "env", "cwd"}`
  in; frames out, each one byte of kind and four of big-endian length, then the data: `1`
  stdout, `2` stderr, and last `x`, whose length field is the exit status (negative: the
  signal that ended it);
- stdin is the runner's lifeline: when it closes, this process exits and the container with it.
Limits, timeouts, output caps and kills are the harness's, from outside (see sandbox.py).
"""

import json
import os
import selectors
import socket
import subprocess
import sys
import threading


def _frame(kind: bytes, payload: bytes = b"", length: int | None = None) -> bytes:
    size = len(payload) if length is None else length
    return kind + size.to_bytes(4, "big", signed=True) + payload


def _serve(conn: socket.socket, uid: int) -> None:
    with conn:
        request = b""
        while not request.endswith(b"\n"):
            chunk = conn.recv(65536)
            if not chunk:
                return
            request += chunk
        try:
            spec = json.loads(request)
            proc = subprocess.Popen(spec["argv"], env=spec["env"], cwd=spec["cwd"], user=uid, group=uid,
                                    extra_groups=[], start_new_session=True, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except Exception as exc:  # noqa: BLE001 - reported as the command's own failure
            conn.sendall(_frame(b"2", f"chipbench spawner: cannot start the command: {exc}\n".encode()))
            conn.sendall(_frame(b"x", length=127))
            return
        assert proc.stdout is not None and proc.stderr is not None
        streams: dict = {proc.stdout: b"1", proc.stderr: b"2"}
        with selectors.DefaultSelector() as sel:
            for stream in streams:
                sel.register(stream, selectors.EVENT_READ)
            open_streams = len(streams)
            while open_streams:
                for key, _ in sel.select():
                    data = os.read(key.fd, 65536)
                    if not data:
                        sel.unregister(key.fileobj)
                        open_streams -= 1
                        continue
                    try:
                        conn.sendall(_frame(streams[key.fileobj], data))
                    except OSError:
                        pass  # the harness went away; it kills the command itself
        status = proc.wait()
        try:
            conn.sendall(_frame(b"x", length=status))
        except OSError:
            pass


def _watch_lifeline() -> None:
    while sys.stdin.buffer.read(65536):
        pass
    os._exit(0)


def main() -> None:
    uid, path = int(sys.argv[1]), sys.argv[2]
    threading.Thread(target=_watch_lifeline, daemon=True).start()
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path + ".new")
    server.listen(64)
    os.chmod(path + ".new", 0o666)  # the harness may be another user; commands run as UID anyway
    os.rename(path + ".new", path)  # appears only once it accepts connections
    while True:
        conn, _ = server.accept()
        threading.Thread(target=_serve, args=(conn, uid), daemon=True).start()


if __name__ == "__main__":
    main()
