"""The per-data-set figure of the source documents' metrics (:mod:`aucacc.evaluation.source_metrics`)."""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from aucacc.evaluation.metrics import hand_till_m
from aucacc.evaluation.source_metrics import ovr_aucs, pr_curve
from aucacc.report.figures import absent_handles, learner_colours, most_frequent, plt, suptitle
from aucacc.scores import positive_class, score_classes


def source_metrics_figure(scores: Mapping[str, pd.DataFrame], positive: str | None = None, title: str = "",
                          learners: Sequence[str] | None = None, absent: Mapping[str, str] | None = None):
    """Per-data-set figure: precision–recall curves of each learner (scores of all folds pooled,
    Tharwat §2.8) and, for a multi-class data set, the one-vs-rest ROC curves of each class for the
    first learner with their prevalence-weighted AUC beside Hand–Till M (Fawcett 2006, §9).

    Parameters
    ----------
    scores : learner → stored scores frame (the learners with scores on this data set, in the study's order).
    positive : the configured positive class (default: the minority class).
    title : the figure's title (the data set).
    learners : the study's learners, which fix each learner's colour
        (:func:`aucacc.report.figures.learner_colours`); default: those of ``scores``.
    absent : learner → why it has no scores on this data set: a legend entry each in the left panel.

    The right panel shows one learner (the first with scores), and its legend's title says so; with more than
    :data:`aucacc.report.figures.MAX_CLASS_PANELS` classes it draws the most frequent ones, and a note says how
    many are left out (its weighted AUC and M are over every class). Returns the matplotlib figure (caller saves it).
    """
    from sklearn.metrics import roc_curve  # heavy; loaded by the jobs that draw

    colours = learner_colours(list(learners or []) + list(scores))
    first = next(iter(scores.values()))
    classes = score_classes(first)
    pos = positive_class(classes, first["y_true"], positive)
    multi = len(classes) > 2
    fig, axes = plt.subplots(1, 2 if multi else 1, figsize=(10 if multi else 5, 4.2), squeeze=False)
    ax = axes[0, 0]
    for lrn, sc in scores.items():
        mask = sc["y_true"].astype(str).to_numpy() == pos
        prec, rec, _, ap = pr_curve(mask, sc[f"p:{pos}"].to_numpy(dtype=float))
        ax.step(rec, prec, where="post", label=f"{lrn} (AP {ap:.3f})", color=colours[lrn])
    ax.axhline(mask.mean(), color="grey", lw=0.8, ls=":", label=f"prevalence {mask.mean():.3f}")
    ax.set(xlabel="recall (TPR)", ylabel="precision (PPV)", xlim=(0, 1), ylim=(0, 1.02),
           title=f"precision–recall, positive class {pos!r} (folds pooled)")
    handles, labels = ax.get_legend_handles_labels()
    extra = absent_handles(absent or {}, colours)
    ax.legend(handles + [h for h, _ in extra], labels + [t for _, t in extra], fontsize=7, loc="lower left")
    if multi:
        lrn, sc = next(iter(scores.items()))
        y = sc["y_true"].astype(str).to_numpy()
        P = sc[[f"p:{c}" for c in classes]].to_numpy(dtype=float)
        o = ovr_aucs(y, P, classes)
        shown, left_out = most_frequent({c: int(np.sum(y == c)) for c in classes})
        ax = axes[0, 1]
        for k, c in enumerate(classes):
            if f"ovr:{c}" in o and c in shown:
                f, t, _ = roc_curve(y == c, P[:, k])
                ax.plot(f, t, label=f"{c} vs rest (AUC {o[f'ovr:{c}']:.3f}, p {np.mean(y == c):.2f})")
        ax.plot([0, 1], [0, 1], color="grey", lw=0.8, ls=":")
        ax.set(xlabel="FPR", ylabel="TPR", xlim=(0, 1), ylim=(0, 1.02),
               title=f"{lrn}: one-vs-rest ROC (folds pooled)\nweighted AUC {o['ovr_weighted']:.3f}, "
                     f"Hand–Till M {hand_till_m(y, P, classes)[0]:.3f}")
        # The legend's title says why one learner is shown and which classes are left out.
        others = [x for x in scores if x != lrn]
        note = [f"one learner: {lrn}, the first of the study's learners here"] if others else []
        if others:
            note.append(f"({', '.join(others)}: precision–recall, left)")
        if left_out:
            note += [left_out.split(" (")[0], "(" + left_out.split(" (", 1)[1]]
        ax.legend(fontsize=7, loc="lower right", title="\n".join(note) or None, title_fontsize=6.5)
    if title:
        suptitle(fig, title)
    fig.tight_layout()
    return fig
