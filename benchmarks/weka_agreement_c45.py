"""Agreement of aucacc's C4.5 / C4.4 trees with Weka 3.9's J48, per data set.

For each configured data set (``load_config()["datasets"]``): MDL-discretize the whole data
set (:class:`aucacc.discretize.MDLDiscretizer`, the paper's protocol), then over the same 10
stratified folds (:func:`aucacc.evaluation.folds.stratified_folds`, seed derived from the
master seed and the data-set name) train

* :class:`aucacc.learners.c45.C45` and Weka ``J48`` (defaults),
* :class:`aucacc.learners.c45.C44` and Weka ``J48 -U -O -A``,

on 9 folds and score the 10th. Printed per data set and learner: % of test instances with
the same predicted class (first most probable class, as Weka's ``Evaluation`` records it),
% with all class probabilities within 1e-9 of Weka's, the largest difference, % of folds
whose printed tree is identical to J48's, and the time ratio ours/Weka for training alone
and for training + scoring the test fold (Weka's scoring goes through one JPype call per
instance, so the second ratio flatters us; the first is the fair one).

With ``--raw`` the attributes are passed undiscretized (numeric ones stay numeric: J48's
binary cuts), which checks the numeric splits too.

Needs python-weka-wrapper3 (Java) and the data mirror. Usage::

    AUCACC_MIRROR=/work/shared/datasets /work/venv/bin/python benchmarks/weka_agreement_c45.py [--raw] [names...]
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # weka_util (test bridge)

LEARNERS = {"C4.5": ("C45", []), "C4.4": ("C44", ["-U", "-O", "-A"])}


def weka_tree_text(classifier) -> str:
    """The tree lines of J48's printout (between the header and "Number of Leaves")."""
    s = str(classifier)
    s = s.split("------------------\n", 1)[1]
    return s.split("\n\nNumber of Leaves", 1)[0].strip()


def agreement(Xd, y, folds, weka_util, learner: str) -> dict:
    from weka.classifiers import Classifier

    from aucacc.learners import c45

    cls_name, options = LEARNERS[learner]
    same_cls, same_p, maxdiff, same_tree = [], [], 0.0, 0
    t_ours_fit = t_ours_all = t_weka_fit = t_weka_all = 0.0
    for f in np.unique(folds):
        tr, te = folds != f, folds == f
        Xtr, ytr = Xd[tr].reset_index(drop=True), y[tr].reset_index(drop=True)
        Xte, yte = Xd[te].reset_index(drop=True), y[te].reset_index(drop=True)
        dtr, dte = weka_util.to_instances(Xtr, ytr), weka_util.to_instances(Xte, yte)

        t0 = time.perf_counter()
        ours = getattr(c45, cls_name)().fit(Xtr, ytr)
        t1 = time.perf_counter()
        p_ours = ours.predict_proba(Xte)
        t2 = time.perf_counter()
        w = Classifier(classname="weka.classifiers.trees.J48", options=list(options))
        w.build_classifier(dtr)
        t3 = time.perf_counter()
        p_weka = weka_util.distributions(w, dte)
        t4 = time.perf_counter()
        t_ours_fit += t1 - t0
        t_ours_all += t2 - t0
        t_weka_fit += t3 - t2
        t_weka_all += t4 - t2

        d = np.abs(p_ours - p_weka).max(axis=1)
        same_cls.append(p_ours.argmax(axis=1) == p_weka.argmax(axis=1))
        same_p.append(d <= 1e-9)
        maxdiff = max(maxdiff, float(d.max()))
        same_tree += ours.export_text(summary=False).strip() == weka_tree_text(w)
    same_cls, same_p = np.concatenate(same_cls), np.concatenate(same_p)
    return {"n": len(same_cls), "cls": int(same_cls.sum()), "prob": int(same_p.sum()), "maxdiff": maxdiff,
            "trees": same_tree, "folds": len(np.unique(folds)),
            "r_fit": t_ours_fit / t_weka_fit, "r_all": t_ours_all / t_weka_all,
            "ms_ours": 1000 * t_ours_fit / len(np.unique(folds)), "ms_weka": 1000 * t_weka_fit / len(np.unique(folds))}


def main(args: list[str]) -> int:
    raw = "--raw" in args
    names = [a for a in args if a != "--raw"]
    import weka.core.jvm as jvm

    logging.getLogger("weka").setLevel(logging.WARNING)
    jvm.start(packages=False, max_heap_size="2g")
    import weka_util

    from aucacc.config import load_config
    from aucacc.datasets import load_dataset
    from aucacc.discretize import MDLDiscretizer
    from aucacc.evaluation.folds import derive_seed, stratified_folds

    cfg = load_config()
    names = names or list(cfg["datasets"])
    hdr = (f"{'data set':<12}{'learner':<6}{'n':>6}{'class %':>9}{'prob %':>9}{'max|dp|':>10}"
           f"{'trees':>8}{'fit ms ours':>13}{'weka':>7}{'ratio':>7}{'fit+score':>11}")
    print(hdr)
    print("-" * len(hdr))
    print("attributes:", "undiscretized (--raw)" if raw else "MDL-discretized on the whole data set")
    totals = {k: {"n": 0, "cls": 0, "prob": 0, "trees": 0, "folds": 0, "fit": [], "all": []} for k in LEARNERS}
    try:
        for name in names:
            d = load_dataset(name, cfg)
            X, y = d.X.reset_index(drop=True), d.y.reset_index(drop=True)
            folds = stratified_folds(y, n_folds=10, seed=derive_seed(int(cfg["seed"]), name))
            # the paper's protocol: discretize the whole data set before CV
            Xd = X if raw else MDLDiscretizer().fit_transform(X, y)
            for learner in LEARNERS:
                r = agreement(Xd, y, folds, weka_util, learner)
                t = totals[learner]
                for k in ("n", "cls", "prob", "trees", "folds"):
                    t[k] += r[k]
                t["fit"].append(r["r_fit"])
                t["all"].append(r["r_all"])
                print(f"{name:<12}{learner:<6}{r['n']:>6}{100 * r['cls'] / r['n']:>9.2f}"
                      f"{100 * r['prob'] / r['n']:>9.2f}{r['maxdiff']:>10.1e}{r['trees']:>5}/{r['folds']:<2}"
                      f"{r['ms_ours']:>13.1f}{r['ms_weka']:>7.1f}{r['r_fit']:>7.2f}{r['r_all']:>11.2f}", flush=True)
    finally:
        jvm.stop()
    print("-" * len(hdr))
    ok = True
    for learner, t in totals.items():
        cls, prob = t["cls"] / t["n"], t["prob"] / t["n"]
        ok &= cls >= 0.995 and prob >= 0.99
        print(f"{'ALL':<12}{learner:<6}{t['n']:>6}{100 * cls:>9.2f}{100 * prob:>9.2f}{'':>10}"
              f"{t['trees']:>5}/{t['folds']:<2}{'':>20}{np.median(t['fit']):>7.2f}{np.median(t['all']):>11.2f}")
    print("\nclass %: test instances with the same predicted class as Weka; prob %: all class "
          "probabilities within 1e-9;\ntrees: folds whose printed tree equals J48's; fit ms: mean training "
          "time per fold; ratios ours/Weka\nfor training and for training + scoring (ALL: median over data sets)")
    print("TARGETS MET (class >= 99.5 %, prob >= 99 %)" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
