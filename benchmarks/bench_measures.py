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
"""

from __future__ import annotations

import argparse

from bench_study_analysis import _cpu  # CPU seconds of one call (benchmarks/ is the script's first path entry)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", required=True, help="a finished run's results folder")
    ap.add_argument("--study", required=True)
    ap.add_argument("--n-boot", type=int, default=1000, help="bootstrap resamples (config statistics.bootstrap_samples)")
    args = ap.parse_args(argv)

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
