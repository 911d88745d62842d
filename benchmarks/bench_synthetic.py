"""Benchmark: exact synthetic C/D/E by counting (Gaussian binomials + cumulative sums) vs brute force.

Usage: python benchmarks/bench_synthetic.py [--max-brute 16] [--max-pairwise 12] [--max-size 100]

Prints (1) the whole balanced table 2n = 4 .. max-size computed by our method with its total
time (target < 10 s), and (2) per size the time of ours, of brute force over lists
(itertools.combinations, then our pair counting from the histogram) and, up to --max-pairwise,
of fully naive brute force (every pair of lists compared), with the ratios measured in this run.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from aucacc import synthetic as sy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracles import binary_list_measures, joint_histogram_bruteforce, pair_counts_bruteforce  # noqa: E402


def _ours(n0: int, n1: int) -> dict:
    sy.gaussian_binomial.cache_clear()  # no help from earlier sizes
    return sy.binary_cde(n0, n1)


def _brute_lists(n0: int, n1: int) -> dict:
    hist = joint_histogram_bruteforce(n0, n1)
    return sy.pair_counts(hist.counts).as_dict()


def _brute_pairs(n0: int, n1: int) -> dict:
    meas = [binary_list_measures(p, n0, n1) for p in itertools.combinations(range(n0 + n1), n0)]
    return pair_counts_bruteforce([a for _, a in meas], [c for c, _ in meas]).as_dict()


def _time(fn, *args, repeat: int = 1):
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn(*args)
        best = min(best, time.perf_counter() - t)
    return best, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-size", type=int, default=100, help="largest 2n of the balanced table")
    ap.add_argument("--max-brute", type=int, default=16, help="largest 2n for brute force over lists")
    ap.add_argument("--max-pairwise", type=int, default=12, help="largest 2n for pair-by-pair brute force")
    args = ap.parse_args()

    sy.gaussian_binomial.cache_clear()
    t0 = time.perf_counter()
    rows = [sy.binary_cde(n // 2, n // 2) for n in range(4, args.max_size + 1, 2)]
    total = time.perf_counter() - t0
    print(f"Balanced table 2n = 4..{args.max_size} (exact, {len(rows)} sizes): {total:.2f} s"
          f" ({'meets' if total < 10 else 'MISSES'} the 10 s target)")
    print(f"{'2n':>4} {'lists':>32} {'C':>8} {'D':>8} {'E':>9}")
    for r in rows:
        if (r["n0"] * 2) % 10 in (0, 4, 6) or r["n0"] * 2 <= 16:
            print(f"{2 * r['n0']:>4} {r['lists']:>32} {r['C']:8.4f} {r['D']:8.3f} {r['E']:9.6f}")

    print()
    print(f"{'2n':>4} {'ours [ms]':>10} {'brute lists [ms]':>17} {'ratio':>8} {'brute pairs [ms]':>17} {'ratio':>9}  equal")
    for n in range(4, args.max_brute + 1, 2):
        t_ours, a = _time(_ours, n // 2, n // 2, repeat=5)
        t_list, b = _time(_brute_lists, n // 2, n // 2)
        same = {k: a[k] for k in "RSPQVU"} == {k: b[k] for k in "RSPQVU"}
        line = f"{n:>4} {1e3 * t_ours:10.2f} {1e3 * t_list:17.1f} {t_list / t_ours:8.0f}"
        if n <= args.max_pairwise:
            t_pair, c = _time(_brute_pairs, n // 2, n // 2)
            same = same and {k: a[k] for k in "RSPQVU"} == {k: c[k] for k in "RSPQVU"}
            line += f" {1e3 * t_pair:17.1f} {t_pair / t_ours:9.0f}"
        else:
            line += f" {'-':>17} {'-':>9}"
        print(line + f"  {same}")


if __name__ == "__main__":
    main()
