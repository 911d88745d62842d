"""RBF support vector machine with LIBSVM-style grid search, made fast by exact shortcuts.

Huang & Ling (2005) train an SVM with an RBF kernel on the 13 binary data sets, choosing
``C ∈ {2^-5, 2^-3, …, 2^15}`` and ``γ ∈ {2^-15, 2^-13, …, 2^3}`` by 3-fold cross-validation on
each training fold, as LIBSVM's ``tools/grid.py`` does (Hsu, Chang & Lin, *A Practical Guide to
Support Vector Classification*, 2003; Chang & Lin, *LIBSVM: a library for support vector
machines*, ACM TIST 2011). :class:`GridSearchSVM` does that search and gives the answer of
``GridSearchCV(SVC(kernel="rbf"), {"C": sorted C grid, "gamma": sorted γ grid},
cv=StratifiedKFold(3, shuffle=True, random_state=seed))``, only faster:

* **one kernel per γ** (exact). Squared distances ``D²`` between the training rows are
  computed once; each γ's kernel ``K = exp(−γ·D²)`` is computed once per inner fold and
  shared by every C through a precomputed-kernel LIBSVM fit. For 0/1 (one-hot) data ``D²`` is
  an exact integer, so ``K`` holds the values LIBSVM computes internally and the fits are the
  same LIBSVM runs (same support vectors, same multipliers; tested).
* **LIBSVM called directly** (exact) in the inner CV, through the entry points
  :class:`~sklearn.svm.SVC` itself calls, without its per-call validation (tested equal).
* **reuse of unbounded fits** (``reuse_unbounded=True``, default). Per (γ, inner fold), C
  ascends; once no multiplier is at its upper bound, the fit is also a valid LIBSVM answer for
  every larger C (the box is inactive) and is reused instead of refitting. Same optimum; a
  fresh run could stop elsewhere within ``tol``. On the benchmark folds the inner-CV scores
  were identical to GridSearchCV's.
* **duplicate merging** (``merge_duplicates=True``, off by default). Rows with the same
  attribute vector and the same class are fitted as one point whose ``C`` is multiplied by the
  number of copies (``sample_weight``). In the dual, ``k`` identical points with box
  ``[0, C]`` enter only through the sum of their multipliers, which ranges over ``[0, k·C]``
  — the merged point's box — so both problems have the same optimal decision function.
  LIBSVM stops at a KKT tolerance (``tol``), so the two solutions agree to the order of
  ``tol`` (measured: decision values within 2e-3), not bit for bit. That is not harmless:
  on thyroid it changed fold AUCs by up to 0.015 (many test rows have decision values closer
  than 1e-3) and in an earlier run flipped one selected pair. Test rows that repeat are
  predicted once and counted with their multiplicity (exact).
* **early stop of the grid** (``early_stop=True``, default; exact). The selected pair is the
  first best in the tie-break order (smallest C, then γ), and no pair's mean inner accuracy can
  exceed 1 on each inner test fold less the rows whose attribute vector a row of another class
  shares. Once a pair reaches that maximum, the pairs after it in that order are not fitted.
  Mushroom reaches it. Likewise a pair's remaining inner folds are not fitted once even that
  maximum on them would leave its mean below a pair already fitted (it cannot be the
  maximum). Both are recorded as skipped, with the reason, in ``cv_results_["skipped"]``.
* **joblib over γ** (``n_jobs``); each fit is deterministic, so results do not depend on it.

Continuous data (not the pipeline's case) get ``D²`` that may differ from LIBSVM's in the last
bit, which can move LIBSVM's stopping point within ``tol``; solved tightly they agree to 1e-8.

Encoding. A :class:`pandas.DataFrame` of nominal attributes (``Categorical`` with the declared
domain — the pipeline discretizes numeric attributes first) is one-hot encoded: one 0/1 column
per declared category, in declared order; a missing value is all zeros for that attribute (it
is no category, and adds the same distance 1 to every observed category). ``encoding="ordinal"``
instead maps an attribute with ``k`` categories to ``code/(k−1)`` in ``[0, 1]`` (for ordered
intervals), and refuses missing values. Numeric ``DataFrame`` columns and numeric arrays are used
as they are (no scaling: scale them yourself if needed; NaN is refused).
"""

from __future__ import annotations

from functools import partial
from numbers import Integral, Real
from typing import Any, Sequence

