"""Figures of a study's analyses (:mod:`aucacc.studies.analysis`): C and D of AUC against accuracy per pair.

The critical-difference diagrams of a study are :func:`aucacc.report.plots.significance.cd_diagram`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.ticker import NullFormatter

from aucacc.report.figures import MARK_COLOURS, plt

C_COLOUR, D_COLOUR = MARK_COLOURS  # not a learner's colour: the figure's marks are pairs


def _frame(table) -> pd.DataFrame:
    return getattr(table, "data", table)


def auc_vs_accuracy_figure(table, title: str = ""):
    """C and D of AUC against accuracy per learner pair, with their bootstrap intervals.

    Parameters
    ----------
    table : :func:`aucacc.studies.analysis.auc_vs_accuracy`'s table (or its tidy frame): one row
        per pair with ``pair, C, C_lo, C_hi, D, D_lo, D_hi, consistent, more_discriminating``.
    title : the figure's title (e.g. the study's name).

    C is drawn black, D grey: the figure's marks are learner pairs, and the colours of single learners
    (:func:`aucacc.report.figures.learner_colours`) are kept for them in a study's other figures.
    Left panel: C with its interval, the reference line C = 0.5 (above it AUC agrees with
    accuracy more often than not). Right panel: D on a log axis, the reference line D = 1 (above
    it AUC separates more pairs that accuracy ties than the reverse). An infinite D (Q = 0) or
    interval end is drawn as an upward triangle at the right edge, the tick labelled "∞"; an undefined value
    (R + S = 0, or P = Q = 0) is not drawn and the pair's label says so. A filled marker is a
    "yes" of the one-sided sign test, an open one any other answer ("no (p = …)", too few folds). Returns the figure.
    """
    df = _frame(table).reset_index(drop=True)
    n = len(df)
    y = np.arange(n)[::-1]  # first pair on top
    fig, axes = plt.subplots(1, 2, figsize=(10, 1.6 + 0.45 * max(n, 1)), sharey=True)
    # C panel
    ax = axes[0]
    ax.axvline(0.5, ls="--", color="0.5", lw=1)
    for yi, r in zip(y, df.itertuples(index=False)):
        if not np.isfinite(r.C):
            continue
        lo, hi = (r.C_lo, r.C_hi) if np.isfinite(r.C_lo) else (r.C, r.C)
        ax.plot([lo, hi], [yi, yi], color=C_COLOUR, lw=2)
        ax.plot(r.C, yi, "o", color=C_COLOUR, ms=7, mfc=C_COLOUR if r.consistent == "yes" else "white")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.6, max(n, 1) - 0.4)
    ax.set_xlabel("consistency C = R / (R + S)")
    ax.set_title("AUC consistent with accuracy?", fontsize=10)
    ax.grid(alpha=0.3)
    # D panel (log axis)
    ax = axes[1]
    finite = pd.concat([df[c] for c in ("D", "D_lo", "D_hi")]) if n else pd.Series(dtype=float)
    finite = finite[np.isfinite(finite.astype(float)) & (finite.astype(float) > 0)]
    lo_lim = min(0.5, float(finite.min()) / 2) if len(finite) else 0.5
    # the largest finite value, or 1 (the reference line), sits well left of where an infinite value is drawn
    hi_lim = 6.0 * max(1.0, float(finite.max()) if len(finite) else 1.0)
    top = hi_lim / 1.6  # where an infinite value is drawn
    ax.axvline(1.0, ls="--", color="0.5", lw=1)
    for yi, r in zip(y, df.itertuples(index=False)):
        d = float(r.D)
        if np.isnan(d):
            continue
        clip = lambda v: top if np.isinf(v) else max(v, lo_lim)  # noqa: E731  (D ≥ 0; a zero end sits at the edge)
        if np.isfinite(r.D_lo):
            ax.plot([clip(r.D_lo), clip(r.D_hi)], [yi, yi], color=D_COLOUR, lw=2)
        face = D_COLOUR if r.more_discriminating == "yes" else "white"
        if np.isinf(d):
            ax.plot(top, yi, "^", color=D_COLOUR, ms=9, mfc=face)
        else:
            ax.plot(clip(d), yi, "o", color=D_COLOUR, ms=7, mfc=face)
        if np.isfinite(r.D_hi) and np.isinf(r.D_hi) and not np.isinf(d):
            ax.plot(top, yi, ">", color=D_COLOUR, ms=6)
    ax.set_xscale("log")
    ax.set_xlim(lo_lim, hi_lim)
    # 1-2-5 ticks, and "∞" where an infinite D is drawn
    ticks = [m * 10.0 ** e for e in range(-4, 7) for m in (1, 2, 5) if lo_lim <= m * 10.0 ** e <= top / 1.8]
    ax.set_xticks(ticks + [top], [f"{t:g}" for t in ticks] + ["∞"])
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("discriminancy D = P / Q (log scale; ▲ at ∞: Q = 0)")
    ax.set_title("AUC more discriminating than accuracy?", fontsize=10)
    ax.grid(alpha=0.3, which="both")
    def label(r) -> str:
        und = [k for k in ("C", "D") if np.isnan(float(getattr(r, k)))]
        return f"{r.pair} ({', '.join(und)} undefined)" if und else r.pair

    axes[0].set_yticks(y, [label(r) for r in df.itertuples(index=False)])
    if not n:
        axes[0].text(0.5, 0.5, "no learner pair", ha="center", va="center", transform=axes[0].transAxes)
    for a, x, text in ((axes[0], 0.5, "C = 0.5"), (axes[1], 1.0, "D = 1")):  # name each reference line at its top
        a.annotate(text, (x, 1), xycoords=("data", "axes fraction"), xytext=(3, -10), textcoords="offset points",
                   fontsize=8, color="0.4")
    fig.suptitle((f"{title}: " if title else "") + "AUC against accuracy over the test folds "
                 "(bars: bootstrap intervals over data sets; filled: sign test significant)", fontsize=10)
    fig.tight_layout()
    return fig


def message_figure(text: str):
    """A figure holding only ``text`` (an output whose analysis does not apply, e.g. a Friedman test with two
    learners), so that the rule's figure exists and says why it is empty."""
    fig, ax = plt.subplots(figsize=(6, 1.8))
    ax.axis("off")
    ax.text(0.5, 0.5, text, ha="center", va="center", fontsize=9, wrap=True)
    return fig
