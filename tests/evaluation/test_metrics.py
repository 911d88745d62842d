"""Metrics, folds and statistics: exact hand-computed cases and scikit-learn/scipy as references."""

import math

import numpy as np
import pytest
from scipy import stats as sps
from sklearn.metrics import roc_auc_score

from aucacc.evaluation.folds import derive_seed, small_classes, stratified_folds
from aucacc.evaluation.metrics import (SCORE_TIE_TOL, accuracy, auc, class_score, hand_till_m, rank_auc,
                                       roc_auc_binary, tie_groups)
from aucacc.stats import paired_ttest


def test_rank_auc_with_ties_hand_computed():
    # positives 0.9, 0.5; negatives 0.5, 0.1. Pairs: (0.9,0.5)=1, (0.9,0.1)=1, (0.5,0.5)=½, (0.5,0.1)=1 → 3.5/4.
    pos = np.array([True, True, False, False])
    s = np.array([0.9, 0.5, 0.5, 0.1])
    assert rank_auc(pos, s) == pytest.approx(0.875, abs=1e-15)
    assert roc_auc_score(pos, s) == pytest.approx(0.875, abs=1e-15)


def test_rank_auc_equals_sklearn_on_random_tied_scores():
    rng = np.random.default_rng(0)
    for _ in range(50):
        n = rng.integers(4, 60)
        pos = rng.random(n) < 0.4
        if pos.all() or not pos.any():
            continue
        s = rng.integers(0, 5, size=n) / 4  # many ties
        assert rank_auc(pos, s) == pytest.approx(roc_auc_score(pos, s), abs=1e-12)


def test_rank_auc_undefined_for_one_class():
    with pytest.raises(ValueError, match="one class"):
        rank_auc(np.array([True, True]), np.array([0.1, 0.2]))


# 3 classes, 2 instances each; the hand computation of Hand & Till's M:
# (a,b): Â(a|b) = 3/4 (p_a: a 0.6, 0.3 vs b 0.2, 0.5), Â(b|a) = 2/4 (p_b: b 0.7, 0.2 vs a 0.3, 0.4) → 0.625
# (a,c): Â(a|c) = 3/4 (0.6, 0.3 vs 0.1, 0.4), Â(c|a) = 3/4 (p_c: 0.7, 0.2 vs 0.1, 0.3) → 0.75
# (b,c): Â(b|c) = 2.5/4 (0.7, 0.2 vs 0.2, 0.4; one tie), Â(c|b) = 3/4 (0.7, 0.2 vs 0.1, 0.3) → 0.6875
# M = (0.625 + 0.75 + 0.6875) / 3 = 0.6875
HT_Y = np.array(["a", "a", "b", "b", "c", "c"])
HT_P = np.array([[0.6, 0.3, 0.1], [0.3, 0.4, 0.3], [0.2, 0.7, 0.1],
                 [0.5, 0.2, 0.3], [0.1, 0.2, 0.7], [0.4, 0.4, 0.2]])


def test_roc_auc_binary_is_sklearns_value_bit_for_bit():
    """scikit-learn's value bit for bit: of the scores themselves where no two distinct scores lie within
    SCORE_TIE_TOL, of their tie groups where some do (tiny values: 1e-17 next to 3e-18 tie)."""
    # Hand-computed: positives at 0.9 and 0.5 (tied with a negative), negatives at 0.5 and 0.1:
    # of the 4 (positive, negative) pairs 3 are ordered and 1 tied, so AUC = 3.5 / 4.
    assert roc_auc_binary([True, True, False, False], [0.9, 0.5, 0.5, 0.1]) == 0.875
    rng = np.random.default_rng(7)
    for t in range(400):
        n = int(rng.integers(2, 200))
        y = rng.random(n) < rng.uniform(0.05, 0.95)
        if y.all() or not y.any():
            continue
        # continuous scores, heavy ties, zeros among tiny values (NB's 1e-17 next to 3e-18), two-decimal rounding
        s = [rng.random(n), rng.integers(0, 4, n) / 3.0, np.where(rng.random(n) < 0.3, 1.0, rng.random(n) * 1e-17),
             np.round(rng.random(n), 2)][t % 4]
        g = tie_groups(s)
        close = np.unique(s).size != np.unique(g).size  # distinct floats within the tolerance
        assert close == (t % 4 == 2 and np.unique(s).size > 2)
        ref = roc_auc_score(y, g if close else s)
        assert np.float64(roc_auc_binary(y, s)).tobytes() == np.float64(ref).tobytes()


