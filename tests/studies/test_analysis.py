"""aucacc.studies.analysis: a study's tables from fold metrics, checked on hand-computed tallies and on
scipy / numpy references; a study without published numbers carries no paper label."""

import re
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from aucacc.captions import caption
from aucacc.evaluation.folds import derive_seed
from aucacc.studies.fold_tables import FOLD_POOLED, cde_table
from aucacc.studies import analysis as A
from aucacc.tables import to_markdown

LEARNERS = ["A", "B", "C"]


def _rows(dataset, learner, acc, auc, note=""):
    out = []
    for k, (g, f) in enumerate(zip(acc, auc)):
        out += [{"dataset": dataset, "learner": learner, "protocol": "per_fold", "fold": k, "metric": "accuracy",
                 "value": float(g), "note": ""},
                {"dataset": dataset, "learner": learner, "protocol": "per_fold", "fold": k, "metric": "auc",
                 "value": float(f), "note": note}]
    return out


@pytest.fixture(scope="module")
def study():
    """5 data sets × 3 learners × 5 folds (seeded values), C skipped on d5 (no rows there)."""
    rng = np.random.default_rng(20051)
    rows = []
    for i in range(1, 6):
        for j, lrn in enumerate(LEARNERS):
            if lrn == "C" and i == 5:
                continue
            acc = np.round(rng.uniform(60, 90, 5) + 3 * j, 1)
            auc = np.round(rng.uniform(65, 95, 5) + 2 * j * (i % 2), 1)
            rows += _rows(f"d{i}", lrn, acc, auc)
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def tally_metrics():
    """Hand-made folds of A against B (AUC, accuracy), one undefined AUC of A (d2 fold 3)."""
    a = {"d1": ([85, 80, 80, 85], [90, 90, 90, 80]), "d2": ([60, 65, 60, 70], [70, 75, 70, np.nan]),
         "d3": ([70, 70, 70, 60], [60, 60, 50, 55])}
    b = {"d1": ([80, 85, 80, 80], [80, 80, 80, 80]), "d2": ([60, 60, 65, 70], [70, 70, 75, 70]),
         "d3": ([60, 70, 60, 60], [50, 50, 60, 50])}
    rows = []
    for d in a:
        rows += _rows(d, "A", *a[d]) + _rows(d, "B", *b[d])
    return pd.DataFrame(rows)


def _means(m, metric):
    return m[m.metric == metric].groupby(["dataset", "learner"])["value"].mean().unstack("learner")


# --------------------------------------------------------------------------- summary
def test_summary_leaves_a_skipped_learner_empty_and_averages_over_common_datasets(study):
    t = A.summary(study, LEARNERS)
    assert not (t.data["learner"].eq("C") & t.data["dataset"].eq("d5")).any()
    assert "published_mean" not in t.data.columns
    shown = t.display.set_index("dataset")
    assert pd.isna(shown.loc["d5", "accuracy C"]) and pd.isna(shown.loc["d5", "auc C"])
    # cell: mean ± sd (sample sd), no bracket
    g = study[(study.dataset == "d1") & (study.learner == "A") & (study.metric == "auc")]["value"]
    assert shown.loc["d1", "auc A"] == f"{g.mean():.1f} ± {g.std(ddof=1):.1f}"
    # average over d1..d4 (every learner ran there) for every learner, also A and B
    means = _means(study, "accuracy")
    for lrn in LEARNERS:
        assert shown.loc["average", f"accuracy {lrn}"] == f"{means.loc[['d1', 'd2', 'd3', 'd4'], lrn].mean():.1f}"
    assert any("over the 4 data sets on which every learner ran" in n and "d5 (C)" in n for n in t.notes)
    own = shown.loc["average (own data sets)"]
    assert own["accuracy A"] == f"{means['A'].mean():.1f} (n = 5)" and own["accuracy C"] == f"{means['C'].mean():.1f} (n = 4)"
    # no second row when every learner ran everywhere
    full = A.summary(study[study.dataset != "d5"], LEARNERS).display
    assert list(full["dataset"])[-2:] == ["d4", "average"]
    md = to_markdown(t.display)  # a skipped learner's cell prints "—"
    row = [ln for ln in md.splitlines() if ln.startswith("| d5 ")][0]
    assert row.count("—") == 2 and "nan" not in md and "(" not in row


def test_summary_rows_in_study_order(study):
    t = A.summary(study, ["C", "A", "B"])
    assert list(dict.fromkeys(t.data["learner"])) == ["C", "A", "B"]
    assert list(t.display.columns) == ["dataset"] + [f"{m} {lrn}" for m in ("accuracy", "auc") for lrn in "CAB"]


