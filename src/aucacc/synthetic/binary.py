"""Exact C/D/E of AUC against accuracy over all binary ranked lists (Huang & Ling 2005, §II; Knowl 3).

Counting. Pairs are counted from the joint histogram of (correct, A) with 2-D cumulative sums,
never pair by pair (:func:`aucacc.counting.pair_counts`). The histogram comes from
Gaussian-binomial coefficients: given ``k`` positives above the accuracy cut, the inversions
within the top block (``k`` positives, ``n0-k`` negatives), within the bottom block (``n0-k``
positives, ``n1-n0+k`` negatives) and across the cut are independent, so the generating function
of ``A`` is ``q^{k(n1-n0+k)} [n0 choose k]_q [n1 choose n0-k]_q``
(:func:`aucacc.counting.segment_counts`). All counts are exact Python integers (they pass 2**64
near ``N = 70``).

Other pairs (:func:`measure_pair_cde`): balanced accuracy, MCC and F1 at the same cut are functions of
``k`` too (:func:`confusion_at_cut`), so any pair of :data:`CUT_MEASURES` is counted on the same
histogram, its rows or columns of equal value summed; values are compared exactly
(:func:`confusion_key`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from aucacc.counting import JointHistogram, pair_counts, segment_counts


def check_sizes(n0: int, n1: int) -> None:
    """Raise ``ValueError`` unless ``n0`` and ``n1`` are integers >= 1."""
    if int(n0) != n0 or int(n1) != n1 or n0 < 1 or n1 < 1:
        raise ValueError(f"need integers n0 >= 1 and n1 >= 1, got n0={n0}, n1={n1}")


def joint_histogram(n0: int, n1: int) -> JointHistogram:
    """Exact joint histogram of (correct, AUC numerator) over all ranked lists.

    Parameters
    ----------
    n0, n1 : int
        Numbers of positives and negatives (both >= 1).

    Returns
    -------
    JointHistogram
        ``counts`` has shape ``(n0 - max(0, n0 - n1) + 1, n0*n1 + 1)``, Python ints summing
        to ``C(n0+n1, n0)``.

    Raises
    ------
    ValueError
        If ``n0`` or ``n1`` is not a positive integer.

    Notes
    -----
    Huang & Ling (2005), §II: accuracy uses the cut after the top ``n0`` examples. The count
    for ``k`` positives above the cut is ``q^{k(n1-n0+k)} [n0;k]_q [n1;n0-k]_q`` (the lists cut
    into the segments ``n0``, ``n1``); no ranking is ever listed.
    """
    check_sizes(n0, n1)
    kmin = max(0, n0 - n1)
    counts = np.zeros((n0 - kmin + 1, n0 * n1 + 1), dtype=object)
    for (k, _), shift, poly in segment_counts((n0, n1), n0):
        for j, v in enumerate(poly):
            counts[k - kmin, shift + j] = v
    correct = np.array([2 * k + n1 - n0 for k in range(kmin, n0 + 1)], dtype=np.int64)
    return JointHistogram(correct, np.arange(n0 * n1 + 1), counts, n0 * n1, n0 + n1)


def binary_cde(n0: int, n1: int) -> dict[str, Any]:
    """Exact R, S, P, Q, V, U and C, D, E of AUC against accuracy over all binary lists.

    Parameters
    ----------
    n0, n1 : int
        Positives and negatives.

    Returns
    -------
    dict
        ``n0, n1, lists`` and the keys of :meth:`aucacc.counting.PairCounts.as_dict`.
    """
    hist = joint_histogram(n0, n1)
    return {"n0": n0, "n1": n1, "lists": hist.total, **pair_counts(hist.counts).as_dict()}


# ----------------------------------------------------------------------------------------
# Other measures at the paper's cut, and C/D/E for any pair of them
# ----------------------------------------------------------------------------------------

#: Measures of a binary ranked list that the synthetic analysis compares, in table order: the AUC
#: of the ranking, and four measures of the classification at the paper's cut (the top ``n0``
#: examples predicted positive): accuracy, balanced accuracy, Matthews' correlation coefficient
#: and the F1 score of the positive class. Higher is better for each.
CUT_MEASURES = ("auc", "accuracy", "balanced_accuracy", "mcc", "f1")

#: The paper's pair (f, g): AUC against accuracy.
PAPER_PAIR = ("auc", "accuracy")


def confusion_at_cut(n0: int, n1: int, k: int) -> tuple[int, int, int, int]:
    """Confusion counts ``(TP, FP, FN, TN)`` of a list with ``k`` positives above the paper's cut.

    The cut predicts the top ``n0`` examples positive (Huang & Ling 2005, §II), so
    ``TP = k``, ``FP = n0 - k``, ``FN = n0 - k``, ``TN = n1 - n0 + k``.

    Raises
    ------
    ValueError
        If ``k`` is outside ``[max(0, n0 - n1), n0]``.
    """
    if not max(0, n0 - n1) <= k <= n0:
        raise ValueError(f"k={k} positives above the cut is impossible with n0={n0}, n1={n1}")
    return k, n0 - k, n0 - k, n1 - n0 + k


def confusion_key(measure: str, tp: int, fp: int, fn: int, tn: int) -> Fraction:
    """An exact rational that orders confusion matrices as ``measure`` does (ties included).

    Parameters
    ----------
    measure : str
        ``"accuracy"``, ``"balanced_accuracy"``, ``"mcc"`` or ``"f1"``.
    tp, fp, fn, tn : int
        Confusion counts (non-negative).

    Returns
    -------
    Fraction
        Accuracy ``(TP + TN) / n``; balanced accuracy ``(TP/(TP+FN) + TN/(TN+FP)) / 2``;
        F1 ``2TP / (2TP + FP + FN)`` (Tharwat 2020, §2) — each the measure's value itself. For
        MCC ``= a / sqrt(b)`` with ``a = TP·TN - FP·FN`` and
        ``b = (TP+FP)(TP+FN)(TN+FP)(TN+FN)`` (Matthews 1975; Tharwat 2020, eq. 14) the key is
        ``sign(a) a^2 / b``, the image of MCC under the strictly increasing map
        ``x -> sign(x) x^2``: two matrices tie on MCC iff their keys are equal, and order the
        same way, without a square root. (At the paper's cut ``b = (n0 n1)^2`` is a square and
        ``MCC = (k N - n0^2) / (n0 n1)`` is rational itself.)

    Raises
    ------
    ValueError
        Unknown measure, or the measure undefined (a zero denominator: no positive or no
        negative example, or an empty predicted class for MCC).
    """
    n = tp + fp + fn + tn
    if measure == "accuracy":
        den = n
        if den:
            return Fraction(tp + tn, den)
    elif measure == "balanced_accuracy":
        den = (tp + fn) * (tn + fp)
        if den:
            return (Fraction(tp, tp + fn) + Fraction(tn, tn + fp)) / 2
    elif measure == "f1":
        den = 2 * tp + fp + fn
        if den:
            return Fraction(2 * tp, den)
    elif measure == "mcc":
        den = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
        a = tp * tn - fp * fn
        if den:
            return Fraction((a > 0) - (a < 0)) * Fraction(a * a, den)
    else:
        raise ValueError(f"unknown measure {measure!r}; choose from {CUT_MEASURES[1:]}")
    raise ValueError(f"{measure} is undefined for TP={tp}, FP={fp}, FN={fn}, TN={tn} (zero denominator)")


def _measure_classes(measure: str, n0: int, n1: int) -> tuple[str, list]:
    """Which axis of :func:`joint_histogram` a measure is a function of, and its key on each
    row (``k`` positives above the cut) or column (AUC numerator)."""
    if measure == "auc":
        return "auc", [Fraction(a, n0 * n1) for a in range(n0 * n1 + 1)]
    if measure not in CUT_MEASURES:
        raise ValueError(f"unknown measure {measure!r}; choose from {CUT_MEASURES}")
    return "cut", [confusion_key(measure, *confusion_at_cut(n0, n1, k)) for k in range(max(0, n0 - n1), n0 + 1)]


def _merge_equal(grid: np.ndarray, keys: list, axis: int) -> np.ndarray:
    """``grid`` with its rows (``axis=0``) or columns (``axis=1``) of equal key summed, in ascending key order.

    One pass per distinct key (``O(grid.size)`` additions of Python ints); no copy is merged when
    the keys are already distinct and ascending (AUC, and every measure at the paper's cut).
    """
    distinct = sorted(set(keys))
    if distinct == list(keys):
        return grid
    rank = {v: j for j, v in enumerate(distinct)}
    idx = np.array([rank[v] for v in keys])
    parts = [np.take(grid, np.flatnonzero(idx == j), axis=axis).sum(axis=axis, keepdims=True)
             for j in range(len(distinct))]
    return np.concatenate(parts, axis=axis)


def pair_histogram(n0: int, n1: int, f: str, g: str) -> np.ndarray:
    """Joint count of lists by (value of ``g``, value of ``f``) over all ranked lists, exact.

    Every measure of :data:`CUT_MEASURES` is a function of one axis of the (k, AUC numerator)
    histogram :func:`joint_histogram`: AUC of the numerator, the others of ``k`` (the positives
    above the cut, :func:`confusion_at_cut`). Rows (columns) of equal value are summed, exact
    Python integers, so the lists are counted by these classes, never listed.

    Parameters
    ----------
    n0, n1 : int
        Positives and negatives (both >= 1).
    f, g : str
        Names in :data:`CUT_MEASURES`.

    Returns
    -------
    ndarray of object (Python int), shape (distinct values of g, distinct values of f)
        Rows and columns strictly ascending by the measure's exact value
        (:func:`confusion_key`), the input of :func:`aucacc.counting.pair_counts`.

    Raises
    ------
    ValueError
        Bad sizes or an unknown measure.
    """
    h = joint_histogram(n0, n1).counts
    (axis_f, keys_f), (axis_g, keys_g) = _measure_classes(f, n0, n1), _measure_classes(g, n0, n1)
    # The lists counted on the (g axis, f axis) grid: the histogram itself, its transpose, or (both measures
    # functions of one axis) its marginal on that axis as a diagonal.
    if axis_g == "cut" and axis_f == "auc":
        grid = h
    elif axis_g == "auc" and axis_f == "cut":
        grid = h.T
    else:
        marginal = h.sum(axis=1 if axis_f == "cut" else 0)
        grid = np.zeros((len(marginal), len(marginal)), dtype=object)
        grid[:] = 0
        for i, v in enumerate(marginal):
            grid[i, i] = int(v)
    return _merge_equal(_merge_equal(grid, keys_g, axis=0), keys_f, axis=1)


def measure_pair_cde(n0: int, n1: int, f: str, g: str) -> dict[str, Any]:
    """Exact R, S, P, Q, V, U and C, D, E of measure ``f`` against ``g`` over all binary lists.

    Counted like :func:`binary_cde` (unordered pairs of distinct lists, the same rule for
    undefined values), from :func:`pair_histogram`; ``f = "auc"``, ``g = "accuracy"`` gives the
    counts of :func:`binary_cde`.

    Returns
    -------
    dict
        ``n0, n1, f, g, lists`` and the keys of :meth:`aucacc.counting.PairCounts.as_dict`.

    Raises
    ------
    ValueError
        Bad sizes, an unknown measure, or ``f == g``.
    """
    if f == g:
        raise ValueError(f"a measure pair needs two different measures, got ({f}, {g})")
    counts = pair_histogram(n0, n1, f, g)
    return {"n0": n0, "n1": n1, "f": f, "g": g, "lists": math.comb(n0 + n1, n0), **pair_counts(counts).as_dict()}
