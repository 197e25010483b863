"""``jumach``: juːmæʧ-compatible counts for UMR documents (ufal/umrtools ``compare_umr.pl`` 4377bc4).

juːmæʧ, the DMR 2026 shared task's metric, maps nodes through word alignments and never searches:
gold and system nodes aligned to a common token are linked, unaligned nodes with the same
(extended) concept are linked, and links are made one-to-one by repeatedly keeping the best of
an ambiguous node's links (same concept, then more matching attributes, then more matching role
names, then longer aligned words, then the same variable, then variable names). Each gold node's
concept and roles (values translated through the links) are matched as a multiset against its
partner's; unmapped nodes count on their side only; each sentence's document-level triples are
compared after translating their variables (file-wide, through the links made so far). Written
from the shared README's specification, not from the (GPL) script.

Counts per document: ``correct``, ``total0`` (gold) and ``total1`` (system) behind P = correct /
total1, R = correct / total0 (stats ``matched``, ``n_test``, ``n_gold``), plus the script's other
lines (triples in mapped nodes, node projections, aligned token sets, ambiguous projections,
sentences, tokens, nodes); per relation and per sentence in each pair's details. Options:
``top`` (a ``:TOP`` triple per sentence), ``document_level`` (``no`` = ``--no-document-level``),
``only`` / ``exclude`` (``--only`` / ``--except``: role names joined by ``+``, ``concept`` for the
concept). Its quirks are reproduced here only (docs/umr.md): a value ``0`` ending a line is lost,
a sentence that fails to read is still compared with what was read, missing system sentences are
not penalised, case and inverse roles are not normalised, and a document without nodes on a side
gets no numbers from the script (counted under ``no_output``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from amrmetrics.errors import DataError, UsageError
from amrmetrics.metrics.base import Metric, PairResult
from amrmetrics.metrics.jumach_read import JFile, JNode, JSentence, read_document
from amrmetrics.read.umr import UmrDocument

GOLD, SYSTEM = 0, 1
COUNTS = (
    "correct", "total0", "total1",
    "correct_mapped", "total0_mapped", "total1_mapped",
    "mapped0", "mapped1", "nodes0", "nodes1",
    "tokensets_correct", "tokensets0", "tokensets1",
    "nsrc0", "nsrc1", "ntgt0", "ntgt1",
    "sentences0", "sentences1", "tokens", "failed0", "failed1", "no_output",
)
SCORES = {"Jumach": ("correct", "total0", "total1"), "Mapped": ("correct_mapped", "total0_mapped", "total1_mapped"),
          "Projections": (None, "nodes0", "nodes1"), "TokenSets": ("tokensets_correct", "tokensets0", "tokensets1")}


def compute_prf(correct: np.ndarray, total0: np.ndarray, total1: np.ndarray) -> dict[str, np.ndarray]:
    """juːmæʧ's P, R, F: R = correct / gold total, P = correct / system total, 0 where a total is 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(total0 > 0, correct / np.where(total0 > 0, total0, 1), 0.0)
        p = np.where(total1 > 0, correct / np.where(total1 > 0, total1, 1), 0.0)
        f = np.where(p + r > 0, 2 * p * r / np.where(p + r > 0, p + r, 1), 0.0)
    return {"P": p, "R": r, "F": f}


@dataclass(frozen=True)
class Options:
    """What changes juːmæʧ's counts: the TOP triple, the document level, and the relations compared."""

    top: bool
    document_level: bool
    only: frozenset[str]
    exclude: frozenset[str]

    def ignored(self, relation: str) -> bool:
        name = relation[1:] if relation.startswith(":") else relation
        if self.only:
            return name not in self.only
        return name in self.exclude


