"""The ROC figure of one data set (:mod:`aucacc.roc`): averaged curves ± 1 sd, the ROCCH, close-ups."""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.report.figures import absent_handles, learner_colours, most_frequent, plt, suptitle
from aucacc.roc.rocch import hull_auc, zoom_box
from aucacc.tables import split_frame

_KIND_LABEL = {"threshold": "threshold-averaged", "pooled": "pooled-fold", "vertical": "vertically averaged"}
_TITLE_KIND = {**_KIND_LABEL, "pooled": "pooled"}  # the figure title's wording


def plot_roc(ax, curves, hull, folds=None, zoom=None, legend: bool = True, bands: bool = True,
             hull_points: str = "vertical", colours=None, absent=None):
    """Draw vertically averaged curves ± 1 sd and the ROCCH on a matplotlib axes.

    Parameters
    ----------
    ax : matplotlib Axes.
    curves, hull, folds : the frames of :func:`analyse` (``folds`` adds the mean ± sd fold AUC
        to each legend entry).
    zoom : optional ``(fpr_max, tpr_min)`` — axis limits of a close-up of the upper-left corner.
    legend : draw the legend.
    bands : shade the ± 1 sd band of each vertical average.
    hull_points : the ``kind`` of points the hull was built from; unless ``"vertical"`` those
        curves are drawn dotted too, since the hull encloses them, not the vertical averages.
    colours : learner → colour (:func:`aucacc.report.figures.learner_colours` of the study's learners; default:
        of the learners in ``curves``).
    absent : learner → why it has no curve (a legend entry each, in its colour).

    A learner whose vertical average equals that of a learner drawn after it (e.g. constant scores) is hidden
    under it: its legend entry says so.
    """
    learners = list(dict.fromkeys(curves["learner"]))
    by_kind = split_frame(curves, ["learner", "kind"])
    colors = colours if colours is not None else learner_colours(learners)
    ax.plot([0, 1], [0, 1], ls=":", color="0.6", lw=1, label="random (AUC 0.5)")
    def points(lrn):
        return by_kind[(lrn, "vertical")][["fpr", "tpr"]].to_numpy(dtype=float)

    for i, lrn in enumerate(learners):
        v = by_kind[(lrn, "vertical")]
        label = lrn
        if folds is not None and len(folds):
            a = folds.loc[folds["learner"] == lrn, "auc_points"]
            label = f"{lrn} (AUC {a.mean():.3f} ± {a.std(ddof=1) if len(a) > 1 else 0:.3f})"
        # a curve equal to one drawn after it lies under that one: say so, or it reads as missing
        under = [x for x in learners[i + 1:] if np.array_equal(points(x), points(lrn))]
        if under:
            label += f"\n  the same curve as {under[-1]}: under it"
        ax.plot(v["fpr"], v["tpr"], color=colors[lrn], lw=1.6, label=label)
        if bands:
            ax.fill_between(v["fpr"], np.clip(v["tpr"] - v["tpr_sd"], 0, 1), np.clip(v["tpr"] + v["tpr_sd"], 0, 1),
                            color=colors[lrn], alpha=0.15, lw=0)
    if hull_points != "vertical":
        for i, lrn in enumerate(learners):
            p = by_kind[(lrn, hull_points)]
            ax.plot(p["fpr"], p["tpr"], color=colors[lrn], ls=":", lw=1.1,
                    label=f"dotted: {_KIND_LABEL[hull_points]} points (hull input)" if i == 0 else None)
    ax.plot(hull["fpr"], hull["tpr"], color="k", ls="--", lw=1.2,
            label=f"ROCCH (area {hull_auc(hull):.3f}); dots: vertices, colour = learner")
    for lrn, g in hull.groupby("learner", sort=False):
        ax.scatter(g["fpr"], g["tpr"], s=28, zorder=3, edgecolor="k", linewidth=0.6,
                   color=colors.get(lrn, "white"), marker="o" if lrn in colors else "s")
    if zoom is None:
        ax.set_xlim(-0.01, 1.01)
        ax.set_ylim(-0.01, 1.01)
    else:
        ax.set_xlim(-0.002, zoom[0])
        ax.set_ylim(zoom[1], 1.002)
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("true positive rate")
    ax.grid(alpha=0.3)
    if legend:
        handles, labels = ax.get_legend_handles_labels()
        extra = absent_handles(absent or {}, colors)
        ax.legend(handles + [h for h, _ in extra], labels + [t for _, t in extra], loc="lower right", fontsize=8,
                  framealpha=0.9)