def test_roc_auc_binary_rejects_one_class_and_nan():
    with pytest.raises(ValueError, match="one class"):
        roc_auc_binary([True, True], [0.1, 0.2])
    with pytest.raises(ValueError, match="NaN"):
        roc_auc_binary([True, False], [np.nan, 0.2])


def test_hand_till_m_hand_computed():
    m, pairs = hand_till_m(HT_Y, HT_P, ["a", "b", "c"])
    assert pairs == 3
    assert m == pytest.approx(0.6875, abs=1e-15)
    assert auc(HT_Y, HT_P, ["a", "b", "c"]) == pytest.approx(0.6875, abs=1e-15)


def test_hand_till_m_equals_sklearn_ovo():
    assert roc_auc_score(HT_Y, HT_P, multi_class="ovo", labels=["a", "b", "c"]) == pytest.approx(0.6875, abs=1e-12)
    rng = np.random.default_rng(1)
    for _ in range(20):
        y = rng.choice(list("abcd"), size=40)
        P = rng.dirichlet(np.ones(4), size=40)
        ours = auc(y, P, list("abcd"))
        assert ours == pytest.approx(roc_auc_score(y, P, multi_class="ovo", labels=list("abcd")), abs=1e-12)


def test_hand_till_m_skips_absent_class_pairs():
    # Class c absent from the fold: only the (a,b) pair is defined → 0.625 from the hand computation.
    keep = HT_Y != "c"
    m, pairs = hand_till_m(HT_Y[keep], HT_P[keep], ["a", "b", "c"])
    assert pairs == 1 and m == pytest.approx(0.625, abs=1e-15)


def test_tie_groups_hand_computed():
    # 0.1 and 0.1 + 1 ulp tie; 0.3 and 0.3 + 6e-14 tie; 0.3 + 1.2e-13 joins them through its neighbour
    # (single linkage); 0.5 and 0.5 + 2e-13 do not; equal infinities tie.
    s = np.array([0.5 + 2e-13, 0.1, np.nextafter(0.1, 1), 0.3, 0.3 + 6e-14, 0.3 + 1.2e-13, 0.5, np.inf, np.inf, -np.inf])
    assert tie_groups(s).tolist() == [4, 1, 1, 2, 2, 2, 3, 5, 5, 0]
    assert tie_groups(s, tol=0).tolist() == [7, 1, 2, 3, 4, 5, 6, 8, 8, 0]
    # the groups of the negated scores are the same sets, numbered the other way
    assert (tie_groups(-s) == tie_groups(s).max() - tie_groups(s)).all()
    assert SCORE_TIE_TOL == 1e-13
    for bad, msg in [(np.array([0.1, np.nan]), "NaN"), (np.zeros((2, 2)), "1-d")]:
        with pytest.raises(ValueError, match=msg):
            tie_groups(bad)
    with pytest.raises(ValueError, match="tol"):
        tie_groups([0.1], tol=-1)


def test_class_score_is_exactly_antisymmetric_for_two_classes():
    rng = np.random.default_rng(3)
    P = rng.dirichlet([1, 1], size=200)
    assert (class_score(P, 0) == -class_score(P, 1)).all()
    assert (class_score(P[:, ::-1], 1) == class_score(P, 0)).all()
    P3 = rng.dirichlet([1, 1, 1], size=5)
    assert (class_score(P3, 2) == np.log(P3[:, 2])).all()  # the order of p_k; ties relative
    # the log-odds keep what saturating posteriors say (1e-174 vs 1e-33 of class 1), in either order
    Psat = np.array([[1.0, 1e-174], [1.0, 1e-33], [0.5, 0.5]])
    s = class_score(Psat, 1)
    assert s[0] < s[1] < s[2] and (class_score(Psat[:, ::-1], 0) == s).all()
    assert class_score(np.array([[1.0, 0.0]]), 1).tolist() == [-np.inf]
    with pytest.raises(ValueError, match="out of range"):
        class_score(P, 2)
    with pytest.raises(ValueError, match="c >= 2"):
        class_score(P[:, :1], 0)