class _Comparison:
    """Compare two documents read by juːmæʧ (gold first), sentence by sentence."""

    def __init__(self, gold: JFile, system: JFile, options: Options) -> None:
        self.files = (gold, system)
        self.options = options
        self.counts: Counter[str] = Counter()
        self.relations: dict[tuple[str, str], list[int]] = {}
        self.sentences: list[dict[str, int]] = []

    def run(self) -> None:
        gold, system = self.files
        n = min(len(gold.sentences), len(system.sentences))
        if n == 0:
            raise DataError("juːmæʧ: at least one of the files has 0 sentences (it stops here)")
        for i in range(n):
            self._sentence(gold.sentences[i], system.sentences[i])

    def _relation(self, scope: str, name: str, column: int, amount: int = 1) -> None:
        self.relations.setdefault((scope, name), [0, 0, 0])[column] += amount

    def _sentence(self, g: JSentence, s: JSentence) -> None:
        tokens = g.tokens
        unaligned = []
        by_token = []
        for sentence in (g, s):
            variables = sorted(sentence.nodes)
            unaligned.append([v for v in variables if sentence.nodes[v].alignment is None])
            rows = []
            for j in range(len(tokens)):
                rows.append([v for v in variables if sentence.nodes[v].alignment is not None and j < len(sentence.nodes[v].alignment) and sentence.nodes[v].alignment[j]])  # type: ignore[index]
            by_token.append(rows)
        self.counts["nodes0"] += len(g.nodes)
        self.counts["nodes1"] += len(s.nodes)
        self.counts["tokens"] += len(tokens)
        for j in range(len(tokens)):
            for a in by_token[GOLD][j]:
                for b in by_token[SYSTEM][j]:
                    g.nodes[a].links[b] = g.nodes[a].links.get(b, 0) + 1
            for b in by_token[SYSTEM][j]:
                for a in by_token[GOLD][j]:
                    s.nodes[b].links[a] = s.nodes[b].links.get(a, 0) + 1
        for a in unaligned[GOLD]:
            concept = g.nodes[a].econcept
            for b in unaligned[SYSTEM]:
                if s.nodes[b].econcept == concept:
                    g.nodes[a].links[b] = g.nodes[a].links.get(b, 0) + 1
                    s.nodes[b].links[a] = s.nodes[b].links.get(a, 0) + 1
        self._symmetrize(g, s)
        self.counts["mapped0"] += sum(1 for node in g.nodes.values() if node.links)
        self.counts["mapped1"] += sum(1 for node in s.nodes.values() if node.links)
        self._token_sets(g, s)
        for side, sentence in ((0, g), (1, s)):
            ambiguous = [node.ambiguous for node in sentence.nodes.values() if node.ambiguous is not None]
            if ambiguous:
                self.counts[f"nsrc{side}"] += len(ambiguous)
                self.counts[f"ntgt{side}"] += sum(len(a) for a in ambiguous)
        self._attributes(g, s)

    def _token_sets(self, g: JSentence, s: JSentence) -> None:
        sets = []
        for sentence in (g, s):
            found = set()
            for variable in sorted(sentence.nodes):
                mask = sentence.nodes[variable].alignment or []
                key = ",".join(str(k + 1) for k, x in enumerate(mask) if x)
                if key:
                    found.add(key)
            sets.append(found)
        self.counts["tokensets_correct"] += len(sets[0] & sets[1])
        self.counts["tokensets0"] += len(sets[0])
        self.counts["tokensets1"] += len(sets[1])

    # --- symmetrisation -------------------------------------------------------------------------

    def _symmetrize(self, g: JSentence, s: JSentence) -> None:
        sides = ((g, s), (s, g))
        while True:
            candidates = []
            for mine, other in sides:
                for variable in sorted(mine.nodes):
                    candidates += self._ambiguous(mine, variable, other)
            if not candidates:
                return
            winner = min(candidates, key=lambda c: c[0])
            _, source, target = winner
            source.links = {target.variable: 1}
            target.links = {source.variable: 1}

    def _ambiguous(self, mine: JSentence, variable: str, other: JSentence) -> list[tuple[tuple, JNode, JNode]]:  # type: ignore[type-arg]
        node = mine.nodes[variable]
        links = sorted(node.links)
        kept = []
        for target in links:
            if variable in other.nodes[target].links:
                kept.append(target)
            else:
                del node.links[target]
        if len(kept) < 2:
            return []
        if node.ambiguous is None:
            node.ambiguous = list(kept)
        out = []
        for target in kept:
            partner = other.nodes[target]
            strong = self._compare(node, mine, partner, other)[0]
            weak = _weak(node, partner)
            text = len(node.aligned_text or "") + len(partner.aligned_text or "")
            key = (
                0 if node.econcept == partner.econcept else 1,
                -strong, -weak, -text,
                0 if variable == target else 1,
                variable + target,
            )
            out.append((key, node, partner))
        return out

    # --- node and document-level comparison -------------------------------------------------------

    def _pairs(self, node: JNode, sentence: JSentence, translate: bool) -> list[tuple[str, str, str]]:
        """The node's (name, value, value translated to the other file) triples, filtered and ordered as juːmæʧ does."""
        pairs = []
        if not self.options.ignored("concept"):
            pairs.append(("concept", node.concept, node.concept))
        for name, value in sorted(node.relations, key=lambda rv: rv[0].lower()):
            if self.options.ignored(name) or value == "":
                continue
            if translate and value in sentence.nodes:
                targets = sorted(sentence.nodes[value].links)
                if not targets:
                    pairs.append((name, value, "UNMAPPED"))
                else:
                    pairs.extend((name, value, t) for t in targets)
            else:
                pairs.append((name, value, value))
        return pairs

    def _compare(self, node: JNode, mine: JSentence, partner: JNode, other: JSentence) -> tuple[int, list[tuple[str, str, str]], list[tuple[str, str, str]], list[bool]]:
        """(correct, node's pairs, partner's pairs, which of the node's pairs matched): multiset, exact."""
        ours = self._pairs(node, mine, translate=True)
        theirs = self._pairs(partner, other, translate=False)
        left = list(theirs)
        matched = []
        for name, _, value in ours:
            for k, (n, v, _) in enumerate(left):
                if n == name and v == value:
                    del left[k]
                    matched.append(True)
                    break
            else:
                matched.append(False)
        return sum(matched), ours, theirs, matched

    def _attributes(self, g: JSentence, s: JSentence) -> None:
        row = Counter()  # type: ignore[var-annotated]
        for variable in sorted(g.nodes):
            node = g.nodes[variable]
            targets = sorted(node.links)
            if not targets:
                pairs = self._pairs(node, g, translate=False)
                row["total0"] += len(pairs)
                for name, _, _ in pairs:
                    self._relation("sentence", name, 1)
                continue
            best = None
            for target in targets:
                result = self._compare(node, g, s.nodes[target], s)
                if best is None or result[0] > best[0]:
                    best = result
            assert best is not None
            correct, ours, theirs, matched = best
            row["correct"] += correct
            row["total0"] += len(ours)
            row["total1"] += len(theirs)
            row["correct_mapped"] += correct
            row["total0_mapped"] += len(ours)
            row["total1_mapped"] += len(theirs)
            for (name, _, _), hit in zip(ours, matched):
                self._relation("sentence", name, 1)
                if hit:
                    self._relation("sentence", name, 0)
            for name, _, _ in theirs:
                self._relation("sentence", name, 2)
        for variable in sorted(s.nodes):
            node = s.nodes[variable]
            if not node.links:
                pairs = self._pairs(node, s, translate=False)
                row["total1"] += len(pairs)
                for name, _, _ in pairs:
                    self._relation("sentence", name, 2)
        if self.options.document_level:
            self._document_level(g, s, row)
        self.counts.update(row)
        self.sentences.append({k: row[k] for k in ("correct", "total0", "total1", "correct_mapped", "total0_mapped", "total1_mapped")})

    def _document_level(self, g: JSentence, s: JSentence, row: Counter) -> None:  # type: ignore[type-arg]
        gold_file, system_file = self.files
        for triple in sorted(g.docrels):
            head, relation, tail = triple.split(" ")
            if self.options.ignored(relation):
                continue
            mapped = f"{_single(head, gold_file)} {relation} {_single(tail, gold_file)}"
            row["total0"] += 1
            self._relation("document", relation, 1)
            if mapped in s.docrels:
                row["correct"] += 1
                row["total1"] += 1
                self._relation("document", relation, 0)
                self._relation("document", relation, 2)
        for triple in sorted(s.docrels):
            head, relation, tail = triple.split(" ")
            if self.options.ignored(relation):
                continue
            mapped = f"{_single(head, system_file)} {relation} {_single(tail, system_file)}"
            if mapped not in g.docrels:
                row["total1"] += 1
                self._relation("document", relation, 2)


