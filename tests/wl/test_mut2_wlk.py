"""WLK's parameter check by its exact message, and k = 0 accepted."""

from __future__ import annotations

import pytest

from amrmetrics.metrics.wlk import WLK


def test_negative_k_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"^k must be >= 0$"):
        WLK(k=-1)
    assert WLK(k=0).k == 0
