"""C4.5/C4.4 of this checkout against another version of ``aucacc/learners/c45.py``, bit for bit.

For each data set (the config's and ``benchmarks/large_datasets.yaml``'s) and each of its 10 folds:
fit C4.4 and C4.5 of both versions on the training folds (MDL-discretized on the whole data set as the
paper's protocol does, or the raw attributes with ``--raw``), each with the grown-tree cache cleared,
and check that the test fold's probabilities are the same bytes, the printed trees the same text, and
the trees the same node by node (attribute, split point, ``m_isEmpty``, the distributions' arrays and
totals, the instances and weights each inner node keeps), the grown tree too. Prints the CPU seconds
of both versions (fit + scoring), cumulative.

Usage (``REF``: a copy of the other version's ``c45.py``, e.g. ``git show main:src/aucacc/learners/c45.py``)::

    AUCACC_MIRROR=<raw files> python benchmarks/c45_identity.py --ref REF [--raw] [names...]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time

import numpy as np


def same_tree(a, b, path="root") -> None:
    assert (a.att is None) == (b.att is None), path
    assert a.att == b.att and a.split_point == b.split_point and a.is_empty == b.is_empty, path
    for f in ("pcb", "per_bag", "per_class"):
        x, y = getattr(a.dist, f), getattr(b.dist, f)
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), (path, f)
    assert a.dist.total == b.dist.total and type(a.dist.total) is type(b.dist.total), path
    if a.rows is not None or b.rows is not None:
        assert a.rows.dtype == b.rows.dtype and np.array_equal(a.rows, b.rows), path
        assert np.array_equal(a.wts, b.wts), path
    if a.children is not None:
        assert len(a.children) == len(b.children), path
        for j, (x, y) in enumerate(zip(a.children, b.children)):
            same_tree(x, y, f"{path}/{j}")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ref", required=True, help="the other version's c45.py")
    ap.add_argument("--raw", action="store_true", help="undiscretized attributes")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args(argv)
    spec = importlib.util.spec_from_file_location("c45_ref", args.ref)
    ref = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ref)
    from pathlib import Path

    from aucacc.config import DEFAULT_CONFIG, read_config_file, validate_config
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.cross_validate import discretize_whole
    from aucacc.evaluation.folds import derive_seed, stratified_folds
    from aucacc.learners import c45

    raw = read_config_file(DEFAULT_CONFIG)
    extra = read_config_file(Path(__file__).with_name("large_datasets.yaml"))["datasets"]
    raw["datasets"] = {**extra, **raw["datasets"]}
    cfg = validate_config(raw)
    t_new = t_old = 0.0
    for name in args.names or list(cfg["datasets"]):
        ds = load_dataset(name, cfg)
        folds = stratified_folds(ds.y, cfg["protocol"]["n_folds"], derive_seed(cfg["seed"], "folds", name))
        X = ds.X if args.raw else discretize_whole(ds)[0]
        for k in np.unique(folds).tolist():
            te = folds == k
            Xtr, ytr, Xte = X[~te], ds.y[~te], X[te]
            for cls in ("C44", "C45"):
                c45._GROWN.clear()
                ref._GROWN.clear()
                t = time.process_time()
                new = getattr(c45, cls)().fit(Xtr, ytr)
                p_new = new.predict_proba(Xte)
                t_new += time.process_time() - t
                t = time.process_time()
                old = getattr(ref, cls)().fit(Xtr, ytr)
                p_old = old.predict_proba(Xte)
                t_old += time.process_time() - t
                where = (name, k, cls)
                assert p_new.tobytes() == p_old.tobytes(), where
                assert new.export_text() == old.export_text(), where
                same_tree(new.tree_, old.tree_)
                same_tree(next(iter(c45._GROWN.values())), next(iter(ref._GROWN.values())))
        print(f"{name:<12} identical; CPU s so far: this {t_new:.2f}, ref {t_old:.2f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
