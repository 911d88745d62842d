"""ROC analysis of scored test sets: ROC points with ties, AUC, fold averaging, the ROC convex hull.

Sources
-------
- Fawcett (2006), *An introduction to ROC analysis*, Pattern Recognition Letters 27:861–874:
  Alg. 2 (efficient ROC points; tied scores form one diagonal segment), Alg. 3 (AUC by
  trapezoids), §8 Alg. 4 (vertical averaging) and Alg. 5 (threshold averaging).
- Provost & Fawcett (2001), *Robust classification for imprecise environments*, Machine
  Learning 42:203–231: iso-performance lines of slope ``m = c(Y,n) p(n) / (c(N,p) p(p))``
  (§2.2.1), the ROC convex hull ROCCH (§2.2.2–2.2.3), the dominating classifier per slope range
  (§4.2, their Table 2) and the ROCCH-hybrid with interpolation between hull vertices (§3.1).

Conventions
-----------
A point is labelled with the threshold ``t`` for which "predict positive iff score >= t" gives
it; the first point (0, 0) has ``t = +inf``. (Fawcett labels each point with the *next* score and
uses "score > t"; the point sets are the same.) Rates are fractions in 0–1. The library knows
nothing of Snakemake; the workflow scripts ``workflow/scripts/roc_*.py`` call it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

# Hull vertices closer than this to a straight line are dropped (rates are ratios of counts).
_COLLINEAR_TOL = 1e-12


@dataclass(frozen=True)
class RocCurve:
    """ROC points of one scored test set, in order of decreasing threshold.

    Attributes
    ----------
    fpr, tpr : float arrays, shape (k,) — from (0, 0) to (1, 1), both non-decreasing.
    thresholds : float array, shape (k,) — ``thresholds[0] = +inf``; point ``i`` predicts
        positive iff ``score >= thresholds[i]``; strictly decreasing.
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


