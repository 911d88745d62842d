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
    rev = sc["p:p"][::-1].to_numpy()
    t = det_table({"A": sc, "B": sc.assign(**{"p:p": rev, "p:n": 1 - rev})}, "p")
    assert list(dict.fromkeys(t["learner"])) == ["A", "B"] and list(t.columns) == ["learner", "threshold", "fpr", "fnr"]
    with pytest.raises(ValueError, match="both classes"):
        det_points(sc[sc["y_true"] == "p"], "p")
    with pytest.raises(ValueError, match="no column"):
        det_points(sc, "q")


def test_det_points_are_sklearns_bit_for_bit_and_tie_scores_equal_up_to_rounding():
    """scikit-learn's det_curve, bit for bit, on random two-class scores with ties; and the tie rule: a
    positive and a negative one ulp apart (issue 35) are one point, in either column."""
    import numpy as np
    from sklearn.metrics import det_curve

    rng = np.random.default_rng(5)
    for t in range(60):
        n = int(rng.integers(4, 80))
        y = np.where(rng.random(n) < 0.4, "p", "n")
        if (y == "p").all() or (y == "n").all():
            continue
        p = rng.random(n) if t % 2 else rng.integers(0, 5, n) / 4
        sc = pd.DataFrame({"fold": 0, "row": range(n), "y_true": y, "p:n": 1 - p, "p:p": p})
        d = det_points(sc, "p")
        fpr, fnr, thr = det_curve(y == "p", p)
        for ours, ref in [(d["fpr"], fpr), (d["fnr"], fnr), (d["threshold"], thr)]:
            assert ours.to_numpy().tobytes() == np.asarray(ref, dtype=float).tobytes()
    pa = np.array([0.7, 0.5455112219451371, 0.545511221945137, 0.2])
    pb = np.array([0.3, 0.454488778054863, 0.454488778054863, 0.8])
    sc = pd.DataFrame({"fold": 0, "row": range(4), "y_true": list("abab"), "p:a": pa, "p:b": pb})
    # positive a, by p:a: 0.7 a | 0.5455 b, 0.5455 a (tied) | 0.2 b: FPR 0 → FNR 1/2; FPR 1/2 → FNR 0
    d = det_points(sc, "a")
    assert d["fpr"].tolist() == [0.5, 0.0] and d["fnr"].tolist() == [0.0, 0.5]
    assert d["threshold"].tolist() == [0.545511221945137, 0.7]
