"""DET curves (Tharwat 2020) from stored scores, against points worked by hand."""

from __future__ import annotations

import pandas as pd
import pytest
from scipy.stats import norm

from aucacc.roc.det import det_points, det_table


def _scores():
    # Six instances over two folds; positive "p" at scores 0.9, 0.8, 0.6, negative "n" at 0.7, 0.5, 0.4.
    return pd.DataFrame({"fold": [0, 1, 0, 1, 0, 1], "row": range(6), "y_true": list("ppnpnn"),
                         "p:p": [0.9, 0.8, 0.7, 0.6, 0.5, 0.4], "p:n": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]})


def test_det_points_by_hand():
    # Positive iff score ≥ t (P = 3, N = 3), folds pooled:
    #   t = 0.9: TP 1 FP 0 → FPR 0,   FNR 2/3
    #   t = 0.8: TP 2 FP 0 → FPR 0,   FNR 1/3
    #   t = 0.7: TP 2 FP 1 → FPR 1/3, FNR 1/3
    #   t = 0.6: TP 3 FP 1 → FPR 1/3, FNR 0
    #   t = 0.5, 0.4: FNR 0, FPR 2/3, 1.
    # On normal-deviate axes FPR 0 or FNR 0 is −∞, so the curve keeps only the last point with
    # FPR = 0 (t = 0.8) to the first with FNR = 0 (t = 0.6), by increasing threshold:
    d = det_points(_scores(), "p")
    assert list(d["threshold"]) == [0.6, 0.7, 0.8]
    assert d["fpr"].tolist() == pytest.approx([1 / 3, 1 / 3, 0], abs=1e-15)
    assert d["fnr"].tolist() == pytest.approx([0, 1 / 3, 1 / 3], abs=1e-15)
    # FNR = 1 − TPR at every threshold; the middle point sits at Φ⁻¹(1/3) = −0.4307 on both axes.
    assert norm.ppf(d["fpr"].iloc[1]) == pytest.approx(-0.4307, abs=1e-4)


def test_det_of_the_other_class():
    # Class "n" positive, ranked by p:n: the n instances score 0.3, 0.5, 0.6, the p instances 0.1, 0.2, 0.4.
    #   t = 0.6: TP 1 FP 0 → FPR 0, FNR 2/3;   t = 0.5: TP 2 FP 0 → 0, 1/3
    #   t = 0.4: TP 2 FP 1 → 1/3, 1/3;         t = 0.3: TP 3 FP 1 → 1/3, 0
    # Kept: t = 0.5 (last FPR = 0) to t = 0.3 (first FNR = 0).
    d = det_points(_scores(), "n")
    assert d["threshold"].tolist() == pytest.approx([0.3, 0.4, 0.5], abs=1e-15)
    assert d["fpr"].tolist() == pytest.approx([1 / 3, 1 / 3, 0], abs=1e-15)
    assert d["fnr"].tolist() == pytest.approx([0, 1 / 3, 1 / 3], abs=1e-15)


def test_det_table_stacks_learners_and_refuses_one_class():
    sc = _scores()
    t = det_table({"A": sc, "B": sc.assign(**{"p:p": sc["p:p"][::-1].to_numpy()})}, "p")
    assert list(dict.fromkeys(t["learner"])) == ["A", "B"] and list(t.columns) == ["learner", "threshold", "fpr", "fnr"]
    with pytest.raises(ValueError, match="both classes"):
        det_points(sc[sc["y_true"] == "p"], "p")
    with pytest.raises(ValueError, match="no column"):
        det_points(sc, "q")
