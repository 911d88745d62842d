"""Exact joint counts of rankings by AUC numerator, top-``n0`` responders and top-``k`` hits (§V)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from aucacc.counting import segment_counts

#: Largest number of rankings :func:`enumerate_rankings` materialises (memory guard).
MAX_ENUMERATED = 5_000_000


METHOD_ENUMERATION = "exact-enumeration"
METHOD_COUNTING = "exact-counting"
METHOD_MONTE_CARLO = "monte-carlo"


def check_list(list_size: int, positives: int) -> None:
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


def acc_value(t: int | np.ndarray, list_size: int, positives: int):
    """Accuracy of a ranking whose top ``positives`` hold ``t`` responders (accuracy of a ranked list, §II)."""
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


def tally(u, t, hits_k, n0: int, n1: int, k: int) -> tuple[np.ndarray, np.ndarray]:
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
    check_list(list_size, positives)
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
        check_contacts(list_size, k)
        auc, acc = tally(u, t, hits[int(k)], positives, n1, int(k))
        out[int(k)] = JointCounts(list_size, positives, int(k), auc.astype(object), acc.astype(object),
                                  METHOD_ENUMERATION, len(labels))
    return out


def check_contacts(list_size: int, k: int) -> None:
    if not 1 <= k <= list_size:
        raise ValueError(f"contacts must lie in 1..{list_size}, got {k}")


def counted_counts(list_size: int, positives: int, contacts: Sequence[int]) -> dict[int, JointCounts]:
    """Exact joint counts without enumeration (exact integers, any moderate list size).

    The list is cut at ``k`` into a head (``k`` customers, ``h`` responders) and a tail. The
    correctly ordered pairs are those inside the head, those inside the tail, and every head
    responder above every tail non-responder, so for fixed ``h`` the distribution of ``u`` is the
    convolution of the two segments' Gaussian binomials shifted by ``h * (tail non-responders)``
    (:func:`aucacc.counting.segment_counts`).
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
    check_list(list_size, positives)
    n, n0 = list_size, positives
    n1 = n - n0
    out = {}
    for k in contacts:
        k = int(k)
        check_contacts(n, k)
        auc = np.zeros((n0 * n1 + 1, k + 1), dtype=object)
        for (h, _), shift, poly in segment_counts((k, n - k), n0):
            auc[shift:shift + len(poly), h] += np.array(poly, dtype=object)
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
    convolved) plus every responder above every non-responder of a later segment
    (:func:`aucacc.counting.segment_counts`).

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
    check_list(list_size, positives)
    n, n0, k = list_size, positives, int(contacts)
    check_contacts(n, k)
    n1 = n - n0
    a, b = min(k, n0), max(k, n0)
    out = np.zeros((n0 * n1 + 1, n0 + 1, k + 1), dtype=object)
    for (x, y, _), shift, poly in segment_counts((a, b - a, n - b), n0):
        t, h = (x + y, x) if k <= n0 else (x, x + y)
        out[shift:shift + len(poly), t, h] += np.array(poly, dtype=object)
    return out
