"""``ancast`` and ``jumach`` on the UMR examples (English and Chinese) equal what AnCast and juːmæʧ printed for them
(``tests/data/umr/reference-outputs.tsv``, made by running the reference tools; see its README)."""

from __future__ import annotations

import numpy as np
import pytest

from amrmetrics.metrics.registry import parse_metrics
from amrmetrics.read.umr_corpus import pair_documents
from conftest import DATA, EXAMPLES, golden_rows

ROWS = golden_rows(DATA / "umr" / "reference-outputs.tsv")


def documents(name: str):
    ((test, gold),) = pair_documents(EXAMPLES / "umr" / "pred" / f"{name}.umr", EXAMPLES / "umr" / "gold" / f"{name}.umr")
    return test, gold


@pytest.mark.parametrize("row", [r for r in ROWS if r["tool"] == "ancast"], ids=lambda r: f"{r['document']}-{r['scope']}")
def test_ancast_prints_what_ancast_printed(row):
    metric = parse_metrics(f"ancast:scope={row['scope']}")[0]
    scores = metric.scores(np.array(metric.pair(*documents(row["document"])).stats))
    for column, aspect in (("sent", "Sent"), ("modal", "Modal"), ("temporal", "Temporal"), ("coref", "Coref"), ("comp", "Comp")):
        if row[column]:
            assert float(scores[f"{aspect}.F"]) == pytest.approx(float(row[column]), abs=1e-12), column


@pytest.mark.parametrize("row", [r for r in ROWS if r["tool"] == "jumach"], ids=lambda r: r["document"])
def test_jumach_counts_what_jumach_counted(row):
    metric = parse_metrics("jumach")[0]
    counts = dict(zip(metric.stat_names, metric.pair(*documents(row["document"])).stats))
    assert [counts[k] for k in ("correct", "total0", "total1")] == [float(row[f"jumach_{k}"]) for k in ("correct", "total0", "total1")]
    mapped = [counts[k] for k in ("correct_mapped", "total0_mapped", "total1_mapped")]
    assert mapped == [float(row[f"mapped_{k}"]) for k in ("correct", "total0", "total1")]
