"""The command line runs numpy's OpenBLAS on one thread unless the user says otherwise: its idle threads
spin for a tenth of a second each at load, a quarter of a short run's CPU on two cores."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import ROOT

from amrmetrics.cli.main import BLAS_THREADS, quiet_blas


def test_one_thread_unless_the_user_chose() -> None:
    unset: dict[str, str] = {}
    quiet_blas(unset)
    assert unset == {BLAS_THREADS: "1"}
    chosen = {BLAS_THREADS: "8"}
    quiet_blas(chosen)
    assert chosen == {BLAS_THREADS: "8"}


def blas_setting_seen_by_numpy(env: dict[str, str]) -> str:
    """What OPENBLAS_NUM_THREADS said when numpy began to load in a command-line run (``amrmetrics score``)."""
    code = (
        "import os, sys, amrmetrics.cli.main as m\n"
        "assert 'numpy' not in sys.modules\n"
        "seen = []\n"
        "class Watch:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'numpy' and not seen:\n"
        "            seen.append(os.environ.get('OPENBLAS_NUM_THREADS'))\n"
        "sys.meta_path.insert(0, Watch())\n"
        "import atexit\n"
        "atexit.register(lambda: print('BLAS', *seen, file=sys.stderr))\n"
        "sys.argv = ['amrmetrics', 'score', sys.argv[1], sys.argv[2], '--no-progress']\n"
        "m.run()\n"
    )
    examples = ROOT / "examples"
    done = subprocess.run([sys.executable, "-c", code, str(examples / "pred.amr"), str(examples / "gold.amr")],
                          capture_output=True, text=True, env=env, check=True)
    assert "smatch" in done.stdout
    return next(line for line in done.stderr.splitlines() if line.startswith("BLAS"))


def test_a_command_line_run_sets_it_before_numpy_loads() -> None:
    env = {k: v for k, v in os.environ.items() if k != BLAS_THREADS}
    assert blas_setting_seen_by_numpy(env) == "BLAS 1"
    assert blas_setting_seen_by_numpy({**env, BLAS_THREADS: "2"}) == "BLAS 2"
