"""Hypothesis strategies for UMR documents (``tests/`` is on ``sys.path``): drawn sentences, their text in
any layout, and the document model, renamed or shuffled for metric laws."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from hypothesis import strategies as st

from amrmetrics.graph import Graph
from amrmetrics.read.decode import decode
from amrmetrics.read.umr import SEPARATOR, DocRelation, UmrDocument, parse_umr
from strategies import graph_texts

WORDS = ("the", "boy", "wants", "雨", "下", "了", "ماء", "كتاب", "Ελλάδα", "日本語", "ğ", ",", ".")
CONSTANTS = ("author", "root", "document-creation-time")
LABELS = {
    "temporal": ("before", "after", "overlap", "contained", "contains", "depends-on"),
    "modal": ("full-affirmative", "partial-affirmative", "modal", "AFF"),
    "coref": ("same-entity", "same-event", "subset-of"),
}


@dataclass
class Drawn:
    """A sentence as drawn: what the reader must give back."""

    tokens: tuple[str, ...]
    graph: str
    alignment: dict[str, tuple[tuple[int, int], ...]]
    relations: list[tuple[str, str, str, str]]


@st.composite
def documents(draw) -> list[Drawn]:
    sentences: list[Drawn] = []
    earlier: list[str] = []
    for k in range(draw(st.integers(1, 4))):
        tokens = tuple(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8)))
        text = draw(graph_texts(max_nodes=4))
        variables = list(decode(text).variables)
        alignment = {}
        for var in draw(st.lists(st.sampled_from(variables), unique=True)):
            spans = draw(st.lists(st.tuples(st.integers(1, len(tokens)), st.integers(0, 2)), max_size=2))
            alignment[var] = tuple((a, min(a + d, len(tokens))) for a, d in spans)
        names = variables + earlier + list(CONSTANTS)
        relations = []
        for _ in range(draw(st.integers(0, 5))):
            category = draw(st.sampled_from(sorted(LABELS)))
            relations.append((category, draw(st.sampled_from(names)), draw(st.sampled_from(LABELS[category])), draw(st.sampled_from(names))))
        sentences.append(Drawn(tokens, text, alignment, relations))
        earlier += variables
    return sentences


@st.composite
def layouts(draw) -> dict:
    return {
        "release": draw(st.booleans()),
        "gaps": draw(st.lists(st.integers(0, 3), min_size=3, max_size=3)),
        "after": draw(st.integers(1, 4)),
        "trailing": draw(st.sampled_from(["", " ", "  ", "\t"])),
        "one_line": draw(st.booleans()),
        "tab": draw(st.booleans()),
        "write_empty": draw(st.booleans()),
    }


def write(sentences: list[Drawn], layout: dict) -> str:
    t = layout["trailing"]
    out = []
    for k, s in enumerate(sentences, 1):
        header = [f"# :: snt{k}" + ("\t" + " ".join(s.tokens) if not layout["release"] else "")]
        if layout["release"]:
            header = [SEPARATOR, "# meta-info :: sent_id = doc-" + str(k)] + header
            header += ["Index: " + " ".join(str(i) for i in range(1, len(s.tokens) + 1)), "Words: " + "  ".join(s.tokens)]
        align = [f"{v}: " + (",".join(f"{a}-{b}" for a, b in spans) if spans else "0-0") for v, spans in s.alignment.items()]
        parts = [header, ["# sentence level graph:", *s.graph.split("\n")]]
        if align or layout["write_empty"]:
            parts.append(["# alignment:", *align])
        if s.relations or layout["write_empty"]:
            doc = ["# document level annotation:"]
            if s.relations:
                sep = "\t" if layout["tab"] else " "
                doc.append(f"(s{k}s0 / sentence")
                lists: dict[str, list[str]] = {}
                for category, head, label, tail in s.relations:
                    lists.setdefault(category, []).append(f"({head} :{label} {tail})")
                for category, triples in lists.items():
                    if layout["one_line"]:
                        doc.append(f"    :{category}{sep}(" + " ".join(triples) + ")")
                    else:
                        doc.append(f"    :{category}{sep}(" + triples[0])
                        doc += ["        " + x for x in triples[1:]]
                        doc[-1] += ")"
                doc[-1] += ")"
            parts.append(doc)
        lines: list[str] = []
        for p, part in enumerate(parts):
            if p:
                lines += [""] * layout["gaps"][min(p - 1, 2)]
            lines += [line + t if line else line for line in part]
        out.append("\n".join(lines) + "\n" * (layout["after"] + 1))
    return "".join(out)




def document_of(sentences: list[Drawn], layout: dict | None = None) -> UmrDocument:
    """The document model read from the drawn sentences written in ``layout`` (release, one blank line)."""
    layout = layout or {"release": True, "gaps": [1, 1, 1], "after": 3, "trailing": "", "one_line": False, "tab": False, "write_empty": True}
    return parse_umr(write(sentences, layout), file="drawn.umr")


def renamed(document: UmrDocument, seed: int) -> UmrDocument:
    """The document with every variable renamed (consistently in graphs, alignments and relations) and
    each sentence graph's triples shuffled."""
    rng = random.Random(seed)
    names = [v for s in document.sentences for v in s.scored_graph.variables]
    fresh = [f"v{k}" for k in range(len(names) * 3)]
    rng.shuffle(fresh)
    new = dict(zip(dict.fromkeys(names), fresh))

    def graph(g: Graph) -> Graph:
        if g.is_empty():
            return g
        instances = [(new[v], c) for v, c in g.instances]
        attributes = [(new[v], r, c) for v, r, c in g.attributes]
        relations = [(new[s], r, new[t]) for s, r, t in g.relations]
        for part in (instances, attributes, relations):
            rng.shuffle(part)
        return Graph(tuple(instances), tuple(attributes), tuple(relations), new[g.root])

    sentences = []
    for s in document.sentences:
        relations = tuple(DocRelation(r.category, new.get(r.head, r.head), r.label, new.get(r.tail, r.tail), r.line) for r in s.relations)
        sentences.append(replace(s, graph=graph(s.scored_graph), relations=tuple(rng.sample(relations, len(relations))),
                                 alignment={new[v]: x for v, x in s.alignment.items()}))
    return replace(document, sentences=tuple(sentences))
