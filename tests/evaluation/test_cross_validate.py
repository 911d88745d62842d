"""Per-fold cross-validation jobs gather into exactly what one job over every fold writes."""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest

from aucacc.evaluation.cross_validate import cross_validate, fold_metrics, gather_folds
from aucacc.evaluation.folds import stratified_folds
from aucacc.learners import make_learner


def _parquet(df: pd.DataFrame) -> bytes:
    buf = io.BytesIO()
    df.to_parquet(buf, index=False)
    return buf.getvalue()


@pytest.mark.parametrize("learner", ["NB", "C4.5", "SVM"])
def test_gathered_folds_are_byte_identical_to_one_run(repo_config, learner):
    from aucacc.datasets import load_dataset

    ds = load_dataset("ecoli", repo_config)
    folds = stratified_folds(ds.y, 10, seed=3)
    spec = repo_config["learners"][learner]
    whole, info = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data")
    parts = []
    for k in [7, 2, 0, 9, 1, 3, 4, 5, 6, 8]:  # any order of arrival
        s, i = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", only_folds=[k])
        assert set(s["fold"]) == {k} and len(s) == (folds == k).sum()
        # stored and read back as the workflow does (Parquet + JSON)
        parts.append((pd.read_parquet(io.BytesIO(_parquet(s))), json.loads(json.dumps(i, default=str))))
    gathered, ginfo = gather_folds(parts)
    assert _parquet(gathered) == _parquet(whole)
    assert fold_metrics(gathered).to_csv(index=False) == fold_metrics(whole).to_csv(index=False)
    assert [r["fold"] for r in ginfo] == [r["fold"] for r in info] == list(range(10))


def test_gather_refuses_missing_or_repeated_rows(repo_config):
    from aucacc.datasets import load_dataset

    ds = load_dataset("iris", repo_config)
    folds = stratified_folds(ds.y, 5, seed=0)
    spec = repo_config["learners"]["NB"]
    p0 = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", only_folds=[0])
    p1 = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", only_folds=[1])
    with pytest.raises(ValueError, match="every row exactly once"):
        gather_folds([p0, p1])
    with pytest.raises(ValueError, match="every row exactly once"):
        gather_folds([p0, p0])
    with pytest.raises(ValueError, match="not among the fold ids"):
        cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", only_folds=[5])
