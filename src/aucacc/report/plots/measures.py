"""The heat map of a study's measures × measures matrix (:func:`aucacc.studies.measures.measures_matrix`) and the
figures across data sets: measure against measure, learner against learner per measure, average ranks per measure."""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from aucacc.measures import MEASURES
from aucacc.report.figures import learner_colours, plt, suptitle

#: |log2 D| beyond this is drawn in the colour of the end of the scale (D = 32 or 1/32); ∞ and 0 too.
LOG2_D_CAP = 5.0


def _spare_panel(ax, message: str = "") -> None:
    """A grid panel with nothing to draw: hidden, with ``message`` in its middle when there is one."""
    ax.axis("off")
    if message:
        ax.text(0.5, 0.5, message, ha="center", va="center", transform=ax.transAxes)


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


# ---- Figures across data sets (aucacc.studies.measures: measure_means, measure_ranks, pair_values) ----

#: Panels per row of :func:`measure_scatter_figure`.
SCATTER_COLUMNS = 5
#: Panels per row of :func:`learner_pairs_figure`.
PAIR_COLUMNS = 3
#: The markers of :func:`measure_scatter_figure`, one per data set (colour: the learner) for a study of at most
#: this many data sets; a study of more draws circles, each labelled with its data set's number.
DATASET_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "h")
#: Data-set entries per row of the data-set key under :func:`measure_scatter_figure`.
DATASET_KEY_COLUMNS = 6


def scatter_references(names: Sequence[str]) -> list[str]:
    """The x-axis measures of :func:`measure_scatter_figure`: AUC and accuracy (the paper's two) among ``names``,
    else the first of ``names``."""
    return [n for n in ("auc", "accuracy") if n in names] or list(names)[:1]


def _axis_label(name: str) -> str:
    m = MEASURES.get(name)
    if m is None:
        return name
    return m.label + (" (lower is better)" if not m.higher_better else "")


def _learner_legend(fig, learners, colours, **kw):
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=colours[x], marker="o", lw=0, ms=6) for x in learners]
    return fig.legend(handles, list(learners), ncols=min(len(learners), 8), fontsize=8, frameon=False, **kw)


def _uncrowded(x, y, labels, size=(170.0, 150.0), char=(2.6, 5.5)) -> list[int]:
    """The points of a panel whose label (``labels[i]``, 4.5-point type up and right of the point) overlaps no
    label placed before it: the points with the fewest neighbours first, so an outlier is always named and a crowd
    only in part. ``size``: the panel's plotting area in points (about that of :func:`measure_scatter_figure`);
    ``char``: a digit's width and height in points."""
    if not len(x):
        return []
    span = lambda v: (v - v.min()) / ((v.max() - v.min()) or 1.0)  # noqa: E731
    px, py = span(np.asarray(x, float)) * size[0], span(np.asarray(y, float)) * size[1]
    near = ((px[:, None] - px[None, :]) ** 2 + (py[:, None] - py[None, :]) ** 2 < 8.0 ** 2).sum(axis=1)
    placed, keep = [], []
    for i in np.argsort(near, kind="stable"):
        box = (px[i] + 1.5, py[i] + 1.5, px[i] + 1.5 + char[0] * len(labels[i]), py[i] + 1.5 + char[1])
        if all(box[2] <= b[0] or b[2] <= box[0] or box[3] <= b[1] or b[3] <= box[1] for b in placed):
            placed.append(box)
            keep.append(int(i))
    return sorted(keep)


