"""The published profit differences and thresholds (§V) beside ours, with the Monte-Carlo noise."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from aucacc.profit.counts import METHOD_MONTE_CARLO, joint_counts_3d
from aucacc.profit.monte_carlo import monte_carlo_sd

def parse_published(path: str | Path) -> pd.DataFrame:
    """Read ``config/published/profit.csv`` into tidy rows.

    Returns
    -------
    pandas.DataFrame
        Columns ``cutoff`` (fraction), ``quantity`` (``difference`` or
        ``max_profit_from_auc``), ``metric_value`` (NaN for the threshold row), ``published``.

    Raises
    ------
    ValueError
        If a row has neither a numeric metric value nor a known quantity name.
    """
    raw = pd.read_csv(path, dtype=str, keep_default_na=False)
    rows = []
    for rec in raw.to_dict("records"):
        cutoff = float(rec["cutoff"].strip().rstrip("%")) / 100
        value = rec["profit_auc_minus_profit_acc"]
        try:
            mv = float(rec["metric_value"])
            rows.append({"cutoff": cutoff, "quantity": "difference", "metric_value": mv, "published": float(value)})
        except ValueError:
            if rec["metric_value"] != "max_profit_reached_at_auc":
                raise ValueError(f"unknown row in {path}: {rec}") from None
            rows.append({"cutoff": cutoff, "quantity": "max_profit_from_auc", "metric_value": np.nan,
                         "published": float(value)})
    return pd.DataFrame(rows)


def _at(df: pd.DataFrame, metric: str, value: float) -> pd.Series | None:
    sel = df[(df["metric"] == metric) & np.isclose(df["metric_value"], value, rtol=0, atol=1e-9)]
    return None if sel.empty else sel.iloc[0]


def compare_with_published(table: pd.DataFrame, published: pd.DataFrame, setting: str = "paper") -> pd.DataFrame:
    """Published profit differences and thresholds next to ours (exact and Monte Carlo).

    Parameters
    ----------
    table : pandas.DataFrame
        Output of :func:`profit_study` (exact rows and, optionally, ``monte-carlo`` rows).
    published : pandas.DataFrame
        Output of :func:`parse_published`.
    setting : str
        Which setting of ``table`` matches the paper.

    Returns
    -------
    pandas.DataFrame
        One row per cut-off and quantity: ``difference`` at each metric value attained by both
        AUC and accuracy (AUC profit − accuracy profit), ``max_profit_from_auc`` and
        ``max_profit_from_acc``, and where published differences exist ``revenue_fit`` (see
        :func:`_revenue_fit`) and ``chi2_at_configured_revenue``, and with a Monte-Carlo run
        ``mc_vs_exact_chi2`` (our run's differences against the exact ones). Columns ``cutoff, quantity,
        metric_value, published, exact, monte_carlo, mc_sd, exact_minus_published, mc_minus_exact, z,
        note``;
        ``mc_sd`` is the standard deviation of the difference that a Monte-Carlo run with the
        table's number of sampled rankings ``N`` has (:func:`monte_carlo_sd` on the exact joint
        counts; NaN without a Monte-Carlo run), and
        ``z = (published − exact) / mc_sd``.
    """
    sub = table[table["setting"] == setting]
    exact = sub[sub["method"] != METHOD_MONTE_CARLO]
    mc = sub[sub["method"] == METHOD_MONTE_CARLO]
    n_mc = int(mc["total_rankings"].iloc[0]) if len(mc) else None
    rows = []
    for cutoff in sorted(exact["cutoff"].unique()):
        ex, mcc = exact[exact["cutoff"] == cutoff], mc[mc["cutoff"] == cutoff]
        pub = published[np.isclose(published["cutoff"], cutoff)]
        acc_values = ex.loc[ex["metric"] == "acc", "metric_value"]
        joint = None
        for v in sorted(acc_values[acc_values >= 0.5 - 1e-9]):  # the paper compares above 50 %
            a, c = _at(ex, "auc", v), _at(ex, "acc", v)
            if a is None or c is None:
                continue
            d = a["expected_profit"] - c["expected_profit"]
            mc_d = mc_sd = np.nan
            if len(mcc):
                ma, mcv = _at(mcc, "auc", v), _at(mcc, "acc", v)
                if ma is not None and mcv is not None:
                    mc_d = ma["expected_profit"] - mcv["expected_profit"]
            if n_mc:
                if joint is None:
                    joint = joint_counts_3d(int(a["list_size"]), int(a["positives"]), int(a["cutoff_contacts"]))
                mc_sd = float(a["revenue"]) * monte_carlo_sd(joint, int(a["metric_numerator"]),
                                                             int(c["metric_numerator"]), n_mc)
            p = pub[(pub["quantity"] == "difference") & np.isclose(pub["metric_value"], v)]
            pv = float(p["published"].iloc[0]) if len(p) else np.nan
            rows.append({"cutoff": cutoff, "quantity": "difference", "metric_value": v, "published": pv,
                         "exact": d, "monte_carlo": mc_d, "mc_sd": mc_sd,
                         "note": "AUC profit - accuracy profit at metric value v"})
        for metric in ("auc", "acc"):
            thr = ex.loc[ex["metric"] == metric, "max_profit_from"].iloc[0]
            mthr = mcc.loc[mcc["metric"] == metric, "max_profit_from"].iloc[0] if len(mcc) else np.nan
            p = pub[pub["quantity"] == f"max_profit_from_{metric}"]
            rows.append({"cutoff": cutoff, "quantity": f"max_profit_from_{metric}", "metric_value": np.nan,
                         "published": float(p["published"].iloc[0]) if len(p) else np.nan,
                         "exact": thr, "monte_carlo": mthr, "mc_sd": np.nan,
                         "note": f"smallest {metric} value from which expected profit is maximal"})
        rows.extend(_revenue_fit(rows, cutoff, float(ex["revenue"].iloc[0])))
        pts = [r for r in rows if r["cutoff"] == cutoff and r["quantity"] == "difference"
               and np.isfinite(r["monte_carlo"]) and np.isfinite(r["mc_sd"]) and r["mc_sd"] > 0]
        if pts:  # is our own Monte-Carlo run as far from the exact values as its sd says?
            chi2 = float(sum(((r["monte_carlo"] - r["exact"]) / r["mc_sd"]) ** 2 for r in pts))
            rows.append({"cutoff": cutoff, "quantity": "mc_vs_exact_chi2", "metric_value": float(len(pts)),
                         "published": np.nan, "exact": chi2, "monte_carlo": np.nan, "mc_sd": np.nan,
                         "note": "sum of ((monte_carlo - exact) / mc_sd)^2 over the differences; metric_value = df"})
    out = pd.DataFrame(rows)
    out["exact_minus_published"] = out["exact"] - out["published"]
    out["mc_minus_exact"] = out["monte_carlo"] - out["exact"]
    out["z"] = (out["published"] - out["exact"]) / out["mc_sd"]
    return out[[c for c in out.columns if c != "note"] + ["note"]]


def _revenue_fit(rows: list[dict], cutoff: float, revenue: float) -> list[dict]:
    """Revenue fitted to the published differences, weighted by the paper's Monte-Carlo variance.

    The difference scales with revenue, ``d(v) = R * delta(v)``, and so does its Monte-Carlo sd,
    ``R * s(v)``; weighted least squares gives ``R_hat = sum(w delta p) / sum(w delta^2)`` with
    ``w = 1 / s^2`` and standard error ``R_hat / sqrt(sum(w delta^2))``. Also reports the
    chi-square of the published values against the configured revenue (df = number of points).
    """
    pts = [r for r in rows if r["cutoff"] == cutoff and r["quantity"] == "difference"
           and np.isfinite(r["published"]) and np.isfinite(r["mc_sd"]) and r["mc_sd"] > 0]
    if not pts:
        return []
    delta = np.array([r["exact"] for r in pts]) / revenue
    sd = np.array([r["mc_sd"] for r in pts]) / revenue
    pub = np.array([r["published"] for r in pts])
    w = 1 / sd ** 2
    r_hat = float((w * delta * pub).sum() / (w * delta ** 2).sum())
    se = r_hat / math.sqrt(float((w * delta ** 2).sum()))
    chi2 = float((((pub - revenue * delta) / (revenue * sd)) ** 2).sum())
    return [
        {"cutoff": cutoff, "quantity": "revenue_fit", "metric_value": np.nan, "published": np.nan,
         "exact": r_hat, "monte_carlo": np.nan, "mc_sd": se,
         "note": f"revenue fitted to the {len(pts)} published differences (weights 1/mc_sd^2); mc_sd = its se"},
        {"cutoff": cutoff, "quantity": "chi2_at_configured_revenue", "metric_value": float(len(pts)),
         "published": np.nan, "exact": chi2, "monte_carlo": np.nan, "mc_sd": np.nan,
         "note": f"sum of z^2 of the published differences at revenue {revenue:g}; metric_value = df"},
    ]
