"""C4.5 / C4.4 trees (aucacc.learners.c45) against hand computations and Weka 3.9's J48."""

from __future__ import annotations

import math
import time

import numpy as np
import pandas as pd
import pytest
from sklearn.exceptions import NotFittedError

from aucacc.learners.c45 import C44, C45, C45Tree, add_errs


def frame(**cols) -> pd.DataFrame:
    """Categorical columns from strings ('' = missing); domain = sorted values unless given as (values, domain)."""
    out = {}
    for name, spec in cols.items():
        values, domain = spec if isinstance(spec, tuple) else (spec, sorted(set(spec) - {""}))
        out[name] = pd.Categorical([v if v else np.nan for v in values], categories=domain)
    return pd.DataFrame(out)


def target(values: str, domain=("p", "n")) -> pd.Series:
    return pd.Series(pd.Categorical(list(values), categories=list(domain)))


# -- split selection ---------------------------------------------------------------------------
# 8 instances, 4 p / 4 n (entropy 1 bit).
#   a = x x x x x y y y : x -> 4p 1n, y -> 3n.  gain = 1 - 5/8 H(4/5) = 1 - 0.625 * 0.72193 = 0.54879
#                         split info H(5/8, 3/8) = 0.95443 -> gain ratio 0.57500
#   b = u u v v w w z z : pure pairs. gain 1, split info H(1/4 x 4) = 2 -> gain ratio 0.5
#   e = r r r r q q t t : r -> 4p, q -> 2n, t -> 2n. gain 1, split info H(1/2, 1/4, 1/4) = 1.5 -> 0.66667
Y8 = "ppppnnnn"
A8 = list("xxxxxyyy")
B8 = list("uuvvwwzz")
E8 = list("rrrrqqtt")


def test_average_gain_rule_beats_gain_ratio():
    # Rows doubled (16): average gain over a and b = (0.54879 + 1) / 2 = 0.77440; a's gain is
    # below average - 1e-3, so b wins although a's gain ratio (0.575) is higher than b's (0.5).
    X, y = frame(a=A8 * 2, b=B8 * 2), target(Y8 * 2)
    t = C45Tree(prune=False, collapse=False).fit(X, y)
    assert t.feature_names_in_[t.tree_.att] == "b"
    # Without b, a is the only candidate and is chosen.
    t = C45Tree(prune=False, collapse=False).fit(X[["a"]], y)
    assert t.feature_names_in_[t.tree_.att] == "a"


def test_many_valued_attributes_leave_the_average():
    # 8 rows: b has 4 values >= 0.3 * 8 = 2.4, so J48 leaves it out of the average gain, which
    # is then a's 0.54879; both gains pass, and a's higher gain ratio (0.575 > 0.5) wins.
    t = C45Tree(prune=False, collapse=False).fit(frame(a=A8, b=B8), target(Y8))
    assert t.feature_names_in_[t.tree_.att] == "a"


def test_gain_ratio_breaks_equal_gains_and_first_attribute_wins_ties():
    # b and e both gain 1 bit (>= average 1 - 1e-3); e's gain ratio 1/1.5 = 0.667 > b's 1/2 = 0.5.
    t = C45Tree(prune=False, collapse=False).fit(frame(b=B8, e=E8), target(Y8))
    assert t.feature_names_in_[t.tree_.att] == "e"
    # Two identical columns: equal gain ratio, the first one (Weka's attribute order) wins.
    t = C45Tree(prune=False, collapse=False).fit(frame(e2=E8, e=E8), target(Y8))
    assert t.feature_names_in_[t.tree_.att] == "e2"
    # J48 prints it with one line per declared value and the (weight/errors) of each leaf.
    assert t.export_text(summary=False) == "\ne2 = q: n (2.0)\ne2 = r: p (4.0)\ne2 = t: n (2.0)"


