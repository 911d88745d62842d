"""Cost-weighted accuracy (Aggarwal 2015, eq. 10.77) on data: the per-fold metric with costs from config, the
table beside the plain accuracy, and the error for a cost naming a class the data lacks; hand-computed cases."""

import numpy as np
import pandas as pd
import pytest

from aucacc.evaluation.source_metrics import (cost_accuracy_table, dataset_source_metrics, source_metrics_summary)


def _scores(fold, truth, pred):
    """A stored-scores frame: classes benign / malignant, p:malignant 0.9 where predicted malignant."""
    pm = np.where(np.array(pred) == "malignant", 0.9, 0.1)
    return pd.DataFrame({"fold": fold, "y_true": truth, "y_pred": pred, "p:benign": 1 - pm, "p:malignant": pm})


def _two_folds():
    # fold 0: 2 malignant (1 right), 8 benign (7 right); fold 1: 2 malignant (2 right), 8 benign (6 right)
    f0 = _scores(0, ["malignant"] * 2 + ["benign"] * 8, ["malignant", "benign"] + ["benign"] * 7 + ["malignant"])
    f1 = _scores(1, ["malignant"] * 2 + ["benign"] * 8, ["malignant"] * 2 + ["benign"] * 6 + ["malignant"] * 2)
    return pd.concat([f0, f1], ignore_index=True)


def test_cost_weighted_accuracy_per_fold_by_hand():
    m = dataset_source_metrics({"NB": _two_folds()}, "breast", "p", costs={"malignant": 5})
    v = m.pivot_table(index="fold", columns="metric", values="value")
    # A = Σ cᵢnᵢaᵢ / Σ cᵢnᵢ: fold 0 (5·2·½ + 1·8·⅞) / (5·2 + 8) = 12/18; fold 1 (5·2·1 + 8·6/8) / 18 = 16/18
    assert v.loc[0, "cost_accuracy"] == pytest.approx(12 / 18) and v.loc[1, "cost_accuracy"] == pytest.approx(16 / 18)
    assert v.loc[0, "accuracy"] == pytest.approx(0.8) and v.loc[1, "accuracy"] == pytest.approx(0.8)
    # no costs: the plain accuracy (as the source says of equal costs)
    m1 = dataset_source_metrics({"NB": _two_folds()}, "breast", "p")
    v1 = m1.pivot_table(index="fold", columns="metric", values="value")
    assert np.allclose(v1["cost_accuracy"], v1["accuracy"])


def test_cost_accuracy_table_beside_plain_accuracy():
    m = dataset_source_metrics({"NB": _two_folds(), "C4.5": _two_folds()}, "breast", "p", costs={"malignant": 5})
    t = cost_accuracy_table(source_metrics_summary(m), {"breast": {"malignant": 5}})
    assert t["learner"].tolist() == ["NB", "C4.5"] and (t["costs"] == "malignant 5; other classes 1").all()
    r = t.iloc[0]
    assert r["accuracy"] == pytest.approx(0.8) and r["accuracy_sd"] == pytest.approx(0)
    assert r["cost_accuracy"] == pytest.approx(14 / 18)
    assert r["cost_accuracy_sd"] == pytest.approx(np.std([12 / 18, 16 / 18], ddof=1))
    assert r["difference"] == pytest.approx(14 / 18 - 0.8)


def test_a_cost_for_a_class_the_data_lacks_is_an_error():
    with pytest.raises(ValueError, match=r"source_metrics\.costs\.breast.*'malign'"):
        dataset_source_metrics({"NB": _two_folds()}, "breast", "p", costs={"malign": 5})
    m = dataset_source_metrics({"NB": _two_folds()}, "breast", "p")
    with pytest.raises(ValueError, match="'iris'"):
        cost_accuracy_table(source_metrics_summary(m), {"iris": {"setosa": 2}})
