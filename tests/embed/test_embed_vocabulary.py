"""The cheap corpus pre-scan: every key a metric can look up is announced."""

from __future__ import annotations

from pathlib import Path

from amrmetrics.embed import file_vocabulary, label_keys, text_vocabulary


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


def test_text_and_file_vocabularies_agree(tmp_path: Path) -> None:
    text = '# ::snt ignored words here\n(w / want-01 :ARG0 (b / boy) :ARG1 (c / city :name "Paris"))\n'
    path = tmp_path / "g.amr"
    path.write_text(text, encoding="utf-8")
    from_file = file_vocabulary([path])
    assert {"want", "wants", "boy", "city", "paris", "arg0", "name"} <= from_file
    assert "ignored" not in from_file
    assert from_file <= text_vocabulary(text)
