"""Every metric of the source documents, per fold, from the stored scores (nothing re-trained).

- Confusion-matrix metrics of a positive class (Tharwat 2020, §2.1–2.7): TPR (sensitivity,
  recall), TNR (specificity), PPV (precision), NPV, FPR, FNR, F1, balanced accuracy (BCR),
  geometric mean (GM = √(TPR·TNR)), Youden's index (YI = TPR + TNR − 1, also called
  informedness or bookmaker informedness), markedness (MK = PPV + NPV − 1), Matthews'
  correlation coefficient (MCC), likelihood ratios LR+ = TPR / (1 − TNR) and
  LR− = (1 − TPR) / TNR, diagnostic odds ratio DOR = LR+ / LR−, the Jaccard index
  TP / (TP + FP + FN), optimisation precision OP = Acc − |TPR − TNR| / (TPR + TNR), the
  balanced error rate BER = 1 − BCR = 1 − (TPR + TNR)/2 (also half total error rate, HTER), and
  the adjusted geometric mean AGM = (GM + TNR·Nn) / (1 + Nn) if TPR > 0, else 0, with Nn the
  proportion of negative instances (Tharwat 2020, after Batuwita & Palade 2012).
  A multi-class data set is read one-vs-rest for its positive class (Tharwat §2.2:
  TN of class A is the sum of the cells with neither true nor predicted class A).
- Cost-sensitive accuracy A = Σ cᵢ nᵢ aᵢ / Σ cᵢ nᵢ (Aggarwal 2015, eq. 10.77), with the per-class
  costs cᵢ of the config; equal costs give the plain accuracy.
- Precision–recall curve and average precision (Tharwat §2.8), from the positive class's score.
- Multi-class only: one-vs-rest AUC per class, their prevalence-weighted and unweighted means
  (Fawcett 2006, §9, eq. for AUC_total), beside Hand–Till M (Hand & Till 2001, eq. 7).

scikit-learn computes every metric it has (precision, recall, F1, MCC, balanced accuracy,
Jaccard, PR curve, average precision; ROC AUC by :func:`aucacc.evaluation.metrics.roc_auc_binary`,
its value without its input checks); the rest are the formulas
above on sklearn's confusion matrix. An undefined value (a zero denominator, e.g. PPV when no
instance is predicted positive) is NaN, never 0; a ratio with a zero denominator and a positive
numerator (LR+ or DOR when FP = 0) is +∞.
"""

from __future__ import annotations

import math
import warnings
from typing import Mapping

import numpy as np
import pandas as pd

from aucacc.evaluation.metrics import class_score, hand_till_m, roc_auc_binary
from aucacc.scores import positive_class, score_classes

#: Names of the confusion-matrix metrics, in table order.
CONFUSION_METRICS = ("accuracy", "error", "TPR", "TNR", "PPV", "NPV", "FPR", "FNR", "F1", "BCR", "GM", "YI",
                     "informedness", "MK", "MCC", "LR+", "LR-", "DOR", "Jaccard", "OP", "BER", "AGM")


def _ratio(a: float, b: float) -> float:
    """a / b with NaN for 0/0 and +∞ for a positive number over 0."""
    if b == 0:
        return math.nan if a == 0 or math.isnan(a) else math.inf
    return a / b


