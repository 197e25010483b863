"""Comparing two systems by ``# ::id``: B is joined to A's pairs by id, whatever its order; B must
carry exactly the gold file's ids, each once, and each refusal names B's file, graph and line; a
malformed graph of B that has its id follows the error policy as one of A does."""

from __future__ import annotations

import json

import pytest

from amrmetrics.engine.paired import pair_systems
from amrmetrics.read import CorpusError

GOLD = "# ::id x\n(a / apple)\n\n# ::id y\n(b / banana)\n\n# ::id z\n(c / cherry)\n"
A = "# ::id z\n(c / cherry)\n\n# ::id x\n(a / apple)\n\n# ::id y\n(b / bean)\n"


def files(tmp_path, b: str, a: str = A, gold: str = GOLD):
    paths = tmp_path / "a.amr", tmp_path / "b.amr", tmp_path / "gold.amr"
    for path, text in zip(paths, (a, b, gold)):
        path.write_text(text, encoding="utf-8")
    return paths


def refusal(tmp_path, b: str, **texts: str) -> str:
    with pytest.raises(CorpusError) as err:
        _, pairs = pair_systems(*files(tmp_path, b, **texts), pair_by_id=True)
        list(pairs)
    return str(err.value)


def concepts(graph) -> list[str]:
    return [c for _, c in graph.instances]


def test_b_is_joined_to_a_s_pairs_by_id_in_a_s_order(tmp_path):
    b = "# ::id y\n(b / banana)\n\n# ::id z\n(c / cherry)\n\n# ::id x\n(a / apricot)\n"
    total, pairs = pair_systems(*files(tmp_path, b), pair_by_id=True)
    joined = [(p.index, p.test.number, concepts(p.test.graph.a), concepts(p.test.graph.b), concepts(p.gold.graph)) for p in pairs]
    assert total == 3
    assert joined == [
        (0, 1, ["cherry"], ["cherry"], ["cherry"]),
        (1, 2, ["apple"], ["apricot"], ["apple"]),
        (2, 3, ["bean"], ["banana"], ["banana"]),
    ]


def test_a_graph_of_b_without_an_id_is_named_with_its_line(tmp_path):
    b = "# ::id x\n(a / apple)\n\n(b / banana)\n\n# ::id z\n(c / cherry)\n"
    assert refusal(tmp_path, b) == f"{tmp_path / 'b.amr'}: graph 2 (line 4) has no '# ::id' (needed by pair_by_id=True)"


def test_a_malformed_graph_of_b_without_an_id_gives_its_own_error(tmp_path):
    b = "# ::id x\n(a / apple)\n\n(b :ARG0 (c / cherry))\n\n# ::id z\n(c / cherry)\n"
    assert refusal(tmp_path, b) == (
        f"pair_by_id=True needs every graph's id, but {tmp_path / 'b.amr'}: graph 2 (line 4): node 'b' has no concept"
    )


def test_an_id_used_twice_in_b_names_both_graphs(tmp_path):
    b = "# ::id x\n(a / apple)\n\n# ::id y\n(b / banana)\n\n# ::id x\n(c / cherry)\n"
    assert refusal(tmp_path, b) == f"{tmp_path / 'b.amr'}: id 'x' is used by graphs 1 and 3"


def test_ids_missing_from_b_and_ids_only_b_has_are_listed_ten_at_most(tmp_path):
    names = [f"s{k:02d}" for k in range(12)]
    gold = "\n".join(f"# ::id {n}\n(a / apple)\n" for n in names)
    a = "\n".join(f"# ::id {n}\n(a / apple)\n" for n in reversed(names))
    b = "# ::id q\n(a / apple)\n\n# ::id p\n(a / apple)\n\n# ::id s05\n(a / apple)\n"
    missing = [n for n in reversed(names) if n != "s05"]
    assert refusal(tmp_path, b, a=a, gold=gold) == (
        f"{tmp_path / 'b.amr'}: 11 id(s) missing: {', '.join(missing[:10])}; 2 id(s) not in the gold file: p, q"
    )
    b_extra = "".join(f"# ::id {n}\n(a / apple)\n\n" for n in [*names, "w"])
    assert refusal(tmp_path, b_extra, a=a, gold=gold) == f"{tmp_path / 'b.amr'}: 1 id(s) not in the gold file: w"
    extra = [f"w{k:02d}" for k in range(11)]
    b_extras = "".join(f"# ::id {n}\n(a / apple)\n\n" for n in [*reversed(extra), *names])
    assert refusal(tmp_path, b_extras, a=a, gold=gold) == (
        f"{tmp_path / 'b.amr'}: 11 id(s) not in the gold file: {', '.join(extra[:10])}"
    )
    b_short = "".join(f"# ::id {n}\n(a / apple)\n\n" for n in names[1:])
    assert refusal(tmp_path, b_short, a=a, gold=gold) == f"{tmp_path / 'b.amr'}: 1 id(s) missing: s00"
    assert refusal(tmp_path, b_extra.replace("# ::id w", "# ::id s00"), a=a, gold=gold) == (
        f"{tmp_path / 'b.amr'}: id 's00' is used by graphs 1 and 13"
    )


@pytest.mark.parametrize("side", ["A", "B"])
def test_a_malformed_graph_with_its_id_follows_the_error_policy_on_either_side(tmp_path, capsys, side):
    from amrmetrics.cli.main import main

    broken = A.replace("(a / apple)", "(a :ARG0 (b / apple))")
    a, b = (broken, A) if side == "A" else (A, broken)
    paths = [str(p) for p in files(tmp_path, b, a=a)]
    assert main(["compare", *paths, "--pair-by-id", "--on-error", "zero", "--format", "json", "--no-progress"]) == 0
    out, _ = capsys.readouterr()
    where = tmp_path / ("a.amr" if side == "A" else "b.amr")
    error = f"{where}: graph 2 (line 5): node 'a' has no concept"
    assert json.loads(out)["on_error"] == {"policy": "zero", "zeroed": 1, "skipped": 0, "errors": [error]}
    status = main(["compare", *paths, "--pair-by-id", "--no-progress"])
    _, err = capsys.readouterr()
    assert status == 1
    assert err.startswith(f"amrmetrics: error: 1 malformed graph:\n  {error}\n")
