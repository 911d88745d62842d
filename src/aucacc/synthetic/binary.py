"""Exact C/D/E of AUC against accuracy over all binary ranked lists (Huang & Ling 2005, §II; Knowl 3).

Counting. Pairs are counted from the joint histogram of (correct, A) with 2-D cumulative sums,
never pair by pair (:func:`aucacc.counting.pair_counts`). The histogram comes from
Gaussian-binomial coefficients: given ``k`` positives above the accuracy cut, the inversions
within the top block (``k`` positives, ``n0-k`` negatives), within the bottom block (``n0-k``
positives, ``n1-n0+k`` negatives) and across the cut are independent, so the generating function
of ``A`` is ``q^{k(n1-n0+k)} [n0 choose k]_q [n1 choose n0-k]_q``
(:func:`aucacc.counting.segment_counts`). All counts are exact Python integers (they pass 2**64
near ``N = 70``).
"""

from __future__ import annotations

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