def test_auc_of_ulp_apart_scores_is_the_tie_aware_value_in_both_class_orders():
    """Two instances whose posteriors are equal in exact arithmetic, stored one unit in the last place
    apart in p(a) but equal in p(b) (aucacc's naive Bayes on a small binary set gave these floats, issue 35):
    a ranking of either column alone breaks the tie one way or the other; the tie rule ties them in
    both class orders.

    By hand, b positive, the pair tied: b@0.8 beats a@0.3 and a@0.55 (2), b@0.45 beats a@0.3 (1) and ties
    a@0.45 (½) → 3.5 / 4 = 0.875. Ranking p(a) instead puts a@0.545511221945137 one ulp below b's
    0.5455112219451371: 3 / 4.
    """
    pa = np.array([0.7, 0.5455112219451371, 0.545511221945137, 0.2])
    pb = np.array([0.3, 0.454488778054863, 0.454488778054863, 0.8])
    assert pa[1] == np.nextafter(pa[2], 1)
    y = np.array(["a", "b", "a", "b"])
    P = np.c_[pa, pb]
    # The raw columns disagree: p(b) ties the pair, p(a) ranks it.
    assert roc_auc_score(y == "b", pb) == 0.875 and roc_auc_score(y == "a", pa) == 0.75
    assert auc(y, P, ["a", "b"]) == auc(y, P[:, ::-1], ["b", "a"]) == 0.875
    assert hand_till_m(y, P, ["a", "b"])[0] == hand_till_m(y, P[:, ::-1], ["b", "a"])[0] == 0.875
    assert rank_auc(y == "b", class_score(P, 1)) == rank_auc(y == "a", class_score(P[:, ::-1], 1)) == 0.875


def test_binary_auc_is_symmetric_in_the_positive_class():
    y = np.array(["x", "y", "y", "x", "y"])
    p1 = np.array([0.2, 0.8, 0.6, 0.6, 0.1])
    P = np.c_[1 - p1, p1]
    assert auc(y, P, ["x", "y"]) == pytest.approx(auc(y, P[:, ::-1], ["y", "x"]), abs=1e-15)


def test_accuracy():
    assert accuracy(["a", "b", "c", "a"], ["a", "b", "b", "b"]) == 0.5
    with pytest.raises(ValueError):
        accuracy([], [])


def test_stratified_folds_deterministic_and_stratified():
    y = np.array(["p"] * 30 + ["n"] * 70)
    f1 = stratified_folds(y, 10, seed=5)
    f2 = stratified_folds(y, 10, seed=5)
    assert (f1 == f2).all()
    for k in range(10):
        assert (y[f1 == k] == "p").sum() == 3 and (f1 == k).sum() == 10
    assert not (stratified_folds(y, 10, seed=6) == f1).all()


def test_small_classes_reported():
    # 9 instances of "t" over 10 folds: one fold has none; the split still works, silently for sklearn.
    y = np.array(["a"] * 50 + ["t"] * 9)
    assert small_classes(y, 10) == {"t": 9}
    fold = stratified_folds(y, 10, seed=0)
    assert sum((y[fold == k] == "t").sum() == 0 for k in range(10)) == 1


def test_derive_seed_stable():
    # CRC-32 based: stable across processes (no hash randomisation).
    assert derive_seed(1, "folds", "iris") == derive_seed(1, "folds", "iris")
    assert derive_seed(1, "folds", "iris") != derive_seed(1, "folds", "wine")


def test_paired_ttest_hand_computed_and_scipy():
    # d = (1, 2, 3): mean 2, sd 1, t = 2 / (1/√3) = 2√3 with 2 degrees of freedom.
    r = paired_ttest([1, 2, 3], [0, 0, 0], 0.05)
    assert r.t == pytest.approx(2 * math.sqrt(3), rel=1e-12)
    assert r.p == pytest.approx(2 * sps.t.sf(2 * math.sqrt(3), 2), rel=1e-12)
    assert r.verdict == "not significant"  # p ≈ 0.074
    r2 = paired_ttest([5, 6, 7, 8, 9], [1, 1.5, 2, 2.2, 3], 0.05)
    assert r2.p < 0.05 and r2.verdict == "a significantly higher"
    assert paired_ttest([1, 2], [1, 2], 0.05).p == 1.0


