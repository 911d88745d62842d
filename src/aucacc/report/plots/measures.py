"""The heat map of a study's measures × measures matrix (:func:`aucacc.studies.measures.measures_matrix`)."""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from aucacc.measures import MEASURES
from aucacc.report.figures import plt, suptitle

#: |log2 D| beyond this is drawn in the colour of the end of the scale (D = 32 or 1/32); ∞ and 0 too.
LOG2_D_CAP = 5.0


def measures_matrix_figure(matrix, names: Sequence[str], title: str = ""):
    """Two heat maps, row measure f against column measure g: consistency C and discriminancy D.

    Parameters
    ----------
    matrix : :func:`aucacc.studies.measures.measures_matrix`'s table (or its tidy frame: ``f, g, C, D,
        consistent, more_discriminating``).
    names : the study's measures in display order (rows and columns).
    title : the figure's title (e.g. the study's name).

    Left: C on a diverging scale centred at 0.5 (blue: f agrees with g more often than not). Right: log₂ D, centred
    at 0 (D = 1; blue: f separates more learner pairs that g ties than the reverse), capped at ±:data:`LOG2_D_CAP`
    (D = ∞ and D = 0 drawn at the ends). Each cell is annotated with its value, ``*`` where the one-sided sign test
    says yes (C > 0.5, D > 1); the diagonal and undefined cells (—: R + S = 0 for C, P = Q = 0 for D) are grey. Returns the figure.
    """
    df = getattr(matrix, "data", matrix)
    names = list(names)
    m = len(names)
    pos = {n: i for i, n in enumerate(names)}
    c = np.full((m, m), np.nan)
    d = np.full((m, m), np.nan)
    c_txt = [[""] * m for _ in range(m)]
    d_txt = [[""] * m for _ in range(m)]
    for r in pd.DataFrame(df).itertuples(index=False):
        if r.f not in pos or r.g not in pos:
            continue
        i, j = pos[r.f], pos[r.g]
        cv, dv = float(r.C), float(r.D)
        if np.isfinite(cv):
            c[i, j] = cv
            c_txt[i][j] = f"{cv:.2f}" + ("*" if r.consistent == "yes" else "")
        if np.isnan(cv) and i != j:
            c_txt[i][j] = "—"
        if np.isnan(dv) and i != j:
            d_txt[i][j] = "—"
        if not np.isnan(dv):
            d[i, j] = np.clip(np.log2(dv) if dv > 0 else -np.inf, -LOG2_D_CAP, LOG2_D_CAP)
            d_txt[i][j] = ("∞" if np.isinf(dv) else f"{dv:.2g}") + ("*" if r.more_discriminating == "yes" else "")
    labels = [MEASURES[n].label if n in MEASURES else n for n in names]
    side = 1.2 + 0.55 * max(m, 2)
    fig, axes = plt.subplots(1, 2, figsize=(2 * side + 1.5, side + 0.6))
    cmap = plt.get_cmap("RdBu").with_extremes(bad="0.85")
    panels = ((axes[0], c, c_txt, dict(vmin=0, vmax=1), "consistency C of f with g", "C"),
              (axes[1], d, d_txt, dict(vmin=-LOG2_D_CAP, vmax=LOG2_D_CAP), "discriminancy D of f over g (log₂ scale)",
               "log₂ D"))
    for ax, values, text, lim, name, bar in panels:
        im = ax.imshow(np.ma.masked_invalid(values), cmap=cmap, **lim)
        ax.set_xticks(range(m), labels, rotation=45, ha="right", fontsize=8)
        ax.set_yticks(range(m), labels, fontsize=8)
        ax.set_xlabel("g (column)")
        ax.set_ylabel("f (row)")
        ax.set_title(name, fontsize=10)
        for i in range(m):
            for j in range(m):
                if text[i][j]:
                    v = values[i, j]
                    dark = np.isfinite(v) and abs((v - 0.5) if bar == "C" else v / LOG2_D_CAP * 0.5) > 0.3
                    ax.text(j, i, text[i][j], ha="center", va="center", fontsize=6.5,
                            color="white" if dark else "black")
        fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label=bar)
    suptitle(fig, (f"{title}: " if title else "") + "measures against each other over the test folds of every learner "
             "pair (* sign test significant; — undefined)", fontsize=10)
    fig.tight_layout()
    return fig
