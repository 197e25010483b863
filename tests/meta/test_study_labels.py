"""Label files of the parse-quality study: our TSV, the public release's LABEL.txt, and bad input."""

from __future__ import annotations

import pytest

from amrmetrics.meta.labels import LabelError, detect_format, read_labels, write_tsv
from conftest import DATA

META = DATA / "meta"


def test_both_formats_read_the_same_labels():
    ours = read_labels(META / "labels.tsv")
    public = read_labels(META / "LABEL.txt")
    assert ours.ids == public.ids == ("s1", "s2", "s3", "s4", "s5", "s6")
    assert ours.preference.tolist() == public.preference.tolist() == [1, 0, 0.5, 1, 0.5, 0]
    assert ours.acceptable_a.tolist() == public.acceptable_a.tolist() == [1, 0, 0, 1, 1, 0]
    assert ours.acceptable_b.tolist() == public.acceptable_b.tolist() == [0, 1, 0, 1, 1, 1]


def test_detection_and_explicit_format():
    assert detect_format((META / "labels.tsv").read_text().splitlines()) == "tsv"
    assert detect_format((META / "LABEL.txt").read_text().splitlines()) == "parseeval"
    with pytest.raises(LabelError, match="header"):
        read_labels(META / "LABEL.txt", "tsv")
    with pytest.raises(LabelError, match="cannot tell"):
        detect_format(["preference\tacc"])


def test_round_trip_through_our_format(tmp_path):
    public = read_labels(META / "LABEL.txt")
    write_tsv(public, tmp_path / "out.tsv")
    again = read_labels(tmp_path / "out.tsv")
    assert again.ids == public.ids and again.preference.tolist() == public.preference.tolist()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("id\tpreference\tacceptable_a\tacceptable_b\nx\t2\t1\t0\n", r"line 2: preference must be 1/0/0\.5"),
        ("id\tpreference\tacceptable_a\tacceptable_b\nx\t1\t0.5\t0\n", "acceptable_a must be 1/0"),
        ("id\tpreference\tacceptable_a\tacceptable_b\nx\t1\t1\n", "expected 4 tab-separated fields"),
        ("id\tpreference\tacceptable_a\tacceptable_b\nx\t1\t1\t1\nx\t0\t1\t1\n", "id 'x' labels sentences 1 and 2"),
        ("1.0\t1\t0\tx\nsee above\n0.0\t1\t0\ty\n", "no 'see above' line after it"),
        ("1.0\t1\t0\tx\nsomething else\n", "line 2: expected 'see above'"),
    ],
)
def test_bad_label_files_name_the_line(tmp_path, text, message):
    path = tmp_path / "labels.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LabelError, match=message):
        read_labels(path)


def test_an_empty_label_set_is_allowed(tmp_path):
    path = tmp_path / "labels.tsv"
    path.write_text("id\tpreference\tacceptable_a\tacceptable_b\n", encoding="utf-8")
    assert len(read_labels(path)) == 0
