"""resample_counts yields exactly ``resamples`` rows of pair counts, in chunks that fit the cell budget."""

from __future__ import annotations

import itertools

from amrmetrics.stats.bootstrap import resample_counts


def test_resamples_come_in_chunks_that_add_up_to_the_resamples():
    # 1,000,000 pairs make chunks of 2,000,000 // 1,000,000 = 2 rows: 5 resamples are chunks of 2, 2 and 1 rows
    chunks = list(itertools.islice(resample_counts(1_000_000, 5, 3), 6))
    assert [c.shape for c in chunks] == [(2, 1_000_000), (2, 1_000_000), (1, 1_000_000)]
    assert all((c.sum(axis=1) == 1_000_000).all() for c in chunks)  # each resample draws n pairs


def test_one_chunk_when_the_resamples_fit():
    chunks = list(itertools.islice(resample_counts(4, 3, 0), 3))
    assert [c.shape for c in chunks] == [(3, 4)]
    assert (chunks[0].sum(axis=1) == 4).all()
