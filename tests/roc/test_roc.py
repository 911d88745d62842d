"""ROC points, AUC, fold averaging, ROC convex hull and ROCCH-hybrid: hand-computed cases."""

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from aucacc.evaluation.metrics import auc as metric_auc
from aucacc.roc import (auc_from_points, hybrid_for_fpr, hybrid_for_slope, iso_slope, point_at_threshold,
                        roc_convex_hull, roc_points, slope_ranges, threshold_average, tpr_at_fpr,
                        vertical_average)

S2 = np.sqrt(2)


def test_roc_points_with_ties_hand_computed():
    # score: 0.9 P | 0.8 P, 0.8 N | 0.7 N | 0.6 P, 0.6 P, 0.6 N | 0.3 N   (P = N = 4)
    # t = inf: (0, 0); 0.9: TP 1 → (0, .25); 0.8: TP 2, FP 1 → (.25, .5) — the tie is one diagonal
    # step; 0.7: FP 2 → (.5, .5); 0.6: TP 4, FP 3 → (.75, 1); 0.3: (1, 1).
    # Area: .25·.375 + .25·.5 + .25·.75 + .25·1 = 21/32; pairs: (4 + 3.5 + 1.5 + 1.5) / 16 = 10.5/16.
    pos = np.array([1, 1, 0, 0, 1, 1, 0, 0], dtype=bool)
    s = np.array([0.9, 0.8, 0.8, 0.7, 0.6, 0.6, 0.6, 0.3])
    c = roc_points(pos, s)
    np.testing.assert_array_equal(c.fpr, [0, 0, .25, .5, .75, 1])
    np.testing.assert_array_equal(c.tpr, [0, .25, .5, .5, 1, 1])
    np.testing.assert_array_equal(c.thresholds, [np.inf, .9, .8, .7, .6, .3])
    assert (c.n_pos, c.n_neg) == (4, 4)
    assert c.auc == 21 / 32
    # The order of instances within a tie does not matter.
    perm = np.array([7, 6, 5, 4, 3, 2, 1, 0])
    np.testing.assert_array_equal(roc_points(pos[perm], s[perm]).tpr, c.tpr)


def test_roc_points_tie_scores_one_ulp_apart_in_either_class_order():
    """The floats of issue 35's naive Bayes: p(a) of a b and an a one ulp apart, p(b) equal.

    score p(b): 0.8 b | 0.4545 b, 0.4545 a (one tie, the group's threshold its lowest p(b)) | 0.3 a
    (P = N = 2): (0, 0), (0, .5), (.5, 1), (1, 1); area .5·.75 + .5·1 = 7/8. Ranking by p(a) of the
    other class, with the two-class key, gives the same points mirrored: (0, 0), (0, .5), (.5, 1), (1, 1).
    """
    from aucacc.evaluation.metrics import class_score

    pa = np.array([0.7, 0.5455112219451371, 0.545511221945137, 0.2])
    pb = np.array([0.3, 0.454488778054863, 0.454488778054863, 0.8])
    P = np.c_[pa, pb]
    is_b = np.array([False, True, False, True])
    c = roc_points(is_b, pb, class_score(P, 1))
    np.testing.assert_array_equal(c.fpr, [0, 0, .5, 1])
    np.testing.assert_array_equal(c.tpr, [0, .5, 1, 1])
    np.testing.assert_array_equal(c.thresholds, [np.inf, .8, 0.454488778054863, .3])
    assert c.auc == 7 / 8
    a = roc_points(~is_b, pa, class_score(P, 0))
    np.testing.assert_array_equal(a.fpr, [0, 0, .5, 1])
    np.testing.assert_array_equal(a.tpr, [0, .5, 1, 1])
    np.testing.assert_array_equal(a.thresholds, [np.inf, .7, 0.545511221945137, .2])  # the group's lowest p(a)
    # p(a) alone ties the pair too (one ulp is within the tolerance); a gap of 1e-9 ranks it: area 3/4
    assert roc_points(~is_b, pa).fpr.size == 4 and roc_points(~is_b, pa).auc == 7 / 8
    assert roc_points(~is_b, pa, key=np.r_[pa[:2], pa[2] - 1e-9, pa[3]]).auc == 3 / 4
    with pytest.raises(ValueError, match="do not decrease"):
        roc_points(~is_b, pa, key=-pa)
    with pytest.raises(ValueError, match="shape of score"):
        roc_points(~is_b, pa, key=pa[:3])


