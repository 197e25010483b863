"""The bounded memo against a plain model of least-recently-used eviction, on random operation sequences."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from amrmetrics.read.recent import Recent

KEYS = st.sampled_from("abcdef")
OPERATIONS = st.lists(
    st.one_of(st.tuples(st.just("put"), KEYS, st.integers(0, 12)), st.tuples(st.just("get"), KEYS, st.just(0))),
    max_size=40,
)


def _model_put(entries: list[tuple[str, int, int]], budget: int, key: str, value: int, cost: int) -> None:
    """Model: a list oldest-first; a refused entry leaves everything as it was."""
    if cost > budget:
        return
    entries[:] = [e for e in entries if e[0] != key] + [(key, value, cost)]
    while sum(e[2] for e in entries) > budget:
        entries.pop(0)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 20), OPERATIONS)
def test_recent_behaves_as_least_recently_used_within_its_budget(budget, operations):
    recent: Recent[int] = Recent(budget)
    model: list[tuple[str, int, int]] = []
    for step, (operation, key, cost) in enumerate(operations):
        if operation == "put":
            recent.put(key, step, cost)
            _model_put(model, budget, key, step, cost)
        else:
            kept = next((e for e in model if e[0] == key), None)
            assert recent.get(key) == (kept[1] if kept else None)
            if kept:
                model.remove(kept)
                model.append(kept)
        assert recent.spent == sum(e[2] for e in model) <= budget
        assert len(recent) == len(model)
    for key, value, _ in reversed(model):  # newest first, so reading does not reorder what is still to read
        assert recent.get(key) == value
