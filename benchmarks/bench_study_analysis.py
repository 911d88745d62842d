"""Benchmark: CPU seconds of the per-data-set ROC and source-metric analyses, from stored scores.

What the jobs ``roc_dataset`` and ``source_metrics`` / ``study_source_metrics``
compute beyond their start-up, per data set, without the CSV files and figures they also write:
:func:`aucacc.roc.roc_dataset` and :func:`aucacc.evaluation.source_metrics.dataset_source_metrics`.
Beside them, two baselines measured in the same run:

- ``read``: reading the data set's stored scores (every job pays it);
- ``M old`` / ``M new``: Hand–Till M of every fold of every learner, with scikit-learn's
  ``roc_auc_score`` for each class pair (the code before
  :func:`aucacc.evaluation.metrics.roc_auc_binary`) and with the default; the two values are
  checked bit-equal.

Usage (a finished run's results folder; its ``scores``, ``metrics`` and ``data`` are read, nothing written)::

    python benchmarks/bench_study_analysis.py --results results --datasets letter soybean audiology vowel ionosphere
    python benchmarks/bench_study_analysis.py --results results --datasets glass breast --learners NB C4.4 C4.5 SVM

Parameters are the config's defaults (``roc.n_points``, ``roc.n_thresholds``, ``roc.hull_points``;
positive class: the minority class, or one-vs-rest; costs 1).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

LEARNERS = ["NB", "C4.4", "C4.5", "SVM", "LR", "RF", "HGB"]


def _cpu(f):
    t = time.process_time()
    out = f()
    return out, time.process_time() - t


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", required=True, help="a finished run's results folder")
    ap.add_argument("--datasets", nargs="+", required=True)
    ap.add_argument("--learners", nargs="+", default=LEARNERS, help="those with scores are used")
    ap.add_argument("--protocol", default="whole_data")
    args = ap.parse_args(argv)

    import numpy as np
    import pandas as pd
    from sklearn.metrics import roc_auc_score

    from aucacc.datasets.store import read_meta
    from aucacc.evaluation.metrics import hand_till_m
    from aucacc.evaluation.source_metrics import dataset_source_metrics
    from aucacc.provenance import verified
    from aucacc.roc import roc_dataset
    from aucacc.scores import read_scores, score_classes, trained

    res = Path(args.results)
    print(f"{'data set':<14} {'classes':>7} {'rows':>6} {'read':>6} {'roc':>7} {'source':>7} {'M old':>7} {'M new':>7}")
    for ds in args.datasets:
        paths = {lrn: res / "scores" / args.protocol / ds / f"{lrn}.parquet" for lrn in args.learners}
        paths = {lrn: p for lrn, p in paths.items() if p.is_file()}
        scores, t_read = _cpu(lambda: trained({lrn: read_scores(p) for lrn, p in paths.items()}))
        metrics = {lrn: pd.read_csv(verified(res / "metrics" / args.protocol / ds / f"{lrn}.csv")) for lrn in scores}
        classes = read_meta(res / "data" / f"{ds}.json")["classes"]
        _, t_roc = _cpu(lambda: roc_dataset(ds, classes, scores, metrics, None, "threshold", 101, 101))
        _, t_sm = _cpu(lambda: dataset_source_metrics(scores, ds, args.protocol))
        t_old = t_new = float("nan")
        if len(classes) > 2:
            folds = []
            for sc in scores.values():
                cl = score_classes(sc)
                for _, g in sc.groupby("fold", sort=True):
                    folds.append((g["y_true"].astype(str).to_numpy(), g[[f"p:{c}" for c in cl]].to_numpy(float), cl))
            old, t_old = _cpu(lambda: [hand_till_m(y, P, cl, roc_auc_score)[0] for y, P, cl in folds])
            new, t_new = _cpu(lambda: [hand_till_m(y, P, cl)[0] for y, P, cl in folds])
            if np.asarray(old).tobytes() != np.asarray(new).tobytes():
                raise SystemExit(f"{ds}: Hand–Till M differs between roc_auc_score and the default")
        n = len(next(iter(scores.values())))
        print(f"{ds:<14} {len(classes):>7} {n:>6} {t_read:>6.2f} {t_roc:>7.2f} {t_sm:>7.2f} {t_old:>7.2f} {t_new:>7.2f}",
              flush=True)


if __name__ == "__main__":
    main()
