"""Benchmark: CPU seconds of a study's measures × measures C/D/E and how they grow with the number of measures m.

What the job ``study_measures`` computes beyond its start-up (:func:`aucacc.studies.measures.measures_tables`: the
verdicts per fold, the m (m − 1) ordered pairs of measures × (learner pairs + 1) rows, each with its sign tests and
bootstrap intervals), for the first m measures of the registry, m = 2, 3, …; and what the same job computes first
(:func:`aucacc.measures.study_fold_measures`: every measure of every fold of every learner, from the study's stored
scores), from a finished run's files (nothing written). The workflow's own time of the job is in its
``benchmarks/studies/<study>/measures.tsv`` file (``s`` wall, ``cpu_time`` CPU seconds, start-up included).

Usage::

    python benchmarks/bench_measures.py --results .test/results --study huang_ling_2005
    python benchmarks/bench_measures.py --results results --study uci36 --n-boot 1000

With ``--tests``: the CPU seconds of the job ``study_measure_tests`` beyond its start-up
(:func:`aucacc.studies.measure_tests.measure_test_tables`: every test for every measure, verdict and rank agreement)
on the study's ``tables/fold_measures.csv`` (with ``--results``/``--study``) and on a synthetic frame of
``--synthetic DxLxF`` data sets × learners × folds and every measure of the registry (random values; the H-measure
undefined on a third of the data sets, as on multi-class ones), for the first m measures, m = 2, 4, … (``--m``)::

    python benchmarks/bench_measures.py --tests --results .test/results --study huang_ling_2005 --bayes-samples 2000
    python benchmarks/bench_measures.py --tests --synthetic 36x7x10 --bayes-samples 50000 --m 2,11
"""

from __future__ import annotations

import argparse

from bench_study_analysis import _cpu  # CPU seconds of one call (benchmarks/ is the script's first path entry)


def synthetic_fold_measures(n_datasets: int, n_learners: int, n_folds: int, seed: int = 0):
    """A fold_measures frame of random values: every measure of the registry for ``n_datasets`` × ``n_learners`` ×
    ``n_folds``; the H-measure NaN on every third data set (a multi-class one)."""
    import numpy as np
    import pandas as pd

    from aucacc.measures import MEASURES

    rng = np.random.default_rng(seed)
    names = list(MEASURES)
    n = n_datasets * n_learners * n_folds
    d, lrn, f = np.meshgrid(np.arange(n_datasets), np.arange(n_learners), np.arange(n_folds), indexing="ij")
    skill = rng.normal(0, 0.02, n_learners)[lrn.ravel()]
    frames = []
    for m in names:
        v = np.clip(0.75 + skill + rng.normal(0, 0.05, n), 0, 1)
        if m == "h_measure":
            v = np.where(d.ravel() % 3 == 0, np.nan, v)
        frames.append(pd.DataFrame({"dataset": [f"d{i}" for i in d.ravel()], "learner": [f"L{i}" for i in lrn.ravel()],
                                    "protocol": "none", "fold": f.ravel(), "measure": m,
                                    "value": v if MEASURES[m].higher_better else 1 - v, "exact": "", "n_test": 50}))
    return pd.concat(frames, ignore_index=True), [f"L{i}" for i in range(n_learners)]


def bench_tests(frame, learners, label: str, bayes_samples: int, steps=None) -> None:
    from aucacc.measures import MEASURES
    from aucacc.studies.measure_tests import measure_test_tables

    names = [m for m in MEASURES if (frame["measure"] == m).any()]
    print(f"{label}: {frame['dataset'].nunique()} data sets x {len(learners)} learners x "
          f"{frame.groupby(['dataset', 'learner']).size().max() // len(names)} test folds, Bayesian draws {bayes_samples}")
    print(f"{'m':>3} {'pairs f,g':>9} {'test rows':>9} {'CPU s':>7} {'s/measure':>9}")
    for m in steps or sorted({*range(2, len(names) + 1, 2), len(names)}):
        tables, t = _cpu(lambda: measure_test_tables(frame, learners, names[:m], alpha=0.05, rope=1.0, decision=0.95,
                                                     seed=1, nsamples=bayes_samples))
        rows = len(tables["measure_tests"].data)
        print(f"{m:>3} {m * (m - 1) // 2:>9} {rows:>9} {t:>7.2f} {t / m:>9.2f}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", help="a finished run's results folder")
    ap.add_argument("--study")
    ap.add_argument("--n-boot", type=int, default=1000, help="bootstrap resamples (config statistics.bootstrap_samples)")
    ap.add_argument("--tests", action="store_true", help="time study_measure_tests' computation instead")
    ap.add_argument("--synthetic", help="with --tests: a synthetic frame DxLxF (data sets x learners x folds)")
    ap.add_argument("--bayes-samples", type=int, default=50000, help="config statistics.bayes_samples")
    ap.add_argument("--m", help="with --tests: the numbers of measures to time, e.g. 2,11 (default 2, 4, …, all)")
    args = ap.parse_args(argv)
    if args.tests:
        from pathlib import Path

        from aucacc.measures import read_fold_measures
        from aucacc.studies.results import _study_config

        steps = [int(x) for x in args.m.split(",")] if args.m else None
        if args.results:
            study = _study_config(Path(args.results), args.study)["studies"][args.study]
            frame = read_fold_measures(Path(args.results) / "studies" / args.study / "tables" / "fold_measures.csv")
            bench_tests(frame, list(study["learners"]), f"{args.study} ({args.results})", args.bayes_samples, steps)
        if args.synthetic:
            d, lrn, f = (int(x) for x in args.synthetic.lower().split("x"))
            frame, learners = synthetic_fold_measures(d, lrn, f)
            bench_tests(frame, learners, f"synthetic {args.synthetic}", args.bayes_samples, steps)
        return
    if not (args.results and args.study):
        ap.error("--results and --study are needed (or --tests with --synthetic)")

    from pathlib import Path


    from aucacc.config import study_pairs
    from aucacc.measures import MEASURES, study_fold_measures
    from aucacc.scores import study_files
    from aucacc.studies.measures import measures_tables
    from aucacc.studies.results import _study_config

    res = Path(args.results)
    study = _study_config(res, args.study)["studies"][args.study]  # the run's, recorded beside its summary table
    pairs = study_pairs(study)
    scores = study_files(study, "scores", res)
    measures, t_fold = _cpu(lambda: study_fold_measures(scores))
    print(f"fold measures: {len(scores)} (data set, learner) files, {t_fold:.2f} s CPU (reading the scores included)")
    names = list(MEASURES)
    print(f"{'m':>3} {'pairs f,g':>9} {'rows':>6} {'CPU s':>7} {'ms/row':>7}")
    for m in range(2, len(names) + 1):
        tables, t = _cpu(lambda: measures_tables(measures, pairs, names[:m], alpha=0.05, n_boot=args.n_boot, seed=1))
        rows = len(tables["measures_cde"].data)
        print(f"{m:>3} {m * (m - 1):>9} {rows:>6} {t:>7.2f} {1000 * t / rows:>7.2f}")


if __name__ == "__main__":
    main()
