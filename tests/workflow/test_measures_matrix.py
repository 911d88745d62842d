"""The measures x measures C/D/E through the workflow, on the `.test` run: the per-fold measures files agree with
the fold metrics, and each study's (AUC, accuracy) rows of measures_cde are its auc_vs_accuracy table
(docs/analyses.md, "measures: C/D/E for every pair of measures")."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
import yaml

from aucacc.measures import MEASURES


@pytest.mark.parametrize("study", ["huang_ling_2005", "tiny"])
def test_auc_accuracy_rows_are_the_studys_auc_vs_accuracy(test_run, study):
    tables = test_run / ".test" / "results" / "studies" / study / "tables"
    cde = pd.read_csv(tables / "measures_cde.csv")
    theirs = pd.read_csv(tables / "auc_vs_accuracy.csv").set_index("pair")
    mine = cde[(cde["f"] == "auc") & (cde["g"] == "accuracy") & (cde["pair"] != "all pairs")].set_index("pair")
    cols = ["datasets", "R", "S", "P", "Q", "V", "n", "C", "D", "E", "p_C", "p_D", "consistent", "more_discriminating"]
    pd.testing.assert_frame_equal(mine.loc[theirs.index, cols], theirs[cols], check_dtype=False)
    # every ordered pair of the registry's measures, for each learner pair and pooled
    m = len(MEASURES)
    assert len(cde) == m * (m - 1) * (len(theirs) + 1)
    matrix = pd.read_csv(tables / "measures_matrix.csv")
    assert len(matrix) == m * (m - 1)
    assert "| f \\ g | accuracy | AUC |" in (tables / "measures_matrix.md").read_text()
    assert (tables.parent / "figures" / "measures_matrix.png").stat().st_size > 10_000


@pytest.mark.parametrize("study", ["huang_ling_2005", "tiny"])
def test_fold_measures_agree_with_the_fold_metrics(test_run, study):
    """accuracy and AUC of the study's fold_measures.csv are the fold metrics' (percent) over 100, for every data set
    and learner of the study; accuracy's fraction is exact; the study's measures, each fold once."""
    res = test_run / ".test" / "results"
    fold = pd.read_csv(res / "studies" / study / "tables" / "fold_measures.csv", keep_default_na=False,
                       na_values=[""])
    cfg = yaml.safe_load((test_run / ".test" / "config" / "config.yaml").read_text())["studies"][study]
    reps = cfg.get("repetitions", 1)
    where = res / (f"repeated_r{reps}" if reps > 1 else "")  # tiny: two seeded 5-fold assignments
    keys = ["repetition", "fold"] if reps > 1 else ["fold"]
    n = 0
    for (dataset, learner, protocol), meas in fold.groupby(["dataset", "learner", "protocol"]):
        metrics = pd.read_csv(where / "metrics" / protocol / dataset / f"{learner}.csv")
        for metric in ("accuracy", "auc"):
            a = meas[meas["measure"] == metric].set_index(keys)["value"].sort_index()
            b = metrics[metrics["metric"] == metric].set_index(keys)["value"].sort_index() / 100
            assert a.index.equals(b.index)
            np.testing.assert_allclose(a.to_numpy(dtype=float), b.to_numpy(dtype=float), rtol=1e-12, equal_nan=True)
            n += len(a)
        acc = meas[meas["measure"] == "accuracy"]
        assert all(float(Fraction(e)) == v for e, v in zip(acc["exact"], acc["value"]))
        assert set(meas["measure"]) == set(MEASURES)
        assert not meas.duplicated([*keys, "measure"]).any()
    assert n > 20
    # every (data set, learner) of the study, but a skipped learner's (no scores: the SVM on iris, a binary learner)
    (protocol,) = set(fold["protocol"])
    expected = {(d, lrn) for d in cfg["datasets"] for lrn in cfg["learners"]
                if len(pd.read_parquet(where / "scores" / protocol / d / f"{lrn}.parquet"))}
    assert {(d, lrn) for d, lrn, _ in fold.groupby(["dataset", "learner", "protocol"]).groups} == expected


@pytest.mark.parametrize("study", ["huang_ling_2005", "tiny"])
def test_figures_across_data_sets(test_run, study):
    """The rule study_measure_figures drew each study's figures across data sets from its
    fold_measures.csv (a learner-pair figure per measure of the study), REPORT.md links them, and the matrix says
    the H-measure covers the binary data sets only (iris, the one multi-class set of each study, left out)."""
    res = test_run / ".test" / "results"
    figures = res / "studies" / study / "figures"
    cfg = yaml.safe_load((test_run / ".test" / "config" / "config.yaml").read_text())["studies"][study]
    measures = cfg.get("measures") or list(MEASURES)
    stems = ["measures_scatter", "measure_ranks"] + [f"learner_pairs/{m}" for m in measures]
    for s in stems:
        assert (figures / f"{s}.png").stat().st_size > 10_000 and (figures / f"{s}.pdf").exists(), s
    report = (res / "REPORT.md").read_text()
    assert all(f"studies/{study}/figures/{s}.png" in report for s in stems)
    n_sets = len(cfg["datasets"])
    assert (f"H-measure is defined on two classes only: its cells cover the binary data sets only ({n_sets - 1} of the "
            f"{n_sets} data sets" in (res / "studies" / study / "tables" / "measures_matrix.md").read_text())
