"""Laplace naive Bayes: a hand-computed model and identity with Weka's NaiveBayes."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.exceptions import NotFittedError

from aucacc.discretize import MDLDiscretizer
from aucacc.learners.naive_bayes import NaiveBayes


def _toy():
    # a in {x, y, z} (z declared, never used), b in {p, q}; classes + and -.
    X = pd.DataFrame({"a": pd.Categorical(list("xxyyx"), categories=["x", "y", "z"]),
                      "b": pd.Categorical(["p", "q", "p", None, "q"], categories=["p", "q"])})
    y = pd.Series(pd.Categorical(list("+++--"), categories=["+", "-"]))
    return X, y


# ---------------------------------------------------------------- hand-computed example

def test_laplace_counts_by_hand():
    X, y = _toy()
    nb = NaiveBayes().fit(X, y)
    # n = 5, n(+) = 3, n(-) = 2, |C| = 2: P(+) = (3+1)/(5+2) = 4/7, P(-) = 3/7.
    assert nb.class_prior_ == pytest.approx([4 / 7, 3 / 7], abs=1e-15)
    # a | +: x 2, y 1, z 0 -> (3, 2, 1) / (3 + 3);  a | -: x 1, y 1, z 0 -> (2, 2, 1) / (2 + 3).
    # The unused declared value z still counts in |V| = 3.
    assert nb.cond_prob_["a"] == pytest.approx(np.array([[3 / 6, 2 / 5], [2 / 6, 2 / 5], [1 / 6, 1 / 5]]))
    # b | +: p 2, q 1 -> (3, 2) / 5;  b | -: one value missing, so n = 1 (q): (1, 2) / (1 + 2).
    assert nb.cond_prob_["b"] == pytest.approx(np.array([[3 / 5, 1 / 3], [2 / 5, 2 / 3]]))
    assert list(nb.classes_) == ["+", "-"]

    T = pd.DataFrame({"a": pd.Categorical(["y", "z", "x"], categories=["x", "y", "z"]),
                      "b": pd.Categorical(["p", None, "q"], categories=["p", "q"])})
    P = nb.predict_proba(T)
    # (y, p):   + 4/7 * 2/6 * 3/5 = 12/105;  - 3/7 * 2/5 * 1/3 = 6/105   -> (2/3, 1/3)
    # (z, ?):   b missing is skipped: + 4/7 * 1/6 = 10/105;  - 3/7 * 1/5 = 9/105  -> (10/19, 9/19)
    # (x, q):   + 4/7 * 3/6 * 2/5 = 4/35;  - 3/7 * 2/5 * 2/3 = 4/35  -> (1/2, 1/2)
    assert P == pytest.approx(np.array([[2 / 3, 1 / 3], [10 / 19, 9 / 19], [0.5, 0.5]]), abs=1e-12)
    assert nb.predict(T[:2]).tolist() == ["+", "+"]


def test_all_missing_gives_priors_and_labels_by_name():
    X, y = _toy()
    nb = NaiveBayes().fit(X, y)
    T = pd.DataFrame({"b": [None, "q"], "a": [None, "y"]})  # plain strings, other column order
    P = nb.predict_proba(T)
    assert P[0] == pytest.approx([4 / 7, 3 / 7], abs=1e-15)
    # (y, q): + 4/7 * 2/6 * 2/5 = 8/105;  - 3/7 * 2/5 * 2/3 = 12/105 -> (0.4, 0.6)
    assert P[1] == pytest.approx([0.4, 0.6], abs=1e-12)
    assert nb.predict(T)[1] == "-"


def test_missing_class_rows_dropped_like_weka():
    X, y = _toy()
    y2 = y.copy()
    y2[4] = np.nan
    a = NaiveBayes().fit(X, y2)
    b = NaiveBayes().fit(X.iloc[:4], y.iloc[:4])
    assert a.class_prior_ == pytest.approx(b.class_prior_)
    assert a.class_prior_ == pytest.approx([4 / 6, 2 / 6])  # (3+1)/(4+2), (1+1)/(4+2)


def test_errors_and_describe():
    X, y = _toy()
    with pytest.raises(ValueError, match="'num'.*numeric"):
        NaiveBayes().fit(X.assign(num=[1.0, 2.0, 3.0, 4.0, 5.0]), y)
    with pytest.raises(NotFittedError):
        NaiveBayes().predict_proba(X)
    nb = NaiveBayes().fit(X, y)
    with pytest.raises(ValueError, match="'a'.*outside"):
        nb.predict_proba(pd.DataFrame({"a": ["w"], "b": ["p"]}))
    with pytest.raises(KeyError):
        nb.predict_proba(X[["a"]])
    text = str(nb)
    assert "Naive Bayes Classifier" in text and "(0.57)" in text and "(0.43)" in text
    # a | + counts with Laplace: x 3, y 2, z 1, total 6
    row_z = next(line for line in text.splitlines() if line.strip().startswith("z "))
    assert row_z.split()[1:] == ["1.0", "1.0"]
    assert [line.split()[1:] for line in text.splitlines() if "[total]" in line][0] == ["6.0", "5.0"]


def _many_attributes():
    rng = np.random.default_rng(3)
    n, d = 60, 700
    y = pd.Series(pd.Categorical.from_codes(rng.integers(0, 3, n), ["a", "b", "c"]))
    X = pd.DataFrame({f"v{j}": pd.Categorical.from_codes(rng.integers(0, 4, n), list("pqrs"))
                      for j in range(d)})
    return X, y


def test_underflow_guard_keeps_probabilities():
    # 700 attributes: the plain product underflows to 0. Weka multiplies by 1e75 whenever the
    # largest entry drops below 1e-75; the normalised result must equal a log-space computation.
    X, y = _many_attributes()
    nb = NaiveBayes().fit(X, y)
    P = nb.predict_proba(X)
    logp = np.log(nb.class_prior_) + sum(np.log(nb.cond_prob_[c][X[c].cat.codes.to_numpy()]) for c in X)
    ref = np.exp(logp - logp.max(axis=1, keepdims=True))
    ref /= ref.sum(axis=1, keepdims=True)
    assert np.exp(logp).max() == 0.0  # the plain product would underflow
    assert P == pytest.approx(ref, abs=1e-12)


# ---------------------------------------------------------------- Weka identity

def _weka_nb(weka, Xtr, ytr, Xte, yte):
    from weka.classifiers import Classifier

    c = Classifier(classname="weka.classifiers.bayes.NaiveBayes")
    c.build_classifier(weka.to_instances(Xtr, ytr))
    _weka_nb.last = c  # the built model, for comparing its text rendering
    return weka.distributions(c, weka.to_instances(Xte, yte))


@pytest.mark.weka
def test_toy_identical_to_weka(weka):
    X, y = _toy()
    T = pd.DataFrame({"a": pd.Categorical(["y", "z", "x", None], categories=["x", "y", "z"]),
                      "b": pd.Categorical(["p", None, "q", None], categories=["p", "q"])})
    nb = NaiveBayes().fit(X, y)
    ours = nb.predict_proba(T)
    theirs = _weka_nb(weka, X, y, T, pd.Series(pd.Categorical(list("+-+-"), categories=["+", "-"])))
    assert np.abs(ours - theirs).max() <= 1e-15
    assert nb.describe() == str(_weka_nb.last)  # same text as Weka's toString


@pytest.mark.weka
def test_underflow_case_identical_to_weka(weka):
    X, y = _many_attributes()
    ours = NaiveBayes().fit(X[:40], y[:40]).predict_proba(X[40:])
    theirs = _weka_nb(weka, X[:40], y[:40], X[40:], y[40:])
    assert np.abs(ours - theirs).max() <= 1e-12


@pytest.fixture(scope="module")
def config(repo_config):
    return repo_config


@pytest.mark.weka
def test_identical_to_weka_on_all_datasets_10_folds(weka, config):
    """NB on the whole-data-discretized sets (the paper's protocol), 10 stratified folds:
    every test instance gets Weka's predicted class and probabilities to 1e-9."""
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.folds import derive_seed, stratified_folds

    n_test = n_total = 0
    for name in config["datasets"]:
        d = load_dataset(name, config)
        X, y = d.X.reset_index(drop=True), d.y.reset_index(drop=True)
        n_total += len(y)
        Xd = MDLDiscretizer().fit_transform(X, y)
        folds = stratified_folds(y, n_folds=10, seed=derive_seed(int(config["seed"]), name))
        for f in range(10):
            tr, te = folds != f, folds == f
            nb = NaiveBayes().fit(Xd[tr], y[tr])
            ours = nb.predict_proba(Xd[te])
            theirs = _weka_nb(weka, Xd[tr], y[tr], Xd[te], y[te])
            if f == 0:
                assert nb.describe() == str(_weka_nb.last), name
            assert np.abs(ours - theirs).max() <= 1e-9, f"{name} fold {f}"
            assert np.array_equal(ours.argmax(axis=1), theirs.argmax(axis=1)), f"{name} fold {f}"
            n_test += int(te.sum())
    assert n_test == n_total  # every instance is tested once


@pytest.mark.weka
@pytest.mark.parametrize("fname,target", [("hepatitis.arff", "Class"), ("credit.a.arff", "class"),
                                          ("heart.h.arff", "num"), ("vote.arff", "Class")])
def test_identical_to_weka_with_missing_and_unused_values(weka, mirror, fname, target):
    """Raw files with missing values in train and test, discretized on the training half; an
    extra declared-but-unused value is added to every nominal attribute."""
    from aucacc.datasets import read_arff

    frame = read_arff(mirror / fname).frame
    X, y = frame.drop(columns=[target]), frame[target]
    assert X.isna().to_numpy().any()
    rng = np.random.default_rng(11)
    tr = rng.random(len(y)) < 0.5
    disc = MDLDiscretizer().fit(X[tr], y[tr])
    Xd = disc.transform(X)
    for c in Xd.columns:
        Xd[c] = Xd[c].cat.add_categories(["__unused__"])
    ours = NaiveBayes().fit(Xd[tr], y[tr]).predict_proba(Xd[~tr])
    theirs = _weka_nb(weka, Xd[tr], y[tr], Xd[~tr], y[~tr])
    assert ours.shape == theirs.shape
    assert np.abs(ours - theirs).max() <= 1e-9
    assert np.array_equal(ours.argmax(axis=1), theirs.argmax(axis=1))
