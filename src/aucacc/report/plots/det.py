"""The DET figure of one data set (:mod:`aucacc.roc.det`): miss rate against false-alarm rate on
normal-deviate axes (Tharwat 2020), drawn by scikit-learn's ``DetCurveDisplay``."""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.report.figures import absent_handles, learner_colours, most_frequent, plt, suptitle
from aucacc.tables import split_frame


_EDGE = 3.0  # scikit-learn's DetCurveDisplay draws normal deviates in [-3, 3] (rates 0.13 % to 99.87 %)


def _undrawn(g: pd.DataFrame) -> str:
    """Why a learner's DET points give no line on normal-deviate axes, or ``""`` when they give one."""
    from scipy.stats import norm

    inner = g[(g["fpr"] > 0) & (g["fpr"] < 1) & (g["fnr"] > 0) & (g["fnr"] < 1)]
    if ((g["fpr"] == 0) & (g["fnr"] == 0)).any():
        return "error-free threshold: at −∞, not drawn"
    if len(inner) == 0:
        return "no threshold with both rates in (0, 1): every point at ±∞, not drawn"
    z = norm.ppf(inner[["fpr", "fnr"]].to_numpy(dtype=float))
    if not (abs(z) <= _EDGE).all(axis=1).any():
        return "every point outside the plotted rates 0.13 %–99.87 %"
    if len(inner) == 1:
        return "one threshold with both rates in (0, 1): a point"
    return ""


def det_figure(dataset: str, det: pd.DataFrame, learners=None, absent=None):
    """One panel per positive class, one DET curve per learner (all folds pooled).

    A learner whose points give no line on these axes is named in the legend with the reason (an
    error-free threshold, every point at a rate of 0 or 1, every point off the axes; a single point is
    drawn as a dot); so is each learner of ``absent``. At most
    :data:`aucacc.report.figures.MAX_CLASS_PANELS` class panels (the most frequent classes; the title
    says how many are left out).

    Parameters
    ----------
    dataset : str (title).
    det : DataFrame
        The ``det`` table of :func:`aucacc.roc.roc_dataset` (``positive, learner, fpr, fnr, n_pos, n_neg``).
    learners : sequence of str, optional
        The study's learners: each learner's colour (:func:`aucacc.report.figures.learner_colours`).
    absent : mapping, optional
        learner → why it has no scores on this data set (a legend entry each).

    Returns
    -------
    matplotlib.figure.Figure
    """
    from sklearn.metrics import DetCurveDisplay

    colours = learner_colours(list(learners or []) + list(dict.fromkeys(det["learner"])))
    counts = {p: int(g["n_pos"].iloc[0]) for p, g in det.groupby("positive", sort=False)}
    positives, left_out = most_frequent(counts)
    ncol = min(len(positives), 3)
    nrow = int(np.ceil(len(positives) / ncol))
    fig, axes = plt.subplots(nrow, ncol, figsize=(5.2 * ncol, 5.0 * nrow), squeeze=False)
    vs = " vs rest" if len(counts) > 1 else ""
    by_pos = split_frame(det, "positive")  # one grouping, not a comparison per class
    for ax, pos in zip(axes.flat, positives):
        d = by_pos[pos]
        for lrn, g in d.groupby("learner", sort=False):
            # A point with a rate of 0 or 1 sits at ±∞ on these axes: a learner left without a line says why.
            why = _undrawn(g)
            name = f"{lrn} ({why})" if why else lrn
            dot = {"marker": "o", "ms": 4} if why.startswith("one threshold") else {}
            DetCurveDisplay(fpr=g["fpr"].to_numpy(), fnr=g["fnr"].to_numpy(), estimator_name=name).plot(
                ax=ax, color=colours[lrn], lw=1.4, **dot)
        ax.set_xlabel("false-alarm rate (FPR)")
        ax.set_ylabel("miss rate (FNR)")
        ax.grid(alpha=0.3)
        handles, labels = ax.get_legend_handles_labels()
        extra = absent_handles(absent or {}, colours)
        ax.legend(handles + [h for h, _ in extra], labels + [t for _, t in extra], loc="upper right", fontsize=8,
                  framealpha=0.9)
        ax.set_title(f"positive = {pos}{vs} ({int(d['n_pos'].iloc[0])} of {int(d['n_pos'].iloc[0] + d['n_neg'].iloc[0])})",
                     fontsize=10)
    for ax in list(axes.flat)[len(positives):]:
        ax.set_visible(False)
    suptitle(fig, f"{dataset}: DET curves (normal-deviate axes), test folds pooled"
             + (f"\n{left_out}; every class: the det table" if left_out else ""), fontsize=11)
    fig.tight_layout()
    return fig
