"""ROC points of a scored test set, AUC by trapezoids, vertical and threshold averaging (Fawcett 2006)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from aucacc.evaluation.metrics import PROBABILITY_TOLERANCE, SCORE_TIE_TOL, class_score, tie_groups
from aucacc.scores import score_classes

@dataclass(frozen=True)
class RocCurve:
    """ROC points of one scored test set, in order of decreasing threshold.

    Attributes
    ----------
    fpr, tpr : float arrays, shape (k,) — from (0, 0) to (1, 1), both non-decreasing.
    thresholds : float array, shape (k,) — ``thresholds[0] = +inf``; point ``i`` predicts
        positive iff ``score >= thresholds[i]``; non-increasing (two tie groups of the ranking key can share a score, e.g. ``p = 1`` of two instances whose other class's tiny probabilities differ).
    n_pos, n_neg : numbers of positive and negative instances.
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    n_pos: int
    n_neg: int

    @property
    def auc(self) -> float:
        """Area under the points by trapezoids (:func:`auc_from_points`)."""
        return auc_from_points(self.fpr, self.tpr)


def ranking_key(scores, positive: str) -> np.ndarray:
    """The key that ranks a scores frame's instances for class ``positive`` under the tie rule.

    :func:`aucacc.evaluation.metrics.class_score`: with two classes the log-odds of both ``p:``
    columns, ``log p:<positive> − log p:<other>``, the stored AUC's ranking whatever the class
    order; with more classes ``log p:<positive>`` (one-vs-rest), whose ties are relative
    (:func:`aucacc.evaluation.metrics.tie_groups`). For :func:`roc_points`' ``key``.

    Parameters
    ----------
    scores : DataFrame with columns ``p:<class>…`` (:mod:`aucacc.scores`).
    positive : the positive class.

    Returns
    -------
    float array, shape (n,).

    Raises
    ------
    ValueError
        ``p:<positive>`` is not a column.
    """
    classes = score_classes(scores)
    if str(positive) not in classes:
        raise ValueError(f"scores have no column 'p:{positive}' (columns: {list(scores.columns)})")
    P = scores[[f"p:{c}" for c in classes]].to_numpy(dtype=float)
    return class_score(P, classes.index(str(positive)))


def roc_points(positive, score, key=None) -> RocCurve:
    """ROC points of a scored test set, one per tie group of scores (Fawcett 2006, Alg. 2).

    Instances with tied scores are passed by one threshold together, so a tie between
    ``a`` positives and ``b`` negatives is a single diagonal step of (b/N, a/P) — no
    optimistic or pessimistic ordering within the tie. Scores tie when equal up to rounding:
    the :func:`aucacc.evaluation.metrics.tie_groups` of ``key`` (by default ``score`` itself;
    a two-class data set passes :func:`ranking_key`, the class score of both probability
    columns, so the points are those of the stored AUC whatever the class order).

    Parameters
    ----------
    positive : bool array, shape (n,) — True for the positive class.
    score : float array, shape (n,) — higher means more likely positive; the thresholds are its values.
    key : optional float array, shape (n,) — the ranking score whose tie groups make the points,
        increasing with ``score`` (up to rounding); default ``score``.

    Returns
    -------
    RocCurve with ``k = (number of tie groups) + 1`` points; the threshold of a group is its
    lowest ``score``.

    Raises
    ------
    ValueError
        Shapes differ, a score is NaN, either class is absent (rates undefined), or ``key``
        orders two groups against ``score`` (their thresholds would not decrease).
    """
    positive = np.asarray(positive, dtype=bool)
    score = np.asarray(score, dtype=float)
    if positive.shape != score.shape or positive.ndim != 1:
        raise ValueError(f"positive and score must be 1-d of equal shape, got {positive.shape}, {score.shape}")
    if np.isnan(score).any():
        raise ValueError("score contains NaN")
    n_pos = int(positive.sum())
    n_neg = positive.size - n_pos
    if n_pos == 0 or n_neg == 0:
        raise ValueError("ROC points are undefined when only one class is present")
    key = score if key is None else np.asarray(key, dtype=float)
    if key.shape != score.shape:
        raise ValueError(f"key must have the shape of score {score.shape}, got {key.shape}")
    groups = tie_groups(key, SCORE_TIE_TOL)
    order = np.lexsort((-score, -groups))  # by group, highest first; in a group by score, lowest last
    g, s, p = groups[order], score[order], positive[order]
    tp, fp = np.cumsum(p), np.cumsum(~p)
    # Last instance of each tie group: the threshold passes the whole group at once.
    last = np.r_[g[1:] != g[:-1], True]
    fpr = np.r_[0.0, fp[last] / n_neg]
    tpr = np.r_[0.0, tp[last] / n_pos]
    thr = np.r_[np.inf, s[last]]
    # A two-class key (log-odds of both columns) can rank a group above another whose p:<positive> is a rounding
    # error higher (p = 1.0 beside 1e-17, and 0.9999999999999999 beside 1e-20: the information is in the other
    # column). Such a group takes the threshold of the group above it, so the thresholds never increase and
    # "predict positive iff score >= t" passes both. More than a probability row's tolerance is an error.
    if (np.diff(thr) > PROBABILITY_TOLERANCE).any():
        raise ValueError("key ranks two tie groups against score by more than the probability rows' tolerance: "
                         "their thresholds do not decrease (a two-class key from probability rows that do not sum "
                         "to 1?)")
    thr = np.minimum.accumulate(thr)
    return RocCurve(fpr=fpr, tpr=tpr, thresholds=thr, n_pos=n_pos, n_neg=n_neg)


def auc_from_points(fpr, tpr) -> float:
    """Area under a polyline of ROC points by trapezoids (Fawcett 2006, Alg. 3).

    Parameters
    ----------
    fpr, tpr : float arrays, shape (k,) — points ordered by non-decreasing ``fpr``.

    With :func:`roc_points` this is the Wilcoxon–Mann–Whitney statistic with ties counted ½,
    i.e. :func:`aucacc.evaluation.metrics.rank_auc`.

    Raises
    ------
    ValueError
        Shapes differ, fewer than two points, or ``fpr`` decreases somewhere.
    """
    fpr, tpr = np.asarray(fpr, dtype=float), np.asarray(tpr, dtype=float)
    if fpr.shape != tpr.shape or fpr.ndim != 1 or fpr.size < 2:
        raise ValueError(f"fpr and tpr must be 1-d of equal length >= 2, got {fpr.shape}, {tpr.shape}")
    dx = np.diff(fpr)
    if (dx < 0).any():
        raise ValueError("fpr must be non-decreasing")
    return float(np.sum(dx * (tpr[1:] + tpr[:-1]) / 2))


def tpr_at_fpr(curve: RocCurve, fpr_grid) -> np.ndarray:
    """TPR of a curve at given FPRs, interpolating linearly (Fawcett 2006, Alg. 4, TPR_FOR_FPR).

    Where the curve has several points at exactly the requested FPR (a vertical run) the
    highest TPR is taken, as Fawcett's loop stops at the last point with ``FP <= fpr``.

    Parameters
    ----------
    curve : RocCurve.
    fpr_grid : float array, shape (g,) — values in [0, 1].

    Returns
    -------
    float array, shape (g,).
    """
    x = np.asarray(fpr_grid, dtype=float)
    if ((x < 0) | (x > 1)).any():
        raise ValueError("fpr_grid values must lie in [0, 1]")
    fpr, tpr = curve.fpr, curve.tpr
    i = np.searchsorted(fpr, x, side="right") - 1  # last point with fpr <= x
    i = np.clip(i, 0, fpr.size - 1)
    j = np.minimum(i + 1, fpr.size - 1)
    exact = fpr[i] == x
    with np.errstate(divide="ignore", invalid="ignore"):
        frac = np.where(fpr[j] > fpr[i], (x - fpr[i]) / (fpr[j] - fpr[i]), 0.0)
    return np.where(exact, tpr[i], tpr[i] + frac * (tpr[j] - tpr[i]))


def point_at_threshold(curve: RocCurve, thresholds) -> tuple[np.ndarray, np.ndarray]:
    """(FPR, TPR) of "predict positive iff score >= t" (Fawcett 2006, Alg. 5, ROC_POINT_AT_THRESHOLD).

    Parameters
    ----------
    curve : RocCurve.
    thresholds : float array, shape (g,) — any values; ``+inf`` gives (0, 0).

    Returns
    -------
    (fpr, tpr), float arrays of shape (g,).
    """
    t = np.asarray(thresholds, dtype=float)
    # thresholds are non-increasing: the last point whose threshold is >= t (past every group of equal score).
    i = np.searchsorted(-curve.thresholds, -t, side="right") - 1
    i = np.clip(i, 0, curve.fpr.size - 1)
    return curve.fpr[i], curve.tpr[i]


@dataclass(frozen=True)
class VerticalAverage:
    """Vertically averaged ROC curve (Fawcett 2006, Alg. 4).

    Attributes
    ----------
    fpr : float array, shape (g,) — the fixed FPR grid.
    tpr_mean, tpr_sd : float arrays, shape (g,) — mean and sample sd (ddof = 1; 0 for one
        curve) of the curves' TPR at each grid FPR.
    n_curves : number of averaged curves.
    """

    fpr: np.ndarray
    tpr_mean: np.ndarray
    tpr_sd: np.ndarray
    n_curves: int

    @property
    def auc(self) -> float:
        return auc_from_points(self.fpr, self.tpr_mean)


def _sd(a: np.ndarray) -> np.ndarray:
    return a.std(axis=0, ddof=1) if a.shape[0] > 1 else np.zeros(a.shape[1])


def _check_curves(curves, **grid: int) -> list:
    """The curves as a list; ``ValueError`` if there are none or the grid size (one keyword) is below 2."""
    curves = list(curves)
    if not curves:
        raise ValueError("need at least one curve")
    for name, n in grid.items():
        if n < 2:
            raise ValueError(f"{name} must be >= 2, got {n}")
    return curves


def vertical_average(curves, n_points: int) -> VerticalAverage:
    """Average ROC curves at fixed FPRs (Fawcett 2006, §8.1, Alg. 4).

    Parameters
    ----------
    curves : sequence of RocCurve (e.g. one per test fold).
    n_points : number of equally spaced FPRs in [0, 1] (>= 2).

    Returns
    -------
    VerticalAverage on the grid ``linspace(0, 1, n_points)``.

    Raises
    ------
    ValueError
        No curves, or ``n_points < 2``.
    """
    curves = _check_curves(curves, n_points=n_points)
    grid = np.linspace(0.0, 1.0, n_points)
    tprs = np.vstack([tpr_at_fpr(c, grid) for c in curves])
    return VerticalAverage(fpr=grid, tpr_mean=tprs.mean(axis=0), tpr_sd=_sd(tprs), n_curves=len(curves))


@dataclass(frozen=True)
class ThresholdAverage:
    """Threshold-averaged ROC curve (Fawcett 2006, Alg. 5).

    Attributes
    ----------
    thresholds : float array, shape (g,) — decreasing, starting at ``+inf``.
    fpr_mean, fpr_sd, tpr_mean, tpr_sd : float arrays, shape (g,) — mean and sample sd
        (ddof = 1; 0 for one curve) over the curves of the point at each threshold.
    n_curves : number of averaged curves.
    """

    thresholds: np.ndarray
    fpr_mean: np.ndarray
    fpr_sd: np.ndarray
    tpr_mean: np.ndarray
    tpr_sd: np.ndarray
    n_curves: int


def threshold_average(curves, n_thresholds: int) -> ThresholdAverage:
    """Average ROC curves at common score thresholds (Fawcett 2006, §8.2, Alg. 5).

    The thresholds are sampled from the sorted distinct scores of all curves, equally spaced
    in rank as in Fawcett's ``for tidx = 1 to length(T) by int(length(T)/samples)``, always
    keeping the highest and the lowest score; ``+inf`` is put first so the curve starts at
    (0, 0). With fewer distinct scores than ``n_thresholds`` all of them are used.

    Parameters
    ----------
    curves : sequence of RocCurve whose thresholds are comparable (same score scale).
    n_thresholds : number of finite thresholds to sample (>= 2).

    Returns
    -------
    ThresholdAverage with ``min(n_thresholds, distinct scores) + 1`` thresholds.

    Raises
    ------
    ValueError
        No curves, or ``n_thresholds < 2``.
    """
    curves = _check_curves(curves, n_thresholds=n_thresholds)
    scores = np.unique(np.concatenate([c.thresholds[1:] for c in curves]))[::-1]
    if scores.size > n_thresholds:
        scores = scores[np.unique(np.round(np.linspace(0, scores.size - 1, n_thresholds)).astype(int))]
    t = np.r_[np.inf, scores]
    pts = [point_at_threshold(c, t) for c in curves]
    fp = np.vstack([p[0] for p in pts])
    tp = np.vstack([p[1] for p in pts])
    return ThresholdAverage(thresholds=t, fpr_mean=fp.mean(axis=0), fpr_sd=_sd(fp), tpr_mean=tp.mean(axis=0),
                            tpr_sd=_sd(tp), n_curves=len(curves))
