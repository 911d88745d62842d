"""Exactness of :mod:`aucacc.learners.svm` (kernel, search, estimator) against plain scikit-learn / LIBSVM.

The reference is ``SVC(kernel="rbf")`` and ``GridSearchCV`` with the same inner splits; the
fast path must give the same kernel, the same selection and the same decision values.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC

from aucacc.learners.encoding import encode_features
from aucacc.learners.svm import C_GRID, GAMMA_GRID, GridSearchSVM, gridpy_job_order, select_best, tune_rows
from aucacc.learners.svm.estimator import _squash
from aucacc.learners.svm.kernel import _Distances, _fit_predict
from aucacc.learners.svm.search import _max_correct

SMALL_C = [2.0 ** k for k in (-1, 1, 3, 5)]
SMALL_G = [2.0 ** k for k in (-5, -3, -1, 1)]


def nominal_data(n=300, seed=0):
    """Random nominal attributes (many duplicate rows) and a noisy class."""
    rng = np.random.default_rng(seed)
    cats = list("abcd")
    X = pd.DataFrame({f"a{i}": pd.Categorical(rng.choice(cats[:3], n), categories=cats)
                      for i in range(5)})
    y = np.where((X.a0 == "a") ^ (X.a1 == "b") | (rng.random(n) < 0.15), "pos", "neg")
    return X, y


def breast():
    X, y = load_breast_cancer(return_X_y=True)
    return MinMaxScaler().fit_transform(X), y


def reference_search(Z, y, seed, C_grid=SMALL_C, g_grid=SMALL_G):
    return GridSearchCV(SVC(kernel="rbf"), {"C": C_grid, "gamma": g_grid},
                        cv=StratifiedKFold(3, shuffle=True, random_state=seed)).fit(Z, y)


# -- encoding --------------------------------------------------------------------------------
def test_onehot_declared_domain_and_missing_as_zeros():
    X = pd.DataFrame({"a": pd.Categorical(["x", None, "z"], categories=["x", "y", "z"]),
                      "b": pd.Categorical(["u", "v", "u"], categories=["u", "v"])})
    Z, spec = encode_features(X)
    assert Z.tolist() == [[1, 0, 0, 1, 0], [0, 0, 0, 0, 1], [0, 0, 1, 1, 0]]
    # the test data take the training domain, whatever their own categories
    Zt, _ = encode_features(X.iloc[[2]].astype({"a": "object"}).astype("category"), spec=spec)
    assert Zt.tolist() == [[0, 0, 1, 1, 0]]
    Zo, _ = encode_features(X.dropna(), encoding="ordinal")
    assert Zo.tolist() == [[0.0, 0.0], [1.0, 0.0]]
    with pytest.raises(ValueError, match="ordinal"):
        encode_features(X, encoding="ordinal")
    with pytest.raises(ValueError, match="NaN"):
        encode_features(np.array([[0.0, np.nan]]))


def test_grids_are_libsvm_gridpy_defaults():
    assert len(C_GRID) == 11 and len(GAMMA_GRID) == 10
    assert np.log2(C_GRID).tolist() == list(range(-5, 16, 2))
    assert np.log2(GAMMA_GRID).tolist() == list(range(-15, 4, 2))


# -- the kernel ------------------------------------------------------------------------------
@pytest.mark.parametrize("C, gamma", [(2.0 ** -5, 2.0 ** -15), (2.0, 0.5), (2.0 ** 15, 2.0 ** -7),
                                      (8.0, 8.0)])
def test_precomputed_kernel_equals_libsvm_rbf_on_onehot(C, gamma):
    X, y = nominal_data()
    Z, _ = encode_features(X)
    ref = SVC(C=C, gamma=gamma).fit(Z[:200], y[:200])
    K = _Distances(Z[:200]).kernel(gamma)
    ours = SVC(C=C, kernel="precomputed").fit(K, y[:200])
    # one-hot D² is an exact integer: same kernel, same LIBSVM iterates, same model
    np.testing.assert_array_equal(ours.support_, ref.support_)
    np.testing.assert_allclose(ours.dual_coef_, ref.dual_coef_, rtol=0, atol=1e-12)
    K_test = _Distances(Z[200:], Z[:200]).kernel(gamma)
    np.testing.assert_allclose(ours.decision_function(K_test), ref.decision_function(Z[200:]),
                               rtol=0, atol=1e-8)


@pytest.mark.parametrize("weighted", [False, True])
def test_direct_libsvm_call_equals_svc(weighted):
    X, y = nominal_data()
    Z, _ = encode_features(X)
    ycode = (y == "pos").astype(np.int64)
    w = np.random.default_rng(1).integers(1, 4, 200).astype(float) if weighted else None
    for C, gamma in [(0.5, 0.125), (32.0, 0.5), (2.0 ** 15, 8.0)]:
        K_tr = _Distances(Z[:200]).kernel(gamma)
        K_te = _Distances(Z[200:], Z[:200]).kernel(gamma)
        a = _fit_predict(K_tr, ycode[:200], w, K_te, C, 1e-3, 200, True, direct=True)
        b = _fit_predict(K_tr, ycode[:200], w, K_te, C, 1e-3, 200, True, direct=False)
        np.testing.assert_array_equal(a[0], b[0])
        assert a[1] == b[1]


def test_fixed_pair_decision_values_equal_svc_rbf():
    X, y = nominal_data()
    Z, _ = encode_features(X)
    for merge in (False, True):
        m = GridSearchSVM([4.0], [0.25], random_state=1, merge_duplicates=merge,
                          reuse_unbounded=False).fit(X[:200], y[:200])
        ref = SVC(C=4.0, gamma=0.25).fit(Z[:200], y[:200])
        # unmerged: the same LIBSVM problem; merged: the same optimum, solver stops within tol
        atol = 1e-8 if not merge else 1e-2
        np.testing.assert_allclose(m.decision_function(X[200:]), ref.decision_function(Z[200:]),
                                   rtol=0, atol=atol)
        if not merge:
            np.testing.assert_array_equal(m.predict(X[200:]), ref.predict(Z[200:]))


def test_continuous_data_agree_when_solved_tightly():
    # Non-integer D² differs from LIBSVM's in the last bit, which may change the solver's path
    # within its tolerance; solved tightly, both reach the same optimum.
    X, y = breast()
    m = GridSearchSVM([32.0], [0.125], tol=1e-10, merge_duplicates=False).fit(X[:400], y[:400])
    ref = SVC(C=32.0, gamma=0.125, tol=1e-10).fit(X[:400], y[:400])
    np.testing.assert_allclose(m.decision_function(X[400:]), ref.decision_function(X[400:]),
                               rtol=0, atol=1e-8)


# -- selection -------------------------------------------------------------------------------
@pytest.mark.parametrize("merge, reuse", [(False, False), (True, False), (True, True)])
def test_selection_equals_gridsearchcv_on_nominal_data(merge, reuse):
    X, y = nominal_data(seed=3)
    Z, _ = encode_features(X)
    ref = reference_search(Z, y, seed=11)
    m = GridSearchSVM(SMALL_C, SMALL_G, random_state=11, merge_duplicates=merge,
                      reuse_unbounded=reuse, early_stop=False).fit(X, y)
    assert m.best_params_ == ref.best_params_
    # the early stop and pruning fit fewer pairs and folds, and select the same pair; the
    # folds they fit score as GridSearchCV's
    e = GridSearchSVM(SMALL_C, SMALL_G, random_state=11, merge_duplicates=merge, reuse_unbounded=reuse).fit(X, y)
    assert e.best_params_ == ref.best_params_ and (e.cv_results_["skipped"] != "").any()
    for k in range(3):
        fitted = e.cv_results_[f"split{k}_n_correct"] >= 0
        np.testing.assert_array_equal(e.cv_results_[f"split{k}_test_score"][fitted],
                                      ref.cv_results_[f"split{k}_test_score"][fitted])
    assert m.inner_random_state_ == 11
    for k in range(3):
        np.testing.assert_array_equal(m.cv_results_[f"split{k}_test_score"],
                                      ref.cv_results_[f"split{k}_test_score"])
    np.testing.assert_array_equal(m.cv_results_["rank_test_score"], ref.cv_results_["rank_test_score"])
    assert m.cv_results_["params"] == list(ref.cv_results_["params"])
    atol = 1e-8 if not merge else 1e-2
    np.testing.assert_allclose(m.decision_function(X), ref.decision_function(Z), rtol=0, atol=atol)


def test_selection_equals_gridsearchcv_on_continuous_data():
    X, y = breast()
    ref = reference_search(X, y, seed=5)
    m = GridSearchSVM(SMALL_C, SMALL_G, random_state=5).fit(X, y)
    assert m.best_params_ == ref.best_params_
    # mean scores agree up to one inner test row (the solver-path caveat above)
    # (pairs the early stop skipped are NaN)
    assert np.nanmax(np.abs(m.cv_results_["mean_test_score"] - ref.cv_results_["mean_test_score"])) <= 1 / 189


def test_duplicate_merging_measured_difference():
    X, y = nominal_data(n=400, seed=7)
    a = GridSearchSVM([2.0, 32.0], [0.125, 0.5], random_state=2, merge_duplicates=False,
                      reuse_unbounded=False).fit(X, y)
    b = GridSearchSVM([2.0, 32.0], [0.125, 0.5], random_state=2, merge_duplicates=True).fit(X, y)
    assert b.n_points_ < a.n_points_ == 400
    assert a.best_params_ == b.best_params_
    d = np.abs(a.decision_function(X) - b.decision_function(X)).max()
    assert d < 1e-2  # default tol 1e-3: the solvers stop at different points near the optimum
    # solved tightly the two are the same model
    a = GridSearchSVM([32.0], [0.5], tol=1e-9, merge_duplicates=False).fit(X, y)
    b = GridSearchSVM([32.0], [0.5], tol=1e-9, merge_duplicates=True).fit(X, y)
    np.testing.assert_allclose(a.decision_function(X), b.decision_function(X), rtol=0, atol=1e-6)


def test_reuse_of_unbounded_fits_gives_the_same_inner_scores():
    # a noiseless nominal concept: separable in feature space, so from some C on no multiplier
    # reaches its bound and the larger C reuse that fit
    rng = np.random.default_rng(5)
    X = pd.DataFrame({f"a{i}": pd.Categorical(rng.choice(list("abcd"), 240), categories=list("abcd"))
                      for i in range(6)})
    y = np.where((X.a0 == "a") ^ (X.a1 == "b"), "pos", "neg")
    gammas = [2.0 ** -3, 2.0 ** -1, 2.0]
    grid = dict(C_grid=C_GRID, gamma_grid=gammas, random_state=4, merge_duplicates=False)
    # the shortcut is taken on these inner folds: for every γ, LIBSVM's fit at some C below the
    # largest leaves every multiplier strictly inside its box (sklearn's SVC, the inner CV's folds)
    Z, _ = encode_features(X)
    folds = list(StratifiedKFold(3, shuffle=True, random_state=4).split(Z, y))
    for g in gammas:
        for train, _ in folds:
            first_free = next(C for C in C_GRID
                              if np.abs(SVC(C=C, gamma=g).fit(Z[train], y[train]).dual_coef_).max() < C)
            assert first_free < C_GRID[-1]
    a = GridSearchSVM(reuse_unbounded=False, early_stop=False, **grid).fit(X, y)
    b = GridSearchSVM(reuse_unbounded=True, early_stop=False, **grid).fit(X, y)
    for k in range(3):
        np.testing.assert_array_equal(a.cv_results_[f"split{k}_test_score"],
                                      b.cv_results_[f"split{k}_test_score"])
    assert a.best_params_ == b.best_params_ == {"C": 32.0, "gamma": 0.125}
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))
    # and both select what GridSearchCV selects on the same folds, with its scores up to one
    # inner test row (the solver-path caveat above)
    ref = reference_search(Z, y, seed=4, C_grid=C_GRID, g_grid=gammas)
    assert b.best_params_ == ref.best_params_
    assert np.abs(b.cv_results_["mean_test_score"] - ref.cv_results_["mean_test_score"]).max() <= 1 / 80


def test_tie_break_smallest_C_then_smallest_gamma():
    C = np.array([1.0, 2.0, 4.0])
    g = np.array([0.1, 0.2])
    n_test = np.array([10, 10, 10])
    correct = np.full((6, 3), 5)
    correct[3] = [9, 9, 9]  # (C=2, γ=0.2)
    correct[4] = [9, 9, 9]  # (C=4, γ=0.1)
    correct[5] = [10, 9, 8]  # (C=4, γ=0.2): the same mean, other folds
    assert select_best(C, g, correct, n_test, "sklearn") == 3
    correct[2] = [8, 10, 9]  # (C=2, γ=0.1) joins the tie: smaller γ at the same C wins
    assert select_best(C, g, correct, n_test, "sklearn") == 2


def test_tie_break_agrees_with_gridsearchcv_on_a_real_tie():
    # two clean clusters: every pair scores 1.0 except the smoothest, so many tie
    rng = np.random.default_rng(0)
    n = 90
    y = np.repeat(["p", "n"], n // 2)
    X = pd.DataFrame({"a": pd.Categorical(np.where(y == "p", "x", "y"), categories=["x", "y"]),
                      "b": pd.Categorical(rng.choice(["u", "v"], n), categories=["u", "v"])})
    Z, _ = encode_features(X)
    ref = reference_search(Z, y, seed=3)
    m = GridSearchSVM(SMALL_C, SMALL_G, random_state=3, early_stop=False).fit(X, y)
    assert (m.cv_results_["rank_test_score"] == 1).sum() > 1
    assert m.best_params_ == ref.best_params_
    best = m.cv_results_["params"][np.flatnonzero(m.cv_results_["rank_test_score"] == 1)[0]]
    assert m.best_params_ == best
    # the early stop skips the pairs after the first perfect one in tie-break order (C-major)
    e = GridSearchSVM(SMALL_C, SMALL_G, random_state=3).fit(X, y)
    assert e.best_params_ == ref.best_params_ and e.best_score_ == 1.0
    h, j = e.early_stop_at_
    stopped = np.char.find(e.cv_results_["skipped"].astype(str), "tie-break") >= 0
    assert stopped.any() and np.flatnonzero(stopped).min() > h * len(SMALL_G) + j
    assert e.best_index_ <= h * len(SMALL_G) + j
    np.testing.assert_array_equal(e.decision_function(X), m.decision_function(X))


@pytest.mark.parametrize("n_jobs", [1, 2])
def test_early_stop_selects_as_gridsearchcv_and_records_skipped_pairs(n_jobs):
    # a noiseless concept on 3 attributes plus 3 irrelevant ones: several pairs reach inner
    # accuracy 1, the early stop fits only the pairs up to the first of them in tie-break order
    rng = np.random.default_rng(8)
    X = pd.DataFrame({f"a{i}": pd.Categorical(rng.choice(list("abc"), 240), categories=list("abc"))
                      for i in range(6)})
    y = np.where((X.a0 == "a") | ((X.a1 == "b") & (X.a2 != "c")), "pos", "neg")
    Z, _ = encode_features(X)
    C, G = C_GRID[::2], GAMMA_GRID[::2]
    ref = reference_search(Z, y, seed=6, C_grid=list(C), g_grid=list(G))
    full = GridSearchSVM(C, G, random_state=6, early_stop=False).fit(X, y)
    m = GridSearchSVM(C, G, random_state=6, n_jobs=n_jobs).fit(X, y)
    assert ref.best_score_ == 1.0 and m.best_params_ == ref.best_params_ == full.best_params_
    skipped = m.cv_results_["skipped"] != ""
    fitted = ~skipped
    assert 0 < skipped.sum() < len(skipped) - 1
    # every fitted pair scores as in GridSearchCV; every skipped one comes after the selected
    # pair in C-major (tie-break) order, and GridSearchCV ranks none of them above it
    np.testing.assert_array_equal(m.cv_results_["mean_test_score"][fitted],
                                  ref.cv_results_["mean_test_score"][fitted])
    why = m.cv_results_["skipped"]
    stopped = np.char.find(why.astype(str), "tie-break") >= 0
    pruned = skipped & ~stopped
    assert stopped.any() and pruned.any()
    # stopped pairs come after the selected one in tie-break order; pruned ones score lower in
    # GridSearchCV (their fitted folds already ruled them out)
    assert np.flatnonzero(stopped).min() > m.best_index_
    assert (ref.cv_results_["mean_test_score"][pruned] < ref.best_score_).all()
    assert np.isnan(m.cv_results_["mean_test_score"][skipped]).all()
    assert (m.cv_results_["rank_test_score"][skipped] > m.cv_results_["rank_test_score"][fitted].max()).all()
    assert "maximum possible mean inner accuracy" in why[stopped][0]
    np.testing.assert_array_equal(m.decision_function(X), full.decision_function(X))


def test_early_stop_bound_counts_rows_that_conflict():
    # identical attribute vectors of different classes: at most the majority of each can be right
    group = np.array([0, 0, 0, 1, 1, 2, 0, 1])
    ycode = np.array([0, 1, 1, 0, 1, 0, 0, 0])
    # fold A = rows 0..4: group 0 has classes {0, 1, 1} → 2; group 1 {0, 1} → 1: 3 of 5
    # fold B = rows 5..7: each group one class → all 3
    np.testing.assert_array_equal(_max_correct(group, ycode, [np.arange(5), np.arange(5, 8)]), [3, 3])


def test_squash_keeps_the_ranking_of_large_decision_values():
    f = np.array([-1e6, -40.0, -39.0, -1.0, 0.0, 1e-9, 1.0, 39.0, 40.0, 1e6, 1e6 + 1])
    p = _squash(f)
    assert p[4] == 0.5 and np.all(np.diff(p) > 0)  # the logistic ties 39, 40 and 1e6 at 1.0
    np.testing.assert_allclose(_squash(-f), 1 - p, rtol=0, atol=1e-15)


def test_gridpy_job_order_and_rule():
    jobs = gridpy_job_order(list(range(-5, 16, 2)), list(range(3, -16, -2)))
    assert len(jobs) == 110 and len(set(jobs)) == 110
    assert jobs[:3] == [(5, -7), (-1, -7), (5, -1)]  # grid.py starts at log2c=5, log2g=-7
    C = np.array([1.0, 2.0])
    g = np.array([0.5, 1.0])
    # visit order for log2 C ∈ {0, 1}, log2 γ ∈ {0, −1}: (1, −1), (1, 0), (0, −1), (0, 0)
    assert gridpy_job_order([0.0, 1.0], [0.0, -1.0]) == [(1.0, -1.0), (1.0, 0.0), (0.0, -1.0),
                                                         (0.0, 0.0)]
    n_test = np.array([3, 3])
    correct = np.array([[1, 1], [2, 2], [2, 2], [1, 1]])  # rows: (1, .5) (1, 1) (2, .5) (2, 1)
    # tie of (C=1, γ=1) and (C=2, γ=0.5): grid.py keeps the first visited, (2, 0.5), since the
    # later one has another γ; our default rule takes the smallest C
    assert select_best(C, g, correct, n_test, "gridpy") == 2
    assert select_best(C, g, correct, n_test, "sklearn") == 1
    # all tied: (C=1, γ=0.5) replaces (2, 0.5) — same γ, smaller C — and nothing beats it
    assert select_best(C, g, np.full((4, 2), 2), n_test, "gridpy") == 0


# -- estimator conventions -------------------------------------------------------------------
def test_n_jobs_does_not_change_the_result():
    X, y = nominal_data(n=200, seed=4)
    a = GridSearchSVM(SMALL_C[:2], SMALL_G[:2], random_state=9, n_jobs=1).fit(X[:150], y[:150])
    b = GridSearchSVM(SMALL_C[:2], SMALL_G[:2], random_state=9, n_jobs=2).fit(X[:150], y[:150])
    assert a.best_params_ == b.best_params_
    # which pairs the early stop skips may depend on n_jobs; the scores of pairs fitted by both do not
    both = ~np.isnan(a.cv_results_["mean_test_score"]) & ~np.isnan(b.cv_results_["mean_test_score"])
    assert both.sum() >= 2
    np.testing.assert_array_equal(a.cv_results_["mean_test_score"][both], b.cv_results_["mean_test_score"][both])
    np.testing.assert_array_equal(a.decision_function(X[150:]), b.decision_function(X[150:]))
    assert len(a.cv_results_["mean_test_score"]) == 4
    p = a.predict_proba(X[150:])
    np.testing.assert_allclose(p.sum(axis=1), 1.0, rtol=0, atol=1e-15)
    dec = a.decision_function(X[150:])
    assert np.all(np.diff(p[np.argsort(dec), 1]) >= 0)  # monotone in the decision value
    assert set(a.predict(X[150:])) <= set(a.classes_)
    np.testing.assert_array_equal(a.predict(X[150:]), a.classes_[(dec > 0).astype(int)])


# -- bounded memory: LIBSVM on the data, the auto rule, the subsample protocol --------------------
@pytest.mark.parametrize("early_stop, reuse", [(False, False), (True, True)])
def test_both_kernel_modes_select_as_gridsearchcv(early_stop, reuse):
    # one-hot data: the precomputed kernels hold the values LIBSVM computes on the rows, so both
    # paths make the LIBSVM runs GridSearchCV makes and select its pair
    X, y = nominal_data(n=360, seed=12)
    Z, _ = encode_features(X)
    ref = reference_search(Z, y, seed=4)
    fits = {mode: GridSearchSVM(SMALL_C, SMALL_G, random_state=4, kernel_mode=mode, early_stop=early_stop,
                                reuse_unbounded=reuse).fit(X, y) for mode in ("precomputed", "data")}
    for mode, m in fits.items():
        assert m.kernel_mode_ == {"search": mode, "refit": mode}
        assert m.best_params_ == ref.best_params_ and m.best_index_ == ref.best_index_
        fitted = ~np.isnan(m.cv_results_["mean_test_score"])
        assert fitted.sum() >= (len(fitted) if not early_stop else 2)
        np.testing.assert_array_equal(m.cv_results_["mean_test_score"][fitted],
                                      ref.cv_results_["mean_test_score"][fitted])
    a, b = fits["precomputed"], fits["data"]
    np.testing.assert_array_equal(a.cv_results_["mean_test_score"], b.cv_results_["mean_test_score"])
    # the refit on the data is GridSearchCV's refit, bit for bit; the precomputed one agrees to 1e-8
    np.testing.assert_array_equal(b.decision_function(X), ref.decision_function(Z))
    np.testing.assert_allclose(a.decision_function(X), ref.decision_function(Z), rtol=0, atol=1e-8)
    np.testing.assert_array_equal(b.predict(X), ref.predict(Z))


def test_kernel_modes_agree_with_merged_duplicates():
    # merged rows are weighted points; on the data LIBSVM gets the same weighted problem
    X, y = nominal_data(n=300, seed=5)
    a = GridSearchSVM(SMALL_C, SMALL_G, random_state=2, merge_duplicates=True, kernel_mode="precomputed").fit(X, y)
    b = GridSearchSVM(SMALL_C, SMALL_G, random_state=2, merge_duplicates=True, kernel_mode="data").fit(X, y)
    assert a.best_params_ == b.best_params_ and a.n_points_ == b.n_points_ < len(y)
    np.testing.assert_array_equal(a.cv_results_["mean_test_score"], b.cv_results_["mean_test_score"])
    np.testing.assert_allclose(a.decision_function(X), b.decision_function(X), rtol=0, atol=1e-8)


def test_auto_kernel_mode_by_size_and_memory():
    from aucacc.learners.svm.kernel import BASE_MB, libsvm_cache_mb, precomputed_peak_mb

    # 16 bytes per pair of one-hot rows, 40 of continuous ones, per worker, on top of the start-up
    assert precomputed_peak_mb(1024, True) == BASE_MB + 16.0
    assert precomputed_peak_mb(1024, False, n_workers=2) == BASE_MB + 80.0
    # the cache: cache_size without a budget; else the budget less start-up and 4 copies of the data,
    # shared by the workers, at most the whole single-precision kernel (+1 MB), at least 1 MB
    assert libsvm_cache_mb(None, 200, 10 ** 5, 10.0) == 200
    assert libsvm_cache_mb(8000, 200, 10 ** 5, 25.0, n_workers=2) == (8000 - BASE_MB - 100) / 2
    assert libsvm_cache_mb(8000, 200, 1024, 1.0) == 4.0 + 1.0
    assert libsvm_cache_mb(BASE_MB, 200, 10 ** 5, 1.0) == 1.0
    m = GridSearchSVM()
    # the paper's largest SVM data set, mushroom (8,124 instances), stays on the precomputed path
    assert m._kernel_mode(8124, True, 1) == "precomputed"
    assert m._kernel_mode(10000, True, 1) == "precomputed" and m._kernel_mode(10001, True, 1) == "data"
    assert GridSearchSVM(memory_mb=2000)._kernel_mode(8124, True, 1) == "precomputed"  # 1,307 MB
    assert GridSearchSVM(memory_mb=1000)._kernel_mode(8124, True, 1) == "data"
    assert GridSearchSVM(kernel_mode="precomputed")._kernel_mode(10 ** 6, True, 1) == "precomputed"
    X, y = nominal_data(n=200, seed=1)
    small = GridSearchSVM(SMALL_C[:2], SMALL_G[:2], precomputed_max_n=150).fit(X, y)
    # the search (about 200 rows) and the refit (200) are both above 150 rows
    assert small.kernel_mode_ == {"search": "data", "refit": "data"}
    sub = GridSearchSVM(SMALL_C[:2], SMALL_G[:2], precomputed_max_n=150, tune_subsample=120).fit(X, y)
    assert sub.kernel_mode_ == {"search": "precomputed", "refit": "data"}


def test_tune_subsample_is_a_seeded_stratified_subsample_and_says_so():
    from sklearn.model_selection import train_test_split

    X, y = nominal_data(n=400, seed=9)
    Z, _ = encode_features(X)
    m = GridSearchSVM(SMALL_C, SMALL_G, random_state=3, tune_subsample=0.5).fit(X, y)
    again = GridSearchSVM(SMALL_C, SMALL_G, random_state=3, tune_subsample=0.5).fit(X, y)
    assert m.n_tune_rows_ == 200 and m.n_points_ == 400
    assert again.best_params_ == m.best_params_ and again.notes_ == m.notes_
    assert m.notes_ == ["deviation from Huang & Ling (2005): (C, gamma) tuned on a stratified subsample of 200 "
                        "of the 400 training rows (tune_subsample=0.5, random_state=3), then refit on all of them"]
    # the search is GridSearchCV's on the subsample (train_test_split, stratified, the inner seed) ...
    rows = np.sort(train_test_split(np.arange(400), train_size=0.5, stratify=y, random_state=3)[0])
    # the library's one draw (what benchmarks/bench_svm_scale.py --tune-subsample uses for its GridSearchCV check)
    np.testing.assert_array_equal(tune_rows(y, 0.5, 3), rows)
    np.testing.assert_array_equal(tune_rows(y, None, 3), np.arange(400))
    counts = pd.Series(y[rows]).value_counts()
    assert abs(counts["pos"] - 200 * (y == "pos").mean()) <= 1  # stratified
    ref = reference_search(Z[rows], y[rows], seed=3)
    assert m.best_params_ == ref.best_params_
    # ... and the refit uses every training row
    full = SVC(kernel="rbf", **ref.best_params_).fit(Z, y)
    np.testing.assert_allclose(m.decision_function(X), full.decision_function(Z), rtol=0, atol=1e-8)
    # no subsample (None, or as many rows as the data): the paper's protocol, no note
    assert GridSearchSVM(SMALL_C[:1], SMALL_G[:1], tune_subsample=400).fit(X, y).notes_ == []
    with pytest.raises(ValueError, match="tune_subsample=399"):
        GridSearchSVM(SMALL_C[:1], SMALL_G[:1], tune_subsample=399).fit(X, y)
    # the report's note on the learner (a study's tables) says it too
    from aucacc.learners import input_description

    spec = {"estimator": "aucacc.learners.svm.GridSearchSVM", "params": {"tune_subsample": 5000}}
    assert input_description(spec, "whole_data").endswith(
        "; (C, gamma) tuned on a stratified subsample of each training part (tune_subsample=5000), a deviation from "
        "Huang & Ling (2005), who tune on all of it")
    assert "deviation" not in input_description({"estimator": "aucacc.learners.svm.GridSearchSVM"}, "whole_data")


def test_fold_records_say_the_subsample_deviation():
    # cross-validation keeps the fit's notes_ in each fold's record (results/scores/…/<learner>.json)
    from aucacc.datasets import CleanDataset
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.evaluation.folds import stratified_folds
    from aucacc.learners.factory import make_learner

    X, y = nominal_data(n=300, seed=2)
    ds = CleanDataset(name="nominal", X=X, y=pd.Series(pd.Categorical(y), name="class"),
                      kinds={c: "nominal" for c in X.columns})
    folds = stratified_folds(ds.y, 3, seed=1, dataset="nominal")
    params = {"C_grid": SMALL_C[:2], "gamma_grid": SMALL_G[:2], "tune_subsample": 60}
    _, info = cross_validate(ds, folds, lambda: make_learner({"estimator": "aucacc.learners.svm.GridSearchSVM",
                                                              "params": params}), "none")
    assert [r["note"] for r in info] == [
        f"deviation from Huang & Ling (2005): (C, gamma) tuned on a stratified subsample of 60 of the {r['n_train']} "
        f"training rows (tune_subsample=60, random_state=0), then refit on all of them" for r in info]
    _, paper = cross_validate(ds, folds, lambda: make_learner({"estimator": "aucacc.learners.svm.GridSearchSVM",
                                                               "params": {**params, "tune_subsample": None}}), "none")
    assert all("note" not in r for r in paper)