def confusion_metrics(y_true, y_pred, positive) -> dict[str, float]:
    """Confusion-matrix metrics (fractions, 0–1) of class ``positive`` against the rest (Tharwat §2).

    Parameters
    ----------
    y_true, y_pred : arrays, shape (n,) — true and predicted class labels.
    positive : the positive class label; every other class is negative.

    Returns
    -------
    dict with ``TP, FN, FP, TN`` (counts) and every name in :data:`CONFUSION_METRICS`.
    """
    from sklearn.metrics import (balanced_accuracy_score, confusion_matrix, f1_score, jaccard_score,
                                 matthews_corrcoef, precision_score, recall_score)

    yt = np.asarray(y_true) == positive
    yp = np.asarray(y_pred) == positive
    if yt.size == 0 or yt.shape != yp.shape:
        raise ValueError(f"y_true and y_pred must be non-empty and of equal shape, got {yt.shape}, {yp.shape}")
    tn, fp, fn, tp = (int(v) for v in confusion_matrix(yt, yp, labels=[False, True]).ravel())
    nan = np.nan
    tpr = float(recall_score(yt, yp, zero_division=nan))
    ppv = float(precision_score(yt, yp, zero_division=nan))
    tnr = _ratio(tn, tn + fp)
    npv = _ratio(tn, tn + fn)
    with warnings.catch_warnings():
        # sklearn warns when a class is absent; those cases are NaN here instead.
        warnings.simplefilter("ignore")
        bcr = float(balanced_accuracy_score(yt, yp)) if (tp + fn) and (tn + fp) else nan
        mcc = float(matthews_corrcoef(yt, yp)) if (tp + fp) and (tp + fn) and (tn + fp) and (tn + fn) else nan
    acc = (tp + tn) / yt.size
    out = {"TP": tp, "FN": fn, "FP": fp, "TN": tn,
           "accuracy": acc, "error": 1 - acc, "TPR": tpr, "TNR": tnr, "PPV": ppv, "NPV": npv,
           "FPR": _ratio(fp, fp + tn), "FNR": _ratio(fn, fn + tp),
           "F1": float(f1_score(yt, yp, zero_division=nan)), "BCR": bcr,
           "GM": math.sqrt(tpr * tnr) if not (math.isnan(tpr) or math.isnan(tnr)) else nan,
           "YI": tpr + tnr - 1, "MK": ppv + npv - 1, "MCC": mcc,
           # Tharwat's formulas (sklearn's class_likelihood_ratios agrees where both are finite,
           # but gives NaN rather than +∞ when FP = 0).
           "LR+": _ratio(tpr, 1 - tnr), "LR-": _ratio(1 - tpr, tnr),
           "DOR": _ratio(tp * tn, fp * fn),
           # sklearn's jaccard_score cannot return NaN for 0/0 (TP + FP + FN = 0).
           "Jaccard": float(jaccard_score(yt, yp)) if tp + fp + fn else nan,
           "OP": acc - _ratio(abs(tpr - tnr), tpr + tnr)}
    out["informedness"] = out["YI"]  # Powers' informedness is Youden's J
    out["BER"] = 1 - bcr  # NaN with BCR
    out["AGM"] = adjusted_geometric_mean(tpr, tnr, (tn + fp) / yt.size)
    return out


def adjusted_geometric_mean(tpr: float, tnr: float, neg_fraction: float) -> float:
    """Adjusted geometric mean (Tharwat 2020; Batuwita & Palade 2012).

    AGM = (GM + TNR · Nn) / (1 + Nn) when TPR > 0, and 0 when TPR = 0, where GM = √(TPR · TNR)
    and Nn is the proportion of negative instances. With TPR > 0 it rises with TNR faster than GM
    does, the more so the more negatives there are; with TPR = 0 (no positive found) it is 0
    whatever TNR is.

    Parameters
    ----------
    tpr, tnr : float, fractions in [0, 1] (NaN if undefined).
    neg_fraction : float, Nn in [0, 1].

    Returns
    -------
    float, in [0, 1]; NaN when TPR or TNR is NaN.
    """
    if math.isnan(tpr) or math.isnan(tnr):
        return math.nan
    if tpr == 0:
        return 0.0
    return (math.sqrt(tpr * tnr) + tnr * neg_fraction) / (1 + neg_fraction)


def per_class_counts(y_true, y_pred, classes) -> pd.DataFrame:
    """TP, FN, FP, TN of every class against the rest (Tharwat §2.2), from sklearn's
    ``multilabel_confusion_matrix``. Returns a frame indexed by class."""
    from sklearn.metrics import multilabel_confusion_matrix

    mcm = multilabel_confusion_matrix(np.asarray(y_true), np.asarray(y_pred), labels=list(classes))
    return pd.DataFrame({"TP": mcm[:, 1, 1], "FN": mcm[:, 1, 0], "FP": mcm[:, 0, 1], "TN": mcm[:, 0, 0]},
                        index=pd.Index(list(classes), name="class"))


def cost_sensitive_accuracy(y_true, y_pred, costs: Mapping[str, float] | None = None) -> float:
    """Aggarwal (2015) eq. 10.77: A = Σᵢ cᵢ nᵢ aᵢ / Σᵢ cᵢ nᵢ over the classes i present.

    ``aᵢ`` is the accuracy on the nᵢ test instances of class i; ``costs`` maps class → cᵢ
    (a class not named costs 1). This is sklearn's accuracy with sample weight c of each
    instance's true class. Raises ``ValueError`` for a negative cost.
    """
    from sklearn.metrics import accuracy_score

    y_true = np.asarray(y_true).astype(str)
    costs = {str(k): float(v) for k, v in (costs or {}).items()}
    if any(v < 0 for v in costs.values()):
        raise ValueError(f"misclassification costs must be ≥ 0, got {costs}")
    w = np.array([costs.get(c, 1.0) for c in y_true])
    return float(accuracy_score(y_true, np.asarray(y_pred).astype(str), sample_weight=w))


