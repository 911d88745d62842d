"""Profit experiment: ``profit`` config → tables, and the figure names (Huang & Ling 2005, §V).

One function per workflow rule (:func:`profit_table`, :func:`profit_comparison`,
:func:`profit_figure_data`) returns what the rule's script writes or draws (the figures:
:func:`aucacc.report.plots.profit.profit_figure`). The figure names are defined here once
(:func:`figure_stems`); the rule ``profit_figures`` declares them as its outputs.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.captions import caption
from aucacc.profit.counts import METHOD_MONTE_CARLO
from aucacc.profit.expectation import profit_study
from aucacc.profit.published import compare_with_published
from aucacc.tables import Table

def _settings(profit_cfg: dict) -> list[dict]:
    """The paper's configuration followed by the beyond-paper ones, from the ``profit`` config."""
    out = [{"setting": "paper", "list_size": profit_cfg["list_size"], "positives": profit_cfg["positives"]}]
    for name, s in profit_cfg["beyond"].items():
        out.append({"setting": name, "list_size": s["list_size"], "positives": s["positives"]})
    return out


def figure_stem(setting: str, cutoff: float) -> str:
    """File stem of the profit figure of one setting and cut-off: ``profit_15``, ``profit_large_15``.

    The paper's setting has no setting label; the cut-off appears as a whole percentage.
    """
    pct = f"{round(cutoff * 100):d}"
    return f"profit_{pct}" if setting == "paper" else f"profit_{setting}_{pct}"


def figure_stems(profit_cfg: dict) -> list[str]:
    """Stems of every profit figure the ``profit`` config asks for, paper setting first.

    The workflow's rule ``profit_figures`` declares these as its outputs and
    :func:`profit_figure_data` names its figures with :func:`figure_stem`.
    """
    return [figure_stem(s["setting"], c) for s in _settings(profit_cfg) for c in profit_cfg["cutoffs"]]


def profit_table(profit_cfg: dict, seed: int) -> Table:
    """Every profit setting of the config (rule ``profit_table``): table ``profit``.

    Parameters
    ----------
    profit_cfg : dict
        The ``profit`` section of ``config/config.yaml`` (list size, positives, cut-offs,
        revenue, cost, ``monte_carlo: {enabled, samples}``, ``beyond: {name: {list_size,
        positives}}``).
    seed : int
        Seed of the Monte-Carlo run (the paper setting only).

    Returns
    -------
    Table
        Tidy data (columns as in :func:`aucacc.profit.profit_study`); Markdown/LaTeX show the
        paper's setting on the 0.1 grid.
    """
    cutoffs, rev, cost = profit_cfg["cutoffs"], profit_cfg["revenue"], profit_cfg["cost"]
    frames = []
    for s in _settings(profit_cfg):
        frames.append(profit_study(s["list_size"], s["positives"], cutoffs, rev, cost, setting=s["setting"]))
    mc = profit_cfg["monte_carlo"]
    if mc["enabled"]:
        frames.append(profit_study(profit_cfg["list_size"], profit_cfg["positives"], cutoffs, rev, cost,
                                   setting="paper", method=METHOD_MONTE_CARLO, samples=int(mc["samples"]),
                                   seed=seed))
    table = pd.concat(frames, ignore_index=True)
    table["n_rankings"] = table["n_rankings"].astype(str)  # exact integers, may exceed int64
    table["total_rankings"] = table["total_rankings"].astype(str)
    # Markdown/LaTeX: the paper's setting on the 0.1 grid, AUC and accuracy side by side.
    paper = table[(table["setting"] == "paper")]
    tenths = paper["metric_value"] * 10
    grid = paper[np.isclose(tenths, tenths.round(), rtol=0, atol=1e-9)]
    display = grid.pivot_table(index=["cutoff", "metric_value"], columns=["method", "metric"],
                               values="expected_profit").reset_index()
    display.columns = ["cutoff" if a == "cutoff" else "metric_value" if a == "metric_value" else f"{a}:{b}"
                       for a, b in display.columns]
    return Table(table, display=display, floatfmt=".2f",
                 caption=caption("profit", revenue=rev, cost=cost, list_size=profit_cfg["list_size"],
                                 positives=profit_cfg["positives"]))


def profit_comparison(table: pd.DataFrame, published: pd.DataFrame) -> Table:
    """The published-vs-ours comparison (rule ``profit_comparison``): table ``profit_comparison``.

    Parameters
    ----------
    table : DataFrame
        ``results/tables/profit.csv`` as read back (from :func:`profit_table`).
    published : DataFrame
        :func:`aucacc.profit.parse_published` of ``config/published/profit.csv``.

    Returns
    -------
    Table
        :func:`aucacc.profit.compare_with_published` of the paper setting.
    """
    comp = compare_with_published(table, published)
    return Table(comp, floatfmt=".3f",
                 caption=caption("profit_comparison"))


def profit_figure_data(table: pd.DataFrame, published: pd.DataFrame) -> dict[str, dict]:
    """The data of the profit curves per setting and cut-off (rule ``profit_figures``).

    Parameters as in :func:`profit_comparison`.

    Returns
    -------
    dict
        ``{figure stem: {"df", "setting", "cutoff", "pub", "comp"}}`` — the keyword arguments of
        :func:`aucacc.report.plots.profit.profit_figure`, which the rule's script draws: the exact
        rows of one setting and cut-off, the published values and the comparison of the whole
        table (for the Monte-Carlo noise band of the paper setting).
    """
    exact = table[table["method"] != METHOD_MONTE_CARLO]
    comp = compare_with_published(table, published)
    return {figure_stem(setting, cutoff): {"df": df, "setting": setting, "cutoff": cutoff, "pub": published,
                                           "comp": comp}
            for (setting, cutoff), df in exact.groupby(["setting", "cutoff"], sort=False)}