def roc_figure(dataset: str, curves: pd.DataFrame, hulls: pd.DataFrame, checks: pd.DataFrame, n_classes: int,
               n_instances: int, hull_points: str = "threshold", learners=None, absent=None):
    """One panel per positive class; for a binary set close to the corner, a close-up beside it.

    At most :data:`aucacc.report.figures.MAX_CLASS_PANELS` class panels: with more classes, the most frequent
    ones, and the title says how many are left out (the ``curves`` table holds every class).

    Parameters
    ----------
    dataset : str
    curves, hulls, checks : DataFrame
        The ``curves``, ``hull`` and ``check`` tables of :func:`aucacc.roc.roc_dataset`.
    n_classes, n_instances : int
        Of the data set (titles).
    hull_points : str
        What the hull was built from (:data:`aucacc.roc.HULL_POINTS`).
    learners : sequence of str, optional
        The study's learners (``studies.<name>.learners``), which fix each learner's colour
        (:func:`aucacc.report.figures.learner_colours`); default: those in ``curves``.
    absent : mapping, optional
        learner → why it has no curve on this data set (e.g. its exclusion record's reason): a legend entry each.

    Returns
    -------
    matplotlib.figure.Figure
    """
    colours = learner_colours(list(learners or []) + list(dict.fromkeys(curves["learner"])))
    counts = {p: int(g["n_pos"].iloc[0]) for p, g in hulls.groupby("positive", sort=False)}
    positives, left_out = most_frequent(counts)
    panels = []
    by_pos = [split_frame(d, "positive") for d in (curves, hulls, checks)]
    for pos in positives:
        c, h, f = (d[pos] for d in by_pos)
        panels.append((pos, c, h, f, None))
        z = zoom_box(h) if len(positives) == 1 else None
        if z is not None:
            panels.append((pos, c, h, f, z))
    ncol = min(len(panels), 3)
    nrow = int(np.ceil(len(panels) / ncol))
    fig, axes = plt.subplots(nrow, ncol, figsize=(5.2 * ncol, 5.0 * nrow), squeeze=False)
    for ax, (pos, c, h, f, z) in zip(axes.flat, panels):
        plot_roc(ax, c, h, f, zoom=z, legend=z is None, bands=z is None,  # bands would cover a close-up
                 hull_points=hull_points, colours=colours, absent=absent)
        n_pos = int(h["n_pos"].iloc[0])
        vs = " vs rest" if n_classes > 2 else ""
        ax.set_title(f"close-up (FPR ≤ {z[0]:g}, no bands)" if z else f"positive = {pos}{vs} ({n_pos} of {n_instances})",
                     fontsize=10)
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    suptitle(fig, f"{dataset}: ROC curves, vertical average ± 1 sd over {checks['fold'].nunique()} folds; "
             f"ROCCH of the {_TITLE_KIND[hull_points]} points" + (f"\n{left_out}; every class: the curves table"
                                                                  if left_out else ""), fontsize=11)
    fig.tight_layout()
    return fig


def roc_dataset_figure(dataset: str, tables: dict, learners=None, absent=None):
    """The figure of one data set from the frames of :func:`aucacc.roc.roc_dataset` (rule ``roc_dataset``).

    :func:`roc_figure` with the data set's class count, size and hull points read from the
    ``hull`` frame (its columns ``n_classes``, ``n_pos + n_neg`` and ``hull_points``); ``learners``
    and ``absent`` as there.
    """
    hulls = tables["hull"]
    first = hulls.iloc[0]
    return roc_figure(dataset, tables["curves"], hulls, tables["check"], int(first["n_classes"]),
                      int(first["n_pos"] + first["n_neg"]), str(first["hull_points"]), learners, absent)