# --------------------------------------------------------------------------- t-tests
def test_pairwise_ttests_each_pair_on_the_datasets_both_ran(study):
    t = A.pairwise_ttests(study, LEARNERS, 0.05).data
    assert len(t) == 2 * 3 * 2
    assert list(t["metric"].drop_duplicates()) == ["accuracy", "auc"]
    for metric in ("accuracy", "auc"):
        means = _means(study, metric)
        for a, b in combinations(LEARNERS, 2):
            both = means[[a, b]].dropna()
            ref = stats.ttest_rel(both[a], both[b])
            r = t[(t.metric == metric) & (t.a == a) & (t.b == b) & (t.level == "dataset")].iloc[0]
            assert r["datasets"] == r["n"] == (4 if "C" in (a, b) else 5)
            assert r["p"] == pytest.approx(ref.pvalue, rel=1e-12) and r["t"] == pytest.approx(ref.statistic)
            folds = study[study.metric == metric].pivot_table(index=["dataset", "fold"], columns="learner",
                                                              values="value")[[a, b]].dropna()
            ref = stats.ttest_rel(folds[a], folds[b])
            r = t[(t.metric == metric) & (t.a == a) & (t.b == b) & (t.level == "fold")].iloc[0]
            assert r["n"] == len(folds) == r["datasets"] * 5
            assert r["p"] == pytest.approx(ref.pvalue, rel=1e-12)


def test_pairwise_ttests_with_too_few_datasets(study):
    one = study[study.dataset.isin(["d1", "d5"])]  # C ran on d1 only
    t = A.pairwise_ttests(one, LEARNERS, 0.05).data
    r = t[(t.a == "A") & (t.b == "C")]
    assert (r["verdict"] == "not tested (fewer than 2 data sets both ran)").all() and r["p"].isna().all()
    assert t[(t.a == "A") & (t.b == "B")]["p"].notna().all()


def test_common_ttests_every_pair_on_the_datasets_every_learner_ran(study):
    """Every pair, A vs B too, on d1…d4 (C did not run d5): with scipy's t-test of the data-set means and folds."""
    t = A.common_ttests(study, LEARNERS, 0.05)
    assert len(t.data) == 2 * 3 * 2 and (t.data["datasets"] == 4).all()
    assert any("left out: d5 (C)" in n for n in t.notes)
    for metric in ("accuracy", "auc"):
        means = _means(study, metric).loc[["d1", "d2", "d3", "d4"]]
        for a, b in combinations(LEARNERS, 2):
            ref = stats.ttest_rel(means[a], means[b])
            r = t.data[(t.data.metric == metric) & (t.data.a == a) & (t.data.b == b) & (t.data.level == "dataset")]
            assert r["n"].item() == 4 and r["t"].item() == pytest.approx(ref.statistic)
            assert r["p"].item() == pytest.approx(ref.pvalue, rel=1e-12)
    # where every learner ran every data set it is the table of pairwise_ttests
    ran = study[study.dataset != "d5"]
    pd.testing.assert_frame_equal(A.common_ttests(ran, LEARNERS, 0.05).data,
                                  A.pairwise_ttests(ran, LEARNERS, 0.05).data, check_exact=True)


def test_common_ttests_with_too_few_datasets(study):
    one = study[study.dataset.isin(["d1", "d5"])]  # every learner ran d1 only
    t = A.common_ttests(one, LEARNERS, 0.05).data
    assert len(t) == 2 * 3 * 2 and (t["datasets"] == 1).all() and t["p"].isna().all()
    assert (t["verdict"] == "not tested (fewer than 2 data sets every learner ran)").all()


# --------------------------------------------------------------------------- every pair under every test
def test_pairwise_tests_pairs_and_friedman_over_common_datasets(study):
    res = A.pairwise_tests(study, LEARNERS, alpha=0.05, rope=1.0, decision=0.95, seed=3, nsamples=2000)
    tests = res["tests"].data
    assert list(tests.columns[:4]) == ["metric", "a", "b", "datasets"]
    assert "published_outcome" not in tests.columns and "supported_by" not in tests.columns
    assert len(tests) == 6
    assert dict(zip(zip(tests.a, tests.b), tests.datasets)) == {("A", "B"): 5, ("A", "C"): 4, ("B", "C"): 4}
    det = res["detail"].data
    for metric in ("accuracy", "auc"):
        means = _means(study, metric)
        both = means[["A", "B"]].dropna()
        w = det[(det.metric == metric) & (det.a == "A") & (det.b == "B") & (det.test == "wilcoxon")].iloc[0]
        assert w["p"] == pytest.approx(stats.wilcoxon(both["A"], both["B"]).pvalue)
        common = means.loc[["d1", "d2", "d3", "d4"], LEARNERS]
        fr = res["friedman_results"][metric]
        ref = stats.friedmanchisquare(*[common[c] for c in LEARNERS])
        assert fr.n == 4 and fr.statistic == pytest.approx(ref.statistic) and fr.p == pytest.approx(ref.pvalue)
        row = res["friedman"].data.set_index("metric").loc[metric]
        assert row["n_datasets"] == 4 and row["p"] == pytest.approx(ref.pvalue)
    per = res["per_dataset"].data
    assert len(per) == 2 * (5 + 4 + 4) and "table" not in per.columns
    assert set(res) == {"tests", "detail", "per_dataset", "friedman", "friedman_results", "untested"}
    assert res["untested"] == []  # every pair ran on 4 data sets or more


