"""Streaming runs: records go to ``on_record`` in pair order and, unless kept, only each metric's
statistics stay in memory."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator

import pytest

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read import Entry, Pair, decode
from amrmetrics.engine.run import PairRecord, run_corpus

TEST = decode("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b :polarity -))")
GOLD = decode("(w / want-01 :ARG0 (g / girl) :ARG1 (x / go-02 :ARG0 g))")


def _pairs(count: int) -> Iterator[Pair]:
    """``count`` pairs made on the fly (the input itself takes no memory that grows)."""
    for i in range(count):
        yield Pair(i, Entry(i + 1, 1, TEST), Entry(i + 1, 1, GOLD))


@pytest.mark.parametrize("jobs", [1, 2])
def test_records_stream_in_pair_order_and_need_not_be_kept(jobs: int) -> None:
    metrics = parse_metrics(["smatch,sema"], {})
    kept = run_corpus(_pairs(70), metrics, jobs=jobs)
    seen: list[PairRecord] = []
    streamed = run_corpus(_pairs(70), metrics, jobs=jobs, on_record=seen.append, keep_records=False)
    assert streamed.records == [] and streamed.pairs == kept.pairs == 70
    assert [r.index for r in seen] == list(range(70))
    assert [[x.stats for x in r.results] for r in seen] == [[x.stats for x in r.results] for r in kept.records]
    for k in range(len(metrics)):
        assert (streamed.stats(k) == kept.stats(k)).all()


def _growth_per_pair(keep: bool) -> float:
    """Bytes of traced peak memory per pair added, from 200 to 1,200 pairs."""
    metrics = parse_metrics(["smatch"], {})
    peaks = []
    for count in (200, 1200):
        tracemalloc.start()
        run = run_corpus(_pairs(count), metrics, on_record=lambda record: None, keep_records=keep)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert run.pairs == count
    return (peaks[1] - peaks[0]) / 1000


def test_memory_per_pair_is_only_the_statistics() -> None:
    """Smatch keeps 4 statistics (32 bytes) a pair; a kept record (details, alignment) takes ~1.2 KB."""
    assert _growth_per_pair(keep=False) < 300
    assert _growth_per_pair(keep=True) > 800
