"""Provost & Fawcett's learners as config/provost_fawcett.yaml composes them: IB1/IB3/IB5 and bagged C4.5.

Each is checked against the plain scikit-learn objects (or aucacc's C4.5 on the table) it must equal: the
composed spec adds nothing of its own.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import BaggingClassifier
from sklearn.impute import SimpleImputer
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler

from aucacc.config import check_learner, read_config_file
from aucacc.datasets.io import read_raw
from aucacc.learners import takes_table
from aucacc.learners.c45 import C45
from aucacc.learners.encoding import MatrixInput, encode_features
from aucacc.learners.factory import make_learner

ROOT = Path(__file__).resolve().parents[2]
SPECS = read_config_file(ROOT / "config" / "provost_fawcett.yaml")["learners"]


@pytest.fixture(scope="module")
def vehicle():
    raw = read_raw(ROOT / "data" / "raw" / "vehicle.arff", {})
    X, y = raw.frame.drop(columns="Class"), raw.frame["Class"]
    return X, y


@pytest.fixture(scope="module")
def credit():
    raw = read_raw(ROOT / "data" / "raw" / "credit.a.arff", {})
    return raw.frame.drop(columns="class"), raw.frame["class"]


def test_every_spec_passes_the_start_up_check_and_gets_the_numeric_matrix():
    for name, spec in SPECS.items():
        check_learner(name, spec)
        assert not takes_table(make_learner(spec, name))  # scikit-learn's: the one-hot matrix, as the docs say


@pytest.mark.parametrize("k", [1, 3, 5])
def test_ibk_is_impute_minmax_knn(credit, k):
    """IBk = median imputation → [0, 1] scaling → k-NN, on the one-hot matrix (CRX: nominal and missing values)."""
    X, y = credit
    Z, _ = encode_features(X, allow_nan=True)
    tr, te = np.arange(len(y)) % 5 != 0, np.arange(len(y)) % 5 == 0
    ours = make_learner(SPECS[f"IB{k}"], f"IB{k}").fit(Z[tr], y[tr])
    plain = make_pipeline(SimpleImputer(strategy="median"), MinMaxScaler(),
                          KNeighborsClassifier(n_neighbors=k, algorithm="brute")).fit(Z[tr], y[tr])
    np.testing.assert_array_equal(ours.predict_proba(Z[te]), plain.predict_proba(Z[te]))
    # k votes: every probability is a multiple of 1/k
    p = ours.predict_proba(Z[te])
    np.testing.assert_allclose(p * k, np.round(p * k), atol=1e-12)


def test_matrix_input_grows_c45s_own_tree_on_numeric_data(vehicle):
    """Vehicle's attributes are all numeric: C4.5 on the matrix is C4.5 on the table, probability for probability."""
    X, y = vehicle
    Z, _ = encode_features(X)
    tr, te = np.arange(len(y)) % 4 != 0, np.arange(len(y)) % 4 == 0
    codes = y.cat.codes.to_numpy()
    wrapped = MatrixInput(C45()).fit(Z[tr], codes[tr])
    plain = C45().fit(X[tr].reset_index(drop=True), y[tr].reset_index(drop=True))
    assert list(wrapped.classes_) == [0, 1, 2, 3]
    np.testing.assert_array_equal(wrapped.predict_proba(Z[te]), plain.predict_proba(X[te].reset_index(drop=True)))
    np.testing.assert_array_equal(wrapped.predict(Z[te]),
                                  pd.Categorical(plain.predict(X[te].reset_index(drop=True)),
                                                 categories=y.cat.categories).codes)


def test_bagged_c45_is_the_mean_of_c45_grown_on_its_bootstrap_samples(vehicle):
    """The config's Bagged-C4.5 = scikit-learn's BaggingClassifier: each tree is C4.5 grown on one bootstrap sample
    of the training rows (estimators_samples_), and the probability is the mean of the trees'."""
    X, y = vehicle
    Z, _ = encode_features(X)
    tr, te = np.arange(len(y)) % 4 != 0, np.arange(len(y)) % 4 == 0
    bag = make_learner(SPECS["Bagged-C4.5"], "Bagged-C4.5")
    assert isinstance(bag, BaggingClassifier) and bag.n_estimators == 10 and bag.random_state == 0
    bag.fit(Z[tr], y[tr])
    Xtr, ytr = X[tr].reset_index(drop=True), y[tr].reset_index(drop=True)
    Xte = X[te].reset_index(drop=True)
    mean = np.zeros((len(Xte), 4))
    for rows in bag.estimators_samples_:
        tree = C45().fit(Xtr.iloc[rows].reset_index(drop=True), ytr.iloc[rows].reset_index(drop=True))
        mean += tree.predict_proba(Xte)
    # scikit-learn orders the classes by sorting their labels; C4.5 by the declared domain (cross-validation matches
    # the columns by class name)
    order = [list(y.cat.categories).index(c) for c in bag.classes_]
    np.testing.assert_allclose(bag.predict_proba(Z[te]), mean[:, order] / 10, rtol=0, atol=1e-12)
    # seeded: the same bags again
    again = make_learner(SPECS["Bagged-C4.5"], "Bagged-C4.5").fit(Z[tr], y[tr])
    np.testing.assert_array_equal(again.predict_proba(Z[te]), bag.predict_proba(Z[te]))


def test_matrix_input_refuses_another_number_of_columns(vehicle):
    X, y = vehicle
    Z, _ = encode_features(X)
    m = MatrixInput(C45()).fit(Z[:100], y.cat.codes.to_numpy()[:100])
    with pytest.raises(ValueError, match="expects a matrix of 18 columns"):
        m.predict_proba(Z[:5, :3])
