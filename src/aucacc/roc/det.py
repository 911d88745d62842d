"""Detection error trade-off (DET) curves from stored scores (Tharwat 2020; Martin et al. 1997).

A DET curve plots the miss rate FNR = 1 − TPR against the false-alarm rate FPR, both on
normal-deviate (probit) axes, so that normally distributed scores give straight lines; the
closer to the lower left, the better. The points are scikit-learn's
:func:`sklearn.metrics.det_curve`; the figure is :mod:`aucacc.report.plots.det`.
"""

from __future__ import annotations

from typing import Mapping

import numpy as np
import pandas as pd


def det_points(scores: pd.DataFrame, positive: str) -> pd.DataFrame:
    """DET points of one learner's scores, all test folds pooled, ranking by ``p:<positive>``.

    Parameters
    ----------
    scores : DataFrame with columns ``y_true, p:<class>…`` (the stored scores of every fold).
    positive : the positive class (one-vs-rest for more than two classes).

    Returns
    -------
    DataFrame ``threshold, fpr, fnr`` by increasing threshold (decreasing FPR), as
    :func:`sklearn.metrics.det_curve` gives them with ``drop_intermediate=False``: every
    distinct score from the last threshold with FPR = 0 to the first with FNR = 0 (the points
    beyond map to ±∞ on the normal-deviate axes). "Positive" means score ≥ threshold.

    Raises
    ------
    ValueError
        ``p:<positive>`` is not a column, or the scores lack either class.
    """
    from sklearn.metrics import det_curve

    col = f"p:{positive}"
    if col not in scores.columns:
        raise ValueError(f"scores have no column {col!r} (columns: {list(scores.columns)})")
    pos = (scores["y_true"].astype(str) == str(positive)).to_numpy()
    if pos.all() or not pos.any():
        raise ValueError(f"DET curve of positive class {positive!r} needs both classes in the scores")
    fpr, fnr, thr = det_curve(pos, scores[col].to_numpy(dtype=float), pos_label=True)
    return pd.DataFrame({"threshold": thr, "fpr": fpr, "fnr": fnr})


def det_table(frames: Mapping[str, pd.DataFrame], positive: str) -> pd.DataFrame:
    """:func:`det_points` of several learners on one data set: ``learner, threshold, fpr, fnr``."""
    return pd.concat([det_points(sc, positive).assign(learner=lrn)[["learner", "threshold", "fpr", "fnr"]]
                      for lrn, sc in frames.items()], ignore_index=True)
