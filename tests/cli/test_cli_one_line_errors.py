"""Every error of the command line, argparse's included, is one line on stderr, with nothing on stdout,
and one exit status per kind: 2 for a mistake in the command (a bad value, an unknown command,
option or metric, a missing argument, standard input given twice), 1 for data and for any output
that cannot be written, whichever option names it.

Each invocation runs as its own process (``python -m amrmetrics``), as a user runs it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
MISSING = "{tmp}/no-such-dir/out"
"""An output in a directory that does not exist."""
UNDER_A_FILE = "{tmp}/a-file/out"
"""An output whose directory is a regular file."""

USAGE = [
    (["score", PRED, GOLD, "--format", "yaml"], "invalid choice: 'yaml'", "see 'amrmetrics score --help'"),
    (["score", PRED, GOLD, "--seed", "abc"], "argument --seed: invalid int value: 'abc'", "see 'amrmetrics score --help'"),
    (["scor", PRED, GOLD], "unknown command 'scor' (did you mean 'score'?)", "see 'amrmetrics --help'"),
    (["score", PRED], "the following arguments are required: gold", "see 'amrmetrics score --help'"),
    ([], "the following arguments are required: COMMAND", "see 'amrmetrics --help'"),
    (["score", PRED, GOLD, "--bogus"], "unrecognized arguments: --bogus", "see 'amrmetrics score --help'"),
    (["meta", "bogus"], "invalid choice: 'bogus'", "see 'amrmetrics meta --help'"),
    (["meta", "structural"], "the following arguments are required: GOLD", "see 'amrmetrics meta structural --help'"),
    (["smatch", PRED], "the following arguments are required: -f", "see 'amrmetrics smatch --help'"),
    (["score", PRED, GOLD, "-m", "smatsch"], "unknown metric 'smatsch' (did you mean 'smatch'?)", ""),
    (["score", "-", "-"], "only one of the files can be '-'", ""),
    (["compare", "-", "-", GOLD], "only one of the files can be '-'", ""),
    (["compare", "-", GOLD, "-"], "only one of the files can be '-'", ""),
    (["meta", "similarity", "--a", "-", "--b", "-", "--human", GOLD], "only one of the files can be '-'", ""),
    (["meta", "parse-quality", "--a", "-", "--b", GOLD, "--gold", "-", "--labels", GOLD], "only one of the files can be '-'", ""),
]

OUTPUTS = [
    ["score", PRED, GOLD, "--per-pair", MISSING],
    ["score", PRED, GOLD, "--per-pair", UNDER_A_FILE],
    ["score", PRED, GOLD, "--per-pair", "{tmp}"],
    ["fine", PRED, GOLD, "--per-pair", MISSING],
    ["compare", PRED, GOLD, GOLD, "--per-pair", MISSING],
    ["compare", PRED, GOLD, GOLD, "--html", MISSING],
    ["explain", PRED, GOLD, "-o", MISSING],
    ["explain", PRED, GOLD, "-o", UNDER_A_FILE],
    ["explain", PRED, GOLD, "-o", "{tmp}"],
    ["matrix", GOLD, "-o", MISSING + ".tsv"],
    ["documents", GOLD, "-n", "2", "-o", MISSING],
    ["perturb", GOLD, "--levels", "0,1", "-o", UNDER_A_FILE],
    ["meta", "structural", GOLD, "--levels", "0,1", "--plot", MISSING + ".png"],
]


def run(argv: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    (tmp / "a-file").write_text("not a directory\n", encoding="utf-8")
    argv = [a.replace("{tmp}", str(tmp)) for a in argv]
    return subprocess.run(
        [sys.executable, "-m", "amrmetrics", *argv], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300
    )


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.stdout == "", done.stdout
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("amrmetrics: error: "), done.stderr
    return done.stderr


@pytest.mark.parametrize(("argv", "says", "help_hint"), USAGE, ids=[f"{i}-{a[0] if a else 'none'}" for i, (a, _, _) in enumerate(USAGE)])
def test_a_mistake_in_the_command_is_one_line_and_exit_2(argv, says, help_hint, tmp_path: Path) -> None:
    done = run(argv, tmp_path)
    err = one_line(done)
    assert done.returncode == 2 and says in err and help_hint in err


@pytest.mark.parametrize("argv", OUTPUTS, ids=[f"{i}-{a[0]}-{a[-2]}" for i, a in enumerate(OUTPUTS)])
def test_an_output_that_cannot_be_written_is_one_line_and_exit_1(argv, tmp_path: Path) -> None:
    done = run(argv, tmp_path)
    err = one_line(done)
    assert done.returncode == 1 and str(tmp_path) in err and "Errno" not in err
