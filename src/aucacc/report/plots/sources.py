"""The sources' own figures, redrawn from their printed data by the library's ROC and metric code.

- Fawcett (2006) Fig. 3: the ROC "curve" of 20 scored instances, each point labelled by its threshold,
  beside the table of the instances (:func:`fawcett_fig3_figure`).
- Tharwat (2020) §2.8 / §2.10 (Fig. 8, Table 1, Fig. 10): the same instances' ROC and precision–recall
  points, t1 … t21 (:func:`tharwat_roc_pr_figure`).
- Tharwat's imbalance demonstration: the negatives multiplied by α; the ROC points stay, precision and
  accuracy move, the PR curve's end point is P/(P + αN) (:func:`tharwat_imbalance_figure`).

The data come from :mod:`aucacc.report.worked_examples` (:func:`~aucacc.report.worked_examples.threshold_table`,
:func:`~aucacc.report.worked_examples.binary_imbalance`), whose points are :func:`aucacc.roc.curves.roc_points`.
"""

from __future__ import annotations

import numpy as np

from aucacc.report.figures import MARK_COLOURS, learner_colours, plt, suptitle
from aucacc.report.plots import SOURCE_FIGURES
from aucacc.report.worked_examples import (FAWCETT_CLASS, FAWCETT_SCORES, IMBALANCE_RATIOS, binary_imbalance,
                                           threshold_table)
from aucacc.roc.curves import auc_from_points


def _threshold_label(t: float) -> str:
    """A threshold as Fawcett's Fig. 3 prints it: ``Inf``, ``.9``, ``.505``."""
    return "Inf" if np.isinf(t) else f"{t:g}".removeprefix("0")


def fawcett_fig3_figure():
    """Fawcett (2006) Fig. 3: the ROC points of the 20 instances, each labelled by its threshold, and the table.

    The step curve joins the 21 points of :func:`aucacc.report.worked_examples.threshold_table`; the point of the
    highest accuracy (threshold .54, (0.1, 0.5), 70 %: Fawcett §4.1) is ringed; the title gives the area (0.68).

    Returns
    -------
    matplotlib.figure.Figure
    """
    t = threshold_table()
    auc = auc_from_points(t["FPR"].to_numpy(), t["TPR"].to_numpy())
    fig, (ax, tab) = plt.subplots(1, 2, figsize=(9.5, 5.2), gridspec_kw={"width_ratios": [1.6, 1]})
    ax.plot(t["FPR"], t["TPR"], color=MARK_COLOURS[0], lw=1.2, marker="o", ms=4, zorder=2)
    ax.plot([0, 1], [0, 1], ls=":", color="0.6", lw=1)
    for r in t.itertuples():
        ax.annotate(_threshold_label(r.threshold), (r.FPR, r.TPR), xytext=(-4, 4), textcoords="offset points",
                    ha="right", fontsize=7.5)
    best = t.loc[t["accuracy"].idxmax()]
    ax.scatter([best["FPR"]], [best["TPR"]], s=140, facecolor="none", edgecolor=MARK_COLOURS[1], lw=1.2, zorder=3,
               label=f"highest accuracy {best['accuracy']:.0%} at threshold {_threshold_label(best['threshold'])}, "
                     f"({best['FPR']:g}, {best['TPR']:g})")
    ax.set(xlim=(-0.02, 1.02), ylim=(-0.02, 1.02), xlabel="false positive rate", ylabel="true positive rate",
           aspect="equal", title=f"ROC points, each labelled by its threshold (AUC {auc:.2f})")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    cells = [[str(i + 1), c, f"{s:g}".removeprefix("0")] for i, (c, s) in enumerate(zip(FAWCETT_CLASS, FAWCETT_SCORES))]
    tab.axis("off")
    table = tab.table(cellText=cells, colLabels=["Inst#", "Class", "Score"], loc="center", cellLoc="center")
    table.auto_set_font_size(False)
    table.set_fontsize(8)
    table.scale(1, 1.05)
    suptitle(fig, "Fawcett (2006) Fig. 3: the ROC points of 20 scored instances (10 p, 10 n)", fontsize=11)
    fig.tight_layout()
    return fig


