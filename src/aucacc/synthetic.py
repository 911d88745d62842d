"""Synthetic consistency (C), discriminancy (D) and indifferency (E) of AUC against accuracy.

Source: Huang & Ling (2005), *Using AUC and Accuracy in Evaluating Learning Algorithms*,
IEEE TKDE 17(3):299-310, Knowl 1 (definitions of C, D, E) and Knowl 3 (synthetic tables);
project spec ``SPEC.md`` §1-2.

Binary domain. A *ranked list* of ``n0`` positives and ``n1`` negatives is an ordering of the
``N = n0 + n1`` examples by score (all scores distinct); the domain Ψ holds all ``C(N, n0)``
lists. ``AUC = A / (n0 n1)`` with the *AUC numerator* ``A`` = number of (positive, negative)
pairs in which the positive is ranked higher. Accuracy classifies the top ``n0`` examples as
positive, so it is fixed by ``k``, the number of positives above the cut:
``correct = k + (n1 - n0 + k)``.

Pairs. ``R, S, P, Q, V, U`` count *unordered pairs of distinct lists* (``f`` = AUC, ``g`` =
accuracy): R - f and g agree strictly; S - they disagree strictly; P - f differs, g equal;
Q - g differs, f equal; V - both equal; U - all pairs. Then ``C = R/(R+S)``, ``D = P/Q``,
``E = V/U`` and ``R+S+P+Q+V = U``. C and D are the same for ordered pairs; E needs distinct
lists: for ``n0 = n1 = 2`` only the distinct lists (+ - - +) and (- + + -) tie on both
measures, so ``E = 1/15 = 0.067`` as published, while counting a list with itself would give
``(2*1 + 6)/36 = 0.222``.

Counting. Pairs are counted from the joint histogram of (correct, A) with 2-D cumulative sums,
never pair by pair. The histogram itself comes from Gaussian-binomial coefficients: given
``k``, the inversions within the top block (``k`` positives, ``n0-k`` negatives), within the
bottom block (``n0-k`` positives, ``n1-n0+k`` negatives) and across the cut (every top positive
beats every bottom negative, no top negative beats a bottom positive) are independent, so the
generating function of ``A`` is ``q^{k(n1-n0+k)} [n0 choose k]_q [n1 choose n0-k]_q``. All
counts are exact Python integers (they pass 2**64 near ``N = 70``).

Multi-class domain (Knowl 3, "c classes, 2 examples per class, 50,000 sampled lists"; AUC =
Hand & Till (2001) M, accuracy = fraction correct). The paper does not say how the lists were
sampled; the models offered here are described in :data:`MULTICLASS_MODELS`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np
import pandas as pd

#: Multi-class list models (the paper leaves this open). In all three each class ``i`` orders
#: the ``2c`` examples by the score ``s_i(x)``, and each of these ``c`` orderings is uniformly
#: random and independent of the others. They differ in how the predicted class is chosen.
MULTICLASS_MODELS = {
    "ranks": "c independent uniformly random rankings (one per class); x is predicted as the "
             "class whose ranking puts it highest, ties broken uniformly at random",
    "scores": "every score s_i(x) iid Uniform(0,1) (no normalisation); predicted class = argmax_i s_i(x)",
    "dirichlet": "every example gets a probability vector uniform on the simplex (Dirichlet(1,...,1)); "
                 "predicted class = argmax",
}


# ----------------------------------------------------------------------------------------
# Binary lists: exact joint histogram
# ----------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def gaussian_binomial(n: int, k: int) -> tuple[int, ...]:
    """Coefficients of the Gaussian binomial ``[n choose k]_q``.

    Entry ``j`` counts the binary words with ``k`` ones and ``n - k`` zeros having exactly
    ``j`` (one, zero) pairs with the one first, i.e. the ways to order ``k`` positives and
    ``n - k`` negatives with AUC numerator ``j``.

    Parameters
    ----------
    n, k : int
        ``0 <= k <= n``.

    Returns
    -------
    tuple of int, length ``k (n - k) + 1``
        Exact coefficients; they sum to ``C(n, k)``.

    Raises
    ------
    ValueError
        If ``k`` is outside ``[0, n]``.

    Notes
    -----
    Recurrence ``[n;k] = [n-1;k-1] + q^k [n-1;k]`` (Andrews, *The Theory of Partitions*, 3.3).
    """
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got n={n}, k={k}")
    if k == 0 or k == n:
        return (1,)
    a = gaussian_binomial(n - 1, k - 1)
    b = gaussian_binomial(n - 1, k)
    out = [0] * (k * (n - k) + 1)
    for j, v in enumerate(a):
        out[j] += v
    for j, v in enumerate(b):
        out[j + k] += v
    return tuple(out)


def _poly_mul(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Product of two polynomials with non-negative integer coefficients (lowest degree first).

    Kronecker substitution: pack each into one big integer with byte slots wide enough for any
    product coefficient, multiply once (CPython's Karatsuba), unpack. Exact, and far faster
    than the O(len(a) len(b)) double loop in pure Python.
    """
    wb = ((sum(a) * sum(b)).bit_length() + 8) // 8  # bytes per slot; a coefficient <= sum(a) sum(b)
    pack = lambda p: int.from_bytes(b"".join(v.to_bytes(wb, "little") for v in p), "little")  # noqa: E731
    n = len(a) + len(b) - 1
    raw = (pack(a) * pack(b)).to_bytes(n * wb, "little")
    return [int.from_bytes(raw[i * wb:(i + 1) * wb], "little") for i in range(n)]