def _dataset_key(fig, datasets, numbered: bool, **kw):
    """The data-set key under :func:`measure_scatter_figure`: each data set's marker, or its number, and name."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], lw=0, color="0.35", ms=6 if numbered else 5,
                      marker=f"${k + 1}$" if numbered else DATASET_MARKERS[k]) for k in range(len(datasets))]
    return fig.legend(handles, list(datasets), ncols=min(len(datasets), DATASET_KEY_COLUMNS), fontsize=7,
                      frameon=False, title="data sets" + (" (the number beside a point; in a crowd, beside some)" if numbered else ""),
                      title_fontsize=7, handletextpad=0.3, columnspacing=1.2, **kw)


def measure_scatter_figure(means, names: Sequence[str], learners: Sequence[str] | None = None, title: str = ""):
    """Measure f against measure g, one point per (data set, learner): its means over the test folds.

    Parameters
    ----------
    means : :func:`aucacc.studies.measures.measure_means` (``dataset, learner, measure, value``).
    names : the study's measures (config ``measures``), in display order.
    learners : the study's learners: each learner's colour (:func:`aucacc.report.figures.learner_colours`);
        default those in ``means``.
    title : the figure's title (e.g. the study's name).

    Layout: x = each reference measure of :func:`scatter_references` (AUC, then accuracy), y = every other measure
    of the study, one panel each, a reference's panels starting a new row of :data:`SCATTER_COLUMNS`; the pair
    (AUC, accuracy) is drawn once. With 11 measures that is 10 + 9 = 19 panels instead of the 55 of a full scatter
    matrix, which at a readable panel size would not fit a page. Each panel's title gives Spearman's ρ over its
    points (``scipy.stats.spearmanr``); a lower-is-better measure says so on its axis.

    Which data set a point is: its colour is the learner's (legend under the panels), its marker the data set's
    (:data:`DATASET_MARKERS`, key under the legend) for up to 10 data sets; beyond that every point is a circle with
    its data set's number beside it in small type (offset up and right, key under the legend), since eleven or more
    shapes are no longer told apart; where numbers would overlap, the points with the fewest neighbours keep theirs
    (an outlier is always named). Data sets in their order in ``means``. Returns the figure.
    """
    from scipy.stats import spearmanr

    df = pd.DataFrame(getattr(means, "data", means))
    names = list(names)
    learners = list(dict.fromkeys(list(learners or []) + list(dict.fromkeys(df["learner"]))))
    colours = learner_colours(learners)
    wide = df.pivot_table(index=["dataset", "learner"], columns="measure", values="value", aggfunc="first",
                          dropna=False)
    datasets = list(dict.fromkeys(df["dataset"]))
    numbered = len(datasets) > len(DATASET_MARKERS)
    refs = scatter_references(names)
    blocks = []
    for r in refs:
        blocks.append([(r, g) for g in names if g != r and not (g in refs and refs.index(g) < refs.index(r))])
    blocks = [b for b in blocks if b] or [[]]
    ncols = max(1, min(SCATTER_COLUMNS, max(len(b) for b in blocks)))  # [[]]: one empty panel saying why
    rows_per = [max(1, -(-len(b) // ncols)) for b in blocks]
    nrows = sum(rows_per)
    key_rows = -(-len(datasets) // DATASET_KEY_COLUMNS)
    below = 0.35 + (0.2 + 0.17 * key_rows if datasets else 0.0)  # inches under the panels: both legends
    height = 2.55 * nrows + 0.65 + below
    fig, axes = plt.subplots(nrows, ncols, figsize=(2.7 * ncols + 0.4, height), squeeze=False)
    row = 0
    for block, nr in zip(blocks, rows_per):
        for k in range(nr * ncols):
            ax = axes[row + k // ncols][k % ncols]
            if k >= len(block):
                _spare_panel(ax, "fewer than two measures" if not block and k == 0 else "")
                continue
            f, g = block[k]
            n_pts = 0
            if f in wide.columns and g in wide.columns:
                x, y = wide[f].to_numpy(dtype=float), wide[g].to_numpy(dtype=float)
                lrn = wide.index.get_level_values("learner")
                dst = wide.index.get_level_values("dataset")
                ok = np.isfinite(x) & np.isfinite(y)
                n_pts = int(ok.sum())
                for name in learners:
                    for k, d in ([(None, None)] if numbered else enumerate(datasets)):
                        sel = ok & (lrn == name) & (True if d is None else dst == d)
                        if sel.any():
                            ax.scatter(x[sel], y[sel], s=14 if numbered else 18, color=colours[name], alpha=0.8, lw=0,
                                       marker="o" if numbered else DATASET_MARKERS[k])
                if numbered:  # each point's data set by number, small, up and right of it; none over another
                    number = {d: str(k + 1) for k, d in enumerate(datasets)}
                    for i in _uncrowded(x[ok], y[ok], [number[d] for d in dst[ok]]):
                        ax.annotate(number[dst[ok][i]], (x[ok][i], y[ok][i]), xytext=(1.5, 1.5),
                                    textcoords="offset points", fontsize=4.5, color="0.25", ha="left", va="bottom")
                rho = spearmanr(x[ok], y[ok]).statistic if n_pts > 2 else float("nan")
                ax.set_title(f"{MEASURES[g].label} vs {MEASURES[f].label}"
                             + (f": ρ = {rho:.2f}" if np.isfinite(rho) else ""), fontsize=8)
            if not n_pts:
                ax.text(0.5, 0.5, "no data set where both are defined", ha="center", va="center", fontsize=7,
                        transform=ax.transAxes)
                ax.set_title(f"{MEASURES[g].label} vs {MEASURES[f].label}", fontsize=8)
            ax.set_xlabel(_axis_label(f), fontsize=7)
            ax.set_ylabel(_axis_label(g), fontsize=7)
            ax.tick_params(labelsize=6.5)
            ax.grid(alpha=0.3)
        row += nr
    suptitle(fig, (f"{title}: " if title else "") + "measures against each other, one point per (data set, learner): "
             "means over the test folds", fontsize=10)
    fig.tight_layout(rect=(0, below / height, 1, 1))
    _learner_legend(fig, learners, colours, loc="upper center", bbox_to_anchor=(0.5, below / height))
    if datasets:
        _dataset_key(fig, datasets, numbered, loc="lower center", bbox_to_anchor=(0.5, 0.0))
    return fig


def learner_pairs_figure(points, measure: str, pairs: Sequence[tuple[str, str]], learners: Sequence[str] | None = None,
                         title: str = "", note: str = ""):
    """Learner a against learner b under one measure, each point a data set (means over its test folds).

    Parameters
    ----------
    points : :func:`aucacc.studies.measures.pair_values` (``a, b, dataset, value_a, value_b, better``).
    measure : the measure (a key of :data:`aucacc.measures.MEASURES`).
    pairs : the pairs to draw, one panel each, :data:`PAIR_COLUMNS` per row
        (:func:`aucacc.studies.measures.shown_pairs`: at most :data:`aucacc.studies.measures.MAX_PAIR_PANELS`).
    learners : the study's learners (colours, :func:`aucacc.report.figures.learner_colours`).
    title : the figure's title; note : said under it (e.g. the pairs left out).

    x: learner a's mean, y: learner b's; the diagonal y = x. Each point takes the colour of the learner better on
    that data set (grey: tied), and the side of the diagonal where each learner is better is labelled with its
    name: above the diagonal is b's side for a higher-is-better measure, a's for a lower-is-better one (Brier, log
    loss). The panel's title counts the data sets each wins. Returns the figure.
    """
    df = pd.DataFrame(points)
    pairs = [tuple(p) for p in pairs]
    hb = MEASURES[measure].higher_better
    learners = list(dict.fromkeys(list(learners or []) + [x for p in pairs for x in p]))
    colours = learner_colours(learners)
    n = max(len(pairs), 1)
    ncols = min(PAIR_COLUMNS, n)
    nrows = -(-n // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(3.3 * ncols + 0.3, 3.3 * nrows + 0.9), squeeze=False)
    for k, ax in enumerate(axes.flat):
        if k >= len(pairs):
            _spare_panel(ax, "no learner pair" if not pairs and k == 0 else "")
            continue
        a, b = pairs[k]
        p = df[(df["a"] == a) & (df["b"] == b)] if len(df) else df
        x, y = p["value_a"].to_numpy(dtype=float), p["value_b"].to_numpy(dtype=float)
        both = np.r_[x, y]
        lo, hi = (float(both.min()), float(both.max())) if len(both) else (0.0, 1.0)
        # at least 1 % of the values' magnitude on each side: one data set, or values equal to a few digits, would
        # otherwise give a span of 1e-4 and tick labels of six digits running into each other (the new-user trial)
        pad = max(0.08 * (hi - lo), 0.01 * max(abs(hi), abs(lo), 1.0))
        lo, hi = lo - pad, hi + pad
        ax.plot([lo, hi], [lo, hi], ls="--", color="0.5", lw=1)
        for who, col in (("a", colours[a]), ("b", colours[b]), ("tie", "0.6")):
            s = (p["better"] == who).to_numpy() if len(p) else np.zeros(0, bool)
            if s.any():  # above the side labels: a lopsided win lies in their corner (the new-user trial)
                ax.scatter(x[s], y[s], s=22, color=col, alpha=0.85, lw=0.4, edgecolor="k", zorder=4)
        ax.set_xlim(lo, hi)
        ax.set_ylim(lo, hi)
        ax.locator_params(nbins=5)  # a square panel 3 inches wide: more tick labels run into each other
        ax.set_aspect("equal", adjustable="box")
        above, below = (b, a) if hb else (a, b)
        box = dict(boxstyle="round,pad=0.2", fc="white", ec="none", alpha=0.6)
        ax.text(0.04, 0.96, f"{above} better", transform=ax.transAxes, ha="left", va="top", fontsize=8,
                color=colours[above], fontweight="bold", bbox=box, zorder=3)
        ax.text(0.96, 0.04, f"{below} better", transform=ax.transAxes, ha="right", va="bottom", fontsize=8,
                color=colours[below], fontweight="bold", bbox=box, zorder=3)
        wins = {w: int((p["better"] == w).sum()) if len(p) else 0 for w in ("a", "b", "tie")}
        ax.set_title(f"{a} vs {b}: {a} {wins['a']}, {b} {wins['b']}, tied {wins['tie']}", fontsize=8)
        ax.set_xlabel(f"{a}: {_axis_label(measure)}", fontsize=7.5)
        ax.set_ylabel(f"{b}: {_axis_label(measure)}", fontsize=7.5)
        ax.tick_params(labelsize=7)
        ax.grid(alpha=0.3)
        if not len(p):
            ax.text(0.5, 0.5, "no data set both ran\nwith the measure defined", ha="center", va="center",
                    fontsize=7, transform=ax.transAxes)
    suptitle(fig, (f"{title}: " if title else "") + f"learner against learner under {MEASURES[measure].label}, one "
             "point per data set (means over its test folds)" + (f"\n{note}" if note else ""), fontsize=9.5)
    fig.tight_layout()
    return fig


def _sets(d: float) -> str:
    k = int(d) if np.isfinite(d) else 0
    return f"{k} data set" + ("" if k == 1 else "s")


def measure_ranks_figure(ranks, names: Sequence[str], learners: Sequence[str] | None = None, title: str = ""):
    """Average rank of each learner under each measure (:func:`aucacc.studies.measures.measure_ranks`; 1 = best).

    x: the study's measures in display order, each tick saying over how many data sets its ranks are averaged;
    y: the average rank, best at the top; one line with markers per learner in its colour
    (:func:`aucacc.report.figures.learner_colours`). The lines only guide the eye across measures: a crossing is
    a change of order between two measures. Returns the figure.
    """
    df = pd.DataFrame(getattr(ranks, "data", ranks))
    names = [n for n in names if n in set(df["measure"])] or list(names)
    learners = list(dict.fromkeys(list(learners or []) + list(dict.fromkeys(df["learner"]))))
    colours = learner_colours(learners)
    k = len(learners)
    fig, ax = plt.subplots(figsize=(max(6.0, 0.75 * len(names) + 3.2), 3.2 + 0.18 * k))
    xs = np.arange(len(names))
    offsets = (np.arange(k) - (k - 1) / 2) * min(0.06, 0.4 / max(k, 1))  # tied ranks side by side
    for i, x in enumerate(learners):
        r = df[df["learner"] == x].set_index("measure")["rank"].reindex(names).to_numpy(dtype=float)
        if np.isfinite(r).any():
            ax.plot(xs + offsets[i], r, "-o", color=colours[x], lw=1.3, ms=5, label=x, alpha=0.9)
    n_sets = df.groupby("measure")["datasets"].max().reindex(names)
    ax.set_xticks(xs, [f"{MEASURES[n].label if n in MEASURES else n}\n({_sets(d)})"
                       for n, d in zip(names, n_sets.to_numpy(dtype=float))], rotation=45, ha="right", fontsize=8)
    ax.set_ylim(k + 0.3, 0.7)
    ax.set_yticks(range(1, k + 1))
    ax.set_ylabel("average rank over data sets (1 = best)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    ax.set_title((f"{title}: " if title else "") + "average rank of each learner under each measure "
                 "(direction-aware; ties share ranks)", fontsize=9.5)
    fig.tight_layout()
    return fig
