"""Benchmark: the pipeline's SVM (early stop on) against plain ``GridSearchCV`` on every outer fold.

For each data set of ``svm_table`` and each of its outer folds, exactly as the workflow runs
them (clean, whole-data Fayyad–Irani discretization, the workflow's seeded folds, the config's
``learners.SVM.params``), three searches over the same grid and the same inner splits:

* ``ours``  — :class:`~aucacc.learners.svm.GridSearchSVM` as configured (early stop on);
* ``prev``  — the same with ``early_stop=False`` (the configuration before the early stop);
* ``ref``   — plain ``GridSearchCV(SVC(kernel="rbf"), {"C": …, "gamma": …},
  cv=StratifiedKFold(n_inner, shuffle=True, random_state=random_state))`` on the one-hot matrix.

Printed per fold: the selected (C, γ) of each, whether they agree, the fold AUC (rank AUC of the
stored scores, ``aucacc.evaluation.metrics.auc``, ours; ``roc_auc_score`` of the decision values,
ref), the pairs the early stop skipped, and the CPU seconds (``time.process_time``) of each;
then a summary per data set. CPU, not wall time: the reference machine is shared.

Usage::

    AUCACC_MIRROR=/work/shared/datasets OMP_NUM_THREADS=1 python benchmarks/bench_svm_exact.py
    python benchmarks/bench_svm_exact.py --datasets mushroom --no-reference   # CPU saved only

Targets (issue 13): identical selections and fold AUCs on all 130 outer folds; mushroom's SVM
at least 2× cheaper in CPU (``prev`` / ``ours``).
"""

from __future__ import annotations

import argparse
import os
import platform
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402


def main(argv=None) -> None:
    import sklearn
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    from sklearn.svm import SVC

    from aucacc.config import load_config
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.cross_validate import cross_validate, discretize_whole, fold_metrics
    from aucacc.evaluation.folds import derive_seed, stratified_folds
    from aucacc.learners.factory import make_learner
    from aucacc.learners.encoding import encode_features

    cfg = load_config()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--datasets", nargs="+", default=None, help="default: svm_table.datasets, smallest first")
    ap.add_argument("--folds", type=int, nargs="+", default=None, help="outer fold ids (default: all)")
    ap.add_argument("--no-reference", action="store_true", help="skip plain GridSearchCV (ours vs prev only)")
    ap.add_argument("--out", default=None, help="also write the per-fold rows to this CSV")
    args = ap.parse_args(argv)

    spec = cfg["learners"][cfg["svm_table"]["learner"]]
    params = dict(spec.get("params") or {})
    n_folds = int(cfg["protocol"]["n_folds"])
    names = args.datasets
    loaded = {}
    if names is None:  # smallest first, so a run cut short has checked the most folds
        names = cfg["svm_table"]["datasets"]
        for n in names:
            loaded[n] = load_dataset(n, cfg)
        names = sorted(names, key=lambda n: len(loaded[n].y))
    print(f"# bench_svm_exact  python {platform.python_version()}  scikit-learn {sklearn.__version__}  "
          f"cpus {os.cpu_count()}  OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS')}")
    print(f"# SVM params (config learners.{cfg['svm_table']['learner']}.params): {params}")
    rows = []
    for name in names:
        ds = loaded.get(name) or load_dataset(name, cfg)
        folds = stratified_folds(ds.y, n_folds, derive_seed(int(cfg["seed"]), "folds", name))
        X, _ = discretize_whole(ds)
        y = np.asarray(ds.y.astype(str))
        classes = list(ds.y.cat.categories)
        print(f"\n## {name}: {len(y)} rows, {X.shape[1]} attributes", flush=True)
        for k in (args.folds if args.folds is not None else range(n_folds)):
            row = {"dataset": name, "fold": k}
            for variant, extra in (("ours", {}), ("prev", {"early_stop": False})):
                s = {**spec, "params": {**params, **extra}}
                t = time.process_time()
                scores, info = cross_validate(ds, folds, lambda: make_learner(s), "whole_data", only_folds=[k])
                row[f"cpu_{variant}"] = time.process_time() - t
                bp = info[0]["best_params"]
                row[f"C_{variant}"], row[f"g_{variant}"] = bp["C"], bp["gamma"]
                row[f"auc_{variant}"] = float(fold_metrics(scores).query("metric == 'auc'")["value"].iloc[0]) / 100
                if variant == "ours":
                    row["skipped"] = info[0].get("n_skipped", 0)
                    row["scores_ours"] = scores
                else:
                    row["scores_identical"] = scores.equals(row.pop("scores_ours"))
            if not args.no_reference:
                tr, te = folds != k, folds == k
                Ztr, enc = encode_features(X[tr])
                Zte, _ = encode_features(X[te], enc)
                t = time.process_time()
                gs = GridSearchCV(SVC(kernel="rbf", tol=params.get("tol", 1e-3)),
                                  {"C": sorted(params["C_grid"]), "gamma": sorted(params["gamma_grid"])},
                                  cv=StratifiedKFold(params.get("n_inner_folds", 3), shuffle=True,
                                                     random_state=params.get("random_state", 0))).fit(Ztr, y[tr])
                dec = gs.decision_function(Zte)
                row["cpu_ref"] = time.process_time() - t
                row["C_ref"], row["g_ref"] = gs.best_params_["C"], gs.best_params_["gamma"]
                pos = sorted(classes)[1]  # SVC's classes_[1]: decision > 0 means it
                row["auc_ref"] = float(roc_auc_score(y[te] == pos, dec))
            rows.append(row)
            ref = "" if args.no_reference else (
                f"ref (C, g) = ({row['C_ref']:g}, {row['g_ref']:g}) AUC {row['auc_ref']:.10f} "
                f"cpu {row['cpu_ref']:7.1f} s | ")
            print(f"{name} fold {k}: {ref}ours ({row['C_ours']:g}, {row['g_ours']:g}) AUC "
                  f"{row['auc_ours']:.10f} cpu {row['cpu_ours']:6.1f} s skipped {row['skipped']:3d} | "
                  f"prev ({row['C_prev']:g}, {row['g_prev']:g}) cpu {row['cpu_prev']:6.1f} s | "
                  f"scores ours == prev: {row['scores_identical']}", flush=True)
    df = pd.DataFrame(rows)
    if args.out:
        df.to_csv(args.out, index=False)
    df["same_prev"] = (df.C_ours == df.C_prev) & (df.g_ours == df.g_prev) & df.scores_identical
    if not args.no_reference:
        df["same_ref"] = (df.C_ours == df.C_ref) & (df.g_ours == df.g_ref)
        df["dauc"] = (df.auc_ours - df.auc_ref).abs()
    print("\n# summary (CPU seconds summed over folds)")
    for name, g in list(df.groupby("dataset", sort=False)) + [("ALL", df)]:
        line = (f"{name:10s} folds {len(g):3d}  ours {g.cpu_ours.sum():8.1f}  prev {g.cpu_prev.sum():8.1f}  "
                f"prev/ours ×{g.cpu_prev.sum() / g.cpu_ours.sum():5.2f}  skipped pairs {int(g.skipped.sum()):5d}  "
                f"same as prev {int(g.same_prev.sum())}/{len(g)}")
        if not args.no_reference:
            line += (f"  ref {g.cpu_ref.sum():8.1f}  ref/ours ×{g.cpu_ref.sum() / g.cpu_ours.sum():6.1f}  "
                     f"same (C, g) as GridSearchCV {int(g.same_ref.sum())}/{len(g)}  max |ΔAUC| {g.dauc.max():.1e}")
        print(line)


if __name__ == "__main__":
    main()
