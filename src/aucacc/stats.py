"""Statistics on learner results: paired t-tests (Huang & Ling 2005, §IV-B and §IV-C).

The C/D/E tally over real test folds is :func:`aucacc.counting.tally_pairs`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


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


def paired_ttest(a, b, alpha: float) -> PairedTest:
    """Two-tailed paired t-test (``scipy.stats.ttest_rel``) of samples ``a`` and ``b``.

    Parameters
    ----------
    a, b : arrays of equal length n ≥ 2 (e.g. per-data-set means, or per-fold values).
    alpha : significance level of the verdict (config ``protocol.alpha``; the paper: 0.05).

    Identical samples give t = 0, p = 1 (no evidence of a difference) instead of NaN.
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.size < 2:
        raise ValueError(f"paired samples need equal length ≥ 2, got {a.shape} and {b.shape}")
    d = a - b
    if np.allclose(d, d[0]) and np.isclose(d[0], 0):
        return PairedTest(n=a.size, mean_diff=0.0, t=0.0, p=1.0, alpha=alpha)
    from scipy import stats  # lazy: scipy.stats costs ~0.6 s of job start-up (report jobs)

    res = stats.ttest_rel(a, b)
    return PairedTest(n=a.size, mean_diff=float(d.mean()), t=float(res.statistic), p=float(res.pvalue), alpha=alpha)
