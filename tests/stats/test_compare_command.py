"""``amrmetrics compare`` end to end on small files shipped in tests/data/compare."""

from __future__ import annotations

import json

import pytest
from conftest import DATA
from toy_metrics import ConceptBag, ToyAspects

from amrmetrics.cli.main import main
from amrmetrics.engine.paired import PairedSystems, SystemPair, pair_systems
from amrmetrics.engine.run import run_corpus
from amrmetrics.metrics import registry

FILES = DATA / "compare"
A, B, GOLD = (str(FILES / name) for name in ("sys_a.amr", "sys_b.amr", "gold.amr"))


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch):
    monkeypatch.setitem(registry.METRICS, "toy-bag", f"{ConceptBag.__module__}:ConceptBag")
    monkeypatch.setitem(registry.METRICS, "toy-aspects", f"{ToyAspects.__module__}:ToyAspects")


def run_json(capsys, *args):
    assert main(["compare", *args, "--format", "json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_has_scores_difference_interval_p_and_outcomes(capsys):
    out = run_json(capsys, A, B, GOLD, "--metric", "toy-bag", "--trials", "5000", "--bootstrap", "200")
    assert out["pairs"] == 12 and out["a"] == A and out["b"] == B and out["gold"] == GOLD
    (metric,) = out["metrics"]
    c = metric["comparison"]
    f = c["micro"]["F"]
    assert f["a"] == 1.0  # system A equals gold
    # B's concept bags against gold, by hand: 42 matched of 45 test and 46 gold concepts
    # (c1: go-01 and a second boy; c4: no old; c7: run-01; c9: no big)
    assert f["b"] == pytest.approx(2 * 42 / (45 + 46), abs=1e-12)
    assert f["diff"] == pytest.approx(1 - 84 / 91, abs=1e-12)
    lo, hi = f["interval"]
    assert 0 <= lo <= f["diff"] <= hi
    # 2^12 <= 5000: all 4096 swap patterns are enumerated. B's concepts differ on 4 pairs (A better on
    # each), so only "swap none" and "swap all" of those 4 reach |A-B|, times the 2^8 swaps of the rest.
    assert c["permutation"]["method"] == "exact permutation" and c["permutation"]["trials"] == 4096
    assert f["p"] == pytest.approx(2 * 2**8 / 4096)
    o = c["pair_outcomes"]["F"]
    assert (o["wins"], o["ties"], o["losses"]) == (4, 8, 0)
    assert o["a_split"] == o["wins"] + o["ties"] / 2
    assert metric["signature"].startswith("toy-bag|lower:yes|on-error:fail|bootstrap:200|seed:12345|trials:exact|")
    assert metric["a"]["micro"]["F"] == 1.0 and metric["b"]["pairs"] == 12


def test_same_seed_same_output_other_seed_other_interval(capsys):
    args = [A, B, GOLD, "--metric", "toy-bag", "--trials", "100", "--bootstrap", "100"]
    first, again = run_json(capsys, *args), run_json(capsys, *args)
    other = run_json(capsys, *args, "--seed", "1")
    assert first == again
    assert first["metrics"][0]["comparison"]["micro"]["F"]["interval"] != other["metrics"][0]["comparison"]["micro"]["F"]["interval"]


def test_a_system_against_itself(capsys):
    out = run_json(capsys, A, A, GOLD, "--metric", "toy-bag", "--trials", "100", "--bootstrap", "50")
    c = out["metrics"][0]["comparison"]
    assert c["micro"]["F"]["diff"] == 0 and c["micro"]["F"]["p"] == 1.0 and c["micro"]["F"]["interval"] == [0.0, 0.0]
    assert c["pair_outcomes"]["F"]["ties"] == 12


def test_text_table_and_notes(capsys):
    assert main(["compare", A, B, GOLD, "--metric", "toy-bag", "--no-progress", "--trials", "100"]) == 0
    out = capsys.readouterr().out
    assert "A-B" in out and "95% CI of A-B" in out and "micro" in out and "macro" in out
    assert "paired percentile bootstrap, 1000 resamples of pairs, seed 12345" in out
    assert "p: two-sided approximate randomization, 100 trials" in out
    assert "signature: toy-bag|" in out


@pytest.mark.parametrize("fmt, marker", [("markdown", "|---|---|---:|"), ("latex", r"\begin{tabular}{llrrrrrrrrr}")])
def test_markdown_and_latex(capsys, fmt, marker):
    assert main(["compare", A, B, GOLD, "--metric", "toy-bag", "--no-progress", "--format", fmt, "--trials", "50"]) == 0
    assert marker in capsys.readouterr().out


def test_multi_aspect_metric_has_one_row_per_aspect(capsys):
    out = run_json(capsys, A, B, GOLD, "--metric", "toy-aspects", "--trials", "100", "--bootstrap", "50")
    rows = out["metrics"][0]["rows"]
    assert [r["score"] for r in rows] == ["Concepts.F", "Negation.F"]
    neg = out["metrics"][0]["comparison"]["micro"]["Negation.F"]
    assert neg["a"] == 1.0 and neg["b"] == 0.0  # B drops every :polarity
    assert main(["compare", A, B, GOLD, "--metric", "toy-aspects", "--no-progress", "--trials", "100"]) == 0
    text = capsys.readouterr().out
    assert "toy-aspects Concepts" in text and "toy-aspects Negation" in text
    assert "pair(s) not compared" in text  # pairs with no negation anywhere


def test_pairing_by_id_in_another_order(tmp_path, capsys):
    blocks = FILES.joinpath("sys_b.amr").read_text(encoding="utf-8").strip().split("\n\n")
    shuffled = tmp_path / "b.amr"
    shuffled.write_text("\n\n".join([blocks[0]] + blocks[1:][::-1]) + "\n", encoding="utf-8")
    args = ["--metric", "toy-bag", "--trials", "50", "--bootstrap", "50"]
    by_position = run_json(capsys, A, B, GOLD, *args)
    by_id = run_json(capsys, A, str(shuffled), GOLD, *args, "--pair-by-id")
    assert by_id["metrics"][0]["comparison"] == by_position["metrics"][0]["comparison"]


def test_gold_is_read_and_prepared_once_per_pair():
    calls = []

    class Counting(ConceptBag):
        def prepare(self, graph):
            calls.append(graph)
            return super().prepare(graph)

    total, pairs = pair_systems(A, B, GOLD)
    run = run_corpus(pairs, [PairedSystems(Counting())])
    assert total == 12 and len(run.records) == 12
    assert len(calls) == 36  # each gold graph once, each system graph once


def test_different_graph_counts_are_an_error(tmp_path, capsys):
    short = tmp_path / "short.amr"
    short.write_text("(a / cat)\n", encoding="utf-8")
    assert main(["compare", A, str(short), GOLD, "--metric", "toy-bag", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert "must pair one to one" in err and "short.amr has 1" in err


def test_a_malformed_graph_of_one_system_is_zeroed_for_that_system_only(tmp_path, capsys):
    text = FILES.joinpath("sys_b.amr").read_text(encoding="utf-8").replace("(e / eat-01 :ARG0", "(e / eat-01 :ARG0 (")
    broken = tmp_path / "broken.amr"
    broken.write_text(text, encoding="utf-8")
    assert main(["compare", A, str(broken), GOLD, "--metric", "toy-bag", "--no-progress"]) == 1
    assert "broken.amr: graph 10" in capsys.readouterr().err
    out = run_json(capsys, A, str(broken), GOLD, "--metric", "toy-bag", "--on-error", "zero", "--trials", "50")
    assert out["on_error"]["zeroed"] == 1 and out["metrics"][0]["a"]["micro"]["F"] == 1.0
    assert out["metrics"][0]["signature"].count("on-error:zero(1)") == 1


def test_per_pair_file_has_both_systems(tmp_path, capsys):
    path = tmp_path / "pairs.jsonl"
    assert main(["compare", A, B, GOLD, "--metric", "toy-bag", "--no-progress", "--per-pair", str(path), "--trials", "20"]) == 0
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 12
    first = rows[0]["metrics"]["toy-bag"]
    assert set(first["scores"]) == {"A.P", "A.R", "A.F", "B.P", "B.R", "B.F"}
    assert first["stats"]["A.matched"] == 3.0 and first["scores"]["A.F"] == 1.0


def test_system_pair_carries_the_id_of_system_a():
    _, pairs = pair_systems(A, B, GOLD)
    first = next(pairs)
    assert isinstance(first.test.graph, SystemPair) and first.test.id == "c1" and first.gold.id == "c1"


def test_bad_option_values(capsys):
    assert main(["compare", A, B, GOLD, "--metric", "toy-bag", "--trials", "0"]) == 2
    assert "--trials" in capsys.readouterr().err


def test_a_closed_pipe_is_not_an_error(monkeypatch, capsys):
    from amrmetrics.cli import compare

    def closed(args):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(compare, "run", closed)
    assert main(["compare", A, B, GOLD]) == 0
    assert capsys.readouterr().err == ""


def test_python_compare_equals_the_command_on_files_and_on_sequences(capsys):
    import amrmetrics
    from amrmetrics.read import read_graphs

    cli = run_json(capsys, A, B, GOLD, "--metric", "smatch,toy-bag", "--trials", "300", "--bootstrap", "150")
    files = amrmetrics.compare(A, B, GOLD, "smatch,toy-bag", resamples=150, trials=300)
    graphs = amrmetrics.compare(*(read_graphs(p) for p in (A, B, GOLD)), "smatch,toy-bag", resamples=150, trials=300)
    assert list(files) == [m["metric"] for m in cli["metrics"]] == list(graphs)
    for metric in cli["metrics"]:
        assert files[metric["metric"]].as_dict() == metric["comparison"] == graphs[metric["metric"]].as_dict()
    with pytest.raises(amrmetrics.CorpusError, match=r"must pair one to one, but a has 12, b has 12, gold has 11 graphs$"):
        amrmetrics.compare(*(read_graphs(p) for p in (A, B)), read_graphs(GOLD)[:11])
