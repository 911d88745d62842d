"""Statistics on few data sets through the workflow: the `.test` run's study `tiny` (2 data sets, 3 learners) reads
"too few data sets" where a test cannot reach its verdict, marks its bootstrap intervals of C and D, and its
fold-pooled t-tests carry the caveat of dependence (docs/analyses.md, "Minimum sample sizes")."""

from __future__ import annotations

import pandas as pd

from aucacc.significance import min_n_sign_test
from aucacc.studies.fold_tables import FOLD_POOLED


def test_a_two_dataset_study_carries_the_small_sample_verdicts(test_run):
    tables = test_run / ".test" / "results" / "studies" / "tiny" / "tables"
    tests = pd.read_csv(tables / "tests.csv")
    assert len(tests) == 6 and (tests["datasets"] == 2).all()
    assert (tests["wilcoxon"] == "too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)").all()
    assert (tests["friedman_nemenyi"]
            == "too few data sets (n = 2; Friedman–Nemenyi with 3 learners needs ≥ 3 for p < 0.05)").all()
    assert (tests["bayes_signed_rank"]
            == "too few data sets (n = 2; the Bayesian signed-rank test needs ≥ 6 for a verdict at 0.95)").all()
    assert "Wilcoxon 6" in (tables / "tests.md").read_text()
    detail = pd.read_csv(tables / "tests_detail.csv")
    assert (detail["n"] == 2).all() and set(detail["min_n"]) == {2, 3, 6}
    # C and D: every answer is yes, no with its p, too few disagreeing folds, or undefined; the intervals are marked
    cde = pd.read_csv(tables / "auc_vs_accuracy.csv")
    need = min_n_sign_test(0.05, "greater")
    for r in cde.itertuples():
        for answer, p, k in ((r.consistent, r.p_C, r.R + r.S), (r.more_discriminating, r.p_D, r.P + r.Q)):
            assert answer == ("undefined" if k == 0 else f"too few disagreeing folds (n = {k}; the one-sided sign "
                              f"test needs ≥ {need} for p < 0.05)" if k < need
                              else "yes" if p < 0.05 else f"no (p = {p:.2g})")
    few = "too few data sets (n = 2; the bootstrap interval needs ≥ 4 for ends that are not one data set's value)"
    assert (cde["C_interval"] == few).all() and (cde["D_interval"] == few).all()
    md = (tables / "auc_vs_accuracy.md").read_text()
    assert "not shown" not in md and "C_interval, D_interval: a bootstrap interval from fewer than 4" in md
    for name in ("ttests", "ttests_common"):
        assert FOLD_POOLED in (tables / f"{name}.md").read_text()
