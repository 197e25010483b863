"""The fuzzer's oracles: no crash, only located errors, and no pair scored against a stranger.

Given a :class:`~reader_cases.Case` written to two files, the checks are:

* reading: the fast splitter gives the line-by-line splitter's blocks, and the fast decoder gives
  penman's verdict on every block (same graph, or the same located error);
* positions: each file has exactly one position per graph written, an undamaged graph reads as
  its seed and keeps its id, a damaged one reads as the API reads the same text;
* scoring under ``fail``, ``zero`` and ``skip``: either scores, or raises a :class:`CorpusError`
  listing located errors (``file: graph N (line L): ...``); under ``zero``/``skip``, pairs scored
  + skipped = graphs written, and every pair carries its own id on both sides.

Where damage forged a boundary (see :meth:`~reader_cases.Side.forged`), only the first and the
"no other exception" part apply.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from reader_cases import Case, Side

import amrmetrics
from amrmetrics.cli.main import main as cli_main
from amrmetrics.metrics.registry import build_metric
from amrmetrics.read import CorpusError, GraphError, decode, iter_entries, pair_files, split_blocks
from amrmetrics.read.source import read_chunks
from amrmetrics.read.split import split_text
from amrmetrics.engine.run import run_corpus

decode_module = importlib.import_module("amrmetrics.read.decode")
LOCATED = re.compile(r"^  .+: graph \d+ \(line \d+\): \S")
"""A line of :func:`~amrmetrics.read.format_errors`."""
POLICIES = ("fail", "zero", "skip")


def outcome(read: Callable[[], object]) -> tuple[str, object]:
    """``("graph", result)`` or ``("error", message)``; any other exception propagates (a bug)."""
    try:
        graph = read()
    except GraphError as err:
        return "error", str(err)
    return "graph", (graph, getattr(graph, "tree_edges", None), getattr(graph, "last_branches", None))


@contextlib.contextmanager
def penman_only() -> Iterator[None]:
    """Every graph goes to penman's parser while inside."""
    fast = decode_module._fast_parse
    decode_module._fast_parse = lambda _: None
    try:
        yield
    finally:
        decode_module._fast_parse = fast


def write(case: Case, folder: Path) -> tuple[Path, Path]:
    """The case's two files."""
    test, gold = folder / "test.amr", folder / "gold.amr"
    test.write_bytes(case.test.data())
    gold.write_bytes(case.gold.data())
    return test, gold


def check_reading(path: Path) -> None:
    """Both splitters give the same blocks, both decoders the same verdict on each."""
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        reference = list(split_blocks(handle))
    assert list(split_text(read_chunks(path))) == reference
    for block in reference:
        if block.problem is None:
            fast = outcome(lambda: decode(block.text, file="f", number=block.number, line=block.line))
            with penman_only():
                slow = outcome(lambda: decode(block.text, file="f", number=block.number, line=block.line))
            assert fast == slow, block.text[:300]


def _api_verdict(text: str, number: int, line: int) -> tuple[str, object]:
    return outcome(lambda: decode(text, file="f", number=number, line=line))


def check_positions(side: Side, path: Path, seeds: list[str]) -> None:
    """One position per graph; undamaged graphs read as their seeds, damaged ones as the API reads them."""
    entries = list(iter_entries(path))
    assert len(entries) == len(side.graphs)
    for k, entry in enumerate(entries):
        assert entry.id == f"m{k}"
        if k not in side.damage:
            assert entry.error is None and entry.graph == decode(seeds[k])
        elif side.graphs[k] and "\udce9" not in side.graphs[k]:  # not the header alone, no undecodable byte
            file_verdict = ("error", str(entry.error).replace(str(path), "f", 1)) if entry.error else outcome(lambda: entry.graph)
            assert file_verdict == _api_verdict(side.as_read(side.graphs[k]), entry.number, side.first_line(k)), side.graphs[k][:300]


def _metrics() -> list:
    return [build_metric("smatch", {}, {}), build_metric("sembleu", {}, {})]


