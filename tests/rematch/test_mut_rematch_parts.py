"""Rematch's parts by hand: the classes file and its messages, a pair's score type, float64
scores of several pairs, and the per-process cache of prepared graphs."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import numpy as np
import pytest

from amrmetrics.metrics.rematch import Rematch, load_classes
from amrmetrics.read import decode


def test_a_classes_file_and_its_errors(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text('{"dog": {"label": "animal"}, "run-02": {"label": "motion", "other": 1}}', encoding="utf-8")
    labels, name = load_classes(str(good))
    assert labels == {"dog": "animal", "run-02": "motion"} and name.startswith("good.json@") and len(name) == len("good.json@") + 12
    missing = tmp_path / "missing.json"
    with pytest.raises(ValueError, match=f"^{re.escape(f'classes file {missing}: No such file or directory')}$"):
        load_classes(str(missing))
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(ValueError, match=f"^{re.escape(f'classes file {broken}: not JSON (')}"):
        load_classes(str(broken))
    listed = tmp_path / "list.json"
    listed.write_text("[]", encoding="utf-8")
    expected = f'classes file {listed}: expected a JSON object mapping concepts to {{"label": ...}}'
    with pytest.raises(ValueError, match=f"^{re.escape(expected)}$"):
        load_classes(str(listed))
    flat = tmp_path / "flat.json"
    flat.write_text('{"dog": "animal"}', encoding="utf-8")
    with pytest.raises(ValueError, match=f"^{re.escape(f'classes file {flat}: entry ' + repr('dog') + ' has no string ' + chr(34) + 'label' + chr(34))}$"):
        load_classes(str(flat))


def test_scores_of_one_pair_and_of_several() -> None:
    one = Rematch().scores(np.array([1.0, 3.0]))["score"]
    assert type(one) is np.float64 and one == 1 / 3
    many = Rematch().scores(np.array([[1, 3], [0, 0], [2, 4]], dtype=np.float32))["score"]
    assert many.dtype == np.float64 and many.tolist() == [1 / 3, 0.0, 0.5]


def test_prepared_graphs_stay_in_their_process() -> None:
    metric = Rematch()
    metric.prepare(decode("(b / boy)"))
    assert "prepared" in metric.__dict__["_cache"]
    assert pickle.loads(pickle.dumps(metric)).__dict__["_cache"] == {}
