"""10 × 10-fold CV on a few data sets: the corrected resampled t-test against the naive one.

For each data set (default: breast, hepatitis, liver, pima) NB, C4.4 and C4.5 are
cross-validated b = 10 times (``aucacc.evaluation.folds.repeated_folds``: repetition 0 is the
paper's folds, each further one its own derived seed), whole-data discretization as the paper.
Per data set, metric and pair it prints Aggarwal's test over the b rounds, the naive paired
t-test over the b·k = 100 folds, the Nadeau–Bengio corrected t-test (what Weka's Experimenter
uses) and the Bayesian correlated t-test (ROPE 1 point), and the run time of b = 10 against b = 1
measured in the same run (quote the ratio; the machines are shared).

Usage::

    python benchmarks/bench_repeated_cv.py [--repetitions 10] [names...]
"""

from __future__ import annotations

import argparse
import time

import pandas as pd


def main() -> None:
    from aucacc.config import load_config
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.folds import repeated_folds
    from aucacc.evaluation.repeated import repeated_cross_validate
    from aucacc.significance import repeated_tests
    from aucacc.learners.factory import make_learner

    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*", default=["breast", "hepatitis", "liver", "pima"])
    ap.add_argument("--repetitions", type=int, default=10)
    args = ap.parse_args()
    cfg = load_config()
    learners = ["NB", "C4.4", "C4.5"]
    frames, times = [], []
    for name in args.names:
        ds = load_dataset(name, cfg)
        t = {}
        for b in (1, args.repetitions):
            folds = repeated_folds(ds.y, cfg["protocol"]["n_folds"], cfg["seed"], name, b)
            t0 = time.perf_counter()
            for lrn in learners:
                _, m = repeated_cross_validate(ds, folds, lambda: make_learner(cfg["learners"][lrn]), "whole_data")
                if b == args.repetitions:
                    frames.append(m.assign(dataset=name, learner=lrn))
            t[b] = time.perf_counter() - t0
        times.append({"dataset": name, "b=1 s": t[1], f"b={args.repetitions} s": t[args.repetitions],
                      "ratio": t[args.repetitions] / t[1]})
    metrics = pd.concat(frames, ignore_index=True)
    res = repeated_tests(metrics, [("NB", "C4.4"), ("NB", "C4.5"), ("C4.4", "C4.5")],
                         alpha=cfg["protocol"]["alpha"], rope=cfg["statistics"]["rope"],
                         decision=cfg["statistics"]["decision"])
    cols = ["dataset", "metric", "a", "b", "delta_A", "rounds_p", "naive_p", "corrected_p", "p_a_better",
            "p_equivalent", "p_b_better", "corrected_verdict", "bayes_verdict"]
    with pd.option_context("display.width", 200, "display.max_columns", 20, "display.max_rows", 200):
        print(res[cols].round(4).to_string(index=False))
        naive_sig = (res["naive_p"] < 0.05).sum()
        corr_sig = (res["corrected_p"] < 0.05).sum()
        print(f"\nsignificant at 0.05 over {len(res)} comparisons: naive t {naive_sig}, corrected t {corr_sig}, "
              f"Aggarwal rounds t {(res['rounds_p'] < 0.05).sum()}")
        print(pd.DataFrame(times).round(2).to_string(index=False))


if __name__ == "__main__":
    main()
