"""Figures of the significance tests (:mod:`aucacc.significance`): the critical-difference diagram."""

from __future__ import annotations

from typing import Sequence

from aucacc.report.figures import learner_colours, plt
from aucacc.significance import FriedmanResult


def cd_diagram(fr: FriedmanResult, title: str = "", learners: Sequence[str] | None = None):
    """Critical-difference diagram (``scikit_posthocs.critical_difference_diagram``) of a Friedman result.

    Learners joined by a bar are not significantly different under Nemenyi. Each learner's line, dot and
    label take its colour among the study's ``learners`` (:func:`aucacc.report.figures.learner_colours`;
    default: the learners ranked). Each label stands 0.1 rank units (or more, 2 % of the rank span) beside the
    outermost rank, so that every line runs horizontally to its label: a learner tied in mean rank with
    another shares its vertical line, and this horizontal run keeps it visible (at scikit-posthocs' default
    of 0.01 the best and the worst learner's run is a pixel long). Returns the figure.
    scikit-posthocs finds the bars from sets of learner names, so the drawing order (and the file's
    bytes) depends on the string-hash seed: the workflow fixes ``PYTHONHASHSEED`` for every job.
    """
    import scikit_posthocs as sp  # heavy; only the jobs that draw the diagram load it

    ranks = fr.ranks
    colours = learner_colours(list(learners or []) + list(ranks.index))
    margin = max(0.1, 0.02 * float(ranks.max() - ranks.min()))
    fig, ax = plt.subplots(figsize=(6, 1.8 + 0.25 * len(ranks)))
    sp.critical_difference_diagram(ranks, fr.nemenyi, alpha=fr.alpha, ax=ax, text_h_margin=margin,
                                   color_palette={x: colours[x] for x in ranks.index})
    ax.set_title(f"{title}\nFriedman p = {fr.p:.3g}; Nemenyi CD = {fr.cd:.2f} (α = {fr.alpha}, N = {fr.n})",
                 fontsize=9)
    return fig