def test_min_instances_rules():
    # 3 instances < 2 * min_instances = 4: no split even though 'a' separates the classes.
    X, y = frame(a=list("xxy")), target("ppn")
    assert C45Tree(prune=False, collapse=False).fit(X, y).tree_.is_leaf
    # With min_instances=1 the split is admissible (two branches with >= 1 instance).
    assert not C45Tree(min_instances=1, prune=False, collapse=False).fit(X, y).tree_.is_leaf
    # 'c': 7 instances in s, 1 in t -> only one branch with >= 2: inadmissible, the node stays a leaf.
    c = list("sssssssst")
    t = C45Tree(prune=False, collapse=False).fit(frame(c=c[:8]), target(Y8))
    assert t.tree_.is_leaf


# -- numeric attributes ------------------------------------------------------------------------
# x = 1..10, classes p for 1..5 and n for 6..10. minSplit = 0.1 * 10 / 2 = 0.5 -> raised to
# min_instances = 2, so the cuts after 2, 3, ..., 8 are admissible (7 candidates). The cut
# 5 | 6 separates the classes: gain 1 bit, minus the MDL term log2(7) / 10 = 0.28074 -> 0.71926;
# split information H(1/2, 1/2) = 1 -> gain ratio 0.71926. The midpoint 5.5 moves down to the
# largest training value <= 5.5, i.e. 5.
XN = pd.DataFrame({"x": np.arange(1.0, 11.0)})
YN = target("pppppnnnnn")


def test_numeric_split_by_hand():
    t = C45().fit(XN, YN)
    assert t.export_text(summary=False) == "\nx <= 5: p (5.0)\nx > 5: n (5.0)"
    assert t.tree_.split_point == 5.0
    # 5.4 lies below the midpoint but above the relocated split point: it goes right.
    assert list(t.predict(pd.DataFrame({"x": [5.0, 5.4, np.nan]}))[:2]) == ["p", "n"]
    np.testing.assert_allclose(t.predict_proba(pd.DataFrame({"x": [np.nan]})), [[0.5, 0.5]], atol=1e-15)
    # With only 4 instances: minSplit 2, one admissible cut (2 | 3), MDL term log2(1) = 0:
    # gain 1, a split at 2.
    t4 = C45().fit(pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0]}), target("ppnn"))
    assert t4.export_text(summary=False) == "\nx <= 2: p (2.0)\nx > 2: n (2.0)"
    # 3 instances < 2 * minSplit: no cut at all.
    assert C45Tree(prune=False, collapse=False).fit(pd.DataFrame({"x": [1.0, 2.0, 3.0]}), target("ppn")).tree_.is_leaf


# -- pruning -----------------------------------------------------------------------------------
# 10 instances, 6 p / 4 n, one attribute: a = x -> 3p 0n, a = y -> 3p 4n.
#   Leaf:    N = 10, e = 4: 4 + addErrs(10, 4) = 4 + 1.559758 = 5.559758   (normal approx., z = 0.67449)
#   Subtree: x: N = 3, e = 0: addErrs(3, 0) = 3 (1 - 0.25^(1/3)) = 1.110118
#            y: N = 7, e = 3: 3 + addErrs(7, 3) = 3 + 1.364612 = 4.364612
#            sum 5.474731
#   Leaf 5.559758 > subtree 5.474731, but <= subtree + 0.1 (C4.5's margin) -> pruned to a leaf.
#   (The largest branch y is a leaf: on all 10 instances it is the same leaf, 5.559758.)
#   collapse() would not do it: training errors 0 + 3 = 3 < 4.
XP = frame(a=list("xxxyyyyyyy"))
YP = target("ppp" + "pppnnnn")


def test_add_errs_values():
    assert add_errs(3, 0, 0.25) == pytest.approx(3 * (1 - 0.25 ** (1 / 3)), abs=1e-15)
    assert add_errs(2, 0, 0.25) == pytest.approx(1.0, abs=1e-15)  # 2 (1 - sqrt(0.25))
    z = 0.6744897501960817
    f = 4.5 / 10
    r = (f + z * z / 20 + z * math.sqrt(f / 10 - f * f / 10 + z * z / 400)) / (1 + z * z / 10)
    assert add_errs(10, 4, 0.25) == pytest.approx(r * 10 - 4, abs=1e-12)
    assert add_errs(10, 4, 0.25) == pytest.approx(1.559758, abs=1e-6)
    assert add_errs(7, 3, 0.25) == pytest.approx(1.364612, abs=1e-6)
    # 0 < e < 1: linear between e = 0 and e = 1
    b0, b1 = add_errs(6, 0, 0.25), add_errs(6, 1, 0.25)
    assert add_errs(6, 0.25, 0.25) == pytest.approx(b0 + 0.25 * (b1 - b0), abs=1e-15)
    # e + 0.5 >= N: N - e
    assert add_errs(4, 3.6, 0.25) == pytest.approx(0.4, abs=1e-15)
    assert add_errs(5, 2, 0.6) == 0.0  # Weka ignores CF > 0.5


