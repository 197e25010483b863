"""The batched scan of a text vectors file equals reading it line by line: same vectors, same
unknown words, and on a malformed file the same error naming the same first bad line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amrmetrics.embed import VectorsFile, VectorsFileError
from amrmetrics.embed import vectors_file as vf

WORDS = ["a", "b", "c", "ab", "é", "a b", "b c d"]
GOOD = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.integers(-999, 999).map(str),
    st.sampled_from(["1e-3", "-0", "+2.5", ".5", "1_0"]),
)
BAD = st.sampled_from(["x", "0x1", "nan", "-inf", "1e400", "1..2", "", "1,5"])


@st.composite
def vector_files(draw: st.DrawFn) -> tuple[int, list[str]]:
    """A dimension and the lines of a GloVe file: mostly good lines, some duplicates, words with
    spaces, wrong lengths, bad values, blank lines and lines starting with a space."""
    dim = draw(st.integers(1, 4))
    first = draw(st.sampled_from([w for w in WORDS if " " not in w]))  # the first line sets the dimension
    lines = [first + " " + " ".join(draw(st.lists(GOOD, min_size=dim, max_size=dim)))]
    for _ in range(draw(st.integers(0, 12))):
        word = draw(st.sampled_from(WORDS))
        values = draw(st.lists(GOOD, min_size=dim, max_size=dim))
        kind = draw(st.sampled_from(["good"] * 6 + ["bad", "short", "long", "blank", "space", "tabs"]))
        if kind == "bad":
            values[draw(st.integers(0, dim - 1))] = draw(BAD)
        elif kind == "short":
            values = values[:-1]
        elif kind == "long":
            values.append(draw(GOOD))
        line = word + " " + " ".join(values)
        lines.append({"blank": "", "space": " " + line, "tabs": line.replace(" ", "\t", 2)}.get(kind, line))
    return dim, lines


def line_by_line(path: Path, dim: int, wanted: set[str], cache: dict[str, np.ndarray | None], everything: bool) -> None:
    """Add what the file holds for ``wanted`` (``everything``: for every word) to ``cache``, read the
    plain way: each line whose first word is still wanted is split (from the right when it has too
    many fields: that word is kept too), each value parsed with float(); the first line of a word
    wins; errors name the file and the line."""
    todo, found = {w.encode() for w in wanted if w not in cache}, {}
    for number, line in enumerate(path.read_bytes().split(b"\n"), start=1):
        cut = line.find(b" ")
        if cut <= 0 or not everything and (not todo or line[:cut] not in todo):
            continue
        word, values = line[:cut], line[cut + 1 :].split()
        if len(values) != dim:
            parts = line.rsplit(b" ", dim)
            if len(parts) != dim + 1:
                raise VectorsFileError(f"{path}, line {number}: expected a word and {dim} numbers")
            word, values = parts[0], parts[1:]
        text = word.decode()
        if text not in found and text not in cache:
            try:
                vector = np.array([float(v) for v in values])
            except ValueError:
                raise VectorsFileError(f"{path}, line {number}: is not a number") from None
            if not np.isfinite(vector).all():
                raise VectorsFileError(f"{path}, line {number}: the vector of {text!r} has a NaN or infinite value")
            found[text] = vector
        todo.discard(word)
    cache.update(found)
    for word in wanted:
        cache.setdefault(word, None)


def _located(err: BaseException) -> str:
    """The file and line an error names."""
    return str(err).split(":")[0]


@pytest.mark.parametrize("batch_lines", [vf.BATCH_LINES, 2])
@pytest.mark.parametrize("full_load", [vf.FULL_LOAD_BYTES, 0])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(table=vector_files(), wanted=st.lists(st.sets(st.sampled_from(WORDS + ["zz"])), min_size=1, max_size=3))
def test_the_batched_scan_reads_what_a_line_by_line_reading_reads(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    full_load: int,
    batch_lines: int,
    table: tuple[int, list[str]],
    wanted: list[set[str]],
) -> None:
    monkeypatch.setattr(vf, "FULL_LOAD_BYTES", full_load)
    monkeypatch.setattr(vf, "BATCH_LINES", batch_lines)
    dim, lines = table
    path = tmp_path / "v.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    emb = VectorsFile(path, format="glove")
    want: dict[str, np.ndarray | None] = {}
    everything = path.stat().st_size <= full_load  # a small file is read whole, at its first scan
    scanned = False
    for batch in wanted:  # several scans: a later one looks only for the new words
        try:
            if everything and scanned:
                want.update((w, want.get(w)) for w in batch)
            elif batch - want.keys():
                scanned = True
                line_by_line(path, dim, batch, want, everything)
        except VectorsFileError as expected:
            emb.need(batch)
            with pytest.raises(VectorsFileError) as got:
                emb.load()
            assert _located(got.value) == _located(expected)
            assert str(got.value).endswith("NaN or infinite value") == str(expected).endswith("NaN or infinite value")
            return
        emb.need(batch)
        emb.load()
        assert set(emb._cache) == set(want)
        for word, vector in want.items():
            got_vector = emb.lookup(word)
            assert (got_vector is None) == (vector is None), word
            if vector is not None:
                np.testing.assert_array_equal(got_vector, vector)


def test_a_bad_value_before_a_line_too_short_is_named_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v.txt"
    path.write_text("a 1 2\nb 1 x\nc 1\n", encoding="utf-8")
    for full_load in (vf.FULL_LOAD_BYTES, 0):
        monkeypatch.setattr(vf, "FULL_LOAD_BYTES", full_load)
        emb = VectorsFile(path)
        emb.need(["b", "c"])
        with pytest.raises(VectorsFileError, match=r"v\.txt, line 2: 'x' is not a number"):
            emb.load()