def test_pairwise_tests_two_learners_has_no_friedman(study):
    res = A.pairwise_tests(study, ["A", "B"], alpha=0.05, rope=1.0, decision=0.95, seed=3, nsamples=500)
    assert (res["tests"].data["friedman_nemenyi"] == "not applicable").all()
    assert res["friedman_results"] == {} and res["friedman"].data.empty
    assert any("does not apply" in n for n in res["tests"].notes)
    assert res["friedman"].notes == [A.NO_FRIEDMAN]  # the empty table says why under itself


# --------------------------------------------------------------------------- C/D/E
def test_auc_vs_accuracy_hand_tally_and_sign_tests(tally_metrics):
    t = A.auc_vs_accuracy(tally_metrics, [("A", "B")], alpha=0.05, n_boot=200, seed=1).data.iloc[0]
    # d1: R S P Q; d2: V R R (fold 3 left out: A's AUC undefined); d3: R P S P
    assert (t["R"], t["S"], t["P"], t["Q"], t["V"], t["n"]) == (4, 2, 3, 1, 1, 11)
    assert t["C"] == pytest.approx(4 / 6) and t["D"] == pytest.approx(3.0) and t["E"] == pytest.approx(1 / 11)
    assert t["p_C"] == pytest.approx(22 / 64) and t["p_D"] == pytest.approx(5 / 16)  # P(X ≥ 4 | 6), P(X ≥ 3 | 4)
    assert t["p_C"] == pytest.approx(stats.binomtest(4, 6, 0.5, alternative="greater").pvalue)
    # C: 6 disagreeing folds, enough for the one-sided sign test (needs 5), not significant: "no" with its p;
    # D: P + Q = 4 folds, where the smallest possible p is 1/16 > 0.05
    assert t["consistent"] == "no (p = 0.34)" and t["datasets"] == 3
    assert t["more_discriminating"] == ("too few disagreeing folds (n = 4; the one-sided sign test needs ≥ 5 for "
                                        "p < 0.05)")
    # the same tally as the paper's C/D/E table
    ref = cde_table(tally_metrics, [("A", "B")]).iloc[0]
    assert [ref[k] for k in "RSPQV"] + [ref["n"]] == [t[k] for k in "RSPQV"] + [t["n"]]


def test_auc_vs_accuracy_answers_yes_and_infinite_d():
    # 12 folds where AUC and accuracy agree in direction (R = 12) and 6 where only AUC differs (P = 6, Q = 0)
    rows = []
    for d in ("x", "y", "z"):
        rows += _rows(d, "A", [80] * 6, [90, 90, 90, 90, 90, 90]) + _rows(d, "B", [70, 70, 70, 70, 80, 80],
                                                                          [80, 80, 80, 80, 80, 80])
    m = pd.DataFrame(rows)
    t = A.auc_vs_accuracy(m, [("A", "B")], alpha=0.05, n_boot=100, seed=1).data.iloc[0]
    assert (t["R"], t["S"], t["P"], t["Q"]) == (12, 0, 6, 0)
    assert t["p_C"] == pytest.approx(0.5 ** 12) and t["p_D"] == pytest.approx(0.5 ** 6)
    assert t["consistent"] == "yes" and t["more_discriminating"] == "yes"
    assert np.isinf(t["D"]) and np.isinf(t["D_lo"]) and np.isinf(t["D_hi"])
    assert t["C_lo"] == t["C_hi"] == 1.0
    # the [1, 1] and [inf, inf] of 3 data sets are marked, not shown as certainty
    assert t["C_interval"].startswith("too few data sets (n = 3;") and t["D_interval"] == t["C_interval"]


def test_auc_vs_accuracy_interval_from_three_datasets_is_their_range(tally_metrics):
    # 3 data sets: a resample of one data set only has chance 3⁻³ = 0.037 ≥ 0.025, so the 95 % interval's ends are
    # the smallest and largest single data set's C (d1 R S: 0.5; d2 R R: 1; d3 R S: 0.5), whatever the seed
    assert A.min_datasets_bootstrap() == 4 and A.min_datasets_bootstrap(0.5) == 3  # 2⁻² = 0.25 ≥ 0.25 > 3⁻³
    t = A.auc_vs_accuracy(tally_metrics, [("A", "B")], alpha=0.05, n_boot=2000, seed=3)
    row = t.data.iloc[0]
    assert (row["C_lo"], row["C_hi"]) == (0.5, 1.0)
    few = ("too few data sets (n = 3; the bootstrap interval needs ≥ 4 for ends that are not one data set's "
           "value)")
    assert row["C_interval"] == row["D_interval"] == few
    assert {"C_interval", "D_interval"} <= set(t.display.columns)
    assert any(n.startswith("C_interval, D_interval: a bootstrap interval from fewer than 4 data sets")
               for n in t.notes)


