"""Every test for every measure through the workflow, on the `.test` run (job study_measure_tests): its tables exist
for each study, accuracy's and AUC's verdicts are those of the study's `tests` table (the same tests on the same
values over 100, the same rope over 100), and the agreement tables cover every pair of the study's measures
(docs/analyses.md, "Every test for every measure, and verdict agreement")."""

from __future__ import annotations

from itertools import combinations

import pandas as pd
import pytest

from aucacc.measures import MEASURES

STEMS = ["measure_tests", "measure_friedman", "measure_posthoc", "measure_agreement", "measure_rank_agreement",
         "measure_tests_detail", "measure_tests_per_dataset"]


@pytest.mark.parametrize("study", ["huang_ling_2005", "tiny"])
def test_measure_tests_tables(test_run, study):
    tables = test_run / ".test" / "results" / "studies" / study / "tables"
    for stem in STEMS:
        for ext in ("csv", "md", "tex"):
            assert (tables / f"{stem}.{ext}").stat().st_size > 0, f"{stem}.{ext}"
    mine = pd.read_csv(tables / "measure_tests.csv", keep_default_na=False)
    theirs = pd.read_csv(tables / "tests.csv", keep_default_na=False)
    names = list(MEASURES)  # .test's studies name no measures: all of them
    # a measure is tested where it is defined on 2 data sets or more (the H-measure: binary ones; tiny has one)
    fold = pd.read_csv(tables / "fold_measures.csv").dropna(subset=["value"]).groupby("measure")["dataset"].nunique()
    assert list(dict.fromkeys(mine["measure"])) == [m for m in names if fold.get(m, 0) >= 2]
    for metric in ("accuracy", "auc"):
        a = mine[mine["measure"] == metric].set_index(["a", "b"])
        b = theirs[theirs["metric"] == metric].set_index(["a", "b"])
        assert list(a.index) == list(b.index) and list(a["datasets"]) == list(b["datasets"])
        for t in ("paired_t", "wilcoxon", "bayes_signed_rank", "corrected_t", "bayes_correlated"):
            expected = b[t].str.replace(" significantly higher", " significantly better").str.replace(
                " higher on ", " better on ")
            assert a[t].tolist() == expected.tolist(), (metric, t)
        assert a["friedman_nemenyi"].tolist() == b["friedman_nemenyi"].str.replace(
            " significantly higher", " significantly better").tolist()
    pairs = list(combinations(names, 2))
    agree = pd.read_csv(tables / "measure_agreement.csv")
    assert list(zip(agree["f"], agree["g"]))[::6] == pairs and len(agree) == 6 * len(pairs)
    # each unit both measures decided is counted once: the same outcome, opposite, or only one finds a difference
    assert (agree["agree"] + agree["opposite"] + agree["only_f_differs"] + agree["only_g_differs"] == agree["n"]).all()
    assert (agree["both_no_difference"] <= agree["agree"]).all()
    ranks = pd.read_csv(tables / "measure_rank_agreement.csv")
    assert list(zip(ranks["f"], ranks["g"])) == pairs
    assert ranks["tau"].dropna().between(-1, 1).all()
    fried = pd.read_csv(tables / "measure_friedman.csv").set_index("measure")
    friedman = pd.read_csv(tables / "friedman.csv").set_index("metric")
    for metric in ("accuracy", "auc"):
        assert fried.loc[metric, "statistic"] == pytest.approx(friedman.loc[metric, "statistic"], rel=1e-9)
        assert fried.loc[metric, "p"] == pytest.approx(friedman.loc[metric, "p"], rel=1e-9)
