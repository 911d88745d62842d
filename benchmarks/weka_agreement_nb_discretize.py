"""Agreement of aucacc's MDL discretizer and naive Bayes with Weka 3.9, per data set.

For each of the configured data sets (``load_config()["datasets"]``):

* cut points of every numeric attribute from :class:`aucacc.discretize.MDLDiscretizer` vs
  ``weka.filters.supervised.attribute.Discretize`` (defaults), on the whole data set (the
  paper's protocol) and on the training part of each of the 10 stratified folds; interval
  labels are compared too;
* :class:`aucacc.learners.naive_bayes.NaiveBayes` vs ``weka.classifiers.bayes.NaiveBayes``
  on the whole-data-discretized data over 10 stratified folds (train on 9, predict the
  10th): the fraction of test instances with the same predicted class and with probability
  vectors equal to within 1e-9 (max abs difference also shown).

Needs python-weka-wrapper3 (Java) and the data mirror (``AUCACC_MIRROR``). Usage::

    AUCACC_MIRROR=/work/shared/datasets python benchmarks/weka_agreement_nb_discretize.py [names...]
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # weka_util (test bridge)


def weka_cut_points(data, n_attributes: int):
    """Weka Discretize cut points and interval labels per attribute index (None = not numeric)."""
    from weka.filters import Filter

    f = Filter(classname="weka.filters.supervised.attribute.Discretize")
    f.inputformat(data)
    out = f.filter(data)
    cuts, labels = [], []
    for i in range(n_attributes):
        if not data.attribute(i).is_numeric:
            cuts.append(None)
            labels.append(None)
            continue
        w = f.jwrapper.getCutPoints(i)
        cuts.append(np.array([] if w is None else list(w), dtype=float))
        att = out.attribute(i)
        labels.append([att.value(k).strip("'") for k in range(att.num_values)])
    return cuts, labels


def compare_cuts(X, y, weka_util) -> tuple[int, int]:
    """(#numeric attributes, #attributes whose cuts or labels differ from Weka's)."""
    from aucacc.discretize import MDLDiscretizer

    ours = MDLDiscretizer().fit(X, y)
    w_cuts, w_labels = weka_cut_points(weka_util.to_instances(X, y), X.shape[1])
    n_num = n_bad = 0
    for i, col in enumerate(X.columns):
        if col not in ours.cut_points_:
            continue
        n_num += 1
        if not (np.array_equal(ours.cut_points_[col], w_cuts[i]) and ours.labels_[col] == w_labels[i]):
            n_bad += 1
    return n_num, n_bad


def nb_agreement(Xd, y, folds, weka_util):
    """Per test instance: same predicted class? probabilities within 1e-9? and max |diff|."""
    from weka.classifiers import Classifier

    from aucacc.learners.naive_bayes import NaiveBayes

    same_cls, same_p, maxdiff = [], [], 0.0
    for f in np.unique(folds):
        tr, te = folds != f, folds == f
        ours = NaiveBayes().fit(Xd[tr], y[tr]).predict_proba(Xd[te])
        c = Classifier(classname="weka.classifiers.bayes.NaiveBayes")
        c.build_classifier(weka_util.to_instances(Xd[tr], y[tr]))
        theirs = weka_util.distributions(c, weka_util.to_instances(Xd[te], y[te]))
        d = np.abs(ours - theirs).max(axis=1)
        same_cls.append(ours.argmax(axis=1) == theirs.argmax(axis=1))
        same_p.append(d <= 1e-9)
        maxdiff = max(maxdiff, float(d.max()))
    return np.concatenate(same_cls).mean(), np.concatenate(same_p).mean(), maxdiff


def main(names: list[str]) -> int:
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
    hdr = (f"{'data set':<12}{'n':>6}{'num':>5}{'cuts whole':>12}{'cuts folds':>12}"
           f"{'1-int':>6}{'NB class %':>12}{'NB prob %':>11}{'max|dp|':>10}")
    print(hdr)
    print("-" * len(hdr))
    all_ok = True
    try:
        for name in names:
            d = load_dataset(name, cfg)
            X, y = d.X, d.y.reset_index(drop=True)
            X = X.reset_index(drop=True)
            folds = stratified_folds(y, n_folds=10, seed=derive_seed(int(cfg["seed"]), name))
            n_num, bad_whole = compare_cuts(X, y, weka_util)
            bad_fold = 0
            if n_num:
                for f in range(10):
                    tr = folds != f
                    bad_fold += compare_cuts(X[tr].reset_index(drop=True), y[tr].reset_index(drop=True),
                                             weka_util)[1]
            disc = MDLDiscretizer().fit(X, y)  # the paper's protocol: whole data set
            Xd = disc.transform(X)
            cls, prob, md = nb_agreement(Xd, y, folds, weka_util)
            ok = bad_whole == 0 and bad_fold == 0 and cls == 1.0 and prob == 1.0
            all_ok &= ok
            cw = f"{n_num - bad_whole}/{n_num}" if n_num else "-"
            cf = f"{10 * n_num - bad_fold}/{10 * n_num}" if n_num else "-"
            print(f"{name:<12}{len(y):>6}{n_num:>5}{cw:>12}{cf:>12}{len(disc.single_interval_):>6}"
                  f"{100 * cls:>12.2f}{100 * prob:>11.2f}"
                  f"{md:>10.1e}", flush=True)
    finally:
        jvm.stop()
    print("\ncuts: attributes with cut points and labels identical to Weka's / numeric attributes "
          "(folds: summed over the 10 training parts); 1-int: numeric attributes left with a single "
          "interval on the whole data set")
    print("NB: % of test instances (10-fold CV on the whole-data-discretized set) with the same "
          "predicted class / with all class probabilities within 1e-9 of Weka's")
    print("ALL IDENTICAL" if all_ok else "DIFFERENCES FOUND")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
