"""Benchmark: CPU seconds of one outer fold of cross-validation, per data set and learner.

What a `cv_fold` job spends beyond its start-up (about 1 s): the numbers behind config key
``fold_jobs`` list (per-fold jobs where a fold outweighs a job's start-up). The config is
config/config.yaml with the ``--configfile`` files merged over it, as Snakemake merges them; data
are cleaned, folded and discretized as the workflow does (``protocol.discretization``).

Usage::

    OMP_NUM_THREADS=1 python benchmarks/bench_fold_cost.py --configfile config/uci36.yaml \\
        --datasets kr-vs-kp credit-g sick --learners SVM
    OMP_NUM_THREADS=1 python benchmarks/bench_fold_cost.py --configfile config/uci36.yaml \\
        --datasets letter splice --learners NB C4.4 C4.5 LR RF HGB --folds 10

Set ``OMP_NUM_THREADS=1`` as the workflow's jobs have it (Snakemake sets it to the rule's threads):
HistGradientBoostingClassifier otherwise starts one OpenMP thread per core.
"""

from __future__ import annotations

import argparse
import platform
import resource
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--configfile", nargs="*", default=[], help="config files merged over config/config.yaml")
    ap.add_argument("--datasets", nargs="+", required=True)
    ap.add_argument("--learners", nargs="+", required=True)
    ap.add_argument("--folds", type=int, default=1, help="outer folds to run (the first K)")
    args = ap.parse_args(argv)

    from snakemake.utils import update_config

    from aucacc.config import read_config_file, validate_config
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.evaluation.folds import derive_seed, stratified_folds
    from aucacc.learners.factory import make_learner

    config = read_config_file(REPO / "config" / "config.yaml")
    for extra in args.configfile:
        update_config(config, read_config_file(extra))
    config = validate_config(config)
    config["raw_data"] = str(REPO / config["raw_data"])
    config["cache"] = str(REPO / config["cache"])
    protocol = config["protocol"]
    print(f"# {platform.processor() or platform.machine()}, python {platform.python_version()}; "
          f"{args.folds} of {protocol['n_folds']} folds, discretization {protocol['discretization']}")
    print("dataset,learner,n_train,cpu_s_per_fold,wall_s_per_fold")
    for name in args.datasets:
        ds = load_dataset(name, config)
        folds = stratified_folds(ds.y, protocol["n_folds"], derive_seed(int(config["seed"]), "folds", name), name)
        for learner in args.learners:
            spec = config["learners"][learner]
            cpu, wall = time.process_time(), time.perf_counter()
            _, info = cross_validate(ds, folds, lambda: make_learner(spec, learner),
                                     discretization=protocol["discretization"], learner=learner,
                                     only_folds=list(range(args.folds)))
            cpu, wall = (time.process_time() - cpu) / args.folds, (time.perf_counter() - wall) / args.folds
            print(f"{name},{learner},{info[0]['n_train']},{cpu:.2f},{wall:.2f}", flush=True)
    print(f"# peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
