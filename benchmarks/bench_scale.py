"""Learners at scale: CPU seconds and peak memory of one fit, ours against Weka 3.9 and scikit-learn.

Synthetic data (:func:`make_data`): 20 numeric attributes (5 rounded to one decimal and 3 small
integers, so values tie; the rest continuous) and 3 nominal ones (3, 4 and 5 values); the class
(2 or 5 values, balanced) is a noisy function of some of them. One 90/10 split: each learner is
fitted on the first 90 % and scores the last 10 %. Per learner, size and number of classes:

* ``C4.5``, ``C4.4`` on the raw data (numeric attributes split by the trees themselves):
  :class:`aucacc.learners.c45.C45` / ``C44`` against Weka's ``J48`` / ``J48 -U -O -A`` (same
  data, same instance order) and scikit-learn's ``DecisionTreeClassifier`` (nominal attributes
  as their codes);
* with ``--disc``, also the paper's protocol pieces: ``disc`` (the MDL discretizer,
  :class:`aucacc.discretize.MDLDiscretizer`, against ``weka.filters.supervised.attribute.Discretize``
  fitted on the training part), and ``NB``, ``C4.5``, ``C4.4`` on the discretized data (against
  Weka's ``NaiveBayes`` and ``J48`` on Weka's discretization of the same data).

Every measurement runs in a fresh Python process (``--one``), so the caches (C4.5's grown-tree
cache, the JVM's JIT) and the memory of one learner do not help or burden another; the data
conversion to Weka's ``Instances`` and the data generation are not timed. **CPU seconds**
(``time.process_time`` of that process around the fit: all its threads, so the JVM's compiler
and garbage collector count for Weka), not wall clock: the machine may be shared. **Peak MB**:
how much the fit raised the process's peak resident memory (``ru_maxrss``; for Weka the JVM's,
whose heap grows in steps). ``max|dp|``: the largest difference between our and Weka's class
probabilities on the test part. ``exp``: the growth exponent of our CPU time between two sizes
(``log(t2/t1) / log(n2/n1)``), Weka's after the slash.

Usage::

    python benchmarks/bench_scale.py [--quick] [--rows 10000 100000] [--classes 2 5] [--disc] [--no-weka]
                                     [--weka-max-rows N]

``--quick``: 2,000 and 10,000 rows, 2 classes. ``--weka-max-rows N``: Weka only up to ``N`` rows
(e.g. ``--rows 10000 100000 1000000 --weka-max-rows 100000``: J48 at 10⁶ rows takes ~25 CPU minutes). Needs python-weka-wrapper3 (Java) for the Weka
columns.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[1] / "tests"))  # weka_util, the test bridge

N_NUMERIC, NOMINAL_VALUES = 20, (3, 4, 5)
WEKA = {"C4.5": ("weka.classifiers.trees.J48", []), "C4.4": ("weka.classifiers.trees.J48", ["-U", "-O", "-A"]),
        "NB": ("weka.classifiers.bayes.NaiveBayes", [])}


def make_data(n: int, n_classes: int, seed: int = 0):
    """Synthetic data set of ``n`` rows: (X DataFrame, y Categorical Series).

    Numeric ``x0..x19`` (x0-x4 normal rounded to 0.1, x5-x7 integers 0-6, the rest normal),
    nominal ``c0..c2`` with 3, 4, 5 values; class ``k0..k{C-1}``: the quantile bins of
    ``x0 + 0.8 x1 - 0.6 x8 x9 + 0.5 c0 + N(0, 1)`` (balanced classes, about a third noise).
    """
    import pandas as pd

    rng = np.random.default_rng(seed)
    num = rng.normal(size=(n, N_NUMERIC))
    num[:, :5] = np.round(num[:, :5], 1)
    num[:, 5:8] = rng.integers(0, 7, size=(n, 3))
    nom = rng.integers(0, NOMINAL_VALUES, size=(n, len(NOMINAL_VALUES)))
    score = num[:, 0] + 0.8 * num[:, 1] - 0.6 * num[:, 8] * num[:, 9] + 0.5 * nom[:, 0] + rng.normal(size=n)
    y = np.searchsorted(np.quantile(score, np.linspace(0, 1, n_classes + 1)[1:-1]), score)
    cols = {f"x{j}": num[:, j] for j in range(N_NUMERIC)}
    for j, k in enumerate(NOMINAL_VALUES):
        cols[f"c{j}"] = pd.Categorical.from_codes(nom[:, j], categories=[f"v{i}" for i in range(k)])
    X = pd.DataFrame(cols)
    return X, pd.Series(pd.Categorical.from_codes(y, categories=[f"k{i}" for i in range(n_classes)]))


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


def _measure(fit) -> tuple[float, float]:
    """(CPU seconds, peak-memory growth in MB) of ``fit()``."""
    m0, t0 = _peak_mb(), time.process_time()
    fit()
    return time.process_time() - t0, _peak_mb() - m0


def run_one(side: str, learner: str, n: int, n_classes: int, proba_out: str | None) -> dict:
    """One measurement in this process: ``side`` is ours, weka or sklearn; ``learner`` C4.5,
    C4.4, NB (on discretized data when the name ends in ``/disc``) or ``disc``."""
    X, y = make_data(n, n_classes)
    n_tr = int(0.9 * n)
    Xtr, ytr = X.iloc[:n_tr].reset_index(drop=True), y.iloc[:n_tr].reset_index(drop=True)
    Xte, yte = X.iloc[n_tr:].reset_index(drop=True), y.iloc[n_tr:].reset_index(drop=True)
    on_disc = learner.endswith("/disc")
    base = learner.removesuffix("/disc")
    out: dict = {}
    if side == "ours":
        from aucacc.discretize import MDLDiscretizer
        from aucacc.learners.c45 import C44, C45
        from aucacc.learners.naive_bayes import NaiveBayes

        if learner == "disc":
            out["cpu"], out["mb"] = _measure(lambda: MDLDiscretizer().fit(Xtr, ytr))
            return out
        if on_disc:
            d = MDLDiscretizer().fit(Xtr, ytr)
            Xtr, Xte = d.transform(Xtr), d.transform(Xte)
        est = {"C4.5": C45, "C4.4": C44, "NB": NaiveBayes}[base]()
        out["cpu"], out["mb"] = _measure(lambda: est.fit(Xtr, ytr))
        P = est.predict_proba(Xte)
    elif side == "sklearn":
        from sklearn.tree import DecisionTreeClassifier

        A = np.column_stack([X[c].cat.codes.to_numpy() if hasattr(X[c], "cat") else X[c].to_numpy() for c in X])
        est = DecisionTreeClassifier(random_state=0)
        out["cpu"], out["mb"] = _measure(lambda: est.fit(A[:n_tr], ytr.cat.codes.to_numpy()))
        P = est.predict_proba(A[n_tr:])
    else:
        import logging

        import weka.core.jvm as jvm

        logging.getLogger("weka").setLevel(logging.WARNING)
        jvm.start(packages=False, max_heap_size="4g")
        try:
            import weka_util
            from weka.classifiers import Classifier
            from weka.filters import Filter

            dtr, dte = weka_util.to_instances(Xtr, ytr), weka_util.to_instances(Xte, yte)
            if learner == "disc" or on_disc:
                f = Filter(classname="weka.filters.supervised.attribute.Discretize")

                def disc():
                    f.inputformat(dtr)
                    return f.filter(dtr)
                if learner == "disc":
                    out["cpu"], out["mb"] = _measure(disc)
                    return out
                dtr = disc()
                dte = f.filter(dte)
            cls, opts = WEKA[base]
            c = Classifier(classname=cls, options=opts)
            out["cpu"], out["mb"] = _measure(lambda: c.build_classifier(dtr))
            P = weka_util.distributions(c, dte)
        finally:
            jvm.stop()
    if proba_out:
        np.save(proba_out, P)
    return out


def _child(side: str, learner: str, n: int, n_classes: int, proba_out: str | None) -> dict | None:
    cmd = [sys.executable, str(HERE), "--one", side, learner, str(n), str(n_classes)]
    if proba_out:
        cmd.append(proba_out)
    r = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    if r.returncode or not lines:
        print(f"  ({side} {learner} n={n} C={n_classes} failed: {r.stderr.strip().splitlines()[-1:]})", flush=True)
        return None
    return json.loads(lines[-1])


def main(argv: list[str]) -> int:
    if argv[:1] == ["--one"]:
        side, learner, n, c = argv[1], argv[2], int(argv[3]), int(argv[4])
        print(json.dumps(run_one(side, learner, n, c, argv[5] if len(argv) > 5 else None)), flush=True)
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="2,000 and 10,000 rows, 2 classes")
    ap.add_argument("--rows", type=int, nargs="+", default=[10_000, 100_000], help="sizes (default 10^4 10^5)")
    ap.add_argument("--classes", type=int, nargs="+", default=[2, 5], help="numbers of classes (default 2 5)")
    ap.add_argument("--learners", nargs="+", default=["C4.5", "C4.4"], help="raw-data learners (default C4.5 C4.4)")
    ap.add_argument("--disc", action="store_true", help="also disc, and NB, C4.5, C4.4 on discretized data")
    ap.add_argument("--no-weka", action="store_true", help="skip Weka (no Java needed)")
    ap.add_argument("--weka-max-rows", type=int, default=None,
                    help="run Weka only up to this many rows (its J48 grows as n^1.4: ~25 CPU min at 10^6)")
    args = ap.parse_args(argv)
    rows, classes = ([2_000, 10_000], [2]) if args.quick else (sorted(args.rows), args.classes)
    learners = list(args.learners) + (["disc", "NB/disc", "C4.5/disc", "C4.4/disc"] if args.disc else [])
    print("CPU seconds of one fit (time.process_time in a fresh process per measurement); "
          "peak MB = growth of the peak RSS during the fit")
    hdr = (f"{'learner':<10}{'rows':>8}{'cls':>4}{'ours s':>9}{'weka s':>9}{'sklearn s':>10}{'ours/weka':>10}"
           f"{'ours MB':>9}{'weka MB':>9}{'skl MB':>8}{'max|dp|':>10}{'exp':>12}")
    print(hdr)
    print("-" * len(hdr))
    prev: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for c in classes:
            for learner in learners:
                for n in rows:
                    po, pw = f"{tmp}/o.npy", f"{tmp}/w.npy"
                    o = _child("ours", learner, n, c, po if learner != "disc" else None)
                    skip_w = args.no_weka or (args.weka_max_rows is not None and n > args.weka_max_rows)
                    w = None if skip_w else _child("weka", learner, n, c, pw if learner != "disc" else None)
                    s = _child("sklearn", "tree", n, c, None) if learner in ("C4.5", "C4.4") else None
                    dp = ""
                    if o and w and learner != "disc":
                        dp = f"{np.abs(np.load(po) - np.load(pw)).max():.1e}"
                    exp = ""
                    key = (learner, c)
                    if key in prev and o:
                        n0, t0o, t0w = prev[key]
                        e_o = math.log(o["cpu"] / t0o) / math.log(n / n0) if t0o > 0 and o["cpu"] > 0 else float("nan")
                        e_w = (math.log(w["cpu"] / t0w) / math.log(n / n0)
                               if w and t0w and w["cpu"] > 0 else float("nan"))
                        exp = f"{e_o:.2f}/{e_w:.2f}"
                    if o:
                        prev[key] = (n, o["cpu"], w["cpu"] if w else None)

                    def f(r, k, fmt):
                        return format(r[k], fmt) if r else "-"
                    ratio = f"{o['cpu'] / w['cpu']:.2f}" if o and w and w["cpu"] > 0 else "-"
                    print(f"{learner:<10}{n:>8}{c:>4}{f(o, 'cpu', '.2f'):>9}{f(w, 'cpu', '.2f'):>9}"
                          f"{f(s, 'cpu', '.2f'):>10}{ratio:>10}{f(o, 'mb', '.0f'):>9}{f(w, 'mb', '.0f'):>9}"
                          f"{f(s, 'mb', '.0f'):>8}{dp:>10}{exp:>12}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
