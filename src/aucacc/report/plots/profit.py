"""Figures of the profit experiment (:mod:`aucacc.profit`): expected profit against metric value."""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.report.figures import plt


def profit_figure(df: pd.DataFrame, setting: str, cutoff: float, pub: pd.DataFrame, comp: pd.DataFrame):
    """Expected profit against metric value (AUC and accuracy curves) of one setting and cut-off.

    A lower panel shows AUC − accuracy profit. In the paper's setting the published differences
    are drawn as points at accuracy-profit + published difference, with the ±2 sd band of one
    Monte-Carlo run.

    Parameters
    ----------
    df : DataFrame
        The exact rows of ``results/tables/profit.csv`` of this setting and cut-off.
    setting : str
    cutoff : float
        Fraction of the list contacted.
    pub : DataFrame
        :func:`aucacc.profit.parse_published` of the published values.
    comp : DataFrame
        :func:`aucacc.profit.compare_with_published` of the whole table.

    Returns
    -------
    matplotlib.figure.Figure
    """
    n, n0, k = (int(df[c].iloc[0]) for c in ("list_size", "positives", "cutoff_contacts"))
    auc = df[df["metric"] == "auc"].sort_values("metric_value")
    acc = df[df["metric"] == "acc"].sort_values("metric_value")
    fig, (ax, bx) = plt.subplots(2, 1, figsize=(6, 6.5), sharex=True, height_ratios=[2, 1])
    ax.plot(auc["metric_value"], auc["expected_profit"], "-", color="C0", lw=1.5,
            marker="." if len(auc) < 200 else None, ms=3, label="given AUC = v")
    ax.plot(acc["metric_value"], acc["expected_profit"], "s--", color="C3", ms=4, label="given accuracy = v")
    thr = auc["max_profit_from"].iloc[0]
    if pd.notna(thr):
        ax.axvline(thr, color="0.5", lw=0.8, ls=":")
        ax.annotate(f"max profit from AUC {thr:.3g}", (thr, 0.04), xycoords=("data", "axes fraction"),
                    xytext=(-4, 0), textcoords="offset points", ha="right", fontsize=8, color="0.3")
    both = acc.merge(auc, on="metric_value", suffixes=("_acc", "_auc"))
    if len(both) < len(acc):
        # Accuracy values that no AUC attains (imbalanced lists): AUC curve interpolated, open marks.
        interp = np.interp(acc["metric_value"], auc["metric_value"], auc["expected_profit"])
        bx.plot(acc["metric_value"], interp - acc["expected_profit"].to_numpy(), "o--", color="C2", ms=5,
                mfc="none", lw=0.8, label="AUC curve interpolated at accuracy values")
    bx.plot(both["metric_value"], both["expected_profit_auc"] - both["expected_profit_acc"], "o",
            color="C2", ms=4, ls="-" if len(both) == len(acc) else "none",
            label="exact (all rankings), values attained by both")
    if setting == "paper":
        band = comp[(comp["quantity"] == "difference") & np.isclose(comp["cutoff"], cutoff)].dropna(subset=["mc_sd"])
        if len(band):
            bx.fill_between(band["metric_value"], band["exact"] - 2 * band["mc_sd"], band["exact"] + 2 * band["mc_sd"],
                            color="C2", alpha=0.2, lw=0, label="±2 sd of a Monte-Carlo run (paper's N)")
        p = pub[(pub["quantity"] == "difference") & np.isclose(pub["cutoff"], cutoff)]
        if len(p):
            base = both.set_index("metric_value")["expected_profit_acc"]
            ys = [base[base.index[np.isclose(base.index, v)]].iloc[0] + d
                  for v, d in zip(p["metric_value"], p["published"])]
            ax.plot(p["metric_value"], ys, "k*", ms=9, label="published (acc. profit + published difference)")
            bx.plot(p["metric_value"], p["published"], "k*", ms=9, label="published")
    ax.set_ylabel("expected profit")
    ax.set_title(f"{setting}: n = {n}, {n0} responders, top {cutoff:.0%} (k = {k})")
    ax.legend(fontsize=8, loc="upper left")
    ax.grid(alpha=0.3)
    bx.axhline(0, color="0.6", lw=0.8)
    bx.set_xlabel("metric value v (AUC or accuracy)")
    bx.set_ylabel("AUC − acc. profit")
    bx.legend(fontsize=8, loc="best")
    bx.grid(alpha=0.3)
    return fig
