"""Every worked example of the sources, recomputed by the library, beside the value the source gives.

The inputs of each example and the values the sources print are transcribed here (with where they
are printed); every "ours" is computed by the library function the workflow uses
(:mod:`aucacc.evaluation.source_metrics`, :mod:`aucacc.evaluation.metrics`, :mod:`aucacc.roc`,
:mod:`aucacc.significance`). A row matches when ours equals the reference exactly (counts,
fractions; 1e-12) or, for a value the source prints rounded, rounds half up to the printed digits.
Where a source states a method without numbers (Fawcett's averaging, Provost & Fawcett's hybrid,
Aggarwal's eqs. 10.78–10.79), the example is a small hand-computed one (``reference`` =
``hand-computed``) and the reference is that hand computation.

Sources: Tharwat (2020) "Classification assessment methods" (§2, §2.2, §2.8 / Fig. 8);
Fawcett (2006) "An introduction to ROC analysis" (Fig. 3, §7 averaging); Aggarwal (2015)
"Data Mining: The Textbook" §10.9 (eqs. 10.77–10.79); Provost & Fawcett (2001) "Robust
classification for imprecise environments" (§3.1 ROCCH-hybrid).
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

import numpy as np
import pandas as pd

from aucacc.captions import caption
from aucacc.evaluation.metrics import rank_auc
from aucacc.evaluation.source_metrics import confusion_metrics, cost_sensitive_accuracy, per_class_counts, pr_curve
from aucacc.roc.curves import roc_points, threshold_average, vertical_average
from aucacc.roc.hull import hybrid_for_fpr, hybrid_for_slope, roc_convex_hull
from aucacc.significance import rounds_ttest
from aucacc.tables import Table

COLUMNS = ["source", "example", "quantity", "reference", "printed", "ours", "precision", "match"]

# Tharwat (2020) §2: the binary confusion matrix TP = 70, FN = 30, FP = 20, TN = 80 and the values
# printed for it (metric: (printed value, digits)).
THARWAT_BINARY = {"TP": 70, "FN": 30, "FP": 20, "TN": 80}
THARWAT_BINARY_PRINTED = {
    "accuracy": ("0.75", "Acc"), "TPR": ("0.7", "TPR"), "TNR": ("0.8", "TNR"), "PPV": ("0.78", "PPV"),
    "NPV": ("0.73", "NPV"), "error": ("0.25", "Err"), "BCR": ("0.75", "BCR"), "FPR": ("0.2", "FPR"),
    "FNR": ("0.3", "FNR"), "F1": ("0.74", "F-measure"), "OP": ("0.683", "OP"), "LR+": ("3.5", "LR+"),
    "LR-": ("0.375", "LR−"), "DOR": ("9.33", "DOR"), "YI": ("0.5", "YI"), "Jaccard": ("0.583", "Jaccard"),
}
# Tharwat (2020) §2.2: three classes, 100 instances each (rows true class, columns predicted) and the
# true negatives it prints (TN_A = 70+90+10+15 = 185, TN_B = 175, TN_C = 180).
THARWAT_THREE_CLASS = {"A": {"A": 80, "B": 15, "C": 5}, "B": {"A": 15, "B": 70, "C": 15},
                       "C": {"A": 0, "B": 10, "C": 90}}
THARWAT_THREE_CLASS_TN = {"A": 185, "B": 175, "C": 180}
# Fawcett (2006) Fig. 3 (the same 20 instances as Tharwat 2020 Fig. 8): scores and classes.
FAWCETT_SCORES = [0.9, 0.8, 0.7, 0.6, 0.55, 0.54, 0.53, 0.52, 0.51, 0.505,
                  0.4, 0.39, 0.38, 0.37, 0.36, 0.35, 0.34, 0.33, 0.30, 0.1]
FAWCETT_CLASS = "ppnpppnnpnpnpnnnpnpn"
# Tharwat (2020) §2.8 / §2.10: the imbalance demonstration multiplies the negatives by α (each negative counted α
# times); the seed prints the balanced end point of the PR curve, P/(P+N) = 1/2, and no ratio of its own: these are
# the ratios the figure draws (end points 1/2, 1/3, 1/6, 1/11).
IMBALANCE_RATIOS = (1, 2, 5, 10)


def _rounds_to(value: float, printed: str) -> bool:
    digits = len(printed.split(".")[1]) if "." in printed else 0
    q = Decimal(1).scaleb(-digits)
    return Decimal(repr(float(value))).quantize(q, rounding=ROUND_HALF_UP) == Decimal(printed).quantize(q)


def _row(source, example, quantity, printed, ours, reference="printed", exact=False):
    ours = float(ours)
    if exact:
        ok, precision = math.isclose(ours, float(printed), rel_tol=0, abs_tol=1e-12), "exact"
    else:
        ok = _rounds_to(ours, str(printed))
        digits = len(str(printed).split(".")[1]) if "." in str(printed) else 0
        precision = f"{digits} decimal{'s' if digits != 1 else ''}"
    return {"source": source, "example": example, "quantity": quantity, "reference": reference,
            "printed": str(printed), "ours": ours, "precision": precision, "match": bool(ok)}


def _g(x: float) -> str:
    """A hand-computed reference as text (15 significant digits: exact to the 1e-12 of the comparison)."""
    return f"{float(x):.15g}"


def _labels(counts):
    y, p = [], []
    for t, row in counts.items():
        for q, n in row.items():
            y += [t] * n
            p += [q] * n
    return np.array(y), np.array(p)


def twenty_instances() -> tuple[np.ndarray, np.ndarray]:
    """The 20 scored instances of Fawcett (2006) Fig. 3 (= Tharwat 2020 Fig. 8): ``(positive, score)``.

    Returns
    -------
    positive : bool array, shape (20,) — True for class p (10 of each class).
    score : float array, shape (20,) — the scores as Fig. 3 prints them, highest first.
    """
    return np.array(list(FAWCETT_CLASS)) == "p", np.array(FAWCETT_SCORES, dtype=float)


def threshold_table(negatives: int = 1) -> pd.DataFrame:
    """Every threshold of the 20 scored instances: its ROC point and its precision and recall.

    Fawcett (2006) Fig. 3 labels each ROC point by its threshold; Tharwat (2020) §2.8, Fig. 8 and Table 1 name
    them t1 (= ∞, the point (0, 0)) to t21 and give TPR, FPR, precision and recall at each. The points are
    :func:`aucacc.roc.curves.roc_points` of the instances (the library's ROC code); precision = TP / (TP + FP).

    Parameters
    ----------
    negatives : int ≥ 1
        α of Tharwat's imbalance demonstration: every negative counted α times (α = 1: the example as printed).
        The ROC points do not change with α (FPR = αFP / αN); precision does, and its end point is P / (P + αN).

    Returns
    -------
    DataFrame, one row per threshold (21 rows), highest first: ``point`` (t1 … t21), ``threshold`` (inf for t1),
    ``TP, FP, FN, TN`` (counts, negatives multiplied by α), ``FPR, TPR`` (= recall), ``precision`` (NaN at t1,
    0/0), ``accuracy`` ((TP + TN) / (P + αN)).

    Raises
    ------
    ValueError
        ``negatives`` is not an integer ≥ 1.
    """
    if int(negatives) != negatives or negatives < 1:
        raise ValueError(f"negatives (α, the multiple of each negative) must be an integer ≥ 1, got {negatives!r}")
    pos, score = twenty_instances()
    rep = np.where(pos, 1, int(negatives))
    pos, score = np.repeat(pos, rep), np.repeat(score, rep)
    c = roc_points(pos, score)
    tp = np.rint(c.tpr * c.n_pos).astype(int)
    fp = np.rint(c.fpr * c.n_neg).astype(int)
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.where(tp + fp > 0, tp / np.maximum(tp + fp, 1), np.nan)
    return pd.DataFrame({"point": [f"t{i + 1}" for i in range(len(c.fpr))], "threshold": c.thresholds,
                         "TP": tp, "FP": fp, "FN": c.n_pos - tp, "TN": c.n_neg - fp, "FPR": c.fpr, "TPR": c.tpr,
                         "precision": precision, "accuracy": (tp + c.n_neg - fp) / (c.n_pos + c.n_neg)})


def binary_imbalance(ratios=IMBALANCE_RATIOS) -> pd.DataFrame:
    """Tharwat's (2020) binary example with its negatives multiplied by α: which metrics move with the class ratio.

    TP = 70 and FN = 30 stay; FP = 20α and TN = 80α. The rates of one class (TPR, TNR, FPR, FNR) and the
    measures made of them only (BCR, GM, YI) do not change; accuracy, precision (PPV), NPV and F1 mix the
    columns of the confusion matrix and do (Tharwat §2: "the changes in the class distribution cancel each
    other" only in the former). Computed by :func:`aucacc.evaluation.source_metrics.confusion_metrics`.

    Parameters
    ----------
    ratios : iterable of int ≥ 1 — the values of α.

    Returns
    -------
    DataFrame, one row per α: ``alpha, TP, FN, FP, TN`` and the metrics ``accuracy, PPV, NPV, F1, TPR, TNR,
    BCR, GM``.
    """
    rows = []
    for a in ratios:
        c = THARWAT_BINARY
        y, p = _labels({"P": {"P": c["TP"], "N": c["FN"]}, "N": {"P": c["FP"] * a, "N": c["TN"] * a}})
        m = confusion_metrics(y, p, positive="P")
        rows.append({"alpha": int(a), **{k: m[k] for k in ("TP", "FN", "FP", "TN", "accuracy", "PPV", "NPV", "F1",
                                                          "TPR", "TNR", "BCR", "GM")}})
    return pd.DataFrame(rows)


def worked_examples() -> Table:
    """Every worked example of the sources: the source's (or a hand) value beside the library's.

    Returns
    -------
    Table with :data:`COLUMNS`, one row per printed (or hand-computed) quantity; ``match`` is
    True when ours equals it exactly or at the printed precision.
    """
    rows = []
    # Tharwat §2: the binary example.
    c = THARWAT_BINARY
    y, p = _labels({"P": {"P": c["TP"], "N": c["FN"]}, "N": {"P": c["FP"], "N": c["TN"]}})
    m = confusion_metrics(y, p, positive="P")
    for key, (printed, name) in THARWAT_BINARY_PRINTED.items():
        rows.append(_row("Tharwat 2020 §2", "binary TP 70, FN 30, FP 20, TN 80", name, printed, m[key]))
    # Tharwat §2.2: the three-class counts.
    y, p = _labels(THARWAT_THREE_CLASS)
    counts = per_class_counts(y, p, list(THARWAT_THREE_CLASS))
    for k, tn in THARWAT_THREE_CLASS_TN.items():
        rows.append(_row("Tharwat 2020 §2.2", "three classes, 100 each", f"TN_{k}", tn, counts.loc[k, "TN"], exact=True))
    # Fawcett Fig. 3 / Tharwat §2.8, Fig. 8: the 20 scored instances, thresholds as printed.
    s = np.array(FAWCETT_SCORES)
    pos = np.array(list(FAWCETT_CLASS)) == "p"
    curve = roc_points(pos, s)
    at = {float(t): (f, r) for t, f, r in zip(curve.thresholds, curve.fpr, curve.tpr)}
    ex = "20 scored instances (Fawcett Fig. 3)"
    rows.append(_row("Tharwat 2020 §2.8", ex, "TPR at threshold 0.8", "0.2", at[0.8][1], exact=True))
    rows.append(_row("Tharwat 2020 §2.8", ex, "FPR at threshold 0.8", "0", at[0.8][0], exact=True))
    rows.append(_row("Tharwat 2020 §2.8", ex, "TP at t3 (threshold 0.7)", "2", at[0.7][1] * pos.sum(), exact=True))
    n_pos, n_neg = int(pos.sum()), int((~pos).sum())
    f11, r11 = at[0.505]
    for q, printed, v in (("TP", 6, r11 * n_pos), ("TN", 6, (1 - f11) * n_neg), ("FP", 4, f11 * n_neg),
                          ("FN", 4, (1 - r11) * n_pos)):
        rows.append(_row("Tharwat 2020 §2.8", ex, f"{q} at t11 (threshold 0.505)", printed, v, exact=True))
    # Tharwat §2.8: "if the data are balanced, the precision of the end point is P/(P+N) = 1/2" (the PR curve's end,
    # every instance predicted positive; the same claim as Fawcett's P/(P+N) baseline of precision).
    prec, rec, _, _ = pr_curve(pos, s)
    rows.append(_row("Tharwat 2020 §2.8", ex, "precision at the PR curve's end (recall 1, all predicted positive)",
                     "0.5", prec[0], exact=True))
    pairs = sum(1 for i in np.flatnonzero(pos) for j in np.flatnonzero(~pos) if s[i] > s[j])
    rows.append(_row("Fawcett 2006 Alg. 2", ex, "AUC = correctly ordered pairs / (P·N)", _g(pairs / (n_pos * n_neg)),
                     rank_auc(pos, s), reference="hand-computed", exact=True))
    # Fawcett §7: vertical and threshold averaging of two hand-made folds.
    a = roc_points(np.array([1, 1, 0, 0], bool), np.array([.9, .5, .7, .2]))
    b = roc_points(np.array([1, 1, 0, 0], bool), np.array([.8, .4, .6, .4]))
    v = vertical_average([a, b], n_points=5)
    for fpr, ref in ((0.5, 0.75), (0.75, 0.875)):
        k = int(np.flatnonzero(np.isclose(v.fpr, fpr))[0])
        rows.append(_row("Fawcett 2006 §7", "vertical averaging, two 4-instance folds", f"mean TPR at FPR {fpr:g}",
                         _g(ref), v.tpr_mean[k], reference="hand-computed", exact=True))
    t = threshold_average([a, b], n_thresholds=10)
    k = int(np.flatnonzero(np.isclose(t.thresholds, 0.4))[0])
    rows.append(_row("Fawcett 2006 §7", "threshold averaging, two 4-instance folds", "mean (FPR, TPR) at t = 0.4: FPR",
                     "0.75", t.fpr_mean[k], reference="hand-computed", exact=True))
    rows.append(_row("Fawcett 2006 §7", "threshold averaging, two 4-instance folds", "mean (FPR, TPR) at t = 0.4: TPR",
                     "1", t.tpr_mean[k], reference="hand-computed", exact=True))
    # Aggarwal eq. 10.77: cost-sensitive accuracy; equal costs give the plain accuracy (as the source says).
    y = np.array(["m"] * 10 + ["b"] * 90)
    p = np.array(["m"] * 6 + ["b"] * 4 + ["b"] * 81 + ["m"] * 9)
    ref = (5 * 10 * 0.6 + 1 * 90 * 0.9) / (5 * 10 + 1 * 90)
    rows.append(_row("Aggarwal 2015 eq. 10.77", "10 malignant (6 right), 90 benign (81 right), costs 5 and 1",
                     "cost-sensitive accuracy", _g(ref), cost_sensitive_accuracy(y, p, {"m": 5.0, "b": 1.0}),
                     reference="hand-computed", exact=True))
    rows.append(_row("Aggarwal 2015 eq. 10.77", "the same, equal costs (= unweighted accuracy)", "accuracy", "0.87",
                     cost_sensitive_accuracy(y, p, {"m": 2.0, "b": 2.0}), reference="hand-computed", exact=True))
    # Aggarwal eqs. 10.78–10.79: paired test over b = 5 rounds.
    ra, rb = np.array([0.86, 0.84, 0.87, 0.85, 0.88]), np.array([0.84, 0.84, 0.85, 0.83, 0.85])
    d = ra - rb
    dA, sigma = d.sum() / 5, math.sqrt(((d - d.sum() / 5) ** 2).sum() / 4)
    res = rounds_ttest(ra, rb)
    ex = "5 rounds: 0.86 0.84 0.87 0.85 0.88 vs 0.84 0.84 0.85 0.83 0.85"
    rows.append(_row("Aggarwal 2015 eq. 10.78", ex, "ΔA (mean difference)", _g(dA), res.mean_diff,
                     reference="hand-computed", exact=True))
    rows.append(_row("Aggarwal 2015 eq. 10.79", ex, "t = ΔA·√b / σ", _g(dA * math.sqrt(5) / sigma), res.statistic,
                     reference="hand-computed", exact=True))
    # Provost & Fawcett §3.1: the ROCCH-hybrid on hand-made points.
    h = roc_convex_hull(np.array([.2, .1, .3, .5, .6, .2, .3]), np.array([.55, .5, .8, .4, .9, .65, .8]))
    ex = "points (.1,.5) (.2,.55) (.2,.65) (.3,.8) (.5,.4) (.6,.9)"
    rows.append(_row("Provost & Fawcett 2001 §2.2", ex, "hull AUC", _g(.025 + .13 + .255 + .38), h.auc,
                     reference="hand-computed", exact=True))
    k = hybrid_for_slope(h, 1.0)
    rows.append(_row("Provost & Fawcett 2001 §3.1", ex, "optimal vertex at slope m = 1: TPR (of (.3, .8))", "0.8",
                     h.tpr[k], reference="hand-computed", exact=True))
    _, _, q, tp = hybrid_for_fpr(h, .45)
    rows.append(_row("Provost & Fawcett 2001 §3.1", ex, "target FPR 0.45: probability of the right vertex", "0.5", q,
                     reference="hand-computed", exact=True))
    rows.append(_row("Provost & Fawcett 2001 §3.1", ex, "target FPR 0.45: expected TPR", "0.85", tp,
                     reference="hand-computed", exact=True))
    df = pd.DataFrame(rows, columns=COLUMNS)
    return Table(df, floatfmt=".6g", caption=caption("worked_examples", n=len(df), n_match=int(df["match"].sum())))
