"""The Dask executor: the engine's chunks and tiles become Dask tasks, bit-identical to one process.

One 2-worker ``LocalCluster`` on 127.0.0.1 serves the module (closed at its end). A worker killed
mid-run loses nothing (Dask re-runs its tasks); a matrix job killed mid-run resumes from the
tiles it saved.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from conftest import DATA, EXAMPLES, ROOT

from amrmetrics.cli.main import main
from amrmetrics.engine.corpus import CorpusResult, RunOptions, compare_corpora, score_corpora
from amrmetrics.engine.executors import DaskExecutor, open_executor
from amrmetrics.engine.matrix import similarity_matrix
from amrmetrics.engine.tiles import TileStore, matrix_key
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import decode

pytest.importorskip("distributed", reason="Dask is not installed (pip install 'amrmetrics[dask]')")

VECTORS = {"vectors": str(DATA / "tiny-vectors.txt")}
XL = DATA / "crosslingual"
CROSSLINGUAL = {"dictionary": str(XL / "es-en.tsv"), "translator": "dict", "source_lang": "es", "vectors": str(XL / "tiny-xl-vectors.txt")}
ES = ["(q / querer-01 :ARG0 (n / niño) :ARG1 (i / ir-01 :ARG0 n))", "(n / niño)", "(i / ir-01 :polarity -)"]
EN = ["(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))", "(b / boy)", "(g / go-02)"]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A client of the 2-worker ``LocalCluster`` that ``--executor dask --jobs 2`` starts."""
    with open_executor("dask", 2) as executor:
        yield executor.client


def test_the_local_cluster_listens_on_the_loopback_only(client):
    info = client.scheduler_info()
    addresses = [client.scheduler.address, *info["workers"], *(w["nanny"] for w in info["workers"].values())]
    assert len(addresses) == 5 and all(a.startswith("tcp://127.0.0.1:") for a in addresses)


def corpus(n: int) -> tuple[list[str], list[str]]:
    """``n`` test and gold graphs with repeated concepts (alignments that need the solver)."""
    tests = [f"(a / c{i % 7} :ARG0 (b / c{i % 3}) :ARG1 (d / c{i % 5} :mod (e / c{i % 3})))" for i in range(n)]
    golds = [f"(a / c{i % 5} :ARG0 (b / c{i % 7} :mod (e / c{i % 3})) :ARG2 (d / c{i % 3}))" for i in range(n)]
    return tests, golds


def kill_a_worker(client: Any) -> int:
    """SIGKILL one worker process (its nanny starts another); returns the pid killed."""
    pid = min(client.run(os.getpid).values())
    os.kill(pid, signal.SIGKILL)
    return pid


def numbers(result: CorpusResult) -> str:
    """Every pair's statistics and details (timings left out) and every report, exactly (NaN included)."""
    pairs = [
        (r.index, [(x.stats, {k: v for k, v in x.details.items() if "seconds" not in k}) for x in r.results])
        for r in result.run.records
    ]
    return json.dumps([pairs, [report.as_dict() for report in result.reports]], sort_keys=True, default=repr)


@pytest.mark.parametrize(
    ("specs", "options", "tests", "golds"),
    [
        ("smatch,smatch:fine,sembleu,sema,simple,wlk,s2match,wwlk", VECTORS, *corpus(24)),
        ("xsmatch,xsembleu,xs2match", CROSSLINGUAL, ES, EN),
    ],
    ids=["monolingual", "crosslingual"],
)
def test_every_metric_is_bit_identical_to_one_process(client, specs, options, tests, golds):
    one = score_corpora(tests, golds, parse_metrics(specs, options), RunOptions(bootstrap=50))
    dask = score_corpora(tests, golds, parse_metrics(specs, options), RunOptions(bootstrap=50, executor=DaskExecutor(client)))
    assert len(dask.run.records) == len(tests)
    assert numbers(dask) == numbers(one)


def test_compare_is_bit_identical_to_one_process(client):
    a, gold = corpus(40)
    b = list(reversed(a))
    one = compare_corpora(a, b, gold, parse_metrics("smatch,sembleu"), RunOptions(bootstrap=100))
    dask = compare_corpora(a, b, gold, parse_metrics("smatch,sembleu"), RunOptions(bootstrap=100, executor=DaskExecutor(client)))
    assert json.dumps([m.comparison.as_dict() for m in dask.metrics]) == json.dumps([m.comparison.as_dict() for m in one.metrics])
    assert [m.signature for m in dask.metrics] == [m.signature for m in one.metrics]


def test_the_command_line_runs_on_a_cluster_with_the_same_output(client, capsys):
    args = ["score", str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr"), "-m", "smatch,sembleu", "-f", "json"]
    assert main(args) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*args, "--executor", "dask", "--scheduler", client.scheduler.address]) == 0
    assert json.loads(capsys.readouterr().out) == local


