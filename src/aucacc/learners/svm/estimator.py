"""The estimator :class:`GridSearchSVM`: encoding, the inner folds, selection, refit and prediction.

The layer a user meets (re-exported as ``aucacc.learners.svm.GridSearchSVM``, the config's
``estimator:`` path). It encodes the input, builds the inner folds and hands them to the exact
grid search of :mod:`aucacc.learners.svm.search`, selects with
:func:`~aucacc.learners.svm.search.select_best`, refits the selected pair on every training row
and predicts through the precomputed kernels of :mod:`aucacc.learners.svm.kernel`, computing
the test kernel on the support vectors only (LIBSVM reads no other column of it: exact).

Encoding. A :class:`pandas.DataFrame` of nominal attributes (``Categorical`` with the declared
domain — the pipeline discretizes numeric attributes first) is one-hot encoded: one 0/1 column
per declared category, in declared order; a missing value is all zeros for that attribute (it
is no category, and adds the same distance 1 to every observed category). ``encoding="ordinal"``
instead maps an attribute with ``k`` categories to ``code/(k−1)`` in ``[0, 1]`` (for ordered
intervals), and refuses missing values. Numeric ``DataFrame`` columns and numeric arrays are used
as they are (no scaling: scale them yourself if needed; NaN is refused).

Duplicate merging (``merge_duplicates=True``, off by default). Rows with the same attribute
vector and the same class are fitted as one point whose ``C`` is multiplied by the number of
copies (``sample_weight``). In the dual, ``k`` identical points with box ``[0, C]`` enter only
through the sum of their multipliers, which ranges over ``[0, k·C]`` — the merged point's box —
so both problems have the same optimal decision function. LIBSVM stops at a KKT tolerance
(``tol``), so the two solutions agree to the order of ``tol`` (measured: decision values within
2e-3), not bit for bit. That is not harmless: on thyroid it changed fold AUCs by up to 0.015
(many test rows have decision values closer than 1e-3) and in an earlier run flipped one
selected pair. Test rows that repeat are predicted once and counted with their multiplicity
(exact).
"""

from __future__ import annotations

from numbers import Integral, Real
from typing import Sequence

import numpy as np
import pandas as pd
from joblib import effective_n_jobs
from sklearn.base import BaseEstimator, ClassifierMixin, _fit_context
from sklearn.model_selection import StratifiedKFold, train_test_split
from sklearn.svm import SVC
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data
from sklearn.utils._param_validation import Interval, StrOptions

from aucacc.learners.encoding import encode_features
from aucacc.learners.svm.kernel import _Distances, _is_integral, _svc, libsvm_cache_mb, precomputed_peak_mb
from aucacc.learners.svm.search import (_cv_results, _max_correct, _mean_scores, _points, _search_grid,
                                        select_best)

__all__ = ["C_GRID", "GAMMA_GRID", "GridSearchSVM", "tune_rows"]

#: LIBSVM grid.py's default C grid: 2^-5, 2^-3, …, 2^15 (11 values).
C_GRID: tuple[float, ...] = tuple(2.0 ** k for k in range(-5, 16, 2))
#: LIBSVM grid.py's default γ grid: 2^-15, 2^-13, …, 2^3 (10 values).
GAMMA_GRID: tuple[float, ...] = tuple(2.0 ** k for k in range(-15, 4, 2))


