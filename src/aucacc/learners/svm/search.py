"""The exact inner grid search of :class:`~aucacc.learners.svm.GridSearchSVM`.

For each γ, the C (ascending) are fitted on every inner fold (:func:`_inner_cv_one_gamma`);
:func:`_search_grid` runs the γ (in parallel batches) and :func:`_cv_results` lays the counts
out as ``GridSearchCV.cv_results_``; :func:`select_best` picks the pair. The result is the pair
``GridSearchCV`` selects; the shortcuts that make it faster are each exact:

* **reuse of unbounded fits** (``reuse_unbounded=True``, default; exact optimum). Per
  (γ, inner fold), C ascends; once no multiplier is at its upper bound, the fit is also a valid
  LIBSVM answer for every larger C (the box is inactive) and is reused instead of refitting.
  Same optimum; a fresh run could stop elsewhere within ``tol``. On the benchmark folds the
  inner-CV scores were identical to GridSearchCV's.
* **early stop at the maximum possible inner accuracy** (``early_stop=True``; exact). The
  selected pair is the first best in the tie-break order (smallest C, then γ), and no pair's
  mean inner accuracy can exceed 1 on each inner test fold less the rows whose attribute
  vector a row of another class shares (:func:`_max_correct`). Once a pair reaches that
  maximum, the pairs after it in that order are not fitted. Mushroom reaches it.
* **pruning** (with the early stop; exact). A pair's remaining inner folds are not fitted once
  even that maximum on them would leave its mean below a pair already fitted: it cannot be
  the maximum. Pruned and stopped pairs are recorded as skipped, with the reason, in
  ``cv_results_["skipped"]``, and never selected.
* **duplicate merging** (``merge_duplicates=True``, off by default; *not* bit-exact). Rows
  with the same attribute vector and class are fitted as one point whose ``C`` is multiplied
  by the number of copies (:func:`_points`): the same optimal decision function, but LIBSVM
  stops elsewhere within ``tol`` (see :class:`~aucacc.learners.svm.GridSearchSVM`).
* **joblib over γ** (``n_jobs``); each fit is deterministic, so results do not depend on it.

One formula for the mean inner accuracy (:func:`_mean_scores`, as ``GridSearchCV`` computes it)
serves the selection, the early stop and ``cv_results_``, so their ties are bit-identical.
:func:`gridpy_job_order` and ``select_best(rule="gridpy")`` reproduce LIBSVM ``tools/grid.py``.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence

import numpy as np
from joblib import Parallel, delayed, effective_n_jobs
from sklearn import config_context

from aucacc.learners.svm.kernel import _fit_predict, _fit_predict_rbf


def _points(xid: np.ndarray, ycode: np.ndarray, merge: bool):
    """Training points of a set of rows: (x index, class code, weight), first-occurrence order."""
    if not merge:
        return xid, ycode, None
    key = xid.astype(np.int64) * 1024 + ycode  # few classes: key is unique per (x, y)
    _, first, inv, counts = np.unique(key, return_index=True, return_inverse=True,
                                      return_counts=True)
    order = np.argsort(first, kind="stable")
    return xid[first[order]], ycode[first[order]], counts[order].astype(np.float64)


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
    C, so that fit's predictions are reused for them (see :class:`~aucacc.learners.svm.GridSearchSVM`).

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
                if isinstance(D_tr, np.ndarray):  # rows: LIBSVM on the data, its own kernel cache
                    pred, free = _fit_predict_rbf(D_tr, tr_y, tr_w, D_te, C_grid[c], gamma, tol,
                                                  cache_size, shrinking)
                else:
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


def _search_grid(folds, C_grid: np.ndarray, g_grid: np.ndarray, n_test: np.ndarray,
                 max_correct: np.ndarray | None, *, tol: float, cache_size: float, shrinking: bool,
                 reuse_unbounded: bool, n_jobs: int | None):
    """Correct counts of every (C, γ) on every inner fold, with the early stop when ``max_correct``.

    Parameters
    ----------
    folds : list of ``(D_tr, y_tr, w_tr, D_te, y_te, w_te)``, one per inner fold
        :class:`~aucacc.learners.svm.kernel._Distances` between the training points and between
        the test and training points (precomputed kernels), or the training and test rows
        themselves as ndarrays (LIBSVM on the data), class codes and weights (None: unmerged).
    C_grid, g_grid : ndarray, ascending — the grids.
    n_test : int ndarray (n_folds,) — inner test fold sizes (rows, not merged points).
    max_correct : int ndarray (n_folds,) or None — the early stop's bound per inner fold
        (:func:`_max_correct`); None fits the whole grid.
    tol, cache_size, shrinking, reuse_unbounded, n_jobs : as :class:`~aucacc.learners.svm.GridSearchSVM`.

    Returns
    -------
    correct : int ndarray, shape (len(C_grid) * len(g_grid), n_folds), C-major rows
        −1: not fitted (after the early stop), −2: not fitted (pruned).
    early_stop_at : (C index, γ index) or None — the first pair in C-major order that reached the bound.
    """
    early = max_correct is not None
    # The γ are visited middle first (grid.py's order; any order gives the same answer), in
    # batches of n_jobs parallel workers. With the early stop, once a pair (C_h, γ_j) reaches
    # the bound, only the pairs before it in the tie-break order (smaller C, or C_h with a
    # smaller γ) remain to fit: no pair's mean can exceed the bound, and ties go to the first.
    order = _gridpy_permute(range(len(g_grid))) if early else list(range(len(g_grid)))
    batch = effective_n_jobs(n_jobs) if early else len(g_grid)
    per_gamma = [None] * len(g_grid)
    best = None
    stop_at = None
    for start in range(0, len(order), batch):
        chunk = order[start:start + batch]
        stops = [len(C_grid) if stop_at is None else stop_at[0] + (j < stop_at[1]) for j in chunk]
        outs = Parallel(n_jobs=n_jobs)(
            delayed(_inner_cv_one_gamma)(folds, C_grid, g_grid[j], tol, cache_size, shrinking,
                                         reuse_unbounded, True, c_stop, n_test, max_correct, best)
            for j, c_stop in zip(chunk, stops))
        for j, (corr, hit, b) in zip(chunk, outs):
            per_gamma[j] = corr
            if b is not None:
                best = b if best is None else max(best, b)
            if hit is not None and (stop_at is None or (hit, j) < stop_at):
                stop_at = (hit, j)  # the earliest in C-major order
    correct = np.stack(per_gamma, axis=1)  # (n_C, n_gamma, n_folds); < 0: not fitted
    return correct.reshape(len(C_grid) * len(g_grid), len(folds)), stop_at  # C-major rows


def _cv_results(C_grid: np.ndarray, g_grid: np.ndarray, correct: np.ndarray, n_test: np.ndarray,
                early_stop_at=None, bound: float | None = None) -> dict[str, Any]:
    """``cv_results_`` as ``GridSearchCV`` lays it out, from the counts of :func:`_search_grid`.

    Pairs not fitted (counts < 0) get NaN scores, rank last (as ``GridSearchCV`` ranks NaN
    scores) and, if there are any, the reason in ``"skipped"`` (``""`` for pairs fitted); the
    reason for stopped pairs names ``early_stop_at`` and ``bound`` (the maximum possible mean
    inner accuracy).
    """
    stopped = (correct == -1).any(axis=1)
    pruned = (correct == -2).any(axis=1)
    skipped = stopped | pruned
    scores = correct / n_test[None, :]  # = accuracy_score on each inner test fold
    means = _mean_scores(correct, n_test)  # as GridSearchCV, for bit-identical ties
    pooled = correct.sum(axis=1) / n_test.sum()
    if skipped.any():  # pairs the early stop did not fit (counts < 0)
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
    # "min" ranking as scipy.stats.rankdata(-means, method="min"); not fitted pairs rank last
    key = np.where(np.isnan(means), -np.inf, means)
    order = np.argsort(-key, kind="stable")
    rank = np.empty(len(means), dtype=np.int32)
    sorted_means = key[order]
    first = np.r_[True, sorted_means[1:] != sorted_means[:-1]]
    rank[order] = (np.flatnonzero(first)[np.cumsum(first) - 1] + 1).astype(np.int32)
    res["rank_test_score"] = rank
    res["pooled_test_score"] = pooled
    if skipped.any():
        why = np.full(len(skipped), "", dtype=object)
        if stopped.any():
            hc, hg = early_stop_at
            why[stopped] = (f"not fitted: (C={C_grid[hc]:g}, gamma={g_grid[hg]:g}) reached the maximum "
                            f"possible mean inner accuracy {bound:.6g} and comes earlier in the tie-break "
                            f"order (smallest C, then gamma), so no later pair can be selected")
        why[pruned] = ("not fitted on every inner fold: even the maximum possible accuracy on the "
                       "remaining folds would leave its mean below that of a pair already fitted")
        res["skipped"] = why.astype(str)
    return res
