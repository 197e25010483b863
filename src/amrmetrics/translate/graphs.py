"""Graph-level steps of the cross-lingual metrics: which labels are translated, sense stripping, truncation.

Translated labels are the concepts and constants of the non-English graph, except numbers,
polarity (``-``/``+``), the root triple's ``top`` and AMR's own keywords (:data:`AMR_KEYWORDS`,
which multilingual AMR corpora write in English). Senses are stripped with ``-\\d+$`` only, so
``have-org-role-91`` becomes ``have-org-role`` and ``-`` stays ``-``.
"""

from __future__ import annotations

import re

from amrmetrics.graph import Graph
from amrmetrics.standardize import unquote
from amrmetrics.translate.chain import Choice, Translator

_SENSE = re.compile(r"(?<=.)-\d+$")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)(/\d+)?")

AMR_KEYWORDS = frozenset({
    "and", "or", "multi-sentence", "name", "amr-unknown", "amr-choice", "person", "thing",
    "date-entity", "date-interval", "temporal-quantity", "monetary-quantity", "distance-quantity",
    "percentage-entity", "rate-entity", "ordinal-entity", "url-entity", "value-interval",
    "have-org-role", "have-rel-role", "imperative", "expressive", "interrogative",
})
"""AMR's own vocabulary (special frames, entity types, ``:mode`` values): never translated."""


def strip_sense(concept: str) -> str:
    """``want-01`` -> ``want``, ``have-org-role-91`` -> ``have-org-role``; anything else unchanged."""
    return _SENSE.sub("", concept)


def _is_top(role: str) -> bool:
    return role.lower() == ":top"


def translatable_constant(value: str) -> bool:
    """False for numbers and polarity, which every language writes alike."""
    bare = unquote(value)
    return bare not in ("-", "+") and not _NUMBER.fullmatch(bare)


def english_labels(graph: Graph) -> tuple[str, ...]:
    """The English side's labels a translation may use: sense-stripped concepts and bare constants, lower-cased, sorted."""
    labels = {strip_sense(c).lower() for _, c in graph.instances}
    labels |= {unquote(v).lower() for _, r, v in graph.attributes if not _is_top(r)}
    return tuple(sorted(labels))


def _with_text(value: str, text: str) -> str:
    """``text`` in the quoting of the constant ``value``."""
    quoted = len(value) >= 2 and value[0] == '"' and value[-1] == '"'
    return f'"{text}"' if quoted else text


def translate_graph(graph: Graph, translator: Translator, context: tuple[str, ...]) -> tuple[Graph, dict[str, Choice]]:
    """The graph with its concepts (senses stripped) and constants in English, and the choice for each label."""
    concepts = [strip_sense(c).lower() for _, c in graph.instances]
    constants = [
        unquote(v).lower() for _, r, v in graph.attributes if not _is_top(r) and translatable_constant(v)
    ]
    words = [w for w in dict.fromkeys(concepts + constants) if w not in AMR_KEYWORDS]
    choices = translator.translate(words, context)

    def english(word: str) -> str:
        choice = choices.get(word)
        return choice.label if choice is not None and choice.label is not None else word

    instances = tuple((v, english(c)) for (v, _), c in zip(graph.instances, concepts))
    attributes = tuple(
        (v, r, _with_text(value, english(unquote(value).lower())))
        if not _is_top(r) and translatable_constant(value)
        else (v, r, value)
        for v, r, value in graph.attributes
    )
    return graph.evolve(instances=instances, attributes=attributes), choices


def strip_senses(graph: Graph) -> Graph:
    """The graph with every concept's sense suffix removed."""
    return graph.evolve(instances=tuple((v, strip_sense(c)) for v, c in graph.instances))


def truncate_labels(graph: Graph, length: int) -> Graph:
    """Concepts and constants cut to their first ``length`` characters (quotes kept around constants)."""
    if length <= 0:
        return graph
    return graph.evolve(
        instances=tuple((v, c[:length]) for v, c in graph.instances),
        attributes=tuple(
            (v, r, value if _is_top(r) else _with_text(value, unquote(value)[:length])) for v, r, value in graph.attributes
        ),
    )
