"""rematch on hand-checked pairs: motif sets, every reference quirk under compat=yes and its fix by default."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from amrmetrics.graph import Graph
from amrmetrics.metrics.registry import MetricSpecError, parse_metrics
from amrmetrics.metrics.rematch import Rematch
from amrmetrics.read.decode import decode

DEFAULT, COMPAT = Rematch(), Rematch(compat=True)


def score(metric: Rematch, test: str | Graph, gold: str | Graph) -> float:
    pair = [decode(g) if isinstance(g, str) else g for g in (test, gold)]
    stats = metric.pair(metric.prepare(pair[0]), metric.prepare(pair[1])).stats
    return float(metric.scores(np.array(stats))["score"])


def test_motifs_of_a_small_graph() -> None:
    graph = decode('(p / person :name (n / name :op1 "Ann" :op2 "Lee") :ARG0-of (w / want-01))')
    name = [("name", (":op1", "ann")), ("name", (":op2", "lee"))]
    assert DEFAULT.prepare(graph) == {
        (":op1", "ann"), (":op2", "lee"),
        "person", "want-01", *name,
        ("person", ":name", name[0]), ("person", ":name", name[1]),
        ("want-01", ":arg0", "person"),
    }


def test_jaccard_of_motif_sets() -> None:
    # {want-01, boy, want-01 :ARG0 boy} against {want-01, girl, want-01 :ARG0 girl}: 1 of 5
    assert score(DEFAULT, "(w / want-01 :ARG0 (b / boy))", "(w / want-01 :ARG0 (g / girl))") == 1 / 5


def test_a_node_with_attributes_has_no_bare_label() -> None:
    # {:polarity -, (boy, :polarity -)} against {(boy)}: nothing shared
    assert score(DEFAULT, "(b / boy :polarity -)", "(b / boy)") == 0.0
    # {:op1 a, :op2 b, (name, :op1 a), (name, :op2 b)} against {:op1 a, (name, :op1 a)}
    assert score(DEFAULT, '(n / name :op1 "A" :op2 "B")', '(n / name :op1 "A")') == 2 / 4


def test_repeated_concepts_count_once() -> None:
    # {and, boy, and :op1 boy, and :op2 boy} against the first three
    assert score(DEFAULT, "(a / and :op1 (b / boy) :op2 (c / boy))", "(a / and :op1 (b / boy))") == 3 / 4


def test_variables_do_not_matter_and_inverse_roles_are_resolved() -> None:
    assert score(DEFAULT, "(b / boy :ARG0-of (w / want-01))", "(x / want-01 :ARG0 (y / boy))") == 1.0
    assert score(COMPAT, "(b / boy :ARG0-of (w / want-01))", "(x / want-01 :ARG0 (y / boy))") == 1.0


def test_consist_of_is_not_an_inverse_role() -> None:
    assert score(DEFAULT, "(a / team :consist-of (b / boy))", "(b / boy :consist (a / team))") == 1 / 2
    assert score(COMPAT, "(a / team :consist-of (b / boy))", "(b / boy :consist (a / team))") == 1 / 2


def test_multi_word_strings_keep_their_first_token_only_under_compat() -> None:
    york, jersey = '(n / name :op1 "New York")', '(n / name :op1 "New Jersey")'
    assert score(COMPAT, york, jersey) == 1.0
    assert score(DEFAULT, york, jersey) == 0.0  # {:op1 new york, (name, :op1 new york)} vs the same with jersey


def test_mod_onto_a_constant_is_dropped_only_under_compat() -> None:
    assert score(COMPAT, "(d / dog :mod 3)", "(d / dog)") == 1.0
    assert score(DEFAULT, "(d / dog :mod 3)", "(d / dog)") == 0.0
    assert score(COMPAT, "(d / dog :ARG1-of 3)", "(d / dog)") == 1.0
    assert score(DEFAULT, "(d / dog :ARG1-of 3)", "(d / dog)") == 0.0


def test_mod_of_equals_mod_only_by_default() -> None:
    written_mod_of, written_mod = "(a / big :mod-of (b / dog))", "(b / dog :mod (a / big))"
    assert score(DEFAULT, written_mod_of, written_mod) == 1.0
    # compat: (dog :mod big) against (big :domain dog); the two concepts are shared, the relations are not
    assert score(COMPAT, written_mod_of, written_mod) == 2 / 4
    assert score(COMPAT, "(a / big :domain (b / dog))", written_mod) == 1.0


def test_quotes_and_case_of_constants_never_matter() -> None:
    for metric in (DEFAULT, COMPAT):
        assert score(metric, '(p / person :op1 "Brown")', "(p / person :op1 brown)") == 1.0
        assert score(metric, "(P / Person)", "(p / person)") == 1.0


def test_relation_role_case_counts_only_under_compat() -> None:
    upper, lower = "(w / want-01 :ARG0 (b / boy))", "(w / want-01 :arg0 (b / boy))"
    assert score(COMPAT, upper, lower) == 2 / 4
    assert score(DEFAULT, upper, lower) == 1.0


def test_an_attribute_reading_top_is_dropped_only_under_compat() -> None:
    assert score(COMPAT, "(a / and :op1 top)", "(a / and)") == 1.0
    assert score(DEFAULT, "(a / and :op1 top)", "(a / and)") == 0.0
    assert score(COMPAT, '(a / and :op1 "top")', "(a / and)") == 0.0


def test_compat_joins_the_lines_of_a_string_without_separator() -> None:
    # the reader refuses a line break inside a string (penman does too), so the graph is built in Python
    broken = Graph(instances=(("n", "name"),), attributes=(("n", ":op1", '"New\n   York"'),), root="n")
    assert score(COMPAT, broken, '(n / name :op1 "NewYork")') == 1.0
    assert score(DEFAULT, broken, '(n / name :op1 "NewYork")') == 0.0


def test_empty_graphs() -> None:
    assert score(DEFAULT, Graph(), Graph()) == 0.0  # the empty graph earns nothing, even against itself (as the reference)
    assert score(DEFAULT, Graph(), "(a / dog)") == 0.0


def test_micro_pools_and_macro_averages() -> None:
    stats = np.array([[1.0, 5.0], [3.0, 4.0]])
    assert DEFAULT.micro(stats) == {"score": 4 / 9}
    assert DEFAULT.macro(stats) == {"score": (1 / 5 + 3 / 4) / 2}


@pytest.fixture()
def classes(tmp_path: Path) -> Path:
    path = tmp_path / "frames.json"
    table = {"name-01": {"label": "name", "ARG0": "agent"}, "want-01": {"label": "desire"}, "wish-01": {"label": "desire"}}
    path.write_text(json.dumps(table), encoding="utf-8")
    return path


def test_classes_replace_frames_by_their_class(classes: Path) -> None:
    metric = Rematch(classes=str(classes))
    assert score(metric, "(w / want-01 :ARG0 (b / boy))", "(w / wish-01 :ARG0 (b / boy))") == 1.0
    assert score(DEFAULT, "(w / want-01 :ARG0 (b / boy))", "(w / wish-01 :ARG0 (b / boy))") == 1 / 5
    # a class label can equal a plain concept (the reference's collision): name-01 becomes name
    assert score(metric, "(n / name-01)", "(n / name)") == 1.0
    assert score(Rematch(classes=str(classes), compat=True), "(n / Name-01_)", "(n / name)") == 1.0


def test_the_signature_names_the_table_by_file_name_and_hash(classes: Path) -> None:
    digest = hashlib.sha256(classes.read_bytes()).hexdigest()[:12]
    metric = parse_metrics(f"rematch:classes={classes},compat=yes")[0]
    assert metric.signature() == f"rematch|classes:frames.json@{digest}|compat:yes|motifs:set"
    assert Rematch().signature() == "rematch|classes:none|compat:no|motifs:set"


def test_a_bad_table_is_a_usage_error(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(MetricSpecError, match="missing.json"):
        parse_metrics(f"rematch:classes={missing}")
    broken = tmp_path / "broken.json"
    broken.write_text('{"want-01": {"args": 2}}', encoding="utf-8")
    with pytest.raises(MetricSpecError, match="'want-01' has no string \"label\""):
        parse_metrics(f"rematch:classes={broken}")
