"""Direct-marketing profit of a classifier with a given AUC against one with the same accuracy.

Reproduces Huang & Ling (2005), Section V "Optimizing profit with AUC and accuracy" (Knowl 8
of the seed text; SPEC §4). A *ranking* is an ordering of ``n`` customers, ``n0`` of them
responders (positives), top first; every ordering of the labels is equally likely. A campaign
contacts the top ``k`` customers (``k = round(cutoff * n)``) and earns

    profit = revenue * (responders among the top k) - cost * k.

"Expected profit given AUC = v" is the mean profit over all rankings whose AUC equals ``v``
exactly; "given accuracy = v" likewise, with accuracy computed as in SPEC §2 (the top ``n0``
are classified positive, so ``acc = (2 t + n1 - n0) / n`` with ``t`` the responders in the top
``n0``). For ``n = 20`` the AUC takes the values ``u / 100`` and accuracy ``t / 10``, so the
paper's metric values 0.6 ... 0.9 are all attained exactly and no binning is needed: exact
conditioning reproduces "maximum profit from AUC >= 0.93", a bin of width 0.1 does not.

Three ways of obtaining the joint counts of (AUC numerator ``u``, ``t``, hits ``h`` in the top
``k``) are provided:

* :func:`enumerated_counts` — enumerate all ``C(n, n0)`` rankings (``n = 20``: 184,756);
* :func:`counted_counts` — exact integer counts without enumeration, from Gaussian binomial
  coefficients (q-binomials) of the list's segments; works for lists of a few hundred;
* :func:`monte_carlo_counts` — the paper's protocol: ``N`` uniformly random rankings drawn
  with a seeded :class:`numpy.random.Generator`.

All three return :class:`JointCounts`; :func:`expected_profit_frame` turns any of them into
the tidy table of expected profits. :func:`joint_counts_3d` gives the full (u, t, h) joint, from
which :func:`monte_carlo_sd` computes how far one run of the paper's protocol strays from the
exact values.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np
import pandas as pd

__all__ = [
    "JointCounts",
    "contacts_for_cutoff",
    "ranking_statistics",
    "enumerate_rankings",
    "enumerated_counts",
    "auc_numerator_counts",
    "counted_counts",
    "joint_counts_3d",
    "monte_carlo_sd",
    "monte_carlo_counts",
    "expected_profit_frame",
    "max_profit_threshold",
    "profit_study",
    "parse_published",
    "compare_with_published",
    "write_profit_table",
    "write_profit_comparison",
    "write_profit_figures",
]

#: Largest number of rankings :func:`enumerate_rankings` materialises (memory guard).
MAX_ENUMERATED = 5_000_000

METHOD_ENUMERATION = "exact-enumeration"
METHOD_COUNTING = "exact-counting"
METHOD_MONTE_CARLO = "monte-carlo"


def _check_list(list_size: int, positives: int) -> None:
    if int(list_size) != list_size or int(positives) != positives:
        raise TypeError("list_size and positives must be integers")
    if list_size < 2 or not 1 <= positives <= list_size - 1:
        raise ValueError(f"need list_size >= 2 and 1 <= positives <= list_size - 1, "
                         f"got list_size={list_size}, positives={positives}")


def contacts_for_cutoff(list_size: int, cutoff: float) -> int:
    """Number of customers contacted when the top ``cutoff`` fraction of a list is promoted.

    Parameters
    ----------
    list_size : int
        Customers in the list, ``n``.
    cutoff : float
        Fraction contacted, ``0 < cutoff <= 1`` (the paper: 0.15 and 0.25).

    Returns
    -------
    int
        ``k = floor(cutoff * n + 1/2)`` (half rounds up), at least 1. For ``n = 20``:
        15 % → 3, 25 % → 5.

    Raises
    ------
    ValueError
        If ``cutoff`` is outside ``(0, 1]``.
    """
    if not 0 < cutoff <= 1:
        raise ValueError(f"cutoff must lie in (0, 1], got {cutoff}")
    # The epsilon keeps 0.15 * 20 = 2.9999999999999996 from rounding the wrong way.
    return max(1, int(math.floor(cutoff * list_size + 0.5 + 1e-9)))


def _acc_value(t: int | np.ndarray, list_size: int, positives: int):
    """Accuracy of a ranking whose top ``positives`` hold ``t`` responders (SPEC §2)."""
    return (2 * np.asarray(t) + (list_size - positives) - positives) / list_size


@dataclass
class JointCounts:
    """Counts of rankings by (AUC numerator, hits) and by (top-``n0`` responders, hits).

    Attributes
    ----------
    list_size, positives, contacts : int
        ``n``, ``n0`` and ``k``.
    auc : numpy.ndarray, shape (n0*n1 + 1, k + 1)
        ``auc[u, h]`` = number of rankings with AUC numerator ``u`` (AUC = ``u / (n0 n1)``) and
        ``h`` responders among the top ``k``. dtype ``object`` (Python ints, exact) for the exact
        methods, ``int64`` for Monte Carlo.
    acc : numpy.ndarray, shape (n0 + 1, k + 1)
        ``acc[t, h]`` = number of rankings with ``t`` responders among the top ``n0`` (accuracy
        ``(2t + n1 - n0) / n``) and ``h`` among the top ``k``.
    method : str
        ``"exact-enumeration"``, ``"exact-counting"`` or ``"monte-carlo"``.
    total : int
        Rankings counted (``C(n, n0)`` for the exact methods, ``N`` for Monte Carlo).
    """

    list_size: int
    positives: int
    contacts: int
    auc: np.ndarray
    acc: np.ndarray
    method: str
    total: int


# --------------------------------------------------------------------------- statistics
def ranking_statistics(labels: np.ndarray, positives: int, contacts: Sequence[int]) -> tuple:
    """AUC numerator, top-``n0`` responders and top-``k`` hits of a batch of rankings.

    Parameters
    ----------
    labels : numpy.ndarray of bool, shape (N, n)
        ``labels[r, i]`` is True when the customer at position ``i`` (0 = top) of ranking ``r``
        is a responder; every row holds exactly ``positives`` True values.
    positives : int
        ``n0``, responders per list (the accuracy cut sits after position ``n0``).
    contacts : sequence of int
        Cut-offs ``k`` (customers contacted).

    Returns
    -------
    u : numpy.ndarray of int64, shape (N,)
        Correctly ordered (responder above non-responder) pairs; AUC = ``u / (n0 n1)``.
    t : numpy.ndarray of int64, shape (N,)
        Responders among the top ``n0``.
    hits : dict int -> numpy.ndarray of int64, shape (N,)
        Responders among the top ``k`` for each ``k`` in ``contacts``.
    """
    labels = np.asarray(labels, dtype=bool)
    above = np.cumsum(labels, axis=1, dtype=np.int64)  # responders at or above each position
    u = np.where(labels, 0, above).sum(axis=1)  # each non-responder scores the responders above it
    t = above[:, positives - 1]
    hits = {int(k): above[:, int(k) - 1] for k in contacts}
    return u, t, hits


def _tally(u, t, hits_k, n0: int, n1: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    h_max = min(k, n0)
    auc = np.zeros((n0 * n1 + 1, k + 1), dtype=np.int64)
    acc = np.zeros((n0 + 1, k + 1), dtype=np.int64)
    np.add.at(auc, (u, hits_k), 1)
    np.add.at(acc, (t, hits_k), 1)
    assert auc[:, h_max + 1:].sum() == 0
    return auc, acc


def enumerate_rankings(list_size: int, positives: int) -> np.ndarray:
    """All ``C(n, n0)`` distinct label orderings of a list.

    Parameters
    ----------
    list_size, positives : int
        ``n`` customers, ``n0`` responders.

    Returns
    -------
    numpy.ndarray of bool, shape (C(n, n0), n)
        One ranking per row, top first, in lexicographic order of the responders' positions.

    Raises
    ------
    ValueError
        If there are more than :data:`MAX_ENUMERATED` rankings (use :func:`counted_counts`).
    """
    _check_list(list_size, positives)
    total = math.comb(list_size, positives)
    if total > MAX_ENUMERATED:
        raise ValueError(f"C({list_size}, {positives}) = {total} rankings is too many to enumerate; "
                         "use counted_counts")
    idx = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(list_size), positives)),
                      dtype=np.int64, count=total * positives).reshape(total, positives)
    labels = np.zeros((total, list_size), dtype=bool)
    labels[np.arange(total)[:, None], idx] = True
    return labels


def enumerated_counts(list_size: int, positives: int, contacts: Sequence[int]) -> dict[int, JointCounts]:
    """Exact joint counts by enumerating every ranking (the paper's population, without sampling).

    Parameters
    ----------
    list_size, positives : int
        ``n`` customers, ``n0`` responders (paper: 20 and 10).
    contacts : sequence of int
        Cut-offs ``k`` (paper: 3 and 5, i.e. 15 % and 25 % of 20).

    Returns
    -------
    dict int -> JointCounts
        One entry per ``k``; counts are exact Python ints (dtype ``object``).

    Raises
    ------
    ValueError
        For an invalid list or more than :data:`MAX_ENUMERATED` rankings.
    """
    labels = enumerate_rankings(list_size, positives)
    n1 = list_size - positives
    u, t, hits = ranking_statistics(labels, positives, contacts)
    out = {}
    for k in contacts:
        _check_contacts(list_size, k)
        auc, acc = _tally(u, t, hits[int(k)], positives, n1, int(k))
        out[int(k)] = JointCounts(list_size, positives, int(k), auc.astype(object), acc.astype(object),
                                  METHOD_ENUMERATION, len(labels))
    return out


def _check_contacts(list_size: int, k: int) -> None:
    if not 1 <= k <= list_size:
        raise ValueError(f"contacts must lie in 1..{list_size}, got {k}")


# --------------------------------------------------------------------------- exact counting
def auc_numerator_counts(length: int, max_positives: int | None = None) -> list[np.ndarray]:
    """Counts of label sequences by number of correctly ordered pairs (Gaussian binomials).

    Parameters
    ----------
    length : int
        Sequence length ``L >= 0``.
    max_positives : int, optional
        Largest number of responders ``p`` needed (default ``L``).

    Returns
    -------
    list of numpy.ndarray (dtype object)
        Entry ``p`` (``0 <= p <= min(L, max_positives)``) has length ``p (L - p) + 1``; its
        element ``m`` is the number of sequences of ``p`` responders and ``L - p``
        non-responders with exactly ``m`` (responder above non-responder) pairs — the
        coefficients of the q-binomial ``[L choose p]_q``. They sum to ``C(L, p)``.
    """
    if length < 0:
        raise ValueError(f"length must be >= 0, got {length}")
    pmax = length if max_positives is None else min(length, max_positives)
    width = max(p * (length - p) for p in range(pmax + 1)) + 1
    # f[i, m]: sequences built so far with i responders and m correct pairs.
    f = np.zeros((pmax + 1, width), dtype=object)
    f[0, 0] = 1
    for step in range(length):
        g = np.zeros_like(f)
        for i in range(min(step, pmax) + 1):
            row = f[i]
            g[i, i:] += row[:width - i]  # a non-responder below i responders: i new correct pairs
            if i < pmax:
                g[i + 1] += row  # a responder: pairs come later
        f = g
    return [f[p, :p * (length - p) + 1].copy() for p in range(pmax + 1)]


def counted_counts(list_size: int, positives: int, contacts: Sequence[int]) -> dict[int, JointCounts]:
    """Exact joint counts without enumeration (exact integers, any moderate list size).

    The list is cut at ``k`` into a head (``k`` customers, ``h`` responders) and a tail. The
    correctly ordered pairs are those inside the head, those inside the tail, and every head
    responder above every tail non-responder, so for fixed ``h`` the distribution of ``u`` is the
    convolution of the two segments' Gaussian binomials shifted by ``h * (tail non-responders)``.
    The ``(t, h)`` table is a product of binomials over the segments cut at ``k`` and ``n0``.

    Parameters
    ----------
    list_size, positives : int
        ``n`` customers, ``n0`` responders.
    contacts : sequence of int
        Cut-offs ``k``.

    Returns
    -------
    dict int -> JointCounts
        Identical to :func:`enumerated_counts` (tested for ``n = 20``), dtype ``object``.
        Cost grows roughly as ``n**3 * n0``; ``n = 100`` takes about a second.

    Raises
    ------
    ValueError
        For an invalid list or cut-off.
    """
    _check_list(list_size, positives)
    n, n0 = list_size, positives
    n1 = n - n0
    out = {}
    for k in contacts:
        k = int(k)
        _check_contacts(n, k)
        head = auc_numerator_counts(k, n0)
        tail = auc_numerator_counts(n - k, n0)
        auc = np.zeros((n0 * n1 + 1, k + 1), dtype=object)
        for h in range(max(0, k - n1), min(k, n0) + 1):
            rest = n0 - h
            if rest > n - k:
                continue
            conv = np.convolve(head[h], tail[rest])
            shift = h * ((n - k) - rest)  # head responders above every tail non-responder
            auc[shift:shift + len(conv), h] += conv
        acc = np.zeros((n0 + 1, k + 1), dtype=object)
        a, b = min(k, n0), max(k, n0)  # segment ends: [0, a), [a, b), [b, n)
        for t in range(n0 + 1):
            for h in range(min(k, n0) + 1):
                # x responders in [0, a), y in [a, b), z in [b, n)
                if k <= n0:
                    x, y, z = h, t - h, n0 - t
                else:
                    x, y, z = t, h - t, n0 - h
                if min(x, y, z) < 0:
                    continue
                acc[t, h] = math.comb(a, x) * math.comb(b - a, y) * math.comb(n - b, z)
        out[k] = JointCounts(n, n0, k, auc, acc, METHOD_COUNTING, math.comb(n, n0))
    return out


def joint_counts_3d(list_size: int, positives: int, contacts: int) -> np.ndarray:
    """Exact counts of rankings by (AUC numerator, top-``n0`` responders, top-``k`` hits) jointly.

    The list is cut at ``min(k, n0)`` and ``max(k, n0)`` into three segments with ``x``, ``y``,
    ``z`` responders; ``u`` is the sum of the segments' internal pairs (Gaussian binomials,
    convolved) plus every responder above every non-responder of a later segment.

    Parameters
    ----------
    list_size, positives : int
        ``n``, ``n0``.
    contacts : int
        ``k``.

    Returns
    -------
    numpy.ndarray of object (Python int), shape (n0*n1 + 1, n0 + 1, k + 1)
        ``joint[u, t, h]``; summing over ``t`` gives :attr:`JointCounts.auc`, over ``u`` gives
        :attr:`JointCounts.acc`. Cost grows fast with ``n`` (meant for the paper's ``n = 20``).

    Raises
    ------
    ValueError
        For an invalid list or cut-off.
    """
    _check_list(list_size, positives)
    n, n0, k = list_size, positives, int(contacts)
    _check_contacts(n, k)
    n1 = n - n0
    a, b = min(k, n0), max(k, n0)
    g1, g2, g3 = (auc_numerator_counts(length, n0) for length in (a, b - a, n - b))
    out = np.zeros((n0 * n1 + 1, n0 + 1, k + 1), dtype=object)
    for x in range(min(a, n0) + 1):
        for y in range(min(b - a, n0 - x) + 1):
            z = n0 - x - y
            if z > n - b:
                continue
            neg2, neg3 = (b - a) - y, (n - b) - z
            shift = x * (neg2 + neg3) + y * neg3  # responders above later segments' non-responders
            conv = np.convolve(np.convolve(g1[x], g2[y]), g3[z])
            t, h = (x + y, x) if k <= n0 else (x, x + y)
            out[shift:shift + len(conv), t, h] += conv
    return out


def monte_carlo_sd(joint: np.ndarray, u: int, t: int, samples: int) -> float:
    """Standard deviation of a Monte-Carlo estimate of ``E[h | U=u] - E[h | T=t]``.

    Both conditional means come from the same ``samples`` uniformly random rankings, so they
    are correlated through the rankings with ``U = u`` *and* ``T = t``. Delta method:
    ``Var = (s_a²/p_a + s_c²/p_c - 2 c_ac/(p_a p_c)) / N`` with ``p`` the probability of the
    condition, ``s²`` the conditional variance of ``h`` and ``c_ac = E[1{U=u,T=t}
    (h - m_a)(h - m_c)]``. Multiply by the revenue for profit units.

    Parameters
    ----------
    joint : numpy.ndarray, shape (n0*n1 + 1, n0 + 1, k + 1)
        From :func:`joint_counts_3d`.
    u, t : int
        AUC numerator and top-``n0`` responders of the compared metric values.
    samples : int
        Rankings per Monte-Carlo run ``N``.

    Returns
    -------
    float
        The sd in units of responders contacted (0 when a condition is certain or impossible).
    """
    total = sum(int(c) for c in joint.ravel())
    hs = np.arange(joint.shape[2])

    def cond(sl):
        w = np.array([int(c) for c in sl], dtype=float)
        p = w.sum() / total
        m = float((w * hs).sum() / w.sum()) if w.sum() else 0.0
        return w, p, m, float((w * (hs - m) ** 2).sum() / w.sum()) if w.sum() else 0.0

    _, pa, ma, va = cond(joint[u].sum(axis=0))
    _, pc, mc, vc = cond(joint[:, t].sum(axis=0))
    if pa == 0 or pc == 0:
        return float("nan")
    both = np.array([int(c) for c in joint[u, t]], dtype=float) / total
    cross = float((both * (hs - ma) * (hs - mc)).sum())
    var = (va / pa + vc / pc - 2 * cross / (pa * pc)) / samples
    return math.sqrt(max(var, 0.0))


# --------------------------------------------------------------------------- Monte Carlo
def monte_carlo_counts(list_size: int, positives: int, contacts: Sequence[int], samples: int,
                       seed: int | Sequence[int] | np.random.Generator, chunk: int = 100_000
                       ) -> dict[int, JointCounts]:
    """The paper's protocol: tally ``samples`` uniformly random rankings.

    Each ranking is a random permutation of ``n0`` responders and ``n1`` non-responders
    (:meth:`numpy.random.Generator.permuted`); the same rankings serve every cut-off, as in a
    single simulation run.

    Parameters
    ----------
    list_size, positives : int
        ``n``, ``n0`` (paper: 20, 10).
    contacts : sequence of int
        Cut-offs ``k``.
    samples : int
        Number of rankings ``N`` (paper: 1,000,000).
    seed : int, sequence of int or numpy.random.Generator
        Seed for :func:`numpy.random.default_rng` (or a generator, used as is).
    chunk : int
        Rankings drawn per batch (memory: ``chunk * n`` bytes).

    Returns
    -------
    dict int -> JointCounts
        Sampled counts (dtype int64, ``total == samples``); values never drawn have count 0.

    Raises
    ------
    ValueError
        If ``samples < 1`` or the list is invalid.
    """
    _check_list(list_size, positives)
    if samples < 1:
        raise ValueError(f"samples must be >= 1, got {samples}")
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    n0, n1 = positives, list_size - positives
    ks = [int(k) for k in contacts]
    for k in ks:
        _check_contacts(list_size, k)
    tallies = {k: (np.zeros((n0 * n1 + 1, k + 1), np.int64), np.zeros((n0 + 1, k + 1), np.int64)) for k in ks}
    base = np.zeros(list_size, dtype=bool)
    base[:positives] = True
    done = 0
    while done < samples:
        m = min(chunk, samples - done)
        labels = rng.permuted(np.broadcast_to(base, (m, list_size)), axis=1)
        u, t, hits = ranking_statistics(labels, positives, ks)
        for k in ks:
            auc, acc = _tally(u, t, hits[k], n0, n1, k)
            tallies[k][0][:] += auc
            tallies[k][1][:] += acc
        done += m
    return {k: JointCounts(list_size, positives, k, a, c, METHOD_MONTE_CARLO, samples)
            for k, (a, c) in tallies.items()}


# --------------------------------------------------------------------------- expectations
def _conditional_rows(table: np.ndarray) -> Iterable[tuple[int, int, Fraction, Fraction]]:
    """(row index, count, E[h], E[h^2]) for every row with a positive count, exactly."""
    hs = list(range(table.shape[1]))
    for r in range(table.shape[0]):
        row = [int(c) for c in table[r]]
        cnt = sum(row)
        if cnt == 0:
            continue
        s1 = sum(h * c for h, c in zip(hs, row))
        s2 = sum(h * h * c for h, c in zip(hs, row))
        yield r, cnt, Fraction(s1, cnt), Fraction(s2, cnt)


def expected_profit_frame(counts: JointCounts, revenue: float, cost: float, setting: str = "paper"
                          ) -> pd.DataFrame:
    """Expected profit given each attained AUC value and each attained accuracy value.

    Parameters
    ----------
    counts : JointCounts
        From :func:`enumerated_counts`, :func:`counted_counts` or :func:`monte_carlo_counts`.
    revenue : float
        Revenue per responder contacted (currency units; not printed in the paper, 30 fits).
    cost : float
        Cost per customer contacted (currency units).
    setting : str
        Label copied into the ``setting`` column.

    Returns
    -------
    pandas.DataFrame
        One row per (metric, attained metric value) with columns ``setting, list_size,
        positives, cutoff_contacts, metric ("auc" | "acc"), metric_value, expected_hits,
        expected_profit, sd_profit, n_rankings, total_rankings, method, revenue, cost``. ``expected_profit =
        revenue * E[h | metric = v] - cost * k``; ``sd_profit`` is the standard deviation of
        the profit over those rankings; ``n_rankings`` the exact number of rankings with that
        value (Python int; can exceed 2**63 for long lists).
    """
    n, n0, k = counts.list_size, counts.positives, counts.contacts
    n1 = n - n0
    rows = []
    for metric, table in (("auc", counts.auc), ("acc", counts.acc)):
        for r, cnt, e1, e2 in _conditional_rows(table):
            value = r / (n0 * n1) if metric == "auc" else float(_acc_value(r, n, n0))
            var = e2 - e1 * e1
            rows.append({
                "setting": setting, "list_size": n, "positives": n0, "cutoff_contacts": k,
                "metric": metric, "metric_value": value, "metric_numerator": r,
                "expected_hits": float(e1),
                "expected_profit": revenue * float(e1) - cost * k,
                "sd_profit": revenue * math.sqrt(float(var)),
                "n_rankings": cnt, "total_rankings": counts.total, "method": counts.method,
                "revenue": revenue, "cost": cost,
            })
    return pd.DataFrame(rows)


def max_profit_threshold(counts: JointCounts, metric: str) -> float | None:
    """Smallest metric value from which the expected profit is always the maximum possible.

    The maximum is reached when every contacted customer that can be a responder is one,
    ``h = min(k, n0)``. The threshold ``v*`` is the smallest attained value such that every
    ranking with metric ``>= v*`` has ``h = min(k, n0)`` (decided on the integer counts, no
    floating-point comparison). Paper (Knowl 8): 15 % cut-off, ``n = 20`` → AUC 0.93,
    accuracy 1.00.

    Parameters
    ----------
    counts : JointCounts
    metric : {"auc", "acc"}

    Returns
    -------
    float or None
        ``v*``, or None if no attained value reaches the maximum.

    Raises
    ------
    ValueError
        For an unknown metric.
    """
    if metric not in ("auc", "acc"):
        raise ValueError(f"metric must be 'auc' or 'acc', got {metric!r}")
    table = counts.auc if metric == "auc" else counts.acc
    h_max = min(counts.contacts, counts.positives)
    best = None
    for r in range(table.shape[0] - 1, -1, -1):
        row = [int(c) for c in table[r]]
        if sum(row) == 0:
            continue
        if sum(row[:h_max]) != 0:  # some ranking with this value misses a responder
            break
        best = r
    if best is None:
        return None
    n, n0 = counts.list_size, counts.positives
    return best / (n0 * (n - n0)) if metric == "auc" else float(_acc_value(best, n, n0))


def profit_study(list_size: int, positives: int, cutoffs: Sequence[float], revenue: float, cost: float,
                 setting: str = "paper", method: str = "auto", samples: int = 1_000_000,
                 seed: int | Sequence[int] | None = None) -> pd.DataFrame:
    """Expected-profit table of one list configuration for several cut-offs.

    Parameters
    ----------
    list_size, positives : int
        ``n``, ``n0``.
    cutoffs : sequence of float
        Fractions of the list contacted (paper: 0.15, 0.25).
    revenue, cost : float
        Revenue per responder contacted, cost per contact.
    setting : str
        Label of the configuration (``paper``, ``imbalanced``, ``large`` ...).
    method : {"auto", "exact-enumeration", "exact-counting", "monte-carlo"}
        ``auto`` enumerates when ``C(n, n0) <= 1,000,000`` and counts otherwise.
    samples : int
        Rankings drawn for ``monte-carlo``.
    seed : int or sequence of int
        Seed for ``monte-carlo`` (required for it).

    Returns
    -------
    pandas.DataFrame
        :func:`expected_profit_frame` rows for every cut-off, with ``cutoff`` (the fraction)
        and ``max_profit_from`` (the :func:`max_profit_threshold` of that metric) added.

    Raises
    ------
    ValueError
        For an unknown method, or ``monte-carlo`` without a seed.
    """
    ks = {c: contacts_for_cutoff(list_size, c) for c in cutoffs}
    if method == "auto":
        method = METHOD_ENUMERATION if math.comb(list_size, positives) <= 1_000_000 else METHOD_COUNTING
    if method == METHOD_ENUMERATION:
        counts = enumerated_counts(list_size, positives, sorted(set(ks.values())))
    elif method == METHOD_COUNTING:
        counts = counted_counts(list_size, positives, sorted(set(ks.values())))
    elif method == METHOD_MONTE_CARLO:
        if seed is None:
            raise ValueError("monte-carlo needs a seed")
        counts = monte_carlo_counts(list_size, positives, sorted(set(ks.values())), samples, seed)
    else:
        raise ValueError(f"unknown method {method!r}")
    frames = []
    for c, k in ks.items():
        df = expected_profit_frame(counts[k], revenue, cost, setting)
        df.insert(3, "cutoff", float(c))
        df["max_profit_from"] = df["metric"].map({m: max_profit_threshold(counts[k], m) for m in ("auc", "acc")})
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


# --------------------------------------------------------------------------- comparison
def parse_published(path: str | Path) -> pd.DataFrame:
    """Read ``config/published/profit.csv`` into tidy rows.

    Returns
    -------
    pandas.DataFrame
        Columns ``cutoff`` (fraction), ``quantity`` (``difference`` or
        ``max_profit_from_auc``), ``metric_value`` (NaN for the threshold row), ``published``.

    Raises
    ------
    ValueError
        If a row has neither a numeric metric value nor a known quantity name.
    """
    raw = pd.read_csv(path, dtype=str, keep_default_na=False)
    rows = []
    for rec in raw.to_dict("records"):
        cutoff = float(rec["cutoff"].strip().rstrip("%")) / 100
        value = rec["profit_auc_minus_profit_acc"]
        try:
            mv = float(rec["metric_value"])
            rows.append({"cutoff": cutoff, "quantity": "difference", "metric_value": mv, "published": float(value)})
        except ValueError:
            if rec["metric_value"] != "max_profit_reached_at_auc":
                raise ValueError(f"unknown row in {path}: {rec}") from None
            rows.append({"cutoff": cutoff, "quantity": "max_profit_from_auc", "metric_value": np.nan,
                         "published": float(value)})
    return pd.DataFrame(rows)


def _at(df: pd.DataFrame, metric: str, value: float) -> pd.Series | None:
    sel = df[(df["metric"] == metric) & np.isclose(df["metric_value"], value, rtol=0, atol=1e-9)]
    return None if sel.empty else sel.iloc[0]


def compare_with_published(table: pd.DataFrame, published: pd.DataFrame, setting: str = "paper") -> pd.DataFrame:
    """Published profit differences and thresholds next to ours (exact and Monte Carlo).

    Parameters
    ----------
    table : pandas.DataFrame
        Output of :func:`profit_study` (exact rows and, optionally, ``monte-carlo`` rows).
    published : pandas.DataFrame
        Output of :func:`parse_published`.
    setting : str
        Which setting of ``table`` matches the paper.

    Returns
    -------
    pandas.DataFrame
        One row per cut-off and quantity: ``difference`` at each metric value attained by both
        AUC and accuracy (AUC profit − accuracy profit), ``max_profit_from_auc`` and
        ``max_profit_from_acc``, and where published differences exist ``revenue_fit`` (see
        :func:`_revenue_fit`) and ``chi2_at_configured_revenue``, and with a Monte-Carlo run
        ``mc_vs_exact_chi2`` (our run's differences against the exact ones). Columns ``cutoff, quantity,
        metric_value, published, exact, monte_carlo, mc_sd, exact_minus_published, mc_minus_exact, z,
        note``;
        ``mc_sd`` is the standard deviation of the difference that a Monte-Carlo run with the
        table's number of sampled rankings ``N`` has (:func:`monte_carlo_sd` on the exact joint
        counts; NaN without a Monte-Carlo run), and
        ``z = (published − exact) / mc_sd``.
    """
    sub = table[table["setting"] == setting]
    exact = sub[sub["method"] != METHOD_MONTE_CARLO]
    mc = sub[sub["method"] == METHOD_MONTE_CARLO]
    n_mc = int(mc["total_rankings"].iloc[0]) if len(mc) else None
    rows = []
    for cutoff in sorted(exact["cutoff"].unique()):
        ex, mcc = exact[exact["cutoff"] == cutoff], mc[mc["cutoff"] == cutoff]
        pub = published[np.isclose(published["cutoff"], cutoff)]
        acc_values = ex.loc[ex["metric"] == "acc", "metric_value"]
        joint = None
        for v in sorted(acc_values[acc_values >= 0.5 - 1e-9]):  # the paper compares above 50 %
            a, c = _at(ex, "auc", v), _at(ex, "acc", v)
            if a is None or c is None:
                continue
            d = a["expected_profit"] - c["expected_profit"]
            mc_d = mc_sd = np.nan
            if len(mcc):
                ma, mcv = _at(mcc, "auc", v), _at(mcc, "acc", v)
                if ma is not None and mcv is not None:
                    mc_d = ma["expected_profit"] - mcv["expected_profit"]
            if n_mc:
                if joint is None:
                    joint = joint_counts_3d(int(a["list_size"]), int(a["positives"]), int(a["cutoff_contacts"]))
                mc_sd = float(a["revenue"]) * monte_carlo_sd(joint, int(a["metric_numerator"]),
                                                             int(c["metric_numerator"]), n_mc)
            p = pub[(pub["quantity"] == "difference") & np.isclose(pub["metric_value"], v)]
            pv = float(p["published"].iloc[0]) if len(p) else np.nan
            rows.append({"cutoff": cutoff, "quantity": "difference", "metric_value": v, "published": pv,
                         "exact": d, "monte_carlo": mc_d, "mc_sd": mc_sd,
                         "note": "AUC profit - accuracy profit at metric value v"})
        for metric in ("auc", "acc"):
            thr = ex.loc[ex["metric"] == metric, "max_profit_from"].iloc[0]
            mthr = mcc.loc[mcc["metric"] == metric, "max_profit_from"].iloc[0] if len(mcc) else np.nan
            p = pub[pub["quantity"] == f"max_profit_from_{metric}"]
            rows.append({"cutoff": cutoff, "quantity": f"max_profit_from_{metric}", "metric_value": np.nan,
                         "published": float(p["published"].iloc[0]) if len(p) else np.nan,
                         "exact": thr, "monte_carlo": mthr, "mc_sd": np.nan,
                         "note": f"smallest {metric} value from which expected profit is maximal"})
        rows.extend(_revenue_fit(rows, cutoff, float(ex["revenue"].iloc[0])))
        pts = [r for r in rows if r["cutoff"] == cutoff and r["quantity"] == "difference"
               and np.isfinite(r["monte_carlo"]) and np.isfinite(r["mc_sd"]) and r["mc_sd"] > 0]
        if pts:  # is our own Monte-Carlo run as far from the exact values as its sd says?
            chi2 = float(sum(((r["monte_carlo"] - r["exact"]) / r["mc_sd"]) ** 2 for r in pts))
            rows.append({"cutoff": cutoff, "quantity": "mc_vs_exact_chi2", "metric_value": float(len(pts)),
                         "published": np.nan, "exact": chi2, "monte_carlo": np.nan, "mc_sd": np.nan,
                         "note": "sum of ((monte_carlo - exact) / mc_sd)^2 over the differences; metric_value = df"})
    out = pd.DataFrame(rows)
    out["exact_minus_published"] = out["exact"] - out["published"]
    out["mc_minus_exact"] = out["monte_carlo"] - out["exact"]
    out["z"] = (out["published"] - out["exact"]) / out["mc_sd"]
    return out[[c for c in out.columns if c != "note"] + ["note"]]


def _revenue_fit(rows: list[dict], cutoff: float, revenue: float) -> list[dict]:
    """Revenue fitted to the published differences, weighted by the paper's Monte-Carlo variance.

    The difference scales with revenue, ``d(v) = R * delta(v)``, and so does its Monte-Carlo sd,
    ``R * s(v)``; weighted least squares gives ``R_hat = sum(w delta p) / sum(w delta^2)`` with
    ``w = 1 / s^2`` and standard error ``R_hat / sqrt(sum(w delta^2))``. Also reports the
    chi-square of the published values against the configured revenue (df = number of points).
    """
    pts = [r for r in rows if r["cutoff"] == cutoff and r["quantity"] == "difference"
           and np.isfinite(r["published"]) and np.isfinite(r["mc_sd"]) and r["mc_sd"] > 0]
    if not pts:
        return []
    delta = np.array([r["exact"] for r in pts]) / revenue
    sd = np.array([r["mc_sd"] for r in pts]) / revenue
    pub = np.array([r["published"] for r in pts])
    w = 1 / sd ** 2
    r_hat = float((w * delta * pub).sum() / (w * delta ** 2).sum())
    se = r_hat / math.sqrt(float((w * delta ** 2).sum()))
    chi2 = float((((pub - revenue * delta) / (revenue * sd)) ** 2).sum())
    return [
        {"cutoff": cutoff, "quantity": "revenue_fit", "metric_value": np.nan, "published": np.nan,
         "exact": r_hat, "monte_carlo": np.nan, "mc_sd": se,
         "note": f"revenue fitted to the {len(pts)} published differences (weights 1/mc_sd^2); mc_sd = its se"},
        {"cutoff": cutoff, "quantity": "chi2_at_configured_revenue", "metric_value": float(len(pts)),
         "published": np.nan, "exact": chi2, "monte_carlo": np.nan, "mc_sd": np.nan,
         "note": f"sum of z^2 of the published differences at revenue {revenue:g}; metric_value = df"},
    ]


# --------------------------------------------------------------------------- workflow entry points
def _settings(profit_cfg: dict) -> list[dict]:
    """The paper's configuration followed by the beyond-paper ones, from the ``profit`` config."""
    out = [{"setting": "paper", "list_size": profit_cfg["list_size"], "positives": profit_cfg["positives"]}]
    for name, s in (profit_cfg.get("beyond") or {}).items():
        out.append({"setting": name, "list_size": s["list_size"], "positives": s["positives"]})
    return out


def figure_stem(setting: str, cutoff: float) -> str:
    """File stem of the profit figure of one setting and cut-off: ``profit_15``, ``profit_large_15``.

    The paper's setting has no setting label; the cut-off appears as a whole percentage.
    """
    pct = f"{round(cutoff * 100):d}"
    return f"profit_{pct}" if setting == "paper" else f"profit_{setting}_{pct}"


def figure_stems(profit_cfg: dict) -> list[str]:
    """Stems of every profit figure the ``profit`` config asks for, paper setting first.

    The workflow's rule ``profit_figures`` declares these as its outputs and
    :func:`write_profit_figures` names its files with :func:`figure_stem`.
    """
    return [figure_stem(s["setting"], c) for s in _settings(profit_cfg) for c in profit_cfg["cutoffs"]]


def write_profit_table(profit_cfg: dict, seed: int, stem: str | Path, provenance: dict | None = None) -> pd.DataFrame:
    """Compute every profit setting of the config and write ``<stem>.{csv,md,tex}``.

    Parameters
    ----------
    profit_cfg : dict
        The ``profit`` section of ``config/config.yaml`` (list size, positives, cut-offs,
        revenue, cost, ``monte_carlo: {enabled, samples}``, ``beyond: {name: {list_size,
        positives}}``).
    seed : int
        Seed of the Monte-Carlo run (the paper setting only).
    stem : path
        Output path without extension (``results/tables/profit``).
    provenance : dict, optional
        Record written beside the CSV.

    Returns
    -------
    pandas.DataFrame
        The tidy table written to CSV (columns as in :func:`profit_study`).
    """
    from aucacc.report.tables import write_table

    cutoffs, rev, cost = profit_cfg["cutoffs"], profit_cfg["revenue"], profit_cfg["cost"]
    frames = []
    for s in _settings(profit_cfg):
        frames.append(profit_study(s["list_size"], s["positives"], cutoffs, rev, cost, setting=s["setting"]))
    mc = profit_cfg.get("monte_carlo") or {}
    if mc.get("enabled", False):
        frames.append(profit_study(profit_cfg["list_size"], profit_cfg["positives"], cutoffs, rev, cost,
                                   setting="paper", method=METHOD_MONTE_CARLO, samples=int(mc["samples"]),
                                   seed=seed))
    table = pd.concat(frames, ignore_index=True)
    table["n_rankings"] = table["n_rankings"].astype(str)  # exact integers, may exceed int64
    table["total_rankings"] = table["total_rankings"].astype(str)
    # Markdown/LaTeX: the paper's setting on the 0.1 grid, AUC and accuracy side by side.
    paper = table[(table["setting"] == "paper")]
    tenths = paper["metric_value"] * 10
    grid = paper[np.isclose(tenths, tenths.round(), rtol=0, atol=1e-9)]
    display = grid.pivot_table(index=["cutoff", "metric_value"], columns=["method", "metric"],
                               values="expected_profit").reset_index()
    display.columns = ["cutoff" if a == "cutoff" else "metric_value" if a == "metric_value" else f"{a}:{b}"
                       for a, b in display.columns]
    write_table(table, stem, provenance=provenance, display=display, floatfmt=".2f",
                caption=f"Expected profit given AUC = v and given accuracy = v (revenue {rev}, cost {cost} "
                        f"per contact); paper setting n={profit_cfg['list_size']}, {profit_cfg['positives']} "
                        "responders. Full table (all settings, all attained values) in the CSV.")
    return table


def write_profit_comparison(table_csv: str | Path, published_csv: str | Path, stem: str | Path,
                            provenance: dict | None = None) -> pd.DataFrame:
    """Write the published-vs-ours comparison ``<stem>.{csv,md,tex}`` from the profit table.

    Parameters
    ----------
    table_csv : path
        ``results/tables/profit.csv`` (from :func:`write_profit_table`).
    published_csv : path
        ``config/published/profit.csv``.
    stem : path
        Output path without extension (``results/tables/profit_comparison``).
    provenance : dict, optional
        Record written beside the CSV.

    Returns
    -------
    pandas.DataFrame
        :func:`compare_with_published` of the paper setting.
    """
    from aucacc.report.tables import write_table

    table = pd.read_csv(table_csv)
    comp = compare_with_published(table, parse_published(published_csv))
    write_table(comp, stem, provenance=provenance, floatfmt=".3f",
                caption="AUC profit minus accuracy profit (and where maximum profit starts): published vs "
                        "exact enumeration vs one Monte-Carlo run; mc_sd = sd of a Monte-Carlo estimate "
                        "with the paper's number of rankings; z = (published - exact) / mc_sd.")
    return comp


def write_profit_figures(table_csv: str | Path, published_csv: str | Path, outdir: str | Path) -> list[Path]:
    """Expected profit against metric value (AUC and accuracy curves), one figure per setting and cut-off.

    Paper setting → ``<outdir>/profit_<pct>.{png,pdf}`` (e.g. ``profit_15``) with the published
    differences drawn as points at accuracy-profit + published difference; other settings →
    ``<outdir>/profit_<setting>_<pct>.{png,pdf}``. A lower panel shows AUC − accuracy profit.

    Parameters
    ----------
    table_csv : path
        ``results/tables/profit.csv``.
    published_csv : path
        ``config/published/profit.csv``.
    outdir : path
        Figure folder (``results/figures``).

    Returns
    -------
    list of pathlib.Path
        The PNG files written (a PDF sits beside each).
    """
    import matplotlib.pyplot as plt

    from aucacc.report.figures import save_figure

    full = pd.read_csv(table_csv)
    table = full[full["method"] != METHOD_MONTE_CARLO]
    pub = parse_published(published_csv)
    comp = compare_with_published(full, pub)  # for the Monte-Carlo noise band of the paper setting
    written = []
    for (setting, cutoff), df in table.groupby(["setting", "cutoff"], sort=False):
        n, n0, k = (int(df[c].iloc[0]) for c in ("list_size", "positives", "cutoff_contacts"))
        auc = df[df["metric"] == "auc"].sort_values("metric_value")
        acc = df[df["metric"] == "acc"].sort_values("metric_value")
        fig, (ax, bx) = plt.subplots(2, 1, figsize=(6, 6.5), sharex=True, height_ratios=[2, 1])
        ax.plot(auc["metric_value"], auc["expected_profit"], "-", color="C0", lw=1.5,
                marker="." if len(auc) < 200 else None, ms=3, label="given AUC = v")
        ax.plot(acc["metric_value"], acc["expected_profit"], "s--", color="C3", ms=4, label="given accuracy = v")
        thr = auc["max_profit_from"].iloc[0]
        if pd.notna(thr):
            ax.axvline(thr, color="0.5", lw=0.8, ls=":")
            ax.annotate(f"max profit from AUC {thr:.3g}", (thr, 0.04), xycoords=("data", "axes fraction"),
                        xytext=(-4, 0), textcoords="offset points", ha="right", fontsize=8, color="0.3")
        both = acc.merge(auc, on="metric_value", suffixes=("_acc", "_auc"))
        if len(both) < len(acc):
            # Accuracy values that no AUC attains (imbalanced lists): AUC curve interpolated, open marks.
            interp = np.interp(acc["metric_value"], auc["metric_value"], auc["expected_profit"])
            bx.plot(acc["metric_value"], interp - acc["expected_profit"].to_numpy(), "o--", color="C2", ms=5,
                    mfc="none", lw=0.8, label="AUC curve interpolated at accuracy values")
        bx.plot(both["metric_value"], both["expected_profit_auc"] - both["expected_profit_acc"], "o",
                color="C2", ms=4, ls="-" if len(both) == len(acc) else "none",
                label="exact (all rankings), values attained by both")
        if setting == "paper":
            band = comp[(comp["quantity"] == "difference") & np.isclose(comp["cutoff"], cutoff)].dropna(subset=["mc_sd"])
            if len(band):
                bx.fill_between(band["metric_value"], band["exact"] - 2 * band["mc_sd"], band["exact"] + 2 * band["mc_sd"],
                                color="C2", alpha=0.2, lw=0, label="±2 sd of a Monte-Carlo run (paper's N)")
            p = pub[(pub["quantity"] == "difference") & np.isclose(pub["cutoff"], cutoff)]
            if len(p):
                base = both.set_index("metric_value")["expected_profit_acc"]
                ys = [base[base.index[np.isclose(base.index, v)]].iloc[0] + d
                      for v, d in zip(p["metric_value"], p["published"])]
                ax.plot(p["metric_value"], ys, "k*", ms=9, label="published (acc. profit + published difference)")
                bx.plot(p["metric_value"], p["published"], "k*", ms=9, label="published")
        ax.set_ylabel("expected profit")
        ax.set_title(f"{setting}: n = {n}, {n0} responders, top {cutoff:.0%} (k = {k})")
        ax.legend(fontsize=8, loc="upper left")
        ax.grid(alpha=0.3)
        bx.axhline(0, color="0.6", lw=0.8)
        bx.set_xlabel("metric value v (AUC or accuracy)")
        bx.set_ylabel("AUC − acc. profit")
        bx.legend(fontsize=8, loc="best")
        bx.grid(alpha=0.3)
        written.append(save_figure(fig, Path(outdir) / figure_stem(setting, cutoff))["png"])
    return written