def check_scores(case: Case, test: Path, gold: Path, jobs: int = 1) -> None:
    """Score under every policy; counts and partners as the module docstring says."""
    exact = not case.shifts_possible()
    for policy in POLICIES:
        try:
            total, pairs = pair_files(test, gold)
            run = run_corpus(pairs, _metrics(), on_error=policy, jobs=jobs)
        except CorpusError as err:
            lines = str(err).split("\n")
            if policy == "fail" and "malformed graph" in lines[0]:
                assert all(LOCATED.match(line) for line in lines[1:-1] if not line.startswith("  ... and")), str(err)
                continue
            assert not exact, f"{policy}: {err}"
            continue
        assert total == case.size
        assert len(run.records) + run.skipped == case.size  # scored (zeroed included) + skipped = written
        assert run.skipped == 0 if policy == "zero" else run.zeroed == 0
        if exact:
            assert [(r.test_id, r.gold_id) for r in run.records] == [(f"m{r.index}", f"m{r.index}") for r in run.records]
            for r in run.records:
                if r.index not in case.test.damage and r.index not in case.gold.damage:
                    assert r.results[0].stats[0] == r.results[0].stats[1] == r.results[0].stats[2]  # its own partner


def check_api(case: Case) -> None:
    """The same graphs as two sequences of strings: scores or located errors, one per position."""
    test = [g.replace("\udce9", "\u00e9") for g in case.test.graphs]
    gold = [g.replace("\udce9", "\u00e9") for g in case.gold.graphs]
    for policy in ("zero", "skip"):
        result = amrmetrics.score_corpus(test, gold, "smatch", on_error=policy)["smatch"]
        affected = re.search(rf"on-error:{policy}\((\d+)\)", result.signature)
        left_out = int(affected.group(1)) if affected and policy == "skip" else 0
        assert len(result.pairs) + left_out == case.size
    for t, g in zip(test, gold):
        try:
            amrmetrics.smatch(t, g)
        except GraphError as err:
            assert str(err).startswith("<string>: graph 1 (line ")


def check_cli(case: Case, test: Path, gold: Path, policy: str, jobs: int = 1) -> None:
    """``amrmetrics score`` in this process: exit 0 with a JSON report, or exit 1 with located errors."""
    out, err = io.StringIO(), io.StringIO()
    per_pair = test.with_name("pairs.jsonl")
    arguments = ["score", str(test), str(gold), "--format", "json", "--on-error", policy, "--per-pair", str(per_pair)]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main([*arguments, "--no-progress", "-j", str(jobs)])
    if code == 0:
        report = json.loads(out.getvalue())
        assert report["pairs"] + report["on_error"]["skipped"] == case.size
        assert all(re.match(r".+: graph \d+ \(line \d+\): \S", e) for e in report["on_error"]["errors"])
        if not case.shifts_possible():
            rows = [json.loads(line) for line in per_pair.read_text(encoding="utf-8").splitlines()]
            assert [(r["test_id"], r["gold_id"]) for r in rows] == [(f"m{r['pair'] - 1}", f"m{r['pair'] - 1}") for r in rows]
        return
    assert code == 1 and out.getvalue() == "", err.getvalue()
    assert err.getvalue().startswith("amrmetrics: error: ") and "Traceback" not in err.getvalue()
    assert policy == "fail" or case.shifts_possible(), err.getvalue()


def check_case(case: Case, cli_policy: str | None = None, jobs: int = 1) -> None:
    """Every oracle on one case, in a fresh folder (the command line too, given a policy)."""
    with tempfile.TemporaryDirectory() as folder:
        test, gold = write(case, Path(folder))
        check_reading(test)
        check_reading(gold)
        if not case.shifts_possible():
            check_positions(case.test, test, case.seeds)
            check_positions(case.gold, gold, case.seeds)
        check_scores(case, test, gold, jobs)
        check_api(case)
        if cli_policy:
            check_cli(case, test, gold, cli_policy, jobs)