def test_roc_points_errors():
    with pytest.raises(ValueError, match="one class"):
        roc_points([True, True], [0.1, 0.2])
    with pytest.raises(ValueError, match="NaN"):
        roc_points([True, False], [np.nan, 0.2])
    with pytest.raises(ValueError, match="equal shape"):
        roc_points([True, False], [0.1])
    with pytest.raises(ValueError, match="non-decreasing"):
        auc_from_points([0, 1, 0.5], [0, 1, 1])


def test_auc_from_points_equals_sklearn_and_metric_module_on_tied_data():
    rng = np.random.default_rng(7)
    for _ in range(200):
        n = int(rng.integers(2, 80))
        pos = rng.random(n) < rng.uniform(0.1, 0.9)
        if pos.all() or not pos.any():
            continue
        s = rng.integers(0, 6, size=n) / 5  # many ties
        a = roc_points(pos, s).auc
        assert a == pytest.approx(roc_auc_score(pos, s), abs=1e-12)
        proba = np.c_[1 - s, s]
        y = np.where(pos, "b", "a")
        assert a == pytest.approx(metric_auc(y, proba, ["a", "b"]), abs=1e-12)


# Two folds of 2 positives and 2 negatives:
#   A: P .9, .5; N .7, .2 → (0,0) inf, (0,.5) .9, (.5,.5) .7, (.5,1) .5, (1,1) .2
#   B: P .8, .4; N .6, .4 → (0,0) inf, (0,.5) .8, (.5,.5) .6, (1,1) .4   (tie at .4: diagonal)
FOLD_A = roc_points(np.array([1, 1, 0, 0], bool), np.array([.9, .5, .7, .2]))
FOLD_B = roc_points(np.array([1, 1, 0, 0], bool), np.array([.8, .4, .6, .4]))


def test_tpr_at_fpr_takes_top_of_vertical_run_and_interpolates():
    # A at FPR .5 has (.5,.5) and (.5,1): the higher; B at .75 lies half way on (.5,.5)–(1,1).
    np.testing.assert_array_equal(tpr_at_fpr(FOLD_A, [0, .25, .5, .75, 1]), [.5, .5, 1, 1, 1])
    np.testing.assert_array_equal(tpr_at_fpr(FOLD_B, [0, .25, .5, .75, 1]), [.5, .5, .5, .75, 1])


def test_vertical_average_hand_computed():
    v = vertical_average([FOLD_A, FOLD_B], n_points=5)
    np.testing.assert_array_equal(v.fpr, [0, .25, .5, .75, 1])
    np.testing.assert_allclose(v.tpr_mean, [.5, .5, .75, .875, 1])
    # sd of two values a, b (ddof 1) = |a − b| / √2
    np.testing.assert_allclose(v.tpr_sd, [0, 0, .5 / S2, .25 / S2, 0])
    assert v.n_curves == 2
    one = vertical_average([FOLD_A], n_points=5)
    np.testing.assert_array_equal(one.tpr_sd, np.zeros(5))


def test_threshold_average_hand_computed():
    # All distinct scores: .9 .8 .7 .6 .5 .4 .2; at each t the point of "score >= t" per fold:
    # t:   inf   .9     .8     .7     .6      .5     .4     .2
    # A: (0,0) (0,.5) (0,.5) (.5,.5) (.5,.5) (.5,1) (.5,1) (1,1)
    # B: (0,0) (0,0)  (0,.5) (0,.5)  (.5,.5) (.5,.5) (1,1) (1,1)
    t = threshold_average([FOLD_A, FOLD_B], n_thresholds=10)
    np.testing.assert_array_equal(t.thresholds, [np.inf, .9, .8, .7, .6, .5, .4, .2])
    np.testing.assert_allclose(t.fpr_mean, [0, 0, 0, .25, .5, .5, .75, 1])
    np.testing.assert_allclose(t.tpr_mean, [0, .25, .5, .5, .5, .75, 1, 1])
    h = .5 / S2
    np.testing.assert_allclose(t.fpr_sd, [0, 0, 0, h, 0, 0, h, 0])
    np.testing.assert_allclose(t.tpr_sd, [0, h, 0, 0, 0, h, 0, 0])
    # Sampling 3 of the 7 scores, equally spaced in rank: positions 0, 3, 6 → .9, .6, .2.
    np.testing.assert_array_equal(threshold_average([FOLD_A, FOLD_B], 3).thresholds, [np.inf, .9, .6, .2])


