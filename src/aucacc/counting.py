"""The counting core: ranked lists counted by AUC numerator, and C/D/E pair counts.

Used by :mod:`aucacc.synthetic` (consistency and discriminancy of AUC against accuracy,
Huang & Ling 2005, §II), :mod:`aucacc.profit` (expected profit, §V) and the real-data
C/D/E tally of :mod:`aucacc.studies.fold_tables` (§IV-B).

Ranked lists. A list of ``n`` examples, ``n0`` of them positive, is an ordering of the labels;
its *AUC numerator* ``A`` is the number of (positive, negative) pairs with the positive ranked
higher (``AUC = A / (n0 n1)``). Cut the list into consecutive segments with ``x_1, x_2, ...``
positives: the pairs inside a segment are independent of each other and every positive of a
segment beats every negative of a later one, so the numerator is the segments' own numerators
plus a fixed shift, and its generating function is the product of the segments' Gaussian
binomials ``[size_i choose x_i]_q`` times ``q^shift`` (:func:`segment_counts`). Every count is
an exact Python integer; no list is ever enumerated.

Pairs and C/D/E (Huang & Ling 2005, Definitions 1-3). For two measures ``f`` (AUC) and ``g``
(accuracy) compared on pairs of objects (lists, or two learners on one test fold):
R - f and g differ in the same direction; S - in opposite directions; P - f differs, g equal;
Q - g differs, f equal; V - both equal; U - all pairs, so ``R + S + P + Q + V = U``.

* consistency ``C = R / (R + S)``;
* discriminancy ``D = P / Q``;
* indifferency ``E = V / U``.

Undefined values, one rule everywhere (:class:`PairCounts`): a ratio with a zero denominator is
*undefined* (``None``; NaN in a table column, printed "—") — C when ``R + S = 0``, D when
``P = Q = 0``, E when ``U = 0`` — with one exception: ``D = inf`` when ``P > 0`` and ``Q = 0``
(f discriminates pairs that g ties, and never the other way round).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterator, Sequence

import numpy as np

__all__ = ["gaussian_binomial", "poly_mul", "segment_counts", "JointHistogram", "PairCounts", "pair_counts",
           "tally_pairs"]


# ----------------------------------------------------------------------------------------
# Lists counted by AUC numerator
# ----------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def gaussian_binomial(n: int, k: int) -> tuple[int, ...]:
    """Coefficients of the Gaussian binomial (q-binomial) ``[n choose k]_q``.

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
    Recurrence ``[n;k] = [n-1;k-1] + q^k [n-1;k]`` (Andrews, *The Theory of Partitions*, 3.3),
    memoised (recursion depth ``n``).
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


def poly_mul(a: Sequence[int], b: Sequence[int]) -> list[int]:
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


def segment_counts(sizes: Sequence[int], positives: int) -> Iterator[tuple[tuple[int, ...], int, list[int]]]:
    """Lists of ``positives`` positives cut into consecutive segments, counted by AUC numerator.

    Parameters
    ----------
    sizes : sequence of int
        Lengths of the consecutive segments, top first (they sum to the list length ``n``).
    positives : int
        Positives in the whole list, ``0 <= positives <= n``.

    Yields
    ------
    xs : tuple of int
        Positives in each segment (every split with ``0 <= x_i <= size_i`` summing to
        ``positives``), in lexicographic order.
    shift : int
        Pairs won across segments: every positive of a segment above every negative of a later one.
    poly : list of int
        ``poly[j]`` = number of lists with these segment counts and AUC numerator ``shift + j``
        (the product of the segments' :func:`gaussian_binomial`).
    """
    sizes = [int(s) for s in sizes]

    def splits(i: int, left: int):
        if i == len(sizes) - 1:
            if left <= sizes[i]:
                yield (left,)
            return
        for x in range(min(sizes[i], left) + 1):
            for rest in splits(i + 1, left - x):
                yield (x, *rest)

    for xs in splits(0, int(positives)):
        neg_after = [sum(s - x for s, x in zip(sizes[i + 1:], xs[i + 1:])) for i in range(len(sizes))]
        shift = sum(x * neg for x, neg in zip(xs, neg_after))
        poly: list[int] = [1]
        for s, x in zip(sizes, xs):
            g = gaussian_binomial(s, x)
            poly = poly_mul(poly, g) if len(g) > 1 else [v * g[0] for v in poly]
        yield xs, shift, poly


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


