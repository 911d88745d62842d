"""The tests beyond the paired t-test, against hand computations and the libraries' own outputs."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from aucacc.significance import (MIN_N_PAIRED_T, TESTS, bayes_correlated_ttest, bayes_signed_rank,
                                 claims_against_tests, corrected_resampled_ttest, friedman_nemenyi, is_too_few, min_n,
                                 min_n_bayes_signed_rank, min_n_friedman_nemenyi, min_n_sign_test, min_n_wilcoxon,
                                 rounds_ttest, too_few, wilcoxon_test)

REPO = Path(__file__).resolve().parents[1]
# The levels of the default configuration (schema defaults: protocol.alpha, statistics.rope, .decision).
STATS = {"alpha": 0.05, "rope": 1.0, "decision": 0.95}


def test_wilcoxon_equals_exact_enumeration_by_hand():
    a = np.array([0.82, 0.75, 0.91, 0.66, 0.70, 0.88, 0.79])
    b = np.array([0.80, 0.70, 0.84, 0.67, 0.61, 0.80, 0.75])
    d = a - b  # +.02 +.05 +.07 −.01 +.09 +.08 +.04: no ties, no zeros
    r = stats.rankdata(np.abs(d))
    w_minus = r[d < 0].sum()
    # Exact two-sided p: the share of the 2^7 sign patterns with min(W+, W−) ≤ the observed one.
    obs = min(r[d > 0].sum(), w_minus)
    count = sum(1 for s in product([0, 1], repeat=7)
                if min(sum(ri for ri, si in zip(r, s) if si), sum(ri for ri, si in zip(r, s) if not si)) <= obs)
    res = wilcoxon_test(a, b)
    assert res.statistic == w_minus == 1.0
    assert res.p == pytest.approx(count / 2**7, rel=1e-12)
    assert res.p == pytest.approx(stats.wilcoxon(a, b).pvalue)
    assert res.verdict("A", "B", 0.05) == "A significantly higher"
    assert res.verdict("A", "B", 0.01) == "not significant"  # p = 2/128 = 0.0156
    assert wilcoxon_test(a, a).p == 1.0


def test_corrected_resampled_ttest_by_hand():
    a = np.array([81.0, 79.5, 84.0, 80.0, 78.0, 83.5, 82.0, 80.5, 79.0, 85.0])
    b = np.array([80.0, 80.0, 82.0, 78.5, 78.5, 81.0, 80.0, 80.0, 78.0, 82.5])
    d = a - b
    n = 10
    s2 = d.var(ddof=1)
    t_hand = d.mean() / np.sqrt((1 / n + 1 / 9) * s2)  # n_test / n_train = 1/9 in 10-fold CV
    p_hand = 2 * stats.t.sf(abs(t_hand), n - 1)
    res = corrected_resampled_ttest(a, b)
    assert res.statistic == pytest.approx(t_hand, rel=1e-12) and res.p == pytest.approx(p_hand, rel=1e-12)
    # The correction only shrinks t: the naive paired t-test over folds is larger.
    assert abs(stats.ttest_rel(a, b).statistic) > abs(res.statistic)
    # Ten runs of ten folds: n = 100, k = 10, still 1/9.
    rng = np.random.default_rng(1)
    A, B = rng.normal(80, 2, 100), rng.normal(79, 2, 100)
    D = A - B
    t100 = D.mean() / np.sqrt((1 / 100 + 1 / 9) * D.var(ddof=1))
    assert corrected_resampled_ttest(A, B, runs=10).statistic == pytest.approx(t100, rel=1e-12)


def test_rounds_ttest_is_aggarwal_10_78_10_79_by_hand():
    a = np.array([0.86, 0.84, 0.87, 0.85, 0.88])
    b = np.array([0.84, 0.84, 0.85, 0.83, 0.85])
    da = a - b
    dA = da.sum() / 5                                   # eq. 10.78
    sigma = np.sqrt(((da - dA) ** 2).sum() / (5 - 1))   # eq. 10.79
    t = dA * np.sqrt(5) / sigma
    res = rounds_ttest(a, b)
    assert res.mean_diff == pytest.approx(dA) and res.statistic == pytest.approx(t, rel=1e-12)
    assert res.p == pytest.approx(2 * stats.t.sf(t, 4), rel=1e-12)


def test_bayes_correlated_ttest_is_the_corrected_student_posterior():
    from baycomp import two_on_single

    a = np.array([81.0, 79.5, 84.0, 80.0, 78.0, 83.5, 82.0, 80.5, 79.0, 85.0])
    b = np.array([80.0, 80.0, 82.0, 78.5, 78.5, 81.0, 80.0, 80.0, 78.0, 82.5])
    d = a - b
    scale = np.sqrt((1 / 10 + 1 / 9) * d.var(ddof=1))
    post = stats.t(df=9, loc=d.mean(), scale=scale)
    res = bayes_correlated_ttest(a, b, rope=1.0)
    assert res.p_a == pytest.approx(post.sf(1.0), rel=1e-9)
    assert res.p_b == pytest.approx(post.cdf(-1.0), rel=1e-9)
    assert res.p_rope == pytest.approx(post.cdf(1.0) - post.cdf(-1.0), rel=1e-9)
    # The library's own entry point gives the same three numbers (x = A: p_left = P(A better)).
    assert two_on_single(a, b, rope=1.0) == pytest.approx((res.p_a, res.p_rope, res.p_b))
    assert res.verdict("A", "B", 0.95) == "undecided"
    assert bayes_correlated_ttest(a + 10, b, rope=1.0).verdict("A", "B", 0.95) == "A better"


def test_bayes_signed_rank_is_seeded_and_equals_baycomp():
    from baycomp import SignedRankTest

    rng = np.random.default_rng(4)
    a = rng.normal(85, 5, 18)
    b = a - rng.normal(1.5, 1.0, 18)
    r1 = bayes_signed_rank(a, b, rope=1.0, seed=11, nsamples=5000)
    r2 = bayes_signed_rank(a, b, rope=1.0, seed=11, nsamples=5000)
    assert r1 == r2
    assert (r1.p_a, r1.p_rope, r1.p_b) == SignedRankTest.probs(a, b, rope=1.0, nsamples=5000, random_state=11)
    assert r1.p_a + r1.p_rope + r1.p_b == pytest.approx(1.0)
    assert r1.p_a > r1.p_b  # A is higher on most data sets
    # Practically equal learners (every |difference| < rope/2): equivalence.
    e = bayes_signed_rank(a, a + rng.uniform(-0.2, 0.2, 18), rope=1.0, seed=1, nsamples=5000)
    assert e.verdict("A", "B", 0.95) == "equivalent"


@pytest.mark.parametrize("rope", [0.0, 0.01, 0.5, 1.0])
def test_signed_rank_samples_are_baycomps_bit_for_bit(rope, monkeypatch):
    """signed_rank_samples against baycomp's SignedRankTest.sample, array_equal (no tolerance): n from 1 to 60
    data sets (the outer products from 4 to 3,721 entries: numpy's pairwise sums in one block and in several),
    rounded values with ties and zero differences, on both sides of the rope; chunks of one draw and of many."""
    from baycomp import SignedRankTest

    import aucacc.significance as S

    rng = np.random.default_rng(int(rope * 100))
    for n in (1, 2, 3, 7, 11, 18, 19, 36, 60):
        x = rng.normal(80, 5, n).round(int(rng.integers(0, 3)))
        y = (x + rng.normal(0, 2 * rope + 0.5, n)).round(int(rng.integers(0, 3)))
        y[: n // 3] = x[: n // 3]  # zero differences
        nsamples, seed = int(rng.integers(1, 2500)), int(rng.integers(0, 2**32))
        theirs = SignedRankTest.sample(x, y, rope, nsamples=nsamples, random_state=seed)
        assert np.array_equal(S.signed_rank_samples(x, y, rope, nsamples, seed), theirs), (n, nsamples)
        monkeypatch.setattr(S, "_SIGNED_RANK_CHUNK", 1)  # one draw per chunk: baycomp's own loop
        assert np.array_equal(S.signed_rank_samples(x, y, rope, nsamples, seed), theirs), (n, nsamples)
        monkeypatch.undo()
    with pytest.raises(ValueError, match="Rope width cannot be negative"):
        S.signed_rank_samples([1.0, 2.0], [2.0, 3.0], -1.0, 10, 0)


def test_friedman_nemenyi_by_hand_and_demsar_cd():
    rng = np.random.default_rng(5)
    base = rng.normal(80, 5, 18)
    v = pd.DataFrame({"X": base + 3 + rng.normal(0, 0.5, 18), "Y": base + 1 + rng.normal(0, 0.5, 18),
                      "Z": base + rng.normal(0, 0.5, 18)})
    fr = friedman_nemenyi(v, 0.05)
    R = v.rank(axis=1, ascending=False).mean()
    N, k = 18, 3
    chi2 = 12 * N / (k * (k + 1)) * ((R**2).sum() - k * (k + 1) ** 2 / 4)  # Demšar (2006) eq. for χ²_F
    assert fr.statistic == pytest.approx(chi2, rel=1e-12)
    assert fr.ranks.to_dict() == pytest.approx(R.to_dict())
    # Demšar's Table 5: q_0.05 = 2.343 for k = 3.
    assert fr.cd == pytest.approx(2.343 * np.sqrt(k * (k + 1) / (6 * N)), rel=1e-3)
    # Nemenyi rejects exactly when the rank difference exceeds CD.
    for a, b in [("X", "Y"), ("X", "Z"), ("Y", "Z")]:
        assert (fr.nemenyi.loc[a, b] < 0.05) == (abs(R[a] - R[b]) > fr.cd)
    assert fr.verdict("X", "Z") == "X significantly higher"


def _fake_metrics(rng, datasets, learners, shift):
    rows = []
    for d in datasets:
        base = rng.normal(80, 5)
        for lrn in learners:
            for f in range(10):
                for metric in ("accuracy", "auc"):
                    rows.append({"dataset": d, "learner": lrn, "fold": f, "metric": metric,
                                 "value": base + shift[lrn] * (metric == "auc") + rng.normal(0, 2)})
    return pd.DataFrame(rows)


def test_claims_table_has_a_row_and_a_verdict_per_test_for_every_claim():
    from aucacc.report.claims import load_claims

    # config/claims.yaml names the published verdicts: the table `significance`, keyed by table, metric, a, b.
    assert load_claims(REPO / "config" / "claims.yaml")["tables"]["significance"]["key"] == ["table", "metric", "a", "b"]
    claims = pd.read_csv(REPO / "config" / "published" / "significance.csv")
    # Knowl 5: three accuracy and three AUC verdicts over NB, C4.4, C4.5; Knowl 6: SVM against each
    # in accuracy (3), SVM / NB / C4.4 pairwise in AUC (3) and each of them against C4.5 in AUC (3).
    assert claims.groupby("table").size().to_dict() == {"uci_nb_c44_c45": 6, "svm_binary13": 9}
    rng = np.random.default_rng(0)
    ds18 = [f"d{i}" for i in range(18)]
    m = _fake_metrics(rng, ds18, ["NB", "C4.4", "C4.5", "SVM"], {"NB": 3, "C4.4": 2.5, "C4.5": 0, "SVM": 3})
    groups = {"uci_nb_c44_c45": (ds18, ["NB", "C4.4", "C4.5"]), "svm_binary13": (ds18[:13], ["SVM", "NB", "C4.4", "C4.5"])}
    out = claims_against_tests(m, claims, groups, seed=1, nsamples=2000, **STATS)
    tab = out["claims"]
    assert len(tab) == len(claims)
    key = ["table", "metric", "a", "b"]
    assert set(map(tuple, tab[key].to_numpy())) == set(map(tuple, claims[key].to_numpy()))
    assert tab[list(TESTS)].notna().all().all()
    row = tab.set_index(key).loc[("uci_nb_c44_c45", "auc", "NB", "C4.5")]
    assert row["paired_t"] == "NB significantly higher" and "paired_t" in row["supported_by"]
    # Per data set: one corrected t-test and one Bayesian correlated t-test per claim and data set.
    assert len(out["per_dataset"]) == 18 * 6 + 13 * 9
    assert set(out["friedman"]["table"]) == {"uci_nb_c44_c45", "svm_binary13"}


def test_claims_table_needs_the_data_of_every_claim():
    claims = pd.DataFrame({"table": ["t"], "metric": ["auc"], "a": ["A"], "b": ["B"],
                           "published_outcome": ["not significant"]})
    m = _fake_metrics(np.random.default_rng(0), ["d0", "d1"], ["A", "B", "C"], {"A": 0, "B": 0, "C": 0})
    with pytest.raises(ValueError, match="names table 'u'"):
        claims_against_tests(m, claims.assign(table="u"), {"t": (["d0", "d1"], ["A", "B", "C"])}, seed=1,
                             nsamples=2000, **STATS)
    with pytest.raises(ValueError, match=r"no fold metrics for data sets \['d9'\]"):
        claims_against_tests(m, claims, {"t": (["d0", "d9"], ["A", "B", "C"])}, seed=1, nsamples=2000, **STATS)


def test_claims_without_verdicts_and_separate_friedman_groups():
    """Pairs to test (no published_outcome): no verdict columns; Friedman ranks its own group, once per
    (data sets, learners, metric); with two learners it does not apply and supports nothing."""
    rng = np.random.default_rng(4)
    ds = [f"d{i}" for i in range(6)]
    m = _fake_metrics(rng, ds, ["A", "B", "C"], {"A": 3, "B": 0, "C": 1})
    pairs = pd.DataFrame({"table": ["A vs B", "A vs C"], "metric": ["auc", "auc"], "a": ["A", "A"], "b": ["B", "C"]})
    groups = {"A vs B": (ds, ["A", "B"]), "A vs C": (ds[:4], ["A", "C"])}
    fgroups = {t: (ds[:5], ["A", "B", "C"]) for t in groups}
    out = claims_against_tests(m, pairs, groups, friedman_groups=fgroups, seed=1, nsamples=500, **STATS)
    tab = out["claims"]
    assert "published_outcome" not in tab.columns and "supported_by" not in tab.columns
    fr = out["friedman_results"]
    assert fr[("A vs B", "auc")] is fr[("A vs C", "auc")] and fr[("A vs B", "auc")].n == 5
    means = m[m.metric == "auc"].groupby(["dataset", "learner"])["value"].mean().unstack().loc[ds[:5]]
    ref = stats.friedmanchisquare(means["A"], means["B"], means["C"])
    assert fr[("A vs B", "auc")].p == pytest.approx(ref.pvalue)
    # the pair tests stay on each pair's own data sets
    det = out["detail"].set_index(["table", "test"])
    assert det.loc[("A vs C", "wilcoxon"), "n"] == 4 and det.loc[("A vs B", "wilcoxon"), "n"] == 6
    # two learners: Friedman does not apply, and a "not significant" claim is not supported by it
    claims = pairs.assign(published_outcome="not significant")
    two = claims_against_tests(m, claims, groups, seed=1, nsamples=500, **STATS)
    assert (two["claims"]["friedman_nemenyi"] == "not applicable").all() and two["friedman_results"] == {}
    assert not two["claims"]["supported_by"].str.contains("friedman").any()
    assert two["friedman"].empty


# --------------------------------------------------------------------------- minimum sample sizes
@pytest.mark.parametrize("alpha, expected", [(0.05, 6), (0.1, 5), (0.01, 8)])
def test_min_n_wilcoxon_is_the_first_n_whose_exact_p_can_fall_below_alpha(alpha, expected):
    n = min_n_wilcoxon(alpha)
    assert n == expected
    # the smallest exact two-sided p of n non-zero differences is 2 / 2^n (all of one sign) ...
    assert stats.wilcoxon(np.arange(1.0, n + 1), method="exact").pvalue == pytest.approx(2 / 2 ** n)
    # ... and no sign pattern of n − 1 distinct magnitudes gets below alpha (scipy's exact p of each)
    ranks = np.arange(1.0, n)
    smallest = min(stats.wilcoxon(ranks * np.where(np.array(s), 1, -1), method="exact").pvalue
                   for s in product([0, 1], repeat=n - 1))
    assert smallest == pytest.approx(2 / 2 ** (n - 1)) and smallest >= alpha


def test_min_n_sign_test_one_and_two_sided():
    assert min_n_sign_test(0.05, "greater") == min_n_sign_test(0.05, "less") == 5  # 1/32 < 0.05 ≤ 1/16
    assert min_n_sign_test(0.05) == 6  # two-sided: 2/64 < 0.05 ≤ 2/32
    assert stats.binomtest(4, 4, 0.5, alternative="greater").pvalue == 1 / 16
    assert stats.binomtest(5, 5, 0.5, alternative="greater").pvalue == 1 / 32
    assert stats.binomtest(5, 5, 0.5).pvalue == 1 / 16 and stats.binomtest(6, 6, 0.5).pvalue == 1 / 32


def test_min_n_friedman_nemenyi_against_the_chi_square_by_hand():
    # k = 3 learners ranked the same on N data sets: Friedman's χ² = N(k − 1) = 2N with 2 degrees of freedom,
    # p = exp(−N): N = 2 gives 0.135, N = 3 gives 0.0498 < 0.05 (and the Nemenyi p of first vs last is below too)
    assert min_n_friedman_nemenyi(3, 0.05) == 3
    for n, p in ((2, np.exp(-2)), (3, np.exp(-3))):
        res = friedman_nemenyi(pd.DataFrame(np.tile([3.0, 2.0, 1.0], (n, 1)), columns=["a", "b", "c"]), 0.05)
        assert res.statistic == pytest.approx(2 * n) and res.p == pytest.approx(p)
    res = friedman_nemenyi(pd.DataFrame(np.tile([3.0, 2.0, 1.0], (3, 1)), columns=["a", "b", "c"]), 0.05)
    assert res.nemenyi.loc["a", "c"] < 0.05 and res.verdict("a", "c") == "a significantly higher"
    with pytest.raises(ValueError, match="at least 3 learners"):
        min_n_friedman_nemenyi(2, 0.05)


def test_min_n_bayes_signed_rank_and_why_it_needs_one():
    # two data sets, A ahead by 5 and 6 points (ROPE 1): the posterior already exceeds 0.95
    two = bayes_signed_rank([85.0, 86.0], [80.0, 80.0], rope=1.0, seed=1, nsamples=20000)
    assert two.p_a > 0.95
    assert min_n_bayes_signed_rank(0.95) == min_n_wilcoxon(0.05) == 6
    assert min_n_bayes_signed_rank(0.9) == min_n_wilcoxon(0.1) == 5
    assert [min_n(t, alpha=0.05) for t in ("paired_t", "wilcoxon", "friedman_nemenyi", "bayes_signed_rank")] == [
        MIN_N_PAIRED_T, 6, 3, 6]
    # the paired t-test reaches any p from 2 pairs: p → 0 as the differences' sd → 0
    assert stats.ttest_rel([10.0, 10.1], [0.0, 0.0]).pvalue < 0.05
    with pytest.raises(ValueError, match="no minimum sample size"):
        min_n("corrected_t", alpha=0.05)
    with pytest.raises(ValueError, match=r"alpha must be in \(0, 1\)"):
        min_n_wilcoxon(0.0)


def test_too_few_verdict_text():
    text = too_few(2, 6, "wilcoxon", "p < 0.05")
    assert text == "too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)"
    assert is_too_few(text) and not is_too_few("not significant") and not is_too_few("undecided")


def test_claims_on_two_datasets_read_too_few_not_not_significant():
    # 2 data sets, 3 learners, 4 folds; A ahead of B by ~5 points everywhere
    rng = np.random.default_rng(7)
    rows = []
    for d in ("d1", "d2"):
        for lrn, shift in (("A", 5.0), ("B", 0.0), ("C", 2.0)):
            for f, v in enumerate(80 + shift + rng.normal(0, 0.3, 4)):
                rows.append({"dataset": d, "learner": lrn, "fold": f, "metric": "auc", "value": v})
    metrics = pd.DataFrame(rows)
    claims = pd.DataFrame({"table": ["t"], "metric": ["auc"], "a": ["A"], "b": ["B"],
                           "published_outcome": ["not significant"]})
    res = claims_against_tests(metrics, claims, {"t": (["d1", "d2"], ["A", "B", "C"])}, seed=1, nsamples=5000,
                               **STATS)
    row = res["claims"].iloc[0]
    assert row["wilcoxon"] == "too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)"
    assert row["friedman_nemenyi"] == ("too few data sets (n = 2; Friedman–Nemenyi with 3 learners needs ≥ 3 for "
                                       "p < 0.05)")
    assert row["bayes_signed_rank"] == ("too few data sets (n = 2; the Bayesian signed-rank test needs ≥ 6 for a "
                                        "verdict at 0.95)")
    # the paired t-test can decide from 2 data sets; a test that cannot decide supports no claim
    means = metrics.groupby(["dataset", "learner"])["value"].mean().unstack("learner")
    p = stats.ttest_rel(means["A"], means["B"]).pvalue
    assert p < 0.05 and row["paired_t"] == "A significantly higher"
    assert row["supported_by"] == "none"  # not "wilcoxon, bayes_signed_rank": they could not have said otherwise
    det = res["detail"].set_index("test")
    assert det.loc["wilcoxon", "n"] == 2 and det.loc["wilcoxon", "min_n"] == 6
    assert det.loc["bayes_signed_rank", "p_a"] > 0.95  # the posterior is kept, the verdict is not taken
    assert list(det["min_n"]) == [2, 6, 3, 6]


def test_wilcoxon_minimum_counts_the_datasets_with_a_difference():
    # 7 data sets, two where A and B tie exactly: scipy drops them and tests the 5 differences, all A ahead,
    # whose exact p is the smallest 5 can give, 2/32: no verdict was possible, and the cell says why
    means = {"A": [81.0, 82.0, 83.0, 84.0, 85.0, 70.0, 60.0], "B": [80.0, 80.0, 80.0, 80.0, 80.0, 70.0, 60.0]}
    p = stats.wilcoxon(means["A"], means["B"]).pvalue
    assert p == pytest.approx(2 / 2 ** 5)
    rows = [{"dataset": f"d{i}", "learner": lrn, "fold": f, "metric": "auc", "value": v}
            for lrn, vals in means.items() for i, v in enumerate(vals) for f in range(2)]
    claims = pd.DataFrame({"table": ["t"], "metric": ["auc"], "a": ["A"], "b": ["B"],
                           "published_outcome": ["A significantly higher"]})
    res = claims_against_tests(pd.DataFrame(rows), claims, {"t": ([f"d{i}" for i in range(7)], ["A", "B"])},
                               seed=1, nsamples=2000, **STATS)
    assert res["claims"].iloc[0]["wilcoxon"] == ("too few data sets with a difference (n = 5 of 7; Wilcoxon needs "
                                                 "≥ 6 for p < 0.05)")
    det = res["detail"].set_index("test")
    assert det.loc["wilcoxon", "p"] == pytest.approx(p) and det.loc["wilcoxon", "n"] == 7


@pytest.mark.parametrize("d, t, p", [
    ([-8.0, -8.0, -8.0], -np.inf, 0.0),       # .test's voting NB vs C4.4: −8 in every round
    ([2.5, 2.5], np.inf, 0.0),                # b = 2, the smallest
    ([0.0, 0.0, 0.0, 0.0], np.nan, np.nan),   # no difference in any round: 0/0
])
def test_rounds_ttest_with_sigma_zero_is_scipys_ttest_rel(d, t, p):
    """σ = 0: every round differs by the same amount. scipy's ttest_rel (the reference) gives t = ±∞, p = 0 for a
    non-zero constant and NaN, NaN for zero; rounds_ttest gives the same and says why in ``note``."""
    b = np.array([80.0, 77.5, 91.25, 60.0])[:len(d)]
    a = b + np.array(d)
    ref = stats.ttest_rel(a, b)  # scipy warns of the precision loss of a zero variance
    res = rounds_ttest(a, b)
    np.testing.assert_array_equal([res.statistic, res.p], [ref.statistic, ref.pvalue])
    np.testing.assert_array_equal([res.statistic, res.p], [t, p])
    assert res.mean_diff == d[0] and res.n == len(d)
    assert res.note == f"σ = 0: every round differs by {d[0]:g}" + (
        " (t undefined)" if d[0] == 0 else f" (t = {'+' if d[0] > 0 else '−'}∞, p = 0)")
    # p = 0 is significant at any α, towards the better learner; NaN is "not significant"
    assert res.verdict("A", "B", 0.05) == {-8.0: "B significantly higher", 2.5: "A significantly higher",
                                           0.0: "not significant"}[d[0]]


def test_rounds_ttest_takes_equal_differences_up_to_rounding_as_constant():
    """Per-round means equal in exact arithmetic can differ in their last bits (here 0.1 + 0.2 ≠ 0.3): scipy then
    returns a meaningless huge t; rounds_ttest gives the constant case's t = +∞, p = 0. A real spread, however
    small against the values (1e-9), is an ordinary t-test: scipy's numbers."""
    a, b = np.array([0.1 + 0.2, 0.3, 0.3]), np.zeros(3)
    assert np.ptp(a) > 0
    res = rounds_ttest(a, b)
    assert (res.statistic, res.p) == (np.inf, 0.0) and res.note.startswith("σ = 0: every round differs by 0.3")
    a = np.array([80.0, 80.0 + 1e-9, 80.0 - 1e-9])
    res, ref = rounds_ttest(a, b), stats.ttest_rel(a, b)
    assert res.note == "" and res.statistic == pytest.approx(ref.statistic, rel=1e-9)
    assert res.p == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-300)