def test_pruning_decision_by_hand():
    assert YP.value_counts().to_dict() == {"p": 6, "n": 4}
    pruned = C45().fit(XP, YP)
    assert pruned.tree_.is_leaf
    assert pruned.export_text(summary=False) == ": p (10.0/4.0)"
    np.testing.assert_allclose(pruned.predict_proba(XP), np.tile([0.6, 0.4], (10, 1)), atol=1e-15)
    # Unpruned (J48 -U) keeps the split; collapse() alone does not remove it.
    unpruned = C45(prune=False).fit(XP, YP)
    assert unpruned.export_text(summary=False) == "\na = x: p (3.0)\na = y: n (7.0/3.0)"
    # The decision moves with the confidence factor: at CF = 0.4 the leaf's estimate
    # 4 + 0.900498 = 4.900498 exceeds the subtree's 4.623202 + 0.1, so the split stays.
    outcomes = {}
    for cf in (0.1, 0.25, 0.4):
        leaf = 4 + add_errs(10, 4, cf)
        tree = add_errs(3, 0, cf) + 3 + add_errs(7, 3, cf)
        outcomes[cf] = leaf - (tree + 0.1) < 1e-6
        assert C45(confidence=cf).fit(XP, YP).tree_.is_leaf == outcomes[cf]
    assert outcomes == {0.1: True, 0.25: True, 0.4: False}


# Subtree raising with tied branch weights: the root splits on a3 into u (8 instances, a subtree
# on a1), v (8, a leaf) and w (2). Weka's Distribution.maxBag keeps the *last* of equal bags,
# so the "largest branch" is the leaf a3 = v, whose errors on all 18 instances equal the
# node-as-leaf errors: nothing is raised. Taking the first (a3 = u) would raise the a1 subtree
# and give "a1 = u: p (9.0/3.0) ...". J48 agrees (test_hand_cases_agree_with_weka).
XT = frame(**{f"a{j}": (list(v), ["u", "v", "w"]) for j, v in enumerate(
    ["uuvuvvvvvvvuuuuvvv", "uvvvuvuvuuvuuuuvvv", "wwvwwwuwwvvvuvvvww", "uuvwuuuvwvvvuuuvvv"])})
YT = target("nnpppnnnppnnpppnnp")


def test_largest_branch_ties_go_to_the_last_branch():
    assert C45().fit(XT, YT).export_text(summary=False) == (
        "\na3 = u\n|   a1 = u: p (6.0/2.0)\n|   a1 = v: n (2.0)\n|   a1 = w: p (0.0)"
        "\na3 = v: n (8.0/3.0)\na3 = w: p (2.0)")


# -- leaf probabilities, empty branches, missing values ------------------------------------------
def test_laplace_leaf_probabilities_and_empty_branch():
    # Domain {x, y, z}; z never occurs in training -> an empty leaf (Weka's m_isEmpty).
    X = frame(a=(list("xxxyyyyyyy"), ["x", "y", "z"]))
    c44 = C44().fit(X, YP)
    assert c44.export_text(summary=False) == "\na = x: p (3.0)\na = y: n (7.0/3.0)\na = z: p (0.0)"
    Xt = frame(a=(["x", "y", "z"], ["x", "y", "z"]))
    P = c44.predict_proba(Xt)
    # x: (3+1)/(3+2), (0+1)/(3+2); y: (3+1)/(7+2), (4+1)/(7+2);
    # z (empty): the parent's distribution over all branches, Laplace: (6+1)/(10+2), (4+1)/(10+2)
    np.testing.assert_allclose(P, [[4 / 5, 1 / 5], [4 / 9, 5 / 9], [7 / 12, 5 / 12]], atol=1e-15)
    assert list(c44.predict(Xt)) == ["p", "n", "p"]
    # Same tree without Laplace: relative frequencies; the empty branch gets 6/10, 4/10.
    rf = C45Tree(prune=False, collapse=False).fit(X, YP).predict_proba(Xt)
    np.testing.assert_allclose(rf, [[1, 0], [3 / 7, 4 / 7], [0.6, 0.4]], atol=1e-15)


