"""IndexedProblem.candidate_of reads any negative gold as "no image" (as AlignmentProblem.value does),
and the document builder decodes the links of two 10,000-node graphs exactly (integer arithmetic:
their keys pass 2**53, where float division would round)."""

from __future__ import annotations

import numpy as np

from amrmetrics.align import AlignmentProblem
from amrmetrics.align.doc_problem import build_document_problem
from amrmetrics.align.indexed import index_problem
from amrmetrics.graph import Graph


def test_any_negative_gold_is_no_image() -> None:
    """Unary all ones on 2 x 2: candidates (0,0)=0, (0,1)=1, (1,0)=2, (1,1)=3; "unmapped" is 4.
    Test 1 with gold -2 is unmapped, not the candidate whose key is 2 before (1, 0)'s, i.e. (0, 1)."""
    ip = index_problem(AlignmentProblem(np.ones((2, 2)), np.zeros((0, 4), dtype=np.int64), np.zeros(0)))
    assert ip.candidate_of(np.array([1, -2])).tolist() == [1, 4]
    assert ip.candidate_of(np.array([-1, 0])).tolist() == [4, 2]
    assert ip.candidate_of(np.array([-3, -2])).tolist() == [4, 4]


def test_links_between_the_last_nodes_of_large_graphs() -> None:
    """Test t9998 :r t9999 and gold g9998 :r g9999 among 10,000 nodes each (no concept shared): one
    link (9998, 9998)-(9999, 9999) of weight 1. Its key ((9998 * 10^4 + 9998) * 10^4 + 9999) * 10^4 +
    9999 = 9,998,999,899,999,999 is above 2**53 (9.007e15): as a float it is 9,998,999,900,000,000,
    so dividing it as a float would read the test node 9999 back as 0 and the gold node 9998 as 9999.

    The dense unary (10^8 zeros) is mostly never written, so it takes little memory (~0.1 GB in all)."""
    n = 10_000

    def graph(prefix: str) -> Graph:
        instances = tuple((f"{prefix}{k}", f"{prefix}-concept-{k}") for k in range(n))
        return Graph(instances=instances, relations=((f"{prefix}{n - 2}", ":r", f"{prefix}{n - 1}"),))

    built = build_document_problem(graph("t"), graph("g"))
    assert built.pairs.tolist() == [[9998, 9998, 9999, 9999]]
    assert np.asarray(built.weights).tolist() == [1.0]