def test_auc_vs_accuracy_marks_a_zero_width_interval():
    # 4 data sets (enough), every disagreeing fold an R: C = 1 in every resample, so C's interval is [1, 1]
    rows = []
    for d in ("w", "x", "y", "z"):
        rows += _rows(d, "A", [80, 80, 80], [90, 90, 80]) + _rows(d, "B", [70, 70, 80], [80, 80, 70])
    t = A.auc_vs_accuracy(pd.DataFrame(rows), [("A", "B")], alpha=0.05, n_boot=200, seed=1)
    row = t.data.iloc[0]
    assert (row["R"], row["S"], row["P"], row["Q"]) == (8, 0, 4, 0)
    assert row["C_lo"] == row["C_hi"] == 1.0 and row["C_interval"] == "degenerate (zero width)"
    assert np.isinf(row["D_lo"]) and np.isinf(row["D_hi"]) and row["D_interval"] == "degenerate (zero width)"
    assert row["consistent"] == "yes"  # 8 of 8: p = 1/256
    assert row["more_discriminating"] == ("too few disagreeing folds (n = 4; the one-sided sign test needs ≥ 5 for "
                                          "p < 0.05)")


def test_auc_vs_accuracy_intervals_ok_show_no_status_column(tally_metrics):
    rows = []
    rng = np.random.default_rng(5)
    for i in range(8):
        rows += _rows(f"d{i}", "A", rng.integers(60, 90, 5), rng.integers(60, 90, 5))
        rows += _rows(f"d{i}", "B", rng.integers(60, 90, 5), rng.integers(60, 90, 5))
    t = A.auc_vs_accuracy(pd.DataFrame(rows), [("A", "B")], alpha=0.05, n_boot=300, seed=1)
    assert t.data.iloc[0]["C_interval"] == "ok" and t.data.iloc[0]["C_lo"] < t.data.iloc[0]["C_hi"]
    assert "C_interval" not in t.display.columns and not any(n.startswith("C_interval") for n in t.notes)
    # no bootstrap: no interval to read
    assert A.auc_vs_accuracy(pd.DataFrame(rows), [("A", "B")], alpha=0.05, n_boot=0, seed=1).data.iloc[0][
        "C_interval"] == "none"


@pytest.fixture(scope="module")
def two_datasets():
    """A study of 2 data sets × 3 learners × 10 folds, A ahead of B by about 4 points (seeded values)."""
    rng = np.random.default_rng(37)
    rows = []
    for d in ("d1", "d2"):
        for lrn, shift in (("A", 4.0), ("B", 0.0), ("C", 2.0)):
            # accuracy in steps of 5 points (a test fold of 20 instances), so that it ties where AUC does not
            rows += _rows(d, lrn, 5 * np.round((75 + shift + rng.normal(0, 3, 10)) / 5),
                          np.round(80 + shift + rng.normal(0, 3, 10), 1))
    return pd.DataFrame(rows)