def test_missing_values_in_prediction_and_training():
    c44 = C44().fit(XP, YP)
    P = c44.predict_proba(frame(a=([""], ["x", "y"])))
    # Missing at the root: both branches weighted 3/10 and 7/10.
    np.testing.assert_allclose(P, [[0.3 * 4 / 5 + 0.7 * 4 / 9, 0.3 * 1 / 5 + 0.7 * 5 / 9]], atol=1e-15)
    # An 11th training instance (class n) with a missing value: known-value gain
    # H(6/10) - 0.3 H(1) - 0.7 H(3/7), times 10/11 known = 0.25572 > 0, so the split stays; the
    # instance goes down x with weight 0.3 and y with 0.7.
    X11 = frame(a=(list("xxxyyyyyyy") + [""], ["x", "y"]))
    y11 = target("ppp" + "pppnnnn" + "n")
    t = C44().fit(X11, y11)
    assert t.export_text(summary=False) == "\na = x: p (3.3/0.3)\na = y: n (7.7/3.0)"
    np.testing.assert_allclose(t.predict_proba(frame(a=(["x"], ["x", "y"]))), [[4 / 5.3, 1.3 / 5.3]], atol=1e-14)


def test_errors_name_the_problem():
    with pytest.raises(ValueError, match="'txt' has dtype .*Categorical"):
        C45().fit(pd.DataFrame({"txt": list("abab")}), target("ppnn"))
    num = C45().fit(pd.DataFrame({"num": [1.0, 2.0, 3.0, 4.0]}), target("ppnn"))
    with pytest.raises(ValueError, match="'num' was numeric"):
        num.predict(pd.DataFrame({"num": pd.Categorical(["1"])}))
    with pytest.raises(ValueError, match="Categorical"):
        C45().fit(frame(a=list("xxyy")), pd.Series(list("ppnn")))
    t = C45().fit(XP, YP)
    with pytest.raises(ValueError, match="'a'.*outside the fitted domain"):
        t.predict(frame(a=(["w"], ["w"])))
    with pytest.raises(ValueError, match="lacks"):
        t.predict(frame(b=list("x")))
    with pytest.raises(ValueError, match="sample_weight"):
        C45().fit(XP, YP, sample_weight=np.ones(3))
    with pytest.raises(NotFittedError):
        C45().predict(XP)


def test_presets_and_params():
    assert C45().get_params() == dict(confidence=0.25, min_instances=2, prune=True, subtree_raising=True,
                                      collapse=True, laplace=False)
    assert C44().get_params() == dict(confidence=0.25, min_instances=2, prune=False, subtree_raising=True,
                                      collapse=False, laplace=True)
    t = C45(confidence=0.1)
    assert t.set_params(min_instances=5) is t and t.min_instances == 5 and t.confidence == 0.1
    with pytest.raises(ValueError):
        t.set_params(depth=3)


# -- against Weka ------------------------------------------------------------------------------
def weka_frame(data) -> tuple[pd.DataFrame, pd.Series]:
    """Weka Instances -> DataFrame (nominal: Categorical, domains kept; numeric: float) + class."""
    cols = {}
    for j in range(data.num_attributes):
        att = data.attribute(j)
        vals = np.array(data.jobject.attributeToDoubleArray(j))
        if att.is_numeric:
            cols[att.name] = vals
            continue
        codes = np.where(np.isnan(vals), -1, vals).astype(int)
        cols[att.name] = pd.Categorical.from_codes(codes, categories=list(att.values))
    df = pd.DataFrame(cols)
    return df, pd.Series(df.pop(data.class_attribute.name))


