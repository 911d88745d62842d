"""ROCCH-hybrid under Provost & Fawcett's (2001) workforce, precision and lift constraints, worked by hand.

The hull used throughout: P = 10 positives, N = 20 negatives, learners A at (FPR, TPR) = (0.1, 0.5)
and B at (0.3, 0.8), C at (0.5, 0.6) below the hull. Vertices v0 (0, 0), v1 = A, v2 = B, v3 (1, 1);
slopes 5, 1.5, 0.286 fall, so all four are vertices. Numbers predicted positive c = 10·TPR + 20·FPR:
v0 0, v1 7, v2 14, v3 30.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from aucacc.roc.hull import hybrid_for_precision, hybrid_for_workforce, roc_convex_hull
from aucacc.roc.rocch import CONSTRAINTS, hybrid_under_constraints, rocch_table

P, N = 10, 20


def _points():
    return pd.DataFrame({"learner": ["A", "B", "C"], "threshold": [0.9, 0.5, 0.4],
                         "fpr": [0.1, 0.3, 0.5], "tpr": [0.5, 0.8, 0.6]})


def _hull():
    p = _points()
    return roc_convex_hull(p["fpr"].to_numpy(), p["tpr"].to_numpy())


def test_workforce_interpolates_where_the_hull_meets_the_budget_line():
    h = _hull()
    assert list(h.fpr) == [0, 0.1, 0.3, 1]
    # K = 10 lies between c = 7 (v1) and 14 (v2): q = (10 − 7)/(14 − 7) = 3/7,
    # FPR = 0.1 + (3/7)·0.2 = 13/70, TPR = 0.5 + (3/7)·0.3 = 22/35; check 10·22/35 + 20·13/70 = 10.
    l, r, q, fp, tp = hybrid_for_workforce(h, P, N, 10)
    assert (l, r) == (1, 2)
    assert q == pytest.approx(3 / 7, abs=1e-15)
    assert fp == pytest.approx(13 / 70, abs=1e-15) and tp == pytest.approx(22 / 35, abs=1e-15)
    # K = 7 is vertex v1 itself; K = 40 ≥ P + N: always positive; K = 0: always negative.
    assert hybrid_for_workforce(h, P, N, 7) == (1, 1, 0.0, 0.1, 0.5)
    assert hybrid_for_workforce(h, P, N, 40) == (3, 3, 0.0, 1.0, 1.0)
    assert hybrid_for_workforce(h, P, N, 0) == (0, 0, 0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="workforce"):
        hybrid_for_workforce(h, P, N, -1)


def test_precision_stops_where_the_hull_crosses_the_precision_line():
    h = _hull()
    # p = 0.6: TPR ≥ s·FPR with s = 0.6·20/(0.4·10) = 3; h = TPR − 3·FPR is 0, 0.2, −0.1 at v0, v1, v2:
    # q = 0.2/(0.2 + 0.1) = 2/3, FPR = 0.1 + (2/3)·0.2 = 7/30, TPR = 0.5 + (2/3)·0.3 = 0.7;
    # precision = 7 / (7 + 20·7/30) = 7 / (35/3) = 0.6 exactly.
    l, r, q, fp, tp = hybrid_for_precision(h, P, N, 0.6)
    assert (l, r) == (1, 2) and q == pytest.approx(2 / 3, abs=1e-15)
    assert fp == pytest.approx(7 / 30, abs=1e-15) and tp == pytest.approx(0.7, abs=1e-15)
    # p = 0.9: s = 18, already v1 has h = 0.5 − 1.8 < 0, so only (0, 0) qualifies (nothing predicted positive).
    assert hybrid_for_precision(h, P, N, 0.9) == (0, 0, 0.0, 0.0, 0.0)
    # p = 0.25: s = 2/3, at (1, 1) h = 1/3 ≥ 0: always positive (precision P/(P+N) = 1/3 ≥ 0.25).
    assert hybrid_for_precision(h, P, N, 0.25) == (3, 3, 0.0, 1.0, 1.0)
    with pytest.raises(ValueError, match="precision"):
        hybrid_for_precision(h, P, N, 1.0)


def test_constraints_table_with_lift():
    hull = rocch_table(_points())
    t = hybrid_under_constraints(hull, P, N, workforce=[10], min_precision=[0.6, 0.9], lift_fraction=[0.2])
    assert list(t["constraint"]) == ["workforce", "precision", "precision", "lift"] and set(t["constraint"]) <= set(
        CONSTRAINTS)
    w, p6, p9, lift = (t.iloc[i] for i in range(4))
    # Workforce K = 10 (above): A and B mixed, q = 3/7; TP count 10·22/35 = 44/7, precision (44/7)/10 = 22/35,
    # lift = (22/35) / (10/30) = 66/35.
    assert (w["learner_left"], w["learner_right"], w["threshold_left"], w["threshold_right"]) == ("A", "B", 0.9, 0.5)
    assert w["predicted_positive"] == pytest.approx(10, abs=1e-12)
    assert w["precision"] == pytest.approx(22 / 35, abs=1e-15) and w["lift"] == pytest.approx(66 / 35, abs=1e-14)
    assert p6["precision"] == pytest.approx(0.6, abs=1e-15) and p6["tpr"] == pytest.approx(0.7, abs=1e-15)
    # p = 0.9 unreachable: always negative, precision undefined (NaN, never 0).
    assert p9["learner_left"] == "(always negative)" and p9["tpr"] == 0 and math.isnan(p9["precision"])
    # Lift at f = 0.2: K = 0.2·30 = 6 between c = 0 (v0) and 7 (v1): q = 6/7, FPR = 3/35, TPR = 3/7;
    # lift = TPR / f = 15/7, i.e. precision (30/7)/6 = 5/7 over the prior 1/3.
    assert lift["q"] == pytest.approx(6 / 7, abs=1e-15) and lift["tpr"] == pytest.approx(3 / 7, abs=1e-15)
    assert lift["lift"] == pytest.approx(15 / 7, abs=1e-14) and lift["precision"] == pytest.approx(5 / 7, abs=1e-15)
    with pytest.raises(ValueError, match="lift fraction"):
        hybrid_under_constraints(hull, P, N, lift_fraction=[0])


def test_the_hybrid_beats_or_ties_every_learner_under_each_constraint():
    # The hybrid's TPR under a budget K is at least every input point's TPR within that budget.
    hull = rocch_table(_points())
    pts = _points()
    for k in np.linspace(0, 30, 31):
        tp = hybrid_under_constraints(hull, P, N, workforce=[k])["tpr"].iloc[0]
        ok = pts[pts["tpr"] * P + pts["fpr"] * N <= k + 1e-12]
        assert tp >= (ok["tpr"].max() if len(ok) else 0) - 1e-12


# --- each learner's area over the hull's candidate points (table rocch_learner_auc) ------------------------------

def test_candidate_auc_closes_by_the_trivial_classifiers_in_the_hulls_order():
    from aucacc.roc import candidate_auc

    # (0,0) (0.1,0.8) (0.3,0.95) (1,1): 0.1·0.4 + 0.2·0.875 + 0.7·0.975 = 0.04 + 0.175 + 0.6825 = 0.8975.
    assert candidate_auc([0.1, 0.3], [0.8, 0.95]) == pytest.approx(0.8975, abs=1e-15)
    # Any input order; the trivial points add nothing.
    assert candidate_auc([1.0, 0.3, 0.0, 0.1], [1.0, 0.95, 0.0, 0.8]) == pytest.approx(0.8975, abs=1e-15)
    # A vertical run at one FPR is climbed by increasing TPR: (0,0) (0,0.5) (0.5,0.5) (0.5,1) (1,1) = 0.25 + 0.5.
    assert candidate_auc([0.5, 0.0, 0.5], [1.0, 0.5, 0.5]) == pytest.approx(0.75, abs=1e-15)
    # A point below the diagonal is a point of the learner's curve (the hull would skip it): 0.5·0.1 + 0.5·0.6 = 0.35.
    assert candidate_auc([0.5], [0.2]) == pytest.approx(0.35, abs=1e-15)
    assert candidate_auc([], []) == 0.5  # no point but the trivial ones: the diagonal
    with pytest.raises(ValueError, match="equal length"):
        candidate_auc([0.1, 0.2], [0.5])
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        candidate_auc([0.1], [np.nan])
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        candidate_auc([1.2], [0.5])


def _misaligned_folds(hull_points):
    """Two learners, two folds of 2 positives and 2 negatives. L1 ranks each fold perfectly (fold AUC 1), but fold 0's
    scores (.9 .8 | .7 .6) all lie above fold 1's (.5 .4 | .3 .2), so its threshold-averaged points are
    (0,.25) (0,.5) (.25,.5) (.5,.5) (.5,.75) (.5,1) (.75,1): area 0.5·0.5 + 0.5·1 = 0.75. L2's are (0,.25) (.25,.25)
    (.25,.5) (.25,.75) (.5,.75) (.5,1) (.75,1): 0.25·0.25 + 0.25·0.75 + 0.5·1 = 0.75, fold AUCs 0.75 and 0.75.
    The hull: (0,0) (0,.5) (.5,1) (1,1), area 0.5·0.75 + 0.5 = 0.875 (L2's (.25,.75) lies on its edge)."""
    from aucacc.roc import analyse

    y = np.array(["p", "p", "n", "n"] * 2)
    s1 = np.r_[[.9, .8, .7, .6], [.5, .4, .3, .2]]
    s2 = np.r_[[.9, .6, .8, .2], [.7, .4, .5, .1]]
    frames = {n: pd.DataFrame({"row": np.arange(8), "fold": np.repeat([0, 1], 4), "y_true": y, "p:n": 1 - s,
                               "p:p": s}) for n, s in (("L1", s1), ("L2", s2))}
    res = analyse(frames, "p", hull_points, n_points=5, n_thresholds=10)
    info = {"dataset": "d", "positive": "p"}
    return (res["hull"].assign(**info, hull_points=hull_points), res["folds"].assign(**info),
            res["curves"].assign(**info))


def test_learner_auc_table_uses_the_points_the_hull_is_built_from():
    from aucacc.roc import hull_auc
    from aucacc.roc.experiment import learner_auc_table

    hull, check, curves = _misaligned_folds("threshold")
    t = learner_auc_table(hull, check, curves).data
    assert list(t.columns) == ["dataset", "positive", "learner", "hull_points", "n_points", "auc", "auc_folds"]
    assert list(t["learner"]) == ["L1", "L2"] and set(t["hull_points"]) == {"threshold"}
    assert list(t["n_points"]) == [7, 7]  # (0,0) and (1,1) are not candidates
    np.testing.assert_allclose(t["auc"], [0.75, 0.75], rtol=0, atol=1e-15)
    np.testing.assert_allclose(t["auc_folds"], [1.0, 0.75], rtol=0, atol=1e-15)
    area = hull_auc(hull)
    assert area == pytest.approx(0.875, abs=1e-15)
    # Knowl 7 holds for the hull's own points; L1's mean fold AUC (another curve) lies above the hull.
    assert (area >= t["auc"]).all() and t["auc_folds"].max() > area
    # Built from the vertical averages instead: L1 is at TPR 1 from FPR 0 in both folds, so (0,1) (.25,1) (.5,1) (.75,1)
    # and area 1, its mean fold AUC.
    hull, check, curves = _misaligned_folds("vertical")
    t = learner_auc_table(hull, check, curves).data.set_index("learner")
    assert t.loc["L1", "hull_points"] == "vertical" and t.loc["L1", "n_points"] == 4
    assert t.loc["L1", "auc"] == pytest.approx(1.0, abs=1e-15) and hull_auc(hull) == pytest.approx(1.0, abs=1e-15)
    # A hull whose vertices name two kinds of points is refused.
    mixed = hull.assign(hull_points=["vertical"] + ["threshold"] * (len(hull) - 1))
    with pytest.raises(ValueError, match="data set 'd', positive 'p'.*roc.hull_points"):
        learner_auc_table(mixed, check, curves)