def test_a_two_dataset_study_reads_too_few_not_not_significant(two_datasets, tmp_path):
    opts = dict(alpha=0.05, rope=1.0, decision=0.95, seed=3, nsamples=2000)
    res = A.pairwise_tests(two_datasets, LEARNERS, **opts)
    tests = res["tests"].data
    assert len(tests) == 6 and (tests["datasets"] == 2).all()
    assert (tests["wilcoxon"] == "too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)").all()
    assert (tests["friedman_nemenyi"]
            == "too few data sets (n = 2; Friedman–Nemenyi with 3 learners needs ≥ 3 for p < 0.05)").all()
    assert (tests["bayes_signed_rank"]
            == "too few data sets (n = 2; the Bayesian signed-rank test needs ≥ 6 for a verdict at 0.95)").all()
    # where the posterior alone would have declared a winner from two data sets
    det = res["detail"].data
    bayes = det[det["test"] == "bayes_signed_rank"]
    assert ((bayes[["p_a", "p_b"]].max(axis=1) > 0.95).any())
    assert set(det["min_n"].dropna()) == {2, 3, 6}
    minimum = [n for n in res["tests"].notes if n.startswith("too few data sets: each test over data sets")]
    assert len(minimum) == 1 and "Wilcoxon 6" in minimum[0] and "Friedman–Nemenyi 3 (3 learners)" in minimum[0] \
        and "Bayesian signed-rank 6" in minimum[0]
    assert any("too few data sets (n = 2; Friedman–Nemenyi with 3 learners needs ≥ 3" in n
               for n in res["friedman"].notes)
    # a claims file re-tested on it: the tests that cannot decide support no claim
    claims = pd.DataFrame({"metric": ["auc"], "a": ["A"], "b": ["B"], "published_outcome": ["not significant"]})
    retest = A.retest_claims(two_datasets, claims, LEARNERS, **opts)["retest"]
    row = retest.data.iloc[0]
    assert row["wilcoxon"] == "too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)"
    means = _means(two_datasets, "auc")
    assert stats.ttest_rel(means["A"], means["B"]).pvalue > 0.05 and row["paired_t"] == "not significant"
    assert row["supported_by"] == "paired_t"  # not wilcoxon, friedman_nemenyi, bayes_signed_rank
    assert any(n.startswith("too few data sets: each test over data sets") and "Friedman" not in n
               for n in retest.notes)  # its one claim names 2 learners: no Friedman
    # the fold-pooled t-tests carry the dependence caveat, the data-set-level ones keep their verdicts
    for table in (A.pairwise_ttests(two_datasets, LEARNERS, 0.05), A.common_ttests(two_datasets, LEARNERS, 0.05)):
        assert FOLD_POOLED in table.notes and "Nadeau & Bengio 2003" in FOLD_POOLED and "Dietterich 1998" in FOLD_POOLED
        dataset_rows = table.data[table.data["level"] == "dataset"]
        assert (dataset_rows["n"] == 2).all() and not dataset_rows["p"].isna().any()
    # C/D/E: bootstrap intervals over 2 data sets are marked, the sign tests give their p or say too few
    cde = A.auc_vs_accuracy(two_datasets, [("A", "B"), ("C", "B")], alpha=0.05, n_boot=500, seed=1)
    few = "too few data sets (n = 2; the bootstrap interval needs ≥ 4 for ends that are not one data set's value)"
    assert (cde.data["C_interval"] == few).all() and (cde.data["D_interval"] == few).all()
    for r in cde.data.itertuples():
        for answer, p, k in ((r.consistent, r.p_C, r.R + r.S), (r.more_discriminating, r.p_D, r.P + r.Q)):
            expected = ("undefined" if k == 0 else
                        f"too few disagreeing folds (n = {k}; the one-sided sign test needs ≥ 5 for p < 0.05)"
                        if k < 5
                        else "yes" if p < 0.05 else f"no (p = {p:.2g})")
            assert answer == expected
    # the written tables say it too
    text = "".join(p.read_text() for t in (res["tests"], cde) for p in t.write(tmp_path / t.caption[:8]).values())
    assert "Wilcoxon needs ≥ 6 for p < 0.05" in text and "the bootstrap interval needs ≥ 4" in text
    assert "not shown" not in text
    h = A.headline(A.summary(two_datasets, LEARNERS), cde)
    assert h.endswith("Their bootstrap intervals over data sets are marked too few or degenerate (table "
                      "auc_vs_accuracy): read these answers as the folds' only.")
    assert A.headline(A.summary(two_datasets, LEARNERS), cde.data) == h  # from the tidy CSV too


def test_auc_vs_accuracy_bootstrap_matches_numpy(tally_metrics):
    n_boot, seed = 500, 11
    t = A.auc_vs_accuracy(tally_metrics, [("A", "B")], alpha=0.05, n_boot=n_boot, seed=seed).data.iloc[0]
    per_ds = np.array([[1, 1, 1, 1], [2, 0, 0, 0], [1, 1, 2, 0]])  # R, S, P, Q of d1, d2, d3 (hand tally)
    idx = np.random.default_rng(derive_seed(seed, "auc_vs_accuracy", "A", "B")).integers(0, 3, size=(n_boot, 3))
    cs, ds = [], []
    for row in idx:
        r, s, p, q = per_ds[row].sum(axis=0)
        cs.append(r / (r + s) if r + s else np.nan)
        ds.append(p / q if q else (np.inf if p else np.nan))
    cs, ds = np.array(cs), np.array(ds)
    for name, x in (("C", cs), ("D", ds)):
        ok = x[~np.isnan(x)]
        lo, hi = np.percentile(ok, [2.5, 97.5], method="inverted_cdf")
        assert (t[f"{name}_lo"], t[f"{name}_hi"]) == (lo, hi)
        assert t[f"{name}_undefined_resamples"] == int(np.isnan(x).sum())
    assert t["C_lo"] <= t["C"] <= t["C_hi"]


def test_auc_vs_accuracy_is_seeded(tally_metrics):
    one = A.auc_vs_accuracy(tally_metrics, [("A", "B")], alpha=0.05, n_boot=300, seed=5).data
    two = A.auc_vs_accuracy(tally_metrics, [("A", "B")], alpha=0.05, n_boot=300, seed=5).data
    pd.testing.assert_frame_equal(one, two)