def load_weka(weka, mirror_file, name: str, discretize: bool):
    from weka.core.converters import Loader
    from weka.filters import Filter

    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(mirror_file(name)))
    data.class_is_last()
    if discretize:  # Weka's supervised Fayyad-Irani MDL filter, whole data set
        f = Filter(classname="weka.filters.supervised.attribute.Discretize")
        f.inputformat(data)
        data = f.filter(data)
    return weka_frame(data)


# (file, discretize?, J48 options, our estimator, seed of the 2/3 split). vote, credit-a,
# autos, breast-w and sick have missing values; the cases with discretize False on files with
# numeric attributes use J48's binary cuts. With the seeds for breast-w and sick, subtree
# raising changes the pruned tree, and so does pruning the raised subtree again.
CASES = [
    ("vote.arff", False, [], C45, 7),
    ("vote.arff", False, ["-U", "-O", "-A"], C44, 7),
    ("credit.a.arff", True, [], C45, 7),
    ("credit.a.arff", True, ["-U", "-O", "-A"], C44, 7),
    ("autos.arff", True, [], C45, 7),
    ("autos.arff", True, ["-U", "-O", "-A"], C44, 7),
    ("diabetes.arff", True, [], C45, 7),
    ("diabetes.arff", True, ["-U", "-O", "-A"], C44, 7),
    ("hypothyroid.arff", True, ["-S"], lambda: C45(subtree_raising=False), 7),
    ("car.arff", False, ["-C", "0.1", "-M", "5"], lambda: C45(confidence=0.1, min_instances=5), 7),
    ("credit.a.arff", False, [], C45, 7),
    ("credit.a.arff", False, ["-U", "-O", "-A"], C44, 7),
    ("glass.arff", False, [], C45, 7),
    ("breast.w.arff", False, [], C45, 0),
    ("sick.arff", False, [], C45, 0),
]
RAISING_MATTERS = {("breast.w.arff", 0), ("sick.arff", 0)}


@pytest.mark.weka
@pytest.mark.parametrize("name,disc,options,make,seed", CASES,
                         ids=[f"{c[0]}{'-disc' if c[1] else ''}{' '.join(c[2])}" for c in CASES])
