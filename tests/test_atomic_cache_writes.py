"""Cache files written by several threads of one harness at once (`asyncio.to_thread`, `--jobs`):
the cold cache of a fresh CI machine had two CUDA builds write the light torch header through
one pid-named temporary file, and the second rename failed with `[Errno 2] No such file`."""

from __future__ import annotations

import stat
import threading

from chipbench.paths import replace_atomically


def _at_once(n: int, work) -> list[BaseException]:
    start, errors = threading.Barrier(n), []

    def run(i: int) -> None:
        start.wait()
        try:
            work(i)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_threads_writing_one_path_at_once_all_succeed_and_leave_one_whole_file(tmp_path):
    target = tmp_path / "extension.h"
    payloads = [f"// writer {i}\n".encode() * 2000 for i in range(16)]
    for _ in range(20):
        assert _at_once(16, lambda i: replace_atomically(target, payloads[i], mode=0o644)) == []
        assert target.read_bytes() in payloads
    assert [p.name for p in tmp_path.iterdir()] == ["extension.h"]  # no temporary file left behind
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_the_light_header_is_made_once_by_many_threads_of_a_cold_cache(tmp_path, monkeypatch):
    from chipbench.evaluators.kernels._cpp_build import LIGHT_HEADER, light_header

    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "cold"))
    roots: list = []
    assert _at_once(8, lambda i: roots.append(light_header())) == []
    (root,) = set(roots)
    header = root / "torch" / "extension.h"
    assert header.read_text() == LIGHT_HEADER
    assert stat.S_IMODE(header.stat().st_mode) == 0o644  # read by the sandbox's borrowed uid


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "figures.json"
    target.write_text("old")

    class Boom(str):
        def encode(self, *args, **kwargs):  # noqa: D102 - fails mid-write
            raise RuntimeError("disk gone")

    try:
        replace_atomically(target, Boom("new"))
    except RuntimeError:
        pass
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["figures.json"]
