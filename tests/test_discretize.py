"""Fayyad & Irani MDL discretization: hand-computed cases and identity with Weka's Discretize."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from sklearn.exceptions import NotFittedError

from aucacc.discretize import MDLDiscretizer, mdl_cut_points, weka_range_labels
from aucacc.exceptions import NotADataFrameError


def _H(*counts: float) -> float:
    n = sum(counts)
    return -sum(c / n * math.log2(c / n) for c in counts if c)


# ---------------------------------------------------------------- hand-computed examples

def test_pure_split_and_labels():
    # x = 1..8, classes a a a a b b b b.  N = 8, Ent(S) = 1.
    # Best cut between 4 and 5 (midpoint 4.5): both halves pure, E = 0, Gain = 1.
    # MDLPC (F&I 1993; (A)-(B) in aucacc.discretize): k = 2, k1 = k2 = 1, Ent(S1) = Ent(S2) = 0
    #   Delta = log2(3^2 - 2) - (2*1 - 0 - 0) = 2.807355 - 2 = 0.807355
    #   threshold = (log2(N - 1) + Delta) / N = (2.807355 + 0.807355) / 8 = 0.451839 < 1  -> accept.
    # Both halves are pure (entropy 0: no cut can lower it) -> recursion stops.
    X = pd.DataFrame({"x": np.arange(1.0, 9.0)})
    y = pd.Series(pd.Categorical(list("aaaabbbb")))
    d = MDLDiscretizer().fit(X, y)
    assert d.cut_points_["x"].tolist() == [4.5]
    assert d.single_interval_ == []
    out = d.transform(X)["x"]
    assert list(out.cat.categories) == ["(-inf-4.5]", "(4.5-inf)"]
    assert out.cat.ordered
    assert out.astype(str).tolist() == ["(-inf-4.5]"] * 4 + ["(4.5-inf)"] * 4
    assert _H(4, 4) - 0.0 == 1.0 and (math.log2(7) + math.log2(7) - 2) / 8 == pytest.approx(0.451839, abs=1e-6)


def test_recursive_cuts_with_repeated_values():
    # Values 1..8, each repeated 5 times; classes by value: a a b b b b a a  (N = 40: a 20, b 20).
    # Candidates sit only between distinct values. Left sizes 10 and 30 tie for the minimum:
    #   E = 30/40 * Ent(10 a, 20 b) = 0.75 * 0.918296 = 0.688722 (first cut 2.5 wins the tie).
    #   Gain = 1 - 0.688722 = 0.311278; k = 2, k1 = 1, k2 = 2
    #   Delta = log2(7) - (2*1 - 2*0.918296 - 1*0) = 2.807355 - 0.163408 = 2.643947
    #   threshold = (log2(39) + 2.643947) / 40 = (5.285402 + 2.643947) / 40 = 0.198234  -> accept 2.5.
    # Left part (values 1, 2: all a) is pure. Right part, values 3..8, N = 30 (b 20, a 10):
    #   cut 6.5 gives pure halves, Gain = Ent(S) = 0.918296;
    #   Delta = log2(7) - 2*0.918296 = 0.970763; threshold = (log2(29) + 0.970763)/30 = 0.194291 -> accept.
    x = np.repeat(np.arange(1.0, 9.0), 5)
    y = np.repeat([0, 0, 1, 1, 1, 1, 0, 0], 5)
    assert mdl_cut_points(x, y, 2).tolist() == [2.5, 6.5]
    assert 0.75 * _H(10, 20) == pytest.approx(0.688722, abs=1e-6)
    assert (math.log2(39) + math.log2(7) - (2 - 2 * _H(10, 20))) / 40 == pytest.approx(0.198234, abs=1e-6)


def _tie_case():
    # value 1: 4 b; value 2: 1 a + 1 b; value 3: 4 a.   N = 10 (5 a, 5 b), Ent(S) = 1.
    x = np.array([1.0] * 4 + [2.0] * 2 + [3.0] * 4)
    y = np.array([1] * 4 + [0, 1] + [0] * 4)
    return x, y


def test_entropy_tie_goes_to_the_lowest_cut():
    # Cut 1.5: left (0 a, 4 b), right (5 a, 1 b); cut 2.5: left (1 a, 5 b), right (4 a, 0 b).
    #   Both: E = 6/10 * Ent(5, 1) = 0.6 * 0.650022 = 0.390013 (bit-identical in Weka's sums),
    #   Weka keeps the first (lowest) one: 1.5.
    #   Gain = 0.609987; k = 2, k1 = 1, k2 = 2: Delta = log2(7) - (2 - 2*0.650022) = 2.107400;
    #   threshold = (log2(9) + 2.107400) / 10 = 0.527732 < Gain -> accept 1.5.
    # Right part, values 2, 3: N = 6 (5 a, 1 b), Ent = 0.650022; only cut 2.5: E = 2/6 * 1 = 0.333333,
    #   Gain = 0.316689; k = 2, k1 = 2, k2 = 1: Delta = log2(7) - (2*0.650022 - 0 - 2*1) = 3.507310;
    #   threshold = (log2(5) + 3.507310) / 6 = 0.971540 > Gain -> reject.
    # Result [1.5]; taking the last of the tied cuts would give [2.5] instead.
    x, y = _tie_case()
    assert mdl_cut_points(x, y, 2).tolist() == [1.5]
    assert 0.6 * _H(5, 1) == pytest.approx(0.390013, abs=1e-6)
    assert (math.log2(9) + math.log2(7) - (2 - 2 * _H(5, 1))) / 10 == pytest.approx(0.527732, abs=1e-6)
    assert (math.log2(5) + math.log2(7) - (2 * _H(5, 1) - 2)) / 6 == pytest.approx(0.971540, abs=1e-6)


def test_mdl_rejects_with_n_minus_one_term():
    # Value 1: 8 a + 2 b; value 2: 2 a + 8 b.  N = 20, one candidate cut (1.5).
    #   Ent(S) = 1, Ent(S1) = Ent(S2) = Ent(8, 2) = 0.721928; Gain = 1 - 0.721928 = 0.278072.
    #   k = k1 = k2 = 2: Delta = log2(7) - (2 - 2*0.721928 - 2*0.721928) = 3.695067.
    #   Weka's (default) encoding uses log2(N - 1) = log2(19) = 4.247928:
    #     threshold = (4.247928 + 3.695067) / 20 = 0.397150 > 0.278072  -> reject: one interval.
    #   (Counting only the one distinct candidate, log2(1) = 0, would give 0.184753 and accept.)
    x = np.array([1.0] * 10 + [2.0] * 10)
    y = np.array([0] * 8 + [1] * 2 + [0] * 2 + [1] * 8)
    assert mdl_cut_points(x, y, 2).size == 0
    X = pd.DataFrame({"x": x})
    d = MDLDiscretizer().fit(X, pd.Series(pd.Categorical.from_codes(y, ["a", "b"])))
    assert d.single_interval_ == ["x"]
    assert list(d.transform(X)["x"].cat.categories) == ["All"]
    assert (math.log2(19) + math.log2(7) - (2 - 4 * _H(8, 2))) / 20 == pytest.approx(0.397150, abs=1e-6)


def test_alternating_classes_rejected():
    # x = 1..6, classes a b a b a b: best E at cut 1.5 (tie with 5.5) = 5/6 Ent(2,3) = 0.809125,
    # Gain = 0.190875; Delta = log2(7) - (2 - 2*0.970951) = 2.749257;
    # threshold = (log2(5) + 2.749257)/6 = 0.845198 -> reject.
    assert mdl_cut_points(np.arange(1.0, 7.0), np.array([0, 1, 0, 1, 0, 1]), 2).size == 0


def test_missing_values_ignored_and_kept():
    # Same data as test_pure_split_and_labels plus missing values (of both classes): cut unchanged.
    X = pd.DataFrame({"x": [1, 2, 3, 4, np.nan, 5, 6, 7, 8, np.nan],
                      "n": pd.Categorical(list("pqpqpqpqpq"), categories=["p", "q", "r"])})
    y = pd.Series(pd.Categorical(list("aaaaabbbbb")))
    d = MDLDiscretizer().fit(X, y)
    assert d.cut_points_["x"].tolist() == [4.5]
    assert list(d.cut_points_) == ["x"]  # the nominal column is not discretized
    out = d.transform(X)
    assert out["x"].isna().tolist() == [False] * 4 + [True] + [False] * 4 + [True]
    assert out["n"].equals(X["n"])  # passes through with its declared domain
    # transform: intervals closed on the right (Weka: v <= cut goes left)
    t = d.transform(pd.DataFrame({"x": [4.5, 4.5000001, -1e9], "n": X["n"][:3]}))["x"]
    assert t.astype(str).tolist() == ["(-inf-4.5]", "(4.5-inf)", "(-inf-4.5]"]


def test_labels_format_like_weka():
    assert weka_range_labels(np.array([])) == ["All"]
    assert weka_range_labels(np.array([2.45, 4.75])) == ["(-inf-2.45]", "(2.45-4.75]", "(4.75-inf)"]
    # 6 decimals, HALF_UP on the exact binary value (0.1234565 and 0.1234575 are stored as
    # 0.12345649999... and 0.12345749999...),
    # no trailing zeros, no exponent; Java's special case: 5e-7 -> 0.000001 (see test below)
    assert weka_range_labels(np.array([-0.5, 109.0, 0.1234565, 0.1234575, 1e7])) == [
        "(-inf--0.5]", "(-0.5-109]", "(109-0.123456]", "(0.123456-0.123457]", "(0.123457-10000000]",
        "(10000000-inf)"]
    assert weka_range_labels(np.array([-5e-7, 5e-7])) == ["(-inf--0.000001]", "(-0.000001-0.000001]",
                                                          "(0.000001-inf)"]
    with pytest.raises(ValueError, match="duplicate bin range"):
        # three cuts that all print as "1": the label "(1-1]" occurs twice (Weka throws too)
        weka_range_labels(np.array([1.0000001, 1.0000002, 1.0000003]))


def test_errors():
    with pytest.raises(NotADataFrameError):
        MDLDiscretizer().fit(np.zeros((3, 1)), [0, 1, 0])
    with pytest.raises(ValueError, match="missing class"):
        MDLDiscretizer().fit(pd.DataFrame({"x": [1.0, 2.0]}), pd.Series(["a", None]))
    with pytest.raises(NotFittedError):
        MDLDiscretizer().transform(pd.DataFrame({"x": [1.0]}))


# ---------------------------------------------------------------- Weka identity

def _weka_cuts(weka, X: pd.DataFrame, y: pd.Series):
    """Cut points and labels of Weka's default supervised Discretize, per numeric column."""
    from weka.filters import Filter

    data = weka.to_instances(X, y)
    f = Filter(classname="weka.filters.supervised.attribute.Discretize")
    f.inputformat(data)
    out = f.filter(data)
    res = {}
    for i, col in enumerate(X.columns):
        if data.attribute(i).is_numeric:
            w = f.jwrapper.getCutPoints(i)
            att = out.attribute(i)
            res[col] = (np.array([] if w is None else list(w), dtype=float),
                        [att.value(k).strip("'") for k in range(att.num_values)])
    return res