def test_identical_to_weka_j48(weka, mirror_file, name, disc, options, make, seed):
    from weka.classifiers import Classifier

    X, y = load_weka(weka, mirror_file, name, disc)
    perm = np.random.default_rng(seed).permutation(len(X))
    tr, te = perm[: 2 * len(X) // 3], perm[2 * len(X) // 3:]
    Xtr, ytr = X.iloc[tr].reset_index(drop=True), y.iloc[tr].reset_index(drop=True)
    Xte, yte = X.iloc[te].reset_index(drop=True), y.iloc[te].reset_index(drop=True)
    assert disc or name in ("vote.arff", "car.arff") or (X.dtypes == float).any()
    if name in ("vote.arff", "credit.a.arff", "autos.arff"):
        assert Xtr.isna().any().any() and Xte.isna().any().any()

    ours = make().fit(Xtr, ytr)
    j48 = Classifier(classname="weka.classifiers.trees.J48", options=options)
    j48.build_classifier(weka.to_instances(Xtr, ytr))
    P_weka = weka.distributions(j48, weka.to_instances(Xte, yte))
    P_ours = ours.predict_proba(Xte)

    np.testing.assert_allclose(P_ours, P_weka, rtol=0, atol=1e-9)
    assert (ours.predict(Xte) == ours.classes_[P_weka.argmax(axis=1)]).all()
    tree = str(j48).split("------------------\n", 1)[1].split("\n\nNumber of Leaves", 1)[0]
    assert ours.export_text(summary=False).strip() == tree.strip()
    assert f"Number of Leaves  : \t{ours.n_leaves_}" in str(j48)
    assert f"Size of the tree : \t{ours.tree_size_}" in str(j48)
    if (name, seed) in RAISING_MATTERS:  # the case exercises raising and re-pruning
        assert C45(subtree_raising=False).fit(Xtr, ytr).export_text() != ours.export_text()


def numeric_data(n: int, n_classes: int, seed: int, missing: float, weighted: bool):
    """Synthetic data for J48's numeric cuts: 8 numeric attributes with ties (rounded to 0.1, so
    0.0 and -0.0 both occur, or small integers) and 2 continuous, 1 nominal; a noisy class;
    ``missing`` share of missing values per attribute; Weka instance weights 0.5-2 if ``weighted``."""
    rng = np.random.default_rng(seed)
    num = rng.normal(size=(n, 10))
    num[:, :5] = np.round(num[:, :5], 1)
    num[:, 5:8] = rng.integers(0, 7, size=(n, 3))
    nom = rng.integers(0, 3, size=n)
    score = num[:, 0] + 0.8 * num[:, 1] - 0.6 * num[:, 8] * num[:, 9] + 0.5 * nom + rng.normal(size=n)
    y = np.searchsorted(np.quantile(score, np.linspace(0, 1, n_classes + 1)[1:-1]), score)
    X = pd.DataFrame({f"x{j}": num[:, j] for j in range(10)})
    X["c"] = pd.Categorical.from_codes(nom, categories=["u", "v", "w"])
    for col in X.columns:
        X.loc[rng.random(n) < missing, col] = np.nan
    w = rng.choice([0.5, 1.0, 1.5, 2.0], size=n) if weighted else None
    return X, pd.Series(pd.Categorical.from_codes(y, categories=[f"k{i}" for i in range(n_classes)])), w


# (rows, classes, seed, missing share, weighted)
NUMERIC_CASES = [(1500, 2, 0, 0.0, False), (1500, 5, 1, 0.05, False), (1500, 5, 2, 0.0, True),
                 (1200, 2, 3, 0.1, True)]


@pytest.mark.weka
@pytest.mark.parametrize("n,n_classes,seed,missing,weighted", NUMERIC_CASES)
@pytest.mark.parametrize("options,make", [([], C45), (["-U", "-O", "-A"], C44)], ids=["J48", "J48-U-O-A"])
def test_numeric_cuts_agree_with_weka(weka, n, n_classes, seed, missing, weighted, options, make):
    """Trees grown on numeric attributes (sorted once per fit, cuts searched together) are J48's:
    ties, 0.0 / -0.0 (the relocated split point is the first such value in data order, as in
    Weka), missing values, instance weights, 2 and 5 classes."""
    from weka.classifiers import Classifier

    X, y, w = numeric_data(n, n_classes, seed, missing, weighted)
    assert (np.signbit(X["x0"]) & (X["x0"] == 0)).any() and (~np.signbit(X["x0"]) & (X["x0"] == 0)).any()
    n_tr = 9 * n // 10
    Xtr, ytr = X.iloc[:n_tr], y.iloc[:n_tr]
    Xte, yte = X.iloc[n_tr:].reset_index(drop=True), y.iloc[n_tr:].reset_index(drop=True)
    ours = make().fit(Xtr, ytr, sample_weight=None if w is None else w[:n_tr])
    train = weka.to_instances(Xtr, ytr)
    if w is not None:
        for inst, wi in zip(train, w[:n_tr]):
            inst.weight = float(wi)
    j48 = Classifier(classname="weka.classifiers.trees.J48", options=options)
    j48.build_classifier(train)
    np.testing.assert_allclose(ours.predict_proba(Xte), weka.distributions(j48, weka.to_instances(Xte, yte)),
                               rtol=0, atol=1e-9)
    tree = str(j48).split("------------------\n", 1)[1].split("\n\nNumber of Leaves", 1)[0]
    assert ours.export_text(summary=False).strip() == tree.strip()
    assert ours.n_leaves_ > 20  # a tree with many numeric tests, not a stump


def test_mushroom_speed(mirror):
    from aucacc.datasets.io import read_arff

    df = read_arff(mirror / "mushroom.arff").frame
    y = df.pop(df.columns[-1])
    df = df.drop(columns=["stalk-root"])  # the paper's 21 attributes
    assert df.shape == (8124, 21)
    for est in (C45(), C44()):
        t0 = time.perf_counter()
        est.fit(df, y)
        P = est.predict_proba(df)
        assert time.perf_counter() - t0 < 2.0
        assert (est.predict(df) == y.to_numpy()).mean() == 1.0  # mushroom is separable
        assert np.allclose(P.sum(axis=1), 1)


def _hand_cases():
    X3 = frame(a=(list("xxxyyyyyyy"), ["x", "y", "z"]))
    X11 = frame(a=(list("xxxyyyyyyy") + [""], ["x", "y"]))
    y11 = target("ppp" + "pppnnnn" + "n")
    return {
        "many-valued": (frame(a=A8, b=B8), target(Y8)),
        "average-gain": (frame(a=A8 * 2, b=B8 * 2), target(Y8 * 2)),
        "gain-ratio": (frame(b=B8, e=E8), target(Y8)),
        "tie": (frame(e2=E8, e=E8), target(Y8)),
        "pruning": (XP, YP),
        "empty-branch": (X3, YP),
        "missing-train": (X11, y11),
        "numeric": (XN, YN),
        "maxbag-tie": (XT, YT),
        "unused-class": (XP, target("ppp" + "pppnnnn", domain=("p", "q", "n"))),
    }


@pytest.mark.weka
@pytest.mark.parametrize("case", list(_hand_cases()))
@pytest.mark.parametrize("options,make", [([], C45), (["-U", "-O", "-A"], C44), (["-U"], lambda: C45(prune=False))],
                         ids=["J48", "J48-U-O-A", "J48-U"])
def test_hand_cases_agree_with_weka(weka, case, options, make):
    """The hand-computed cases above give J48's trees and probabilities too."""
    from weka.classifiers import Classifier

    X, y = _hand_cases()[case]
    # score the training rows plus one row with every attribute missing
    missing_row = pd.DataFrame({c: pd.Categorical([np.nan], categories=X[c].cat.categories)
                                if isinstance(X[c].dtype, pd.CategoricalDtype) else [np.nan] for c in X})
    Xs = pd.concat([X, missing_row], ignore_index=True)
    ys = pd.concat([y, y.iloc[:1]], ignore_index=True).astype(y.dtype)
    ours = make().fit(X, y)
    j48 = Classifier(classname="weka.classifiers.trees.J48", options=options)
    j48.build_classifier(weka.to_instances(X, y))
    np.testing.assert_allclose(ours.predict_proba(Xs), weka.distributions(j48, weka.to_instances(Xs, ys)),
                               rtol=0, atol=1e-12)
    tree = str(j48).split("------------------\n", 1)[1].split("\n\nNumber of Leaves", 1)[0]
    assert ours.export_text(summary=False).strip() == tree.strip()


def test_sample_weight_equals_duplicated_rows():
    # Weka instance weights: weight 2 counts like two copies (all rules here are weight-based,
    # except the 0.3 * n_rows many-values rule, which the 3-valued attributes pass either way).
    X2 = pd.concat([XT, XT], ignore_index=True)
    y2 = pd.concat([YT, YT], ignore_index=True).astype(YT.dtype)
    for make in (C45, C44):
        dup = make().fit(X2, y2)
        wtd = make().fit(XT, YT, sample_weight=np.full(len(XT), 2.0))
        assert wtd.export_text() == dup.export_text()
        np.testing.assert_allclose(wtd.predict_proba(XT), dup.predict_proba(XT), atol=1e-15)


def test_learners_sharing_a_grown_tree_equal_fresh_fits():
    """C4.4 and C4.5 share the tree grown on the same data (c45._GROWN): each must equal a fit on an
    empty cache, whatever ran before it, and no fit may change the tree another one holds."""
    from aucacc.learners import c45 as mod

    rng = np.random.default_rng(3)
    n = 300
    X = frame(**{f"a{j}": (list(rng.choice(list("uvwxyz"[: 3 + j]), n)), list("uvwxyz"[: 3 + j]))
                 for j in range(4)})
    # class from a0 and a1, 15 % flipped: pruning, its confidence and subtree raising all change the tree
    signal = (X["a0"].isin(["u", "v"]).to_numpy() & (X["a1"] == "u").to_numpy()) | (X["a2"] == "w").to_numpy()
    y = target("".join(np.where(signal ^ (rng.random(n) < 0.15), "p", "n")))
    makers = [C44, C45, lambda: C45(confidence=0.05), lambda: C45(prune=False), lambda: C45(collapse=False),
              lambda: C45(subtree_raising=False)]
    fresh = []
    for make in makers:
        mod._GROWN.clear()
        m = make().fit(X, y)
        fresh.append((m.export_text(), m.predict_proba(X)))
    assert len({text for text, _ in fresh}) >= 4  # the learners' trees differ
    mod._GROWN.clear()
    for order in (makers, makers[::-1]):
        models = [make().fit(X, y) for make in order]
        assert len(mod._GROWN) == 1  # one tree grown, the others copied or shared
        want = fresh if order is makers else fresh[::-1]
        for m, (text, proba) in zip(models, want):  # checked after every fit: none disturbed another
            assert m.export_text() == text
            np.testing.assert_array_equal(m.predict_proba(X), proba)


def test_pruned_trees_share_the_grown_trees_leaves_and_never_change_them():
    """Collapse and pruning copy only the nodes with a test: the leaves are the grown tree's own
    objects, and subtree raising replaces a leaf it gives new data instead of changing it."""
    from aucacc.learners import c45 as mod

    rng = np.random.default_rng(14)  # a sample on which subtree raising changes the pruned tree
    n = 300
    X = frame(**{f"a{j}": (list(rng.choice(list("uvwxyz"[: 3 + j]), n)), list("uvwxyz"[: 3 + j]))
                 for j in range(4)})
    signal = (X["a0"].isin(["u", "v"]).to_numpy() & (X["a1"] == "u").to_numpy()) | (X["a2"] == "w").to_numpy()
    y = target("".join(np.where(signal ^ (rng.random(n) < 0.25), "p", "n")))

    def leaves(node, out):
        if node.children is None:
            out.append(node)
        else:
            for ch in node.children:
                leaves(ch, out)
        return out

    mod._GROWN.clear()
    grown = C44().fit(X, y).tree_  # C4.4 keeps the grown tree as it is
    before = [(leaf, leaf.dist, leaf.is_empty, leaf.dist.per_class.tobytes(), leaf.dist.total)
              for leaf in leaves(grown, [])]
    raised = C45().fit(X, y)
    no_raising = C45(subtree_raising=False).fit(X, y)
    assert raised.export_text() != no_raising.export_text()  # subtree raising changed the tree
    assert [(leaf, leaf.dist, leaf.is_empty, leaf.dist.per_class.tobytes(), leaf.dist.total)
            for leaf in leaves(grown, [])] == before
    grown_ids = {id(leaf) for leaf in leaves(grown, [])}
    assert any(id(leaf) in grown_ids for leaf in leaves(raised.tree_, []))  # shared, not copied
    assert not all(id(leaf) in grown_ids for leaf in leaves(raised.tree_, []))  # raised leaves: new objects


def test_a_split_point_of_1e22_or_more_prints_all_its_digits():
    """Java's DecimalFormat prints every digit of a large double; Python's default decimal context (28 digits)
    could not quantize 1e22 to 6 decimals and raised InvalidOperation (a hostile trial)."""
    import pandas as pd

    from aucacc.learners._j48 import _java_decimal

    assert _java_decimal(1e22) == "10000000000000000000000"
    assert _java_decimal(1.7976931348623157e308) == str(int(1.7976931348623157e308))
    assert _java_decimal(0.1234565) == "0.123456" and _java_decimal(-2.5) == "-2.5"  # the double is below ...565
    X = pd.DataFrame({"x": [1e22, 1e22, 3e22, 3e22]})
    m = C45Tree(min_instances=1).fit(X, pd.Series(list("aabb"), dtype="category"))
    assert "x <= 10000000000000000000000" in str(m)
