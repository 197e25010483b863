"""The numbers of a text vectors file are what float() reads, bit for bit, in every textual form.

Lines of plain decimals (GloVe's own form) are read by a whole-batch path (``_plain_decimals``)
that never makes a Python float; these tests hold it to float() on the bytes of each double
(so the sign of zero counts) and check that it takes the lines it is meant for.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amrmetrics.embed import VectorsFile
from amrmetrics.embed import vectors_file as vf


@st.composite
def decimals(draw: st.DrawFn, most: int = 22) -> str:
    """``[+-]digits[.digits]``: leading zeros, '1.', '.5', up to ``most`` digits (past 2**53 too)."""
    digits = draw(st.text("0123456789", min_size=1, max_size=most))
    sign = draw(st.sampled_from(["", "", "-", "+"]))
    dot = draw(st.integers(-1, len(digits)))  # -1: no dot
    return sign + (digits if dot < 0 else digits[:dot] + "." + digits[dot:])


NUMBERS = st.one_of(
    decimals(),
    decimals(most=6),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),  # exponents, denormals, 17 digits
    st.floats(allow_nan=False, allow_infinity=False).map(lambda x: f"{x:.6f}"),  # GloVe's form
    st.floats(allow_nan=False, allow_infinity=False, width=32).map(lambda x: f"{x:.9e}".upper()),
    st.sampled_from(["9007199254740992", "9007199254740993", "-9007199254740993", "0.9007199254740993",
                     "123456789012345678", "1234567890123456789", "-0", "-0.000000", "+0.", "-.0", "1_0",
                     "4.9e-324", "2.2250738585072011e-308", "1e22", "1e23", "0." + "0" * 40 + "1"]),
)


def _bits(values: list[float]) -> bytes:
    return np.array(values, dtype=np.float64).tobytes()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(dim=st.integers(1, 5), data=st.data())
def test_every_vector_is_what_float_reads(tmp_path: Path, dim: int, data: st.DataObject) -> None:
    rows = data.draw(st.lists(st.lists(NUMBERS, min_size=dim, max_size=dim), min_size=1, max_size=40))
    path = tmp_path / "v.txt"
    path.write_text("".join(f"w{i} {' '.join(row)}\n" for i, row in enumerate(rows)), encoding="utf-8")
    emb = VectorsFile(path)
    emb.load()
    for i, row in enumerate(rows):
        assert emb.lookup(f"w{i}").tobytes() == _bits([float(token) for token in row]), row


@settings(max_examples=500, deadline=None)
@given(dim=st.integers(1, 5), data=st.data())
def test_the_batch_path_reads_what_float_reads_or_declines(dim: int, data: st.DataObject) -> None:
    rows = data.draw(st.lists(st.lists(NUMBERS, min_size=dim, max_size=dim), min_size=1, max_size=8))
    got = vf._plain_decimals([" ".join(row).encode() for row in rows], dim)
    if got is not None:
        assert got.tobytes() == _bits([float(token) for row in rows for token in row])


@settings(max_examples=300, deadline=None)
@given(dim=st.integers(1, 5), data=st.data())
def test_the_batch_path_takes_plain_decimals_of_up_to_15_digits(dim: int, data: st.DataObject) -> None:
    rows = data.draw(st.lists(st.lists(decimals(most=15), min_size=dim, max_size=dim), min_size=1, max_size=8))
    got = vf._plain_decimals([" ".join(row).encode() for row in rows], dim)
    assert got is not None and got.tobytes() == _bits([float(token) for row in rows for token in row])


@pytest.mark.parametrize(
    "rest",
    ["1 2 x", "1 2 nan", "1 2 inf", "1 2 1e5", "1 2 1_0", "1 2 .", "1 2 -", "1 2 +-1", "1 2 1-2", "1 2 1.2.3",
     "1  2 3", " 1 2", "1 2 ", "1\t2 3", "1 2 3\r", "1 2 0.1234567890123456789", "1 2 12345678901234567890"],
)
def test_the_batch_path_declines_what_is_not_a_plain_decimal(rest: str) -> None:
    assert vf._plain_decimals([b"0 0 0", rest.encode()], 3) is None


def test_the_batch_path_declines_lines_of_other_lengths() -> None:
    assert vf._plain_decimals([b"1 2 3 4", b"5 6"], 3) is None
    assert vf._plain_decimals([b"1 2 3", b"4 5 6"], 3) is not None


def test_a_line_with_a_doubled_space_is_still_read_from_the_right(tmp_path: Path) -> None:
    path = tmp_path / "v.txt"
    path.write_text("a 1 2\nb  3\nc 4\t5\n", encoding="utf-8")
    emb = VectorsFile(path)
    emb.need(["a"])
    with pytest.raises(vf.VectorsFileError, match=r"v\.txt, line 2: '' is not a number"):
        emb.load()
