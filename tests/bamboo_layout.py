"""A tiny BAMBOO benchmark directory for tests (made-up graphs and ratings, written by the amrmetrics developers)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from amrmetrics.meta.bamboo import TASKS

HEADER = "(h / sentence :mod (s / string-entity :value \"A\"))"
DUMMY = "(l / line :ARG1-of (e / empty-02))"
SRC = ["(a / dog)", "(a / dog :mod (b / big))", "(a / cat :mod (b / big))", "(a / run-02 :ARG0 (b / cat))"]
TGT = ["(a / dog)", "(a / dog :mod (b / small))", "(a / dog :mod (b / big))", "(a / run-02 :ARG0 (b / dog))"]
HUMAN = [5.0, 3.0, 1.0, 2.0]
ROLE_SRC = ["(a / chase-01 :ARG0 (b / dog) :ARG1 (c / cat))", "(a / chase-01 :ARG0 (b / dog) :ARG1 (c / cat))",
            "(a / see-01 :ARG0 (b / man))", "(a / see-01 :ARG0 (b / man))"]
ROLE_TGT = ["(a / chase-01 :ARG0 (b / cat) :ARG1 (c / dog))", "(a / chase-01 :ARG0 (b / dog) :ARG1 (c / cat))",
            "(a / see-01 :ARG1 (b / man))", "(a / see-01 :ARG0 (b / man))"]


def write(path: Path, graphs: Sequence[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n\n".join(graphs) + "\n", encoding="utf-8")


def make_bamboo(root: Path, split: str = "dev", src: Sequence[str] = SRC, tgt: Sequence[str] = TGT) -> Path:
    """A tiny BAMBOO directory: 4 scored pairs per subset (``src``/``tgt``), 2 role-confusion pairs per task."""
    for task in TASKS:
        if task.name == "sts":
            rows = [f"x\ty\tz\t{k}\t{h}\ts1\ts2" for k, h in enumerate(HUMAN)]
        elif task.name == "sick":
            rows = ["pair_ID\tA\tB\trelatedness_score\tentailment"]
            rows += [f"{k}\ta\tb\t{h}\tNEUTRAL" for k, h in enumerate(HUMAN)]
        else:
            rows = ["Quality\t#1 ID\t#2 ID\t#1\t#2"] + [f"{h}\t1\t2\ta\tb" for h in HUMAN]
        (root / task.name).mkdir(parents=True, exist_ok=True)
        (root / task.name / f"orig.{split}.txt").write_text("\n".join(rows) + "\n", encoding="utf-8")
        head = [HEADER] if task.header else []
        for subset in ("main", "reify", "syno"):
            write(root / task.name / subset / f"src.{split}.amr", head + list(src) + [DUMMY])
            write(root / task.name / subset / f"tgt.{split}.amr", head + list(tgt) + [DUMMY])
        write(root / task.name / "role_confusion" / f"src.{split}.amr", ROLE_SRC)
        write(root / task.name / "role_confusion" / f"tgt.{split}.amr", ROLE_TGT)
    return root
