"""Where the paper protocol's CPU time goes on one data set: per stage and per C4.5/C4.4 function.

Runs what ``bench_cv_vs_weka.py`` times for our side (the whole data set's Fayyad–Irani discretization,
then ``cross_validate`` of NB, C4.4 and C4.5 over the pipeline's 10 folds, C4.5's grown-tree cache cleared
first), once to warm up and then ``--repeat`` times, and prints the mean CPU seconds (``time.process_time``)
per stage and, summed over the runs' calls, of the outermost call of each wrapped function: C4.5's growth
(``_grow_nominal``), collapse, pruning, prediction, input encoding; NB's fit and prediction; the folds'
``X.loc`` slicing. The wrappers time the outermost call only (a nested call is inside it), with one clock
read on each side, not a profiler's per-call overhead.

Usage::

    AUCACC_MIRROR=<folder with the ARFF files> python benchmarks/c45_time_split.py waveform [--repeat 3]
"""

from __future__ import annotations

import argparse
import collections
import functools
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name", help="a data set of the config or of benchmarks/large_datasets.yaml")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    import pandas.core.indexing as pi

    from aucacc.config import DEFAULT_CONFIG, read_config_file, validate_config
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.cross_validate import cross_validate, discretize_whole
    from aucacc.evaluation.folds import derive_seed, stratified_folds
    from aucacc.learners import c45, naive_bayes
    from aucacc.learners.factory import make_learner

    raw = read_config_file(DEFAULT_CONFIG)
    extra = read_config_file(Path(__file__).with_name("large_datasets.yaml"))["datasets"]
    raw["datasets"] = {**extra, **raw["datasets"]}
    cfg = validate_config(raw)
    ds = load_dataset(args.name, cfg)
    folds = stratified_folds(ds.y, cfg["protocol"]["n_folds"], derive_seed(cfg["seed"], "folds", args.name))
    spent: collections.Counter = collections.Counter()
    depth = [0]

    def wrap(owner, attr: str, label: str) -> None:
        f = getattr(owner, attr)

        @functools.wraps(f)
        def timed(*a, **k):
            if depth[0]:
                return f(*a, **k)
            depth[0] += 1
            t0 = time.process_time()
            try:
                return f(*a, **k)
            finally:
                spent[label] += time.process_time() - t0
                depth[0] -= 1
        setattr(owner, attr, timed)

    for attr in ("_encode", "_grow_nominal", "_build", "_collapsed_copy", "_prune", "predict_proba"):
        wrap(c45.C45Tree, attr, f"C45Tree.{attr}")
    wrap(naive_bayes.NaiveBayes, "fit", "NaiveBayes.fit")
    wrap(naive_bayes.NaiveBayes, "predict_proba", "NaiveBayes.predict_proba")
    wrap(pi._LocIndexer, "__getitem__", "DataFrame.loc (fold slicing)")

    def run() -> dict[str, float]:
        c45._GROWN.clear()
        t = {"discretize": time.process_time()}
        whole = discretize_whole(ds)[0]
        t["discretize"] = time.process_time() - t["discretize"]
        for lrn in ("NB", "C4.4", "C4.5"):
            t[lrn] = time.process_time()
            cross_validate(ds, folds, lambda: make_learner(cfg["learners"][lrn]), "whole_data", discretized=whole)
            t[lrn] = time.process_time() - t[lrn]
        return t

    run()  # warm-up
    spent.clear()
    stages: collections.Counter = collections.Counter()
    for _ in range(args.repeat):
        stages.update(run())
    r = args.repeat
    print(f"{args.name}: CPU s per run (mean of {r}): " + ", ".join(f"{k} {v / r:.3f}" for k, v in stages.items())
          + f"; total {sum(stages.values()) / r:.3f}")
    for k, v in spent.most_common():
        print(f"  {k:<32} {v / r:.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