def pr_curve(positive_mask, score) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Precision–recall curve and average precision of one score (Tharwat §2.8), by sklearn.

    Returns ``(precision, recall, thresholds, average_precision)``; AP = Σₙ (Rₙ − Rₙ₋₁) Pₙ
    (``sklearn.metrics.average_precision_score``, no interpolation).
    """
    from sklearn.metrics import average_precision_score, precision_recall_curve

    pos = np.asarray(positive_mask, dtype=bool)
    s = np.asarray(score, dtype=float)
    prec, rec, thr = precision_recall_curve(pos, s)
    return prec, rec, thr, float(average_precision_score(pos, s))


def ovr_aucs(y_true, proba, classes) -> dict[str, float]:
    """One-vs-rest AUC of each class present with the rest, and their weighted / unweighted means.

    Fawcett (2006, §9.1): AUC_total = Σᵢ AUC(cᵢ) · p(cᵢ), p(cᵢ) the prevalence of class i in the
    test set; the unweighted mean beside it. Classes absent from ``y_true`` (or making up all of
    it) are left out, and the prevalence weights are renormalised over the classes used.
    Returns ``{"ovr:<class>": AUC, …, "ovr_weighted": …, "ovr_macro": …}`` (fractions).
    """
    y = np.asarray(y_true).astype(str)
    P = np.asarray(proba, dtype=float)
    out, vals, w = {}, [], []
    for k, c in enumerate(classes):
        pos = y == str(c)
        if pos.any() and (~pos).any():
            v = roc_auc_binary(pos, class_score(P, k))  # sklearn's roc_auc_score with the project's ties
            out[f"ovr:{c}"] = v
            vals.append(v)
            w.append(pos.mean())
    out["ovr_weighted"] = float(np.average(vals, weights=w)) if vals else math.nan
    out["ovr_macro"] = float(np.mean(vals)) if vals else math.nan
    return out


def fold_source_metrics(scores: pd.DataFrame, positive: str | None = None,
                        costs: Mapping[str, float] | None = None) -> pd.DataFrame:
    """Every metric of the sources for each fold of one learner on one data set.

    Parameters
    ----------
    scores : stored scores (``fold, y_true, y_pred, p:<class>…``).
    positive : positive class (default: the minority class, :func:`aucacc.scores.positive_class`,
        as in the ROC stage and its config key ``studies.<name>.positive``).
    costs : per-class misclassification costs for eq. 10.77 (default: all 1).

    Returns
    -------
    Tidy frame ``fold, metric, value, positive`` — fractions in 0–1 (counts for TP, FN, FP, TN);
    ``cost_accuracy``, ``average_precision``, and for more than two classes ``ovr:<class>``,
    ``ovr_weighted``, ``ovr_macro`` and ``hand_till_m``. A fold lacking the positive class has
    NaN for the metrics that need it.
    """
    classes = score_classes(scores)
    pos = positive_class(classes, scores["y_true"], positive)
    k = classes.index(pos)
    rows = []
    for fold, g in scores.groupby("fold", sort=True):
        y = g["y_true"].astype(str).to_numpy()
        yp = g["y_pred"].astype(str).to_numpy()
        P = g[[f"p:{c}" for c in classes]].to_numpy(dtype=float)
        vals = {m: v for m, v in confusion_metrics(y, yp, pos).items()}
        vals["cost_accuracy"] = cost_sensitive_accuracy(y, yp, costs)
        mask = y == pos
        vals["average_precision"] = pr_curve(mask, P[:, k])[3] if mask.any() else math.nan
        if len(classes) > 2:
            vals.update(ovr_aucs(y, P, classes))
            vals["hand_till_m"] = hand_till_m(y, P, classes)[0]
        rows += [{"fold": int(fold), "metric": m, "value": float(v), "positive": pos} for m, v in vals.items()]
    return pd.DataFrame(rows)


def dataset_source_metrics(scores: Mapping[str, pd.DataFrame], dataset: str, protocol: str,
                           positive: str | None = None, costs: Mapping[str, float] | None = None):
    """Every metric of the sources for each learner on one data set.

    One job per data set (not per learner): the metrics are cheap and a job's start-up is not.

    Parameters
    ----------
    scores : learner → stored scores frame of that learner on ``dataset`` (the figure draws them in this order).
    dataset, protocol : written into the ``dataset`` and ``protocol`` columns.
    positive, costs : as in :func:`fold_source_metrics`.

    Raises
    ------
    ValueError
        ``costs`` names a class that is not one of the scores' classes (config key ``source_metrics.costs``).

    Returns
    -------
    DataFrame
        The :func:`fold_source_metrics` rows of every learner, with columns ``dataset, learner,
        protocol, fold, metric, value, positive``. The data set's figure is drawn from the same
        scores by :func:`aucacc.report.plots.source_metrics.source_metrics_figure`.
    """
    frames = []
    for learner, sc in scores.items():
        unknown = sorted(set(map(str, costs or {})) - set(score_classes(sc)))
        if unknown:  # a misspelt class would silently cost 1
            raise ValueError(f"config key 'source_metrics.costs.{dataset}' names {unknown}, not a class of {dataset} "
                             f"(its classes: {score_classes(sc)}); name its classes as the clean data spells them")
        m = fold_source_metrics(sc, positive=positive, costs=costs)
        m.insert(0, "learner", learner)
        m.insert(0, "dataset", dataset)
        m.insert(2, "protocol", protocol)
        frames.append(m)
    return pd.concat(frames, ignore_index=True)


def source_metrics_summary(frames: pd.DataFrame, pairs=None) -> pd.DataFrame:
    """Mean and sample sd over folds of every source metric, per data set, learner and metric.

    ``frames``: :func:`fold_source_metrics` outputs with ``dataset`` and ``learner`` columns.
    ``pairs``: optional ``(dataset, learner)`` sequence giving the row order (default: as in ``frames``).
    NaN folds (a metric undefined in that fold) are left out of the mean and counted in
    ``n_undefined``; an infinite value (LR+ or DOR with FP = 0) makes the mean infinite.
    Returns ``dataset, learner, positive, metric, mean, sd, n_folds, n_undefined``.
    """
    if pairs is not None:
        rank = {tuple(p): i for i, p in enumerate(pairs)}
        order = np.argsort([rank[(d, l)] for d, l in zip(frames["dataset"], frames["learner"])], kind="stable")
        frames = frames.iloc[order]
    g = frames.groupby(["dataset", "learner", "positive", "metric"], sort=False)["value"]
    out = g.agg(mean="mean", sd=lambda v: float(np.std(v.dropna(), ddof=1)) if v.notna().sum() > 1 else np.nan,
                n_folds="size", n_undefined=lambda v: int(v.isna().sum())).reset_index()
    return out


def cost_accuracy_table(summary: pd.DataFrame, costs: Mapping[str, Mapping[str, float]]) -> pd.DataFrame:
    """Cost-weighted accuracy (Aggarwal 2015, eq. 10.77) beside the plain accuracy, per data set with costs.

    Parameters
    ----------
    summary : :func:`source_metrics_summary` (``dataset, learner, metric, mean, sd, …``; its ``cost_accuracy``
        rows were computed with ``costs``).
    costs : data set → {class: cost} (config key ``source_metrics.costs``); a class not named costs 1.

    Returns
    -------
    DataFrame, one row per (data set with costs, learner) in the order of ``summary``: ``dataset, learner, costs``
    (e.g. ``"malignant 5; other classes 1"``), ``accuracy``, ``accuracy_sd``, ``cost_accuracy``,
    ``cost_accuracy_sd`` (mean and sd over the folds, fractions in 0–1) and ``difference`` (cost-weighted minus
    plain: negative when the costly classes are the ones the learner misses more often).

    Raises
    ------
    ValueError
        A data set of ``costs`` has no ``accuracy`` or ``cost_accuracy`` rows in ``summary``.
    """
    rows = []
    for ds, c in costs.items():
        g = summary[(summary["dataset"] == ds) & summary["metric"].isin(["accuracy", "cost_accuracy"])]
        wide = g.pivot_table(index="learner", columns="metric", values=["mean", "sd"], sort=False)
        if g.empty or ("mean", "cost_accuracy") not in wide or ("mean", "accuracy") not in wide:
            raise ValueError(f"config key 'source_metrics.costs' names {ds!r}, which has no accuracy and "
                             f"cost_accuracy in the source metrics (not among the data sets of tables/source_metrics)")
        text = "; ".join(f"{k} {float(v):g}" for k, v in c.items()) + "; other classes 1"
        for lrn in dict.fromkeys(g["learner"]):
            a, ca = wide.loc[lrn, ("mean", "accuracy")], wide.loc[lrn, ("mean", "cost_accuracy")]
            rows.append({"dataset": ds, "learner": lrn, "costs": text, "accuracy": a,
                         "accuracy_sd": wide.loc[lrn, ("sd", "accuracy")], "cost_accuracy": ca,
                         "cost_accuracy_sd": wide.loc[lrn, ("sd", "cost_accuracy")], "difference": ca - a})
    return pd.DataFrame(rows, columns=["dataset", "learner", "costs", "accuracy", "accuracy_sd", "cost_accuracy",
                                       "cost_accuracy_sd", "difference"])
