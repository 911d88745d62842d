"""Figures of the comparison with the paper: ours against published, per data set, the AUC gap.

Each function takes tidy frames (the scorecard, a main table, the AUC-gap readings) and returns
a Matplotlib figure; :func:`write_report_figures` saves them as PNG and PDF through
:func:`aucacc.report.figures.save_figure`. Nothing here computes a comparison: tolerances and
statuses come from the scorecard (``config/claims.yaml``).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd

from aucacc.report.figures import learner_colours, plt, save_figure
from aucacc.report.plots import REPORT_FIGURES, SCATTER_PANELS, SCATTER_TABLES  # noqa: F401  (names re-exported)

STATUS_STYLE = {"pass": ("C2", "o"), "FAIL": ("C3", "X"), "explained": ("C1", "s"),
                "not reproducible": ("0.45", "D")}


def _panel_rows(card: pd.DataFrame, metric: str | None, stat: str | tuple | None) -> pd.DataFrame:
    g = card
    if metric is not None:
        g = g[g["metric"] == metric]
    if stat is not None:
        g = g[g["stat"].isin(stat if isinstance(stat, tuple) else (stat,))]
    return g


def ours_vs_published(card: pd.DataFrame, table: str):
    """Scatter of ours against published for one published table, one panel per metric.

    Parameters
    ----------
    card : the scorecard (:func:`aucacc.report.scorecard.scorecard`).
    table : a published table with numeric cells (one of :data:`SCATTER_TABLES`).

    Each point is one cell, coloured by status; the dotted line is identity; the grey bar at
    each point spans the values of ours its rule accepts (``accept_lo`` – ``accept_hi``), and
    the shaded band is identity ± the smallest such half-width in the panel. Cells whose ours is
    missing are left out.
    """
    rows = card[(card["table"] == table) & card["ours"].notna() & (card["status"] != "missing")].copy()
    rows["ours"] = pd.to_numeric(rows["ours"], errors="coerce")
    rows["published"] = pd.to_numeric(rows["published"], errors="coerce")
    panels = SCATTER_PANELS[table]
    fig, axes = plt.subplots(1, len(panels), figsize=(3.6 * len(panels), 3.7), squeeze=False)
    for ax, (title, metric, stat) in zip(axes[0], panels):
        g = _panel_rows(rows, metric, stat).dropna(subset=["ours", "published"])
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("published")
        ax.set_ylabel("ours")
        if g.empty:
            ax.text(0.5, 0.5, "no cells in this run", ha="center", va="center", transform=ax.transAxes)
            continue
        lo = float(np.nanmin([g["published"].min(), g["ours"].min(), g["accept_lo"].min()]))
        hi = float(np.nanmax([g["published"].max(), g["ours"].max(), g["accept_hi"].max()]))
        pad = 0.05 * (hi - lo or 1.0)
        x = np.array([lo - pad, hi + pad])
        half = (g["accept_hi"] - g["published"]).where(np.isfinite(g["accept_hi"]))
        # A band only where the rule's half-width has a floor (fold means, averages, printed digits);
        # an sd's accepted range is a ratio, drawn by the bars alone.
        if stat != "sd" and half.notna().any() and half.min() > 0:
            ax.fill_between(x, x - half.min(), x + half.min(), color="0.85", lw=0, label=f"± {half.min():.3g}")
        ax.plot(x, x, ":", color="0.3", lw=1, label="identity")
        ok = g[np.isfinite(g["accept_lo"]) & np.isfinite(g["accept_hi"])]
        ax.vlines(ok["published"], ok["accept_lo"], ok["accept_hi"], color="0.6", lw=2.5, alpha=0.6)
        for status, (color, marker) in STATUS_STYLE.items():
            s = g[g["status"] == status]
            if len(s):
                ax.scatter(s["published"], s["ours"], c=color, marker=marker, s=22, zorder=3,
                           label=f"{status} ({len(s)})", edgecolors="none")
        ax.set_xlim(*x)
        ax.set_ylim(*x)
        ax.set_aspect("equal", adjustable="box")
        ax.legend(fontsize=7, loc="upper left")
    fig.suptitle(f"{table}: ours against published (grey bars: the range each rule accepts)", fontsize=10)
    fig.tight_layout()
    return fig


def per_dataset(summary: pd.DataFrame, learners: list[str] | None = None, title: str = "",
                palette: list[str] | None = None):
    """Accuracy and AUC of each learner per data set: ours ± 1 sd (fold sd), the published value marked.

    Parameters
    ----------
    summary : a main table (``results/tables/uci_nb_c44_c45.csv`` or ``svm_binary13.csv``):
        ``dataset, learner, metric, mean, sd, published_mean, published_sd``.
    learners : learners in plotting order (default: as they appear).
    palette : the study's learners, which fix each learner's colour
        (:func:`aucacc.report.figures.learner_colours`; default: ``learners``).
    """
    learners = learners or list(dict.fromkeys(summary["learner"]))
    colours = learner_colours(list(palette or []) + learners)
    datasets = list(dict.fromkeys(summary["dataset"]))
    fig, axes = plt.subplots(2, 1, figsize=(max(8, 0.62 * len(datasets) * max(1, len(learners) / 3)), 7.5),
                             sharex=True)
    width = 0.8 / len(learners)
    xs = np.arange(len(datasets))
    for ax, metric in zip(axes, ("accuracy", "auc")):
        for i, lrn in enumerate(learners):
            g = summary[(summary["metric"] == metric) & (summary["learner"] == lrn)].set_index("dataset").reindex(datasets)
            x = xs - 0.4 + width * (i + 0.5)
            ax.errorbar(x, g["mean"], yerr=g["sd"], fmt="o", ms=4, color=colours[lrn], capsize=2, lw=1,
                        label=f"{lrn} ours ± 1 sd")
            if "published_mean" in g:
                ax.scatter(x, g["published_mean"], marker="_", s=120, color="k", zorder=4,
                           label="published" if i == 0 else None)
        ax.set_ylabel(f"{'accuracy' if metric == 'accuracy' else 'AUC'} (%)")
        ax.grid(axis="y", lw=0.3)
        ax.legend(fontsize=7, ncol=len(learners) + 1, loc="lower left")
    axes[-1].set_xticks(xs, datasets, rotation=45, ha="right")
    fig.suptitle(title or "Accuracy and AUC per data set: ours (± 1 sd over folds) and the published value (—)",
                 fontsize=10)
    fig.tight_layout()
    return fig


def auc_gap(by_dataset: pd.DataFrame, clip: float = 20.0):
    """The AUC gap (ours − published, points) per data set and learner under each AUC reading, as heat maps.

    One panel per learner; rows are the readings of the AUC-gap analysis, sorted by their mean
    absolute gap over every cell (closest first; ``standard`` in bold), columns the data sets.
    Blue: ours below the published AUC, red: above; colours saturate at ± ``clip`` points.

    Parameters
    ----------
    by_dataset : ``results/tables/auc_hypotheses_by_dataset.csv`` (``reading, dataset, learner,
        auc, published_auc, diff``), from :func:`aucacc.auc_gap.hypothesis_tables`.
    """
    g = by_dataset.dropna(subset=["diff"])
    known = ["NB", "C4.4", "C4.5", "SVM"]
    learners = sorted(dict.fromkeys(g["learner"]), key=lambda x: (known.index(x) if x in known else len(known), x))
    datasets = list(dict.fromkeys(g["dataset"]))
    order = g.groupby("reading")["diff"].apply(lambda d: d.abs().mean()).sort_values().index.tolist()
    h = 0.16 * len(order) + 1.6
    fig, axes = plt.subplots(1, len(learners), figsize=(1.2 + 0.23 * len(datasets) * len(learners) + 2.5, h),
                             sharey=True, squeeze=False)
    im = None
    for ax, lrn in zip(axes[0], learners):
        m = g[g["learner"] == lrn].pivot_table(index="reading", columns="dataset", values="diff")
        m = m.reindex(index=order, columns=[d for d in datasets if d in m.columns])
        im = ax.imshow(m.to_numpy(dtype=float), cmap="RdBu_r", vmin=-clip, vmax=clip, aspect="auto",
                       interpolation="nearest")
        ax.set_xticks(range(m.shape[1]), m.columns, rotation=90, fontsize=7)
        ax.set_title(lrn, fontsize=9)
    axes[0, 0].set_yticks(range(len(order)), order, fontsize=6)
    for lab in axes[0, 0].get_yticklabels():
        if lab.get_text() == "standard":
            lab.set_fontweight("bold")
    cb = fig.colorbar(im, ax=axes[0].tolist(), shrink=0.6, pad=0.01)
    cb.set_label(f"ours − published AUC (points; clipped at ± {clip:g})", fontsize=8)
    fig.suptitle("AUC gap per data set and learner under each reading of how the paper computed AUC "
                 "(rows: closest reading first)", fontsize=9)
    return fig


_PER_DATASET = {"per_dataset_uci": ("uci_nb_c44_c45", "NB, C4.4, C4.5 (main table)"),
                "per_dataset_svm": ("svm_binary13", "SVM, NB, C4.4, C4.5 on the binary data sets")}


def report_figure(name: str, card: pd.DataFrame, tables: dict[str, pd.DataFrame], learners: list[str] | None = None):
    """The figure ``name`` (one of :data:`REPORT_FIGURES`) from the scorecard and the run's tables.

    ``learners``: the paper study's learners, which fix each learner's colour (:func:`per_dataset`).

    A figure whose data this run did not produce is drawn as a panel saying so, so the set of
    files never depends on the run.
    """
    if name.startswith("scatter_"):
        return ours_vs_published(card, name.removeprefix("scatter_"))
    if name in _PER_DATASET:
        stem, title = _PER_DATASET[name]
        t = tables.get(stem)
        if t is None or not len(t):
            return _empty(f"{stem}: not produced by this run")
        return per_dataset(t, title=f"{title}: ours ± 1 sd over folds, published value —", palette=learners)
    if name == "auc_gap":
        gap = tables.get("auc_hypotheses_by_dataset")
        return auc_gap(gap) if gap is not None and len(gap) else _empty("AUC-gap readings: not produced by this run")
    raise ValueError(f"unknown report figure {name!r}; known: {', '.join(REPORT_FIGURES)}")


def write_report_figures(card: pd.DataFrame, tables: dict[str, pd.DataFrame], outdir: str | os.PathLike,
                         names: tuple[str, ...] = REPORT_FIGURES, learners: list[str] | None = None) -> dict[str, Path]:
    """Write the figures ``names`` as ``<outdir>/<name>.{png,pdf}``; returns name → PNG path (``learners``:
    the paper study's, for the colours, :func:`report_figure`)."""
    return {n: save_figure(report_figure(n, card, tables, learners), Path(outdir) / n)["png"] for n in names}


def _empty(text: str):
    fig, ax = plt.subplots(figsize=(5, 1.5))
    ax.text(0.5, 0.5, text, ha="center", va="center")
    ax.set_axis_off()
    return fig
