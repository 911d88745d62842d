"""Brute-force reference implementations that serve only as test oracles (never used by the pipeline).

Each lists what the library counts: every ranked list, every pair of lists, every tuple of class
rankings. Used by ``test_synthetic.py``, ``test_counting.py`` and ``benchmarks/bench_synthetic.py``.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any, Sequence

import numpy as np

from aucacc.counting import JointHistogram, PairCounts
from aucacc.synthetic import hand_till_denominator, hand_till_numerator, joint_histogram, multiclass_labels
from aucacc.synthetic.binary import check_sizes

def binary_list_measures(positions: Sequence[int], n0: int, n1: int) -> tuple[int, int]:
    """(number correct, AUC numerator) of one ranked list, computed directly.

    Parameters
    ----------
    positions : sequence of int, length n0
        Ranks (0 = top) of the positives among ``n0 + n1`` examples.
    n0, n1 : int

    Returns
    -------
    (int, int)
        Examples classified correctly by the cut after the top ``n0``; (positive, negative)
        pairs with the positive ranked higher.
    """
    pos = set(positions)
    n = n0 + n1
    correct = sum(1 for r in range(n) if (r < n0) == (r in pos))
    auc = sum(1 for p in pos for r in range(p + 1, n) if r not in pos)
    return correct, auc


def joint_histogram_bruteforce(n0: int, n1: int) -> JointHistogram:
    """Test oracle: the joint histogram by listing every ranked list (``itertools.combinations``).

    Same output as :func:`joint_histogram`; cost ``C(n0+n1, n0) (n0+n1)^2``.
    """
    check_sizes(n0, n1)
    ref = joint_histogram(n0, n1)  # only for the axes
    counts = np.zeros(ref.counts.shape, dtype=object)
    counts[:] = 0
    row_of = {int(c): i for i, c in enumerate(ref.correct)}
    for positions in itertools.combinations(range(n0 + n1), n0):
        correct, auc = binary_list_measures(positions, n0, n1)
        counts[row_of[correct], auc] += 1
    return JointHistogram(ref.correct, ref.auc_num, counts, n0 * n1, n0 + n1)


def pair_counts_bruteforce(f: Sequence[Any], g: Sequence[Any]) -> PairCounts:
    """Test oracle: R, S, P, Q, V, U by visiting every unordered pair of distinct items.

    Parameters
    ----------
    f, g : sequences of comparable values, same length n
        The two measures (AUC, accuracy) of each list.
    """
    if len(f) != len(g):
        raise ValueError("f and g must have the same length")
    R = S = P = Q = V = U = 0
    for a, b in itertools.combinations(range(len(f)), 2):
        df = (f[a] > f[b]) - (f[a] < f[b])
        dg = (g[a] > g[b]) - (g[a] < g[b])
        U += 1
        if df and dg:
            R += df == dg
            S += df != dg
        elif df:
            P += 1
        elif dg:
            Q += 1
        else:
            V += 1
    return PairCounts(R, S, P, Q, V, U)


def multiclass_exact_ranks_slow(c: int, per_class: int = 2) -> JointHistogram:
    """Test oracle for :func:`multiclass_exact_ranks`: plain loops, explicit tie-break outcomes."""
    y = multiclass_labels(c, per_class)
    n = len(y)
    m_den = hand_till_denominator(y)
    counts = np.zeros((n + 1, m_den + 1), dtype=object)
    counts[:] = 0
    L = math.lcm(*range(1, c + 1))
    perms = list(itertools.permutations(range(n)))
    for combo in itertools.product(perms, repeat=c):
        s = np.array([[combo[i].index(x) for i in range(c)] for x in range(n)])  # higher = better
        m = int(hand_till_numerator(s, y))
        # Each example's winner is uniform over the classes tied at its best position.
        choices = []
        for x in range(n):
            best = [i for i in range(c) if s[x, i] == s[x].max()]
            choices.append([(i == y[x], L // len(best)) for i in best])
        for outcome in itertools.product(*choices):
            k = sum(ok for ok, _ in outcome)
            counts[k, m] += math.prod(wt for _, wt in outcome)
    return JointHistogram(np.arange(n + 1), np.arange(m_den + 1), counts, m_den, n)


def cut_measures_bruteforce(positions: Sequence[int], n0: int, n1: int) -> dict[str, tuple[Fraction, int]]:
    """Every measure of :data:`aucacc.synthetic.binary.CUT_MEASURES` of one ranked list, from the list.

    The confusion matrix is counted from the labels at the paper's cut (the top ``n0`` predicted
    positive); each value is returned as ``(a, b)`` meaning ``a / sqrt(b)`` with ``a`` a Fraction
    and ``b`` a positive int (``b = 1`` for the rational measures; MCC ``= (TP TN - FP FN) /
    sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN))``, Matthews 1975), compared by :func:`compare_root_forms`.
    """
    pos = set(positions)
    n = n0 + n1
    tp = sum(1 for r in range(n0) if r in pos)
    fp = n0 - tp
    fn = sum(1 for r in range(n0, n) if r in pos)
    tn = n1 - fp
    auc = Fraction(sum(1 for p in pos for r in range(p + 1, n) if r not in pos), n0 * n1)
    return {"auc": (auc, 1), "accuracy": (Fraction(tp + tn, n), 1),
            "balanced_accuracy": ((Fraction(tp, tp + fn) + Fraction(tn, tn + fp)) / 2, 1),
            "f1": (Fraction(2 * tp, 2 * tp + fp + fn), 1),
            "mcc": (Fraction(tp * tn - fp * fn), (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))}


def compare_root_forms(x: tuple[Fraction, int], y: tuple[Fraction, int]) -> int:
    """Sign of ``a1/sqrt(b1) - a2/sqrt(b2)`` for ``x = (a1, b1)``, ``y = (a2, b2)``, exactly.

    Different signs of ``a1``, ``a2`` decide; for equal signs compare ``a1^2 b2`` with ``a2^2 b1``
    (both sides multiplied by ``sqrt(b1 b2) > 0`` and squared), reversed when both are negative.
    """
    (a1, b1), (a2, b2) = x, y
    s1, s2 = (a1 > 0) - (a1 < 0), (a2 > 0) - (a2 < 0)
    if s1 != s2:
        return (s1 > s2) - (s1 < s2)
    lhs, rhs = a1 * a1 * b2, a2 * a2 * b1
    return s1 * ((lhs > rhs) - (lhs < rhs))


def measure_pair_counts_bruteforce(n0: int, n1: int,
                                   pairs: Sequence[tuple[str, str]]) -> dict[tuple[str, str], PairCounts]:
    """Test oracle: R, S, P, Q, V, U of each measure pair ``(f, g)`` by listing every ranked list
    (``itertools.combinations``) and visiting every unordered pair of distinct lists, each value
    computed from the list (:func:`cut_measures_bruteforce`). Cost ``C(n0+n1, n0)^2 / 2`` pairs."""
    check_sizes(n0, n1)
    vals = [cut_measures_bruteforce(p, n0, n1) for p in itertools.combinations(range(n0 + n1), n0)]
    names = sorted({m for pair in pairs for m in pair})
    tally = {pair: [0, 0, 0, 0, 0] for pair in pairs}  # R, S, P, Q, V
    for a, b in itertools.combinations(vals, 2):
        d = {m: compare_root_forms(a[m], b[m]) for m in names}
        for (f, g), t in tally.items():
            df, dg = d[f], d[g]
            t[0 if df and dg and df == dg else 1 if df and dg else 2 if df else 3 if dg else 4] += 1
    u = len(vals) * (len(vals) - 1) // 2
    return {pair: PairCounts(*t, U=u) for pair, t in tally.items()}
