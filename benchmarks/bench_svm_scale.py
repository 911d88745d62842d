"""Benchmark: the SVM's grid search at scale, precomputed kernels against LIBSVM on the data.

One outer fold (a stratified 90/10 split) of a synthetic binary data set of ``n`` instances, as the
paper's pipeline gives the SVM its data: ``make_classification`` (10 numeric attributes, 6
informative, 10 % of the labels flipped, seed 0), each attribute cut into 5 quantile bins (nominal),
one-hot encoded by :class:`~aucacc.learners.svm.GridSearchSVM` itself. For each size and each
``kernel_mode`` (``precomputed``, ``data``), one fresh subprocess fits the grid search on the
training part and predicts the test part; printed per run:

* ``cpu_s`` — CPU seconds of fit + predict (``time.process_time`` in the child: the machine is shared,
  wall time would measure the others);
* ``peak_mb`` — the child's peak resident memory (``ru_maxrss`` of ``os.wait4``, start-up included);
* the selected (C, γ), and for ``n ≤ --reference-max-n`` those of plain
  ``GridSearchCV(SVC(kernel="rbf"))`` with the same inner folds, its CPU seconds and whether they agree.

Then, per path, the growth exponent of CPU in ``n`` (least squares on log–log, sizes ≥ 1,000), and
the CPU ratio data / precomputed per size: where it drops below 1 the precomputed kernel no longer
pays (the ``precomputed_max_n`` rule of docs/learners.md, "The SVM at scale").

Usage::

    nice python benchmarks/bench_svm_scale.py --sizes 1000 2000 4000 8000          # the crossover
    nice python benchmarks/bench_svm_scale.py --sizes 50000 --paths data --grid one --memory-mb 8000 --reference-max-n 0
    # the paper's full grid at 5·10^4 with the opt-in subsample (a deviation from the paper), GridSearchCV on the
    # same subsample (drawn by aucacc.learners.svm.tune_rows) as the check of the selection
    nice python benchmarks/bench_svm_scale.py --sizes 50000 --paths auto --grid full --memory-mb 8000 \
        --tune-subsample 2000 --reference-max-n 50000
    # the paper's protocol on the data: the peak memory of one pair and of 2 x 2 pairs, CPU per fit
    nice python benchmarks/bench_svm_scale.py --sizes 20000 --paths data --grid one --memory-mb 8000 --reference-max-n 0
    nice python benchmarks/bench_svm_scale.py --sizes 20000 --paths data --grid tiny --memory-mb 8000 --reference-max-n 0
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

#: (C grid, γ grid) per ``--grid``: the paper's (LIBSVM grid.py, 110 pairs), the CI grid of
#: tests/workflow/test_svm_reproduction.py (3 × 3 around the pairs the paper's data select), 2 × 2, and one pair
#: (3 inner fits and the refit: the memory of a search at a CPU cost a loaded machine affords at 5·10^4), and two pairs
#: (6 inner fits and the refit: the memory does not grow with the grid; the CPU per fit at 5·10^4).
GRIDS = {"full": None,
         "reduced": ([0.5, 2.0, 8.0], [0.0078125, 0.03125, 0.125]),
         "tiny": ([0.5, 2.0], [0.03125, 0.125]),
         "one": ([2.0], [0.125]),
         "two": ([0.5, 2.0], [0.125])}


def synthetic(n: int, seed: int = 0):
    """``n`` instances, 10 nominal attributes of 5 quantile bins each, a binary class (see the module doc)."""
    import pandas as pd
    from sklearn.datasets import make_classification

    X, y = make_classification(n_samples=n, n_features=10, n_informative=6, n_redundant=2, flip_y=0.1,
                               class_sep=0.8, random_state=seed)
    cats = list(range(5))
    table = pd.DataFrame({f"a{j}": pd.Categorical(pd.qcut(X[:, j], 5, labels=False), categories=cats)
                          for j in range(X.shape[1])})
    return table, np.where(y == 1, "pos", "neg")


def child(args) -> None:
    """One run: fit on the outer fold's training part, predict its test part; print a JSON line.

    ``reference`` is plain ``GridSearchCV(SVC(kernel="rbf"))`` with the same grid and inner folds; with
    ``--tune-subsample`` it searches the subsample GridSearchSVM tunes on, drawn by the library's own
    :func:`~aucacc.learners.svm.tune_rows`, and neither refits nor predicts (its refit would not be ours).
    """
    import time

    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    from sklearn.svm import SVC

    from aucacc.learners.encoding import encode_features
    from aucacc.learners.svm import C_GRID, GAMMA_GRID, GridSearchSVM, tune_rows

    C_grid, g_grid = GRIDS[args.grid] or (list(C_GRID), list(GAMMA_GRID))
    X, y = synthetic(args.n)
    tr, te = next(StratifiedKFold(10, shuffle=True, random_state=0).split(X, y))
    out = {"n": args.n, "n_train": len(tr), "path": args.path}
    if args.path == "reference":
        Z, spec = encode_features(X.iloc[tr])
        Zte, _ = encode_features(X.iloc[te], spec=spec)
        y_tr = y[tr]
        t = time.process_time()
        rows = tune_rows(np.unique(y_tr, return_inverse=True)[1], args.tune_subsample, args.seed)
        gs = GridSearchCV(SVC(kernel="rbf"), {"C": C_grid, "gamma": g_grid}, refit=len(rows) == len(tr),
                          cv=StratifiedKFold(args.inner_folds, shuffle=True, random_state=args.seed))
        gs.fit(Z[rows], y_tr[rows])
        if len(rows) == len(tr):
            gs.decision_function(Zte)
        out.update(cpu_s=time.process_time() - t, C=gs.best_params_["C"], gamma=gs.best_params_["gamma"],
                   n_tune=len(rows), fits=len(C_grid) * len(g_grid) * args.inner_folds + (len(rows) == len(tr)))
    else:
        t = time.process_time()
        m = GridSearchSVM(C_grid, g_grid, n_inner_folds=args.inner_folds, random_state=args.seed,
                          kernel_mode=args.path, memory_mb=args.memory_mb,
                          tune_subsample=args.tune_subsample).fit(X.iloc[tr], y[tr])
        t_fit = time.process_time() - t
        m.decision_function(X.iloc[te])
        counts = np.stack([m.cv_results_[f"split{k}_n_correct"] for k in range(args.inner_folds)], axis=1)
        out.update(cpu_s=time.process_time() - t, fit_cpu_s=t_fit, C=m.best_params_["C"],
                   gamma=m.best_params_["gamma"], mode=m.kernel_mode_, cache_mb=m.libsvm_cache_mb_,
                   n_tune=m.n_tune_rows_, fitted=int((counts >= 0).all(axis=1).sum()),
                   inner_fits=int((counts >= 0).sum()))
    print(json.dumps(out), flush=True)


def subsample(text: str) -> int | float:
    """``--tune-subsample``: an int (rows) or a float share, as ``GridSearchSVM(tune_subsample=…)`` takes it."""
    return float(text) if "." in text else int(text)


def run(n: int, path: str, args) -> dict:
    """One child process; its CPU seconds and peak RSS (os.wait4's rusage of that child alone)."""
    cmd = [sys.executable, __file__, "--child", "--n", str(n), "--path", path, "--grid", args.grid,
           "--seed", str(args.seed), "--inner-folds", str(args.inner_folds)]
    cmd += ["--memory-mb", str(args.memory_mb)] if args.memory_mb else []
    cmd += ["--tune-subsample", str(args.tune_subsample)] if args.tune_subsample is not None else []
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        return {"n": n, "path": path, "error": f"exit {proc.returncode}"}
    rec = json.loads(out.strip().splitlines()[-1])
    rec["peak_mb"] = usage.ru_maxrss / 1024  # Linux: KiB
    rec["process_cpu_s"] = usage.ru_utime + usage.ru_stime
    return rec


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 4000, 8000])
    ap.add_argument("--paths", nargs="+", default=["precomputed", "data"], choices=["auto", "precomputed", "data"])
    ap.add_argument("--grid", default="reduced", choices=list(GRIDS))
    ap.add_argument("--memory-mb", type=float, default=None, help="GridSearchSVM(memory_mb=…): the job's budget")
    ap.add_argument("--reference-max-n", type=int, default=2000,
                    help="also run plain GridSearchCV up to this many instances (0: never)")
    ap.add_argument("--seed", type=int, default=0, help="random_state of the inner folds")
    ap.add_argument("--inner-folds", type=int, default=3, help="n_inner_folds (the paper's config: 3)")
    ap.add_argument("--tune-subsample", type=subsample, default=None,
                    help="GridSearchSVM(tune_subsample=…): tune on a stratified subsample (rows, or a share in "
                         "(0, 1)), a deviation from the paper; the reference then searches the same subsample")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--n", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--path", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        return child(args)
    import sklearn

    print(f"# bench_svm_scale  python {platform.python_version()}  scikit-learn {sklearn.__version__}  "
          f"cpus {os.cpu_count()}  OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS')}  grid {args.grid}  "
          f"memory_mb {args.memory_mb}  inner folds {args.inner_folds}  tune_subsample {args.tune_subsample}", flush=True)
    print(f"{'n':>7s} {'n_train':>7s} {'path':>12s} {'cpu_s':>9s} {'peak_mb':>8s} {'C':>7s} {'gamma':>9s}  notes",
          flush=True)
    rows = []
    for n in args.sizes:
        paths = list(args.paths) + (["reference"] if n <= args.reference_max_n else [])
        for path in paths:
            r = run(n, path, args)
            rows.append(r)
            if "error" in r:
                print(f"{n:7d} {'':7s} {path:>12s} {r['error']}", flush=True)
                continue
            extra = (f"mode {r['mode']} cache {r['cache_mb']:.0f} MB, tuned on {r['n_tune']} rows, "
                     f"{r['fitted']} pairs fitted, {r['inner_fits']} inner fits + refit, fit {r['fit_cpu_s']:.1f} s, "
                     f"process {r['process_cpu_s']:.1f} s" if "mode" in r else "")
            if path == "reference":
                ours = [x for x in rows if x.get("n") == n and x.get("path") != "reference" and "C" in x]
                same = all((x["C"], x["gamma"]) == (r["C"], r["gamma"]) for x in ours)
                extra = (f"GridSearchCV on {r['n_tune']} rows ({r['fits']} fits): selections of "
                         f"{', '.join(x['path'] for x in ours)} equal GridSearchCV's: {same}")
            print(f"{n:7d} {r['n_train']:7d} {path:>12s} {r['cpu_s']:9.1f} {r['peak_mb']:8.0f} {r['C']:7g} "
                  f"{r['gamma']:9g}  {extra}", flush=True)
    print("\n# growth exponent of CPU in n (log-log least squares, n >= 1000) and data / precomputed CPU")
    for path in list(args.paths) + ["reference"]:
        pts = [(r["n"], r["cpu_s"]) for r in rows if r.get("path") == path and "cpu_s" in r and r["n"] >= 1000]
        if len(pts) >= 2:
            slope = np.polyfit(np.log([p[0] for p in pts]), np.log([max(p[1], 1e-3) for p in pts]), 1)[0]
            print(f"{path:>12s}: exponent {slope:.2f} over n = {[p[0] for p in pts]}")
    for n in args.sizes:
        by = {r["path"]: r for r in rows if r.get("n") == n and "cpu_s" in r}
        if "precomputed" in by and "data" in by:
            print(f"n {n:7d}: data / precomputed CPU ×{by['data']['cpu_s'] / by['precomputed']['cpu_s']:.2f}, "
                  f"peak {by['data']['peak_mb']:.0f} vs {by['precomputed']['peak_mb']:.0f} MB")


if __name__ == "__main__":
    main()
