"""Per-pair P, R and F in every output (TSV and JSON lines, ``score`` and ``compare``, the Python
API) equal counts worked out by hand, on pairs where P and R differ."""

from __future__ import annotations

import csv
import json

import pytest
from conftest import DATA, EXAMPLES

import amrmetrics
from amrmetrics.cli.main import main

PRED, GOLD = str(EXAMPLES / "pred.amr"), str(EXAMPLES / "gold.amr")
COMPARE = DATA / "compare"

SMATCH = [
    (7, 8, 9),  # light-01 for light-04 and light-04's :ARG0 k missing: 3 concepts + TOP + 3 relations
    (6, 6, 7),  # :polarity - missing
    (15, 16, 16),  # :ARG1 for :destination
    (9, 9, 9),  # identical
    (7, 8, 8),  # b :ARG0 g written for l :ARG0-of g
]
"""(matched, |test|, |gold|) of examples/pred.amr against examples/gold.amr under Smatch, by hand."""
SEMA = {
    1: (3, 7, 8),  # concept-level relations in common: want-01 :ARG0 keeper; concepts want-01 (root), keeper
    2: (5, 5, 6),  # both relations and their three concepts; the gold :polarity is not in the test graph
    3: (14, 15, 15),  # 4 of 5 relations (not :ARG1 for :destination), 4 attributes, all 6 concepts
    4: (8, 8, 8),  # identical
    5: (6, 7, 7),  # bright-02 :ARG1 light and guide-01 :ARG1 boat, their 4 concepts
}
"""(matched, |test|, |gold|) of SEMA (no TOP triple) on the example pairs, by hand."""
SIMPLE = [
    (5, 7),  # light-01 / light-04
    (5, 7),  # :polarity and - only in gold
    (15, 17),  # :arg1 / :destination
    (9, 9),  # identical: 4 concepts, :arg0 :mod :arg1 :quant, 3
    (6, 6),  # :ARG0-of read as :arg0
]
"""(|intersection|, |union|) of the SIMPLE label sets of the example pairs, by hand."""
SYSTEM_B = [(5, 8, 7), (6, 6, 7), (12, 13, 15), (7, 7, 9), (8, 8, 8), (6, 6, 7), (7, 9, 9), (8, 8, 9), (6, 6, 8), (7, 7, 7), (8, 8, 9), (11, 13, 14)]
"""Smatch counts of tests/data/compare/sys_b.amr against gold.amr (worked out in tests/stats/test_pinned_resampling.py)."""


def expected_scores(m: int, t: int, g: int) -> dict[str, float]:
    return {"P": m / t, "R": m / g, "F": 2 * m / (t + g)}


def check(found: dict[str, float], counts: tuple[int, int, int]) -> None:
    for k, v in expected_scores(*counts).items():
        assert float(found[k]) == pytest.approx(v, abs=1e-12), k


def test_the_examples_have_pairs_where_p_and_r_differ():
    assert [m / t != m / g for m, t, g in SMATCH] == [True, True, False, False, False]
    assert [m / t > m / g for m, t, g in SMATCH[:2]] == [True, True]


def test_score_tsv_has_each_pair_s_own_p_and_r(capsys, tmp_path):
    path = tmp_path / "pairs.tsv"
    assert main(["score", PRED, GOLD, "--metric", "smatch,sema,simple", "--per-pair", str(path)]) == 0
    capsys.readouterr()
    rows = list(csv.DictReader(path.open(encoding="utf-8"), delimiter="\t"))
    assert [int(r["pair"]) for r in rows] == [1, 2, 3, 4, 5]
    for row, counts in zip(rows, SMATCH):
        assert (float(row["smatch.matched"]), float(row["smatch.n_test"]), float(row["smatch.n_gold"])) == counts
        check({k: row[f"smatch.{k}"] for k in "PRF"}, counts)
    for pair, counts in SEMA.items():
        row = rows[pair - 1]
        assert (float(row["sema.matched"]), float(row["sema.n_test"]), float(row["sema.n_gold"])) == counts
        check({k: row[f"sema.{k}"] for k in "PRF"}, counts)
    for row, (inter, union) in zip(rows, SIMPLE):
        assert (float(row["simple.intersection"]), float(row["simple.union"])) == (inter, union)
        assert float(row["simple.score"]) == pytest.approx(inter / union, abs=1e-12)


