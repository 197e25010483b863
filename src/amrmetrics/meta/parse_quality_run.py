"""The parse-quality study from files: pair candidates with references and labels, score, evaluate.

:mod:`amrmetrics.meta.parse_quality` computes the study's statistics from scores; this module
checks the inputs (interleaved candidates, repeated references, ids) and scores them with the
corpus engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from amrmetrics.defaults import DEFAULT_SEED
from amrmetrics.engine.signature import RunSettings, signature
from amrmetrics.meta.labels import Labels
from amrmetrics.meta.parse_quality import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, StudyResult, evaluate
from amrmetrics.meta.scoring import Progress, Scored, score_entries
from amrmetrics.metrics.base import Metric
from amrmetrics.read import CorpusError, Entry, OnError


def split_interleaved(entries: Sequence[Entry]) -> tuple[list[Entry], list[Entry]]:
    """Candidates written A, B, A, B, ... in one file (the public release's layout) -> (A's, B's)."""
    if len(entries) % 2:
        raise CorpusError(
            f"an interleaved candidate file needs an even number of graphs (A, B, A, B, ...), found {len(entries)}"
        )
    return list(entries[0::2]), list(entries[1::2])


def align_gold(gold: Sequence[Entry], n: int) -> list[Entry]:
    """One reference per sentence: ``n`` graphs as they are, or ``2n`` graphs repeated in pairs."""
    if len(gold) == n:
        return list(gold)
    if len(gold) == 2 * n:
        for k in range(n):
            first, second = gold[2 * k], gold[2 * k + 1]
            if first.graph != second.graph or first.error is not None or second.error is not None:
                raise CorpusError(
                    f"the reference file has {2 * n} graphs for {n} sentences, so every graph must be repeated "
                    f"(as in the public release), but graphs {first.number} and {second.number} differ"
                )
        return list(gold[0::2])
    raise CorpusError(f"{n} sentences but {len(gold)} reference graphs (expected {n}, or {2 * n} repeated)")


def check_ids(labels: Labels, gold: Sequence[Entry]) -> None:
    """Where a label and its reference graph both carry an id, the ids must agree."""
    bad = [
        (k, key, entry.id)
        for k, (key, entry) in enumerate(zip(labels.ids, gold))
        if key and entry.id is not None and key != entry.id
    ]
    if bad:
        shown = ", ".join(f"sentence {k + 1}: label {key!r} vs graph {gid!r}" for k, key, gid in bad[:5])
        raise CorpusError(f"{len(bad)} label id(s) differ from the reference graphs' '# ::id': {shown}")


def run_study(
    a: Sequence[Entry],
    b: Sequence[Entry],
    gold: Sequence[Entry],
    labels: Labels,
    metrics: Sequence[Metric],
    *,
    compat: bool = False,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    confidence: float = DEFAULT_CONFIDENCE,
    on_error: OnError = "fail",
    jobs: int = 1,
    progress: Progress | None = None,
) -> StudyResult:
    """Score A and B against the references with every metric and compute the study."""
    n = len(labels)
    if len(a) != n or len(b) != n:
        raise CorpusError(f"{n} labelled sentences but {len(a)} candidates A and {len(b)} candidates B")
    gold = align_gold(gold, n)
    check_ids(labels, gold)
    advance = progress("A and B vs gold", 2 * n) if progress else None
    pairs = list(zip(a, gold)) + list(zip(b, gold))
    scored: Scored = score_entries(pairs, metrics, on_error=on_error, jobs=jobs, progress=advance)

    def averages(part: slice) -> list[dict[str, float]]:
        out = []
        for k, metric in enumerate(scored.run.metrics):
            stats = scored.stats(k)[part]
            micro = metric.micro(stats)[metric.headline] if len(stats) else float("nan")
            out.append({"micro": micro, "macro": metric.macro(stats)[metric.headline]})
        return out

    settings = RunSettings(
        on_error=on_error,
        affected=scored.run.zeroed,
        bootstrap=resamples or None,
        seed=seed if resamples else None,
    )
    return evaluate(
        [m.spec() for m in metrics],
        [signature(m, settings) for m in scored.run.metrics],
        averages(slice(0, n)),
        averages(slice(n, 2 * n)),
        scored.scores[:, :n],
        scored.scores[:, n:],
        labels,
        compat=compat,
        resamples=resamples,
        seed=seed,
        confidence=confidence,
    )