class GridSearchSVM(ClassifierMixin, BaseEstimator):
    """C-SVM with an RBF kernel whose (C, γ) is chosen by stratified inner cross-validation.

    Parameters
    ----------
    C_grid : sequence of float, default :data:`C_GRID` (``2^-5, 2^-3, …, 2^15``)
    gamma_grid : sequence of float, default :data:`GAMMA_GRID` (``2^-15, 2^-13, …, 2^3``)
        The grid of Hsu, Chang & Lin's practical guide (LIBSVM ``tools/grid.py``); 110 pairs.
    n_inner_folds : int, default 3
        Folds of the inner CV: ``StratifiedKFold(n_inner_folds, shuffle=True, random_state=random_state)``.
    random_state : int in [0, 2^32 − 1], default 0
        Random state of the inner fold shuffle (recorded in ``inner_random_state_``); an integer,
        so that the inner folds, hence the selection, are reproducible.
    selection : {"sklearn", "gridpy"}, default "sklearn"
        ``"sklearn"``: the highest mean of the per-fold accuracies (as ``GridSearchCV``); ties go
        to the smallest C, then the smallest γ (``GridSearchCV`` with ascending grids picks the
        first best in C-major order — the same pair).
        ``"gridpy"``: LIBSVM grid.py exactly: the pooled CV accuracy ``100·correct/n`` rounded as
        ``%g`` (6 significant digits, what ``svm-train -v`` prints), pairs visited in grid.py's
        job order (:func:`~aucacc.learners.svm.search.gridpy_job_order`), a later pair replacing the best if its rate is
        higher, or equal with the same γ and a smaller C.
    encoding : {"onehot", "ordinal"}, default "onehot"
        How ``Categorical`` columns are encoded (see :func:`~aucacc.learners.encoding.encode_features`).
    merge_duplicates : bool, default False
        Fit repeated (x, y) rows as one point with weight = multiplicity (the same optimum; the
        solver's stopping point differs by ~``tol``, which moved thyroid fold AUCs by up to
        0.015 and once the selected pair — see ``benchmarks/bench_svm.py``). Off by default:
        the data sets with many duplicates are small, so exactness costs seconds.
    reuse_unbounded : bool, default True
        In the inner CV, C is visited in ascending order per (γ, fold); once a fit has every
        multiplier strictly inside its box (``α_i < C·w_i``: no bounded support vector), the
        upper bounds are inactive, so the same multipliers satisfy LIBSVM's stopping
        (tolerance-KKT) conditions for every larger C and the fit is reused for them instead
        of being repeated. The optimum is the same; a fresh LIBSVM run from ``α = 0`` could
        stop at another point within ``tol``. The final refit is always a fresh fit. False
        fits every (C, γ, fold): with ``merge_duplicates=False`` too, bit-for-bit the LIBSVM
        fits ``GridSearchCV`` makes.
    early_stop : bool, default True
        With ``selection="sklearn"``: pairs are visited in γ order, C ascending, and a C loop
        stops at the first pair whose mean inner accuracy reaches the largest mean any pair can
        reach (accuracy 1 on each inner test fold, less the rows that share an attribute vector
        with a row of another class: :func:`~aucacc.learners.svm.search._max_correct`); later γ
        then fit only the smaller C.
        Every pair not fitted comes after that pair in the tie-break order (smallest C, then γ)
        and cannot score higher, so the selection, the refit and hence the fold scores are
        those of the full grid (exact; checked on all 130 outer folds in
        ``benchmarks/bench_svm_exact.py``). Not fitted pairs have NaN scores, rank last, and carry the
        reason in ``cv_results_["skipped"]``. Ignored for ``selection="gridpy"``.
    n_jobs : int or None, default 1
        joblib workers over γ (with ``early_stop``, batches of ``n_jobs`` γ); the selection and
        the fitted model do not depend on it (which pairs are skipped may).
    tol, cache_size, shrinking :
        Passed to :class:`sklearn.svm.SVC` (LIBSVM's ``-e``, ``-m``, ``-h``; defaults as LIBSVM).
        ``cache_size`` (MB) is LIBSVM's kernel cache; with ``memory_mb`` set, fits on the data
        use the cache that budget leaves instead (:func:`~aucacc.learners.svm.kernel.libsvm_cache_mb`).
    kernel_mode : {"auto", "precomputed", "data"}, default "auto"
        Where the kernel lives. ``"precomputed"``: ``D²`` of the training rows and one float64
        kernel per γ and inner fold (the shortcuts of :mod:`~aucacc.learners.svm.kernel`;
        memory O(n²)). ``"data"``: every fit is ``SVC(kernel="rbf")`` on the rows, LIBSVM's
        kernel cache the only kernel storage (memory O(n), the fits ``GridSearchCV`` makes).
        Both make the same selection (on one-hot data the same LIBSVM runs). ``"auto"``:
        precomputed while the search's rows are at most ``precomputed_max_n`` and its
        estimated peak (:func:`~aucacc.learners.svm.kernel.precomputed_peak_mb`) fits in
        ``memory_mb``; on the data above. The search and the final refit decide separately
        (the refit's rows are all the training rows). Recorded in ``kernel_mode_``.
    precomputed_max_n : int, default 10000
        ``"auto"``'s size limit of the precomputed path, in training rows (points after
        merging). The precomputed kernels cost 2–3× less CPU at every size measured
        (1,000–10,000 instances), so the limit is memory: at 10,000 one-hot rows the search's
        estimated peak is 1.8 GB, within the workflow's 2 GB per-fold job. Measured by
        ``benchmarks/bench_svm_scale.py`` (docs/learners.md, "The SVM at scale").
    memory_mb : float or None, default None
        The job's memory budget in MB (set it to the job's ``resources: mem_mb``). Used by
        ``"auto"`` (the precomputed path only when its estimated peak fits) and for LIBSVM's
        kernel cache on the data. None: no budget known; ``"auto"`` decides by size alone and
        fits on the data use ``cache_size``.
    tune_subsample : int, float or None, default None
        **A deviation from Huang & Ling (2005)**, off by default: (C, γ) are tuned on a
        stratified random subsample of the training rows (an int: that many rows; a float in
        (0, 1): that share), drawn with ``random_state`` (``train_test_split(stratify=y)``:
        seeded, deterministic); the selected pair is then refit on every training row. The
        paper tunes on the whole training fold; the subsample cuts the search's cost by about
        the square of the ratio. Said in ``notes_`` (each fold's record keeps it) and in the
        report's note on the learner. None, or a subsample as large as the data: the whole
        training fold (the paper's protocol).

    Attributes
    ----------
    classes_ : ndarray, shape (n_classes,)
    best_params_ : dict {"C": float, "gamma": float}
    best_score_ : float — the selected pair's mean inner-CV accuracy.
    best_index_ : int — its row in ``cv_results_`` (C-major, ascending C then γ).
    cv_results_ : dict of arrays, one entry per (C, γ) as in ``GridSearchCV``: ``params``,
        ``param_C``, ``param_gamma``, ``split{k}_test_score``, ``mean_test_score``,
        ``std_test_score``, ``rank_test_score``, plus ``pooled_test_score`` (correct/n),
        ``split{k}_n_correct`` (−1 / −2: not fitted, after the early stop / pruned) and, when the
        early stop skipped pairs, ``skipped`` (the reason, ``""`` for pairs fitted).
    estimator_ : sklearn.svm.SVC — the final model (precomputed kernel) refit on all rows.
    inner_random_state_ : int — the random state of the inner folds.
    max_inner_correct_ : int ndarray (n_inner_folds,) — the early stop's bound per inner fold.
    early_stop_at_ : (C index, γ index) or None — the pair that stopped the search.
    n_points_ : int — training points after merging (= n_samples when not merged).
    kernel_mode_ : dict {"search": str, "refit": str} — where the kernels lived ("precomputed" or "data").
    libsvm_cache_mb_ : float — LIBSVM's kernel cache of the fits on the data (MB).
    n_tune_rows_ : int — rows of the grid search (fewer than n_samples with ``tune_subsample``).
    notes_ : list of str — deviations from the paper's protocol (``tune_subsample``), else empty.
    n_features_in_ : int — input columns; ``n_encoded_features_`` : int — after encoding.
    encoding_spec_ : list — the fitted encoding.

    Notes
    -----
    ``predict_proba`` (binary) is a monotone map of the decision value ``f`` into [0, 1]:
    ``p(classes_[1]) = 0.5/(1 − f)`` for ``f ≤ 0`` and ``1 − 0.5/(1 + f)`` for ``f > 0``
    (:func:`_squash`), ``p(classes_[0])`` the same map of ``−f``. It ranks exactly as ``f`` —
    right for AUC — but is **not** a calibrated probability (no Platt scaling, which would need
    another random inner CV), and the two columns need not sum to 1 exactly in floating point
    (they do mathematically). The logistic is avoided because it rounds to 1.0 for
    ``f > 37`` and would turn distinct decision values into ties. With more than two classes
    it is the softmax of the one-vs-rest decision values.
    """

    # scikit-learn's parameter validation: fit applies it (_fit_context), and so does
    # aucacc.config.check_learner at start-up. The grids' values (non-empty, positive) are
    # checked in fit: a constraint can say "array-like", not what the array holds.
    _parameter_constraints = {
        "C_grid": ["array-like"], "gamma_grid": ["array-like"],
        "n_inner_folds": [Interval(Integral, 2, None, closed="left")],
        "random_state": [Interval(Integral, 0, 2 ** 32 - 1, closed="both")],
        "selection": [StrOptions({"sklearn", "gridpy"})], "encoding": [StrOptions({"onehot", "ordinal"})],
        "merge_duplicates": ["boolean"], "reuse_unbounded": ["boolean"], "early_stop": ["boolean"],
        "n_jobs": [Integral, None],
        "tol": [Interval(Real, 0, None, closed="neither")], "cache_size": [Interval(Real, 0, None, closed="neither")],
        "shrinking": ["boolean"],
        "kernel_mode": [StrOptions({"auto", "precomputed", "data"})],
        "precomputed_max_n": [Interval(Integral, 0, None, closed="left")],
        "memory_mb": [Interval(Real, 0, None, closed="neither"), None],
        "tune_subsample": [Interval(Integral, 2, None, closed="left"),
                           Interval(Real, 0, 1, closed="neither"), None],
    }

    def __init__(self, C_grid: Sequence[float] = C_GRID, gamma_grid: Sequence[float] = GAMMA_GRID,
                 n_inner_folds: int = 3, random_state: int = 0, selection: str = "sklearn",
                 encoding: str = "onehot", merge_duplicates: bool = False,
                 reuse_unbounded: bool = True, early_stop: bool = True, n_jobs: int | None = 1,
                 tol: float = 1e-3, cache_size: float = 200, shrinking: bool = True,
                 kernel_mode: str = "auto", precomputed_max_n: int = 10000, memory_mb: float | None = None,
                 tune_subsample: int | float | None = None):
        # scikit-learn's convention (as C45Tree): each parameter stored unchanged under its own name
        self.C_grid, self.gamma_grid, self.n_inner_folds = C_grid, gamma_grid, n_inner_folds
        self.random_state, self.selection, self.encoding = random_state, selection, encoding
        self.merge_duplicates, self.reuse_unbounded, self.early_stop = merge_duplicates, reuse_unbounded, early_stop
        self.n_jobs, self.tol, self.cache_size, self.shrinking = n_jobs, tol, cache_size, shrinking
        self.kernel_mode, self.precomputed_max_n, self.memory_mb = kernel_mode, precomputed_max_n, memory_mb
        self.tune_subsample = tune_subsample

    # -- fitting ---------------------------------------------------------------------------
    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y):
        """Search (C, γ) by inner CV on (X, y), then refit on all of it.

        Parameters
        ----------
        X : pandas.DataFrame (n_samples, n_attributes) or array-like (n_samples, n_features)
        y : array-like, shape (n_samples,) — class labels (at least two classes).

        Returns
        -------
        self

        Raises
        ------
        sklearn.utils._param_validation.InvalidParameterError
            A parameter outside ``_parameter_constraints`` (e.g. an unknown ``selection``).
        ValueError
            Fewer than two classes, a continuous ``y``, a class with fewer than
            ``n_inner_folds`` rows, an empty or non-positive grid, or bad values in X (see
            :func:`encode_features`).
        """
        C_grid = np.sort(np.asarray(self.C_grid, dtype=np.float64))
        g_grid = np.sort(np.asarray(self.gamma_grid, dtype=np.float64))
        if C_grid.size == 0 or g_grid.size == 0 or (C_grid <= 0).any() or (g_grid <= 0).any():
            raise ValueError("C_grid and gamma_grid must be non-empty and positive")
        if isinstance(X, pd.DataFrame):
            Z, self.encoding_spec_ = encode_features(X, encoding=self.encoding)
            y = np.asarray(y)
            if len(y) != len(Z):
                raise ValueError(f"X has {len(Z)} rows but y has {len(y)}")
            self.n_features_in_ = X.shape[1]
            self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        else:  # numbers used as they are; scikit-learn's checks (2-D, finite, not sparse, n_features_in_)
            Z, y = validate_data(self, X, y, dtype=np.float64)
            Z, self.encoding_spec_ = np.ascontiguousarray(Z), []
        check_classification_targets(y)
        self.classes_, ycode = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError(f"y has {len(self.classes_)} class ({list(self.classes_)}); an SVM needs at least two")
        self.n_encoded_features_ = Z.shape[1]
        self.inner_random_state_ = int(self.random_state)

        # distinct attribute vectors: kernels are computed on these only
        if self.merge_duplicates:
            Xu, xid = np.unique(Z, axis=0, return_inverse=True)
            xid = xid.ravel()
        else:
            Xu, xid = Z, np.arange(len(Z))
        integral = _is_integral(Xu)
        workers = effective_n_jobs(self.n_jobs)
        self.libsvm_cache_mb_ = libsvm_cache_mb(self.memory_mb, self.cache_size, len(Xu), Xu.nbytes / 2 ** 20,
                                                workers)

        # the rows of the grid search: every training row (the paper), or a stratified subsample
        rows = self._tune_rows(ycode)
        self.n_tune_rows_ = len(rows)
        self.notes_ = [] if len(rows) == len(y) else [
            f"deviation from Huang & Ling (2005): (C, gamma) tuned on a stratified subsample of {len(rows)} of "
            f"the {len(y)} training rows (tune_subsample={self.tune_subsample}, random_state="
            f"{self.inner_random_state_}), then refit on all of them"]
        if len(rows) == len(y):
            s_Xu, s_xid, s_y, s_Z = Xu, xid, ycode, Z
        else:
            s_Z, s_y = Z[rows], ycode[rows]
            if self.merge_duplicates:
                s_Xu, s_xid = np.unique(s_Z, axis=0, return_inverse=True)
                s_xid = s_xid.ravel()
            else:
                s_Xu, s_xid = s_Z, np.arange(len(s_Z))
        search_mode = self._kernel_mode(len(s_Xu), integral, workers)
        dist = _Distances(s_Xu) if search_mode == "precomputed" else None

        skf = StratifiedKFold(self.n_inner_folds, shuffle=True, random_state=self.inner_random_state_)
        folds = []
        for tr, te in skf.split(np.zeros(len(s_y)), s_y):
            tr_x, tr_y, tr_w = _points(s_xid[tr], s_y[tr], self.merge_duplicates)
            if self.merge_duplicates:  # each distinct test vector predicted once, counted per class
                te_x, te_y, te_w = _points(s_xid[te], s_y[te], True)
            else:
                te_x, te_y, te_w = s_xid[te], s_y[te], None
            if dist is not None:
                folds.append((dist.take(tr_x, tr_x), tr_y, tr_w, dist.take(te_x, tr_x), te_y, te_w))
            else:  # the rows themselves: LIBSVM computes the kernel (its cache: libsvm_cache_mb_)
                folds.append((s_Xu[tr_x], tr_y, tr_w, s_Xu[te_x], te_y, te_w))
        test_folds = [te for _, te in skf.split(np.zeros(len(s_y)), s_y)]
        n_test = np.array([len(te) for te in test_folds])
        early = self.early_stop and self.selection == "sklearn"
        max_correct = bound = None
        if early:
            group = s_xid if self.merge_duplicates else np.unique(s_Z, axis=0, return_inverse=True)[1].ravel()
            self.max_inner_correct_ = max_correct = _max_correct(group, s_y, test_folds)
            bound = float(_mean_scores(max_correct[None, :], n_test)[0])
        cache = self.cache_size if search_mode == "precomputed" else self.libsvm_cache_mb_
        correct, self.early_stop_at_ = _search_grid(
            folds, C_grid, g_grid, n_test, max_correct, tol=self.tol, cache_size=cache,
            shrinking=self.shrinking, reuse_unbounded=self.reuse_unbounded, n_jobs=self.n_jobs)
        del folds
        self.cv_results_ = _cv_results(C_grid, g_grid, correct, n_test, self.early_stop_at_, bound)
        # skipped pairs get −1 counts in the selection, hence negative means: never the maximum
        skipped = (correct < 0).any(axis=1)
        correct = np.where(skipped[:, None], -1, correct)
        self.best_index_ = select_best(C_grid, g_grid, correct, n_test, self.selection)
        self.best_params_ = dict(self.cv_results_["params"][self.best_index_])
        self.best_score_ = float(self.cv_results_["mean_test_score"][self.best_index_])

        # final model on every training row
        px, py, pw = _points(xid, ycode, self.merge_duplicates)
        refit_mode = self._kernel_mode(len(px), integral, 1)
        self.kernel_mode_ = {"search": search_mode, "refit": refit_mode}
        C, gamma = self.best_params_["C"], self.best_params_["gamma"]
        if refit_mode == "precomputed":
            if dist is None or len(rows) != len(y):
                dist = _Distances(Xu)
            K = dist.take(px, px).kernel(gamma)
            del dist
            self.estimator_ = _svc(C, self.tol, self.cache_size, self.shrinking).fit(K, py, sample_weight=pw)
            sv = self.estimator_.support_
            self._sv_features = Xu[px[sv]]
        else:
            del dist
            self.estimator_ = SVC(C=C, kernel="rbf", gamma=gamma, tol=self.tol, cache_size=self.libsvm_cache_mb_,
                                  shrinking=self.shrinking).fit(Xu[px], py, sample_weight=pw)
        self._n_train_points = len(px)
        self.n_points_ = len(px)
        return self

    def _tune_rows(self, ycode: np.ndarray) -> np.ndarray:
        """Indices (ascending) of the rows the grid search uses: all, or ``tune_subsample``'s stratified draw."""
        return tune_rows(ycode, self.tune_subsample, self.inner_random_state_)

    def _kernel_mode(self, n_points: int, integral: bool, workers: int) -> str:
        """``kernel_mode`` resolved for ``n_points`` training points: "precomputed" or "data" (see the class doc)."""
        if self.kernel_mode != "auto":
            return self.kernel_mode
        fits = self.memory_mb is None or precomputed_peak_mb(n_points, integral, workers) <= self.memory_mb
        return "precomputed" if n_points <= self.precomputed_max_n and fits else "data"

    # -- prediction ------------------------------------------------------------------------
    def _kernel_matrix(self, X) -> np.ndarray:
        """What ``estimator_`` predicts from: the test kernel against the training points (precomputed
        refit) or the encoded rows (refit on the data); raises ``NotFittedError`` before ``fit``."""
        check_is_fitted(self, "estimator_")
        if not hasattr(self, "feature_names_in_"):  # fitted on an array: the same checks as in fit
            Z = np.ascontiguousarray(validate_data(self, X, reset=False, dtype=np.float64))
        else:
            Z, _ = encode_features(X, spec=self.encoding_spec_ or None, encoding=self.encoding)
        if Z.shape[1] != self.n_encoded_features_:
            raise ValueError(f"X has {Z.shape[1]} encoded features, the model was fitted on "
                             f"{self.n_encoded_features_}")
        if self.kernel_mode_["refit"] == "data":
            return Z
        dist = _Distances(Z, self._sv_features)
        K_sv = dist.kernel(self.best_params_["gamma"])
        # LIBSVM reads only the support vectors' columns of a precomputed test kernel
        K = np.zeros((len(Z), self._n_train_points))
        K[:, self.estimator_.support_] = K_sv
        return K

    def decision_function(self, X) -> np.ndarray:
        """Decision values of the refit SVM.

        Parameters
        ----------
        X : like in :meth:`fit`

        Returns
        -------
        ndarray, shape (n_samples,) for two classes (positive means ``classes_[1]``), else
        (n_samples, n_classes) one-vs-rest values as ``SVC(decision_function_shape="ovr")``.
        """
        K = self._kernel_matrix(X)  # first: it checks that the model is fitted
        return self.estimator_.decision_function(K)

    def predict(self, X) -> np.ndarray:
        """Class labels, shape (n_samples,), as LIBSVM predicts them."""
        K = self._kernel_matrix(X)  # first: it checks that the model is fitted
        return self.classes_[self.estimator_.predict(K)]

    def predict_proba(self, X) -> np.ndarray:
        """Monotone scores in [0, 1], shape (n_samples, n_classes); see the class Notes."""
        f = self.decision_function(X)
        if f.ndim == 1:
            p = _squash(f)
            # 1 − p would round for f ≪ 0; the mirrored map keeps that side's resolution
            return np.column_stack([_squash(-f), p])
        e = np.exp(f - f.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)


