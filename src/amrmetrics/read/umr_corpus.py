"""Pair UMR inputs: documents by file name, sentences by position, as sentence pairs or document pairs.

A UMR input is a ``.umr`` file (one document) or a folder of them. Two files pair with each other;
two folders pair their documents by file name (a document without a partner is an error naming
it). Within a document pair the sentences pair by position: the counts must agree, and so must the
tokens of every sentence where both sides have tokens. Everything is checked before anything is
scored.

Sentence metrics (``smatch``, ``s2match``, ...) get one pair per sentence, an unreadable sentence
being an entry with its located error, so the run's error policy applies to it as to any graph.
Document metrics (``umr``, ``ancast``, ``jumach``) get one pair per document; there the policy acts
on the sentence pair inside its document: ``fail`` lists every unreadable sentence and stops,
``zero`` scores it against the empty graph, ``skip`` leaves that sentence pair out of the document.
The counted categories of both sides (:data:`amrmetrics.read.umr.CATEGORIES`) come with the pairs.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from amrmetrics.read.corpus import Entry, OnError, Pair, format_errors
from amrmetrics.read.source import CorpusError, PathLike
from amrmetrics.read.umr import CATEGORIES, UmrDocument, UmrError, UmrSentence, _read_text, parse_umr, umr_files
from amrmetrics.words import counted

Unit = Literal["graph", "document"]


@dataclass
class UmrReading:
    """What reading a UMR test and gold input found: sizes, counted categories per side, sentence errors."""

    documents: int = 0
    sentences: int = 0
    counts: dict[str, list[int]] = field(default_factory=dict)
    """Category -> [test count, gold count]."""
    errors: list[UmrError] = field(default_factory=list)
    """Unreadable sentences; for document pairs, already handled by the error policy."""
    affected: int = 0
    """Sentence pairs inside documents scored against the empty graph (``zero``) or left out (``skip``)."""

    def items(self) -> list[tuple[str, str]]:
        """Signature items: the input kind, then each category with a count as ``test/gold``."""
        items = [("input", "umr")]
        for category in sorted(self.counts):
            test, gold = self.counts[category]
            items.append((category, f"{test}/{gold}"))
        return items

    def describe(self) -> str:
        """One line for people: sizes and each category's counts (test/gold)."""
        head = f"UMR input: {counted(self.documents, 'document')}, {counted(self.sentences, 'sentence')} per side"
        found = [f"{CATEGORIES.get(k, k)} {v[0]}/{v[1]}" for k, v in sorted(self.counts.items())]
        return head + ("; counted (test/gold): " + "; ".join(found) if found else "")

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready summary."""
        return {
            "documents": self.documents,
            "sentences": self.sentences,
            "categories": {k: {"test": v[0], "gold": v[1]} for k, v in sorted(self.counts.items())},
        }


class UmrPairs:
    """The pairs of a UMR input (iterated once) and what reading it found (:attr:`reading`)."""

    def __init__(self, pairs: list[Pair], reading: UmrReading) -> None:
        self._pairs, self.reading = pairs, reading

    def __iter__(self) -> Iterator[Pair]:
        return iter(self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)


def _documents(path: PathLike) -> list[UmrDocument]:
    return [parse_umr(_read_text(f), file=f) for f in umr_files(path)]


def pair_documents(test: PathLike, gold: PathLike) -> list[tuple[UmrDocument, UmrDocument]]:
    """Documents paired by file name (two files pair with each other), sentence counts and tokens checked."""
    test_name, gold_name = os.fspath(test), os.fspath(gold)
    if os.path.isdir(test_name) != os.path.isdir(gold_name):
        raise CorpusError(f"{test_name} and {gold_name}: pair a .umr file with a .umr file, or a folder with a folder")
    tests, golds = _documents(test), _documents(gold)
    if os.path.isdir(test_name):
        by_name = {d.name: d for d in golds}
        missing = [d.file for d in tests if d.name not in by_name]
        names = {d.name for d in tests}
        unmatched = [d.file for d in golds if d.name not in names]
        if missing or unmatched:
            parts = [f"{f} has no partner in {gold_name}" for f in missing]
            parts += [f"{f} has no partner in {test_name}" for f in unmatched]
            raise CorpusError("; ".join(parts[:10]) + (f"; and {len(parts) - 10} more" if len(parts) > 10 else ""))
        pairs = [(d, by_name[d.name]) for d in tests]
    else:
        pairs = [(tests[0], golds[0])]
    for t, g in pairs:
        check_sentences(t, g)
    return pairs


def check_sentences(test: UmrDocument, gold: UmrDocument) -> None:
    """Refuse a document pair whose sentence counts differ, or whose tokens differ where both sides have tokens."""
    if len(test.sentences) != len(gold.sentences):
        raise CorpusError(
            f"{test.file} has {len(test.sentences)} sentences but {gold.file} has {len(gold.sentences)}: "
            "the documents must pair sentence by sentence"
        )
    for t, g in zip(test.sentences, gold.sentences):
        if t.tokens and g.tokens and t.tokens != g.tokens:
            where = next((k for k, (a, b) in enumerate(zip(t.tokens, g.tokens)) if a != b), min(len(t.tokens), len(g.tokens)))
            raise CorpusError(
                f"{test.file}: sentence {t.number} (line {t.line}) and {gold.file}: sentence {g.number} (line {g.line}) "
                f"have different tokens (first difference at token {where + 1}: "
                f"{_token(t.tokens, where)} vs {_token(g.tokens, where)})"
            )


def _token(tokens: Sequence[str], k: int) -> str:
    return repr(tokens[k]) if k < len(tokens) else "none"


def _reading(pairs: list[tuple[UmrDocument, UmrDocument]]) -> UmrReading:
    reading = UmrReading(documents=len(pairs), sentences=sum(len(t.sentences) for t, _ in pairs))
    counts: dict[str, list[int]] = {}
    for side in (0, 1):
        total: Counter[str] = Counter()
        for pair in pairs:
            total.update(pair[side].counts())
        for category, n in total.items():
            counts.setdefault(category, [0, 0])[side] = n
    reading.counts = counts
    return reading


def _sentence_entry(document: UmrDocument, sentence: UmrSentence) -> Entry:
    return Entry(
        sentence.number, sentence.parts.lines[1] or sentence.line, sentence.graph, sentence.error,
        id=f"{document.name}/{sentence.number}",
    )


def apply_policy(documents: Sequence[UmrDocument], on_error: OnError) -> tuple[list[UmrDocument], int]:
    """Documents of one position (test, gold; or A, B, gold) with the policy applied to their unreadable
    sentences (``skip`` marks the sentence of every side as left out), and how many positions it touched."""
    bad = [k for k, group in enumerate(zip(*(d.sentences for d in documents))) if any(s.error is not None for s in group)]
    if not bad or on_error != "skip":
        return list(documents), len(bad)

    def skipped(document: UmrDocument) -> UmrDocument:
        sentences = list(document.sentences)
        for k in bad:
            sentences[k] = replace(sentences[k], skipped=True)
        return replace(document, sentences=tuple(sentences))

    return [skipped(d) for d in documents], len(bad)


def umr_entries(
    inputs: Sequence[PathLike], *, unit: Unit = "graph", on_error: OnError = "fail"
) -> tuple[list[list[Entry]], UmrReading]:
    """Entries of each input (the last is gold; every other input is paired with it): one per sentence
    (``unit="graph"``) or one per document, and what reading them found (the first input's pairing with gold)."""
    *systems, gold = inputs
    paired = [pair_documents(system, gold) for system in systems]
    reading = _reading(paired[0])
    columns: list[list[Entry]] = [[] for _ in inputs]
    groups = [[*(p[k][0] for p in paired), paired[0][k][1]] for k in range(len(paired[0]))]
    if unit == "graph":
        for group in groups:
            for column, document in zip(columns, group):
                column.extend(_sentence_entry(document, s) for s in document.sentences)
        return columns, reading
    errors = list({str(e): e for group in groups for d in group for e in d.errors}.values())
    if errors and on_error == "fail":
        raise CorpusError(format_errors(list(errors)))
    reading.errors = errors
    for number, group in enumerate(groups, 1):
        handled, affected = apply_policy(group, on_error)
        reading.affected += affected
        for column, document in zip(columns, handled):
            column.append(Entry(number, 1, document, id=document.name))  # type: ignore[arg-type]
    return columns, reading


def pair_umr(test: PathLike, gold: PathLike, *, unit: Unit = "graph", on_error: OnError = "fail") -> tuple[int, UmrPairs]:
    """``(count, pairs)`` of a UMR test and gold input: sentence pairs (``unit="graph"``) or document pairs."""
    (tests, golds), reading = umr_entries([test, gold], unit=unit, on_error=on_error)
    pairs = [Pair(k, t, g) for k, (t, g) in enumerate(zip(tests, golds))]
    return len(pairs), UmrPairs(pairs, reading)


def umr_graphs(path: PathLike) -> Iterator:  # type: ignore[type-arg]
    """The readable sentence graphs of a UMR input (for announcing its vocabulary before scoring)."""
    for document in _documents(path):
        for sentence in document.sentences:
            if sentence.graph is not None:
                yield sentence.graph
