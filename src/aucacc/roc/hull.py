"""The ROC convex hull, iso-performance slopes and the ROCCH-hybrid (Provost & Fawcett 2001), in numpy."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from aucacc.roc.curves import auc_from_points

# Hull vertices closer than this to a straight line are dropped (rates are ratios of counts).
COLLINEAR_TOL = 1e-12


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


def rates(fpr, tpr) -> tuple[np.ndarray, np.ndarray]:
    """``(fpr, tpr)`` as flat float arrays of ROC points, checked.

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
    return x, y


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
    x, y = rates(fpr, tpr)
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
            if cross >= -COLLINEAR_TOL:  # left turn or straight: a is not an upper vertex
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


def _mix(hull: Hull, left: int, q: float) -> tuple[int, int, float, float, float]:
    """(l, r, q, fpr, tpr) of the hybrid that uses vertex ``left + 1``'s decision with probability q."""
    if q <= 0 or left == hull.fpr.size - 1:
        return left, left, 0.0, float(hull.fpr[left]), float(hull.tpr[left])
    r = left + 1
    return (left, r, float(q), float(hull.fpr[left] + q * (hull.fpr[r] - hull.fpr[left])),
            float(hull.tpr[left] + q * (hull.tpr[r] - hull.tpr[left])))


def hybrid_for_workforce(hull: Hull, n_pos: int, n_neg: int, k: float) -> tuple[int, int, float, float, float]:
    """ROCCH-hybrid under a workforce constraint: at most ``k`` instances predicted positive
    (Provost & Fawcett 2001: maximise TP subject to TP·P + FP·N ≤ K, rates TP, FP, counts P, N).

    The number predicted positive, ``TPR·P + FPR·N``, grows strictly along the hull, and so does
    TPR, so the best the hull offers is the point where it meets the line TPR·P + FPR·N = K:
    between vertices ``l`` and ``r`` the hybrid uses ``r``'s decision with probability
    ``q = (K − c_l) / (c_r − c_l)``, ``c`` the vertices' numbers predicted positive.

    Parameters
    ----------
    hull : Hull.
    n_pos, n_neg : int > 0 — the positives P and negatives N the rates refer to.
    k : float ≥ 0 — instances that can be predicted positive (K ≥ P + N: always positive).

    Returns
    -------
    (l, r, q, fpr, tpr) — vertex positions in ``hull``, the probability of using ``r``, and the
    expected rates. At a vertex ``l == r`` and ``q = 0``.

    Raises
    ------
    ValueError
        ``k`` negative or NaN, or a class size not positive.
    """
    if not k >= 0:
        raise ValueError(f"workforce k must be >= 0, got {k}")
    if n_pos <= 0 or n_neg <= 0:
        raise ValueError(f"class sizes must be > 0, got P = {n_pos}, N = {n_neg}")
    c = hull.tpr * n_pos + hull.fpr * n_neg
    left = int(np.searchsorted(c, k, side="right") - 1)
    if left == c.size - 1 or c[left] == k:
        return _mix(hull, left, 0.0)
    return _mix(hull, left, (k - c[left]) / (c[left + 1] - c[left]))


def hybrid_for_precision(hull: Hull, n_pos: int, n_neg: int, min_precision: float) -> tuple[int, int, float, float,
                                                                                             float]:
    """ROCCH-hybrid under a precision constraint: the highest TPR with precision ≥ ``min_precision``
    (Provost & Fawcett 2001, precision at a cutoff).

    Precision TPR·P / (TPR·P + FPR·N) ≥ p is TPR ≥ s·FPR with s = p·N / ((1 − p)·P): the region
    above a line through (0, 0). On the concave hull, h = TPR − s·FPR is ≥ 0 from (0, 0) up to
    the point where the hull crosses that line and negative after it, so the answer is that
    crossing: between vertices ``l`` (h_l ≥ 0) and ``r`` (h_r < 0) the hybrid uses ``r`` with
    probability ``q = h_l / (h_l − h_r)``, which has precision exactly p. When the hull never
    leaves the region the answer is (1, 1); when it leaves it at once, (0, 0) (no instance
    predicted positive: no classifier on the hull reaches that precision).

    Parameters
    ----------
    hull : Hull.
    n_pos, n_neg : int > 0.
    min_precision : float in [0, 1).

    Returns
    -------
    (l, r, q, fpr, tpr) as in :func:`hybrid_for_workforce`.

    Raises
    ------
    ValueError
        ``min_precision`` outside [0, 1), or a class size not positive.
    """
    if not 0 <= min_precision < 1:
        raise ValueError(f"min precision must lie in [0, 1), got {min_precision}")
    if n_pos <= 0 or n_neg <= 0:
        raise ValueError(f"class sizes must be > 0, got P = {n_pos}, N = {n_neg}")
    s = min_precision * n_neg / ((1 - min_precision) * n_pos)
    h = hull.tpr - s * hull.fpr
    out = np.flatnonzero(h[1:] < -COLLINEAR_TOL)  # h[0] = 0 at (0, 0)
    if not out.size:
        return _mix(hull, hull.fpr.size - 1, 0.0)
    r = int(out[0]) + 1
    return _mix(hull, r - 1, float(h[r - 1] / (h[r - 1] - h[r])))