import numpy as np
import pandas as pd
from joblib import Parallel, delayed, effective_n_jobs
from sklearn import config_context
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.model_selection import StratifiedKFold
from sklearn.svm import SVC
from sklearn.utils.validation import check_is_fitted
from sklearn.utils._param_validation import Interval, StrOptions

from aucacc.evaluation.encoding import encode_features

__all__ = ["C_GRID", "GAMMA_GRID", "GridSearchSVM", "gridpy_job_order", "select_best"]

#: LIBSVM grid.py's default C grid: 2^-5, 2^-3, …, 2^15 (11 values).
C_GRID: tuple[float, ...] = tuple(2.0 ** k for k in range(-5, 16, 2))
#: LIBSVM grid.py's default γ grid: 2^-15, 2^-13, …, 2^3 (10 values).
GAMMA_GRID: tuple[float, ...] = tuple(2.0 ** k for k in range(-15, 4, 2))


# --------------------------------------------------------------------------------------------
# Squared distances and kernels
# --------------------------------------------------------------------------------------------
def _is_integral(Z: np.ndarray) -> bool:
    # Integer data with a small norm give exact float64 dot products, hence exact D².
    return bool(np.all(Z == np.round(Z)) and (np.abs(Z).sum(axis=1).max(initial=0) ** 2 < 2 ** 50))