def test_a_worker_killed_mid_run_loses_nothing(client):
    tests, golds = corpus(400)
    one = score_corpora(tests, golds, parse_metrics("smatch,sembleu"))
    killed: list[int] = []

    def progress(label: str, total: int) -> Any:
        return lambda done: killed or killed.append(kill_a_worker(client))

    dask = score_corpora(tests, golds, parse_metrics("smatch,sembleu"), RunOptions(executor=DaskExecutor(client)), progress)
    assert killed and killed[0] not in client.run(os.getpid).values()
    assert numbers(dask) == numbers(one)
    client.wait_for_workers(2, timeout=60)


def _texts(n: int) -> list[str]:
    tests, golds = corpus(n // 2)
    return tests + golds


def _graphs(n: int) -> list[Any]:
    return [decode(text) for text in _texts(n)]


def test_the_matrix_survives_a_killed_worker(client):
    graphs = _graphs(48)
    one = similarity_matrix(parse_metrics("smatch")[0], graphs, tile=8)
    killed: list[int] = []
    progress = lambda done: killed or killed.append(kill_a_worker(client))  # noqa: E731
    dask = similarity_matrix(parse_metrics("smatch")[0], graphs, tile=8, executor=DaskExecutor(client), progress=progress)
    assert killed
    assert np.array_equal(dask, one)
    client.wait_for_workers(2, timeout=60)


class _Counting(TileStore):
    """A tile store that counts the tiles written to it."""

    written = 0

    def put(self, rows: slice, cols: slice, block: np.ndarray) -> None:
        super().put(rows, cols, block)
        self.written += 1


class _Stop(Exception):
    pass


def test_an_interrupted_matrix_resumes_from_its_saved_tiles(client, tmp_path):
    graphs = _graphs(40)
    metric = parse_metrics("s2match", VECTORS)[0]
    one = similarity_matrix(metric, graphs, tile=8)
    key = matrix_key(metric, graphs, 8)
    first = _Counting(tmp_path / "tiles", key)
    calls: list[int] = []

    def stop_after_three(done: int) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise _Stop

    with pytest.raises(_Stop):
        similarity_matrix(metric, graphs, tile=8, executor=DaskExecutor(client), tiles=first, progress=stop_after_three)
    saved = first.count()
    assert saved == first.written == 3
    again = _Counting(tmp_path / "tiles", key)
    resumed = similarity_matrix(metric, graphs, tile=8, executor=DaskExecutor(client), tiles=again)
    total = 5 * 6 // 2  # 40 graphs in tiles of 8: 5 tile rows, tiles on or above the diagonal
    assert again.written == total - saved
    assert np.array_equal(resumed, one)


JOB = """
import sys
import numpy as np
from amrmetrics.engine.executors import open_executor
from amrmetrics.engine.matrix import similarity_matrix
from amrmetrics.engine.tiles import TileStore, matrix_key
from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import read_graphs

graphs = read_graphs(sys.argv[1])
metric = parse_metrics("smatch")[0]
store = TileStore(sys.argv[2], matrix_key(metric, graphs, 8))
before = store.count()
with open_executor("dask", scheduler=sys.argv[3]) as executor:
    np.save(sys.argv[4], similarity_matrix(metric, graphs, tile=8, executor=executor, tiles=store))
print(before, store.count())
"""


def test_a_matrix_job_killed_mid_run_loses_only_the_tiles_in_flight(client, tmp_path):
    graphs = _graphs(48)
    total = 6 * 7 // 2
    source = tmp_path / "graphs.amr"
    source.write_text("\n\n".join(_texts(48)) + "\n", encoding="utf-8")
    (tmp_path / "job.py").write_text(JOB, encoding="utf-8")
    command = [sys.executable, str(tmp_path / "job.py"), str(source), str(tmp_path / "tiles"), client.scheduler.address, str(tmp_path / "m.npy")]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    job = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 120
    while len(list((tmp_path / "tiles").glob("tile-*.npy"))) < 2 and job.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    job.send_signal(signal.SIGKILL)
    job.wait()
    saved = len(list((tmp_path / "tiles").glob("tile-*.npy")))
    assert 2 <= saved < total, "the job was not killed mid-run"
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    before, after = map(int, done.stdout.split())
    assert before == saved and after == total
    assert np.array_equal(np.load(tmp_path / "m.npy"), similarity_matrix(parse_metrics("smatch")[0], graphs, tile=8))



UNGUARDED = """
import amrmetrics
tests = ["(a / c%d :ARG0 (b / c%d) :ARG1 (d / c%d))" % (i % 7, i % 3, i % 5) for i in range(80)]
golds = ["(a / c%d :ARG0 (b / c%d))" % (i % 5, i % 7) for i in range(80)]
print("top level ran")
local = amrmetrics.score(tests, golds, "smatch,wlk")
dask = amrmetrics.score(tests, golds, "smatch,wlk", executor="dask", jobs=2)
print(*[dask[spec].report == local[spec].report for spec in local])
"""


def test_a_local_cluster_starts_from_a_script_without_a_main_guard(tmp_path):
    script = tmp_path / "unguarded.py"
    script.write_text(UNGUARDED, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == ["top level ran", "True True"]