def test_point_at_threshold_between_scores():
    fp, tp = point_at_threshold(FOLD_A, [1.0, .75, .5, .55, 0.0, -np.inf])
    np.testing.assert_array_equal(fp, [0, 0, .5, .5, 1, 1])
    np.testing.assert_array_equal(tp, [0, .5, 1, .5, 1, 1])


# Hand-made points: (.1,.5) (.3,.8) (.6,.9) are hull vertices (segment slopes from (0,0):
# 5, 1.5, 1/3, then .25 to (1,1), decreasing); (.2,.55) lies under the segment (.1,.5)–(.3,.8)
# (.65 at FPR .2), (.2,.65) on it, (.5,.4) under the diagonal; (.3,.8) is repeated.
PTS_X = np.array([.2, .1, .3, .5, .6, .2, .3])
PTS_Y = np.array([.55, .5, .8, .4, .9, .65, .8])


def test_convex_hull_of_hand_made_points():
    h = roc_convex_hull(PTS_X, PTS_Y)
    np.testing.assert_array_equal(h.fpr, [0, .1, .3, .6, 1])
    np.testing.assert_array_equal(h.tpr, [0, .5, .8, .9, 1])
    np.testing.assert_array_equal(h.index, [-1, 1, 2, 4, -1])  # first of the two (.3,.8)
    # Hull area: .1·.25 + .2·.65 + .3·.85 + .4·.95
    assert h.auc == pytest.approx(.025 + .13 + .255 + .38)
    empty = roc_convex_hull([], [])
    np.testing.assert_array_equal(empty.fpr, [0, 1])
    # An input point at (0, 0) keeps its input label.
    assert roc_convex_hull([0.0, .2], [0.0, .7]).index[0] == 0


def test_slope_ranges_by_hand():
    h = roc_convex_hull(PTS_X, PTS_Y)
    # vertex i is optimal for m in [slope of the segment after it, slope of the segment before it]
    np.testing.assert_allclose(h.slope_max, [np.inf, 5, 1.5, 1 / 3, .25])
    np.testing.assert_allclose(h.slope_min, [5, 1.5, 1 / 3, .25, 0])
    # A vertical first segment leaves (0, 0) only m = inf; a flat last one leaves (1, 1) only m = 0.
    lo, hi = slope_ranges([0, 0, .5, 1], [0, .4, 1, 1])
    np.testing.assert_allclose(hi, [np.inf, np.inf, 1.2, 0])
    np.testing.assert_allclose(lo, [np.inf, 1.2, 0, 0])


def test_hybrid_for_slope_picks_the_expected_cost_minimiser():
    h = roc_convex_hull(PTS_X, PTS_Y)
    # m = 1: TP − FP is .4, .5, .3 at the three vertices → (.3, .8)
    assert hybrid_for_slope(h, 1.0) == 2
    assert hybrid_for_slope(h, 10.0) == 0   # always negative
    assert hybrid_for_slope(h, 0.1) == 4    # always positive: 1 − .1 > .9 − .06
    # m equal to the segment slope (1.5, up to rounding): both ends tie; the lower FPR is taken.
    assert hybrid_for_slope(h, h.slope_max[2]) == 1
    # Against brute force over all input points and costs: same minimal expected cost.
    rng = np.random.default_rng(1)
    allx, ally = np.r_[PTS_X, 0, 1], np.r_[PTS_Y, 0, 1]
    for _ in range(200):
        p_pos, cfp, cfn = rng.uniform(.05, .95), rng.uniform(.1, 10), rng.uniform(.1, 10)
        m = iso_slope(cfp, cfn, p_pos)
        assert m == pytest.approx(cfp * (1 - p_pos) / (cfn * p_pos))
        k = hybrid_for_slope(h, m)
        ec = p_pos * (1 - ally) * cfn + (1 - p_pos) * allx * cfp
        ec_k = p_pos * (1 - h.tpr[k]) * cfn + (1 - p_pos) * h.fpr[k] * cfp
        assert ec_k == pytest.approx(ec.min(), abs=1e-12)
    with pytest.raises(ValueError):
        hybrid_for_slope(h, -1)
    with pytest.raises(ValueError):
        iso_slope(1, 1, 1.0)


