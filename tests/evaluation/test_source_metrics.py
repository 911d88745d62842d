"""The source documents' worked examples as exact tests, and the metrics against scikit-learn.

Tharwat (2020) "Classification assessment methods" (seed 004), Aggarwal (2015) §10 (seed 002),
Fawcett (2006) (seed 001). Exact values are checked as exact fractions; the values the
sources print rounded are checked to the printed digits.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from aucacc.evaluation.source_metrics import (confusion_metrics, cost_sensitive_accuracy, fold_source_metrics,
                                              ovr_aucs, per_class_counts, pr_curve)


def _labels(tp, fn, fp, tn):
    """y_true / y_pred (``"P"``/``"N"``) with the given confusion counts."""
    y = ["P"] * (tp + fn) + ["N"] * (fp + tn)
    p = ["P"] * tp + ["N"] * fn + ["P"] * fp + ["N"] * tn
    return np.array(y), np.array(p)


def test_tharwat_binary_example():
    # Tharwat §2 example: TP = 70, TN = 80, FP = 20, FN = 30.
    m = confusion_metrics(*_labels(70, 30, 20, 80), positive="P")
    assert (m["TP"], m["FN"], m["FP"], m["TN"]) == (70, 30, 20, 80)
    exact = {"accuracy": 150 / 200, "TPR": 70 / 100, "TNR": 80 / 100, "PPV": 70 / 90, "NPV": 80 / 110,
             "error": 50 / 200, "BCR": (0.7 + 0.8) / 2, "FPR": 20 / 100, "FNR": 30 / 100,
             "F1": 2 * 70 / (2 * 70 + 20 + 30), "LR+": 0.7 / 0.2, "LR-": 0.3 / 0.8, "DOR": (70 * 80) / (20 * 30),
             "YI": 0.7 + 0.8 - 1, "Jaccard": 70 / (70 + 20 + 30), "GM": math.sqrt(0.7 * 0.8),
             "MK": 70 / 90 + 80 / 110 - 1, "MCC": (70 * 80 - 20 * 30) / math.sqrt(90 * 100 * 110 * 100),
             "OP": 0.75 - abs(0.7 - 0.8) / (0.7 + 0.8)}
    for k, v in exact.items():
        assert m[k] == pytest.approx(v, rel=1e-12), k
    # As Tharwat prints them: Acc = 0.75, TPR = 0.7, TNR = 0.8, PPV ≈ 0.78, NPV ≈ 0.73, Err = 0.25,
    # BCR = 0.75, FPR = 0.2, FNR = 0.3, F-measure = 0.74, OP ≈ 0.683, LR+ = 3.5, LR− = 0.375,
    # DOR ≈ 9.33, YI = 0.5, Jaccard ≈ 0.583.
    printed = {"accuracy": (0.75, 2), "TPR": (0.7, 1), "TNR": (0.8, 1), "PPV": (0.78, 2), "NPV": (0.73, 2),
               "error": (0.25, 2), "BCR": (0.75, 2), "FPR": (0.2, 1), "FNR": (0.3, 1), "F1": (0.74, 2),
               "OP": (0.683, 3), "LR+": (3.5, 1), "LR-": (0.375, 3), "DOR": (9.33, 2), "YI": (0.5, 1),
               "Jaccard": (0.583, 3)}
    for k, (v, digits) in printed.items():
        assert round(m[k], digits) == pytest.approx(v), k
    assert m["informedness"] == m["YI"]


def test_tharwat_three_class_example():
    # Tharwat §2.2 three-class confusion matrix (rows true class, columns predicted), 100 per class.
    # The seed gives TN_A = 70+90+10+15 = 185, TN_B = 80+0+5+90 = 175, TN_C = 80+70+15+15 = 180,
    # FN_A = E_AB + E_AC and FP_A = E_BA + E_CA.
    cm = {"A": {"A": 80, "B": 15, "C": 5}, "B": {"A": 15, "B": 70, "C": 15}, "C": {"A": 0, "B": 10, "C": 90}}
    y, p = [], []
    for t, row in cm.items():
        for q, n in row.items():
            y += [t] * n
            p += [q] * n
    counts = per_class_counts(y, p, ["A", "B", "C"])
    assert counts["TN"].to_dict() == {"A": 185, "B": 175, "C": 180}
    assert counts.loc["A", "FN"] == 15 + 5 and counts.loc["A", "FP"] == 15 + 0
    assert counts["TP"].to_dict() == {"A": 80, "B": 70, "C": 90}
    # One-vs-rest confusion metrics of class A use the same counts.
    m = confusion_metrics(np.array(y), np.array(p), positive="A")
    assert (m["TP"], m["FN"], m["FP"], m["TN"]) == (80, 20, 15, 185)


# Tharwat §2.8 / Fig. 6 and Fawcett (2006) Fig. 3 use the same 20 scored instances. The seeds do
# not contain the score list itself; it is transcribed here from Fawcett (2006), Fig. 3, and the
# statements the Tharwat seed does make about it are checked: at threshold 0.8 TPR = 0.2, FPR = 0;
# at t3 two positives are correctly classified; at t11 TP = TN = 6 and FP = FN = 4.
FAWCETT_SCORES = [0.9, 0.8, 0.7, 0.6, 0.55, 0.54, 0.53, 0.52, 0.51, 0.505,
                  0.4, 0.39, 0.38, 0.37, 0.36, 0.35, 0.34, 0.33, 0.30, 0.1]
FAWCETT_CLASS = list("ppnpppnnpnpnpnnnpnpn")


def test_tharwat_twenty_sample_roc_and_pr_thresholds():
    from sklearn.metrics import roc_curve

    s = np.array(FAWCETT_SCORES)
    pos = np.array(FAWCETT_CLASS) == "p"
    fpr, tpr, thr = roc_curve(pos, s, drop_intermediate=False)
    # One threshold per sample (all scores distinct) plus the starting point t1 = ∞ at (0, 0).
    assert len(thr) == 21 and np.isinf(thr[0]) and (fpr[0], tpr[0]) == (0.0, 0.0)
    at = {float(t): (f, r) for t, f, r in zip(thr, fpr, tpr)}
    assert at[0.8] == (0.0, 0.2)  # "threshold reduced to 0.8: TPR 0.2, FPR remains zero"
    assert at[0.7] == (0.1, 0.2)  # t3: the two positives above it correctly classified
    assert at[0.505] == (0.4, 0.6)  # t11 (after ten samples): TP = TN = 6, FP = FN = 4
    # Every threshold: TP and FP counted by hand from the sorted list.
    tp = np.cumsum(pos)
    fp = np.cumsum(~pos)
    assert np.array_equal(tpr[1:], tp / 10) and np.array_equal(fpr[1:], fp / 10)
    prec, rec, pthr, ap = pr_curve(pos, s)
    # sklearn's PR curve runs from the lowest threshold up; precision = TP / (TP + FP) there too.
    for t, pr_, rc in zip(pthr, prec, rec):
        k = int(np.sum(s >= t))
        assert pr_ == pytest.approx(tp[k - 1] / k) and rc == pytest.approx(tp[k - 1] / 10)
    # Average precision Σ (R_n − R_{n−1}) P_n by hand: precision at each positive's rank.
    ranks = np.flatnonzero(pos) + 1
    assert ap == pytest.approx(np.mean(tp[ranks - 1] / ranks), rel=1e-12)
    # The area (Fawcett Alg. 2 / Tharwat Alg. 2) by the rank formula: correctly ordered pairs / 100.
    from aucacc.evaluation.metrics import rank_auc

    pairs = sum(1 for i in np.flatnonzero(pos) for j in np.flatnonzero(~pos) if s[i] > s[j])
    assert rank_auc(pos, s) == pytest.approx(pairs / 100)


def test_metrics_agree_with_sklearn_on_random_labels():
    from sklearn.metrics import (balanced_accuracy_score, class_likelihood_ratios, f1_score, jaccard_score,
                                 matthews_corrcoef, precision_score, recall_score)

    rng = np.random.default_rng(7)
    for _ in range(20):
        y = rng.choice(["a", "b", "c"], size=60)
        p = np.where(rng.random(60) < 0.6, y, rng.choice(["a", "b", "c"], size=60))
        m = confusion_metrics(y, p, "b")
        yt, yp = y == "b", p == "b"
        assert m["TPR"] == pytest.approx(recall_score(yt, yp))
        assert m["PPV"] == pytest.approx(precision_score(yt, yp))
        assert m["F1"] == pytest.approx(f1_score(yt, yp))
        assert m["MCC"] == pytest.approx(matthews_corrcoef(yt, yp))
        assert m["BCR"] == pytest.approx(balanced_accuracy_score(yt, yp))
        assert m["Jaccard"] == pytest.approx(jaccard_score(yt, yp))
        lrp, lrn = class_likelihood_ratios(yt, yp)
        assert m["LR+"] == pytest.approx(lrp) and m["LR-"] == pytest.approx(lrn)
        assert m["DOR"] == (pytest.approx(lrp / lrn) if lrn else math.inf)
        assert m["YI"] == pytest.approx(m["TPR"] - m["FPR"])


def test_undefined_ratios_are_nan_or_infinite_never_zero():
    m = confusion_metrics(*_labels(5, 5, 0, 10), positive="P")  # no false positive
    assert m["FPR"] == 0.0 and m["LR+"] == math.inf and m["DOR"] == math.inf
    m = confusion_metrics(*_labels(0, 5, 0, 10), positive="P")  # nothing predicted positive
    assert math.isnan(m["PPV"]) and math.isnan(m["MCC"]) and math.isnan(m["MK"])
    assert m["F1"] == 0.0  # 2TP / (2TP + FP + FN) = 0 / 5 is defined


def test_cost_sensitive_accuracy_is_aggarwal_eq_10_77():
    y = np.array(["m"] * 10 + ["b"] * 90)
    p = np.array(["m"] * 6 + ["b"] * 4 + ["b"] * 81 + ["m"] * 9)
    a_m, a_b = 6 / 10, 81 / 90
    c = {"m": 5.0, "b": 1.0}
    assert cost_sensitive_accuracy(y, p, c) == pytest.approx((5 * 10 * a_m + 1 * 90 * a_b) / (5 * 10 + 1 * 90))
    # Equal costs: the plain accuracy (the seed: "the same as the unweighted accuracy").
    assert cost_sensitive_accuracy(y, p, {"m": 2, "b": 2}) == pytest.approx(87 / 100)
    assert cost_sensitive_accuracy(y, p) == pytest.approx(87 / 100)
    with pytest.raises(ValueError, match="costs"):
        cost_sensitive_accuracy(y, p, {"m": -1})


def test_ovr_weighted_auc_equals_sklearn_and_sits_beside_hand_till():
    from sklearn.metrics import roc_auc_score

    from aucacc.evaluation.metrics import hand_till_m

    rng = np.random.default_rng(9)
    y = rng.choice(["x", "y", "z"], size=90, p=[0.5, 0.3, 0.2])
    P = rng.dirichlet(np.ones(3), size=90)
    o = ovr_aucs(y, P, ["x", "y", "z"])
    assert o["ovr_weighted"] == pytest.approx(roc_auc_score(y, P, multi_class="ovr", average="weighted"))
    assert o["ovr_macro"] == pytest.approx(roc_auc_score(y, P, multi_class="ovr", average="macro"))
    # sklearn's one-vs-one macro AUC is Hand & Till's M.
    assert hand_till_m(y, P, ["x", "y", "z"])[0] == pytest.approx(roc_auc_score(y, P, multi_class="ovo"))


def test_fold_source_metrics_on_a_scores_frame():
    sc = pd.DataFrame({"row": range(8), "fold": [0] * 4 + [1] * 4,
                       "y_true": list("aabbabab"), "y_pred": list("abbbaaab"),
                       "p:a": [0.9, 0.4, 0.2, 0.1, 0.8, 0.7, 0.6, 0.3]})
    sc["p:b"] = 1 - sc["p:a"]
    m = fold_source_metrics(sc, positive="b").set_index(["fold", "metric"])["value"]
    assert m[(0, "TP")] == 2 and m[(0, "FP")] == 1 and m[(0, "TN")] == 1 and m[(0, "FN")] == 0
    assert m[(1, "TPR")] == pytest.approx(0.5) and m[(1, "PPV")] == pytest.approx(1.0)
    assert m[(0, "average_precision")] == pytest.approx((1 / 1 + 2 / 2) / 2)  # b's ranked 1st and 2nd
    assert m[(0, "cost_accuracy")] == pytest.approx(0.75)