# --------------------------------------------------------------------------- claims, exclusions, headline
def test_retest_claims_only_study_learners_with_the_claims_verdict(study):
    claims = pd.DataFrame({"table": ["t1", "t1", "t1", "t2"], "metric": ["auc", "accuracy", "auc", "auc"],
                           "a": ["A", "A", "A", "B"], "b": ["B", "C", "Z", "C"],
                           "published_outcome": ["not significant", "C significantly higher", "not significant",
                                                 "not significant"]})
    res = A.retest_claims(study, claims, LEARNERS, alpha=0.05, rope=1.0, decision=0.95, seed=3, nsamples=500)
    t = res["retest"].data
    assert list(zip(t.table, t.a, t.b)) == [("t1", "A", "B"), ("t1", "A", "C"), ("t2", "B", "C")]
    assert "claimed_outcome" in t.columns and "published_outcome" not in t.columns
    # t1 names A, B, C: its claims are tested on d1..d4 (C did not run on d5); t2 (B, C) too
    assert list(t["datasets"]) == [4, 4, 4]
    assert any("1 claim(s) not re-tested" in n and "Z" in n for n in res["retest"].notes)
    means = _means(study, "accuracy").loc[["d1", "d2", "d3", "d4"]]
    p = stats.ttest_rel(means["A"], means["C"]).pvalue
    r = t.iloc[1]
    expect = "C significantly higher" if p < 0.05 and means["C"].mean() > means["A"].mean() else "not significant"
    assert r["paired_t"] == expect
    assert ("paired_t" in r["supported_by"]) == (expect == "C significantly higher")
    assert res["friedman_results"][("t1", "auc")].n == 4
    assert ("t2", "auc") not in res["friedman_results"]  # two learners: Friedman does not apply
    assert t.iloc[2]["friedman_nemenyi"] == "not applicable"


def test_exclusions_from_records():
    recs = [{"folds": [], "provenance": {}}, {"dataset": "iris", "learner": "SVM", "skipped": "binary-only; 3 classes"},
            {"dataset": "x", "learner": "NB", "skipped": ""}]
    t = A.exclusions(recs)
    assert t.data.to_dict("records") == [{"dataset": "iris", "learner": "SVM", "reason": "binary-only; 3 classes"}]
    assert A.exclusions([{"folds": []}]).data.empty
    with pytest.raises(ValueError, match="has no learner"):
        A.exclusions([{"dataset": "iris", "skipped": "why"}])


def test_headline(study, tally_metrics):
    s = A.summary(study, LEARNERS)
    c = A.auc_vs_accuracy(study, [("B", "A"), ("C", "A"), ("C", "B")], alpha=0.05, n_boot=50, seed=1)
    h = A.headline(s, c)
    avg = _means(study, "auc").loc[["d1", "d2", "d3", "d4"]].mean()
    assert h.startswith("5 data sets × 3 learners (A, B, C), on attributes discretized per training part (protocol "
                        "per_fold).")
    assert f"highest average AUC: {avg.idxmax()} ({avg.max():.1f} %) over the 4 data sets every learner ran" in h
    n_yes = int((c.data["consistent"] == "yes").sum())
    assert f"consistent with accuracy (C > 0.5) for {n_yes} of 3" in h
    # 5 data sets: the C intervals can be read; C vs B's D interval has zero width, and the headline says so
    assert list(c.data["C_interval"]) == ["ok"] * 3 and c.data["D_interval"].iloc[2] == "degenerate (zero width)"
    assert h.endswith("marked too few or degenerate (table auc_vs_accuracy): read these answers as the folds' only.")
    # also from the tidy CSVs read back
    assert A.headline(s.data, c.data) == h


# --------------------------------------------------------------------------- no paper label
PAPER_LABELS = [r"Huang", r"\bLing\b", r"2005", r"\bTables?\b", r"Knowl", r"§IV", r"(?i)published", r"\(nan\)"]


def test_a_study_without_published_numbers_has_no_paper_label(study, tmp_path):
    opts = dict(alpha=0.05, rope=1.0, decision=0.95, seed=3, nsamples=300)
    tables = {"summary": A.summary(study, LEARNERS), "ttests": A.pairwise_ttests(study, LEARNERS, 0.05),
              "cde": A.auc_vs_accuracy(study, [("B", "A"), ("C", "A")], alpha=0.05, n_boot=50, seed=1),
              "exclusions": A.exclusions([{"dataset": "d5", "learner": "C", "skipped": "binary-only learner"}])}
    res = A.pairwise_tests(study, LEARNERS, **opts)
    tables.update({k: res[k] for k in ("tests", "detail", "per_dataset", "friedman")})
    text = ""
    for name, t in tables.items():
        for p in t.write(tmp_path / name).values():
            text += p.read_text()
    text += A.headline(tables["summary"], tables["cde"])
    found = [w for w in PAPER_LABELS if re.search(w, text)]
    assert found == [], f"paper labels in a study's outputs: {found}"
    # the check can fail: the paper's own caption has them
    assert [w for w in PAPER_LABELS if re.search(w, caption("cde_folds"))]


