"""Tests beyond the paired t-test, over data sets and over folds, on the stored fold metrics.

Every test is a well-kept library's; this module only arranges the data and reads the result.

Over data sets (one value per data set and learner, the mean over folds):

- Wilcoxon signed-rank test, two-sided (``scipy.stats.wilcoxon``; Demšar 2006, §3.1.3).
- Friedman test (``scipy.stats.friedmanchisquare``) with the Nemenyi post-hoc test
  (``scikit_posthocs.posthoc_nemenyi_friedman``) and Demšar's critical difference
  CD = q_α √(k(k+1) / (6N)), q_α the studentized range quantile / √2 (Demšar 2006, §3.2.2).
- Bayesian signed-rank test with a region of practical equivalence (``baycomp.SignedRankTest``;
  Benavoli et al. 2017, §5), sampled with a fixed seed.

Over the folds of one data set:

- Nadeau & Bengio's (2003) corrected resampled t-test (Weka Experimenter's
  ``PairedCorrectedTTester``): t = mean(d) / √((1/n + n_test/n_train) · s²_d) with n − 1
  degrees of freedom, n the number of folds × runs. In k-fold CV n_test/n_train = 1/(k − 1)
  (1/9 for 10 folds). The corrected variance is ``baycomp.CorrelatedTTest.compute_statistics``'s.
- Bayesian correlated t-test (``baycomp.CorrelatedTTest``; Corani & Benavoli 2015), whose
  posterior is the Student distribution of that corrected statistic.

Over repetitions of the whole CV: Aggarwal's (2015, §10.9, eqs. 10.78–10.79) paired test over
b rounds: δa_i = A_i,1 − A_i,2, ΔA = mean δa, σ its sample sd, t = ΔA √b / σ with b − 1 degrees
of freedom. With σ = 0 it follows ``scipy.stats.ttest_rel``: t = ±∞ and p = 0 when every round differs by
the same non-zero amount, t = p = NaN when every round differs by 0, each with a note (:func:`rounds_ttest`).

Units: fold metrics are percent (0–100), so a region of practical equivalence ``rope`` is in
percentage points (1 point = 0.01 on a 0–1 scale). ``P(A better)`` is the posterior probability
that mean(A − B) > rope, ``P(equivalent)`` that |mean(A − B)| ≤ rope, ``P(B better)`` the rest.
A Bayesian verdict is taken when one of them exceeds ``decision`` (default 0.95).

Minimum sample sizes (:func:`min_n`): below the smallest n at which a test *can* reach its verdict, its
cell reads ``"too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)"`` (:func:`too_few`), not
``"not significant"``: a test that cannot reject says nothing about the data. Each minimum is computed
from the test's own library (scipy's exact p of the most extreme sample), not hard-coded:

- paired t: 2 (n − 1 ≥ 1 degrees of freedom; p → 0 as the differences' sd → 0);
- Wilcoxon signed-rank, exact, two-sided: the smallest p is 2 / 2ⁿ (every difference of one sign), so
  n ≥ 6 at α = 0.05 (:func:`min_n_wilcoxon`), n counting the data sets with a non-zero difference (the test
  drops the others);
- sign test (exact binomial, p = 1/2): one-sided 1 / 2ⁿ, n ≥ 5; two-sided 2 / 2ⁿ, n ≥ 6 at α = 0.05
  (:func:`min_n_sign_test`);
- Friedman + Nemenyi with k learners: the smallest N at which N data sets ranking the k learners
  the same way give a Friedman p < α and a Nemenyi p < α for the first against the last (3 for k = 3 to
  8 at α = 0.05; :func:`min_n_friedman_nemenyi`);
- Bayesian signed-rank: no p, and its posterior (a Dirichlet process with a prior of strength 0.5 at
  zero, Benavoli et al. 2017) treats the n observed differences as the whole distribution, so two
  data sets with A ahead by more than the ROPE already give P(A better) ≈ 0.97. We take no verdict
  below the n at which its frequentist counterpart, the exact Wilcoxon signed-rank test, can reject
  at level 1 − ``decision`` (n ≥ 6 at decision 0.95; :func:`min_n_bayes_signed_rank`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd
from scipy import stats

from aucacc.evaluation.folds import derive_seed
from aucacc.stats import paired_ttest
from aucacc.tables import split_frame


@dataclass(frozen=True)
class TestResult:
    """A two-sided test of A against B: ``statistic``, ``p``, ``mean_diff`` (A − B), ``n``."""

    n: int
    mean_diff: float
    statistic: float
    p: float
    note: str = ""  # why the statistic is not an ordinary number (e.g. every difference equal), else ""

    def verdict(self, a: str, b: str, alpha: float) -> str:
        """``"<a> significantly higher"``, ``"<b> significantly higher"`` or ``"not significant"``."""
        if not np.isfinite(self.p) or self.p >= alpha:
            return "not significant"
        return f"{a} significantly higher" if self.mean_diff > 0 else f"{b} significantly higher"


def _pair(a, b) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim != 1 or a.size < 2:
        raise ValueError(f"paired samples need equal 1-d length ≥ 2, got {a.shape} and {b.shape}")
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise ValueError("paired samples contain NaN or infinite values")
    return a, b


def wilcoxon_test(a, b) -> TestResult:
    """Two-sided Wilcoxon signed-rank test of paired ``a`` and ``b`` (``scipy.stats.wilcoxon``).

    scipy's defaults: zero differences dropped (``zero_method="wilcox"``), exact distribution
    for small n without ties, normal approximation otherwise. All differences zero gives
    statistic 0 and p = 1 (no evidence of a difference).
    """
    a, b = _pair(a, b)
    d = a - b
    if np.all(d == 0):
        return TestResult(n=a.size, mean_diff=0.0, statistic=0.0, p=1.0)
    res = stats.wilcoxon(a, b)
    return TestResult(n=a.size, mean_diff=float(d.mean()), statistic=float(res.statistic), p=float(res.pvalue))


def _correlated_ttest(folds_per_run: int | None):
    """``baycomp.CorrelatedTTest``, or its subclass whose Nadeau–Bengio correction uses the protocol's k.

    baycomp takes k = n / runs. When some folds have no value (a binary test fold with one class
    has no AUC: docs/small-classes.md) and are left out, n / runs is not the
    protocol's k, while the correction's n_test / n_train = 1/(k − 1) is the protocol's. The
    subclass computes the same statistics (s²_d · (1/n + 1/(k − 1)), n − 1 degrees of freedom,
    in baycomp's order of operations) with k given; called with ``runs=1``.
    """
    from baycomp import CorrelatedTTest

    if folds_per_run is None:
        return CorrelatedTTest
    k = int(folds_per_run)
    if k < 2:
        raise ValueError(f"folds_per_run must be at least 2, got {folds_per_run}")

    class KnownFoldsTTest(CorrelatedTTest):
        @classmethod
        def compute_statistics(cls, x, y, runs=1):
            diff = y - x
            n = len(diff)
            mean = np.mean(diff)
            var = np.var(diff, ddof=1)
            var *= 1 / n + 1 / (k - 1)  # Nadeau-Bengio's correction, the protocol's k
            return mean, var, n - 1

    return KnownFoldsTTest


def corrected_resampled_ttest(a, b, runs: int = 1, folds_per_run: int | None = None) -> TestResult:
    """Nadeau & Bengio's corrected resampled t-test over the folds of ``runs`` × k-fold CV.

    Parameters
    ----------
    a, b : per-fold values of the two learners, shape (runs · k,), paired fold by fold
        (repetition-major: the k folds of run 1, then of run 2, …).
    runs : number of repetitions of k-fold CV; k = len(a) / runs, n_test / n_train = 1/(k − 1).
    folds_per_run : the protocol's k, when folds without a value (an undefined AUC) were left
        out of ``a`` and ``b``, so that len(a) / runs is not k (:func:`_correlated_ttest`).

    The variance is ``baycomp.CorrelatedTTest.compute_statistics``'s (s²_d · (1/n + 1/(k − 1)));
    p is two-sided from Student's t with n − 1 degrees of freedom. Zero variance gives t = 0
    and p = 1 when every difference is zero, otherwise t = ±∞ and p = 0.
    """
    a, b = _pair(a, b)
    if folds_per_run is None and a.size % runs:
        raise ValueError(f"{a.size} fold values are not divisible into {runs} runs")
    # baycomp uses diff = y − x, so pass (b, a) to get the mean of a − b.
    mean, var, df = _correlated_ttest(folds_per_run).compute_statistics(b, a, runs)
    if var == 0:
        t = 0.0 if mean == 0 else float(np.sign(mean) * np.inf)
        return TestResult(n=a.size, mean_diff=float(mean), statistic=t, p=1.0 if mean == 0 else 0.0)
    t = float(mean / np.sqrt(var))
    return TestResult(n=a.size, mean_diff=float(mean), statistic=t, p=float(2 * stats.t.sf(abs(t), df)))


def rounds_ttest(a_rounds, b_rounds) -> TestResult:
    """Aggarwal (2015) eqs. 10.78–10.79: paired test over b rounds of cross-validation.

    Parameters
    ----------
    a_rounds, b_rounds : array-like, shape (b,)
        The two models' accuracies (or any metric) per round, paired round by round, b ≥ 2.

    Returns
    -------
    TestResult
        δa_i = A_i,1 − A_i,2; ``mean_diff`` ΔA = mean δa; ``statistic`` t = ΔA √b / σ, σ the sample sd of the
        δa (b − 1 in the denominator); ``p`` two-sided from Student's t with b − 1 degrees of freedom. The
        same numbers as ``scipy.stats.ttest_rel(a_rounds, b_rounds)`` (the reference), also when σ = 0:

        - every round differs by the same non-zero amount c: t = ±∞ (the sign of c), p = 0: ΔA ≠ 0 with no
          spread, the limit of t as σ → 0; ``note`` says "σ = 0: every round differs by c";
        - every round differs by 0: t = 0/0, undefined: t = NaN, p = NaN (the verdict "not significant");
          ``note`` says "σ = 0: every round differs by 0".

        "The same amount" is equality to within 1e-12 (relative to max(1, |δa|)): per-round means of fold
        accuracies that are equal in exact arithmetic can differ in their last bits, and scipy then returns a
        huge finite t of no meaning (with its "precision loss" warning). Here they are the constant case.

    Raises
    ------
    ValueError
        Samples of other shapes, fewer than 2 rounds, or NaN/infinite values.
    """
    a, b = _pair(a_rounds, b_rounds)
    d = a - b
    if np.allclose(d, d[0], rtol=0, atol=1e-12 * max(1.0, float(np.abs(d).max()))):
        c = float(d.mean())
        if abs(c) <= 1e-12:  # 0/0: no difference and no spread, t undefined (scipy: NaN, NaN)
            return TestResult(n=a.size, mean_diff=0.0, statistic=float("nan"), p=float("nan"),
                              note="σ = 0: every round differs by 0 (t undefined)")
        return TestResult(n=a.size, mean_diff=c, statistic=float(np.sign(c) * np.inf), p=0.0,
                          note=f"σ = 0: every round differs by {c:.6g} (t = {'+' if c > 0 else '−'}∞, p = 0)")
    res = stats.ttest_1samp(d, 0.0)
    return TestResult(n=a.size, mean_diff=float(d.mean()), statistic=float(res.statistic), p=float(res.pvalue))


@dataclass(frozen=True)
class BayesResult:
    """Posterior probabilities of A better, practically equivalent, B better (sum to 1)."""

    p_a: float
    p_rope: float
    p_b: float
    rope: float

    def verdict(self, a: str, b: str, decision: float) -> str:
        """``"<a> better"``, ``"<b> better"``, ``"equivalent"`` (one probability > ``decision``) or ``"undecided"``."""
        if self.p_a > decision:
            return f"{a} better"
        if self.p_b > decision:
            return f"{b} better"
        if self.p_rope > decision:
            return "equivalent"
        return "undecided"


def bayes_correlated_ttest(a, b, rope: float, runs: int = 1, folds_per_run: int | None = None) -> BayesResult:
    """Bayesian correlated t-test over the folds of one data set (``baycomp.CorrelatedTTest``).

    ``rope`` in the units of ``a`` and ``b`` (percentage points for our fold metrics). The
    probabilities come from the Student posterior's CDF (no sampling). With zero variance of
    the differences baycomp's posterior is degenerate; the mass is then put where the
    (constant) difference lies. ``folds_per_run``: as in :func:`corrected_resampled_ttest`.
    """
    CorrelatedTTest = _correlated_ttest(folds_per_run)
    if folds_per_run is not None:
        runs = 1  # the correction's k is given; baycomp's divisibility check does not apply
    a, b = _pair(a, b)
    d = a - b
    if np.all(d == d[0]):
        m = d[0]
        return BayesResult(float(m > rope), float(abs(m) <= rope), float(m < -rope), rope)
    # baycomp: diff = y − x and p_left = P(diff < −rope), so x = a makes p_left = P(a better).
    if rope > 0:
        pl, pe, pr = CorrelatedTTest.probs(a, b, rope=rope, runs=runs)
    else:
        (pl, pr), pe = CorrelatedTTest.probs(a, b, rope=0, runs=runs), 0.0
    return BayesResult(float(pl), float(pe), float(pr), rope)


def bayes_signed_rank(a, b, rope: float, seed: int, nsamples: int) -> BayesResult:
    """Bayesian signed-rank test over data sets (``baycomp.SignedRankTest``, prior 0.5 pseudo-observation
    at zero), ``nsamples`` Dirichlet draws seeded by ``seed`` (deterministic).

    The posterior's samples are :func:`signed_rank_samples` (baycomp's, bit for bit, without its loop over the
    draws); their probabilities baycomp's own (``baycomp.multiple.Posterior.probs``)."""
    from baycomp.multiple import Posterior

    a, b = _pair(a, b)
    probs = Posterior(signed_rank_samples(a, b, rope, nsamples, int(seed) % (2**32))).probs(rope > 0)
    if rope > 0:
        pl, pe, pr = probs
    else:
        (pl, pr), pe = probs, 0.0
    return BayesResult(float(pl), float(pe), float(pr), rope)