def tharwat_roc_pr_figure():
    """Tharwat (2020) §2.8 and §2.10: ROC and precision–recall points of the 20 instances, thresholds t1 … t21.

    t1 = ∞ (every instance negative, the point (0, 0); precision undefined there, so not drawn), t3 = 0.8
    (TPR 0.2, FPR 0), t11 = 0.505 (TP = TN = 6, FP = FN = 4), t21 = 0.1 (every instance positive: precision
    P/(P + N) = 1/2, the level of a random classifier, dotted).

    Returns
    -------
    matplotlib.figure.Figure
    """
    t = threshold_table()
    base = t["TP"].iloc[-1] / (t["TP"].iloc[-1] + t["FP"].iloc[-1])
    fig, (roc, pr) = plt.subplots(1, 2, figsize=(10, 4.9))
    roc.step(t["FPR"], t["TPR"], where="post", color=MARK_COLOURS[0], lw=1.2)
    roc.plot(t["FPR"], t["TPR"], "o", color=MARK_COLOURS[0], ms=3.5)
    roc.plot([0, 1], [0, 1], ls=":", color="0.6", lw=1, label="random")
    p = t.dropna(subset=["precision"])
    pr.plot(p["TPR"], p["precision"], color=MARK_COLOURS[0], lw=1.2, marker="o", ms=3.5)
    pr.axhline(base, ls=":", color="0.6", lw=1, label=f"P/(P+N) = {base:g}: random")
    marked = {"t3", "t11", "t21"}
    for r in t.itertuples():
        big = r.point in marked
        kw = {"fontsize": 8 if big else 6.5, "color": "k" if big else "0.35", "textcoords": "offset points"}
        roc.annotate(r.point, (r.FPR, r.TPR), xytext=(-3, 3), ha="right", **kw)
        if not np.isnan(r.precision):
            pr.annotate(r.point, (r.TPR, r.precision), xytext=(3, 3), **kw)
    for name, ax in (("t3", roc), ("t11", roc)):
        r = t.set_index("point").loc[name]
        ax.scatter([r["FPR"]], [r["TPR"]], s=90, facecolor="none", edgecolor=MARK_COLOURS[1], zorder=3,
                   label=f"{name} (threshold {r['threshold']:g}): " + ", ".join(f"{k} {int(r[k])}" for k in ("TP", "FP", "FN", "TN")))
    roc.set(xlim=(-0.02, 1.02), ylim=(-0.02, 1.02), xlabel="FPR (1 − specificity)", ylabel="TPR (sensitivity)",
            title="ROC: one point per threshold, t1 = ∞ at (0, 0)")
    pr.set(xlim=(-0.02, 1.02), ylim=(0, 1.05), xlabel="recall (TPR)", ylabel="precision (PPV)",
           title="precision–recall: the same thresholds (t1: 0/0, not drawn)")
    for ax in (roc, pr):
        ax.grid(alpha=0.3)
    roc.legend(loc="lower right", fontsize=7.5)
    pr.legend(loc="lower left", fontsize=7.5)
    suptitle(fig, "Tharwat (2020) §2.8, §2.10: ROC and precision–recall points of the 20 scored instances "
                  "(Fawcett's Fig. 3)", fontsize=11)
    fig.tight_layout()
    return fig


def tharwat_imbalance_figure(ratios=IMBALANCE_RATIOS):
    """Tharwat's imbalance demonstration: every negative counted α times.

    Left: the ROC points of the 20 instances for each α (one curve: FPR = αFP/αN). Middle: their
    precision–recall points, which fall with α, each with its end point P/(P + αN) dotted. Right: Tharwat's
    binary example (TP 70, FN 30, FP 20α, TN 80α): accuracy, precision, NPV and F1 move with α; TPR, TNR,
    BCR and GM do not.

    Parameters
    ----------
    ratios : sequence of int ≥ 1 — the values of α (default :data:`aucacc.report.worked_examples.IMBALANCE_RATIOS`).

    Returns
    -------
    matplotlib.figure.Figure
    """
    colours = learner_colours([f"α = {a}" for a in ratios])
    fig, (roc, pr, mt) = plt.subplots(1, 3, figsize=(14.5, 4.8))
    for k, a in enumerate(ratios):
        t = threshold_table(a)
        c = colours[f"α = {a}"]
        n = int(t["TN"].iloc[0])
        roc.step(t["FPR"], t["TPR"], where="post", color=c, lw=2.6 - 0.5 * k, label=f"α = {a} ({n} negatives)")
        p = t.dropna(subset=["precision"])
        end = p["precision"].iloc[-1]
        pr.plot(p["TPR"], p["precision"], color=c, lw=1.2, marker="o", ms=3, label=f"α = {a}: end point {end:.3f}")
        pr.axhline(end, color=c, ls=":", lw=0.9)
    roc.plot([0, 1], [0, 1], ls=":", color="0.6", lw=1)
    roc.set(xlim=(-0.02, 1.02), ylim=(-0.02, 1.02), xlabel="FPR", ylabel="TPR",
            title="ROC: the same points for every α")
    pr.set(xlim=(-0.02, 1.02), ylim=(0, 1.05), xlabel="recall (TPR)", ylabel="precision (PPV)",
           title="precision–recall: falls with α;\ndotted: P/(P + αN), the random level")
    roc.legend(loc="lower right", fontsize=8)
    pr.legend(loc="upper right", fontsize=8)
    m = binary_imbalance(ratios)
    styles = {"accuracy": "-", "PPV": "-", "NPV": "-", "F1": "-", "TPR": "--", "TNR": "--", "BCR": "--", "GM": "--"}
    mc = learner_colours(list(styles))
    for name, ls in styles.items():
        mt.plot(m["alpha"], m[name], ls=ls, marker="o", ms=3.5, color=mc[name],
                label=f"{name}: {m[name].iloc[0]:.3f} → {m[name].iloc[-1]:.3f}")
    mt.set(xscale="log", xticks=list(ratios), xticklabels=[str(a) for a in ratios], ylim=(0, 1.02),
           xlabel="α (negatives multiplied)", ylabel="value",
           title="binary example TP 70, FN 30, FP 20α, TN 80α:\nsolid: changes with α; dashed: does not")
    mt.legend(loc="lower left", fontsize=7.5)
    for ax in (roc, pr, mt):
        ax.grid(alpha=0.3)
    suptitle(fig, "Tharwat (2020): the class ratio changes precision and accuracy, not the ROC points "
                  "(each negative counted α times)", fontsize=11)
    fig.tight_layout()
    return fig


def source_figure(name: str):
    """The figure ``name`` of :data:`aucacc.report.plots.SOURCE_FIGURES` (rule ``source_figure``).

    Raises
    ------
    ValueError
        ``name`` is not one of them.
    """
    draw = {"fawcett_fig3": fawcett_fig3_figure, "tharwat_roc_pr": tharwat_roc_pr_figure,
            "tharwat_imbalance": tharwat_imbalance_figure}
    if name not in SOURCE_FIGURES:
        raise ValueError(f"no source figure {name!r}; one of {', '.join(SOURCE_FIGURES)}")
    return draw[name]()
