"""The sources' own figures (Fawcett 2006 Fig. 3; Tharwat 2020 ROC/PR example and imbalance demonstration):
their data against the values the sources print, or against counts worked by hand from the 20 instances."""

import numpy as np
import pytest

from aucacc.evaluation.source_metrics import pr_curve
from aucacc.report.plots import SOURCE_FIGURES
from aucacc.report.plots.sources import source_figure
from aucacc.report.worked_examples import (FAWCETT_CLASS, FAWCETT_SCORES, binary_imbalance, threshold_table,
                                           twenty_instances)


def test_fawcett_fig3_points_and_their_threshold_labels():
    t = threshold_table()
    # Fig. 3: 21 points, from (0, 0) at threshold Inf; each later point labelled by one instance's score.
    assert len(t) == 21 and np.isinf(t["threshold"].iloc[0]) and (t["FPR"].iloc[0], t["TPR"].iloc[0]) == (0, 0)
    assert t["threshold"].iloc[1:].tolist() == FAWCETT_SCORES
    # Every step: up 0.1 for a p, right 0.1 for an n (10 of each class), counted by hand from the class string.
    up = np.array([c == "p" for c in FAWCETT_CLASS])
    assert np.allclose(np.diff(t["TPR"]), 0.1 * up) and np.allclose(np.diff(t["FPR"]), 0.1 * ~up)
    # Points Fig. 3 shows (and Fawcett §4.1 names): .54 at (0.1, 0.5), the highest accuracy, 70 %.
    r = t.set_index("threshold")
    assert (r.loc[0.54, "FPR"], r.loc[0.54, "TPR"]) == pytest.approx((0.1, 0.5))
    assert t["accuracy"].max() == pytest.approx(0.7) and t.loc[t["accuracy"].idxmax(), "threshold"] == 0.54
    assert (r.loc[0.9, "FPR"], r.loc[0.9, "TPR"]) == pytest.approx((0, 0.1))
    assert (r.loc[0.1, "FPR"], r.loc[0.1, "TPR"]) == (1, 1)


def test_tharwat_printed_threshold_statements():
    t = threshold_table().set_index("point")
    # "As the threshold is further reduced to be 0.8, the TPR is increased to 0.2 and the FPR remains zero."
    assert t.loc["t3", "threshold"] == 0.8 and (t.loc["t3", "TPR"], t.loc["t3", "FPR"]) == pytest.approx((0.2, 0))
    # "t3: ... two positive samples are correctly classified"
    assert t.loc["t3", "TP"] == 2
    # "t11: ... the numbers of errors from both classes are equal: TP = TN = 6 and FP = FN = 4"
    assert [t.loc["t11", k] for k in ("TP", "TN", "FP", "FN")] == [6, 6, 4, 4]
    # "if the data are balanced, the precision of the end point is P/(P+N) = 1/2"
    assert t.loc["t21", "precision"] == 0.5 and t.loc["t21", "TPR"] == 1
    # t1 = ∞: nothing predicted positive, precision 0/0.
    assert np.isnan(t.loc["t1", "precision"])


def test_precision_recall_agree_with_the_library_pr_curve():
    # The figure's precision (TP / (TP + FP) from the ROC counts) is sklearn's precision_recall_curve at each
    # threshold (aucacc.evaluation.source_metrics.pr_curve, the per-data-set figures' code).
    t = threshold_table().iloc[1:]
    pos, score = twenty_instances()
    prec, rec, thr, _ = pr_curve(pos, score)
    at = {float(x): (p, r) for x, p, r in zip(thr, prec, rec)}
    for row in t.itertuples():
        assert at[row.threshold] == pytest.approx((row.precision, row.TPR))


def test_area_is_the_correctly_ordered_pairs():
    pos, s = twenty_instances()
    pairs = sum(s[i] > s[j] for i in np.flatnonzero(pos) for j in np.flatnonzero(~pos))
    t = threshold_table()
    assert pairs == 68
    assert np.trapezoid(t["TPR"], t["FPR"]) == pytest.approx(0.68)


@pytest.mark.parametrize("alpha", [2, 5, 10])
def test_imbalance_keeps_roc_and_moves_precision(alpha):
    base, t = threshold_table(), threshold_table(alpha)
    # FPR = αFP / αN: the same points.
    assert np.array_equal(t["FPR"], base["FPR"]) and np.array_equal(t["TPR"], base["TPR"])
    assert (t["FP"] == alpha * base["FP"]).all() and (t["TN"] == alpha * base["TN"]).all()
    # precision = TP / (TP + αFP); end point P / (P + αN) = 1 / (1 + α).
    k = base["TP"] + base["FP"] > 0
    assert np.allclose(t["precision"][k], base["TP"][k] / (base["TP"][k] + alpha * base["FP"][k]))
    assert t["precision"].iloc[-1] == pytest.approx(1 / (1 + alpha))
    assert (t["precision"][k] <= base["precision"][k]).all()


def test_binary_example_with_more_negatives():
    m = binary_imbalance((1, 10)).set_index("alpha")
    # α = 1: Tharwat's printed values (Acc 0.75, PPV ≈ 0.78, F ≈ 0.74, BCR 0.75).
    assert m.loc[1, "accuracy"] == 0.75 and round(m.loc[1, "PPV"], 2) == 0.78 and round(m.loc[1, "F1"], 2) == 0.74
    # α = 10 by hand: FP 200, TN 800: accuracy 870/1100, PPV 70/270, NPV 800/830, F1 140/(140+200+30).
    assert m.loc[10, ["FP", "TN"]].tolist() == [200, 800]
    assert m.loc[10, "accuracy"] == pytest.approx(870 / 1100) and m.loc[10, "PPV"] == pytest.approx(70 / 270)
    assert m.loc[10, "NPV"] == pytest.approx(800 / 830) and m.loc[10, "F1"] == pytest.approx(140 / 370)
    for k in ("TPR", "TNR", "BCR", "GM"):  # rates of one class each: unchanged
        assert m.loc[10, k] == pytest.approx(m.loc[1, k])
    assert m.loc[1, "GM"] == pytest.approx(np.sqrt(0.7 * 0.8))


def test_negatives_must_be_a_positive_integer():
    for bad in (0, 1.5, -2):
        with pytest.raises(ValueError, match="integer ≥ 1"):
            threshold_table(bad)


def test_each_source_figure_draws_its_data():
    import matplotlib.pyplot as plt

    figs = {n: source_figure(n) for n in SOURCE_FIGURES}
    ax = figs["fawcett_fig3"].axes[0]
    t = threshold_table()
    x, y = ax.lines[0].get_data()
    assert np.array_equal(x, t["FPR"]) and np.array_equal(y, t["TPR"])
    labels = {a.get_text() for a in ax.texts}
    assert {"Inf", ".9", ".54", ".505", ".1"} <= labels and "AUC 0.68" in ax.get_title()
    roc, pr = figs["tharwat_roc_pr"].axes
    assert {"t1", "t3", "t11", "t21"} <= {a.get_text() for a in roc.texts}
    assert any(ln.get_ydata()[0] == 0.5 for ln in pr.lines)  # the random level P/(P+N)
    assert len(figs["tharwat_imbalance"].axes) == 3
    for f in figs.values():
        plt.close(f)
    with pytest.raises(ValueError, match="no source figure"):
        source_figure("fawcett_fig4")
