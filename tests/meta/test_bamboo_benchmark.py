"""BAMBOO: layout, header/dummy handling, strict role-confusion accuracy, and the shared dev split."""

from __future__ import annotations

import math

import numpy as np
import pytest
from meta_toys import ToyLabels
from scipy import stats

from amrmetrics.meta.bamboo import COLUMNS, TASKS, evaluated_scores, role_confusion_accuracy, run_bamboo
from amrmetrics.read import CorpusError, read_graphs
from bamboo_layout import DUMMY, HEADER, HUMAN, SRC, TGT, make_bamboo, write
from conftest import requires_shared, shared


def toy_scores(tgt, src):
    metric = ToyLabels()
    return np.array([metric.pair(t, s).stats[0] for t, s in zip(read_graphs(tgt), read_graphs(src))])


def test_role_confusion_is_strict():
    assert role_confusion_accuracy(np.array([0.5, 0.6, 0.7, 0.7, 0.9, 0.8])) == pytest.approx(1 / 3)
    assert math.isnan(role_confusion_accuracy(np.array([])))


def test_header_and_dummy_graphs_are_dropped():
    sts, sick = TASKS[0], TASKS[1]
    scores = np.arange(6.0)
    assert evaluated_scores(sts, "main", scores, 5).tolist() == [0, 1, 2, 3, 4]
    assert evaluated_scores(sick, "main", scores, 4).tolist() == [1, 2, 3, 4]
    assert evaluated_scores(sick, "role_confusion", scores, None).tolist() == scores.tolist()
    with pytest.raises(CorpusError, match="6 graph pairs but 5 human scores"):
        evaluated_scores(sick, "syno", scores, 5)
    with pytest.raises(CorpusError, match="even number"):
        evaluated_scores(sick, "role_confusion", scores[:5], None)


def test_tiny_benchmark_against_a_direct_computation(tmp_path):
    root = make_bamboo(tmp_path)
    result = run_bamboo(str(root), [ToyLabels()], split="dev")
    direct = toy_scores(root / "sts/main/tgt.dev.amr", root / "sts/main/src.dev.amr")[:-1]
    expected_r = stats.pearsonr(direct, HUMAN)[0]
    assert result.columns[:3] == ["STS", "SICK", "PARA"] and result.columns[-1] == "PARA(role)"
    assert result.values.shape == (1, 12)
    assert result.values[0, :9] == pytest.approx([expected_r] * 9)
    # foil of pair 1 swaps two labels' roles (same label set: a tie, counted wrong); pair 2's foil differs
    assert result.values[0, 9:].tolist() == [0.5, 0.5, 0.5]
    assert result.mean[0] == pytest.approx((9 * expected_r + 1.5) / 12)
    assert result.pairs == [4] * 9 + [2] * 3
    assert result.as_dict()["metrics"][0]["scores"]["SICK(Syno)"] == pytest.approx(expected_r)


def test_tgt_is_the_first_argument(tmp_path):
    from meta_toys import ToyPrecision

    root = make_bamboo(tmp_path)
    result = run_bamboo(str(root), [ToyPrecision()], split="dev")
    metric = ToyPrecision()
    tgt, src = read_graphs(root / "sts/main/tgt.dev.amr"), read_graphs(root / "sts/main/src.dev.amr")
    forward = [metric.pair(t, s).stats[0] for t, s in zip(tgt, src)][:-1]
    assert result.values[0, 0] == pytest.approx(stats.pearsonr(forward, HUMAN)[0])


def test_missing_files_and_count_mismatch(tmp_path):
    root = make_bamboo(tmp_path)
    with pytest.raises(CorpusError, match=r"orig\.test\.txt: no such file"):
        run_bamboo(str(root), [ToyLabels()], split="test")
    write(root / "para" / "reify" / "src.dev.amr", [HEADER] + SRC)
    write(root / "para" / "reify" / "tgt.dev.amr", [HEADER] + TGT)
    with pytest.raises(CorpusError, match="para/reify: 5 graph pairs but 4 human scores"):
        run_bamboo(str(root), [ToyLabels()], split="dev")


@pytest.fixture(scope="module")
def dev_result():
    return run_bamboo(str(shared("data", "bamboo")), [ToyLabels()], split="dev")


@requires_shared
def test_shared_dev_split_role_confusion_agrees_with_a_direct_computation(dev_result):
    root = shared("data", "bamboo")
    for c, (task, subset) in enumerate(COLUMNS):
        if subset != "role_confusion":
            continue
        s = toy_scores(root / task.name / subset / "tgt.dev.amr", root / task.name / subset / "src.dev.amr")
        assert dev_result.values[0, c] == np.mean(s[0::2] < s[1::2])
    assert dev_result.pairs[9:] == [53, 25, 338]


@requires_shared
def test_shared_dev_split_sick_main_agrees_with_a_direct_computation(dev_result):
    root = shared("data", "bamboo")
    lines = (root / "sick" / "orig.dev.txt").read_text(encoding="utf-8").splitlines()[1:]
    human = np.array([float(line.split("\t")[3]) for line in lines if line.strip()])
    s = toy_scores(root / "sick/main/tgt.dev.amr", root / "sick/main/src.dev.amr")[1:-1]
    assert dev_result.values[0, 1] == pytest.approx(stats.pearsonr(s, human)[0])
    assert dev_result.pairs[:3] == [1500, 500, 500]
