"""aucacc.tables.split_frame: the rows of each key by one grouping, the same as a comparison per key."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from aucacc.tables import split_frame


def _stacked(seed: int) -> pd.DataFrame:
    """Stacked per-data-set frames as the ROC tables read them: positive classes that are numbers in one
    data set and strings in another (an object column after pd.concat), a missing class, a shuffled index."""
    rng = np.random.default_rng(seed)
    parts = []
    for d, classes in (("iris", ["setosa", "versicolor"]), ("heart", [0, 1]), ("autos", [-1, "1", 1.0])):
        n = int(rng.integers(5, 40))
        parts.append(pd.DataFrame({"dataset": d, "positive": rng.choice(np.array(classes, dtype=object), n),
                                   "learner": rng.choice(["NB", "C4.5"], n), "fpr": rng.random(n)}))
    frame = pd.concat(parts, ignore_index=True)
    frame.loc[3, "positive"] = np.nan
    return frame.sample(frac=1.0, random_state=seed)


@pytest.mark.parametrize("seed", range(5))
def test_split_frame_equals_a_comparison_per_key(seed):
    frame = _stacked(seed)
    parts = split_frame(frame, ["dataset", "positive"])
    keys = {(d, p) for d, p in zip(frame["dataset"], frame["positive"]) if p == p}
    assert set(parts) == keys
    for d, p in keys | {("iris", "virginica"), ("heart", "0")}:  # and two keys no row has
        expected = frame[(frame["dataset"] == d) & (frame["positive"] == p)]
        pd.testing.assert_frame_equal(parts[(d, p)], expected)  # same rows, order and index
    assert sum(len(g) for g in parts.values()) == len(frame) - 1  # the NaN class is in no part, as == matches none


def test_split_frame_single_column_and_missing_key():
    frame = pd.DataFrame({"positive": ["a", "b", "a"], "x": [1.0, 2.0, 3.0]}, index=[10, 11, 12])
    parts = split_frame(frame, "positive")
    assert list(parts["a"].index) == [10, 12]
    assert parts["zz"].empty and list(parts["zz"].columns) == ["positive", "x"]


def test_split_frame_by_an_index_level_equals_xs():
    idx = pd.MultiIndex.from_tuples([("b", 0), ("a", 0), ("b", 1), ("a", 1), ("b", 2)], names=["dataset", "fold"])
    frame = pd.DataFrame({"auc": [0.9, 0.8, 0.7, 0.6, 0.5]}, index=idx)
    parts = split_frame(frame, "dataset")
    for d in ("a", "b"):
        pd.testing.assert_frame_equal(parts[d].droplevel("dataset"), frame.xs(d, level="dataset"))
