"""Repeated k-fold CV: derived seeds per repetition (repetition 0 = the paper's folds) and the tests over rounds."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from aucacc.evaluation.folds import derive_seed, repeated_folds, repetition_seed, stratified_folds
from aucacc.evaluation.repeated import repeated_cross_validate
from aucacc.significance import corrected_resampled_ttest, repeated_tests, rounds_ttest


def test_repetition_zero_is_the_default_fold_file_and_others_differ():
    y = np.array(["a"] * 30 + ["b"] * 20)
    f = repeated_folds(y, 10, 20050301, "toy", 3)
    assert list(f.columns) == ["row", "repetition", "fold"] and len(f) == 150
    r0 = f[f.repetition == 0]["fold"].to_numpy()
    assert np.array_equal(r0, stratified_folds(y, 10, derive_seed(20050301, "folds", "toy")))
    assert repetition_seed(20050301, "toy", 0) == derive_seed(20050301, "folds", "toy")
    assert len({repetition_seed(20050301, "toy", r) for r in range(3)}) == 3
    r1 = f[f.repetition == 1]["fold"].to_numpy()
    assert not np.array_equal(r0, r1)
    # Every repetition is a stratified 10-fold partition.
    for _, g in f.groupby("repetition"):
        assert sorted(g["fold"].value_counts()) == [5] * 10
    with pytest.raises(ValueError, match="protocol.repetitions"):
        repeated_folds(y, 10, 1, "toy", 0)


def test_repeated_tests_by_hand():
    rng = np.random.default_rng(3)
    rows = []
    for r in range(4):
        for k in range(10):
            a = 80 + rng.normal(0, 2)
            rows += [{"dataset": "d", "learner": "A", "repetition": r, "fold": k, "metric": "accuracy", "value": a},
                     {"dataset": "d", "learner": "B", "repetition": r, "fold": k, "metric": "accuracy",
                      "value": a - 1 + rng.normal(0, 1)}]
    m = pd.DataFrame(rows)
    out = repeated_tests(m, [("A", "B")], alpha=0.05, rope=1.0, decision=0.95).iloc[0]
    wide = m.pivot_table(index=["repetition", "fold"], columns="learner", values="value")
    rounds = wide.groupby(level="repetition").mean()
    assert out["rounds"] == 4 and out["folds"] == 40
    assert out["delta_A"] == pytest.approx((rounds["A"] - rounds["B"]).mean())
    assert out["rounds_t"] == pytest.approx(rounds_ttest(rounds["A"], rounds["B"]).statistic)
    d = (wide["A"] - wide["B"]).to_numpy()
    assert out["corrected_t"] == pytest.approx(d.mean() / np.sqrt((1 / 40 + 1 / 9) * d.var(ddof=1)), rel=1e-12)
    assert out["corrected_t"] == pytest.approx(corrected_resampled_ttest(wide["A"], wide["B"], runs=4).statistic)
    assert abs(out["naive_t"]) > abs(out["corrected_t"])


def test_repeated_cross_validate_first_repetition_equals_the_single_run(repo_config):
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.cross_validate import cross_validate, fold_metrics
    from aucacc.learners.factory import make_learner

    ds = load_dataset("iris", repo_config)
    folds = repeated_folds(ds.y, 10, repo_config["seed"], "iris", 2)
    mk = lambda: make_learner(repo_config["learners"]["NB"])  # noqa: E731
    scores, metrics = repeated_cross_validate(ds, folds, mk)
    single, _ = cross_validate(ds, stratified_folds(ds.y, 10, derive_seed(repo_config["seed"], "folds", "iris")), mk)
    first = scores[scores.repetition == 0].drop(columns="repetition").reset_index(drop=True)
    pd.testing.assert_frame_equal(first, single)
    assert sorted(metrics["repetition"].unique()) == [0, 1]
    pd.testing.assert_frame_equal(metrics[metrics.repetition == 0].drop(columns="repetition").reset_index(drop=True),
                                  fold_metrics(single))


def test_a_learner_failure_in_repeated_cv_names_the_repetition():
    """A failure in repetition 1 says "repetition 1, data set …, fold …": "fold 0" alone is one of r folds 0
    (a hostile trial); the learner, data set, fold and stage attributes are kept, the cause chained."""
    from sklearn.naive_bayes import GaussianNB

    from aucacc.datasets.recipes import CleanDataset
    from aucacc.exceptions import LearnerFitError

    y = pd.Series(pd.Categorical(["a", "b"] * 10), name="class")
    X = pd.DataFrame({"const": np.zeros(20), "x": np.arange(20, dtype=float)})
    ds = CleanDataset(name="numbers", X=X, y=y, kinds={"const": "numeric", "x": "numeric"})
    folds = repeated_folds(y.to_numpy(), 2, 7, "numbers", 2)
    with pytest.raises(LearnerFitError) as err:  # var_smoothing 0 on a constant column: NaN probabilities
        repeated_cross_validate(ds, folds, lambda: GaussianNB(var_smoothing=0), "none", learner="GNB0")
    assert str(err.value).startswith("repetition 0, data set 'numbers', fold 0: learner 'GNB0' (GaussianNB)")
    assert (err.value.learner, err.value.dataset, err.value.fold) == ("GNB0", "numbers", 0)