def test_score_jsonl_has_each_pair_s_own_p_and_r(capsys, tmp_path):
    path = tmp_path / "pairs.jsonl"
    assert main(["score", PRED, GOLD, "--metric", "smatch,sema", "--per-pair", str(path)]) == 0
    capsys.readouterr()
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [line["pair"] for line in lines] == [1, 2, 3, 4, 5]
    for line, counts in zip(lines, SMATCH):
        smatch = line["metrics"]["smatch"]
        assert (smatch["stats"]["matched"], smatch["stats"]["n_test"], smatch["stats"]["n_gold"]) == counts
        check(smatch["scores"], counts)
    for pair, counts in SEMA.items():
        check(lines[pair - 1]["metrics"]["sema"]["scores"], counts)


def test_python_api_pairs_have_their_own_p_and_r():
    result = amrmetrics.score(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr", "smatch,sema")
    for pair, counts in zip(result["smatch"].pairs, SMATCH):
        assert (pair.stats["matched"], pair.stats["n_test"], pair.stats["n_gold"]) == counts
        check({k: getattr(pair, k) for k in "PRF"}, counts)
    for index, counts in SEMA.items():
        check(result["sema"].pairs[index - 1].scores, counts)
    single = amrmetrics.smatch(
        "(w / want-01 :ARG0 (k / keeper) :ARG1 (l / light-01 :ARG1 (l2 / lamp)))",
        "(w / want-01 :ARG0 (k / keeper) :ARG1 (l / light-04 :ARG0 k :ARG1 (l2 / lamp)))",
    )
    check({k: getattr(single, k) for k in "PRF"}, SMATCH[0])


def test_corpus_p_and_r_pool_the_hand_counts():
    result = amrmetrics.smatch(EXAMPLES / "pred.amr", EXAMPLES / "gold.amr")
    check(result.micro, (44, 47, 49))
    assert result.macro["P"] == pytest.approx(sum(m / t for m, t, _ in SMATCH) / 5, abs=1e-12)
    assert result.macro["R"] == pytest.approx(sum(m / g for m, _, g in SMATCH) / 5, abs=1e-12)


@pytest.mark.parametrize("suffix", [".tsv", ".jsonl"])
def test_compare_per_pair_has_each_system_s_p_and_r(capsys, tmp_path, suffix):
    path = tmp_path / f"pairs{suffix}"
    files = [str(COMPARE / name) for name in ("sys_a.amr", "sys_b.amr", "gold.amr")]
    assert main(["compare", *files, "--per-pair", str(path), "--trials", "50", "--bootstrap", "20"]) == 0
    capsys.readouterr()
    if suffix == ".tsv":
        rows = list(csv.DictReader(path.open(encoding="utf-8"), delimiter="\t"))
        scores = [{k: float(v) for k, v in r.items() if k.startswith("smatch.") and k[-1] in "PRF" and k[-2] == "."} for r in rows]
    else:
        scores = [json.loads(line)["metrics"]["smatch"]["scores"] for line in path.read_text(encoding="utf-8").splitlines()]
        scores = [{f"smatch.{k}": v for k, v in s.items()} for s in scores]
    assert len(scores) == 12
    for found, counts in zip(scores, SYSTEM_B):
        check({k: found[f"smatch.B.{k}"] for k in "PRF"}, counts)
        check({k: found[f"smatch.A.{k}"] for k in "PRF"}, (counts[2], counts[2], counts[2]))


def test_corpus_scores_of_sema_and_simple_pool_the_hand_counts(capsys):
    assert main(["score", PRED, GOLD, "--metric", "sema,simple", "--format", "json"]) == 0
    sema, simple = json.loads(capsys.readouterr().out)["metrics"]
    check(sema["micro"], (36, 42, 44))  # the sums of SEMA
    assert sema["macro"]["F"] == pytest.approx(sum(2 * m / (t + g) for m, t, g in SEMA.values()) / 5, abs=1e-12)
    assert simple["micro"]["score"] == pytest.approx(40 / 46, abs=1e-12)
    assert simple["macro"]["score"] == pytest.approx(sum(i / u for i, u in SIMPLE) / 5, abs=1e-12)