def _assert_same_as_weka(weka, X, y, where: str) -> int:
    ours = MDLDiscretizer().fit(X, y)
    theirs = _weka_cuts(weka, X, y)
    assert set(theirs) == set(ours.cut_points_), where
    for col, (cuts, labels) in theirs.items():
        assert np.array_equal(ours.cut_points_[col], cuts), f"{where} {col}: {ours.cut_points_[col]} vs Weka {cuts}"
        assert ours.labels_[col] == labels, f"{where} {col}"
    return len(theirs)


@pytest.mark.weka
def test_number_format_identical_to_weka_utils(weka):
    """Label numbers vs Java's ``weka.core.Utils.doubleToString`` on rounding ties and tiny values."""
    import jpype

    from aucacc.discretize import _weka_number

    java = jpype.JClass("weka.core.Utils")
    rng = np.random.default_rng(7)
    xs = [float(f"{int(k)}e-7") for k in rng.integers(0, 10**8, 400) * 10 + 5]  # 7th-decimal ties
    xs += [float(v) for v in rng.uniform(1e-7, 1e-6, 200)] + [k * 1e-7 for k in range(-12, 13)]
    xs += [float(v) for v in rng.normal(0, 1000, 200)]
    xs += [-0.0, 0.0, 1e20, -123456.7654325, 0.1234565, 0.1234575, 5e-7, -5e-7]
    for p in (6, 3):
        for v in xs:
            assert _weka_number(v, p) == str(java.doubleToString(v, p)), (v, p)


