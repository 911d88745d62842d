"""Figures of the significance tests (:mod:`aucacc.significance`): the critical-difference diagram."""

from __future__ import annotations

from aucacc.report.figures import plt
from aucacc.significance import FriedmanResult


def cd_diagram(fr: FriedmanResult, title: str = ""):
    """Critical-difference diagram (``scikit_posthocs.critical_difference_diagram``) of a Friedman result.

    Learners joined by a bar are not significantly different under Nemenyi. Returns the figure.
    scikit-posthocs finds the bars from sets of learner names, so the drawing order (and the file's
    bytes) depends on the string-hash seed: the workflow fixes ``PYTHONHASHSEED`` for every job.
    """
    import scikit_posthocs as sp  # heavy; only the jobs that draw the diagram load it

    fig, ax = plt.subplots(figsize=(6, 1.8 + 0.25 * len(fr.ranks)))
    sp.critical_difference_diagram(fr.ranks, fr.nemenyi, alpha=fr.alpha, ax=ax)
    ax.set_title(f"{title}\nFriedman p = {fr.p:.3g}; Nemenyi CD = {fr.cd:.2f} (α = {fr.alpha}, N = {fr.n})",
                 fontsize=9)
    return fig