def roc_points(positive, score) -> RocCurve:
    """ROC points of a scored test set, one per distinct score (Fawcett 2006, Alg. 2).

    Instances with equal scores are passed by one threshold together, so a tie between
    ``a`` positives and ``b`` negatives is a single diagonal step of (b/N, a/P) — no
    optimistic or pessimistic ordering within the tie.

    Parameters
    ----------
    positive : bool array, shape (n,) — True for the positive class.
    score : float array, shape (n,) — higher means more likely positive.

    Returns
    -------
    RocCurve with ``k = (number of distinct scores) + 1`` points.

    Raises
    ------
    ValueError
        Shapes differ, a score is NaN, or either class is absent (rates undefined).
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
    order = np.argsort(-score, kind="mergesort")
    s, p = score[order], positive[order]
    tp, fp = np.cumsum(p), np.cumsum(~p)
    # Last instance of each run of equal scores: the threshold passes the whole run at once.
    last = np.r_[s[1:] != s[:-1], True]
    fpr = np.r_[0.0, fp[last] / n_neg]
    tpr = np.r_[0.0, tp[last] / n_pos]
    thr = np.r_[np.inf, s[last]]
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
    # thresholds are strictly decreasing: the last point whose threshold is >= t.
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


def vertical_average(curves, n_points: int = 101) -> VerticalAverage:
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
    curves = list(curves)
    if not curves:
        raise ValueError("need at least one curve")
    if n_points < 2:
        raise ValueError(f"n_points must be >= 2, got {n_points}")
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


def threshold_average(curves, n_thresholds: int = 101) -> ThresholdAverage:
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
    curves = list(curves)
    if not curves:
        raise ValueError("need at least one curve")
    if n_thresholds < 2:
        raise ValueError(f"n_thresholds must be >= 2, got {n_thresholds}")
    scores = np.unique(np.concatenate([c.thresholds[1:] for c in curves]))[::-1]
    if scores.size > n_thresholds:
        scores = scores[np.unique(np.round(np.linspace(0, scores.size - 1, n_thresholds)).astype(int))]
    t = np.r_[np.inf, scores]
    pts = [point_at_threshold(c, t) for c in curves]
    fp = np.vstack([p[0] for p in pts])
    tp = np.vstack([p[1] for p in pts])
    return ThresholdAverage(thresholds=t, fpr_mean=fp.mean(axis=0), fpr_sd=_sd(fp), tpr_mean=tp.mean(axis=0),
                            tpr_sd=_sd(tp), n_curves=len(curves))


@dataclass(frozen=True)
class Hull:
    """Upper-left ROC convex hull from (0, 0) to (1, 1) (Provost & Fawcett 2001, §2.2.2).

    Attributes
    ----------
    fpr, tpr : float arrays, shape (h,) — the vertices by increasing FPR; first (0, 0), last (1, 1).
    index : int array, shape (h,) — position of each vertex in the input points, or -1 for an
        added trivial classifier ((0, 0) "always negative", (1, 1) "always positive").
    slope_min, slope_max : float arrays, shape (h,) — vertex ``i`` is optimal for
        iso-performance slopes ``m`` in [slope_min[i], slope_max[i]] (see :func:`slope_ranges`).
    """

    fpr: np.ndarray
    tpr: np.ndarray
    index: np.ndarray
    slope_min: np.ndarray = field(repr=False)
    slope_max: np.ndarray = field(repr=False)

    @property
    def auc(self) -> float:
        return auc_from_points(self.fpr, self.tpr)


def roc_convex_hull(fpr, tpr) -> Hull:
    """ROC convex hull of a set of ROC points (Provost & Fawcett 2001, §2.2.3), monotone chain.

    The trivial classifiers (0, 0) and (1, 1) are always available and are added, so the hull
    runs from (0, 0) to (1, 1) along its upper-left boundary; points on or below the diagonal
    never appear. Vertices on a straight line between two others are dropped (they are optimal
    for a single slope only, where the segment's ends are too). Of identical points the first
    in input order is kept, and an input point equal to (0, 0) or (1, 1) is reported as that
    input point.

    Parameters
    ----------
    fpr, tpr : float arrays, shape (n,) — points in [0, 1]² (n may be 0).

    Returns
    -------
    Hull with its vertices and their slope ranges.

    Raises
    ------
    ValueError
        Shapes differ, NaN, or a rate outside [0, 1].
    """
    x, y = np.asarray(fpr, dtype=float).ravel(), np.asarray(tpr, dtype=float).ravel()
    if x.shape != y.shape:
        raise ValueError(f"fpr and tpr must have equal length, got {x.size}, {y.size}")
    if np.isnan(x).any() or np.isnan(y).any() or ((x < 0) | (x > 1) | (y < 0) | (y > 1)).any():
        raise ValueError("rates must be numbers in [0, 1]")
    # Input points first so that identical trivial points keep their input label.
    px = np.r_[x, 0.0, 1.0]
    py = np.r_[y, 0.0, 1.0]
    idx = np.r_[np.arange(x.size), -1, -1]
    _, first = np.unique(np.c_[px, py], axis=0, return_index=True)
    first = np.sort(first)
    px, py, idx = px[first], py[first], idx[first]
    order = np.lexsort((py, px))  # by fpr, then tpr
    hull: list[int] = []
    for k in order:
        while len(hull) >= 2:
            o, a = hull[-2], hull[-1]
            cross = (px[a] - px[o]) * (py[k] - py[o]) - (py[a] - py[o]) * (px[k] - px[o])
            if cross >= -_COLLINEAR_TOL:  # left turn or straight: a is not an upper vertex
                hull.pop()
            else:
                break
        hull.append(k)
    # The upper chain starts at the lowest point of fpr 0, which is (0, 0) — added above.
    h = np.array(hull)
    hx, hy = px[h], py[h]
    smin, smax = slope_ranges(hx, hy)
    return Hull(fpr=hx, tpr=hy, index=idx[h], slope_min=smin, slope_max=smax)


def slope_ranges(fpr, tpr) -> tuple[np.ndarray, np.ndarray]:
    """Iso-performance slopes for which each hull vertex is optimal (Provost & Fawcett 2001, §2.2.1, §4.2).

    A classifier at (FP, TP) has expected cost ``p(p)(1 − TP) c(N,p) + p(n) FP c(Y,n)``, so for
    slope ``m = c(Y,n) p(n) / (c(N,p) p(p))`` the best point maximises ``TP − m·FP``. On a
    concave hull with segment slopes ``s_1 > s_2 > … > s_{h−1}`` vertex ``i`` is optimal for
    ``m`` in ``[s_{i+1}, s_i]``, with ``s_0 = +inf`` and ``s_h = 0``.

    Parameters
    ----------
    fpr, tpr : float arrays, shape (h,) — hull vertices by increasing FPR (:func:`roc_convex_hull`).

    Returns
    -------
    (slope_min, slope_max), float arrays of shape (h,). A vertical first segment gives
    (0, 0) the empty range [inf, inf]; a horizontal last one gives (1, 1) the range [0, 0].
    """
    x, y = np.asarray(fpr, dtype=float), np.asarray(tpr, dtype=float)
    dx, dy = np.diff(x), np.diff(y)
    with np.errstate(divide="ignore", invalid="ignore"):
        seg = np.where(dx > 0, dy / np.where(dx > 0, dx, 1.0), np.inf)
    return np.r_[seg, 0.0], np.r_[np.inf, seg]


def iso_slope(cost_fp: float, cost_fn: float, p_pos: float) -> float:
    """Iso-performance slope ``m = c(Y,n) p(n) / (c(N,p) p(p))`` (Provost & Fawcett 2001, eq. 1).

    Parameters
    ----------
    cost_fp : cost of a false positive, c(Y, n) > 0.
    cost_fn : cost of a false negative, c(N, p) > 0.
    p_pos : prior of the positive class, in (0, 1).

    Raises
    ------
    ValueError
        A cost not positive or ``p_pos`` outside (0, 1).
    """
    if cost_fp <= 0 or cost_fn <= 0 or not 0 < p_pos < 1:
        raise ValueError("costs must be > 0 and p_pos in (0, 1)")
    return cost_fp * (1 - p_pos) / (cost_fn * p_pos)


def hybrid_for_slope(hull: Hull, m: float) -> int:
    """ROCCH-hybrid for known conditions: the hull vertex optimal at slope ``m`` (Provost & Fawcett 2001, §3.1).

    Parameters
    ----------
    hull : Hull.
    m : iso-performance slope >= 0 (:func:`iso_slope`).

    Returns
    -------
    Position of the vertex in ``hull`` (use ``hull.index`` for the input point). At a slope
    equal to a segment's both ends are optimal; the one with the lower FPR is returned.

    Raises
    ------
    ValueError
        ``m`` negative or NaN.
    """
    if not m >= 0:
        raise ValueError(f"slope must be >= 0, got {m}")
    ok = np.flatnonzero((hull.slope_min <= m) & (m <= hull.slope_max))
    return int(ok[0])


def hybrid_for_fpr(hull: Hull, x: float) -> tuple[int, int, float, float]:
    """ROCCH-hybrid for a target FPR: interpolate between two hull vertices (Provost & Fawcett 2001, §3.1).

    On the segment between vertices ``l`` and ``r`` with ``FP_l <= x <= FP_r`` the hybrid
    emits ``r``'s decision with probability ``q = (x − FP_l) / (FP_r − FP_l)`` and ``l``'s
    otherwise; its expected rates are (x, TP_l + q (TP_r − TP_l)).

    Parameters
    ----------
    hull : Hull.
    x : target false-positive rate in [0, 1].

    Returns
    -------
    (l, r, q, tpr) — vertex positions in ``hull``, the probability of using ``r`` and the
    expected TPR. At a vertex ``l == r`` and ``q = 0`` (the highest vertex at that FPR).

    Raises
    ------
    ValueError
        ``x`` outside [0, 1].
    """
    if not 0 <= x <= 1:
        raise ValueError(f"target fpr must lie in [0, 1], got {x}")
    fpr, tpr = hull.fpr, hull.tpr
    left = int(np.searchsorted(fpr, x, side="right") - 1)
    if fpr[left] == x or left == fpr.size - 1:
        return left, left, 0.0, float(tpr[left])
    right = left + 1
    q = float((x - fpr[left]) / (fpr[right] - fpr[left]))
    return left, right, q, float(tpr[left] + q * (tpr[right] - tpr[left]))


# ---------------------------------------------------------------------------------------------
# Stored cross-validation scores → curves, operating points, hull tables (used by the workflow).
# ---------------------------------------------------------------------------------------------

ALWAYS_NEGATIVE = "(always negative)"
ALWAYS_POSITIVE = "(always positive)"
HULL_POINTS = ("threshold", "pooled", "vertical")
_KIND_LABEL = {"threshold": "threshold-averaged", "pooled": "pooled-fold", "vertical": "vertically averaged"}


def fold_curves(scores, positive: str) -> tuple[list[RocCurve], list[int]]:
    """One ROC curve per test fold of a stored scores frame, ranking by ``p:<positive>``.

    Parameters
    ----------
    scores : DataFrame with columns ``fold, y_true, p:<class>…``
        (:func:`aucacc.evaluation.cross_validate.cross_validate`).
    positive : the class treated as positive (one-vs-rest for more than two classes).

    Returns
    -------
    (curves, folds) — the curves and their fold ids. Folds without both classes are left out
    (their ROC points are undefined); compare ``len(folds)`` with the number of folds.

    Raises
    ------
    ValueError
        ``p:<positive>`` is not a column.
    """
    col = f"p:{positive}"
    if col not in scores.columns:
        raise ValueError(f"scores have no column {col!r} (columns: {list(scores.columns)})")
    curves, folds = [], []
    for k, g in scores.groupby("fold", sort=True):
        pos = (g["y_true"].astype(str) == str(positive)).to_numpy()
        if pos.all() or not pos.any():
            continue
        curves.append(roc_points(pos, g[col].to_numpy()))
        folds.append(int(k))
    return curves, folds


def operating_points(curves, kind: str = "threshold", n_points: int = 101, n_thresholds: int = 101,
                     pooled: RocCurve | None = None):
    """Candidate operating points of one learner for the hull, as a frame.

    Parameters
    ----------
    curves : the learner's fold curves.
    kind : ``"threshold"`` — threshold-averaged points (Fawcett 2006, Alg. 5; each has a score
        threshold and fold sd of both rates); ``"pooled"`` — the ROC points of all folds' test
        instances merged (needs ``pooled``; the sd columns are NaN); ``"vertical"`` —
        vertically averaged points (Alg. 4; no threshold, so ``threshold`` is NaN).
    n_points, n_thresholds : grid sizes of the two averages.
    pooled : the pooled curve, for ``kind="pooled"``.

    Returns
    -------
    DataFrame with columns ``threshold, fpr, tpr, fpr_sd, tpr_sd`` (one row per point; the
    trivial end points (0, 0) and (1, 1) are dropped, every learner has them).

    Raises
    ------
    ValueError
        Unknown ``kind``, or ``kind="pooled"`` without ``pooled``.
    """
    import pandas as pd

    if kind == "threshold":
        t = threshold_average(curves, n_thresholds)
        df = pd.DataFrame({"threshold": t.thresholds, "fpr": t.fpr_mean, "tpr": t.tpr_mean,
                           "fpr_sd": t.fpr_sd, "tpr_sd": t.tpr_sd})
    elif kind == "pooled":
        if pooled is None:
            raise ValueError("kind='pooled' needs the pooled curve")
        nan = np.full(pooled.fpr.size, np.nan)
        df = pd.DataFrame({"threshold": pooled.thresholds, "fpr": pooled.fpr, "tpr": pooled.tpr,
                           "fpr_sd": nan, "tpr_sd": nan})
    elif kind == "vertical":
        v = vertical_average(curves, n_points)
        df = pd.DataFrame({"threshold": np.nan, "fpr": v.fpr, "tpr": v.tpr_mean, "fpr_sd": 0.0, "tpr_sd": v.tpr_sd})
    else:
        raise ValueError(f"kind must be one of {HULL_POINTS}, got {kind!r}")
    trivial = ((df["fpr"] == 0) & (df["tpr"] == 0)) | ((df["fpr"] == 1) & (df["tpr"] == 1))
    return df.loc[~trivial].reset_index(drop=True)


def rocch_table(points):
    """ROC convex hull over several learners' points, with each vertex's slope range.

    Parameters
    ----------
    points : DataFrame with columns ``learner, fpr, tpr`` (and any others, e.g. ``threshold``,
        carried along), e.g. :func:`operating_points` of every learner stacked.

    Returns
    -------
    DataFrame, one row per hull vertex by increasing FPR: the input columns of that point
    (``learner`` is ``"(always negative)"`` / ``"(always positive)"`` for the trivial end points
    (0, 0) and (1, 1)), ``slope_min``, ``slope_max`` (the vertex is optimal for iso-performance
    slopes in that range, Provost & Fawcett 2001 §2.2.1), ``vertex`` (0, 1, …) and ``tied_with``
    (other learners with exactly the same point; the first in input order is the vertex).
    """
    import pandas as pd

    pts = points.reset_index(drop=True)
    h = roc_convex_hull(pts["fpr"].to_numpy(), pts["tpr"].to_numpy())
    rows = []
    for i, k in enumerate(h.index):
        if k >= 0:
            rec = pts.iloc[int(k)].to_dict()
        else:
            rec = {c: np.nan for c in pts.columns}
            rec.update(learner=ALWAYS_NEGATIVE if h.fpr[i] == 0 else ALWAYS_POSITIVE, fpr=float(h.fpr[i]),
                       tpr=float(h.tpr[i]))
            if "threshold" in pts.columns:
                rec["threshold"] = np.inf if h.fpr[i] == 0 else -np.inf
        # Other learners with the very same point (e.g. several perfect at (0, 1)).
        same = (np.abs(pts["fpr"] - h.fpr[i]) < _COLLINEAR_TOL) & (np.abs(pts["tpr"] - h.tpr[i]) < _COLLINEAR_TOL)
        others = [x for x in dict.fromkeys(pts.loc[same, "learner"]) if x != rec["learner"]]
        rec.update(vertex=i, slope_min=float(h.slope_min[i]), slope_max=float(h.slope_max[i]),
                   tied_with=", ".join(others))
        rows.append(rec)
    return pd.DataFrame(rows)


def dominators(hull):
    """Merge consecutive hull vertices of one learner into slope ranges (Provost & Fawcett 2001, Table 2).

    Parameters
    ----------
    hull : :func:`rocch_table` output.

    Returns
    -------
    DataFrame with columns ``learner, slope_min, slope_max, n_vertices, tied_with`` (learners
    with the very same point at some merged vertex), ordered from the flattest slopes (many
    positives predicted) to the steepest, as Provost & Fawcett list them; empty ranges (a
    vertical first or horizontal last hull segment) are left out.
    """
    import pandas as pd

    out: list[dict] = []
    for r in hull.sort_values("vertex", ascending=False).to_dict("records"):
        if r["slope_min"] == r["slope_max"]:
            continue
        tied = [x.strip() for x in str(r.get("tied_with") or "").split(",") if x.strip() and x.strip() != "nan"]
        if out and out[-1]["learner"] == r["learner"]:
            out[-1]["slope_max"] = r["slope_max"]
            out[-1]["n_vertices"] += 1
            out[-1]["tied"] += [x for x in tied if x not in out[-1]["tied"]]
        else:
            out.append({"learner": r["learner"], "slope_min": r["slope_min"], "slope_max": r["slope_max"],
                        "n_vertices": 1, "tied": tied})
    for o in out:
        o["tied_with"] = ", ".join(o.pop("tied"))
    return pd.DataFrame(out, columns=["learner", "slope_min", "slope_max", "n_vertices", "tied_with"])


def hybrid_choices(hull, slopes):
    """ROCCH-hybrid for given iso-performance slopes: which learner, threshold and point to use.

    Parameters
    ----------
    hull : :func:`rocch_table` output.
    slopes : iterable of slopes ``m >= 0`` (:func:`iso_slope`).

    Returns
    -------
    DataFrame, one row per slope: ``slope`` and the chosen vertex's columns (``learner``,
    ``threshold`` if present, ``fpr``, ``tpr``, …); ties go to the lower FPR (:func:`hybrid_for_slope`).
    """
    import pandas as pd

    hull = hull.sort_values("vertex").reset_index(drop=True)
    h = Hull(fpr=hull["fpr"].to_numpy(float), tpr=hull["tpr"].to_numpy(float), index=hull.index.to_numpy(),
             slope_min=hull["slope_min"].to_numpy(float), slope_max=hull["slope_max"].to_numpy(float))
    rows = []
    for m in slopes:
        rows.append({"slope": float(m), **hull.iloc[hybrid_for_slope(h, float(m))].to_dict()})
    return pd.DataFrame(rows)


def positive_class(classes, y_true, override: str | None = None) -> str:
    """The class treated as positive: ``override`` if given, else the minority class.

    Parameters
    ----------
    classes : the data's class labels in order.
    y_true : array, shape (n,) — true labels (for the class counts).
    override : a configured positive class.

    Returns the label; ties in count go to the later class (the metric module ranks by the
    second class of a binary data set).

    Raises
    ------
    ValueError
        ``override`` is not one of ``classes``.
    """
    classes = [str(c) for c in classes]
    if override is not None:
        if str(override) not in classes:
            raise ValueError(f"positive class {override!r} is not a class of the data ({classes})")
        return str(override)
    y = np.asarray(y_true).astype(str)
    counts = [int((y == c).sum()) for c in classes]
    return classes[len(counts) - 1 - int(np.argmin(counts[::-1]))]


def analyse(frames, positive: str, hull_points: str = "threshold", n_points: int = 101,
            n_thresholds: int = 101) -> dict:
    """ROC analysis of several learners' stored scores on one data set, for one positive class.

    Parameters
    ----------
    frames : mapping learner -> scores frame (:func:`fold_curves`), same instances and folds.
    positive : the positive class (one-vs-rest for more than two classes).
    hull_points : which points the hull is built from (:func:`operating_points`).
    n_points, n_thresholds : grid sizes of vertical and threshold averaging.

    Returns
    -------
    dict with
        ``curves`` — DataFrame ``learner, kind, threshold, fpr, tpr, fpr_sd, tpr_sd``, kind
        ``vertical`` (Alg. 4), ``threshold`` (Alg. 5) or ``pooled`` (all folds merged);
        ``folds`` — DataFrame ``learner, fold, auc_points, n_points`` (trapezoid AUC of each fold's
        ROC points and the number of points);
        ``hull`` — :func:`rocch_table` over every learner's ``hull_points`` points.

    Raises
    ------
    ValueError
        A learner has no fold with both classes, or the frames' instances differ.
    """
    import pandas as pd

    curves_rows, fold_rows, cand = [], [], []
    ref = None
    for learner, sc in frames.items():
        key = sc.sort_values("row")[["row", "fold", "y_true"]].to_numpy()
        if ref is None:
            ref = key
        elif key.shape != ref.shape or not (key == ref).all():
            raise ValueError(f"learner {learner!r}: instances or folds differ from the other learners'")
        curves, folds = fold_curves(sc, positive)
        if not curves:
            raise ValueError(f"learner {learner!r}: no fold has both classes")
        pooled = roc_points((sc["y_true"].astype(str) == str(positive)).to_numpy(), sc[f"p:{positive}"].to_numpy())
        v = vertical_average(curves, n_points)
        t = threshold_average(curves, n_thresholds)
        curves_rows += [
            pd.DataFrame({"learner": learner, "kind": "vertical", "threshold": np.nan, "fpr": v.fpr,
                          "tpr": v.tpr_mean, "fpr_sd": 0.0, "tpr_sd": v.tpr_sd}),
            pd.DataFrame({"learner": learner, "kind": "threshold", "threshold": t.thresholds, "fpr": t.fpr_mean,
                          "tpr": t.tpr_mean, "fpr_sd": t.fpr_sd, "tpr_sd": t.tpr_sd}),
            pd.DataFrame({"learner": learner, "kind": "pooled", "threshold": pooled.thresholds, "fpr": pooled.fpr,
                          "tpr": pooled.tpr, "fpr_sd": np.nan, "tpr_sd": np.nan}),
        ]
        fold_rows += [{"learner": learner, "fold": k, "auc_points": c.auc, "n_points": c.fpr.size}
                      for c, k in zip(curves, folds)]
        cand.append(operating_points(curves, hull_points, n_points, n_thresholds, pooled).assign(learner=learner))
    hull = rocch_table(pd.concat(cand, ignore_index=True)[["learner", "threshold", "fpr", "tpr", "fpr_sd", "tpr_sd"]])
    return {"curves": pd.concat(curves_rows, ignore_index=True), "folds": pd.DataFrame(fold_rows), "hull": hull}


def plot_roc(ax, curves, hull, folds=None, zoom=None, legend: bool = True, bands: bool = True,
             hull_points: str = "vertical"):
    """Draw vertically averaged curves ± 1 sd and the ROCCH on a matplotlib axes.

    Parameters
    ----------
    ax : matplotlib Axes.
    curves, hull, folds : the frames of :func:`analyse` (``folds`` adds the mean ± sd fold AUC
        to each legend entry).
    zoom : optional ``(fpr_max, tpr_min)`` — axis limits of a close-up of the upper-left corner.
    legend : draw the legend.
    bands : shade the ± 1 sd band of each vertical average.
    hull_points : the ``kind`` of points the hull was built from; unless ``"vertical"`` those
        curves are drawn dotted too, since the hull encloses them, not the vertical averages.
    """
    import matplotlib.pyplot as plt

    learners = list(dict.fromkeys(curves["learner"]))
    colors = {lrn: plt.get_cmap("tab10")(i) for i, lrn in enumerate(learners)}
    ax.plot([0, 1], [0, 1], ls=":", color="0.6", lw=1, label="random (AUC 0.5)")
    for lrn in learners:
        v = curves[(curves["learner"] == lrn) & (curves["kind"] == "vertical")]
        label = lrn
        if folds is not None and len(folds):
            a = folds.loc[folds["learner"] == lrn, "auc_points"]
            label = f"{lrn} (AUC {a.mean():.3f} ± {a.std(ddof=1) if len(a) > 1 else 0:.3f})"
        ax.plot(v["fpr"], v["tpr"], color=colors[lrn], lw=1.6, label=label)
        if bands:
            ax.fill_between(v["fpr"], np.clip(v["tpr"] - v["tpr_sd"], 0, 1), np.clip(v["tpr"] + v["tpr_sd"], 0, 1),
                            color=colors[lrn], alpha=0.15, lw=0)
    if hull_points != "vertical":
        for i, lrn in enumerate(learners):
            p = curves[(curves["learner"] == lrn) & (curves["kind"] == hull_points)]
            ax.plot(p["fpr"], p["tpr"], color=colors[lrn], ls=":", lw=1.1,
                    label=f"dotted: {_KIND_LABEL[hull_points]} points (hull input)" if i == 0 else None)
    ax.plot(hull["fpr"], hull["tpr"], color="k", ls="--", lw=1.2,
            label=f"ROCCH (area {hull_auc(hull):.3f}); dots: vertices, colour = learner")
    for lrn, g in hull.groupby("learner", sort=False):
        ax.scatter(g["fpr"], g["tpr"], s=28, zorder=3, edgecolor="k", linewidth=0.6,
                   color=colors.get(lrn, "white"), marker="o" if lrn in colors else "s")
    if zoom is None:
        ax.set_xlim(-0.01, 1.01)
        ax.set_ylim(-0.01, 1.01)
    else:
        ax.set_xlim(-0.002, zoom[0])
        ax.set_ylim(zoom[1], 1.002)
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("true positive rate")
    ax.grid(alpha=0.3)
    if legend:
        ax.legend(loc="lower right", fontsize=8, framealpha=0.9)


def hull_auc(hull) -> float:
    """Area under the hull of a :func:`rocch_table` frame."""
    h = hull.sort_values("vertex")
    return auc_from_points(h["fpr"].to_numpy(float), h["tpr"].to_numpy(float))


def zoom_box(hull, sizes=(0.05, 0.1, 0.2, 0.3, 0.5)):
    """Smallest upper-left box ``[0, z] × [1 − z, 1]`` whose centre the hull passes above (TPR >= 1 − z/2 at FPR z/2).

    Returns ``(z, 1 − z)`` or None when no listed size fits (the hull is far from the corner).
    """
    h = hull.sort_values("vertex")
    hx = Hull(fpr=h["fpr"].to_numpy(float), tpr=h["tpr"].to_numpy(float), index=np.arange(len(h)),
              slope_min=h["slope_min"].to_numpy(float), slope_max=h["slope_max"].to_numpy(float))
    for z in sizes:
        if hybrid_for_fpr(hx, z / 2)[3] >= 1 - z / 2:
            return z, 1 - z
    return None


def hybrid_at_fprs(hull, fprs):
    """ROCCH-hybrid for target false-positive rates (Neyman–Pearson): the two vertices to mix.

    Parameters
    ----------
    hull : :func:`rocch_table` output.
    fprs : iterable of target FPRs in [0, 1].

    Returns
    -------
    DataFrame, one row per target: ``target_fpr``, the left and right vertices' ``learner_*``,
    ``threshold_*`` (if present), ``fpr_*``, ``tpr_*``, ``q`` (probability of using the right
    vertex's decision) and the expected ``tpr`` (:func:`hybrid_for_fpr`). At a vertex both
    sides are that vertex and ``q = 0``.
    """
    import pandas as pd

    hull = hull.sort_values("vertex").reset_index(drop=True)
    h = Hull(fpr=hull["fpr"].to_numpy(float), tpr=hull["tpr"].to_numpy(float), index=hull.index.to_numpy(),
             slope_min=hull["slope_min"].to_numpy(float), slope_max=hull["slope_max"].to_numpy(float))
    rows = []
    for x in fprs:
        left, right, q, tp = hybrid_for_fpr(h, float(x))
        rec = {"target_fpr": float(x)}
        for side, k in (("left", left), ("right", right)):
            for col in ("learner", "threshold", "fpr", "tpr"):
                if col in hull.columns:
                    rec[f"{col}_{side}"] = hull.at[k, col]
        rec.update(q=q, tpr=tp)
        rows.append(rec)
    return pd.DataFrame(rows)
