"""Corpus-level messages, word for word: malformed graphs listed (and cut after a limit), pairing
by position and by ``# ::id`` (missing, repeated and unmatched ids), on-error policies."""

from __future__ import annotations

import pytest

from amrmetrics.errors import spoken
from amrmetrics.graph import Graph
from amrmetrics.read import CorpusError, GraphError, pair_files, read_graphs
from amrmetrics.read import format_errors as marked_errors

TAIL = 'Use on_error="zero" (score them as empty graphs) or on_error="skip" (leave the pairs out).'


def format_errors(*args, **kwargs) -> str:
    """The list as the Python API says it (the command line writes --on-error zero)."""
    return spoken(marked_errors(*args, **kwargs), cli=False)


def test_one_error_is_singular_and_the_advice_follows():
    error = GraphError("node 'x' has no concept", file="f.amr", number=2, line=3)
    assert format_errors([error]) == "\n".join(["1 malformed graph:", "  f.amr: graph 2 (line 3): node 'x' has no concept", TAIL])


def test_errors_beyond_the_limit_are_counted_not_listed():
    errors = [GraphError("bad", file="f.amr", number=k, line=k) for k in range(1, 8)]
    text = format_errors(errors, limit=5).splitlines()
    assert text[0] == "7 malformed graphs:"
    assert text[1:6] == [f"  f.amr: graph {k} (line {k}): bad" for k in range(1, 6)]
    assert text[6:] == ["  ... and 2 more", TAIL]
    assert len(format_errors(errors[:5], limit=5).splitlines()) == 7  # exactly the limit: no "more" line
    assert len(format_errors(errors).splitlines()) == 9  # the default limit (50) lists all seven


def test_read_graphs_policies_keep_positions(tmp_path):
    path = tmp_path / "c.amr"
    path.write_text("(a / alpha)\n\n(b :ARG0 (c / gamma))\n\n(d / delta)\n", encoding="utf-8")
    with pytest.raises(CorpusError) as err:
        read_graphs(path)
    assert str(err.value).splitlines()[:2] == ["1 malformed graph:", f"  {path}: graph 2 (line 3): node 'b' has no concept"]
    assert [g.instances for g in read_graphs(path, on_error="skip")] == [(("a", "alpha"),), (("d", "delta"),)]
    zeroed = read_graphs(path, on_error="zero")
    assert zeroed[1] == Graph() and [g.instances for g in zeroed[::2]] == [(("a", "alpha"),), (("d", "delta"),)]


def write(tmp_path, name: str, ids: list[str | None]) -> str:
    blocks = [(f"# ::id {i}\n" if i is not None else "") + f"(x / c{k})" for k, i in enumerate(ids)]
    path = tmp_path / name
    path.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    return str(path)


def test_pairing_by_position_names_both_counts(tmp_path):
    a, b = write(tmp_path, "a.amr", [None, None]), write(tmp_path, "b.amr", [None])
    with pytest.raises(CorpusError) as err:
        pair_files(a, b)
    assert str(err.value) == f"{a} has 2 graphs but {b} has 1: the files must pair one to one (use pair_by_id=True to pair by '# ::id')"


def test_pairing_by_id_follows_the_test_order(tmp_path):
    a, b = write(tmp_path, "a.amr", ["s3", "s1", "s2"]), write(tmp_path, "b.amr", ["s1", "s2", "s3"])
    n, pairs = pair_files(a, b, pair_by_id=True)
    got = [(p.index, p.test.id, p.gold.id, p.test.graph.instances[0][1], p.gold.graph.instances[0][1]) for p in pairs]
    assert n == 3 and got == [(0, "s3", "s3", "c0", "c2"), (1, "s1", "s1", "c1", "c0"), (2, "s2", "s2", "c2", "c1")]


@pytest.mark.parametrize(
    ("test_ids", "gold_ids", "message"),
    [
        (["s1", "s2"], ["s1", "s3"], "1 id(s) of {a} not in {b}: s2; 1 id(s) of {b} not in {a}: s3"),
        (["s1", "s2", "s4"], ["s1"], "2 id(s) of {a} not in {b}: s2, s4"),
        (["s1"], ["s1", "s5"], "1 id(s) of {b} not in {a}: s5"),
        (["s1", "s1"], ["s1"], "{a}: id 's1' is used by graphs 1 and 2"),
        (["s1"], ["s1", "s1"], "{b}: id 's1' is used by graphs 1 and 2"),
        (["s1", None], ["s1", "s2"], "{a}: graph 2 (line 4) has no '# ::id' (needed by pair_by_id=True)"),
    ],
)
def test_pairing_by_id_says_which_ids_do_not_pair(tmp_path, test_ids, gold_ids, message):
    a, b = write(tmp_path, "a.amr", test_ids), write(tmp_path, "b.amr", gold_ids)
    with pytest.raises(CorpusError) as err:
        pair_files(a, b, pair_by_id=True)
    assert str(err.value) == message.format(a=a, b=b)


def test_only_the_first_ten_unpaired_ids_are_listed(tmp_path):
    a = write(tmp_path, "a.amr", [f"t{k}" for k in range(12)])
    b = write(tmp_path, "b.amr", [f"g{k}" for k in range(12)])
    with pytest.raises(CorpusError) as err:
        pair_files(a, b, pair_by_id=True)
    first = str(err.value).split("; ")[0]
    assert first == f"12 id(s) of {a} not in {b}: " + ", ".join(f"t{k}" for k in range(10))
