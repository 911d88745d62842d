"""RBF support vector machine with LIBSVM-style grid search, made fast by exact shortcuts.

Huang & Ling (2005) train an SVM with an RBF kernel on the 13 binary data sets, choosing
``C ∈ {2^-5, 2^-3, …, 2^15}`` and ``γ ∈ {2^-15, 2^-13, …, 2^3}`` by 3-fold cross-validation on
each training fold, as LIBSVM's ``tools/grid.py`` does (Hsu, Chang & Lin, *A Practical Guide to
Support Vector Classification*, 2003; Chang & Lin, *LIBSVM: a library for support vector
machines*, ACM TIST 2011). :class:`GridSearchSVM` does that search and gives the answer of
``GridSearchCV(SVC(kernel="rbf"), {"C": sorted C grid, "gamma": sorted γ grid},
cv=StratifiedKFold(3, shuffle=True, random_state=random_state))``, only faster.

One layer per module:

* :mod:`~aucacc.learners.svm.kernel` — squared distances and RBF kernels, one kernel per γ
  shared by every C (exact integer ``D²`` for one-hot data, so the same LIBSVM runs), LIBSVM
  called directly (the same run as :class:`~sklearn.svm.SVC`'s), the test kernel computed on
  the support vectors only (LIBSVM reads no other column: exact); above the size where those
  O(n²) kernels stop fitting in memory, LIBSVM on the rows with its own kernel cache
  (``kernel_mode``, ``memory_mb``: the same fits as ``GridSearchCV``, memory O(n)).
* :mod:`~aucacc.learners.svm.search` — the exact inner grid search: inner CV per γ, reuse of
  unbounded fits (the same optimum), early stop once a pair reaches the maximum possible inner
  accuracy and pruning of pairs that cannot reach the best (both exact: the selected pair is
  the full grid's), :func:`select_best` and LIBSVM grid.py's :func:`gridpy_job_order`.
* :mod:`~aucacc.learners.svm.estimator` — :class:`GridSearchSVM` itself: encoding, inner folds,
  selection, refit, prediction, the choice of kernel path (and two options that are *not* the
  paper's protocol, off by default: merging duplicate rows, not bit-exact, and tuning on a
  stratified subsample, ``tune_subsample``, a deviation said in each fit's ``notes_``).

Each module's docstring says why its shortcuts are exact; ``tests/learners/test_svm.py`` checks them
against ``SVC`` and ``GridSearchCV``, and ``benchmarks/bench_svm_exact.py`` on the workflow's
outer folds.
"""

from __future__ import annotations

from aucacc.learners.svm.estimator import C_GRID, GAMMA_GRID, GridSearchSVM, tune_rows
from aucacc.learners.svm.search import gridpy_job_order, select_best

__all__ = ["C_GRID", "GAMMA_GRID", "GridSearchSVM", "gridpy_job_order", "select_best", "tune_rows"]