def test_cross_validate_accepts_a_scikit_learn_estimator(repo_config):
    # A non-aucacc estimator gets one-hot attributes: LogisticRegression runs on discretized iris
    # and gives one probability column per class, each row summing to 1.
    from sklearn.linear_model import LogisticRegression

    from aucacc.datasets import load_dataset
    from aucacc.evaluation.cross_validate import cross_validate

    ds = load_dataset("iris", repo_config)
    folds = stratified_folds(ds.y, 5, seed=0)
    scores, _ = cross_validate(ds, folds, lambda: LogisticRegression(max_iter=1000))
    P = scores[[c for c in scores.columns if c.startswith("p:")]].to_numpy()
    assert P.shape == (150, 3) and np.allclose(P.sum(axis=1), 1)
    assert (scores["y_pred"] == scores["y_true"]).mean() > 0.8


def _symmetric_binary_set(order):
    """12 random rows and their copies with attributes A and B swapped (seed 4), classes declared in ``order``.

    A and B then have the same counts, so a test row (A = i, B = j) and a row (A = j, B = i) have equal naive
    Bayes posteriors in exact arithmetic, but the factors are multiplied in another order: one ulp apart, at times.
    """
    import pandas as pd

    from aucacc.datasets.recipes import CleanDataset

    rng = np.random.default_rng(4)
    a, b, y = rng.integers(0, 3, 12), rng.integers(0, 3, 12), rng.choice(["a", "b"], 12)
    a, b, y = np.r_[a, b], np.r_[b, a], np.r_[y, y]
    cat = lambda v: pd.Categorical(v.astype(str), categories=["0", "1", "2"])  # noqa: E731
    return CleanDataset("sym", pd.DataFrame({"A": cat(a), "B": cat(b)}),
                        pd.Series(pd.Categorical(y, categories=order), name="class"), {"A": "nominal", "B": "nominal"})


def _exact_nb_auc(ds, train, test, positive):
    """The fold's AUC from naive Bayes posteriors in exact rational arithmetic (Laplace-corrected counts,
    as aucacc.learners.naive_bayes fits them), ties counting ½."""
    from fractions import Fraction

    from aucacc.learners.naive_bayes import NaiveBayes

    m = NaiveBayes().fit(ds.X[train], ds.y[train])
    k, n = len(m.classes_), int(m.class_count_.sum())
    pos_k = list(m.classes_).index(positive)
    post = []
    for i in np.flatnonzero(test):
        v = [Fraction(int(m.class_count_[c]) + 1, n + k) for c in range(k)]
        for col in m.feature_names_in_:
            cnt, code = m.counts_[col], int(ds.X[col].cat.codes.iloc[i])
            v = [v[c] * Fraction(int(cnt[code, c]) + 1, int(cnt[:, c].sum()) + cnt.shape[0]) for c in range(k)]
        post.append(v[pos_k] / sum(v))
    is_pos = (ds.y[test] == positive).to_numpy()
    p_pos = [p for p, t in zip(post, is_pos) if t]
    p_neg = [p for p, t in zip(post, is_pos) if not t]
    won = sum(Fraction(1) if p > q else Fraction(1, 2) if p == q else Fraction(0) for p in p_pos for q in p_neg)
    return won / (len(p_pos) * len(p_neg))


