"""`nominal: categorical`: nominal attributes as integer codes with `categorical_features`
(aucacc.learners.encoding.CategoricalCodes), checked against scikit-learn called directly."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import HistGradientBoostingClassifier

from aucacc.datasets.recipes import CleanDataset
from aucacc.evaluation.cross_validate import cross_validate
from aucacc.exceptions import LearnerFitError
from aucacc.learners.factory import make_learner
from aucacc.learners.encoding import CategoricalCodes, categorical_mask, encode_features

HGB = {"estimator": "sklearn.ensemble.HistGradientBoostingClassifier", "nominal": "categorical",
       "params": {"max_iter": 20, "min_samples_leaf": 5, "l2_regularization": 1.0, "early_stopping": False,
                  "random_state": 0}}


def _tiny() -> pd.DataFrame:
    return pd.DataFrame({
        "a": pd.Categorical(["c", "a", None, "b"], categories=["a", "b", "c"]),
        "b": pd.Categorical(["y", "y", "x", None], categories=["x", "y"]),
        "n": [1.5, np.nan, 2.0, 3.0],
        # a declared value that never occurs keeps its code: 'q' is 1 although only 'p' and 'r' occur
        "d": pd.Categorical(["r", "p", "p", "r"], categories=["p", "q", "r"]),
    })


def test_codes_of_a_hand_made_frame():
    Z, spec = encode_features(_tiny(), encoding="codes")
    want = np.array([[2, 1, 1.5, 2],
                     [0, 1, np.nan, 0],
                     [np.nan, 0, 2.0, 0],
                     [1, np.nan, 3.0, 2]])
    np.testing.assert_array_equal(Z, want)  # NaN where NaN
    assert Z.dtype == np.float64
    assert categorical_mask(spec).tolist() == [True, True, False, True]
    assert [len(c) for _, _, c in spec] == [3, 2, 0, 3]
    # test rows encode over the training spec's declared domains
    Zt, _ = encode_features(_tiny().iloc[[3, 0]], spec, encoding="codes")
    np.testing.assert_array_equal(Zt, want[[3, 0]])


def test_codes_refuse_an_undeclared_value():
    X = _tiny()
    spec = encode_features(X, encoding="codes")[1]
    X["a"] = pd.Categorical(["c", "a", "z", "b"], categories=["a", "b", "c", "z"])
    with pytest.raises(ValueError, match=r"column 'a': values \['z'\] are not declared categories"):
        encode_features(X, spec, encoding="codes")


def _frame(n=300, seed=1):
    """Nominal attributes with missing values (and a numeric one) and a class that depends on them."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 6, n)
    b = rng.integers(0, 3, n)
    num = rng.normal(size=n)
    y = np.where((a % 2 == 0) ^ (b == 1) ^ (num > 0.8), "p", "q")
    y[rng.random(n) < 0.1] = "r"
    a_s = pd.Series(np.array(list("uvwxyz"))[a], dtype=object)
    a_s[rng.random(n) < 0.1] = None
    X = pd.DataFrame({"a": pd.Categorical(a_s, categories=list("uvwxyz")),
                      "b": pd.Categorical(np.array(["lo", "mid", "hi"])[b], categories=["lo", "mid", "hi"]),
                      "num": num})
    return X, pd.Series(pd.Categorical(y, categories=["p", "q", "r"]))


def _reference_codes(X):
    """The codes, by hand: a nominal value's index in its declared categories, NaN if missing."""
    return np.column_stack([np.where(X[c].isna(), np.nan, X[c].cat.codes).astype(float)
                            if isinstance(X[c].dtype, pd.CategoricalDtype) else X[c].to_numpy(float)
                            for c in X.columns])


def test_same_probabilities_as_scikit_learn_called_directly():
    X, y = _frame()
    tr, te = np.arange(len(y)) < 200, np.arange(len(y)) >= 200
    est = make_learner(HGB, "HGB")
    assert isinstance(est, CategoricalCodes)
    est.fit(X[tr], y[tr])
    ref = HistGradientBoostingClassifier(**HGB["params"], categorical_features=[True, True, False])
    ref.fit(_reference_codes(X[tr]), y[tr])
    np.testing.assert_array_equal(est.predict_proba(X[te]), ref.predict_proba(_reference_codes(X[te])))
    np.testing.assert_array_equal(est.predict(X[te]), ref.predict(_reference_codes(X[te])))
    assert list(est.classes_) == ["p", "q", "r"]
    assert est.estimator_.is_categorical_.tolist() == [True, True, False]
    # its other params as given: only categorical_features was set
    got = est.estimator_.get_params()
    assert {k: got[k] for k in HGB["params"]} == HGB["params"]
    # the one-hot default differs: the codes really reach the estimator
    onehot = make_learner({k: v for k, v in HGB.items() if k != "nominal"}, "HGB")
    assert isinstance(onehot, HistGradientBoostingClassifier)


def test_cross_validate_with_categorical_codes():
    """Through cross-validation (protocol none: the numeric attribute passes through) the fold's
    probabilities are scikit-learn's on the hand-made codes."""
    X, y = _frame()
    ds = CleanDataset("tiny", X, y, {"a": "nominal", "b": "nominal", "num": "numeric"})
    folds = np.arange(len(y)) % 3
    scores, _ = cross_validate(ds, folds, lambda: make_learner(HGB, "HGB"), discretization="none",
                               learner="HGB", only_folds=[1])
    tr, te = folds != 1, folds == 1
    ref = HistGradientBoostingClassifier(**HGB["params"], categorical_features=[True, True, False])
    ref.fit(_reference_codes(X[tr]), y[tr])
    np.testing.assert_array_equal(scores[["p:p", "p:q", "p:r"]].to_numpy(), ref.predict_proba(_reference_codes(X[te])))


def test_too_many_declared_values_for_max_bins():
    """HGB bins a categorical feature's codes into at most max_bins (255) bins: an attribute declaring
    more values is refused, naming data set, attribute and the key to change."""
    rng = np.random.default_rng(0)
    cats = [f"v{i}" for i in range(300)]
    X = pd.DataFrame({"wide": pd.Categorical(rng.choice(cats[:10], 60), categories=cats)})
    y = pd.Series(pd.Categorical(rng.choice(["p", "q"], 60)))
    ds = CleanDataset("wide-set", X, y, {"wide": "nominal"})
    with pytest.raises(LearnerFitError) as exc:
        cross_validate(ds, np.arange(60) % 2, lambda: make_learner(HGB, "HGB"), discretization="none", learner="HGB")
    msg = str(exc.value)
    assert "data set 'wide-set'" in msg and "learner 'HGB'" in msg
    assert ("attribute 'wide' declares 300 values, more than HistGradientBoostingClassifier's max_bins (255)"
            in msg) and "under learners.HGB.nominal: categorical; set learners.HGB.nominal: onehot" in msg
    assert "learners.HGB.params.max_bins" in msg and "<name>" not in msg.split("Check config key")[0]
    # 255 declared values are allowed
    X["wide"] = pd.Categorical(X["wide"].astype(str), categories=cats[:255])
    CategoricalCodes(HistGradientBoostingClassifier(max_iter=2)).fit(X, y)


def test_refuses_an_array():
    with pytest.raises(ValueError, match="needs a DataFrame"):
        CategoricalCodes(HistGradientBoostingClassifier()).fit(np.zeros((4, 2)), [0, 1, 0, 1])
