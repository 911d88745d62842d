"""Numeric encoding of nominal attributes for learners that need numbers (SVM, any scikit-learn estimator).

:func:`aucacc.evaluation.cross_validate.cross_validate` one-hot encodes the discretized attributes
with :func:`encode_features` for every learner that is not one of aucacc's nominal learners;
:class:`aucacc.learners.svm.GridSearchSVM` encodes its own input the same way.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

__all__ = ["encode_features"]


def _encoding_spec(X: pd.DataFrame, encoding: str) -> list[tuple[str, str, list]]:
    spec = []
    for col in X.columns:
        s = X[col]
        if isinstance(s.dtype, pd.CategoricalDtype):
            spec.append((col, encoding, list(s.cat.categories)))
        elif pd.api.types.is_numeric_dtype(s.dtype):
            spec.append((col, "numeric", []))
        else:
            raise TypeError(f"column {col!r}: dtype {s.dtype} is neither Categorical nor numeric")
    return spec


def encode_features(X, spec: list[tuple[str, str, list]] | None = None,
                    encoding: str = "onehot") -> tuple[np.ndarray, list[tuple[str, str, list]]]:
    """Turn a table of nominal (and numeric) attributes into a float64 matrix.

    Parameters
    ----------
    X : pandas.DataFrame, shape (n_samples, n_attributes), or array-like (n_samples, n_features)
        Nominal attributes as ``Categorical`` (declared domain = ``cat.categories``), numeric
        attributes as numbers. An array is taken as numeric features as they are.
    spec : list of (column, kind, categories), optional
        The encoding fitted on the training data (returned by an earlier call); categories
        are taken from it, so test data encode to the same columns.
    encoding : {"onehot", "ordinal"}
        ``"onehot"``: one 0/1 column per declared category; missing → all zeros.
        ``"ordinal"``: one column ``code/(k−1)`` per attribute (``0`` if ``k = 1``).

    Returns
    -------
    Z : ndarray of float64, shape (n_samples, n_features)
    spec : list of (column, kind, categories)

    Raises
    ------
    ValueError
        NaN in a numeric column or array, a missing value under ``"ordinal"``, a value outside
        the declared categories, or an unknown ``encoding``.
    TypeError
        A DataFrame column that is neither Categorical nor numeric.
    """
    if encoding not in ("onehot", "ordinal"):
        raise ValueError(f"encoding must be 'onehot' or 'ordinal', not {encoding!r}")
    if not isinstance(X, pd.DataFrame):
        Z = np.asarray(X, dtype=np.float64)
        if Z.ndim != 2:
            raise ValueError(f"X must be 2-D, got shape {Z.shape}")
        if not np.isfinite(Z).all():
            raise ValueError("X contains NaN or infinite values")
        return np.ascontiguousarray(Z), spec if spec is not None else []
    if spec is None:
        spec = _encoding_spec(X, encoding)
    blocks = []
    for col, kind, cats in spec:
        s = X[col]
        if kind == "numeric":
            v = s.to_numpy(dtype=np.float64)
            if not np.isfinite(v).all():
                raise ValueError(f"column {col!r}: NaN in a numeric attribute (impute or discretize)")
            blocks.append(v[:, None])
            continue
        missing = s.isna().to_numpy()
        codes = pd.Categorical(s, categories=cats).codes  # -1 for missing or undeclared values
        if np.any((codes < 0) & ~missing):
            bad = s[(codes < 0) & ~missing].unique()[:5]
            raise ValueError(f"column {col!r}: values {list(bad)} are not declared categories")
        if kind == "onehot":
            block = np.zeros((len(s), len(cats)))
            rows = np.flatnonzero(codes >= 0)
            block[rows, codes[rows]] = 1.0
        else:
            if missing.any():
                raise ValueError(f"column {col!r}: missing values cannot be ordinal-encoded")
            block = (codes / max(len(cats) - 1, 1))[:, None].astype(np.float64)
        blocks.append(block)
    Z = np.hstack(blocks) if blocks else np.zeros((len(X), 0))
    return np.ascontiguousarray(Z, dtype=np.float64), spec
