"""Bit-equality check of a learner change: every CV probability before and after, byte for byte.

For each data set and learner, runs :func:`aucacc.evaluation.cross_validate.cross_validate` over the
pipeline's 10 stratified folds (seed derived from the master seed and the data set's name) and saves
the probability columns and the (row, fold) of every test instance to an ``.npz`` file. With
``--compare REF`` it then checks that each array has the same dtype, shape and bytes as in ``REF``
and prints ``ALL IDENTICAL`` or the (data set, learner) pairs that differ (exit status 1).

Run the unchanged code first (e.g. ``PYTHONPATH=<main>/src``) to write the reference, then the
changed one with ``--compare``::

    PYTHONPATH=/path/to/main/src python benchmarks/cv_probability_snapshot.py /tmp/ref.npz
    PYTHONPATH=$PWD/src python benchmarks/cv_probability_snapshot.py /tmp/new.npz --compare /tmp/ref.npz

Options: ``--datasets FILE`` adds the data sets of a YAML file (e.g. ``benchmarks/large_datasets.yaml``,
with ``AUCACC_MIRROR`` naming the folder of its ARFF files), ``--protocol`` the discretization
(``whole_data``, the paper's, by default; ``none`` passes numeric attributes as they are),
``--learners`` the config's learner names, comma-separated (default ``C4.4,C4.5``); ``names`` picks data sets
(default: every data set of the project's config).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="the .npz file to write")
    ap.add_argument("--compare", help="a reference .npz file written by this script")
    ap.add_argument("--datasets", help="YAML file of more data sets (a 'datasets' mapping)")
    ap.add_argument("--protocol", default="whole_data", help="discretization: whole_data, per_fold or none")
    ap.add_argument("--learners", default="C4.4,C4.5", help="learner names of the config, comma-separated")
    ap.add_argument("names", nargs="*", help="data sets (default: every data set of the config)")
    args = ap.parse_intermixed_args(argv)

    from aucacc.config import DEFAULT_CONFIG, read_config_file, validate_config
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.evaluation.folds import derive_seed, stratified_folds
    from aucacc.learners.factory import make_learner

    raw = read_config_file(DEFAULT_CONFIG)
    names = args.names or list(raw["datasets"])
    if args.datasets:
        raw["datasets"] = {**(read_config_file(args.datasets).get("datasets") or {}), **raw["datasets"]}
    cfg = validate_config(raw)
    learners = args.learners.split(",")
    unknown = [n for n in learners if n not in cfg["learners"]] + [n for n in names if n not in cfg["datasets"]]
    if unknown:
        ap.error(f"not a learner or data set of the config: {unknown}")
    res: dict[str, np.ndarray] = {}
    t0 = time.perf_counter()
    for name in names:
        ds = load_dataset(name, cfg)
        folds = stratified_folds(ds.y, cfg["protocol"]["n_folds"], derive_seed(cfg["seed"], "folds", name))
        for lrn in learners:
            scores, _ = cross_validate(ds, folds, lambda: make_learner(cfg["learners"][lrn]), args.protocol)
            cols = [c for c in scores.columns if c.startswith("p:")]
            res[f"{name}|{lrn}|proba"] = np.ascontiguousarray(scores[cols].to_numpy(dtype=float))
            res[f"{name}|{lrn}|row_fold"] = np.ascontiguousarray(scores[["row", "fold"]].to_numpy())
    print(f"{len(names)} data sets x {len(learners)} learners in {time.perf_counter() - t0:.1f} s -> {args.out}")
    np.savez(args.out, **res)
    if not args.compare:
        return 0
    ref = np.load(args.compare)
    if sorted(ref.files) != sorted(res):
        print(f"different (data set, learner) pairs: {sorted(set(ref.files) ^ set(res))}")
        return 1
    bad = sorted({k.rsplit("|", 1)[0] for k in ref.files
                  if not (ref[k].dtype == res[k].dtype and ref[k].shape == res[k].shape
                          and ref[k].tobytes() == res[k].tobytes())})
    print(f"compared {len(ref.files) // 2} (data set, learner) pairs against {args.compare}: "
          + ("ALL IDENTICAL" if not bad else f"DIFFER: {bad}"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
