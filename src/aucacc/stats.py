"""Statistics on learner results: paired t-tests and the C/D/E tallies on real folds.

Definitions of consistency C, discriminancy D and indifferency E: Huang & Ling (2005),
Definitions 1–3 (SPEC §1); the real-data tally over test folds: Knowl 4.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats


@dataclass(frozen=True)
class PairedTest:
    """Result of a two-tailed paired t-test of ``a`` against ``b`` (mean difference a − b)."""

    n: int
    mean_diff: float
    t: float
    p: float
    alpha: float

    @property
    def verdict(self) -> str:
        """``"a significantly higher"``, ``"b significantly higher"`` or ``"not significant"``."""
        if not np.isfinite(self.p) or self.p >= self.alpha:
            return "not significant"
        return "a significantly higher" if self.mean_diff > 0 else "b significantly higher"


def paired_ttest(a, b, alpha: float = 0.05) -> PairedTest:
    """Two-tailed paired t-test (``scipy.stats.ttest_rel``) of samples ``a`` and ``b``.

    Parameters
    ----------
    a, b : arrays of equal length n ≥ 2 (e.g. per-data-set means, or per-fold values).
    alpha : significance level (the paper: 0.05).

    Identical samples give t = 0, p = 1 (no evidence of a difference) instead of NaN.
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.size < 2:
        raise ValueError(f"paired samples need equal length ≥ 2, got {a.shape} and {b.shape}")
    d = a - b
    if np.allclose(d, d[0]) and np.isclose(d[0], 0):
        return PairedTest(n=a.size, mean_diff=0.0, t=0.0, p=1.0, alpha=alpha)
    res = stats.ttest_rel(a, b)
    return PairedTest(n=a.size, mean_diff=float(d.mean()), t=float(res.statistic), p=float(res.pvalue), alpha=alpha)


def cde_tally(f_a, f_b, g_a, g_b, tol: float = 1e-9) -> dict[str, float]:
    """Tally R, S, P, Q, V over paired observations and give C, D, E (Huang & Ling 2005, Defs 1–3).

    Observation i compares learner a with learner b on one test fold: ``f`` is the finer
    measure (AUC), ``g`` the coarser (accuracy).

    - R: f and g differ in the same direction; S: in opposite directions → C = R / (R + S).
    - P: f differs, g equal; Q: g differs, f equal → D = P / Q (∞ when Q = 0).
    - V: both equal → E = V / n.

    ``tol`` is the equality tolerance (values are fractions of the same fold size, so exact
    equality is meaningful up to float rounding).
    """
    df = np.asarray(f_a, dtype=float) - np.asarray(f_b, dtype=float)
    dg = np.asarray(g_a, dtype=float) - np.asarray(g_b, dtype=float)
    if df.shape != dg.shape:
        raise ValueError("f and g must have the same number of observations")
    f_eq = np.abs(df) <= tol
    g_eq = np.abs(dg) <= tol
    R = int(np.sum(~f_eq & ~g_eq & (np.sign(df) == np.sign(dg))))
    S = int(np.sum(~f_eq & ~g_eq & (np.sign(df) != np.sign(dg))))
    P = int(np.sum(~f_eq & g_eq))
    Q = int(np.sum(f_eq & ~g_eq))
    V = int(np.sum(f_eq & g_eq))
    n = df.size
    return {"R": R, "S": S, "C": R / (R + S) if R + S else float("nan"), "P": P, "Q": Q,
            "D": P / Q if Q else float("inf"), "V": V, "E": V / n if n else float("nan"), "n": n}
