"""Benchmark: the Bayesian signed-rank test's posterior samples, baycomp's loop against the library's arrays.

Every study runs the Bayesian signed-rank test (``aucacc.significance.bayes_signed_rank``) for each pair of
learners under accuracy and AUC (``study_tests``) and under every measure (``study_measure_tests``), with
``statistics.bayes_samples`` Dirichlet draws (50,000 by default). baycomp's ``SignedRankTest.sample`` loops over
the draws in Python; :func:`aucacc.significance.signed_rank_samples` forms the same products for a chunk of draws at
a time. The baseline, measured in the same run, is baycomp's; the two sample arrays are checked equal to the bit
(``numpy.array_equal``).

Usage (nothing written)::

    python benchmarks/bench_signed_rank.py [--datasets 6 18 36] [--nsamples 50000]
"""

from __future__ import annotations

import argparse

import numpy as np
from baycomp import SignedRankTest

from aucacc.significance import signed_rank_samples
from bench_study_analysis import _cpu  # the benchmarks' CPU-seconds helper (this folder is on sys.path)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--datasets", nargs="+", type=int, default=[6, 18, 36], help="numbers of data sets n")
    ap.add_argument("--nsamples", type=int, default=50000)
    args = ap.parse_args(argv)
    rng = np.random.default_rng(0)
    print(f"{'data sets':>9} {'rope':>5} {'baycomp CPU s':>14} {'library CPU s':>14} {'ratio':>6} {'same':>5}")
    for n in args.datasets:
        x = rng.normal(85, 5, n).round(2)
        y = (x + rng.normal(0.5, 1.5, n)).round(2)
        for rope in (0.0, 1.0):
            theirs, t_theirs = _cpu(lambda: SignedRankTest.sample(x, y, rope, nsamples=args.nsamples, random_state=1))
            ours, t_ours = _cpu(lambda: signed_rank_samples(x, y, rope, args.nsamples, 1))
            print(f"{n:>9} {rope:>5g} {t_theirs:>14.2f} {t_ours:>14.2f} {t_theirs / t_ours:>6.1f} "
                  f"{str(np.array_equal(theirs, ours)):>5}")


if __name__ == "__main__":
    main()
