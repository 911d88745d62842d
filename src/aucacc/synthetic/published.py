"""Published C, D, E of the synthetic experiments and whether ours round to them."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

#: Experiment name -> row label ``experiment`` in ``published/synthetic_endpoints.csv``.
PUBLISHED_EXPERIMENT = {
    "balanced": "balanced",
    "balanced_extended": "balanced",
    "imbalanced_25pct": "imbalanced_25pct",
    "imbalanced_25pct_extended": "imbalanced_25pct",
    "varying_n10": "varying_n10",
    "multiclass": "multiclass_2_per_class",
}


def published_values(published: pd.DataFrame, experiment: str) -> dict[str, dict[str, str]]:
    """Published C, D, E of one experiment as printed strings, keyed by setting label.

    Parameters
    ----------
    published : DataFrame
        ``synthetic_endpoints.csv`` read with ``dtype=str`` (columns experiment, setting, C, D, E).
    experiment : str
        Our experiment name (see :data:`PUBLISHED_EXPERIMENT`).

    Returns
    -------
    dict
        ``{"2n=16": {"C": "0.935", "D": "18.9", "E": "0.016"}, ...}``; blank cells omitted.
    """
    name = PUBLISHED_EXPERIMENT.get(experiment)
    out: dict[str, dict[str, str]] = {}
    if name is None:
        return out
    rows = published[published["experiment"].astype(str) == name]
    for _, row in rows.iterrows():
        vals = {k: str(row[k]).strip() for k in ("C", "D", "E")
                if k in row and pd.notna(row[k]) and str(row[k]).strip() not in ("", "nan")}
        out[str(row["setting"]).strip()] = vals
    return out


def decimals(printed: str) -> int:
    """Digits after the decimal point of a printed number (``"18.9"`` -> 1, ``"1.0"`` -> 1)."""
    return len(printed.split(".")[1]) if "." in printed else 0


def matches_printed(value: float, printed: str) -> bool:
    """True when ``value`` rounds (half up) to ``printed`` at its printed precision."""
    if value is None or not np.isfinite(value):
        return False
    q = Fraction(printed)
    step = Fraction(1, 10 ** decimals(printed))
    v = Fraction(value)
    return q - step / 2 <= v < q + step / 2
