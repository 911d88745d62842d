"""The tables over data sets and folds of a study (aucacc.studies.fold_tables), on hand-computed cases and the
published means."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aucacc.published import published_long
from aucacc.studies.fold_tables import (CDE_LEFT_OUT, averages, cde_table, left_out_notes, significance_table,
                                        summary_table)

PUB = Path(__file__).resolve().parents[2] / "config" / "published"


def test_summary_table_mean_sd_counts():
    m = pd.DataFrame({"dataset": "breast", "learner": "NB", "metric": "auc", "fold": range(4),
                      "value": [96.0, np.nan, 97.0, 99.0], "note": ["", "", "Hand-Till M over 1 of 3 pairs", ""]})
    r = summary_table(m).iloc[0]
    assert r["mean"] == pytest.approx(np.mean([96, 97, 99])) and r["sd"] == pytest.approx(np.std([96, 97, 99], ddof=1))
    assert (r["n_folds"], r["partial_folds"], r["undefined_folds"]) == (3, 1, 1)
    assert "published_mean" not in summary_table(m).columns  # the paper's values: aucacc.report.paper_tables
    assert averages(summary_table(m)).iloc[0]["average"] == pytest.approx(r["mean"])
    notes = left_out_notes(summary_table(m), CDE_LEFT_OUT)
    assert notes[-1].endswith("The tally leaves out the 1 test fold whose AUC is undefined, their accuracy too (a "
                              "pair needs both).")


def test_svm13_nb_vs_c45_not_significant_on_published_means():
    # §IV-C: the 13-set claim "NB significantly above C4.5 in AUC" is not reproduced by the
    # data-set-level test on the published means (p ≈ 0.15).
    svm = pd.read_csv(PUB / "svm_binary13.csv")
    long = published_long(pd.read_csv(PUB / "uci_nb_c44_c45.csv"))
    long = long[long.dataset.isin(svm.dataset)].rename(columns={"published_mean": "value"}).assign(fold=0)
    sig = significance_table(long, ["NB", "C4.5"], 0.05)
    row = sig[(sig.level == "dataset") & (sig.metric == "auc")].iloc[0]
    assert row["p"] == pytest.approx(0.15, abs=0.01)
    assert row["verdict"] == "not significant"


def test_cde_table_counts_folds():
    # Two data sets × 2 folds; hand tally of AUC vs accuracy differences (A minus B).
    rows = []
    vals = {("d1", 0): (80, 70, 90, 85), ("d1", 1): (80, 90, 85, 85), ("d2", 0): (70, 70, 60, 50), ("d2", 1): (60, 60, 50, 50)}
    for (d, k), (acc_a, acc_b, auc_a, auc_b) in vals.items():
        rows += [dict(dataset=d, fold=k, learner="A", metric="accuracy", value=acc_a),
                 dict(dataset=d, fold=k, learner="B", metric="accuracy", value=acc_b),
                 dict(dataset=d, fold=k, learner="A", metric="auc", value=auc_a),
                 dict(dataset=d, fold=k, learner="B", metric="auc", value=auc_b)]
    t = cde_table(pd.DataFrame(rows), [("A", "B")]).iloc[0]
    # d1/0: both up → R; d1/1: acc down, AUC equal → Q; d2/0: AUC up, acc equal → P; d2/1: V.
    assert (t.R, t.S, t.P, t.Q, t.V) == (1, 0, 1, 1, 1)


