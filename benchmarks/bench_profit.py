"""Timing of the three ways to get the profit counts: enumeration, q-binomial counting, Monte Carlo.

Run: /work/venv/bin/python benchmarks/bench_profit.py
"""

import time

import numpy as np

from aucacc import profit as P


def timed(label, fn):
    t0 = time.perf_counter()
    out = fn()
    print(f"{label:45s} {time.perf_counter() - t0:8.3f} s")
    return out


if __name__ == "__main__":
    e = timed("enumeration n=20, k=3,5", lambda: P.enumerated_counts(20, 10, [3, 5]))
    c = timed("counting    n=20, k=3,5", lambda: P.counted_counts(20, 10, [3, 5]))
    assert all(np.array_equal(e[k].auc, c[k].auc) for k in (3, 5))
    timed("joint 3-d   n=20, k=3", lambda: P.joint_counts_3d(20, 10, 3))
    timed("monte carlo n=20, 1,000,000 rankings", lambda: P.monte_carlo_counts(20, 10, [3, 5], 1_000_000, 1))
    for n in (100, 200):
        timed(f"counting    n={n}, k=15%,25%", lambda n=n: P.counted_counts(n, n // 2, [round(0.15 * n), n // 4]))
