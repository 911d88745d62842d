"""Expected profit given AUC = v and given accuracy = v, from joint counts (Huang & Ling 2005, §V)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Iterable, Sequence

import numpy as np
import pandas as pd

from aucacc.profit.counts import (METHOD_COUNTING, METHOD_ENUMERATION, METHOD_MONTE_CARLO, JointCounts, acc_value,
                                  contacts_for_cutoff, counted_counts, enumerated_counts)
from aucacc.profit.monte_carlo import monte_carlo_counts

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
            value = r / (n0 * n1) if metric == "auc" else float(acc_value(r, n, n0))
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
    return best / (n0 * (n - n0)) if metric == "auc" else float(acc_value(best, n, n0))


def profit_study(list_size: int, positives: int, cutoffs: Sequence[float], revenue: float, cost: float,
                 setting: str = "paper", method: str = "auto", samples: int | None = None,
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
        Rankings drawn for ``monte-carlo`` (required for it; config ``profit.monte_carlo.samples``).
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
        For an unknown method, or ``monte-carlo`` without a seed or a sample count.
    """
    ks = {c: contacts_for_cutoff(list_size, c) for c in cutoffs}
    if method == "auto":
        method = METHOD_ENUMERATION if math.comb(list_size, positives) <= 1_000_000 else METHOD_COUNTING
    if method == METHOD_ENUMERATION:
        counts = enumerated_counts(list_size, positives, sorted(set(ks.values())))
    elif method == METHOD_COUNTING:
        counts = counted_counts(list_size, positives, sorted(set(ks.values())))
    elif method == METHOD_MONTE_CARLO:
        if seed is None or samples is None:
            raise ValueError("monte-carlo needs a seed and a number of samples")
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
