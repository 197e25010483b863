"""Helpers the whole-process benchmarks share: timing a child process, cutting a corpus to N pairs."""

from __future__ import annotations

import os
import resource
import subprocess
import time
from pathlib import Path

from amrmetrics.read import split_blocks

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""Child processes keep their bytecode cache, as an installed package would."""


def timed(cmd: list[str]) -> tuple[float, float, str]:
    """Wall seconds and CPU seconds (user + system) of one process, and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, check=False, capture_output=True, text=True, env=ENV)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuntimeError(f"exit {done.returncode}: {last}")
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return seconds, cpu, done.stdout


def head(path: Path, n: int, folder: Path) -> Path:
    """A copy of the first ``n`` graphs of ``path`` (with their comment lines) in ``folder``."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    with open(path, encoding="utf-8") as handle:
        blocks = split_blocks(handle)
        cut = next((b.line for k, b in enumerate(blocks) if k == n), len(lines) + 1) - 1
    while cut > 0 and lines[cut - 1].lstrip().startswith("#"):
        cut -= 1
    out = folder / f"{path.stem}.head{n}.amr"
    out.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    return out
