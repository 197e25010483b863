"""The cheap corpus pre-scan: every key a metric can look up is announced."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from amrmetrics.embed import graph_labels, label_keys, vocabulary
from amrmetrics.read import decode, read_graphs


def test_s2match_keys_of_a_predicate_and_a_multiword_concept() -> None:
    assert {"look-up-05", "look-up", "look-ups", "look", "up", "05"} <= label_keys("look-up-05")
    assert {"ice-cream", "ice", "cream"} <= label_keys("Ice-Cream")


def test_wwlk_keys_of_roles_constants_and_numbers() -> None:
    assert {"arg0", "arg0-of", "arg0"} <= label_keys(":ARG0-of")
    assert {"new york", "new", "york"} - label_keys('"New York"') == {"new york"}  # no whitespace keys
    assert {"new", "york"} <= label_keys('"New York"')
    assert {"1", "9", "5", "19.5"} <= label_keys("19.5")
    assert {"dont", "don't"} <= label_keys("don't")
    assert "" not in label_keys("-")


def test_file_labels_are_the_labels_of_the_graphs_the_reader_reads(tmp_path: Path) -> None:
    text = '# ::snt ignored words here\n(w / want-01 :ARG0 (b / boy) :ARG1 (c / city :name "a / b Paris"))\n'
    path = tmp_path / "g.amr"
    path.write_text(text, encoding="utf-8")
    keys, concepts = graph_labels(read_graphs(str(path)))
    assert {"want", "wants", "boy", "city", "paris", "arg0", "name"} <= keys
    assert "ignored" not in keys and "w" not in keys
    assert concepts == ["boy", "city", "want-01"]  # a '/' inside a string names no concept
    assert (keys, concepts) == graph_labels([decode(text)])


@given(st.text(alphabet=st.sampled_from(list("ab-_:'\"019 .")), max_size=12))
def test_a_plain_label_has_just_itself_and_its_sense_stripped_form(label: str) -> None:
    """The cheap path of :func:`label_keys` gives every form the full one does."""
    base = label.lower()
    assert vocabulary._forms(base) == vocabulary._every_form(base)


def _every_key(label: str) -> set[str]:
    """Every key of a label by the rules applied to every form, whatever it holds (the definition
    :func:`label_keys` must give, however it skips the rules that cannot add a key)."""
    keys: set[str] = set()
    for form in vocabulary._every_form(label.lower()):
        keys.add(form)
        keys.update(form.split("-"))
        keys.update(form.split("_"))
        keys.update(form.split())
        if form.endswith("-of"):
            keys.add(form[:-3])
        head = form.rpartition("-")[0]
        if head:
            keys.update((head, head + "s"))
        keys.update(ch for ch in form if ch.isdigit())
    keys.discard("")
    return {k for k in keys if not any(ch.isspace() for ch in k)}


@given(st.text(alphabet=st.sampled_from(list("aBo-f_:'\"019 .\t\u00a0\u2003٣²İ")), max_size=14))
def test_the_keys_of_a_label_are_its_forms_parts_heads_and_digits(label: str) -> None:
    assert label_keys(label) == _every_key(label)
