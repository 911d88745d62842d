"""The input check every DataFrame-only estimator shares (naive Bayes, C4.4/C4.5, the MDL discretizer)."""

from __future__ import annotations

import pandas as pd
import scipy.sparse

from aucacc.exceptions import NotADataFrameError


def require_frame(X, estimator) -> pd.DataFrame:
    """Return ``X`` if it is a :class:`pandas.DataFrame`, else raise :class:`NotADataFrameError`.

    Parameters
    ----------
    X : the estimator's input.
    estimator : the estimator (its class name goes into the message).

    Raises
    ------
    NotADataFrameError
        ``X`` is an array, a sparse matrix, a list, ...: the message names what it got.
    """
    if isinstance(X, pd.DataFrame):
        return X
    got = type(X).__name__
    if scipy.sparse.issparse(X):
        got = f"a scipy sparse matrix ({got}); sparse input is not supported"
    raise NotADataFrameError(
        f"{type(estimator).__name__} takes a pandas DataFrame of attributes (nominal ones as pandas "
        f"Categoricals with their declared domains, e.g. from aucacc.datasets.load_dataset), got {got}")