def tune_rows(y, tune_subsample: int | float | None, random_state: int) -> np.ndarray:
    """The rows :class:`GridSearchSVM` tunes (C, γ) on: all of them, or a seeded stratified subsample.

    The one draw of ``tune_subsample`` (the fit uses it, and so must any check that repeats its search,
    e.g. ``benchmarks/bench_svm_scale.py --tune-subsample``): scikit-learn's
    ``train_test_split(arange(n), train_size=tune_subsample, stratify=y, random_state=random_state)``,
    its training part sorted.

    Parameters
    ----------
    y : array-like, shape (n_samples,) — class labels or codes (the strata).
    tune_subsample : int, float in (0, 1) or None — rows to draw (an int) or their share (a float);
        None, or an int of at least ``n_samples``: every row (the paper's protocol).
    random_state : int — the seed of the draw (the estimator's inner ``random_state``).

    Returns
    -------
    int ndarray, ascending — row indices into ``y``.

    Raises
    ------
    ValueError
        The subsample cannot be stratified (e.g. fewer rows than classes, or more than ``n_samples − 1``
        drawn as a float share); the message names ``tune_subsample`` and the number of rows.
    """
    y = np.asarray(y)
    n = len(y)
    if tune_subsample is None or (isinstance(tune_subsample, Integral) and tune_subsample >= n):
        return np.arange(n)
    try:
        rows, _ = train_test_split(np.arange(n), train_size=tune_subsample, stratify=y, random_state=random_state)
    except ValueError as exc:
        raise ValueError(f"tune_subsample={tune_subsample!r} cannot draw a stratified subsample of the {n} training "
                         f"rows ({exc}); use a larger subsample, or None to tune on every row") from exc
    return np.sort(rows)


def _squash(f: np.ndarray) -> np.ndarray:
    """``0.5/(1 − f)`` for ``f ≤ 0``, ``1 − 0.5/(1 + f)`` for ``f > 0``: increasing, 0.5 at 0.

    Unlike the logistic ``1/(1 + e^{−f})``, which rounds to exactly 1.0 for ``f > 37`` and would
    tie distinct decision values, it keeps decision values apart up to ``|f| ≈ 10^15`` on the
    negative side exactly and on the positive side to ``Δf ≈ 2·10^−16 (1 + f)^2`` — the ranking,
    hence the AUC, of the decision values is kept. Each floating-point step is monotone, so
    the computed map is too.
    """
    f = np.asarray(f, dtype=np.float64)
    out = np.empty_like(f)
    neg = f <= 0
    out[neg] = 0.5 / (1.0 - f[neg])
    out[~neg] = 1.0 - 0.5 / (1.0 + f[~neg])
    return out
