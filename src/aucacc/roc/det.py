"""Detection error trade-off (DET) curves from stored scores (Tharwat 2020; Martin et al. 1997).

A DET curve plots the miss rate FNR = 1 − TPR against the false-alarm rate FPR, both on
normal-deviate (probit) axes, so that normally distributed scores give straight lines; the
closer to the lower left, the better. The points are scikit-learn's
:func:`sklearn.metrics.det_curve`'s, of the ROC points (:func:`aucacc.roc.curves.roc_points`, so
scores tie under the project's tie rule); the figure is :mod:`aucacc.report.plots.det`.
"""

from __future__ import annotations

from typing import Mapping

import numpy as np
import pandas as pd

from aucacc.roc.curves import ranking_key, roc_points


def det_points(scores: pd.DataFrame, positive: str) -> pd.DataFrame:
    """DET points of one learner's scores, all test folds pooled, ranking by ``p:<positive>``.

    Parameters
    ----------
    scores : DataFrame with columns ``y_true, p:<class>…`` (the stored scores of every fold).
    positive : the positive class (one-vs-rest for more than two classes).

    Returns
    -------
    DataFrame ``threshold, fpr, fnr`` by increasing threshold (decreasing FPR), as
    :func:`sklearn.metrics.det_curve` gives them with ``drop_intermediate=False``, bit for bit
    where no two distinct scores tie under :data:`~aucacc.evaluation.metrics.SCORE_TIE_TOL`: one
    point per tie group of :func:`aucacc.roc.curves.roc_points` (two classes: ranked by
    :func:`aucacc.roc.curves.ranking_key`), from the last threshold with FPR = 0 to the first with
    FNR = 0 (the points beyond map to ±∞ on the normal-deviate axes). "Positive" means
    score ≥ threshold.

    Raises
    ------
    ValueError
        ``p:<positive>`` is not a column, or the scores lack either class.
    """
    col = f"p:{positive}"
    if col not in scores.columns:
        raise ValueError(f"scores have no column {col!r} (columns: {list(scores.columns)})")
    pos = (scores["y_true"].astype(str) == str(positive)).to_numpy()
    if pos.all() or not pos.any():
        raise ValueError(f"DET curve of positive class {positive!r} needs both classes in the scores")
    c = roc_points(pos, scores[col].to_numpy(dtype=float), ranking_key(scores, str(positive)))
    # scikit-learn's det_curve from the same cumulated counts (exact integers in the rates)
    tps, fps = np.rint(c.tpr * c.n_pos), np.rint(c.fpr * c.n_neg)
    first = int(np.searchsorted(fps, fps[0], side="right")) - 1  # the last point with FPR = 0
    last = int(np.searchsorted(tps, tps[-1])) + 1  # the first point with FNR = 0
    sl = slice(first, last)
    return pd.DataFrame({"threshold": c.thresholds[sl][::-1], "fpr": fps[sl][::-1] / c.n_neg,
                         "fnr": (tps[-1] - tps[sl])[::-1] / c.n_pos})


def det_table(frames: Mapping[str, pd.DataFrame], positive: str) -> pd.DataFrame:
    """:func:`det_points` of several learners on one data set: ``learner, threshold, fpr, fnr``."""
    return pd.concat([det_points(sc, positive).assign(learner=lrn)[["learner", "threshold", "fpr", "fnr"]]
                      for lrn, sc in frames.items()], ignore_index=True)