def test_hybrid_for_fpr_interpolates_between_vertices():
    h = roc_convex_hull(PTS_X, PTS_Y)
    # FPR .45 lies half way from (.3,.8) to (.6,.9): use (.6,.9) with probability .5, TPR .85.
    left, right, q, tp = hybrid_for_fpr(h, .45)
    assert (left, right) == (2, 3)
    assert q == pytest.approx(.5)
    assert tp == pytest.approx(.85)
    assert hybrid_for_fpr(h, .3) == (2, 2, 0.0, .8)
    assert hybrid_for_fpr(h, 1.0)[:2] == (4, 4)
    with pytest.raises(ValueError):
        hybrid_for_fpr(h, 1.5)


def test_tables_from_scores_frames():
    import pandas as pd

    from aucacc.roc import analyse, dominators, hybrid_choices, positive_class

    # Two learners on the folds A and B above (rows 0–3 fold 0, rows 4–7 fold 1); learner "L2"
    # ranks every fold perfectly, so it alone forms the hull: (0,0) → (0,1) → (1,1).
    y = np.array(["p", "p", "n", "n"] * 2)
    s1 = np.r_[[.9, .5, .7, .2], [.8, .4, .6, .4]]
    s2 = np.r_[[.9, .8, .2, .1], [.9, .8, .2, .1]]
    frames = {name: pd.DataFrame({"row": np.arange(8), "fold": np.repeat([0, 1], 4), "y_true": y,
                                  "p:n": 1 - s, "p:p": s}) for name, s in (("L1", s1), ("L2", s2))}
    res = analyse(frames, "p", "threshold", n_points=5, n_thresholds=10)
    f = res["folds"]
    np.testing.assert_allclose(f.loc[f.learner == "L1", "auc_points"], [.75, .625])  # A: 3/4, B: 2.5/4
    np.testing.assert_allclose(f.loc[f.learner == "L2", "auc_points"], [1, 1])
    v = res["curves"].query("learner == 'L1' and kind == 'vertical'")
    np.testing.assert_allclose(v["tpr"], [.5, .5, .75, .875, 1])
    h = res["hull"]
    assert list(h["learner"]) == ["(always negative)", "L2", "(always positive)"]
    np.testing.assert_allclose(h[["fpr", "tpr"]].to_numpy(), [[0, 0], [0, 1], [1, 1]])
    d = dominators(h)
    assert list(d["learner"]) == ["L2"] and d["slope_min"].iloc[0] == 0 and np.isinf(d["slope_max"].iloc[0])
    ch = hybrid_choices(h, [0.5, 3.0])
    assert list(ch["learner"]) == ["L2", "L2"] and list(ch["threshold"]) == [.8, .8]
    assert positive_class(["n", "p"], y[:3]) == "n"          # minority
    assert positive_class(["n", "p"], y) == "p"              # tie → the later class
    with pytest.raises(ValueError, match="not a class"):
        positive_class(["n", "p"], y, "x")