# ----------------------------------------------------------------------------------------
# Pair counts and C, D, E
# ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PairCounts:
    """Pair counts R, S, P, Q, V, U of two measures ``f`` (AUC) and ``g`` (accuracy).

    ``C``, ``D`` and ``E`` follow the module's rule for undefined values: ``None`` when
    undefined, ``inf`` for ``D`` with ``P > 0`` and ``Q = 0``.
    """

    R: int
    S: int
    P: int
    Q: int
    V: int
    U: int

    @property
    def C(self) -> Fraction | None:
        """Consistency ``R/(R+S)``; None (undefined) when ``R+S = 0``."""
        return Fraction(self.R, self.R + self.S) if self.R + self.S else None

    @property
    def D(self) -> Fraction | float | None:
        """Discriminancy ``P/Q``; ``inf`` when ``P > 0 = Q``; None (undefined) when ``P = Q = 0``."""
        if self.Q:
            return Fraction(self.P, self.Q)
        return math.inf if self.P else None

    @property
    def E(self) -> Fraction | None:
        """Indifferency ``V/U``; None (undefined) when ``U = 0``."""
        return Fraction(self.V, self.U) if self.U else None

    def as_dict(self) -> dict[str, Any]:
        """Counts as Python ints, C/D/E as floats (NaN when undefined, ``D = inf`` as above)."""
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
    Huang & Ling (2005), Definitions 1-3. With ``L[i, j]`` = lists with smaller accuracy and
    smaller AUC, ``R = sum h * L``; S likewise with smaller accuracy and larger AUC. Pairs tied
    on accuracy are ``sum_i r_i (r_i - 1) / 2`` (row sums ``r_i``), of which V are tied on both.
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


def tally_pairs(f_a, f_b, g_a, g_b, tol: float = 1e-9) -> PairCounts:
    """Pair counts over given pairs of objects: object ``a`` against object ``b``, pair by pair.

    Parameters
    ----------
    f_a, f_b : array_like of float, shape (n,)
        The finer measure (AUC) of ``a`` and of ``b`` in each of the ``n`` pairs.
    g_a, g_b : array_like of float, shape (n,)
        The coarser measure (accuracy).
    tol : float
        Equality tolerance: values are fractions of the same fold size, so exact equality is
        meaningful up to float rounding.

    Returns
    -------
    PairCounts
        With ``U = n`` (every given pair counted once).

    Raises
    ------
    ValueError
        If f and g differ in length.

    Notes
    -----
    Huang & Ling (2005), §IV-B: each pair is one test fold of one data set, comparing learner
    ``a`` with learner ``b``.
    """
    df = np.asarray(f_a, dtype=float) - np.asarray(f_b, dtype=float)
    dg = np.asarray(g_a, dtype=float) - np.asarray(g_b, dtype=float)
    if df.shape != dg.shape:
        raise ValueError("f and g must have the same number of observations")
    f_eq = np.abs(df) <= tol
    g_eq = np.abs(dg) <= tol
    both = ~f_eq & ~g_eq
    return PairCounts(R=int(np.sum(both & (np.sign(df) == np.sign(dg)))),
                      S=int(np.sum(both & (np.sign(df) != np.sign(dg)))),
                      P=int(np.sum(~f_eq & g_eq)), Q=int(np.sum(f_eq & ~g_eq)), V=int(np.sum(f_eq & g_eq)),
                      U=int(df.size))
