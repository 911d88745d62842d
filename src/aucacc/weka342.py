"""Weka 3.4.2's ROC area (``ThresholdCurve`` revision 1.17), reproduced operation for operation.

Huang & Ling ran their experiments in 2003–04, when Weka's ``ThresholdCurve`` had a bug that
was fixed in 3.4.3 ("one instance being on the wrong side of the threshold"). This module
emulates the 3.4.2 computation exactly, bug included, so that it can be tried as a reading of
the published AUCs (:mod:`aucacc.auc_gap`). The tests compare it with the real Java class
(``weka-3.4.2-evaluation.jar``) to 1e-12.

What 3.4.2 does (``ThresholdCurve.getCurve`` / ``getROCArea``, ``Utils.sort``):

1. The score of an instance is its probability of a fixed class ``class_index``.
2. The instances are sorted ascending by that score with ``Utils.sort(double[])``, an unstable
   quicksort (middle pivot, Hoare partition): tied instances end up in an order that depends
   on the order of the predictions given to it. :func:`weka_sort` is that quicksort.
3. Walking the sorted order, each instance is moved below the threshold (TP or FP decremented)
   *before* the test that records a point; a point is recorded at index ``i`` when ``i`` is not
   the last index and ``i == 0`` or its score differs from the previous one. So a tied block's
   point is taken after moving only the block's first instance, and (1, 1) is never recorded.
4. The area sums trapezoids between consecutive points, with rates normalised by the *first
   recorded point's* counts (not by the class totals), and closes with a line to (0, 0).

Division by zero follows IEEE-754 (Java doubles): 0/0 is NaN, x/0 is ±∞.
"""

from __future__ import annotations

import math

import numpy as np

#: Java's ``Double.MAX_VALUE``: ``Utils.sort`` sorts NaN as this value.
JAVA_DOUBLE_MAX = 1.7976931348623157e308


def weka_sort(values) -> np.ndarray:
    """Indices that sort ``values`` ascending, exactly as Weka 3.4.2's ``Utils.sort(double[])``.

    Weka's quicksort (``Utils.quickSort(double[], int[], int, int)``): pivot the middle element
    of the range, Hoare partition with both scans stopping at elements equal to the pivot.
    It is not stable: the resulting order of tied values depends on the input order, which is
    why :func:`roc_area` can depend on how the predictions are ordered.

    Parameters
    ----------
    values : array-like of float, shape (n,). NaN sorts as ``Double.MAX_VALUE``.

    Returns
    -------
    ndarray of int, shape (n,): positions of the elements of ``values`` in sorted order.
    """
    a = [JAVA_DOUBLE_MAX if math.isnan(v) else float(v) for v in np.asarray(values, dtype=float).ravel()]
    index = list(range(len(a)))
    # The Java method recurses on [lo0, hi] then [lo, hi0]; the two ranges are disjoint, so an
    # explicit stack (no recursion limit) gives the same permutation.
    stack = [(0, len(a) - 1)]
    while stack:
        lo0, hi0 = stack.pop()
        if hi0 <= lo0:
            continue
        lo, hi = lo0, hi0
        mid = a[index[(lo0 + hi0) // 2]]
        while lo <= hi:
            while a[index[lo]] < mid and lo < hi0:
                lo += 1
            while a[index[hi]] > mid and hi > lo0:
                hi -= 1
            if lo <= hi:
                index[lo], index[hi] = index[hi], index[lo]
                lo += 1
                hi -= 1
        if lo0 < hi:
            stack.append((lo0, hi))
        if lo < hi0:
            stack.append((lo, hi0))
    return np.asarray(index, dtype=int)


def threshold_curve(actual, proba, class_index: int) -> np.ndarray:
    """The (TP, FP) counts of the points Weka 3.4.2's ``ThresholdCurve.getCurve`` records.

    Parameters
    ----------
    actual : int array, shape (n,): index of each instance's true class (the Weka class value).
    proba : float array, shape (n, n_classes): each instance's predicted class distribution, in
        the order the predictions are given to Weka (that order decides how ties are sorted).
    class_index : the class of interest (positive class).

    Returns
    -------
    float array, shape (n_points, 2): TP and FP of each recorded point, in recording order
    (from high counts down). Every instance has weight 1 (cross-validation predictions).
    """
    actual = np.asarray(actual, dtype=int)
    proba = np.asarray(proba, dtype=float)
    if proba.ndim != 2 or proba.shape[0] != actual.shape[0]:
        raise ValueError(f"proba must have shape (n, n_classes) with n = {actual.shape[0]}, got {proba.shape}")
    if not 0 <= class_index < proba.shape[1]:
        raise ValueError(f"class_index {class_index} is outside 0 … {proba.shape[1] - 1}")
    probs = [float(v) for v in proba[:, class_index]]
    is_pos = [bool(v) for v in actual == class_index]
    tp = float(sum(is_pos))
    fp = float(len(is_pos)) - tp
    order = weka_sort(probs)
    last = len(order) - 1
    pts = []
    for i, k in enumerate(order):
        if is_pos[k]:
            tp -= 1.0
        else:
            fp -= 1.0
        # The 3.4.2 bug: the point is recorded after moving the instance, and only at the first
        # instance of each run of equal scores (3.4.3 records before moving, at the last).
        if i != last and (i == 0 or probs[k] != probs[order[i - 1]]):
            pts.append((tp, fp))
    return np.asarray(pts, dtype=float).reshape(-1, 2)


def _jdiv(a: float, b: float) -> float:
    """Java double division (IEEE-754): x/0 → ±∞, 0/0 → NaN, instead of Python's exception."""
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def roc_area_of_curve(points: np.ndarray) -> float:
    """``ThresholdCurve.getROCArea`` (3.4.2) of recorded (TP, FP) points; NaN if there are none."""
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    if len(pts) == 0:
        return math.nan
    tp0, fp0 = float(pts[0, 0]), float(pts[0, 1])
    area, xlast, ylast = 0.0, 1.0, 1.0
    for tp, fp in pts[1:]:
        x = _jdiv(float(fp), fp0)
        y = _jdiv(float(tp), tp0)
        area += (y + ylast) * (xlast - x) / 2.0
        xlast, ylast = x, y
    if xlast > 0.0:  # "make sure ends at 0,0"
        area += ylast * xlast / 2.0
    return area


def roc_area(actual, proba, class_index: int) -> float:
    """Weka 3.4.2's ROC area of ``class_index``: ``getROCArea(getCurve(predictions, class_index))``.

    On a perfectly separated fold whose P positives all share one score the value is
    1 − 1/(2P) instead of 1. See :func:`threshold_curve` for the arguments.
    """
    return roc_area_of_curve(threshold_curve(actual, proba, class_index))
