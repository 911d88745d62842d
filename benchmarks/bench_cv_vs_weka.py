"""Run time of the paper learners' cross-validation against Weka's own 10-fold cross-validation.

For every configured data set, in one run and on the same machine:

* ours: Fayyad–Irani discretization of the whole data set (once, as the pipeline's
  ``discretize`` job does for the ``cross_validate`` jobs), then :func:`aucacc.evaluation.cross_validate.cross_validate`
  of NB, C4.4 and C4.5 over the pipeline's 10 stratified folds (probability vectors of every
  test instance kept);
* Weka 3.9 (python-weka-wrapper3): ``Discretize`` on the whole data set, then
  ``Evaluation.crossvalidate_model`` with 10 folds for NaiveBayes, J48 -U -O -A and J48
  (Weka's own CV loop inside the JVM: the fastest Weka can do this).

Prints seconds per data set and the ratio ours / Weka, and the totals; ``--stages`` also each side's
seconds per stage (discretization, then each learner's 10 folds). The seconds are CPU seconds
of this process (``time.process_time``: user + system of every thread), ours and the JVM's alike:
python-weka-wrapper3 runs the JVM inside this process (JPype), so Weka's side is timed with the same
clock, its compiler and garbage-collector threads included. ``--wall`` times wall clock instead. Quote
the ratio: these machines are shared and noisy, and CPU seconds are the less noisy of the two.

Usage::

    AUCACC_MIRROR=../shared/datasets python benchmarks/bench_cv_vs_weka.py [--config FILE] [--datasets FILE] [--wall] [--repeat N] [--stages] [names...]

``--config`` names the config (default: the project's, whose 18 data sets are small);
``--datasets`` a YAML file whose ``datasets`` are added to the config's (a name the config has
keeps the config's entry), e.g. the six large sets of issue 19::

    AUCACC_MIRROR=<folder with the ARFF files> python benchmarks/bench_cv_vs_weka.py \
        --datasets benchmarks/large_datasets.yaml letter nursery pendigits optdigits waveform spambase

``names`` picks data sets (default: every data set of the config).
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # weka_util, the test bridge


def main(argv: list[str]) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=None, help="config file (default: config/config.yaml)")
    ap.add_argument("--datasets", default=None, help="YAML file of more data sets (a 'datasets' mapping)")
    ap.add_argument("--wall", action="store_true", help="time wall clock, not CPU seconds of the process")
    ap.add_argument("--repeat", type=int, default=1,
                    help="run each side N times per data set and keep each side's fastest (default 1)")
    ap.add_argument("--stages", action="store_true",
                    help="also print each side's seconds per stage: discretize, NB, C4.4, C4.5 (fastest of the repeats)")
    ap.add_argument("names", nargs="*", help="data sets of the config (default: all)")
    args = ap.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    import weka.core.jvm as jvm

    logging.getLogger("weka").setLevel(logging.WARNING)
    jvm.start(packages=False, max_heap_size="2g")
    import weka_util
    from weka.classifiers import Classifier, Evaluation
    from weka.core.classes import Random
    from weka.filters import Filter

    from aucacc.config import DEFAULT_CONFIG, read_config_file, validate_config
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.cross_validate import cross_validate, discretize_whole
    from aucacc.evaluation.folds import derive_seed, stratified_folds
    from aucacc.learners import c45
    from aucacc.learners.factory import make_learner

    raw = read_config_file(args.config or DEFAULT_CONFIG)
    if args.datasets:
        extra = read_config_file(args.datasets).get("datasets") or {}
        raw["datasets"] = {**extra, **raw["datasets"]}
    cfg = validate_config(raw)
    names = args.names or list(cfg["datasets"])
    learners = ["NB", "C4.4", "C4.5"]
    weka_cls = {"NB": ("weka.classifiers.bayes.NaiveBayes", []),
                "C4.4": ("weka.classifiers.trees.J48", ["-U", "-O", "-A"]),
                "C4.5": ("weka.classifiers.trees.J48", [])}
    unit = "wall s" if args.wall else "CPU s"
    print(f"{'dataset':<12} {'n':>6} {'ours ' + unit:>11} {'weka ' + unit:>11} {'ours/weka':>10}")
    tot_o = tot_w = 0.0
    for name in names:
        ds = load_dataset(name, cfg)
        folds = stratified_folds(ds.y, cfg["protocol"]["n_folds"], derive_seed(cfg["seed"], "folds", name))

        def ours() -> dict[str, float]:
            c45._GROWN.clear()  # a repeat starts cold: C4.5 reuses only this run's C4.4 trees
            t = {"disc": clock()}
            whole = discretize_whole(ds)[0]  # once, as the pipeline's job and Weka's side below do
            t["disc"] = clock() - t["disc"]
            for lrn in learners:
                t[lrn] = clock()
                cross_validate(ds, folds, lambda: make_learner(cfg["learners"][lrn]), "whole_data",
                               discretized=whole)
                t[lrn] = clock() - t[lrn]
            return t

        data = weka_util.to_instances(ds.X, ds.y)  # conversion not timed: both sides start from memory

        def weka() -> dict[str, float]:
            t = {"disc": clock()}
            disc = Filter(classname="weka.filters.supervised.attribute.Discretize")
            disc.inputformat(data)
            dd = disc.filter(data)
            t["disc"] = clock() - t["disc"]
            for lrn in learners:
                t[lrn] = clock()
                cls, opts = weka_cls[lrn]
                ev = Evaluation(dd)
                ev.crossvalidate_model(Classifier(classname=cls, options=opts), dd, 10, Random(1))
                t[lrn] = clock() - t[lrn]
            return t

        s_o = s_w = None  # each side's fastest run (by its total) of the repeats
        for _ in range(max(1, args.repeat)):  # alternate the sides, so both see the same load
            r = ours()
            s_o = r if s_o is None or sum(r.values()) < sum(s_o.values()) else s_o
            r = weka()
            s_w = r if s_w is None or sum(r.values()) < sum(s_w.values()) else s_w
        t_o, t_w = sum(s_o.values()), sum(s_w.values())
        tot_o += t_o
        tot_w += t_w
        print(f"{name:<12} {len(ds.y):>6} {t_o:>11.2f} {t_w:>11.2f} {t_o / t_w:>10.2f}", flush=True)
        if args.stages:
            print("    " + "  ".join(f"{k} {s_o[k]:.2f}/{s_w[k]:.2f}" for k in s_o) + "  (ours/weka " + unit + ")",
                  flush=True)
    print(f"{'total':<12} {'':>6} {tot_o:>11.2f} {tot_w:>11.2f} {tot_o / tot_w:>10.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