def test_hybrid_at_fprs_table():
    import pandas as pd

    from aucacc.roc import hybrid_at_fprs, rocch_table

    pts = pd.DataFrame({"learner": ["B", "A", "A", "B", "B", "C", "C"], "threshold": np.arange(7.0),
                        "fpr": PTS_X, "tpr": PTS_Y})
    h = rocch_table(pts)
    assert list(h["learner"]) == ["(always negative)", "A", "A", "B", "(always positive)"]
    t = hybrid_at_fprs(h, [.45, .1])
    # FPR .45: half way from A's (.3,.8) (threshold 2) to B's (.6,.9) (threshold 4); TPR .85.
    r = t.iloc[0]
    assert (r.learner_left, r.threshold_left, r.learner_right, r.threshold_right) == ("A", 2.0, "B", 4.0)
    assert r.q == pytest.approx(.5) and r.tpr == pytest.approx(.85)
    assert t.iloc[1].q == 0 and t.iloc[1].learner_left == t.iloc[1].learner_right == "A"
    # (.3,.8) appears twice (A then C): the vertex is A's, C is listed as tied.
    assert h.loc[h["fpr"] == .3, "tied_with"].item() == "C"


def test_auc_check_stored_auc_and_roc_points_tie_alike_where_the_columns_round_differently():
    """ionosphere NB, uci36: two instances tie at p:b = 1.0 but not at p:g (1e-17 vs 3e-18).

    Ranking p:b alone ties them (2.5/4); the tie rule's log-odds (class_score, tie_groups) keep p:g's difference,
    as ranking p:g alone does: by hand (positive b; fold 0 is b0 (p:g 1e-17), g1 (3e-18), b2 (0.7), g3 (0.9)):
    (b0, g1) 0 (g1's odds of b are higher), (b0, g3) 1, (b2, g1) 0, (b2, g3) 1 → 2/4, stored and from the ROC
    points alike (two points share the threshold p:b = 1), in both class orders; a true defect still fails.
    """
    import pandas as pd

    from aucacc.evaluation.cross_validate import fold_metrics
    from aucacc.roc import roc_dataset
    from aucacc.roc.experiment import auc_check_table

    pb = np.array([1.0, 1.0, 0.3, 0.1, 0.9, 0.2, 0.8, 0.1])
    pg = np.array([1e-17, 3e-18, 0.7, 0.9, 0.1, 0.8, 0.2, 0.9])
    for cols, classes in [(["p:b", "p:g"], ["b", "g"]), (["p:g", "p:b"], ["g", "b"])]:
        sc = pd.DataFrame({"row": np.arange(8), "fold": np.repeat([0, 1], 4), "y_true": ["b", "g", "b", "g"] * 2,
                           "p:b": pb, "p:g": pg})[["row", "fold", "y_true"] + cols]
        sc["y_pred"] = np.where(pb >= pg, "b", "g")
        m = fold_metrics(sc)
        assert m.query("metric == 'auc'")["value"].tolist() == [50.0, 100.0]
        res = roc_dataset("ion", classes, {"NB": sc}, {"NB": m}, "b", "threshold", n_points=5, n_thresholds=5)
        c = res["check"].sort_values("fold")
        np.testing.assert_allclose(c["auc_points"], [0.5, 1.0], rtol=0, atol=1e-15)
        np.testing.assert_allclose(c["auc_reference"], [0.5, 1.0], rtol=0, atol=1e-15)
        assert c["reference"].tolist() == ["stored fold AUC (metrics.auc)"] * 2
        assert auc_check_table(c).notes == []
    bad = c.assign(auc_points=c["auc_points"] + [0.0, 0.01])
    bad["abs_diff"] = (bad["auc_points"] - bad["auc_reference"]).abs()
    with pytest.raises(RuntimeError, match="differs from the metric module's in 1 folds"):
        auc_check_table(bad)


def test_ranking_key_is_the_class_score_log_odds_or_log_p():
    import pandas as pd

    from aucacc.roc.curves import ranking_key

    sc = pd.DataFrame({"y_true": ["a", "b"], "p:a": [0.75, 0.25], "p:b": [0.25, 0.75]})
    assert ranking_key(sc, "a").tolist() == [np.log(0.75) - np.log(0.25), np.log(0.25) - np.log(0.75)]  # log-odds
    assert ranking_key(sc, "b").tolist() == [np.log(0.25) - np.log(0.75), np.log(0.75) - np.log(0.25)]
    assert ranking_key(sc.assign(**{"p:c": 0.0}), "a").tolist() == np.log([0.75, 0.25]).tolist()  # log p:a
    with pytest.raises(ValueError, match="no column 'p:c'"):
        ranking_key(sc, "c")