@pytest.fixture(scope="module")
def config(repo_config):
    return repo_config


@pytest.mark.weka
def test_cut_points_identical_to_weka_on_all_datasets(weka, config):
    """Every numeric attribute of the 18 data sets: whole data (the paper's protocol) and the
    training part of each of the 10 stratified folds."""
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.folds import derive_seed, stratified_folds

    assert len(config["datasets"]) == 18
    n_checked = 0
    for name in config["datasets"]:
        d = load_dataset(name, config)
        X, y = d.X.reset_index(drop=True), d.y.reset_index(drop=True)
        if not any(c for c in X.columns if not isinstance(X[c].dtype, pd.CategoricalDtype)):
            continue
        n_checked += _assert_same_as_weka(weka, X, y, name)
        folds = stratified_folds(y, n_folds=10, seed=derive_seed(int(config["seed"]), name))
        for f in range(10):
            tr = folds != f
            _assert_same_as_weka(weka, X[tr].reset_index(drop=True), y[tr].reset_index(drop=True),
                                 f"{name} fold {f}")
    assert n_checked == 100  # numeric attributes over the 18 data sets


@pytest.mark.weka
@pytest.mark.parametrize("fname,target", [("hepatitis.arff", "Class"), ("credit.a.arff", "class"),
                                          ("heart.h.arff", "num"), ("breast.w.arff", "Class"),
                                          ("dermatology.arff", "class")])
