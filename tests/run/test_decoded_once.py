"""A run that announces its corpora's words before scoring (S2match, WWLK) decodes each graph once:
the pairs it scores carry the entries decoded for the vocabulary. What it prints is what reading
the files a second time printed (the path files too big to keep still take)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from conftest import DATA, EXAMPLES

from amrmetrics.cli.main import main
from amrmetrics.read import corpus
from amrmetrics.read.corpus import PairedEntries, pair_files

PRED, GOLD = EXAMPLES / "pred.amr", EXAMPLES / "gold.amr"
TINY = str(DATA / "tiny-vectors.txt")


def _counting_decodes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the graph number of every decode of a file's graph from now on."""
    numbers: list[int] = []
    decode = corpus.decode

    def counted(text: str, **kwargs):  # type: ignore[no-untyped-def]
        numbers.append(kwargs.get("number", 0))
        return decode(text, **kwargs)

    monkeypatch.setattr(corpus, "decode", counted)
    return numbers


@pytest.mark.parametrize("metric", ["s2match", "wwlk", "s2match,smatch"])
def test_each_graph_is_decoded_once(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], metric: str) -> None:
    numbers = _counting_decodes(monkeypatch)
    assert main(["score", str(PRED), str(GOLD), "-m", metric, "--vectors", TINY, "--no-progress"]) == 0
    graphs = PRED.read_text(encoding="utf-8").count("# ::id")
    assert graphs > 1 and sorted(numbers) == sorted([*range(1, graphs + 1)] * 2)  # test and gold, once each
    assert capsys.readouterr().out.count("vectors:tiny-vectors.txt@") == metric.count("s2match") + metric.count("wwlk")


def _files(tmp_path: Path) -> tuple[str, str]:
    """A test file with a malformed graph and an unreadable block, and its gold file."""
    test = tmp_path / "test.amr"
    gold = tmp_path / "gold.amr"
    test.write_text("(a / boy)\n\n(b / want-01 :ARG0 (c / girl)\n\n(d / city :name (n / name))\n\n(e / dog :mod (f / big))\n", encoding="utf-8")
    gold.write_text("(a / girl)\n\n(b / want-01 :ARG0 (c / boy))\n\n(d / city)\n\n(e / dog :mod (f / small))\n", encoding="utf-8")
    return str(test), str(gold)


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("on_error", ["fail", "zero", "skip"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_run_prints_what_reading_the_files_again_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], on_error: str, jobs: str
) -> None:
    test, gold = _files(tmp_path)
    outputs = []
    for keep in (corpus.KEEP_CHARS, 0):  # kept entries decoded once; streamed files read again
        monkeypatch.setattr(corpus, "KEEP_CHARS", keep)
        per_pair = tmp_path / f"pairs-{keep}.jsonl"
        argv = ["score", test, gold, "-m", "s2match,wwlk", "--vectors", TINY, "--no-progress", "--on-error", on_error,
                "-f", "json", "--per-pair", str(per_pair), "--jobs", jobs]
        code, out, err = _run(capsys, argv)
        outputs.append((code, out, err, per_pair.read_text(encoding="utf-8") if per_pair.exists() else None))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == (1 if on_error == "fail" else 0) and "graph 2" in outputs[0][2]


def test_the_graphs_are_those_of_the_pairs_and_only_before_the_first_pair(tmp_path: Path) -> None:
    test, gold = _files(tmp_path)
    _, pairs = pair_files(test, gold)
    assert isinstance(pairs, PairedEntries)
    graphs = pairs.graphs()
    assert graphs is not None and len(graphs) == 7  # graph 2 of the test file is malformed
    taken = list(pairs)
    assert [p.index for p in taken] == [0, 1, 2, 3]
    assert [p.test.graph for p in taken if p.test.graph is not None] + [p.gold.graph for p in taken] == graphs
    assert all(a is b for a, b in zip([p.gold.graph for p in taken], graphs[3:]))  # the very objects: no second decode
    _, pairs = pair_files(test, gold)
    next(pairs)
    assert pairs.graphs() is None  # a pair was taken: the rest streams


def test_big_files_and_standard_input_stream_their_entries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    test, gold = _files(tmp_path)
    monkeypatch.setattr(corpus, "KEEP_CHARS", 10)
    _, pairs = pair_files(test, gold)
    assert pairs.graphs() is None and len(list(pairs)) == 4  # type: ignore[attr-defined]
    monkeypatch.setattr(corpus, "KEEP_CHARS", 1 << 25)
    monkeypatch.setattr(sys, "stdin", io.StringIO(Path(test).read_text(encoding="utf-8")))
    _, pairs = pair_files("-", gold)
    assert pairs.graphs() is None and len(list(pairs)) == 4  # type: ignore[attr-defined]
