"""The paper's Monte-Carlo protocol (§V) and how far one run of it strays from the exact values."""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from aucacc.profit.counts import METHOD_MONTE_CARLO, JointCounts, check_contacts, check_list, ranking_statistics, tally

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
    check_list(list_size, positives)
    if samples < 1:
        raise ValueError(f"samples must be >= 1, got {samples}")
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    n0, n1 = positives, list_size - positives
    ks = [int(k) for k in contacts]
    for k in ks:
        check_contacts(list_size, k)
    tallies = {k: (np.zeros((n0 * n1 + 1, k + 1), np.int64), np.zeros((n0 + 1, k + 1), np.int64)) for k in ks}
    base = np.zeros(list_size, dtype=bool)
    base[:positives] = True
    done = 0
    while done < samples:
        m = min(chunk, samples - done)
        labels = rng.permuted(np.broadcast_to(base, (m, list_size)), axis=1)
        u, t, hits = ranking_statistics(labels, positives, ks)
        for k in ks:
            auc, acc = tally(u, t, hits[k], n0, n1, k)
            tallies[k][0][:] += auc
            tallies[k][1][:] += acc
        done += m
    return {k: JointCounts(list_size, positives, k, a, c, METHOD_MONTE_CARLO, samples)
            for k, (a, c) in tallies.items()}


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
