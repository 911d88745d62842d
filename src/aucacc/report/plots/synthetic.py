"""Figures of the synthetic C/D/E experiments (:mod:`aucacc.synthetic`)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from aucacc.report.figures import plt

_X_AXIS = {
    "balanced": ("n0+n1", "test-set size 2n"),
    "balanced_extended": ("n0+n1", "test-set size 2n"),
    "imbalanced_25pct": ("n0+n1", "test-set size n (25 % positives)"),
    "imbalanced_25pct_extended": ("n0+n1", "test-set size n (25 % positives)"),
    "varying_n10": ("n0", "positives out of n = 10"),
}


def plot_binary(df: pd.DataFrame, experiment: str):
    """C, D and E against size (or split) with the published points marked; returns the figure."""
    key, label = _X_AXIS[experiment]
    x = (df["n0"] + df["n1"]) if key == "n0+n1" else df["n0"]
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
    names = {"C": "consistency C", "D": "discriminancy D", "E": "indifferency E"}
    for ax, k in zip(axes, ("C", "D", "E")):
        ax.plot(x, df[k].astype(float), "o-", ms=3, label="exact (this work)")
        pub = df[f"published_{k}"].astype(float)
        if pub.notna().any():
            ax.plot(x[pub.notna()], pub[pub.notna()], "x", color="crimson", ms=9, mew=2, label="published")
        ax.set_xlabel(label)
        ax.set_title(names[k])
        ax.grid(alpha=0.3)
    if experiment == "varying_n10":
        for ax in axes:
            ax.set_xticks(df["n0"], df["setting"], rotation=45)
    axes[0].legend(fontsize=8)
    fig.suptitle(f"AUC vs accuracy, {experiment} (Huang & Ling 2005, §II; Knowl 3)")
    fig.tight_layout()
    return fig


def plot_multiclass(df: pd.DataFrame, per_class: str):
    """Sampled C and D against c per model (95 % bootstrap bars), exact and published marked.

    ``per_class`` is the axis label's "<n> examples per class"
    (:func:`aucacc.synthetic.experiments.examples_per_class`).
    """
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8))
    for ax, k in zip(axes, ("C", "D")):
        for j, (model, g) in enumerate(df.groupby("model", sort=False)):
            xs = g["c"] + (j - 1) * 0.08
            err = np.vstack([g[k] - g[f"{k}_lo"], g[f"{k}_hi"] - g[k]])
            ax.errorbar(xs, g[k], yerr=err, fmt="o-", ms=3, capsize=2, label=f"model {model}")
            if f"exact_{k}" in g and g[f"exact_{k}"].notna().any():
                e = g[g[f"exact_{k}"].notna()]
                ax.plot(e["c"], e[f"exact_{k}"], "s", mfc="none", color="k", ms=9, label=f"exact ({model})")
        pub = df.drop_duplicates("c")
        pub = pub[pub[f"published_{k}"].notna()]
        ax.plot(pub["c"], pub[f"published_{k}"], "x", color="crimson", ms=9, mew=2, label="published")
        ax.set_xlabel(f"classes c ({per_class})")
        ax.set_title({"C": "consistency C", "D": "discriminancy D"}[k])
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=7)
    fig.suptitle("Hand-Till M vs accuracy, sampled multi-class lists (Huang & Ling 2005, §II)")
    fig.tight_layout()
    return fig