def test_degenerate_studies_give_tables_not_errors(study):
    one = study[study.dataset == "d1"]
    res = A.pairwise_tests(one, ["A", "B"], alpha=0.05, rope=1.0, decision=0.95, seed=1, nsamples=100)
    assert res["tests"].data.empty and any("A vs B (1 data set both ran)" in n for n in res["tests"].notes)
    t = A.auc_vs_accuracy(study, [("Z", "A")], alpha=0.05, n_boot=10, seed=1).data.iloc[0]
    assert t["n"] == 0 and t["consistent"] == "undefined" and np.isnan(t["C_lo"])
    assert A.auc_vs_accuracy(study, [], alpha=0.05, n_boot=10, seed=1).data.empty
    s = A.summary(study, ["A", "Z"])
    assert s.display["accuracy Z"].isna().iloc[:-1].all()
    assert any("no data set on which every learner ran" in n for n in s.notes)
    h = A.headline(s, A.auc_vs_accuracy(study, [("Z", "A")], alpha=0.05, n_boot=10, seed=1))
    assert "for 0 of 1 (1 undefined) learner pair" in h


def test_exclusions_reason_forms():
    t = A.exclusions([{"dataset": "d", "learner": "SVM", "skipped": True, "reason": "binary-only"},
                      {"dataset": "d", "learner": "SVM", "skipped": True, "reason": "binary-only"}])
    assert t.data.to_dict("records") == [{"dataset": "d", "learner": "SVM", "reason": "binary-only"}]


def test_retest_a_claims_table_whose_learners_share_one_dataset(study):
    m = study[(study.learner != "C") | (study.dataset == "d1")]  # C ran on d1 only
    claims = pd.DataFrame({"table": ["t1", "t2"], "metric": ["auc", "auc"], "a": ["A", "A"], "b": ["B", "C"],
                           "published_outcome": ["not significant", "not significant"]})
    res = A.retest_claims(m, claims, LEARNERS, alpha=0.05, rope=1.0, decision=0.95, seed=3, nsamples=200)
    assert list(res["retest"].data["table"]) == ["t1"]
    assert any(n.startswith("t2: not re-tested") for n in res["retest"].notes)


def test_auc_vs_accuracy_notes_the_undefined_resamples_in_one_line(tally_metrics):
    t = A.auc_vs_accuracy(tally_metrics, [("A", "B"), ("B", "A")], alpha=0.05, n_boot=500, seed=11)
    d = t.data.set_index("pair")
    line = [n for n in t.notes if n.startswith("Left out of the intervals")]
    assert len(line) == 1
    for pair in ("A vs B", "B vs A"):
        assert f"{pair} {d.loc[pair, 'C_undefined_resamples']} and {d.loc[pair, 'D_undefined_resamples']}" in line[0]


# --------------------------------------------------------------------------- stand-ins and two studies' re-tests
def test_retest_with_stand_ins_equals_the_retest_of_renamed_learners(study):
    """retest_learners: claims about A and C re-tested with X standing for A give exactly the verdicts of the same
    claims written about X (the metrics' learner A renamed X), and a note names the stand-in."""
    claims = pd.DataFrame({"metric": ["auc", "accuracy"], "a": ["A", "A"], "b": ["C", "B"],
                           "published_outcome": ["A significantly higher", "not significant"]})
    renamed = study.replace({"learner": {"A": "X"}})
    opts = dict(alpha=0.05, rope=1.0, decision=0.95, seed=3, nsamples=500)
    got = A.retest_claims(renamed, claims, ["X", "B", "C"], stand_ins={"A": "X"}, **opts)
    want = A.retest_claims(renamed, claims.replace({"a": {"A": "X"}, "published_outcome": {
        "A significantly higher": "X significantly higher"}}), ["X", "B", "C"], **opts)
    pd.testing.assert_frame_equal(got["retest"].data, want["retest"].data)
    assert list(got["retest"].data["a"]) == ["X", "X"]
    assert any("A by X (retest_learners)" in n for n in got["retest"].notes)