def _sq_distances(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """``‖a_i − b_j‖²`` as LIBSVM forms it in training: ``a·a + b·b − 2 a·b``, clipped at 0."""
    d2 = (np.einsum("ij,ij->i", A, A)[:, None] + np.einsum("ij,ij->i", B, B)[None, :]
          - 2.0 * (A @ B.T))
    np.maximum(d2, 0.0, out=d2)
    return d2


def _sq_distances_integral(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Exact integer ``‖a_i − b_j‖²`` of integer rows (float array holding integers)."""
    bound = max(np.abs(A).sum(axis=1).max(initial=0), np.abs(B).sum(axis=1).max(initial=0)) ** 2
    # float32 products and sums of integers are exact below 2^24 and twice as fast
    dtype = np.float32 if 4 * bound < 2 ** 24 else np.float64
    A, B = A.astype(dtype), B.astype(dtype)
    d2 = A @ B.T
    d2 *= -2
    d2 += np.einsum("ij,ij->i", A, A)[:, None]
    d2 += np.einsum("ij,ij->i", B, B)[None, :]
    return d2


class _Distances:
    """Squared distances ``D²`` between two sets of rows, kept as small integer codes when exact.

    For integer data (one-hot) ``D²`` is an exact integer, stored as an index into
    ``exp(−γ·[0, 1, …, max D²])`` so a kernel costs one table look-up per entry.
    """

    def __init__(self, A: np.ndarray | None, B: np.ndarray | None = None, *, _parts=None):
        if _parts is not None:
            self.integral, self.data = _parts
            return
        B_ = A if B is None else B
        self.integral = _is_integral(A) and (B is None or _is_integral(B))
        if self.integral:
            d2 = _sq_distances_integral(A, B_)
            top = int(d2.max(initial=0))  # integers, exact
            dtype = np.uint8 if top < 2 ** 8 else np.uint16 if top < 2 ** 16 else np.int64
            self.data = d2.astype(dtype)
        else:
            self.data = _sq_distances(A, B_)

    def take(self, rows, cols) -> "_Distances":
        """The sub-matrix ``D²[rows][:, cols]``."""
        return _Distances(None, _parts=(self.integral, self.data[np.ix_(rows, cols)]))

    def _table(self, gamma: float) -> np.ndarray:
        # exp(−γ·d) for every integer d up to the largest D² (the same table for every sub-matrix)
        if not hasattr(self, "_top"):
            self._top = int(self.data.max(initial=0))
        return np.exp(-gamma * np.arange(self._top + 1, dtype=np.float64))

    def kernel_columns(self, gamma: float, cols: np.ndarray) -> np.ndarray:
        """Columns ``cols`` of :meth:`kernel` (the same values), shape (n_rows, len(cols))."""
        sub = np.take(self.data, cols, axis=1)  # C-contiguous, as LIBSVM needs
        if self.integral:
            return self._table(gamma)[sub]
        return np.exp(-gamma * sub)

    def kernel(self, gamma: float) -> np.ndarray:
        """RBF kernel ``exp(−γ·D²)``, float64, C-contiguous, same shape as ``D²``."""
        if self.integral:
            return self._table(gamma)[self.data]
        return np.exp(-gamma * self.data)


# --------------------------------------------------------------------------------------------
# Inner cross-validation for one γ
# --------------------------------------------------------------------------------------------
def _points(xid: np.ndarray, ycode: np.ndarray, merge: bool):
    """Training points of a set of rows: (x index, class code, weight), first-occurrence order."""
    if not merge:
        return xid, ycode, None
    key = xid.astype(np.int64) * 1024 + ycode  # few classes: key is unique per (x, y)
    _, first, inv, counts = np.unique(key, return_index=True, return_inverse=True,
                                      return_counts=True)
    order = np.argsort(first, kind="stable")
    return xid[first[order]], ycode[first[order]], counts[order].astype(np.float64)


def _svc(C: float, tol: float, cache_size: float, shrinking: bool) -> SVC:
    return SVC(C=C, kernel="precomputed", tol=tol, cache_size=cache_size, shrinking=shrinking)


try:  # the C entry points SVC.fit / SVC.predict call, without their per-call validation
    from sklearn.svm import _libsvm
except ImportError:  # pragma: no cover - other scikit-learn layouts
    _libsvm = None


def _fit_predict(K_tr, y_tr, w_tr, K_te, C, tol, cache_size, shrinking, direct=True):
    """Fit a C-SVC on a precomputed kernel and predict; returns (labels, all multipliers free).

    ``direct`` calls ``sklearn.svm._libsvm.fit``/``predict`` with the arguments
    :class:`~sklearn.svm.SVC` passes them (same LIBSVM run, bit for bit — see
    ``tests/test_svm.py``), skipping SVC's validation, which costs as much as the fit on
    small folds; it falls back to SVC if that private API is missing or has changed.
    ``y_tr`` holds class codes; ``w_tr`` weights or None. ``K_te`` is the test kernel, or a
    function of the training columns returning those columns of it (computed for the support
    vectors only).
    """
    if direct and _libsvm is not None:
        try:
            _libsvm.set_verbosity_wrap(0)  # LIBSVM's print state is global; SVC sets it per fit
            y = y_tr.astype(np.float64)
            n_cls = int(y_tr.max()) + 1
            sv, svx, n_sv, coef, b, pa, pb, _, _ = _libsvm.fit(
                K_tr, y, svm_type=0, sample_weight=np.empty(0) if w_tr is None else w_tr,
                class_weight=np.ones(n_cls), kernel="precomputed", C=C, nu=0.5, probability=0,
                degree=3, shrinking=shrinking, tol=tol, cache_size=cache_size, coef0=0.0,
                gamma=0.0, epsilon=0.1, max_iter=-1, random_seed=0)
            if callable(K_te):
                # LIBSVM reads only the support vectors' columns of a precomputed test kernel:
                # pass those columns alone, renumbered (the same products in the same order)
                K_te, sv_pred = K_te(sv), np.arange(len(sv), dtype=sv.dtype)
            else:
                sv_pred = sv
            pred = _libsvm.predict(K_te, sv_pred, svx, n_sv, coef, b, pa, pb, svm_type=0,
                                   kernel="precomputed", degree=3, coef0=0.0, gamma=0.0,
                                   cache_size=cache_size)
            alpha = np.abs(coef).max(axis=0)
            bound = C if w_tr is None else C * w_tr[sv]
            return pred.astype(np.int64), bool(np.all(alpha < bound * (1 - 1e-9)))
        except TypeError:  # pragma: no cover - a changed private signature
            pass
    svc = _svc(C, tol, cache_size, shrinking).fit(K_tr, y_tr, sample_weight=w_tr)
    if callable(K_te):
        K_te = K_te(np.arange(K_tr.shape[0]))
    alpha = np.abs(svc.dual_coef_).max(axis=0)
    bound = C if w_tr is None else C * w_tr[svc.support_]
    return svc.predict(K_te), bool(np.all(alpha < bound * (1 - 1e-9)))


def _mean_scores(correct: np.ndarray, n_test: np.ndarray) -> np.ndarray:
    """Mean inner accuracy of each row of ``correct`` (n_pairs, n_folds), as ``GridSearchCV``.

    The one formula for selection, early stop and ``cv_results_``, so their ties are bit-identical.
    """
    return np.average(correct / n_test[None, :], axis=1)


def _inner_cv_one_gamma(folds, C_grid, gamma, tol, cache_size, shrinking, reuse_unbounded=False,
                        direct=True, c_stop=None, n_test=None, max_correct=None, best=None):
    """Correct counts (n_C, n_folds) of the C (ascending) on every inner fold, for one γ.

    With ``reuse_unbounded``, once a fit leaves every multiplier strictly below its bound
    ``C·w_i``, the same multipliers satisfy the (tolerance-) KKT conditions for every larger
    C, so that fit's predictions are reused for them (see :class:`GridSearchSVM`).

    Only the C indices below ``c_stop`` (default: all) are fitted. With ``max_correct`` (the most
    rows any pair can get right per inner fold, :func:`_max_correct`) and ``n_test``:

    * the C loop stops at the first C whose mean inner accuracy reaches the bound
      ``mean(max_correct / n_test)``;
    * a pair's remaining inner folds are not fitted once even ``max_correct`` on each of them
      would leave its mean below ``best`` (the best mean of a pair fitted so far, updated here):
      it cannot be the maximum.

    Returns
    -------
    correct : int ndarray, shape (len(C_grid), n_folds) — −1: not fitted (after the stop),
        −2: not fitted (pruned).
    hit : int or None — index of the C that reached the bound.
    best : float or None — the best mean so far.
    """
    n_c = len(C_grid) if c_stop is None else c_stop
    early = max_correct is not None
    bound = _mean_scores(max_correct[None, :], n_test)[0] if early else None
    correct = np.full((len(C_grid), len(folds)), -1, dtype=np.int64)
    kernels = {}  # each inner fold's kernels of this γ, computed at its first fit, shared by every C
    plateau = [None] * len(folds)
    hit = None
    # Kernels are finite by construction and the parameters valid: skip scikit-learn's
    # per-call checks (for the SVC fallback).
    with config_context(assume_finite=True, skip_parameter_validation=True):
        for c in range(n_c):
            for f, (D_tr, tr_y, tr_w, D_te, te_y, te_w) in enumerate(folds):
                if early and best is not None and f > 0:
                    ub = np.concatenate([correct[c, :f], max_correct[f:]])
                    if _mean_scores(ub[None, :], n_test)[0] < best:
                        correct[c, f:] = -2
                        break
                if plateau[f] is not None:
                    correct[c, f] = correct[plateau[f], f]
                    continue
                if f not in kernels:
                    kernels[f] = (D_tr.kernel(gamma), partial(D_te.kernel_columns, gamma))
                pred, free = _fit_predict(kernels[f][0], tr_y, tr_w, kernels[f][1], C_grid[c], tol,
                                          cache_size, shrinking, direct)
                ok = pred == te_y
                correct[c, f] = int(ok.sum()) if te_w is None else int(te_w[ok].sum())
                if reuse_unbounded and free:
                    plateau[f] = c
            if early and correct[c, -1] >= 0:
                m = _mean_scores(correct[c:c + 1], n_test)[0]
                best = m if best is None else max(best, m)
                if m >= bound:
                    hit = c
                    break
    return correct, hit, best


def _max_correct(group: np.ndarray, ycode: np.ndarray, test_folds: Sequence[np.ndarray]) -> np.ndarray:
    """The most inner test rows any classifier can get right, per inner fold.

    Rows with the same attribute vector (``group``) get the same prediction from any function of
    the attributes (the SVM's decision value is one: identical rows have identical kernel rows),
    so of each group at most its largest class is right. Without such conflicts this is
    ``n_test`` (accuracy 1).

    Parameters
    ----------
    group : int ndarray (n_samples,) — id of each row's distinct attribute vector.
    ycode : int ndarray (n_samples,) — class codes.
    test_folds : row indices of each inner test fold.

    Returns
    -------
    int ndarray, shape (n_folds,)
    """
    n_cls = int(ycode.max()) + 1
    size = (int(group.max()) + 1) * n_cls
    out = [np.bincount(group[te].astype(np.int64) * n_cls + ycode[te], minlength=size)
           .reshape(-1, n_cls).max(axis=1).sum() for te in test_folds]
    return np.array(out, dtype=np.int64)


def _gridpy_permute(seq) -> list:
    """grid.py's ``permute_sequence``: the middle first, then the middles of each half, interleaved."""
    seq = list(seq)
    if len(seq) <= 1:
        return seq
    mid = len(seq) // 2
    left, right = _gridpy_permute(seq[:mid]), _gridpy_permute(seq[mid + 1:])
    out = [seq[mid]]
    while left or right:
        if left:
            out.append(left.pop(0))
        if right:
            out.append(right.pop(0))
    return out


def gridpy_job_order(log2c: Sequence[float], log2g: Sequence[float]) -> list[tuple[float, float]]:
    """The order in which LIBSVM ``tools/grid.py`` (``calculate_jobs``) visits (log2 C, log2 γ).

    Parameters
    ----------
    log2c : sequence of float — log2 C values in grid.py's order (ascending, ``-5 … 15``).
    log2g : sequence of float — log2 γ values in grid.py's order (descending, ``3 … -15``).

    Returns
    -------
    list of (log2c, log2g), length ``len(log2c) * len(log2g)``.
    """
    c_seq, g_seq = _gridpy_permute(log2c), _gridpy_permute(log2g)
    nc, ng = float(len(c_seq)), float(len(g_seq))
    i = j = 0
    jobs = []
    while i < nc or j < ng:
        if i / nc < j / ng:
            jobs += [(c_seq[i], g_seq[k]) for k in range(j)]
            i += 1
        else:
            jobs += [(c_seq[k], g_seq[j]) for k in range(i)]
            j += 1
    return jobs


def select_best(C_grid: np.ndarray, gamma_grid: np.ndarray, correct: np.ndarray,
                n_test: np.ndarray, rule: str = "sklearn") -> int:
    """Index of the selected (C, γ) in C-major order (row ``i·len(gamma_grid) + j``).

    Parameters
    ----------
    C_grid, gamma_grid : ndarray, ascending — the grids.
    correct : int ndarray, shape (len(C_grid) * len(gamma_grid), n_folds)
        Correctly classified inner test rows per pair (C-major rows) and fold.
    n_test : int ndarray, shape (n_folds,) — inner test fold sizes.
    rule : {"sklearn", "gridpy"}
        ``"sklearn"``: highest mean of per-fold accuracies (computed as ``GridSearchCV`` does, so
        ties are bit-identical), ties to the smallest C, then the smallest γ.
        ``"gridpy"``: LIBSVM ``tools/grid.py``'s ``find_parameters``: pooled rate
        ``float("%g" % (100·Σcorrect/Σn))``, pairs visited in :func:`gridpy_job_order`
        (log2 C ascending, log2 γ descending, as grid.py's defaults), the best replaced when
        ``rate > best`` or ``rate == best and γ == best γ and C < best C``.

    Returns
    -------
    int

    Raises
    ------
    ValueError
        Unknown ``rule`` or shapes that do not fit the grids.
    """
    C_grid, gamma_grid = np.asarray(C_grid, float), np.asarray(gamma_grid, float)
    correct, n_test = np.asarray(correct), np.asarray(n_test)
    if correct.shape != (len(C_grid) * len(gamma_grid), len(n_test)):
        raise ValueError(f"correct has shape {correct.shape}, expected "
                         f"({len(C_grid) * len(gamma_grid)}, {len(n_test)})")
    if rule == "sklearn":
        means = np.average(correct / n_test[None, :], axis=1)
        return int(np.flatnonzero(means == means.max())[0])  # first best in C-major order
    if rule != "gridpy":
        raise ValueError(f"rule must be 'sklearn' or 'gridpy', not {rule!r}")
    ng = len(gamma_grid)
    pooled = correct.sum(axis=1) / n_test.sum()
    pos_c = {v: i for i, v in enumerate(np.log2(C_grid))}
    pos_g = {v: j for j, v in enumerate(np.log2(gamma_grid))}
    best, best_rate = None, -1.0
    for lc, lg in gridpy_job_order(list(np.log2(C_grid)), list(np.log2(gamma_grid)[::-1])):
        i, j = pos_c[lc], pos_g[lg]
        rate = float("%g" % (100.0 * pooled[i * ng + j]))  # what svm-train -v prints
        if rate > best_rate or (rate == best_rate and j == best[1] and i < best[0]):
            best_rate, best = rate, (i, j)
    return best[0] * ng + best[1]


# --------------------------------------------------------------------------------------------
# The estimator
# --------------------------------------------------------------------------------------------
class GridSearchSVM(ClassifierMixin, BaseEstimator):
    """C-SVM with an RBF kernel whose (C, γ) is chosen by stratified inner cross-validation.

    Parameters
    ----------
    C_grid : sequence of float, default :data:`C_GRID` (``2^-5, 2^-3, …, 2^15``)
    gamma_grid : sequence of float, default :data:`GAMMA_GRID` (``2^-15, 2^-13, …, 2^3``)
        The grid of Hsu, Chang & Lin's practical guide (LIBSVM ``tools/grid.py``); 110 pairs.
    n_inner_folds : int, default 3
        Folds of the inner CV: ``StratifiedKFold(n_inner_folds, shuffle=True, random_state=seed)``.
    seed : int, default 0
        Random state of the inner fold shuffle (recorded in ``inner_seed_``).
    selection : {"sklearn", "gridpy"}, default "sklearn"
        ``"sklearn"``: the highest mean of the per-fold accuracies (as ``GridSearchCV``); ties go
        to the smallest C, then the smallest γ (``GridSearchCV`` with ascending grids picks the
        first best in C-major order — the same pair).
        ``"gridpy"``: LIBSVM grid.py exactly: the pooled CV accuracy ``100·correct/n`` rounded as
        ``%g`` (6 significant digits, what ``svm-train -v`` prints), pairs visited in grid.py's
        job order (:func:`gridpy_job_order`), a later pair replacing the best if its rate is
        higher, or equal with the same γ and a smaller C.
    encoding : {"onehot", "ordinal"}, default "onehot"
        How ``Categorical`` columns are encoded (see :func:`encode_features`).
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
        with a row of another class: :func:`_max_correct`); later γ then fit only the smaller C.
        Every pair not fitted comes after that pair in the tie-break order (smallest C, then γ)
        and cannot score higher, so the selection, the refit and hence the fold scores are
        those of the full grid (exact; checked on all 130 outer folds in
        ``benchmarks/bench_svm.py``). Not fitted pairs have NaN scores, rank last, and carry the
        reason in ``cv_results_["skipped"]``. Ignored for ``selection="gridpy"``.
    n_jobs : int or None, default 1
        joblib workers over γ (with ``early_stop``, batches of ``n_jobs`` γ); the selection and
        the fitted model do not depend on it (which pairs are skipped may).
    tol, cache_size, shrinking :
        Passed to :class:`sklearn.svm.SVC` (LIBSVM's ``-e``, ``-m``, ``-h``; defaults as LIBSVM).

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
    inner_seed_ : int
    max_inner_correct_ : int ndarray (n_inner_folds,) — the early stop's bound per inner fold.
    early_stop_at_ : (C index, γ index) or None — the pair that stopped the search.
    n_points_ : int — training points after merging (= n_samples when not merged).
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

    # scikit-learn's parameter validation; aucacc.config.check_learner applies it at start-up.
    _parameter_constraints = {
        "C_grid": ["array-like"], "gamma_grid": ["array-like"],
        "n_inner_folds": [Interval(Integral, 2, None, closed="left")], "seed": ["random_state"],
        "selection": [StrOptions({"sklearn", "gridpy"})], "encoding": [StrOptions({"onehot", "ordinal"})],
        "merge_duplicates": ["boolean"], "reuse_unbounded": ["boolean"], "early_stop": ["boolean"],
        "n_jobs": [Integral, None],
        "tol": [Interval(Real, 0, None, closed="neither")], "cache_size": [Interval(Real, 0, None, closed="neither")],
        "shrinking": ["boolean"],
    }

    def __init__(self, C_grid: Sequence[float] = C_GRID, gamma_grid: Sequence[float] = GAMMA_GRID,
                 n_inner_folds: int = 3, seed: int = 0, selection: str = "sklearn",
                 encoding: str = "onehot", merge_duplicates: bool = False,
                 reuse_unbounded: bool = True, early_stop: bool = True, n_jobs: int | None = 1,
                 tol: float = 1e-3, cache_size: float = 200, shrinking: bool = True):
        self.C_grid = C_grid
        self.gamma_grid = gamma_grid
        self.n_inner_folds = n_inner_folds
        self.seed = seed
        self.selection = selection
        self.encoding = encoding
        self.merge_duplicates = merge_duplicates
        self.reuse_unbounded = reuse_unbounded
        self.early_stop = early_stop
        self.n_jobs = n_jobs
        self.tol = tol
        self.cache_size = cache_size
        self.shrinking = shrinking

    # -- fitting ---------------------------------------------------------------------------
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
        ValueError
            Fewer than two classes, a class with fewer than ``n_inner_folds`` rows, an empty or
            non-positive grid, an unknown ``selection``, or bad values in X (see
            :func:`encode_features`).
        """
        if self.selection not in ("sklearn", "gridpy"):
            raise ValueError(f"selection must be 'sklearn' or 'gridpy', not {self.selection!r}")
        C_grid = np.sort(np.asarray(self.C_grid, dtype=np.float64))
        g_grid = np.sort(np.asarray(self.gamma_grid, dtype=np.float64))
        if C_grid.size == 0 or g_grid.size == 0 or (C_grid <= 0).any() or (g_grid <= 0).any():
            raise ValueError("C_grid and gamma_grid must be non-empty and positive")
        Z, self.encoding_spec_ = encode_features(X, encoding=self.encoding)
        y = np.asarray(y)
        if len(y) != len(Z):
            raise ValueError(f"X has {len(Z)} rows but y has {len(y)}")
        self.classes_, ycode = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError("y needs at least two classes")
        self.n_features_in_ = X.shape[1] if isinstance(X, pd.DataFrame) else Z.shape[1]
        self.n_encoded_features_ = Z.shape[1]
        if isinstance(X, pd.DataFrame):
            self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        self.inner_seed_ = int(self.seed)

        # distinct attribute vectors: kernels are computed on these only
        if self.merge_duplicates:
            Xu, xid = np.unique(Z, axis=0, return_inverse=True)
            xid = xid.ravel()
        else:
            Xu, xid = Z, np.arange(len(Z))
        dist = _Distances(Xu)

        skf = StratifiedKFold(self.n_inner_folds, shuffle=True, random_state=self.inner_seed_)
        folds = []
        for tr, te in skf.split(np.zeros(len(y)), ycode):
            tr_x, tr_y, tr_w = _points(xid[tr], ycode[tr], self.merge_duplicates)
            if self.merge_duplicates:  # each distinct test vector predicted once, counted per class
                te_x, te_y, te_w = _points(xid[te], ycode[te], True)
            else:
                te_x, te_y, te_w = xid[te], ycode[te], None
            folds.append((dist.take(tr_x, tr_x), tr_y, tr_w, dist.take(te_x, tr_x), te_y, te_w))
        test_folds = [te for _, te in skf.split(np.zeros(len(y)), ycode)]
        n_test = np.array([len(te) for te in test_folds])
        early = self.early_stop and self.selection == "sklearn"
        max_correct = bound = None
        if early:
            group = xid if self.merge_duplicates else np.unique(Z, axis=0, return_inverse=True)[1].ravel()
            self.max_inner_correct_ = max_correct = _max_correct(group, ycode, test_folds)
            bound = float(_mean_scores(max_correct[None, :], n_test)[0])
        # The γ are visited middle first (grid.py's order; any order gives the same answer), in
        # batches of n_jobs parallel workers. With the early stop, once a pair (C_h, γ_j) reaches
        # the bound, only the pairs before it in the tie-break order (smaller C, or C_h with a
        # smaller γ) remain to fit: no pair's mean can exceed the bound, and ties go to the first.
        order = _gridpy_permute(range(len(g_grid))) if early else list(range(len(g_grid)))
        batch = effective_n_jobs(self.n_jobs) if early else len(g_grid)
        per_gamma = [None] * len(g_grid)
        best = None
        self.early_stop_at_ = None
        for start in range(0, len(order), batch):
            chunk = order[start:start + batch]
            stops = [len(C_grid) if self.early_stop_at_ is None
                     else self.early_stop_at_[0] + (j < self.early_stop_at_[1]) for j in chunk]
            outs = Parallel(n_jobs=self.n_jobs)(
                delayed(_inner_cv_one_gamma)(folds, C_grid, g_grid[j], self.tol, self.cache_size,
                                             self.shrinking, self.reuse_unbounded, True, c_stop,
                                             n_test, max_correct, best) for j, c_stop in zip(chunk, stops))
            for j, (corr, hit, b) in zip(chunk, outs):
                per_gamma[j] = corr
                if b is not None:
                    best = b if best is None else max(best, b)
                if hit is not None and (self.early_stop_at_ is None or (hit, j) < self.early_stop_at_):
                    self.early_stop_at_ = (hit, j)  # the earliest in C-major order
        correct = np.stack(per_gamma, axis=1)  # (n_C, n_gamma, n_folds); < 0: not fitted
        correct = correct.reshape(len(C_grid) * len(g_grid), len(folds))  # C-major rows
        stopped = (correct == -1).any(axis=1)
        pruned = (correct == -2).any(axis=1)
        skipped = stopped | pruned
        self.cv_results_ = self._results(C_grid, g_grid, correct, n_test, skipped)
        if skipped.any():
            why = np.full(len(skipped), "", dtype=object)
            if stopped.any():
                hc, hg = self.early_stop_at_
                why[stopped] = (f"not fitted: (C={C_grid[hc]:g}, gamma={g_grid[hg]:g}) reached the maximum "
                                f"possible mean inner accuracy {bound:.6g} and comes earlier in the tie-break "
                                f"order (smallest C, then gamma), so no later pair can be selected")
            why[pruned] = ("not fitted on every inner fold: even the maximum possible accuracy on the "
                           "remaining folds would leave its mean below that of a pair already fitted")
            self.cv_results_["skipped"] = why.astype(str)
        # skipped pairs get −1 counts in the selection, hence negative means: never the maximum
        correct = np.where(skipped[:, None], -1, correct)
        # skipped rows hold −1 counts, hence negative means: never the maximum
        self.best_index_ = select_best(C_grid, g_grid, correct, n_test, self.selection)
        self.best_params_ = dict(self.cv_results_["params"][self.best_index_])
        self.best_score_ = float(self.cv_results_["mean_test_score"][self.best_index_])

        # final model on every training row
        px, py, pw = _points(xid, ycode, self.merge_duplicates)
        K = dist.take(px, px).kernel(self.best_params_["gamma"])
        self.estimator_ = _svc(self.best_params_["C"], self.tol, self.cache_size,
                               self.shrinking).fit(K, py, sample_weight=pw)
        sv = self.estimator_.support_
        self._sv_features = Xu[px[sv]]
        self._n_train_points = len(px)
        self.n_points_ = len(px)
        return self

    @staticmethod
    def _results(C_grid, g_grid, correct, n_test, skipped=None) -> dict[str, Any]:
        scores = correct / n_test[None, :]  # = accuracy_score on each inner test fold
        means = _mean_scores(correct, n_test)  # as GridSearchCV, for bit-identical ties
        pooled = correct.sum(axis=1) / n_test.sum()
        if skipped is not None and skipped.any():  # pairs the early stop did not fit (counts < 0)
            scores[correct < 0] = np.nan
            means[skipped] = np.nan
            pooled[skipped] = np.nan
        res: dict[str, Any] = {
            "params": [{"C": float(C), "gamma": float(g)} for C in C_grid for g in g_grid],
            "param_C": np.repeat(C_grid, len(g_grid)),
            "param_gamma": np.tile(g_grid, len(C_grid)),
        }
        for k in range(scores.shape[1]):
            res[f"split{k}_test_score"] = scores[:, k]
            res[f"split{k}_n_correct"] = correct[:, k]
        res["mean_test_score"] = means
        res["std_test_score"] = np.sqrt(np.average((scores - means[:, None]) ** 2, axis=1))
        # "min" ranking as scipy.stats.rankdata(-means, method="min"); not fitted pairs rank
        # last (as GridSearchCV ranks NaN scores)
        key = np.where(np.isnan(means), -np.inf, means)
        order = np.argsort(-key, kind="stable")
        rank = np.empty(len(means), dtype=np.int32)
        sorted_means = key[order]
        first = np.r_[True, sorted_means[1:] != sorted_means[:-1]]
        rank[order] = (np.flatnonzero(first)[np.cumsum(first) - 1] + 1).astype(np.int32)
        res["rank_test_score"] = rank
        res["pooled_test_score"] = pooled
        return res

    # -- prediction ------------------------------------------------------------------------
    def _kernel_matrix(self, X) -> np.ndarray:
        check_is_fitted(self, "estimator_")
        Z, _ = encode_features(X, spec=self.encoding_spec_ or None, encoding=self.encoding)
        if Z.shape[1] != self.n_encoded_features_:
            raise ValueError(f"X has {Z.shape[1]} encoded features, the model was fitted on "
                             f"{self.n_encoded_features_}")
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
        return self.estimator_.decision_function(self._kernel_matrix(X))

    def predict(self, X) -> np.ndarray:
        """Class labels, shape (n_samples,), as LIBSVM predicts them."""
        return self.classes_[self.estimator_.predict(self._kernel_matrix(X))]

    def predict_proba(self, X) -> np.ndarray:
        """Monotone scores in [0, 1], shape (n_samples, n_classes); see the class Notes."""
        f = self.decision_function(X)
        if f.ndim == 1:
            p = _squash(f)
            # 1 − p would round for f ≪ 0; the mirrored map keeps that side's resolution
            return np.column_stack([_squash(-f), p])
        e = np.exp(f - f.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)


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
