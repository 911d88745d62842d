"""The DET figure of one data set (:mod:`aucacc.roc.det`): miss rate against false-alarm rate on
normal-deviate axes (Tharwat 2020), drawn by scikit-learn's ``DetCurveDisplay``."""

from __future__ import annotations

import textwrap

import numpy as np
import pandas as pd

from aucacc.report.figures import absent_handles, learner_colours, most_frequent, plt, suptitle
from aucacc.tables import split_frame


_EDGE = 3.0  # DetCurveDisplay's axes: normal deviates in [-3, 3] (rates 0.13 % to 99.87 %)


def _deviates(g: pd.DataFrame) -> np.ndarray:
    """The points as ``DetCurveDisplay`` draws them: rates clipped to [eps, 1 − eps], then normal deviates."""
    from scipy.stats import norm

    eps = np.finfo(float).eps
    return norm.ppf(np.clip(g[["fpr", "fnr"]].to_numpy(dtype=float), eps, 1 - eps))


def _visible(z: np.ndarray, n: int = 256) -> bool:
    """Whether the polyline through ``z`` (shape (k, 2), normal deviates) has a segment inside the axes' box."""
    if len(z) < 2:
        return False
    t = np.linspace(0.0, 1.0, n)[:, None, None]
    pts = z[:-1][None] + t * (z[1:] - z[:-1])[None]  # (n, k - 1, 2): points along every segment
    return bool((np.abs(pts) < _EDGE).all(axis=2).any())


def _notes(panel: pd.DataFrame) -> dict[str, str]:
    """learner → why its DET curve is not seen in a panel (``""``: it is).

    An error-free threshold (FPR = FNR = 0) sits at (−∞, −∞): said as before, the rest of the curve drawn.
    A curve with no segment inside the axes (every point at a rate of 0 or 1, or beyond 0.13 %–99.87 %, which
    ``DetCurveDisplay`` clips to ±8 deviates) is not seen; nor is one with the same points as a learner drawn
    after it (it lies under that curve).
    """
    by = {lrn: g for lrn, g in panel.groupby("learner", sort=False)}
    names = list(by)
    out = {}
    for i, lrn in enumerate(names):
        g = by[lrn]
        pts = g[["fpr", "fnr"]].to_numpy(dtype=float)
        later = [x for x in names[i + 1:] if np.array_equal(by[x][["fpr", "fnr"]].to_numpy(dtype=float), pts)]
        if ((g["fpr"] == 0) & (g["fnr"] == 0)).any():
            out[lrn] = "error-free threshold: at −∞, not drawn"
        elif not _visible(_deviates(g)):
            out[lrn] = "no segment within the rates 0.13 %–99.87 % of the axes: not seen"
        elif later:
            out[lrn] = f"the same points as {later[-1]}: under its curve"
        else:
            out[lrn] = ""
    return out


def det_figure(dataset: str, det: pd.DataFrame, learners=None, absent=None):
    """One panel per positive class, one DET curve per learner (all folds pooled).

    A learner whose curve is not seen is named in the legend with the reason (an error-free threshold, no
    segment inside the axes, the same points as a learner drawn after it); so is each learner of ``absent``. At most
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
        notes = _notes(d)
        for lrn, g in d.groupby("learner", sort=False):
            # a learner whose curve cannot be seen says why (wrapped: the legend stays inside the panel)
            name = textwrap.fill(f"{lrn} ({notes[lrn]})", 50) if notes[lrn] else lrn
            DetCurveDisplay(fpr=g["fpr"].to_numpy(), fnr=g["fnr"].to_numpy(), estimator_name=name).plot(
                ax=ax, color=colours[lrn], lw=1.4)
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
