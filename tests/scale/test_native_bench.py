"""bench/native_bench.py measures the matrix stage alone, and counts the CPU time of worker processes.

The matrix's workers come from a fork server, which the command's process does not wait for: their
CPU time reached neither ``os.wait4`` of that process nor the table.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import EXAMPLES, ROOT

BENCH = ROOT / "bench"


def test_only_the_matrix_stage_runs_for_each_size(tmp_path: Path) -> None:
    sts = tmp_path / "data/bamboo/sts/main"
    sts.mkdir(parents=True)
    shutil.copy(EXAMPLES / "pred.amr", sts / "src.dev.amr")
    shutil.copy(EXAMPLES / "gold.amr", sts / "tgt.dev.amr")
    done = subprocess.run(
        [sys.executable, str(BENCH / "native_bench.py"), "--shared", str(tmp_path), "--only", "matrix", "--matrix", "2,4"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "## In process" not in done.stdout
    assert "## Whole process" not in done.stdout
    rows = [line.split("|")[1:-1] for line in done.stdout.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [(r[0].strip(), r[1].strip()) for r in rows] == [("2", "3"), ("4", "10")]
    assert all(float(r[2]) > 0 and float(r[3]) > 0 for r in rows)


def test_the_matrix_stage_needs_a_size() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "native_bench.py"), "--only", "matrix"], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2
    assert "--only matrix needs --matrix N" in done.stderr


def test_the_cpu_time_of_orphaned_descendants_is_counted(tmp_path: Path) -> None:
    """A child that leaves a CPU-bound grandchild behind and exits at once: the grandchild's CPU time
    (which it writes down itself) is in the total."""
    spent = tmp_path / "spent"
    grandchild = f"import time\nx = 0\nwhile time.process_time() < 0.6:\n    x += 1\nopen({str(spent)!r}, 'w').write(str(time.process_time()))"
    child = f"import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', {grandchild!r}])"
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(BENCH)!r})
        import native_bench
        assert native_bench.adopt_orphans()
        wall, cpu, _ = native_bench.whole_process([sys.executable, "-c", {child!r}], descendants=True)
        print(cpu)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) >= float(spent.read_text())
