"""bench/native_instructions.py: the instructions of one pair and one reward call, from two callgrind counts.

A stand-in ``valgrind`` on PATH reports a count that grows by a known amount per round (and doubles for
the ``--vs`` tree), so the table's arithmetic is checked without running valgrind itself.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

from conftest import EXAMPLES, ROOT

BENCH = ROOT / "bench" / "native_instructions.py"
FAKE = """#!/bin/sh
# the child's last four arguments: data file, workload, rounds, slots
eval "workload=\\${$(($# - 2))}"
eval "last=\\${$(($# - 1))}"
step=5000; [ "$workload" = reward ] && step=7000
scale=1; [ -n "$PYTHONPATH" ] && scale=2
[ "$PYTHONHASHSEED" = 1 ] && step=$((step * 3))  # another seed, another count: the table shows their mean
echo "==1== Collected : $(( (1000000 + last * step) * scale ))" >&2
"""


def fake_shared(tmp_path: Path) -> Path:
    sts = tmp_path / "shared/data/bamboo/sts/main"
    sts.mkdir(parents=True)
    shutil.copy(EXAMPLES / "pred.amr", sts / "src.dev.amr")
    shutil.copy(EXAMPLES / "gold.amr", sts / "tgt.dev.amr")
    return tmp_path / "shared"


def run(tmp_path: Path, *args: str, path: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH), "--shared", str(fake_shared(tmp_path)), "--pairs", "2", "--rewards", "1", *args],
        capture_output=True, text=True, timeout=300, check=False, env={**os.environ, "PATH": path},
    )


def test_the_table_divides_the_extra_rounds_count_by_their_items(tmp_path: Path) -> None:
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "valgrind").write_text(FAKE)
    (tools / "valgrind").chmod(stat.S_IRWXU)
    done = run(tmp_path, "--rounds", "1", "3", "--seeds", "2", "--vs", str(tmp_path), path=f"{tools}:{os.environ['PATH']}")
    assert done.returncode == 0, done.stderr
    rows = {line.split("|")[1].strip(): line.split("|")[3:-1] for line in done.stdout.splitlines() if line.startswith("| ")}
    # batch: 5000 a round over 2 pairs; reward: 7000 a round over 1 call; the --vs tree counts twice as much
    # with --seeds 2 the second seed counts three times as much a round: the mean is twice the first seed's
    assert [c.strip() for c in rows["batch"]] == ["5,000 (2,500-7,500)", "10,000 (5,000-15,000)", "0.500"]
    assert [c.strip() for c in rows["reward"]] == ["14,000 (7,000-21,000)", "28,000 (14,000-42,000)", "0.500"]


def test_without_valgrind_it_says_so(tmp_path: Path) -> None:
    bare = tmp_path / "bare"
    bare.mkdir()
    done = run(tmp_path, path=str(bare))
    assert done.returncode != 0 and "valgrind is not on PATH" in done.stderr
