"""The DET figure of one data set (:mod:`aucacc.roc.det`): miss rate against false-alarm rate on
normal-deviate axes (Tharwat 2020), drawn by scikit-learn's ``DetCurveDisplay``."""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.report.figures import plt
from aucacc.tables import split_frame


def det_figure(dataset: str, det: pd.DataFrame):
    """One panel per positive class, one DET curve per learner (all folds pooled).

    Parameters
    ----------
    dataset : str (title).
    det : DataFrame
        The ``det`` table of :func:`aucacc.roc.roc_dataset` (``positive, learner, fpr, fnr, n_pos, n_neg``).

    Returns
    -------
    matplotlib.figure.Figure
    """
    from sklearn.metrics import DetCurveDisplay

    positives = list(dict.fromkeys(det["positive"]))
    ncol = min(len(positives), 3)
    nrow = int(np.ceil(len(positives) / ncol))
    fig, axes = plt.subplots(nrow, ncol, figsize=(5.2 * ncol, 5.0 * nrow), squeeze=False)
    vs = " vs rest" if len(positives) > 1 else ""
    by_pos = split_frame(det, "positive")  # one grouping, not a comparison per class
    for ax, pos in zip(axes.flat, positives):
        d = by_pos[pos]
        for i, (lrn, g) in enumerate(d.groupby("learner", sort=False)):
            # A threshold with no error at all sits at (−∞, −∞) on these axes: say so, it cannot be drawn.
            perfect = bool(((g["fpr"] == 0) & (g["fnr"] == 0)).any())
            name = f"{lrn} (error-free threshold: at −∞, not drawn)" if perfect else lrn
            DetCurveDisplay(fpr=g["fpr"].to_numpy(), fnr=g["fnr"].to_numpy(), estimator_name=name).plot(
                ax=ax, color=plt.get_cmap("tab10")(i), lw=1.4)
        ax.set_xlabel("false-alarm rate (FPR)")
        ax.set_ylabel("miss rate (FNR)")
        ax.grid(alpha=0.3)
        ax.legend(loc="upper right", fontsize=8, framealpha=0.9)
        ax.set_title(f"positive = {pos}{vs} ({int(d['n_pos'].iloc[0])} of {int(d['n_pos'].iloc[0] + d['n_neg'].iloc[0])})",
                     fontsize=10)
    for ax in list(axes.flat)[len(positives):]:
        ax.set_visible(False)
    fig.suptitle(f"{dataset}: DET curves (normal-deviate axes), test folds pooled", fontsize=11)
    fig.tight_layout()
    return fig
