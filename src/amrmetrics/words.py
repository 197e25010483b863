"""Words for titles and messages: counted nouns (a one-pair corpus reads "1 pair", not "1 pairs"),
and the suggestion for a mistyped name."""

from __future__ import annotations

from collections.abc import Iterable


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` followed by ``noun``, plural unless ``n`` is 1 (``plural`` when adding ``s`` is wrong)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'score'?)`` naming the choice closest to a mistyped ``word`` (case aside), or ''."""
    import difflib  # only on the way to an error

    lowered = {choice.lower(): choice for choice in choices}
    close = difflib.get_close_matches(word.lower(), lowered, n=1, cutoff=0.6)
    return f" (did you mean {lowered[close[0]]!r}?)" if close else ""
