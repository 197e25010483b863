"""SIGTERM ends a command as Ctrl-C does: exit status 143, no process of the run left, no temporary file.

Each test starts a real ``python -m amrmetrics`` on a corpus large enough to take a while, waits
until its worker processes run, sends SIGTERM to the command alone (not its process group, as a
job scheduler or ``kill`` does) and looks at what is left: every process that descended from it
(the fork server, the resource tracker, the workers; a Dask cluster's nannies and workers) must
end, and no ``.partial`` file may stay.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT

from amrmetrics.cli.main import main

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads the process tree from /proc (Linux)")


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first, parent second), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _descendants(pid: int) -> set[int]:
    """Every living process whose chain of parents leads to ``pid``."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        fields = _stat(int(entry)) if entry.isdigit() else None
        if fields is not None:
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return {p for p in found if _alive(p)}


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def _graphs(n: int, shift: int = 0) -> str:
    """``n`` graphs with repeated concepts (alignments that need the solver), in PENMAN."""
    return "\n\n".join(
        f"(a / c{(i + shift) % 7} :ARG0 (b / c{i % 3} :ARG1 (x / c{i % 4} :mod (y / c{i % 3}))) "
        f":ARG1 (d / c{(i + shift) % 5} :mod (e / c{i % 3}) :ARG2 (f / c{i % 7} :ARG0 b)))"
        for i in range(n)
    ) + "\n"


def _terminate_when(command: list[str], folder: Path, ready: Callable[[set[int]], bool]) -> tuple[int | None, str, set[int]]:
    """Run ``amrmetrics COMMAND`` in ``folder`` and SIGTERM it once ``ready(its descendants)``: its exit
    status, its stderr, and the descendants still alive 20 seconds after it ended (then killed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    seen: set[int] = set()
    with open(folder.parent / "stderr.txt", "w+", encoding="utf-8") as err:  # not a pipe: a leftover process may hold it
        job = subprocess.Popen(
            [sys.executable, "-m", "amrmetrics", *command], cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=err
        )
        deadline = time.monotonic() + 240
        try:
            while job.poll() is None and time.monotonic() < deadline:
                seen |= _descendants(job.pid)
                if ready(seen):
                    job.send_signal(signal.SIGTERM)
                    break
                time.sleep(0.1)
            job.wait(timeout=120)
        finally:
            if job.poll() is None:
                job.kill()
            left = _left(seen)
        err.seek(0)
        assert ready(seen), f"the command ended, or its workers did not start, before it was terminated: {err.read()}"
        return job.returncode, err.read(), left


def _left(pids: set[int], seconds: float = 20.0) -> set[int]:
    """The processes of ``pids`` still alive after waiting up to ``seconds`` for them to end (then killed)."""
    deadline = time.monotonic() + seconds
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = {p for p in pids if _alive(p)}
    for pid in left:  # do not leave them to the next test
        os.kill(pid, signal.SIGKILL)
    return left


def _run_folder(tmp_path: Path) -> Path:
    """The command's working folder (its stderr goes beside it)."""
    folder = tmp_path / "run"
    folder.mkdir()
    return folder


def test_score_with_worker_processes(tmp_path) -> None:
    tmp_path = _run_folder(tmp_path)
    (tmp_path / "t.amr").write_text(_graphs(4000), encoding="utf-8")
    (tmp_path / "g.amr").write_text(_graphs(4000, shift=1), encoding="utf-8")
    command = ["score", "t.amr", "g.amr", "--jobs", "2", "--per-pair", "pairs.tsv", "--no-progress"]
    status, err, left = _terminate_when(command, tmp_path, lambda pids: len(pids) >= 4)  # tracker, fork server, 2 workers
    assert status == 143, err
    assert left == set()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.amr", "t.amr"]  # no pairs.tsv, no .pairs.tsv.*.partial


def test_matrix_with_worker_processes(tmp_path) -> None:
    tmp_path = _run_folder(tmp_path)
    (tmp_path / "m.amr").write_text(_graphs(400), encoding="utf-8")
    command = ["matrix", "m.amr", "-m", "smatch", "--jobs", "2", "-o", "m.npy", "--no-progress"]
    status, err, left = _terminate_when(command, tmp_path, lambda pids: len(pids) >= 4)
    assert status == 143, err
    assert left == set()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.amr"]


def test_matrix_on_a_local_dask_cluster_with_resume(tmp_path) -> None:
    tmp_path = _run_folder(tmp_path)
    pytest.importorskip("distributed", reason="Dask is not installed (pip install 'amrmetrics[dask]')")
    (tmp_path / "m.amr").write_text(_graphs(400), encoding="utf-8")
    command = ["matrix", "m.amr", "-m", "smatch", "--jobs", "2", "-o", "m.npy", "--resume", "--executor", "dask", "--no-progress"]
    tiles = tmp_path / "m.npy.tiles"

    def computing(pids: set[int]) -> bool:
        return len(list(tiles.glob("tile-*.npy"))) >= 1

    status, err, left = _terminate_when(command, tmp_path, computing)
    assert status == 143, err
    assert "leaked semaphore" not in err and "Traceback" not in err, err
    assert left == set()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.amr", "m.npy.tiles"]
    assert not list(tiles.glob(".*.partial"))


def test_a_command_run_in_process_leaves_the_sigterm_handler_as_it_was(capsys) -> None:
    def mine(signum: int, frame: object) -> None:
        raise AssertionError("not expected to run")

    previous = signal.signal(signal.SIGTERM, mine)
    try:
        assert main(["score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"), "--no-progress"]) == 0
        assert signal.getsignal(signal.SIGTERM) is mine
    finally:
        signal.signal(signal.SIGTERM, previous)