def test_retest_changes_compares_under_the_claims_names(study):
    """Two studies' re-tests of the same claims: the row of each claim in both, the tests whose verdict differs
    (read under the claims file's names, so NB-FI's 'NB-FI significantly higher' equals NB's 'NB ...'), and a
    note for a claim re-tested in one study only."""
    claims = pd.DataFrame({"metric": ["auc", "accuracy"], "a": ["A", "A"], "b": ["C", "B"],
                           "published_outcome": ["A significantly higher", "not significant"]})
    opts = dict(alpha=0.05, rope=1.0, decision=0.95, seed=3, nsamples=500)
    theirs = A.retest_claims(study, claims, LEARNERS, **opts)["retest"].data
    same = A.retest_claims(study.replace({"learner": {"A": "X"}}), claims, ["X", "B", "C"], stand_ins={"A": "X"},
                           **opts)["retest"].data
    t = A.retest_changes(same, theirs, "raw", "disc", {"A": "X"}, None)
    assert list(t.data["changed"]) == ["none", "none"] and list(t.data["a"]) == ["A", "A"]
    assert t.data["supported_by raw"].tolist() == t.data["supported_by disc"].tolist()
    # another verdict of one test on the first claim: named, the other study's verdict first
    other = theirs.copy()
    other.loc[0, "wilcoxon"] = "not significant" if theirs.loc[0, "wilcoxon"] != "not significant" else "A significantly higher"
    t = A.retest_changes(same, other, "raw", "disc", {"A": "X"}, None)
    assert t.data.loc[0, "changed"] == f"wilcoxon: {other.loc[0, 'wilcoxon']} → {theirs.loc[0, 'wilcoxon']}"
    assert t.notes[0].startswith("1 of 2 claims have a test over data sets whose verdict differs between disc and raw")
    t = A.retest_changes(same.iloc[:1], theirs, "raw", "disc", {"A": "X"}, None)
    assert any(n.startswith("Re-tested in disc only: claims accuracy A vs B") for n in t.notes)


# --------------------------------------------------------------------------- repeated cross-validation
@pytest.fixture(scope="module")
def repeated(study):
    """Two repetitions: repetition 0 the study's folds, repetition 1 the same folds' values shifted by 1 point."""
    r1 = study.copy()
    r1["value"] = r1["value"] + 1.0
    return pd.concat([study.assign(repetition=0), r1.assign(repetition=1)], ignore_index=True)


def test_folds_per_test_set_numbers_the_r_times_k_folds(repeated):
    flat = A.folds_per_test_set(repeated)
    assert "repetition" not in flat.columns and len(flat) == len(repeated)
    k = repeated.groupby("dataset")["fold"].max() + 1
    want = repeated["repetition"] * repeated["dataset"].map(k) + repeated["fold"]
    assert (flat["fold"].to_numpy() == want.to_numpy()).all()
    assert flat.groupby(["dataset", "learner", "metric"])["fold"].nunique().eq(10).all()


def test_a_repeated_study_counts_every_test_fold_and_corrects_the_tests_over_folds(repeated):
    """Summary, C/D/E and the fold-level t-tests over the r × k test folds (as if each were a fold of its own); the
    tests over the folds of each data set take the repetitions (runs = 2) for Nadeau-Bengio's correction."""
    flat = A.folds_per_test_set(repeated)
    got = A.summary(repeated, LEARNERS)
    want = A.summary(flat, LEARNERS)
    pd.testing.assert_frame_equal(got.data, want.data)
    assert set(got.data["n_folds"]) == {10} and any(n.startswith("Repeated cross-validation: 2 repetitions")
                                                   for n in got.notes)
    pd.testing.assert_frame_equal(A.auc_vs_accuracy(repeated, [("A", "B")], alpha=0.05, n_boot=200, seed=1).data,
                                  A.auc_vs_accuracy(flat, [("A", "B")], alpha=0.05, n_boot=200, seed=1).data)
    res = A.pairwise_tests(repeated, LEARNERS, alpha=0.05, rope=1.0, decision=0.95, seed=3, nsamples=500)
    per = res["per_dataset"].data
    assert set(per["runs"]) == {2} and set(per["n_folds"]) == {10}
    # the corrected t of one data set and pair, by hand: k = 5 per repetition, n = 10 folds
    one = per[(per["metric"] == "accuracy") & (per["a"] == "A") & (per["b"] == "B") & (per["dataset"] == "d1")].iloc[0]
    sub = repeated[(repeated["dataset"] == "d1") & (repeated["metric"] == "accuracy")]
    wide = sub.pivot_table(index=["repetition", "fold"], columns="learner", values="value")
    d = (wide["A"] - wide["B"]).to_numpy()
    t = d.mean() / np.sqrt(d.var(ddof=1) * (1 / 10 + 1 / 4))
    assert one["corrected_t"] == pytest.approx(t, rel=1e-12)


def test_cleaning_notes_name_what_each_recipe_removed():
    records = {"hepatitis": {"raw_shape": [155, 20], "exclusions": [
        {"step": "drop_columns", "rows_removed": 0, "columns_removed": ["PROTIME"], "detail": "67 missing"},
        {"step": "missing", "rows_removed": 75, "columns_removed": [], "detail": "rows with a missing value"}]},
        "iris": {"raw_shape": [150, 5], "exclusions": []}}
    assert A.cleaning_notes(records) == ["Removed by the data sets' recipes (results/data/<name>.json): hepatitis: "
                                         "75 of 155 rows and attribute PROTIME (drop_columns, missing)."]
    assert A.cleaning_notes({"iris": records["iris"]}) == [] and A.cleaning_notes(None) == []