def _weak(node: JNode, partner: JNode) -> int:
    """Role names (and ``concept``) the two nodes share, as multisets, unfiltered."""
    theirs = Counter(["concept"] + [name for name, _ in partner.relations])
    shared = 0
    for name in ["concept"] + [name for name, _ in node.relations]:
        if theirs[name] > 0:
            shared += 1
            theirs[name] -= 1
    return shared


def _single(name: str, file: JFile) -> str:
    """A document-level argument translated through the links: a node of the file (as read) to its
    one partner or ``UNMAPPED``; anything else (a constant, a node of a graph that failed) as itself."""
    node = file.nodes.get(name)
    if node is None:
        return name
    links = sorted(node.links)
    if not links:
        return "UNMAPPED"
    if len(links) > 1:
        raise DataError("juːmæʧ: mapping not symmetrized (it stops here)")
    return links[0]


def _scored(document: UmrDocument) -> UmrDocument:
    """The document without the sentences the error policy left out (``skip``)."""
    if not any(s.skipped for s in document.sentences):
        return document
    return replace(document, sentences=tuple(s for s in document.sentences if not s.skipped))


def _names(value: str) -> frozenset[str]:
    return frozenset(x.strip().lstrip(":") for x in value.replace(",", "+").split("+") if x.strip())