@dataclass(frozen=True)
class JointHistogram:
    """Joint count of lists by (number correct, AUC numerator).

    Attributes
    ----------
    correct : ndarray of int, shape (r,)
        Number of correctly classified examples of each row, ascending.
    auc_num : ndarray of int, shape (m,)
        AUC numerator of each column, ascending (``0 .. n0*n1`` for binary lists).
    counts : ndarray of object (Python int), shape (r, m)
        ``counts[i, j]`` = number (or weight) of lists with ``correct[i]`` and ``auc_num[j]``.
    auc_den : int
        ``AUC = auc_num / auc_den``.
    n : int
        Number of examples per list (``accuracy = correct / n``).
    """

    correct: np.ndarray
    auc_num: np.ndarray
    counts: np.ndarray
    auc_den: int
    n: int

    @property
    def total(self) -> int:
        return int(sum(int(v) for v in self.counts.ravel()))


def _check_sizes(n0: int, n1: int) -> None:
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
    Huang & Ling (2005), Knowl 3: accuracy uses the cut after the top ``n0`` examples. The
    count for ``k`` positives above the cut is ``q^{k(n1-n0+k)} [n0;k]_q [n1;n0-k]_q`` (see
    the module docstring); no ranking is ever listed.
    """
    _check_sizes(n0, n1)
    kmin = max(0, n0 - n1)
    ks = range(kmin, n0 + 1)
    counts = np.zeros((len(ks), n0 * n1 + 1), dtype=object)
    for row, k in enumerate(ks):
        poly = _poly_mul(gaussian_binomial(n0, k), gaussian_binomial(n1, n0 - k))
        shift = k * (n1 - n0 + k)
        for j, v in enumerate(poly):
            counts[row, shift + j] = v
    correct = np.array([2 * k + n1 - n0 for k in ks], dtype=np.int64)
    return JointHistogram(correct, np.arange(n0 * n1 + 1), counts, n0 * n1, n0 + n1)


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
    _check_sizes(n0, n1)
    ref = joint_histogram(n0, n1)  # only for the axes
    counts = np.zeros(ref.counts.shape, dtype=object)
    counts[:] = 0
    row_of = {int(c): i for i, c in enumerate(ref.correct)}
    for positions in itertools.combinations(range(n0 + n1), n0):
        correct, auc = binary_list_measures(positions, n0, n1)
        counts[row_of[correct], auc] += 1
    return JointHistogram(ref.correct, ref.auc_num, counts, n0 * n1, n0 + n1)


# ----------------------------------------------------------------------------------------
# Pair counts from a histogram
# ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PairCounts:
    """Pair counts of Knowl 1 with ``f`` = AUC and ``g`` = accuracy.

    With ``distinct=True`` (default) unordered pairs of distinct lists; with ``distinct=False``
    ordered pairs of two independent draws, a list paired with itself included (the population
    version for weighted domains).
    """

    R: int
    S: int
    P: int
    Q: int
    V: int
    U: int

    @property
    def C(self) -> Fraction | None:
        """Consistency ``R/(R+S)``; None when ``R+S = 0``."""
        return Fraction(self.R, self.R + self.S) if self.R + self.S else None

    @property
    def D(self) -> Fraction | None:
        """Discriminancy ``P/Q``; None when ``Q = 0`` (undefined, e.g. ``n0 = n1 = 2``)."""
        return Fraction(self.P, self.Q) if self.Q else None

    @property
    def E(self) -> Fraction | None:
        """Indifferency ``V/U``; None when ``U = 0``."""
        return Fraction(self.V, self.U) if self.U else None

    def as_dict(self) -> dict[str, Any]:
        """Counts as Python ints, C/D/E as floats (NaN when undefined)."""
        f = lambda x: float(x) if x is not None else float("nan")  # noqa: E731
        return {"R": self.R, "S": self.S, "P": self.P, "Q": self.Q, "V": self.V, "U": self.U,
                "C": f(self.C), "D": f(self.D), "E": f(self.E)}


def pair_counts(counts: np.ndarray, distinct: bool = True) -> PairCounts:
    """R, S, P, Q, V, U from a joint histogram with 2-D cumulative sums.

    Parameters
    ----------
    counts : array_like of int, shape (r, m)
        ``counts[i, j]`` = number of lists with the ``i``-th smallest accuracy and the ``j``-th
        smallest AUC (rows and columns strictly ascending). Object arrays of Python ints stay
        exact; int64 arrays are fine while products stay below 2**63.
    distinct : bool
        True: unordered pairs of distinct lists (the paper's counts). False: ordered pairs of
        independent draws including self-pairs (C and D unchanged, E becomes ``sum h^2 / T^2``).

    Returns
    -------
    PairCounts
        Satisfies ``R + S + P + Q + V == U``.

    Raises
    ------
    ValueError
        If ``counts`` is not 2-D or has a negative entry.

    Notes
    -----
    Huang & Ling (2005), Knowl 1. With ``L[i, j]`` = lists with smaller accuracy and smaller
    AUC, ``R = sum h * L``; S likewise with smaller accuracy and larger AUC. Pairs tied on
    accuracy are ``sum_i r_i (r_i - 1) / 2`` (row sums ``r_i``), of which V are tied on both.
    """
    h = np.asarray(counts)
    if h.ndim != 2:
        raise ValueError(f"counts must be 2-D, got shape {h.shape}")
    if h.dtype != object:
        h = h.astype(np.int64)
    if h.size and (h < 0).any():
        raise ValueError("counts must be non-negative")
    r, m = h.shape
    zero = h.dtype.type(0) if h.dtype != object else 0
    # cum_g[i, :] = sum over rows < i ; then prefix / suffix along the AUC axis.
    cum_g = np.zeros_like(h)
    if r > 1:
        cum_g[1:] = np.cumsum(h, axis=0)[:-1]
    below = np.zeros_like(h)  # rows < i and columns < j
    above = np.zeros_like(h)  # rows < i and columns > j
    if m > 1:
        below[:, 1:] = np.cumsum(cum_g, axis=1)[:, :-1]
        above[:, :-1] = np.cumsum(cum_g[:, ::-1], axis=1)[:, ::-1][:, 1:]
    R = (h * below).sum() + zero
    S = (h * above).sum() + zero
    rows = h.sum(axis=1)
    cols = h.sum(axis=0)
    T = rows.sum() + zero
    if distinct:
        V = int((h * (h - 1)).sum() + zero) // 2
        same_g = int((rows * (rows - 1)).sum() + zero) // 2
        same_f = int((cols * (cols - 1)).sum() + zero) // 2
        U = int(T) * (int(T) - 1) // 2
        R, S = int(R), int(S)
    else:
        V = int((h * h).sum() + zero)
        same_g = int((rows * rows).sum() + zero)
        same_f = int((cols * cols).sum() + zero)
        U = int(T) ** 2
        R, S = 2 * int(R), 2 * int(S)
    return PairCounts(R=R, S=S, P=same_g - V, Q=same_f - V, V=V, U=U)


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


def binary_cde(n0: int, n1: int) -> dict[str, Any]:
    """Exact R, S, P, Q, V, U and C, D, E of AUC against accuracy over all binary lists.

    Parameters
    ----------
    n0, n1 : int
        Positives and negatives.

    Returns
    -------
    dict
        ``n0, n1, lists`` and the keys of :meth:`PairCounts.as_dict` (C/D/E NaN if undefined).
    """
    hist = joint_histogram(n0, n1)
    return {"n0": n0, "n1": n1, "lists": hist.total, **pair_counts(hist.counts).as_dict()}


# ----------------------------------------------------------------------------------------
# Multi-class lists (Hand-Till M)
# ----------------------------------------------------------------------------------------

def multiclass_labels(c: int, per_class: int = 2) -> np.ndarray:
    """True classes ``[0]*per_class + [1]*per_class + ...``, shape (c * per_class,)."""
    if c < 2 or per_class < 1:
        raise ValueError(f"need c >= 2 and per_class >= 1, got c={c}, per_class={per_class}")
    return np.repeat(np.arange(c), per_class)


def hand_till_numerator(scores: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Exact Hand-Till M as an integer numerator, ``M = num / hand_till_denominator(y)``.

    Parameters
    ----------
    scores : ndarray, shape (N, n, c) or (n, c)
        ``scores[..., x, i]`` = score of example ``x`` for class ``i`` (any monotone scale).
    y : ndarray of int, shape (n,)
        True classes ``0..c-1``; every class present.

    Returns
    -------
    ndarray of int64, shape (N,) (or scalar for 2-D input)
        ``sum_{i != j} sum_{a in i, b in j} (2 [s_i(a) > s_i(b)] + [s_i(a) = s_i(b)])``.
        Divide by :func:`hand_till_denominator` to get M.

    Notes
    -----
    Hand & Till (2001): ``M = 2/(c(c-1)) sum_{i<j} (A(i|j) + A(j|i))/2`` with ``A(i|j)`` the
    probability that a random class-i example has a higher class-i score than a random
    class-j example (ties count 1/2), i.e. ``M = sum_{i != j} A(i|j) / (c(c-1))``.
    """
    s = np.asarray(scores)
    squeeze = s.ndim == 2
    if squeeze:
        s = s[None]
    y = np.asarray(y)
    c = s.shape[2]
    if s.shape[1] != y.shape[0] or set(np.unique(y)) != set(range(c)):
        raise ValueError("y must label every example and hold every class 0..c-1")
    num = np.zeros(s.shape[0], dtype=np.int64)
    for i in range(c):
        col = s[:, :, i]
        own = col[:, y == i]
        for j in range(c):
            if j == i:
                continue
            oth = col[:, y == j]
            gt = (own[:, :, None] > oth[:, None, :]).sum(axis=(1, 2))
            eq = (own[:, :, None] == oth[:, None, :]).sum(axis=(1, 2))
            num += 2 * gt + eq
    return num[0] if squeeze else num


def hand_till_denominator(y: np.ndarray) -> int:
    """Denominator of :func:`hand_till_numerator` when all classes have the same size.

    Raises
    ------
    ValueError
        If the classes differ in size (M then needs per-pair weights).
    """
    y = np.asarray(y)
    sizes = np.bincount(y)
    if len(set(sizes.tolist())) != 1:
        raise ValueError("hand_till_denominator needs equal class sizes")
    c, m = len(sizes), int(sizes[0])
    return 2 * m * m * c * (c - 1)


def sample_multiclass(c: int, n_samples: int, rng: np.random.Generator, model: str = "ranks",
                      per_class: int = 2, chunk: int = 10_000) -> tuple[np.ndarray, np.ndarray]:
    """Sample multi-class lists and return (number correct, Hand-Till numerator) per list.

    Parameters
    ----------
    c : int
        Number of classes (>= 2).
    n_samples : int
        Number of lists.
    rng : numpy.random.Generator
        Seeded generator; the output is a function of its state.
    model : {"ranks", "scores", "dirichlet"}
        See :data:`MULTICLASS_MODELS`.
    per_class : int
        Examples per class (2 in the paper).
    chunk : int
        Lists generated per batch (memory bound ``chunk * c * per_class * c``).

    Returns
    -------
    correct : ndarray of int64, shape (n_samples,)
    m_num : ndarray of int64, shape (n_samples,)
        Hand-Till numerators; ``M = m_num / hand_till_denominator(y)``.

    Raises
    ------
    ValueError
        Unknown ``model``.
    """
    if model not in MULTICLASS_MODELS:
        raise ValueError(f"unknown model {model!r}; choose from {sorted(MULTICLASS_MODELS)}")
    y = multiclass_labels(c, per_class)
    n = len(y)
    correct, m_num = [], []
    left = n_samples
    while left > 0:
        b = min(chunk, left)
        left -= b
        if model == "dirichlet":
            s = rng.dirichlet(np.ones(c), size=(b, n))
            pred = s.argmax(axis=2)
        else:
            u = rng.random((b, n, c))
            if model == "scores":
                s, pred = u, u.argmax(axis=2)
            else:  # ranks: position of x in class i's ranking (0 = bottom)
                s = u.argsort(axis=1).argsort(axis=1)
                tie = rng.random((b, n, c)) * 0.5  # < 1, so it only orders equal positions
                pred = (s + tie).argmax(axis=2)
        correct.append((pred == y[None, :]).sum(axis=1))
        m_num.append(hand_till_numerator(s, y))
    return np.concatenate(correct).astype(np.int64), np.concatenate(m_num).astype(np.int64)


def histogram_from_values(correct: np.ndarray, m_num: np.ndarray, n: int, m_den: int) -> JointHistogram:
    """Joint histogram (int64 counts) of sampled lists on the full grid ``0..n`` x ``0..m_den``."""
    counts = np.zeros((n + 1, m_den + 1), dtype=np.int64)
    np.add.at(counts, (np.asarray(correct), np.asarray(m_num)), 1)
    return JointHistogram(np.arange(n + 1), np.arange(m_den + 1), counts, m_den, n)


def _perm_ranks(n: int) -> np.ndarray:
    """All permutations as rank arrays: row p, column x = position of x (0 = bottom)."""
    perms = np.array(list(itertools.permutations(range(n))), dtype=np.int8)
    ranks = np.empty_like(perms)
    rows = np.arange(len(perms))[:, None]
    ranks[rows, perms] = np.arange(n, dtype=np.int8)[None, :]
    return ranks


def multiclass_exact_ranks(c: int, per_class: int = 2) -> JointHistogram:
    """Exact weighted joint histogram for the ``"ranks"`` model, by full enumeration.

    Every one of the ``((c*per_class)!)^c`` tuples of class rankings is visited; a random
    tie-break among classes sharing the best position is accounted for exactly with integer
    weights (each example's outcome is scaled by ``lcm(1..c)``).

    Parameters
    ----------
    c : int
        Classes; 2 or 3 (``3`` means 720^3 = 3.7e8 tuples, 1/8 of them visited, ~25 s).
    per_class : int
        Examples per class.

    Returns
    -------
    JointHistogram
        ``counts`` are Python-int weights; a list's weight is the number of tie-break outcomes
        (out of ``lcm(1..c)^n``) giving its number correct. Use :func:`pair_counts` with
        ``distinct=False`` for the population C, D, E of two independent lists.

    Raises
    ------
    ValueError
        If ``c * per_class > 6`` or ``c > 3`` (enumeration infeasible).
    """
    y = multiclass_labels(c, per_class)
    n = len(y)
    if c > 3 or n > 6:
        raise ValueError(f"exact enumeration is limited to c <= 3 and 6 examples, got c={c}, n={n}")
    ranks = _perm_ranks(n)  # (n!, n)
    n_perm = len(ranks)
    L = math.lcm(*range(1, c + 1))
    m_den = hand_till_denominator(y)
    # Hand-Till contribution of class i's ranking alone (M is a sum over classes i).
    h = []
    for i in range(c):
        own = ranks[:, y == i].astype(np.int64)
        oth = ranks[:, y != i].astype(np.int64)
        h.append(2 * (own[:, :, None] > oth[:, None, :]).sum(axis=(1, 2)))
    # Rankings of classes 0..c-2 vectorised, the last class looped.
    grids = np.meshgrid(*[np.arange(n_perm)] * (c - 1), indexing="ij")
    idx = [g.ravel() for g in grids]
    base_m = sum(h[i][idx[i]] for i in range(c - 1))
    base_r = np.stack([ranks[idx[i]] for i in range(c - 1)], axis=2)  # (K, n, c-1)
    counts = np.zeros((n + 1, m_den + 1), dtype=object)
    counts[:] = 0
    acc_w = np.zeros((n + 1) * (m_den + 1), dtype=np.float64)
    # Relabelling the examples inside each class (same relabelling in every ranking) keeps
    # accuracy and M, so the last ranking only needs one representative per relabelling
    # class: the rankings that keep each class's examples in index order, weighted by the
    # group size per_class!^c.
    sym = math.factorial(per_class) ** c
    reps = [p for p in range(n_perm)
            if all(np.all(np.diff(ranks[p][y == i]) > 0) for i in range(c))]
    for p in reps:
        r = np.concatenate([base_r, np.broadcast_to(ranks[p][None, :, None], base_r.shape[:2] + (1,))], axis=2)
        top = r.max(axis=2, keepdims=True)
        at_top = r == top
        t = at_top.sum(axis=2)
        own_top = at_top[:, np.arange(n), y]
        w = np.where(own_top, L // t, 0).astype(np.int64)  # weight of "x correct", out of L
        dist = np.zeros((r.shape[0], n + 1), dtype=np.int64)
        dist[:, 0] = 1
        for x in range(n):
            wx = w[:, x:x + 1]
            shifted = np.zeros_like(dist)
            shifted[:, 1:] = dist[:, :-1]
            dist = dist * (L - wx) + shifted * wx
        m = base_m + h[c - 1][p]
        flat = (np.arange(n + 1)[None, :] * (m_den + 1) + m[:, None]).ravel()
        # float64 sums stay exact: the grand total L^n (n!)^c = 1.7e13 < 2**53.
        acc_w += np.bincount(flat, weights=dist.ravel().astype(np.float64), minlength=acc_w.size)
    total = L ** n * n_perm ** c
    if total >= 2 ** 53:
        raise ValueError("weights too large for exact float64 accumulation")
    for k, v in enumerate(acc_w):
        counts.flat[k] = int(round(v)) * sym
    if sum(int(v) for v in counts.ravel()) != total:
        raise AssertionError("exact enumeration lost weight")
    return JointHistogram(np.arange(n + 1), np.arange(m_den + 1), counts, m_den, n)


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


def bootstrap_cd(hist: JointHistogram, n_boot: int, rng: np.random.Generator,
                 level: float = 0.95) -> dict[str, float]:
    """Bootstrap uncertainty of C and D for a histogram of sampled lists.

    Resamples the lists with replacement (a multinomial draw on the histogram cells) and
    recomputes C and D from each replicate.

    Parameters
    ----------
    hist : JointHistogram
        Integer counts of sampled lists.
    n_boot : int
        Replicates.
    rng : numpy.random.Generator
    level : float
        Two-sided percentile interval.

    Returns
    -------
    dict
        ``C_se, C_lo, C_hi, D_se, D_lo, D_hi`` (replicates with Q = 0 are dropped for D).
    """
    h = np.asarray(hist.counts, dtype=np.int64)
    total = int(h.sum())
    p = (h.ravel() / total)
    cs, ds = [], []
    for _ in range(n_boot):
        rep = rng.multinomial(total, p).reshape(h.shape)
        pc = pair_counts(rep)
        cs.append(float(pc.C) if pc.C is not None else np.nan)
        ds.append(float(pc.D) if pc.D is not None else np.nan)
    a = (1 - level) / 2
    cs, ds = np.array(cs), np.array(ds)
    return {"C_se": float(np.nanstd(cs, ddof=1)), "C_lo": float(np.nanquantile(cs, a)),
            "C_hi": float(np.nanquantile(cs, 1 - a)), "D_se": float(np.nanstd(ds, ddof=1)),
            "D_lo": float(np.nanquantile(ds, a)), "D_hi": float(np.nanquantile(ds, 1 - a))}


# ----------------------------------------------------------------------------------------
# Experiments (Knowl 3): settings, published values, tables and figures
# ----------------------------------------------------------------------------------------

#: Experiment name -> row label ``experiment`` in ``published/synthetic_endpoints.csv``.
PUBLISHED_EXPERIMENT = {
    "balanced": "balanced",
    "balanced_extended": "balanced",
    "imbalanced_25pct": "imbalanced_25pct",
    "imbalanced_25pct_extended": "imbalanced_25pct",
    "varying_n10": "varying_n10",
    "multiclass": "multiclass_2_per_class",
}
#: The binary experiments (exact C/D/E by counting), each a table and a figure ``synthetic_<name>``;
#: the workflow's rules and final targets read these names.
BINARY_EXPERIMENTS = ("balanced", "imbalanced_25pct", "varying_n10", "balanced_extended",
                      "imbalanced_25pct_extended")
#: The sampled multi-class experiment (table and figure ``synthetic_multiclass``).
MULTICLASS_EXPERIMENT = "multiclass"
#: The exact multi-class C/D/E for the smallest c (table ``synthetic_multiclass_exact`` only).
MULTICLASS_EXACT = "multiclass_exact"
#: Every experiment with a table and a figure.
EXPERIMENTS = BINARY_EXPERIMENTS + (MULTICLASS_EXPERIMENT,)


def _split(total: int, fraction: float) -> tuple[int, int]:
    n0 = total * fraction
    if abs(n0 - round(n0)) > 1e-9 or round(n0) < 1 or round(n0) >= total:
        raise ValueError(f"size {total} with positive fraction {fraction} is not a split into whole classes")
    return int(round(n0)), total - int(round(n0))


def binary_settings(experiment: str, cfg: Mapping[str, Any]) -> list[tuple[str, int, int]]:
    """The (setting label, n0, n1) of a binary experiment from the ``synthetic`` config section.

    Parameters
    ----------
    experiment : str
        One of :data:`BINARY_EXPERIMENTS`.
    cfg : mapping
        The ``synthetic`` config section (keys documented in ``config/README.md``).

    Returns
    -------
    list of (str, int, int)
        Labels follow the paper's: ``"2n=16"``, ``"n=8"``, ``"2:8"``.

    Raises
    ------
    ValueError
        Unknown experiment or a size that does not split into whole classes.
    """
    if experiment in ("balanced", "balanced_extended"):
        sizes = list(cfg["balanced"]["sizes"])
        if experiment == "balanced_extended":
            sizes = list(range(min(sizes), int(cfg["extended"]["max_size"]) + 1, 2))
        return [(f"2n={s}", *_split(s, 0.5)) for s in sizes]
    if experiment in ("imbalanced_25pct", "imbalanced_25pct_extended"):
        frac = float(cfg["imbalanced_25pct"]["positive_fraction"])
        sizes = list(cfg["imbalanced_25pct"]["sizes"])
        if experiment == "imbalanced_25pct_extended":
            sizes = [s for s in range(min(sizes), int(cfg["extended"]["max_size"]) + 1)
                     if abs(s * frac - round(s * frac)) < 1e-9 and 1 <= round(s * frac) < s]
        return [(f"n={s}", *_split(s, frac)) for s in sizes]
    if experiment == "varying_n10":
        total = int(cfg["varying_n10"]["size"])
        out = []
        for p in cfg["varying_n10"]["positives"]:
            if not 1 <= int(p) < total:
                raise ValueError(f"varying_n10: {p} positives out of {total}")
            out.append((f"{int(p)}:{total - int(p)}", int(p), total - int(p)))
        return out
    raise ValueError(f"unknown binary experiment {experiment!r}; choose from {BINARY_EXPERIMENTS}")


def published_values(published: pd.DataFrame, experiment: str) -> dict[str, dict[str, str]]:
    """Published C, D, E of one experiment as printed strings, keyed by setting label.

    Parameters
    ----------
    published : DataFrame
        ``synthetic_endpoints.csv`` read with ``dtype=str`` (columns experiment, setting, C, D, E).
    experiment : str
        Our experiment name (see :data:`PUBLISHED_EXPERIMENT`).

    Returns
    -------
    dict
        ``{"2n=16": {"C": "0.935", "D": "18.9", "E": "0.016"}, ...}``; blank cells omitted.
    """
    name = PUBLISHED_EXPERIMENT.get(experiment)
    out: dict[str, dict[str, str]] = {}
    if name is None:
        return out
    rows = published[published["experiment"].astype(str) == name]
    for _, row in rows.iterrows():
        vals = {k: str(row[k]).strip() for k in ("C", "D", "E")
                if k in row and pd.notna(row[k]) and str(row[k]).strip() not in ("", "nan")}
        out[str(row["setting"]).strip()] = vals
    return out


def decimals(printed: str) -> int:
    """Digits after the decimal point of a printed number (``"18.9"`` -> 1, ``"1.0"`` -> 1)."""
    return len(printed.split(".")[1]) if "." in printed else 0


def matches_printed(value: float, printed: str) -> bool:
    """True when ``value`` rounds (half up) to ``printed`` at its printed precision."""
    if value is None or not np.isfinite(value):
        return False
    q = Fraction(printed)
    step = Fraction(1, 10 ** decimals(printed))
    v = Fraction(value)
    return q - step / 2 <= v < q + step / 2


def binary_table(experiment: str, cfg: Mapping[str, Any], published: pd.DataFrame) -> pd.DataFrame:
    """Exact C, D, E for every setting of a binary experiment, beside the published values.

    Parameters
    ----------
    experiment : str
        One of :data:`BINARY_EXPERIMENTS`.
    cfg : mapping
        ``synthetic`` config section.
    published : DataFrame
        ``synthetic_endpoints.csv`` (read with ``dtype=str``).

    Returns
    -------
    DataFrame
        One row per setting: ``experiment, setting, n0, n1, lists, R, S, P, Q, V, U, C, D, E,
        published_C, published_D, published_E, match_C, match_D, match_E`` (counts are exact
        Python ints; match = ours rounds to the printed value; NA where nothing is published).
    """
    pub = published_values(published, experiment)
    rows = []
    for label, n0, n1 in binary_settings(experiment, cfg):
        rec = {"experiment": experiment, "setting": label, **binary_cde(n0, n1)}
        for k in ("C", "D", "E"):
            printed = pub.get(label, {}).get(k)
            rec[f"published_{k}"] = float(printed) if printed else np.nan
            rec[f"match_{k}"] = matches_printed(rec[k], printed) if printed else pd.NA
        rows.append(rec)
    cols = ["experiment", "setting", "n0", "n1", "lists", "R", "S", "P", "Q", "V", "U", "C", "D", "E",
            "published_C", "published_D", "published_E", "match_C", "match_D", "match_E"]
    return pd.DataFrame(rows)[cols]


def multiclass_table(cfg: Mapping[str, Any], published: pd.DataFrame, seed: int,
                     exact: pd.DataFrame | None = None) -> pd.DataFrame:
    """Sampled C, D, E of Hand-Till M against accuracy, with bootstrap uncertainty.

    For each model in ``cfg["multiclass"]["models"]`` and each ``c``, ``samples`` lists are
    drawn (generator seeded by ``SeedSequence([seed, c, model index])``); R..U count the
    unordered pairs of distinct sampled lists from their joint histogram; ``bootstrap``
    multinomial resamples of the lists give the standard errors and 95 % percentile intervals.

    Parameters
    ----------
    cfg : mapping
        ``synthetic`` config section (``multiclass``: classes, per_class, samples, bootstrap,
        models).
    published : DataFrame
        ``synthetic_endpoints.csv`` (``dtype=str``).
    seed : int
        Master seed.
    exact : DataFrame, optional
        Output of :func:`multiclass_exact_table`; adds ``exact_C, exact_D`` and the distance
        of the sample estimate from them in standard errors.

    Returns
    -------
    DataFrame
        One row per (model, c).
    """
    mc = cfg["multiclass"]
    per_class = int(mc["per_class"])
    pub = published_values(published, "multiclass")
    rows = []
    for mi, model in enumerate(mc["models"]):
        for c in mc["classes"]:
            c = int(c)
            rng = np.random.default_rng(np.random.SeedSequence([int(seed), c, mi]))
            y = multiclass_labels(c, per_class)
            correct, m_num = sample_multiclass(c, int(mc["samples"]), rng, model, per_class)
            hist = histogram_from_values(correct, m_num, len(y), hand_till_denominator(y))
            rec = {"experiment": "multiclass", "model": model, "c": c, "setting": f"c={c}",
                   "examples": len(y), "samples": int(mc["samples"]), **pair_counts(hist.counts).as_dict()}
            rec.update(bootstrap_cd(hist, int(mc["bootstrap"]), rng))
            for k in ("C", "D"):
                printed = pub.get(f"c={c}", {}).get(k)
                rec[f"published_{k}"] = float(printed) if printed else np.nan
                rec[f"published_{k}_in_ci"] = (rec[f"{k}_lo"] <= float(printed) <= rec[f"{k}_hi"]) if printed else pd.NA
                rec[f"published_minus_ours_{k}_se"] = ((float(printed) - rec[k]) / rec[f"{k}_se"]) if printed else np.nan
            if exact is not None:
                hit = exact[(exact["model"] == model) & (exact["c"] == c)]
                for k in ("C", "D"):
                    ex = float(hit[k].iloc[0]) if len(hit) else np.nan
                    rec[f"exact_{k}"] = ex
                    rec[f"ours_minus_exact_{k}_se"] = (rec[k] - ex) / rec[f"{k}_se"] if len(hit) else np.nan
            rows.append(rec)
    return pd.DataFrame(rows)


def multiclass_exact_table(cfg: Mapping[str, Any]) -> pd.DataFrame:
    """Exact population C, D, E of the ``"ranks"`` model for each ``c`` in ``exact_classes``.

    Population = two independent lists (ordered pairs, self-pairs included; see
    :func:`pair_counts` with ``distinct=False``), the value the sampled estimate converges to.

    Returns
    -------
    DataFrame
        ``experiment, model, c, examples, lists (sum of integer weights), R..U, C, D, E`` and
        ``C_exact, D_exact`` as reduced fractions (strings).
    """
    mc = cfg["multiclass"]
    rows = []
    for c in mc.get("exact_classes", []):
        hist = multiclass_exact_ranks(int(c), int(mc["per_class"]))
        pc = pair_counts(hist.counts, distinct=False)
        rows.append({"experiment": "multiclass_exact", "model": "ranks", "c": int(c), "examples": hist.n,
                     "lists": hist.total, **pc.as_dict(), "C_fraction": str(pc.C), "D_fraction": str(pc.D)})
    return pd.DataFrame(rows)


_X_AXIS = {
    "balanced": ("n0+n1", "test-set size 2n"),
    "balanced_extended": ("n0+n1", "test-set size 2n"),
    "imbalanced_25pct": ("n0+n1", "test-set size n (25 % positives)"),
    "imbalanced_25pct_extended": ("n0+n1", "test-set size n (25 % positives)"),
    "varying_n10": ("n0", "positives out of n = 10"),
}


def plot_binary(df: pd.DataFrame, experiment: str):
    """C, D and E against size (or split) with the published points marked; returns the figure."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    key, label = _X_AXIS[experiment]
    x = (df["n0"] + df["n1"]) if key == "n0+n1" else df["n0"]
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
    names = {"C": "consistency C", "D": "discriminancy D", "E": "indifferency E"}
    for ax, k in zip(axes, ("C", "D", "E")):
        ax.plot(x, df[k].astype(float), "o-", ms=3, label="exact (this work)")
        pub = df[f"published_{k}"].astype(float)
        if pub.notna().any():
            ax.plot(x[pub.notna()], pub[pub.notna()], "x", color="crimson", ms=9, mew=2, label="published")
        ax.set_xlabel(label)
        ax.set_title(names[k])
        ax.grid(alpha=0.3)
    if experiment == "varying_n10":
        for ax in axes:
            ax.set_xticks(df["n0"], df["setting"], rotation=45)
    axes[0].legend(fontsize=8)
    fig.suptitle(f"AUC vs accuracy, {experiment} (Huang & Ling 2005, Knowl 3)")
    fig.tight_layout()
    return fig


def plot_multiclass(df: pd.DataFrame):
    """Sampled C and D against c per model (95 % bootstrap bars), exact and published marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    for ax, k in zip(axes, ("C", "D")):
        for j, (model, g) in enumerate(df.groupby("model", sort=False)):
            xs = g["c"] + (j - 1) * 0.08
            err = np.vstack([g[k] - g[f"{k}_lo"], g[f"{k}_hi"] - g[k]])
            ax.errorbar(xs, g[k], yerr=err, fmt="o-", ms=3, capsize=2, label=f"model {model}")
            if f"exact_{k}" in g and g[f"exact_{k}"].notna().any():
                e = g[g[f"exact_{k}"].notna()]
                ax.plot(e["c"], e[f"exact_{k}"], "s", mfc="none", color="k", ms=9, label=f"exact ({model})")
        pub = df.drop_duplicates("c")
        pub = pub[pub[f"published_{k}"].notna()]
        ax.plot(pub["c"], pub[f"published_{k}"], "x", color="crimson", ms=9, mew=2, label="published")
        ax.set_xlabel("classes c (2 examples per class)")
        ax.set_title({"C": "consistency C", "D": "discriminancy D"}[k])
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=7)
    fig.suptitle("Hand-Till M vs accuracy, sampled multi-class lists")
    fig.tight_layout()
    return fig


def _display(df: pd.DataFrame, cols: Sequence[str]) -> pd.DataFrame:
    return df[[c for c in cols if c in df.columns]]


def run_binary_experiment(experiment: str, cfg: Mapping[str, Any], published_csv: str | Path,
                          table_stem: str | Path, figure_stem: str | Path,
                          provenance: dict | None = None) -> pd.DataFrame:
    """Compute one binary experiment and write its table (CSV/MD/TeX) and figure (PNG/PDF).

    Raises
    ------
    ValueError
        Unknown experiment or bad sizes (see :func:`binary_settings`).
    """
    from aucacc.report.figures import save_figure
    from aucacc.report.tables import write_table

    df = binary_table(experiment, cfg, pd.read_csv(published_csv, dtype=str))
    shown = _display(df, ["setting", "n0", "n1", "C", "published_C", "D", "published_D", "E", "published_E"])
    write_table(df, table_stem, provenance=provenance, display=shown,
                caption=f"Exact C, D, E of AUC vs accuracy: {experiment} (Huang & Ling 2005, Knowl 3)")
    save_figure(plot_binary(df, experiment), figure_stem)
    return df


def run_multiclass_exact(cfg: Mapping[str, Any], table_stem: str | Path,
                         provenance: dict | None = None) -> pd.DataFrame:
    """Exact multi-class C, D, E (model ``ranks``) for the configured ``exact_classes``; writes a table."""
    from aucacc.report.tables import write_table

    df = multiclass_exact_table(cfg)
    write_table(df, table_stem, provenance=provenance, floatfmt=".4f",
                display=_display(df, ["model", "c", "examples", "C", "D", "E"]),
                caption="Exact population C, D, E of Hand-Till M vs accuracy (model ranks)")
    return df


def run_multiclass_experiment(cfg: Mapping[str, Any], published_csv: str | Path, seed: int,
                              table_stem: str | Path, figure_stem: str | Path,
                              exact_csv: str | Path | None = None,
                              provenance: dict | None = None) -> pd.DataFrame:
    """Sampled multi-class experiment: table (CSV/MD/TeX) and figure (PNG/PDF)."""
    from aucacc.report.figures import save_figure
    from aucacc.report.tables import write_table

    exact = pd.read_csv(exact_csv) if exact_csv else None
    df = multiclass_table(cfg, pd.read_csv(published_csv, dtype=str), seed, exact)
    shown = _display(df, ["model", "c", "C", "C_se", "published_C", "exact_C", "D", "D_se", "published_D", "exact_D", "E"])
    write_table(df, table_stem, provenance=provenance, display=shown,
                caption="Sampled C, D of Hand-Till M vs accuracy, 2 examples per class (bootstrap se)")
    save_figure(plot_multiclass(df), figure_stem)
    return df
