"""Benchmark: plain ``GridSearchCV(SVC(kernel="rbf"))`` against :class:`GridSearchSVM`.

Both run on the same outer folds of the largest binary data sets (after the pipeline's cleaning
and whole-data Fayyad–Irani discretization, one-hot encoded), with the same inner splits
(``StratifiedKFold(3, shuffle=True, random_state=inner seed)``) and the same (C, γ) grid.
Printed per data set: both wall times, their ratio, on how many folds the selected (C, γ)
agree, and the largest difference of fold AUC (``roc_auc_score`` on decision values) and of
decision values where the selection agrees.

Usage::

    AUCACC_MIRROR=/work/shared/datasets python benchmarks/bench_svm.py --folds 2
    python benchmarks/bench_svm.py --datasets mushroom thyroid credit --folds 10 --variants fast exact

Targets (issue 4): ≥ 5× faster, the same selection on ≥ 99 % of folds, fold AUCs equal to 1e-6
where the selection agrees.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np
import pandas as pd
import sklearn
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.svm import SVC

from aucacc.learners.encoding import encode_features
from aucacc.learners.svm import C_GRID, GAMMA_GRID, GridSearchSVM


VARIANTS = {"fast": dict(merge_duplicates=True, reuse_unbounded=True),
            "reuse": dict(merge_duplicates=False, reuse_unbounded=True),
            "merge": dict(merge_duplicates=True, reuse_unbounded=False),
            "exact": dict(merge_duplicates=False, reuse_unbounded=False)}


def prepare(name: str, cfg: dict):
    """Clean, discretize (whole data, as the paper) and fold one data set."""
    from aucacc.datasets import load_dataset
    from aucacc.discretize import MDLDiscretizer
    from aucacc.evaluation.folds import derive_seed, stratified_folds

    d = load_dataset(name, cfg)
    X = MDLDiscretizer().fit_transform(d.X, d.y)
    y = np.asarray(d.y.astype(str))
    folds = stratified_folds(y, n_folds=10, seed=derive_seed(int(cfg["seed"]), name))
    return X, y, folds


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--datasets", nargs="+", default=["mushroom", "thyroid", "credit"])
    ap.add_argument("--folds", type=int, default=10, help="outer folds to run (first K of 10)")
    ap.add_argument("--fold-ids", type=int, nargs="+", default=None,
                    help="run exactly these outer folds instead of the first --folds")
    ap.add_argument("--n-jobs", type=int, default=1, help="workers for both (GridSearchCV n_jobs, ours n_jobs)")
    ap.add_argument("--variants", nargs="+", default=["fast"], choices=list(VARIANTS),
                    help="ours as configured: fast = merge duplicates + reuse unbounded fits, "
                         "reuse / merge = one of them, exact = neither (LIBSVM's fits bit for bit)")
    ap.add_argument("--reduced-grid", action="store_true",
                    help="every other grid value (6 × 5 pairs) for a quick check")
    args = ap.parse_args(argv)

    from aucacc.config import load_config
    from aucacc.evaluation.folds import derive_seed

    cfg = load_config()
    C_grid, g_grid = list(C_GRID), list(GAMMA_GRID)
    if args.reduced_grid:
        C_grid, g_grid = C_grid[::2], g_grid[::2]
    print(f"# bench_svm  python {platform.python_version()}  scikit-learn {sklearn.__version__}  "
          f"cpus {os.cpu_count()}  n_jobs {args.n_jobs}")
    print(f"# grid: {len(C_grid)} C × {len(g_grid)} gamma; C = 2^{np.log2(C_grid).astype(int).tolist()}, "
          f"gamma = 2^{np.log2(g_grid).astype(int).tolist()}")
    print(f"# inner CV: StratifiedKFold(3, shuffle=True, random_state=derive_seed(seed, name, 'svm', fold)); "
          f"outer folds: {args.fold_ids or f'first {args.folds}'} of 10; master seed {cfg['seed']}")
    rows = []
    for name in args.datasets:
        t0 = time.perf_counter()
        X, y, folds = prepare(name, cfg)
        Z, _ = encode_features(X)
        print(f"\n## {name}: {X.shape[0]} rows, {X.shape[1]} attributes → {Z.shape[1]} one-hot columns, "
              f"{int(pd.DataFrame(Z).duplicated().sum())} duplicate rows; prepared in "
              f"{time.perf_counter() - t0:.1f} s")
        for k in (args.fold_ids if args.fold_ids is not None else range(min(args.folds, 10))):
            tr, te = folds != k, folds == k
            seed = derive_seed(int(cfg["seed"]), name, "svm", str(k))
            pos = np.unique(y)[1]
            t = time.perf_counter()
            gs = GridSearchCV(SVC(kernel="rbf"), {"C": C_grid, "gamma": g_grid},
                              cv=StratifiedKFold(3, shuffle=True, random_state=seed),
                              n_jobs=args.n_jobs).fit(Z[tr], y[tr])
            dec_ref = gs.decision_function(Z[te])
            t_ref = time.perf_counter() - t
            auc_ref = roc_auc_score(y[te] == pos, dec_ref)
            for variant in args.variants:
                t = time.perf_counter()
                m = GridSearchSVM(C_grid, g_grid, random_state=seed, n_jobs=args.n_jobs,
                                  **VARIANTS[variant]).fit(X[tr], y[tr])
                dec = m.decision_function(X[te])
                t_ours = time.perf_counter() - t
                auc = roc_auc_score(y[te] == pos, dec)
                same = m.best_params_ == {"C": gs.best_params_["C"], "gamma": gs.best_params_["gamma"]}
                cv_diff = float(np.abs(m.cv_results_["mean_test_score"]
                                       - gs.cv_results_["mean_test_score"]).max())
                row = dict(dataset=name, fold=k, variant=variant, t_ref=t_ref, t_ours=t_ours,
                           ratio=t_ref / t_ours, C_ref=gs.best_params_["C"],
                           g_ref=gs.best_params_["gamma"], C=m.best_params_["C"],
                           g=m.best_params_["gamma"], same=same, auc_ref=auc_ref, auc=auc,
                           auc_diff=abs(auc - auc_ref), dec_diff=float(np.abs(dec - dec_ref).max()),
                           cv_diff=cv_diff, n_points=m.n_points_, n_train=int(tr.sum()))
                rows.append(row)
                print(f"{name} fold {k} [{variant}] ref {t_ref:7.1f} s  ours {t_ours:6.1f} s  "
                      f"×{row['ratio']:5.1f}  ref (C, g) = (2^{np.log2(row['C_ref']):g}, "
                      f"2^{np.log2(row['g_ref']):g})  ours (2^{np.log2(row['C']):g}, "
                      f"2^{np.log2(row['g']):g})  same={same}  AUC {auc_ref:.6f} vs {auc:.6f} "
                      f"|Δ|={row['auc_diff']:.1e}  max|Δdec|={row['dec_diff']:.1e}  "
                      f"max|Δcv|={cv_diff:.1e}  points {m.n_points_}/{int(tr.sum())}", flush=True)

    df = pd.DataFrame(rows)
    print("\n# summary (times summed over folds)")
    for (name, variant), g in df.groupby(["dataset", "variant"], sort=False):
        agree = g[g.same]
        print(f"{name:9s} [{variant:7s}] folds {len(g):2d}  ref {g.t_ref.sum():8.1f} s  ours "
              f"{g.t_ours.sum():7.1f} s  ratio ×{g.t_ref.sum() / g.t_ours.sum():5.1f}  same (C, g) "
              f"{int(g.same.sum())}/{len(g)}  max |ΔAUC| where same "
              f"{(agree.auc_diff.max() if len(agree) else float('nan')):.1e}  max |Δdec| where same "
              f"{(agree.dec_diff.max() if len(agree) else float('nan')):.1e}")
    for variant, g in df.groupby("variant", sort=False):
        agree = g[g.same]
        print(f"ALL       [{variant:7s}] folds {len(g):2d}  ref {g.t_ref.sum():8.1f} s  ours "
              f"{g.t_ours.sum():7.1f} s  ratio ×{g.t_ref.sum() / g.t_ours.sum():5.1f}  same (C, g) "
              f"{int(g.same.sum())}/{len(g)} ({100 * g.same.mean():.1f} %)  max |ΔAUC| where same "
              f"{(agree.auc_diff.max() if len(agree) else float('nan')):.1e}")


if __name__ == "__main__":
    main()
