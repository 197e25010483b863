"""Counted nouns for titles and messages, so a one-pair corpus reads "1 pair", not "1 pairs"."""


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` followed by ``noun``, plural unless ``n`` is 1 (``plural`` when adding ``s`` is wrong)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
