"""Stratified outer folds: a fold count the data cannot fill is refused, naming the cause."""

from __future__ import annotations
import numpy as np
import pytest


# --- folds: n_folds larger than a class; a training part that lacks a class ----------------------------
def test_n_folds_larger_than_every_class_names_dataset_class_and_key():
    from aucacc.evaluation.folds import stratified_folds

    y = ["a"] * 4 + ["b"] * 3
    with pytest.raises(ValueError) as exc:
        stratified_folds(y, 5, seed=0, dataset="tiny")
    assert str(exc.value).startswith("data set 'tiny': config key 'protocol.n_folds' = 5 is larger than every class "
                                     "(class 'a' has 4, class 'b' has 3 instances)")
    assert "Lower protocol.n_folds to at most 4" in str(exc.value)
    with pytest.raises(ValueError, match=r"data set 'tiny': config key 'protocol.n_folds' = 8 must be between 2 and "
                                         r"the number of instances \(7\)"):
        stratified_folds(y, 8, seed=0, dataset="tiny")
    assert sorted(np.bincount(stratified_folds(y + ["a"], 5, seed=0))) == [1, 1, 2, 2, 2]  # one class of 5: allowed