def test_cut_points_identical_to_weka_with_missing_values(weka, mirror, fname, target):
    """Raw files with their missing values (no rows removed)."""
    from aucacc.datasets import read_arff

    frame = read_arff(mirror / fname).frame
    X, y = frame.drop(columns=[target]), frame[target]
    num = [c for c in X.columns if not isinstance(X[c].dtype, pd.CategoricalDtype)]
    assert X[num].isna().to_numpy().any(), "this case is meant to have missing numeric values"
    _assert_same_as_weka(weka, X, y, fname)


@pytest.mark.weka
def test_cut_points_identical_to_weka_on_random_tie_heavy_data(weka):
    """Small integer-valued attributes with 2-4 classes: many duplicate values and exactly equal
    entropies, so tie-breaking, the N-1 term and the recursion are all exercised."""
    rng = np.random.default_rng(20050301)
    frames, ys = [], []
    for rep in range(60):
        n = int(rng.integers(5, 120))
        k = int(rng.integers(2, 5))
        yc = rng.integers(0, k, n)
        cols = {}
        for j in range(4):
            levels = int(rng.integers(2, 12))
            v = rng.integers(0, levels, n).astype(float)
            if j % 2:  # make the attribute informative so that cuts are accepted
                v = np.where(rng.random(n) < 0.7, yc * levels // k + rng.integers(0, 2, n), v)
            v = v * 0.25 - 1.0  # negative and fractional midpoints
            v[rng.random(n) < 0.05] = np.nan
            cols[f"a{j}"] = v
        frames.append(pd.DataFrame(cols))
        ys.append(pd.Series(pd.Categorical.from_codes(yc, [f"c{i}" for i in range(k)])))
    x, yc = _tie_case()  # the hand-computed tie, checked against Weka as well
    frames.append(pd.DataFrame({"t": x}))
    ys.append(pd.Series(pd.Categorical.from_codes(yc, ["a", "b"])))
    n_cuts = 0
    for i, (X, y) in enumerate(zip(frames, ys)):
        _assert_same_as_weka(weka, X, y, f"random case {i}")
        n_cuts += sum(c.size for c in MDLDiscretizer().fit(X, y).cut_points_.values())
    assert n_cuts > 30  # the cases do produce cuts