#: Products of Dirichlet weights held at once by :func:`signed_rank_samples` (8 MB of float64 per array).
_SIGNED_RANK_CHUNK = 1 << 20


def signed_rank_samples(x, y, rope: float, nsamples: int, random_state: int | None, prior: float = 0.5
                        ) -> np.ndarray:
    """The posterior samples of the Bayesian signed-rank test (Benavoli et al. 2014; 2017, §5): baycomp's
    ``SignedRankTest.sample(x, y, rope, prior=prior, nsamples=nsamples, random_state=random_state)``, bit for bit.

    baycomp draws the ``nsamples`` Dirichlet weight vectors w (of the n + 1 pseudo-observations: the prior's
    at zero, then the differences d = y − x) at once, then loops over them in Python: per draw, the sums of
    w_i·w_j over the pairs (i, j) whose d_i + d_j lies above 2·rope (and below −2·rope), ties counted ½. The
    same arrays are formed here for a chunk of draws at a time (the outer products w wᵀ and the masks, each
    product summed in the same order as ``np.sum`` of baycomp's n × n array), so every sample is baycomp's
    to the last bit (tests/test_significance.py compares them); a study with many learners and measures runs
    thousands of these tests, each 50,000 draws by default.

    Parameters
    ----------
    x, y : 1-d arrays of equal length n, one value per data set (baycomp's order: the differences are y − x).
    rope : the region of practical equivalence, in the values' units (≥ 0; 0: no rope).
    nsamples : the number of draws; random_state : the seed of ``numpy.random.RandomState``.
    prior : the prior's pseudo-observation weight (baycomp's default 0.5).

    Returns
    -------
    ndarray, shape (nsamples, 3)
        Per draw P(x better), P(equivalent), P(y better), as baycomp gives them (``baycomp.multiple.Posterior``).

    Raises
    ------
    ValueError
        As baycomp's ``check_args``: arrays not 1-d or of unequal length, a negative rope or prior, ``nsamples``
        not a positive integer.
    """
    from baycomp.utils import check_args

    x, y = np.asarray(x), np.asarray(y)
    check_args(x, y, rope, prior, nsamples)
    diff = np.hstack(([0], y - x))
    n = len(diff)
    sums = diff[:, None] + diff[None, :]
    weights = np.ones(n)
    weights[0] = prior

    def heaviside(a: np.ndarray, thresh: float) -> np.ndarray:
        return (a > thresh).astype(float) + 0.5 * (a == thresh).astype(float)

    masks = ([(0, heaviside(-sums, 2 * rope)), (2, heaviside(sums, 2 * rope))] if rope > 0
             else [(2, heaviside(sums, 0))])
    draws = np.random.RandomState(random_state).dirichlet(weights, nsamples)
    samples = np.zeros((nsamples, 3))
    step = max(1, _SIGNED_RANK_CHUNK // (n * n))
    for start in range(0, nsamples, step):
        w = draws[start:start + step]
        products = w[:, :, None] * w[:, None, :]  # np.outer of each draw
        for column, mask in masks:
            samples[start:start + step, column] = (products * mask).reshape(len(w), n * n).sum(axis=1)
    if rope > 0:
        samples[:, 1] = -samples[:, 0] - samples[:, 2] + 1
    else:
        samples[:, 0] = -samples[:, 2] + 1
    return samples


@dataclass(frozen=True)
class FriedmanResult:
    """Friedman test with a post-hoc test over N data sets × k learners (Nemenyi's unless ``posthoc`` says)."""

    statistic: float
    p: float
    ranks: pd.Series       # average rank per learner (1 = best, i.e. highest value)
    nemenyi: pd.DataFrame  # k × k p-values of the post-hoc test (Nemenyi's, or POSTHOCS[posthoc]'s)
    cd: float              # Demšar's critical difference of the Nemenyi test at ``alpha`` (NaN for another post-hoc)
    n: int
    alpha: float
    posthoc: str = "nemenyi"

    def verdict(self, a: str, b: str) -> str:
        """Nemenyi verdict for the pair (a, b), only when the Friedman test rejects first."""
        if not np.isfinite(self.p) or self.p >= self.alpha:
            return "not significant"
        if self.nemenyi.loc[a, b] >= self.alpha:
            return "not significant"
        return f"{a} significantly higher" if self.ranks[a] < self.ranks[b] else f"{b} significantly higher"


def average_ranks(values: pd.DataFrame, higher_better: bool = True) -> pd.Series:
    """Average rank of each learner over data sets (Demšar 2006, §3.2.2): rank 1 the best on a data set, ties
    mid-ranks, the mean over the rows.

    Parameters
    ----------
    values : rows data sets, columns learners; one value of a measure per cell (e.g. its mean over the folds).
    higher_better : the measure's direction (:attr:`aucacc.measures.Measure.higher_better`): True ranks the
        highest value 1; False (Brier, log loss) the lowest.

    Returns
    -------
    Series
        One average rank per learner (column order), in [1, k]; NaN for a learner with no value anywhere (a
        data set where a learner has no value gives mid-ranks among the others there: pass complete rows).
    """
    return values.astype(float).rank(axis=1, ascending=not higher_better, method="average").mean()


#: The post-hoc tests after a Friedman test (config ``statistics.posthoc``), each a scikit-posthocs function of
#: the data sets × learners matrix: Nemenyi's (Demšar 2006, §3.2.2), and the z-test of two average ranks,
#: z = (R_i − R_j) / √(k(k + 1) / (6N)) (Demšar 2006, §3.2.2; Siegel & Castellan 1988), with Holm's step-down
#: adjustment over the k(k − 1)/2 pairs (García & Herrera 2008). Bergmann–Hommel's procedure is in neither
#: scikit-posthocs nor autorank, so it is not offered (docs/analyses.md).
POSTHOCS = {"nemenyi": "Nemenyi", "holm": "Holm"}


def _posthoc_p(v: pd.DataFrame, posthoc: str) -> pd.DataFrame:
    import scikit_posthocs as sp

    if posthoc == "nemenyi":
        p = sp.posthoc_nemenyi_friedman(v.to_numpy())
    elif posthoc == "holm":
        p = sp.posthoc_siegel_friedman(v.to_numpy(), p_adjust="holm")
    else:
        raise ValueError(f"unknown post-hoc test {posthoc!r} (config statistics.posthoc: {', '.join(POSTHOCS)})")
    p.index = p.columns = list(v.columns)
    return p


def friedman_nemenyi(values: pd.DataFrame, alpha: float, posthoc: str = "nemenyi") -> FriedmanResult:
    """Friedman test and a post-hoc test on ``values`` (rows data sets, columns learners; higher is better).

    Ranks are 1 for the highest value, ties get mid-ranks (Demšar 2006, §3.2.2; :func:`average_ranks`).
    ``posthoc``: a key of :data:`POSTHOCS` (Nemenyi's by default; the critical difference is Nemenyi's, NaN
    for another). Raises ``ValueError`` with fewer than 3 learners, fewer than 2 data sets, missing values or
    an unknown post-hoc test.
    """
    if values.shape[1] < 3 or values.shape[0] < 2:
        raise ValueError(f"Friedman needs ≥ 3 learners and ≥ 2 data sets, got {values.shape[1]} and {values.shape[0]}")
    if values.isna().any().any():
        raise ValueError("Friedman test: a learner has no value on some data set")
    v = values.astype(float)
    res = stats.friedmanchisquare(*[v[c].to_numpy() for c in v.columns])
    ranks = average_ranks(v)
    nem = _posthoc_p(v, posthoc)
    k, n = v.shape[1], v.shape[0]
    cd = np.nan
    if posthoc == "nemenyi":
        q = stats.studentized_range.ppf(1 - alpha, k, np.inf) / np.sqrt(2)
        cd = float(q * np.sqrt(k * (k + 1) / (6 * n)))
    return FriedmanResult(statistic=float(res.statistic), p=float(res.pvalue), ranks=ranks, nemenyi=nem, cd=cd,
                          n=n, alpha=alpha, posthoc=posthoc)


# --------------------------------------------------------------------------- minimum sample sizes
#: The largest sample size the minimum searches try; a level that needs more is refused.
_MAX_N = 1000


def _check_level(alpha: float, name: str = "alpha") -> float:
    alpha = float(alpha)
    if not 0 < alpha < 1:
        raise ValueError(f"{name} must be in (0, 1), got {alpha}")
    return alpha


#: The smallest number of pairs at which the two-tailed paired t-test can give any p: with n − 1 ≥ 1
#: degrees of freedom p → 0 as |t| → ∞ (:func:`aucacc.stats.paired_ttest`).
MIN_N_PAIRED_T = 2


@lru_cache(maxsize=None)
def min_n_wilcoxon(alpha: float) -> int:
    """The smallest n at which the exact two-sided Wilcoxon signed-rank test can give p < ``alpha``.

    The smallest exact p of n non-zero differences is that of n differences of one sign and distinct
    magnitudes, 2 / 2ⁿ; it is taken from ``scipy.stats.wilcoxon(..., method="exact")`` for n = 1, 2, …
    (n = 6 at α = 0.05: p = 0.03125, against 0.0625 at n = 5).

    Raises
    ------
    ValueError
        ``alpha`` outside (0, 1), or so small that no n ≤ 1000 reaches it.
    """
    alpha = _check_level(alpha)
    for n in range(1, _MAX_N + 1):
        if stats.wilcoxon(np.arange(1.0, n + 1), method="exact").pvalue < alpha:
            return n
    raise ValueError(f"the Wilcoxon signed-rank test cannot reach p < {alpha} with ≤ {_MAX_N} pairs")


@lru_cache(maxsize=None)
def min_n_sign_test(alpha: float, alternative: str = "two-sided") -> int:
    """The smallest n at which the exact sign test (``scipy.stats.binomtest``, p = 1/2) can give p < ``alpha``.

    Its smallest p is that of n successes out of n: 1 / 2ⁿ one-sided (``alternative="greater"`` or
    ``"less"``; n = 5 at α = 0.05), 2 / 2ⁿ two-sided (n = 6).

    Raises
    ------
    ValueError
        ``alpha`` outside (0, 1), or so small that no n ≤ 1000 reaches it.
    """
    alpha = _check_level(alpha)
    k = (lambda n: 0) if alternative == "less" else (lambda n: n)
    for n in range(1, _MAX_N + 1):
        if stats.binomtest(k(n), n, 0.5, alternative=alternative).pvalue < alpha:
            return n
    raise ValueError(f"the sign test cannot reach p < {alpha} with ≤ {_MAX_N} trials")


@lru_cache(maxsize=None)
def min_n_friedman_nemenyi(k: int, alpha: float, posthoc: str = "nemenyi") -> int:
    """The smallest number N of data sets at which Friedman + Nemenyi (or the post-hoc test ``posthoc`` of
    :data:`POSTHOCS`) over ``k`` learners can separate a pair.

    N data sets that all rank the ``k`` learners in the same order give the largest Friedman statistic
    and the largest rank difference (k − 1, first against last); N is the smallest for which
    :func:`friedman_nemenyi` then gives Friedman p < ``alpha`` and Nemenyi p < ``alpha`` for that pair
    (3 for k = 3 to 8 at α = 0.05).

    Raises
    ------
    ValueError
        ``k`` < 3, ``alpha`` outside (0, 1), or no N ≤ 1000 reaches it.
    """
    alpha = _check_level(alpha)
    if k < 3:
        raise ValueError(f"Friedman + Nemenyi needs at least 3 learners, got {k}")
    order = np.arange(k, 0, -1, dtype=float)  # learner 0 best on every data set
    for n in range(2, _MAX_N + 1):
        res = friedman_nemenyi(pd.DataFrame(np.tile(order, (n, 1)), columns=[f"L{i}" for i in range(k)]), alpha,
                               posthoc)
        if res.p < alpha and res.nemenyi.iloc[0, k - 1] < alpha:
            return n
    raise ValueError(f"Friedman + Nemenyi over {k} learners cannot reach p < {alpha} with ≤ {_MAX_N} data sets")


def min_n_bayes_signed_rank(decision: float) -> int:
    """The smallest number of data sets from which the Bayesian signed-rank test takes a verdict.

    Its posterior (``baycomp.SignedRankTest``: a Dirichlet process, prior strength 0.5 at zero) treats
    the observed differences as the whole distribution: from 2 data sets with A ahead by more than the
    ROPE it gives P(A better) ≈ 0.97, a certainty no test of two values has. We require the sample size
    at which its frequentist counterpart, the exact Wilcoxon signed-rank test, can reject at level
    1 − ``decision``: :func:`min_n_wilcoxon` (1 − decision) (6 at decision 0.95).
    """
    return min_n_wilcoxon(1.0 - _check_level(decision, "decision"))


def min_n(test: str, *, alpha: float, decision: float = 0.95, learners: int = 3) -> int:
    """The minimum sample size of a test of :data:`TESTS` over data sets (``paired_t``, ``wilcoxon``,
    ``friedman_nemenyi`` with ``learners`` learners, ``bayes_signed_rank`` at ``decision``), at level ``alpha``.

    Raises
    ------
    ValueError
        An unknown test (the tests over folds have none here: their n is folds, not data sets).
    """
    if test == "paired_t":
        return MIN_N_PAIRED_T
    if test == "wilcoxon":
        return min_n_wilcoxon(alpha)
    if test == "friedman_nemenyi":
        return min_n_friedman_nemenyi(int(learners), alpha)
    if test == "bayes_signed_rank":
        return min_n_bayes_signed_rank(decision)
    raise ValueError(f"no minimum sample size for test {test!r} (known: paired_t, wilcoxon, friedman_nemenyi, "
                     "bayes_signed_rank)")


#: How each test is named in a :func:`too_few` verdict.
TEST_NAMES = {"paired_t": "the paired t-test", "wilcoxon": "Wilcoxon", "friedman_nemenyi": "Friedman–Nemenyi",
              "bayes_signed_rank": "the Bayesian signed-rank test", "sign_test": "the one-sided sign test"}


def too_few(n: int, need: int, test: str, reach: str, unit: str = "data sets", of: int | None = None) -> str:
    """The verdict of a test that cannot reach ``reach`` from ``n`` < ``need`` observations.

    ``"too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)"``: ``test`` a key of :data:`TEST_NAMES`
    (or a name), ``reach`` what it cannot reach (``"p < 0.05"``, ``"a verdict at 0.95"``), ``unit`` what
    n counts, ``of`` the total when n counts some of them (``"too few data sets with a difference (n = 5 of 6;
    …)"``). Every such verdict starts with ``"too few"`` (:func:`is_too_few`).
    """
    count = f"n = {int(n)}" + (f" of {int(of)}" if of is not None else "")
    return f"too few {unit} ({count}; {TEST_NAMES.get(test, test)} needs ≥ {int(need)} for {reach})"


def is_too_few(verdict: str) -> bool:
    """Is ``verdict`` a :func:`too_few` verdict (no test was possible)?"""
    return str(verdict).startswith("too few ")


#: The columns of the claims-against-tests table, one per test (in this order).
TESTS = ("paired_t", "wilcoxon", "friedman_nemenyi", "bayes_signed_rank", "corrected_t", "bayes_correlated")
#: Tests over data sets, whose verdict can be compared with the published verdict directly.
OVER_DATASETS = ("paired_t", "wilcoxon", "friedman_nemenyi", "bayes_signed_rank")


def _agrees(verdict: str, published: str, a: str, b: str) -> bool:
    """Does a test's verdict support the published one? A published "<X> significantly higher"
    needs the test to find X higher/better; a published "not significant" needs it to find no
    difference (Bayesian "equivalent" or "undecided")."""
    for x in (a, b):
        if published == f"{x} significantly higher":
            return verdict in (f"{x} significantly higher", f"{x} better")
    if published == "not significant":
        return not any(verdict in (f"{x} significantly higher", f"{x} better") for x in (a, b))
    raise ValueError(f"unknown published outcome {published!r} (expected '<learner> significantly higher' "
                     "or 'not significant')")


def claims_against_tests(metrics: pd.DataFrame, claims: pd.DataFrame, groups: dict[str, tuple[list, list]], *,
                         alpha: float, rope: float, decision: float, seed: int, nsamples: int,
                         friedman_groups: dict[str, tuple[list, list]] | None = None,
                         posthoc: str = "nemenyi") -> dict[str, object]:
    """Every published significance claim under every test: one row per claim, one column per test.

    Parameters
    ----------
    metrics : tidy fold metrics ``dataset, learner, fold, metric, value`` (percent), optionally
        ``repetition`` (repeated CV; folds are then paired per repetition and fold).
    claims : ``table, metric, a, b, published_outcome`` — Knowl 5 and 6 of Huang & Ling (2005)
        (``config/published/significance.csv``). Without a ``published_outcome`` column (pairs to
        test, no verdict to check: :func:`aucacc.studies.analysis.pairwise_tests`) the table has no
        ``published_outcome`` and no ``supported_by`` column.
    groups : ``{table: (datasets, learners)}`` — the data sets and learners each published table
        compares (Friedman / Nemenyi rank all its learners together).
    friedman_groups : ``{table: (datasets, learners)}`` that Friedman / Nemenyi rank for the claims
        of each table, when not the table's group (default: ``groups``). A Friedman test is run
        once per distinct (data sets, learners, metric). With fewer than 3 learners or 2 data
        sets it does not apply: the cell reads ``"not applicable"`` and no claim is supported by it.
    alpha : significance level of the frequentist tests (config ``protocol.alpha``).
    rope : region of practical equivalence, percentage points (fold metrics are percent;
        config ``statistics.rope``).
    decision : posterior probability above which a Bayesian verdict is taken (``statistics.decision``).
    seed : master seed; each Bayesian signed-rank test draws with a seed derived from it and
        the claim (:func:`aucacc.evaluation.folds.derive_seed`).
    nsamples : Dirichlet draws of each Bayesian signed-rank test (``statistics.bayes_samples``).
    posthoc : the post-hoc test after Friedman's, a key of :data:`POSTHOCS` (Nemenyi's by default; the column
        keeps the name ``friedman_nemenyi``).

    Returns
    -------
    dict with ``claims`` (the table; cells are verdicts, ``corrected_t`` and
    ``bayes_correlated`` count per-data-set verdicts, ``supported_by`` lists the over-data-set
    tests that agree with the published verdict), ``detail`` (statistic, p or probabilities per
    claim and test), ``per_dataset`` (the two over-folds tests per data set), ``friedman`` (one row
    per table and metric: statistic, p, CD, average ranks) and ``friedman_results``
    (``{(table, metric): FriedmanResult}`` for the critical-difference diagrams,
    :func:`aucacc.report.plots.significance.cd_diagram`; none where Friedman does not apply).
    A test over data sets with fewer data sets than its minimum (:func:`min_n`: Wilcoxon 6,
    Friedman–Nemenyi 3 with 3 to 8 learners, Bayesian signed-rank 6, at α = 0.05 and decision 0.95)
    reads :func:`too_few` (``"too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)"``) and supports
    no claim; ``detail`` gives each test's ``n`` and ``min_n``.
    """
    has_rep = "repetition" in metrics.columns
    has_pub = "published_outcome" in claims.columns
    keys = ["repetition", "fold"] if has_rep else ["fold"]
    means = metrics.groupby(["dataset", "learner", "metric"])["value"].mean()
    fgroups = groups if friedman_groups is None else friedman_groups
    fried: dict[tuple[str, str], FriedmanResult | None] = {}
    fried_once: dict[tuple, FriedmanResult | None] = {}  # one test per (data sets, learners, metric)
    rows, detail, per_ds = [], [], []
    for c in claims.itertuples(index=False):
        if c.table not in groups:
            raise ValueError(f"claim {c.a} vs {c.b} ({c.metric}) names table {c.table!r}, which has no data sets "
                             f"and learners configured (known: {sorted(groups)})")
        dsets, learners = groups[c.table]
        wide = means.xs(c.metric, level="metric").unstack("learner").reindex(index=list(dsets), columns=list(learners))
        missing = wide[wide[[c.a, c.b]].isna().any(axis=1)].index.tolist()
        if missing:
            raise ValueError(f"claim {c.a} vs {c.b} ({c.table}, {c.metric}): no fold metrics for data sets {missing}")
        cell: dict[str, str] = {}
        pt = paired_ttest(wide[c.a], wide[c.b], alpha)
        cell["paired_t"] = {"a significantly higher": f"{c.a} significantly higher",
                            "b significantly higher": f"{c.b} significantly higher"}.get(pt.verdict, pt.verdict)
        detail.append({"test": "paired_t", "statistic": pt.t, "p": pt.p, "n": pt.n, "min_n": MIN_N_PAIRED_T})
        wx = wilcoxon_test(wide[c.a], wide[c.b])
        need = min_n_wilcoxon(alpha)
        # the test drops zero differences (zero_method "wilcox"): its minimum is of the data sets with a difference
        differ = int((wide[c.a] != wide[c.b]).sum())
        cell["wilcoxon"] = (wx.verdict(c.a, c.b, alpha) if differ >= need else
                            too_few(differ, need, "wilcoxon", f"p < {alpha:g}") if differ == wx.n else
                            too_few(differ, need, "wilcoxon", f"p < {alpha:g}", "data sets with a difference", wx.n))
        detail.append({"test": "wilcoxon", "statistic": wx.statistic, "p": wx.p, "n": wx.n, "min_n": need})
        if (c.table, c.metric) not in fried:
            f_dsets, f_learners = fgroups[c.table] if c.table in fgroups else (dsets, learners)
            once = (tuple(f_dsets), tuple(f_learners), c.metric)
            if once not in fried_once:
                fwide = wide if fgroups is groups else means.xs(c.metric, level="metric").unstack("learner").reindex(
                    index=list(f_dsets), columns=list(f_learners))
                applies = len(f_learners) >= 3 and len(f_dsets) >= 2
                fried_once[once] = friedman_nemenyi(fwide, alpha, posthoc) if applies else None
            fried[(c.table, c.metric)] = fried_once[once]
        fr = fried[(c.table, c.metric)]
        if fr is None:
            cell["friedman_nemenyi"] = "not applicable"
            detail.append({"test": "friedman_nemenyi", "statistic": np.nan, "p": np.nan, "n": len(fgroups.get(
                c.table, (dsets,))[0]), "min_n": np.nan, "friedman_p": np.nan, "rank_a": np.nan, "rank_b": np.nan,
                "cd": np.nan})
        else:
            need = min_n_friedman_nemenyi(len(fr.ranks), alpha, posthoc)
            cell["friedman_nemenyi"] = (fr.verdict(c.a, c.b) if fr.n >= need else
                                        too_few(fr.n, need, f"Friedman–{POSTHOCS[posthoc]} with {len(fr.ranks)} "
                                                            "learners",
                                                f"p < {alpha:g}"))
            detail.append({"test": "friedman_nemenyi", "statistic": fr.statistic,
                           "p": float(fr.nemenyi.loc[c.a, c.b]), "n": fr.n, "min_n": need, "friedman_p": fr.p,
                           "rank_a": fr.ranks[c.a], "rank_b": fr.ranks[c.b], "cd": fr.cd})
        sr = bayes_signed_rank(wide[c.a], wide[c.b], rope, derive_seed(seed, "bayes_signed_rank", c.table, c.metric,
                                                                        c.a, c.b), nsamples)
        need = min_n_bayes_signed_rank(decision)
        cell["bayes_signed_rank"] = (sr.verdict(c.a, c.b, decision) if len(wide) >= need
                                     else too_few(len(wide), need, "bayes_signed_rank", f"a verdict at {decision:g}"))
        detail.append({"test": "bayes_signed_rank", "n": len(wide), "min_n": need, "p_a": sr.p_a, "p_rope": sr.p_rope,
                       "p_b": sr.p_b})
        # Over the folds of each data set.
        sub = metrics[(metrics["metric"] == c.metric) & metrics["learner"].isin([c.a, c.b])]
        counts_t = {f"{c.a} significantly higher": 0, f"{c.b} significantly higher": 0, "not significant": 0}
        counts_b = {f"{c.a} better": 0, "equivalent": 0, f"{c.b} better": 0, "undecided": 0}
        of_dataset = split_frame(sub, "dataset")  # one grouping, not a comparison of sub per data set
        # the folds × learners of every data set in one grouping (a pivot per data set cost most of the tests'
        # time); the rows where both learners have no value are left out, as a pivot table leaves them
        wide_all = sub.groupby(["dataset", *keys, "learner"])["value"].mean().unstack("learner")
        for d in dsets:
            f = wide_all.loc[d].dropna(how="all").sort_index()
            runs = int(f.index.get_level_values("repetition").nunique()) if has_rep else 1
            # the protocol's k, also when folds without a value (undefined AUC) are left out of f
            k = int(of_dataset[d]["fold"].nunique())
            left_out = len(f) < runs * k
            ct = corrected_resampled_ttest(f[c.a], f[c.b], runs, folds_per_run=k if left_out else None)
            bc = bayes_correlated_ttest(f[c.a], f[c.b], rope, runs, folds_per_run=k if left_out else None)
            vt, vb = ct.verdict(c.a, c.b, alpha), bc.verdict(c.a, c.b, decision)
            counts_t[vt] += 1
            counts_b[vb] += 1
            per_ds.append({"table": c.table, "metric": c.metric, "a": c.a, "b": c.b, "dataset": d, "n_folds": ct.n,
                           "runs": runs, "mean_diff": ct.mean_diff, "corrected_t": ct.statistic, "p": ct.p,
                           "corrected_t_verdict": vt, "p_a_better": bc.p_a, "p_equivalent": bc.p_rope,
                           "p_b_better": bc.p_b, "bayes_correlated_verdict": vb})
        cell["corrected_t"] = (f"{c.a} higher on {counts_t[f'{c.a} significantly higher']}, "
                               f"{c.b} higher on {counts_t[f'{c.b} significantly higher']}, "
                               f"n.s. on {counts_t['not significant']} of {len(dsets)}")
        cell["bayes_correlated"] = (f"{c.a} better on {counts_b[f'{c.a} better']}, ≈ on {counts_b['equivalent']}, "
                                    f"{c.b} better on {counts_b[f'{c.b} better']}, undecided on "
                                    f"{counts_b['undecided']} of {len(dsets)}")
        for dct in detail[-4:]:
            dct.update({"table": c.table, "metric": c.metric, "a": c.a, "b": c.b})
        detail[-4]["verdict"], detail[-3]["verdict"] = cell["paired_t"], cell["wilcoxon"]
        detail[-2]["verdict"], detail[-1]["verdict"] = cell["friedman_nemenyi"], cell["bayes_signed_rank"]
        if not has_pub:
            rows.append({"table": c.table, "metric": c.metric, "a": c.a, "b": c.b, **{t: cell[t] for t in TESTS}})
            continue
        support = [t for t in OVER_DATASETS if cell[t] != "not applicable" and not is_too_few(cell[t])
                   and _agrees(cell[t], c.published_outcome, c.a, c.b)]
        rows.append({"table": c.table, "metric": c.metric, "a": c.a, "b": c.b,
                     "published_outcome": c.published_outcome, **{t: cell[t] for t in TESTS},
                     "supported_by": ", ".join(support) or "none"})
    lead = ["table", "metric", "a", "b", "test"]
    det = pd.DataFrame(detail, columns=None if detail else lead)
    det = det[lead + [x for x in det.columns if x not in lead]]
    if "min_n" in det.columns:  # NaN where Friedman does not apply: an integer column all the same
        det["min_n"] = det["min_n"].astype("Int64")
    fr_rows = [{"table": t, "metric": m, "n_datasets": r.n, "statistic": r.statistic, "p": r.p, "cd": r.cd,
                **{f"rank:{k}": v for k, v in r.ranks.items()}} for (t, m), r in fried.items() if r is not None]
    return {"claims": pd.DataFrame(rows), "detail": det, "per_dataset": pd.DataFrame(per_ds),
            "friedman": pd.DataFrame(fr_rows), "friedman_results": {k: r for k, r in fried.items() if r is not None}}


def repeated_tests(metrics: pd.DataFrame, pairs, alpha: float, rope: float, decision: float) -> pd.DataFrame:
    """Per data set, metric and learner pair: the tests over b rounds of k-fold CV.

    Parameters
    ----------
    metrics : tidy repeated fold metrics ``dataset, learner, repetition, fold, metric, value`` (percent;
        :func:`aucacc.evaluation.repeated.repeated_cross_validate`).
    pairs : (a, b) learner pairs.
    alpha, rope, decision : config ``protocol.alpha``, ``statistics.rope`` (percentage points) and
        ``statistics.decision``.

    Returns one row per data set × metric × pair: ``rounds`` b, ``folds`` b·k; Aggarwal's test over
    the per-round means (``delta_A`` = ΔA, ``rounds_t``, ``rounds_p``, and ``rounds_note`` when σ = 0:
    t = ±∞, p = 0 for a constant non-zero difference, NaN for none, as :func:`rounds_ttest`); the naive paired t-test over
    the b·k folds (``naive_t``, ``naive_p``, the test the correction exists for); the Nadeau–Bengio
    corrected t-test (``corrected_t``, ``corrected_p``); the Bayesian correlated t-test
    (``p_a_better``, ``p_equivalent``, ``p_b_better``) and the verdicts.
    """
    rows = []
    for (d, metric), g in metrics.groupby(["dataset", "metric"], sort=True):
        wide = g.pivot_table(index=["repetition", "fold"], columns="learner", values="value").sort_index()
        b = int(wide.index.get_level_values("repetition").nunique())
        for a, c in pairs:
            if a not in wide.columns or c not in wide.columns:
                continue
            per_round = wide[[a, c]].groupby(level="repetition").mean()
            rt = rounds_ttest(per_round[a], per_round[c]) if b > 1 else None
            # folds without a value (an undefined AUC) are not in `wide`: the correction takes the protocol's k
            k = int(g["fold"].nunique())
            kk = k if len(wide) < b * k else None
            ct = corrected_resampled_ttest(wide[a], wide[c], runs=b, folds_per_run=kk)
            naive = stats.ttest_rel(wide[a], wide[c])
            bc = bayes_correlated_ttest(wide[a], wide[c], rope, runs=b, folds_per_run=kk)
            rows.append({"dataset": d, "metric": metric, "a": a, "b": c, "rounds": b, "folds": len(wide),
                         "delta_A": float((per_round[a] - per_round[c]).mean()),
                         "rounds_t": rt.statistic if rt else np.nan, "rounds_p": rt.p if rt else np.nan,
                         "rounds_verdict": rt.verdict(a, c, alpha) if rt else "needs b > 1",
                         "rounds_note": rt.note if rt else "",
                         "naive_t": float(naive.statistic), "naive_p": float(naive.pvalue),
                         "corrected_t": ct.statistic, "corrected_p": ct.p, "corrected_verdict": ct.verdict(a, c, alpha),
                         "p_a_better": bc.p_a, "p_equivalent": bc.p_rope, "p_b_better": bc.p_b,
                         "bayes_verdict": bc.verdict(a, c, decision)})
    return pd.DataFrame(rows)