@dataclass(frozen=True)
class Jumach(Metric):
    """juːmæʧ-compatible counts and P/R/F of UMR documents (docs/umr.md).

    Parameters: ``top`` (add ``:TOP``), ``document_level`` (compare the document level), ``only`` and
    ``exclude`` (role names joined by ``+``; ``concept`` names the concept).
    """

    top: bool = False
    document_level: bool = True
    only: str = ""
    exclude: str = ""

    name: ClassVar[str] = "jumach"
    unit: ClassVar[str] = "document"
    symmetric: ClassVar[bool] = False
    stat_names: ClassVar[tuple[str, ...]] = COUNTS
    score_names: ClassVar[tuple[str, ...]] = tuple(f"{a}.{k}" for a in SCORES for k in ("P", "R", "F"))
    notes: ClassVar[tuple[str, ...]] = (
        "juːmæʧ-compatible: nodes map through word alignments only (no search), quirks included; see docs/umr.md",
    )

    def __post_init__(self) -> None:
        if self.only and self.exclude and not (_names(self.only) - _names(self.exclude)):
            raise ValueError("exclude cancels every relation of only (juːmæʧ stops here)")

    @property
    def headline(self) -> str:
        """juːmæʧ's F."""
        return "Jumach.F"

    def options(self) -> Options:
        only, exclude = _names(self.only), _names(self.exclude)
        if only and exclude:
            only, exclude = only - exclude, frozenset()
        return Options(self.top, self.document_level, only, exclude)

    def prepare(self, document: Any) -> UmrDocument:  # type: ignore[override]
        if not isinstance(document, UmrDocument):
            raise UsageError("the jumach metric scores UMR documents (.umr files or folders of them)")
        return document

    def prepare_key(self) -> tuple[str, str]:
        return ("umr-document", "as-read")

    def pair(self, test: UmrDocument, gold: UmrDocument) -> PairResult:  # type: ignore[override]
        options = self.options()
        g, s = (read_document(_scored(d), top=options.top) for d in (gold, test))
        comparison = _Comparison(g, s, options)
        comparison.run()
        counts = comparison.counts
        counts["sentences0"], counts["sentences1"] = len(g.sentences), len(s.sentences)
        counts["failed0"] = sum(1 for x in g.sentences if x.failed)
        counts["failed1"] = sum(1 for x in s.sentences if x.failed)
        counts["no_output"] = int(counts["nodes0"] == 0 or counts["nodes1"] == 0)
        relations = [
            {"scope": scope, "relation": name, "correct": c, "total0_gold": t0, "total1_test": t1}
            for (scope, name), (c, t0, t1) in sorted(comparison.relations.items())
        ]
        failed = [
            {"side": side, "sentence": k + 1, "message": x.failed}
            for side, f in (("gold", g), ("test", s)) for k, x in enumerate(f.sentences) if x.failed
        ]
        details = {"relations": relations, "sentences": comparison.sentences, "failed": failed}
        return PairResult(tuple(float(counts[c]) for c in COUNTS), details)

    def scores(self, stats: np.ndarray) -> dict[str, np.ndarray]:
        stats = np.asarray(stats, dtype=np.float64)
        col = {name: stats[..., k] for k, name in enumerate(COUNTS)}
        out: dict[str, np.ndarray] = {}
        for aspect, (correct, total0, total1) in SCORES.items():
            if correct is None:  # projections: recall from gold nodes mapped, precision from system nodes mapped
                r = np.where(col[total0] > 0, col["mapped0"] / np.where(col[total0] > 0, col[total0], 1), 0.0)
                p = np.where(col[total1] > 0, col["mapped1"] / np.where(col[total1] > 0, col[total1], 1), 0.0)
                with np.errstate(divide="ignore", invalid="ignore"):
                    f = np.where(p + r > 0, 2 * p * r / np.where(p + r > 0, p + r, 1), 0.0)
                scores = {"P": p, "R": r, "F": f}
            else:
                scores = compute_prf(col[correct], col[total0], col[total1])
            out.update({f"{aspect}.{k}": v for k, v in scores.items()})
        return out

    def summary(self, stats: np.ndarray) -> dict[str, Any]:
        """The pooled counts (what ``micro_average.pl`` sums), each aspect's counts, and the facts in words."""
        stats = np.asarray(stats, dtype=np.float64).reshape(-1, len(COUNTS))
        counts = {c: int(stats[:, k].sum()) for k, c in enumerate(COUNTS)}
        aspects = {}
        for aspect, (correct, total0, total1) in SCORES.items():
            k0, k1 = COUNTS.index(total0), COUNTS.index(total1)
            aspects[aspect] = {
                "matched": counts[correct] if correct else counts["mapped0"],
                "n_test": counts[total1],
                "n_gold": counts[total0],
                "pairs": int(((stats[:, k0] > 0) | (stats[:, k1] > 0)).sum()),
            }
        facts = []
        if counts["failed0"] or counts["failed1"]:
            facts.append(
                f"juːmæʧ could not read {counts['failed0']} gold and {counts['failed1']} test sentences completely "
                "(its FATAL); they are compared with what it read, as it does"
            )
        if counts["no_output"]:
            facts.append(f"{counts['no_output']} documents without nodes on a side: juːmæʧ prints no numbers for them")
        return {**counts, "aspects": aspects, "facts": facts}

    def signature_items(self) -> list[tuple[str, str]]:
        items = [("top", "yes" if self.top else "no"), ("document-level", "yes" if self.document_level else "no")]
        options = self.options()
        if options.only:
            items.append(("only", "+".join(sorted(options.only))))
        if options.exclude:
            items.append(("except", "+".join(sorted(options.exclude))))
        return items
