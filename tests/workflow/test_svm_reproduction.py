"""Regression against the paper's SVM table with a reduced grid (CI-sized), on the binary data sets.

The full grid (110 pairs) is what the workflow runs; CI uses 3 × 3 pairs around the values the
full grid selects most often here (C 0.5–8, γ 2^-7–2^-3 on most folds), on the 12 binary data
sets other than mushroom (whose 7,300-row kernel makes even a small grid slow). The check is
the issue's per-data-set criterion: SVM accuracy within max(3, 1.5 × published sd) of the paper.
"""

from pathlib import Path

import pandas as pd
import pytest

from aucacc.datasets import load_dataset
from aucacc.report.claims import load_claims
from aucacc.evaluation.cross_validate import cross_validate, fold_metrics
from aucacc.evaluation.folds import derive_seed, stratified_folds
from aucacc.learners.factory import make_learner
from aucacc.report.paper_tables import beside_published, published_long
from aucacc.studies.fold_tables import summary_table

PUB = Path(__file__).resolve().parents[2] / "config" / "published"
REDUCED = {"C_grid": [0.5, 2.0, 8.0], "gamma_grid": [0.0078125, 0.03125, 0.125]}


@pytest.mark.slow
def test_svm_accuracy_per_data_set_reduced_grid(repo_config):
    spec = dict(repo_config["learners"]["SVM"])
    spec["params"] = {**spec.get("params", {}), **REDUCED}
    names = [d for d in repo_config["studies"]["huang_ling_2005"]["svm_table"]["datasets"] if d != "mushroom"]
    frames = []
    for name in names:
        ds = load_dataset(name, repo_config)
        folds = stratified_folds(ds.y, 10, derive_seed(repo_config["seed"], "folds", name))
        scores, info = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data")
        assert all(r["best_params"]["C"] in REDUCED["C_grid"] for r in info)  # selection recorded per fold
        frames.append(fold_metrics(scores).assign(dataset=name, learner="SVM"))
    summ = beside_published(summary_table(pd.concat(frames)), published_long(pd.read_csv(PUB / "svm_binary13.csv")),
                            load_claims(PUB.parent / "claims.yaml"))
    acc = summ[summ.metric == "accuracy"]
    within = int((acc["within_tolerance"] == True).sum())  # noqa: E712
    # Issue target for the full 13: ≥ 10 within; here ≥ 9 of the 12 (measured: 12 of 12).
    assert within >= 9, acc[["dataset", "mean", "published_mean", "published_sd", "diff"]].to_string()
    assert abs(acc["mean"].mean() - acc["published_mean"].mean()) <= 2.0
