"""The per-data-set figure of the source documents' metrics (:mod:`aucacc.evaluation.source_metrics`)."""

from __future__ import annotations

from typing import Mapping

import numpy as np
import pandas as pd

from aucacc.evaluation.metrics import hand_till_m
from aucacc.evaluation.source_metrics import ovr_aucs, pr_curve
from aucacc.report.figures import plt
from aucacc.scores import positive_class, score_classes


def source_metrics_figure(scores: Mapping[str, pd.DataFrame], positive: str | None = None, title: str = ""):
    """Per-data-set figure: precision–recall curves of each learner (scores of all folds pooled,
    Tharwat §2.8) and, for a multi-class data set, the one-vs-rest ROC curves of each class for the
    first learner with their prevalence-weighted AUC beside Hand–Till M (Fawcett 2006, §9).

    ``scores``: learner → stored scores frame. Returns the matplotlib figure (caller saves it).
    """
    from sklearn.metrics import roc_curve  # heavy; loaded by the jobs that draw

    first = next(iter(scores.values()))
    classes = score_classes(first)
    pos = positive_class(classes, first["y_true"], positive)
    multi = len(classes) > 2
    fig, axes = plt.subplots(1, 2 if multi else 1, figsize=(10 if multi else 5, 4.2), squeeze=False)
    ax = axes[0, 0]
    for lrn, sc in scores.items():
        mask = sc["y_true"].astype(str).to_numpy() == pos
        prec, rec, _, ap = pr_curve(mask, sc[f"p:{pos}"].to_numpy(dtype=float))
        ax.step(rec, prec, where="post", label=f"{lrn} (AP {ap:.3f})")
    ax.axhline(mask.mean(), color="grey", lw=0.8, ls=":", label=f"prevalence {mask.mean():.3f}")
    ax.set(xlabel="recall (TPR)", ylabel="precision (PPV)", xlim=(0, 1), ylim=(0, 1.02),
           title=f"precision–recall, positive class {pos!r} (folds pooled)")
    ax.legend(fontsize=7, loc="lower left")
    if multi:
        lrn, sc = next(iter(scores.items()))
        y = sc["y_true"].astype(str).to_numpy()
        P = sc[[f"p:{c}" for c in classes]].to_numpy(dtype=float)
        o = ovr_aucs(y, P, classes)
        ax = axes[0, 1]
        for k, c in enumerate(classes):
            if f"ovr:{c}" in o:
                f, t, _ = roc_curve(y == c, P[:, k])
                ax.plot(f, t, label=f"{c} vs rest (AUC {o[f'ovr:{c}']:.3f}, p {np.mean(y == c):.2f})")
        ax.plot([0, 1], [0, 1], color="grey", lw=0.8, ls=":")
        ax.set(xlabel="FPR", ylabel="TPR", xlim=(0, 1), ylim=(0, 1.02),
               title=f"{lrn}: one-vs-rest ROC (folds pooled)\nweighted AUC {o['ovr_weighted']:.3f}, "
                     f"Hand–Till M {hand_till_m(y, P, classes)[0]:.3f}")
        ax.legend(fontsize=7, loc="lower right")
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    return fig