def test_class_order_does_not_change_auc_roc_or_cde_of_naive_bayes():
    """Issue 35: aucacc's NB on a small binary set, same data and folds, classes declared {a, b} and {b, a}.

    Ranking one column's floats (sklearn's roc_auc_score of the second class, as before) gives fold 2
    16.7 % in one order and 12.5 % in the other; the tie rule gives, in both orders, the same float, the
    value of the exact posteriors (ties ½), the same ROC points and the same C/D/E tallies against C4.5.
    """
    import pandas as pd

    from aucacc.evaluation.cross_validate import cross_validate, fold_metrics
    from aucacc.learners.c45 import C45
    from aucacc.learners.naive_bayes import NaiveBayes
    from aucacc.roc.experiment import fold_curves
    from aucacc.studies.fold_tables import cde_table

    runs = {}
    for order in (["a", "b"], ["b", "a"]):
        ds = _symmetric_binary_set(order)
        folds = stratified_folds(ds.y.astype(str).to_numpy(), 3, seed=1)
        metrics, scores = [], {}
        for name, make in [("NB", NaiveBayes), ("C4.5", C45)]:
            sc, _ = cross_validate(ds, folds, make, discretization="none")
            scores[name] = sc
            metrics.append(fold_metrics(sc).assign(dataset="sym", learner=name))
        runs[tuple(order)] = (ds, folds, scores, pd.concat(metrics, ignore_index=True))
    (ds_ab, folds, sc_ab, m_ab), (ds_ba, _, sc_ba, m_ba) = runs[("a", "b")], runs[("b", "a")]
    nb_ab, nb_ba = sc_ab["NB"], sc_ba["NB"]
    # The stored probabilities are the same floats in both orders (binary NB normalises by a + b = b + a) ...
    pd.testing.assert_frame_equal(nb_ab[["p:a", "p:b"]], nb_ba[["p:a", "p:b"]])
    # ... but the two columns round the pair of fold 2 differently: one column's ranking depends on the order.
    old = {o: [roc_auc_score(g["y_true"] == o[1], g[f"p:{o[1]}"]) for _, g in sc["NB"].groupby("fold")]
           for o, (_, _, sc, _) in runs.items()}
    assert old[("a", "b")][2] == pytest.approx(1 / 6) and old[("b", "a")][2] == pytest.approx(1 / 8)
    # The tie rule: the same floats in both orders, each the exact posteriors' AUC.
    auc_ab = m_ab.query("metric == 'auc'")["value"].to_numpy()
    auc_ba = m_ba.query("metric == 'auc'")["value"].to_numpy()
    assert auc_ab.tobytes() == auc_ba.tobytes()
    exact = [float(100 * _exact_nb_auc(ds_ab, folds != k, folds == k, "b")) for k in range(3)]
    np.testing.assert_allclose(m_ab.query("metric == 'auc' and learner == 'NB'")["value"], exact, rtol=0, atol=1e-12)
    assert exact[2] == pytest.approx(100 / 6)
    # ROC points of either positive class, fold by fold: the same in both orders.
    for positive in ("a", "b"):
        (c_ab, k_ab), (c_ba, k_ba) = fold_curves(nb_ab, positive), fold_curves(nb_ba, positive)
        assert k_ab == k_ba == [0, 1, 2]
        for x, z in zip(c_ab, c_ba):
            for f in ("fpr", "tpr", "thresholds"):
                assert getattr(x, f).tobytes() == getattr(z, f).tobytes()
        assert [c.auc for c in c_ab] == pytest.approx([v / 100 for v in exact], abs=1e-12)
    # C/D/E of AUC against accuracy, NB against C4.5 over the three folds: the same tallies.
    t_ab, t_ba = cde_table(m_ab, [("NB", "C4.5")]), cde_table(m_ba, [("NB", "C4.5")])
    pd.testing.assert_frame_equal(t_ab, t_ba)
    assert int(t_ab["n"].iloc[0]) == 3


def test_auc_keeps_saturating_and_tiny_posteriors_apart_as_roc_auc_score_does():
    """Issue 35's tie rule on the log-odds scale: naive-Bayes-like posteriors spread over 10⁻²⁵…10⁻⁴ (a difference
    tie rule would chain them into one tie: AUC 0.596 against 0.677 at n = 10,000) and scikit-learn's GaussianNB,
    whose posteriors saturate (1e-174 against 1e-33), give roc_auc_score's AUC, in both class orders."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import StratifiedKFold
    from sklearn.naive_bayes import GaussianNB

    rng = np.random.default_rng(0)
    p1 = np.r_[10 ** rng.uniform(-25, -6, 2000), 10 ** rng.uniform(-20, -4, 200)]
    y = np.r_[np.zeros(2000, int), np.ones(200, int)]
    P = np.c_[1 - p1, p1]
    lab = np.where(y == 1, "b", "a")
    assert auc(lab, P, ["a", "b"]) == auc(lab, P[:, ::-1], ["b", "a"]) == pytest.approx(roc_auc_score(y, p1), abs=1e-15)
    X, y = load_breast_cancer(return_X_y=True)
    for tr, te in StratifiedKFold(10, shuffle=True, random_state=0).split(X, y):
        P = GaussianNB().fit(X[tr], y[tr]).predict_proba(X[te])
        lab = np.where(y[te] == 1, "b", "a")
        assert auc(lab, P, ["a", "b"]) == auc(lab, P[:, ::-1], ["b", "a"])
        assert auc(lab, P, ["a", "b"]) == pytest.approx(roc_auc_score(y[te], P[:, 1]), abs=1e-15)
