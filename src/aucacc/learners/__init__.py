"""Learners: naive Bayes, C4.5, C4.4 (one tree builder with options) and the grid-searched RBF SVM.

Every learner is a scikit-learn-style estimator with ``fit``, ``predict``, ``predict_proba``
and ``classes_``. The workflow names learners in config (``learners.<name>.estimator`` is an
import path, ``learners.<name>.params`` its constructor arguments), so adding a learner is a
config entry, not code.
"""

from __future__ import annotations

import importlib
from typing import Any


def make_learner(spec: dict[str, Any]):
    """A fresh estimator from a config spec ``{"estimator": "pkg.mod.Class", "params": {...}}``.

    Raises
    ------
    ValueError
        The import path cannot be resolved, or the class rejects the params; the message names both.
    """
    path = spec["estimator"]
    mod_name, _, cls_name = path.rpartition(".")
    try:
        cls = getattr(importlib.import_module(mod_name), cls_name)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ValueError(f"learner estimator {path!r} cannot be imported: {exc}") from None
    params = dict(spec.get("params") or {})
    try:
        return cls(**params)
    except TypeError as exc:
        raise ValueError(f"learner estimator {path!r} rejects params {params}: {exc}") from None


def runs_per_fold(spec: dict[str, Any], dataset: str) -> bool:
    """Whether the workflow runs learner ``spec`` on ``dataset`` as one job per outer fold.

    ``spec["fold_jobs"]`` is ``True`` (every data set), ``False`` (one job per data set) or a list
    of the data sets where it is ``True``. Either way the gathered scores and metrics are the same
    bytes (``tests/test_fold_jobs.py``); only the number of jobs changes.
    """
    fold_jobs = spec.get("fold_jobs", False)
    return dataset in fold_jobs if isinstance(fold_jobs, list) else bool(fold_jobs)
