"""Multi-class C/D of Hand-Till M against accuracy (Huang & Ling 2005, §II; Knowl 3).

The paper: "c classes, 2 examples per class, 50,000 sampled lists"; AUC = Hand & Till (2001) M,
accuracy = fraction correct ("Knowl 3" of the seed document). The paper does not say how the
lists were sampled; the models offered here are described in :data:`MULTICLASS_MODELS`.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from aucacc.counting import JointHistogram, pair_counts

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
        ds.append(float(pc.D) if pc.Q else np.nan)  # D = inf (Q = 0) would swamp the spread
    a = (1 - level) / 2
    cs, ds = np.array(cs), np.array(ds)
    return {"C_se": float(np.nanstd(cs, ddof=1)), "C_lo": float(np.nanquantile(cs, a)),
            "C_hi": float(np.nanquantile(cs, 1 - a)), "D_se": float(np.nanstd(ds, ddof=1)),
            "D_lo": float(np.nanquantile(ds, a)), "D_hi": float(np.nanquantile(ds, 1 - a))}
