"""Squared distances, RBF kernels and the LIBSVM call of :class:`~aucacc.learners.svm.GridSearchSVM`.

The kernel layer of the grid search. Every shortcut here gives the LIBSVM run
``SVC(kernel="rbf")`` makes, bit for bit (``tests/learners/test_svm.py`` checks each):

* **one kernel per γ** (exact). Squared distances ``D²`` between the training rows are
  computed once (:class:`_Distances`); each γ's kernel ``K = exp(−γ·D²)`` is computed once per
  inner fold and shared by every C through a precomputed-kernel LIBSVM fit. For 0/1 (one-hot)
  data ``D²`` is an exact integer, so ``K`` holds the values LIBSVM computes internally and the
  fits are the same LIBSVM runs (same support vectors, same multipliers). An integer ``D²`` is
  stored as an index into the table ``exp(−γ·[0, 1, …, max D²])``, so a kernel costs one
  look-up per entry.
* **LIBSVM called directly** (exact, :func:`_fit_predict`) in the inner CV, through the entry
  points :class:`~sklearn.svm.SVC` itself calls, without its per-call validation.
* **test kernel on the support vectors only** (exact). LIBSVM reads only the support vectors'
  columns of a precomputed test kernel, so only those columns are computed, and passed
  renumbered: the same products in the same order.

* **LIBSVM on the data** (:func:`_fit_predict_rbf`, exact by construction): above the size where
  the precomputed kernels stop paying or fitting in memory (:func:`precomputed_peak_mb`), each
  fit is ``SVC(kernel="rbf")`` on the rows themselves, the fit ``GridSearchCV`` makes, with
  LIBSVM's own kernel cache (``cache_size`` MB, :func:`libsvm_cache_mb`) as the only kernel
  storage: memory O(n·cache) instead of O(n²).

Continuous data (not the pipeline's case) get ``D²`` that may differ from LIBSVM's in the last
bit, which can move LIBSVM's stopping point within ``tol``; solved tightly they agree to 1e-8.
"""

from __future__ import annotations

import numpy as np
from sklearn.svm import SVC


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



#: Bytes per pair of training rows at the precomputed search's peak, one-hot data (``D²`` as 1-byte integers):
#: measured 14.6–15.9 (peak RSS growth / n², 1,800–7,200 rows, ``benchmarks/bench_svm_scale.py``); counted: ``D²``
#: (1) and its inner folds' sub-matrices (2) as integers, one float64 kernel per inner fold (3·(2/3)²·8 ≈ 10.7) and
#: the test columns (≤ 1.8).
PRECOMPUTED_BYTES_PER_PAIR_INTEGRAL = 16.0
#: The same for continuous data, whose ``D²`` and sub-matrices are float64 (8 bytes each, plus a temporary per
#: kernel): measured 39–42 (2,000–4,000 rows).
PRECOMPUTED_BYTES_PER_PAIR_FLOAT = 40.0
#: Resident memory of a job before the search (Python, NumPy, pandas, scikit-learn, the data), MB: measured
#: 192–216 MB, with a margin.
BASE_MB = 300.0


def precomputed_peak_mb(n_rows: int, integral: bool, n_workers: int = 1) -> float:
    """Estimated peak memory (MB) of the precomputed-kernel grid search on ``n_rows`` training rows.

    The search keeps ``D²`` of the training rows (1 byte per pair for one-hot data, 8 otherwise),
    its inner folds' sub-matrices, and per γ one float64 kernel per inner fold (``3·(2n/3)²·8``
    bytes for 3 inner folds) per parallel worker. The per-pair constants
    (:data:`PRECOMPUTED_BYTES_PER_PAIR_INTEGRAL`, :data:`PRECOMPUTED_BYTES_PER_PAIR_FLOAT`) are
    measured peaks, so the estimate is ``BASE_MB + bytes_per_pair · n² · n_workers / 2^20``.

    Parameters
    ----------
    n_rows : int — training rows (points after merging) of the search.
    integral : bool — integer (one-hot) data, whose ``D²`` is stored as small integers.
    n_workers : int — parallel γ workers (each holds its own kernels).

    Returns
    -------
    float — MB.
    """
    per_pair = PRECOMPUTED_BYTES_PER_PAIR_INTEGRAL if integral else PRECOMPUTED_BYTES_PER_PAIR_FLOAT
    return BASE_MB + per_pair * float(n_rows) ** 2 * max(1, n_workers) / 2 ** 20


def libsvm_cache_mb(memory_mb: float | None, cache_size: float, n_train: int, data_mb: float,
                    n_workers: int = 1) -> float:
    """LIBSVM's kernel cache (``SVC(cache_size=…)``, MB) for fits on the data within a job's memory.

    Without a budget (``memory_mb`` None) it is ``cache_size`` as given. With one, each of the
    ``n_workers`` parallel fits gets an equal share of ``memory_mb − BASE_MB − 4·data_mb`` (the
    job's start-up, the data and its copies in the inner folds and in LIBSVM), at most the
    whole kernel of ``n_train`` rows in LIBSVM's single precision (``4·n_train²`` bytes: more
    cannot be used) and at least 1 MB. The cache only stores kernel values LIBSVM would
    otherwise recompute, so it changes the CPU time, never the fit.
    """
    if memory_mb is None:
        return float(cache_size)
    share = (float(memory_mb) - BASE_MB - 4.0 * data_mb) / max(1, n_workers)
    return float(max(1.0, min(share, 4.0 * float(n_train) ** 2 / 2 ** 20 + 1.0)))


def _fit_predict_rbf(Z_tr, y_tr, w_tr, Z_te, C, gamma, tol, cache_size, shrinking):
    """Fit ``SVC(kernel="rbf")`` on rows ``Z_tr`` and predict rows ``Z_te``; returns (labels, all multipliers free).

    The same LIBSVM run as ``GridSearchCV(SVC(kernel="rbf"))`` makes on that inner fold (same rows in the same
    order, same C, γ, ``tol``, ``shrinking``; ``cache_size`` changes no result). ``y_tr`` holds class codes.
    """
    svc = SVC(C=C, kernel="rbf", gamma=gamma, tol=tol, cache_size=cache_size,
              shrinking=shrinking).fit(Z_tr, y_tr, sample_weight=w_tr)
    alpha = np.abs(svc.dual_coef_).max(axis=0)
    bound = C if w_tr is None else C * w_tr[svc.support_]
    return svc.predict(Z_te).astype(np.int64), bool(np.all(alpha < bound * (1 - 1e-9)))


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
    ``tests/learners/test_svm.py``), skipping SVC's validation, which costs as much as the fit on
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
