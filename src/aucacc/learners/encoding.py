"""Numeric encoding of nominal attributes for learners that need numbers (SVM, any scikit-learn estimator).

:func:`aucacc.evaluation.cross_validate.cross_validate` one-hot encodes the discretized attributes
with :func:`encode_features` for every learner that is not one of aucacc's nominal learners;
:class:`aucacc.learners.svm.GridSearchSVM` encodes its own input the same way. A learner with
``nominal: categorical`` in the config (an estimator with native categorical support, such as
scikit-learn's ``HistGradientBoostingClassifier``) is wrapped in :class:`CategoricalCodes`
instead, which hands it one integer code per nominal attribute and the ``categorical_features`` mask.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, TransformerMixin, clone
from sklearn.utils._param_validation import StrOptions
from sklearn.utils.validation import check_is_fitted

__all__ = ["CategoricalCodes", "NominalEncoder", "MatrixInput", "categorical_mask", "encode_features"]

ENCODINGS = ("onehot", "ordinal", "codes")


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
                    encoding: str = "onehot", allow_nan: bool = False) -> tuple[np.ndarray, list[tuple[str, str, list]]]:
    """Turn a table of nominal (and numeric) attributes into a float64 matrix.

    Parameters
    ----------
    X : pandas.DataFrame, shape (n_samples, n_attributes), or array-like (n_samples, n_features)
        Nominal attributes as ``Categorical`` (declared domain = ``cat.categories``), numeric
        attributes as numbers. An array is taken as numeric features as they are.
    spec : list of (column, kind, categories), optional
        The encoding fitted on the training data (returned by an earlier call); categories
        are taken from it, so test data encode to the same columns.
    encoding : {"onehot", "ordinal", "codes"}
        ``"onehot"``: one 0/1 column per declared category; missing → all zeros.
        ``"ordinal"``: one column ``code/(k−1)`` per attribute (``0`` if ``k = 1``).
        ``"codes"``: one column per attribute, the value's index ``0..k−1`` in the declared
        categories; missing → NaN. Numeric attributes pass through as they are, NaN included
        (for estimators that take missing values natively; :func:`categorical_mask` marks the
        nominal columns).

    Returns
    -------
    Z : ndarray of float64, shape (n_samples, n_features)
    spec : list of (column, kind, categories)

    Raises
    ------
    ValueError
        NaN in a numeric column (except under ``"codes"``) or array, a missing value under ``"ordinal"``, a value outside
        the declared categories, or an unknown ``encoding``.
    TypeError
        A DataFrame column that is neither Categorical nor numeric.
    """
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {ENCODINGS}, not {encoding!r}")
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
            v = s.to_numpy(dtype=np.float64, na_value=np.nan)
            if encoding != "codes" and not allow_nan and not np.isfinite(v).all():
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
        elif kind == "codes":
            block = np.where(missing, np.nan, codes).astype(np.float64)[:, None]
        else:
            if missing.any():
                raise ValueError(f"column {col!r}: missing values cannot be ordinal-encoded")
            block = (codes / max(len(cats) - 1, 1))[:, None].astype(np.float64)
        blocks.append(block)
    Z = np.hstack(blocks) if blocks else np.zeros((len(X), 0))
    return np.ascontiguousarray(Z, dtype=np.float64), spec


def categorical_mask(spec: list[tuple[str, str, list]]) -> np.ndarray:
    """The ``categorical_features`` mask of an :func:`encode_features` spec: True for each column of a
    nominal attribute encoded ``"codes"``, False for a numeric one. Shape (n_features,), dtype bool."""
    return np.array([kind == "codes" for _, kind, _ in spec], dtype=bool)


class CategoricalCodes(ClassifierMixin, BaseEstimator):
    """An estimator with native categorical support, handed the nominal attributes as integer codes.

    The config's ``learners.<name>.nominal: categorical`` (:func:`aucacc.learners.factory.make_learner`):
    instead of the one-hot matrix every other non-aucacc estimator gets, ``estimator`` is fitted on
    :func:`encode_features` ``(X, encoding="codes")`` — each nominal attribute one column of its
    value's index in the declared domain, a missing value NaN, numeric attributes as they are —
    with ``categorical_features`` set to :func:`categorical_mask` of that encoding. Its other
    params stay as given. This is the input scikit-learn's ``HistGradientBoostingClassifier`` is
    designed for: a split sends any subset of an attribute's values to each side (Fisher 1958's
    ordering of the categories by gradient), where a one-hot column can split off one value only.

    Parameters
    ----------
    estimator : unfitted classifier with a ``categorical_features`` parameter (and ``predict_proba``)
        Cloned at fit; ``categorical_features`` is the one param set here.
    learner : str, optional
        The learner's name under ``learners`` in the config, for the config keys errors name.

    Attributes
    ----------
    estimator_ : the fitted clone of ``estimator``.
    encoding_spec_ : list of (column, kind, categories) — the fitted encoding (declared domains).
    used_ : ndarray of bool, shape (n_attributes,) — the attributes with an observed value in the training
        data; the others (all missing there) are left out of the estimator's input, since no split can use
        them (and scikit-learn's histogram binning fails on an all-missing column).
    notes_ : list of str — what the fit left out and why (empty when nothing); cross-validation keeps it in
        the fold's record.
    classes_ : ndarray — ``estimator_.classes_``.

    Raises
    ------
    ValueError
        At fit: ``X`` is not a DataFrame, or a nominal attribute declares more values than the
        estimator's ``max_bins`` (HistGradientBoostingClassifier bins a categorical feature's
        codes ``0..k−1`` into at most ``max_bins`` bins, at most 255); the message names the
        attribute, its number of values and what to set instead.
    """

    def __init__(self, estimator=None, learner: str | None = None):
        self.estimator = estimator
        self.learner = learner

    def fit(self, X, y):
        if not isinstance(X, pd.DataFrame):
            raise ValueError("CategoricalCodes needs a DataFrame of nominal (Categorical) and numeric attributes, "
                             f"got {type(X).__name__}")
        Z, spec = encode_features(X, encoding="codes")
        params = self.estimator.get_params()
        max_bins = params.get("max_bins")
        if max_bins is not None:
            key = f"learners.{self.learner or '<name>'}"
            for col, kind, cats in spec:
                if kind == "codes" and len(cats) > max_bins:
                    raise ValueError(
                        f"attribute {col!r} declares {len(cats)} values, more than {type(self.estimator).__name__}'s "
                        f"max_bins ({max_bins}) allows a categorical feature under {key}.nominal: "
                        f"categorical; set {key}.nominal: onehot (or a larger {key}.params.max_bins, where the "
                        f"estimator allows it)")
        # An attribute with no observed value in the training part cannot be split on; scikit-learn's histogram
        # binning fails on it ("window shape cannot be larger than input array shape"), so it is left out of the
        # matrix, and said in notes_ (the fold's record keeps it).
        observed = ~np.isnan(Z).all(axis=0) if len(Z) else np.ones(Z.shape[1], dtype=bool)
        self.used_ = observed
        self.notes_ = ([f"attributes with no observed value in the training part, left out of "
                        f"{type(self.estimator).__name__}'s input: {[c for (c, _, _), o in zip(spec, observed) if not o]}"]
                       if not observed.all() else [])
        self.encoding_spec_ = spec
        self.estimator_ = clone(self.estimator).set_params(categorical_features=categorical_mask(spec)[observed])
        self.estimator_.fit(Z[:, observed], y)
        self.classes_ = self.estimator_.classes_
        self.n_features_in_ = X.shape[1]
        return self

    def _codes(self, X) -> np.ndarray:
        check_is_fitted(self)
        return encode_features(X, self.encoding_spec_, encoding="codes")[0][:, self.used_]

    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities, shape (n_samples, n_classes), columns in ``classes_`` order."""
        return self.estimator_.predict_proba(self._codes(X))

    def predict(self, X) -> np.ndarray:
        """The wrapped estimator's ``predict`` on the codes, shape (n_samples,)."""
        return self.estimator_.predict(self._codes(X))


class NominalEncoder(TransformerMixin, BaseEstimator):
    """The attribute table as a numeric matrix, as a pipeline step (:func:`encode_features`, fitted on the training
    part: its declared domains).

    The step between a step that hands on the attribute table (``aucacc.discretize.MDLDiscretizer``) and an
    estimator that takes numbers: ``MDLDiscretizer → NominalEncoder → LogisticRegression`` is logistic regression
    with per-fold Fayyad-Irani discretization, its intervals one-hot encoded.

    Parameters
    ----------
    encoding : {"onehot", "ordinal", "codes"}
        As :func:`encode_features`: one 0/1 column per declared value (a missing value all zeros), ``code/(k−1)``,
        or the value's index (a missing value NaN). Numeric attributes pass as numbers, a missing one NaN.

    Attributes
    ----------
    encoding_spec_ : list of (column, kind, categories) — the fitted encoding.
    n_features_in_ : int — attributes of the table given to ``fit``.
    """

    _parameter_constraints = {"encoding": [StrOptions(set(ENCODINGS))]}

    def __init__(self, encoding: str = "onehot"):
        self.encoding = encoding

    def fit(self, X, y=None):
        """Fit the encoding (the declared domains of ``X``'s nominal attributes). ``X``: DataFrame, shape
        (n_samples, n_attributes); raises ``ValueError`` for anything else."""
        if not isinstance(X, pd.DataFrame):
            raise ValueError(f"NominalEncoder needs the attribute table (a DataFrame), got {type(X).__name__}")
        _, self.encoding_spec_ = encode_features(X, encoding=self.encoding, allow_nan=True)
        self.n_features_in_ = X.shape[1]
        return self

    def transform(self, X) -> np.ndarray:
        """The matrix, shape (n_samples, n_features): float64, columns as fitted."""
        check_is_fitted(self)
        return encode_features(X, self.encoding_spec_, encoding=self.encoding, allow_nan=True)[0]



class MatrixInput(ClassifierMixin, BaseEstimator):
    """One of aucacc's table-only classifiers (C4.5, C4.4) on a numeric matrix: the way back to them inside a
    scikit-learn meta-estimator.

    A meta-estimator such as ``sklearn.ensemble.BaggingClassifier`` is not one of aucacc's learners, so it is
    given the numeric matrix (:func:`encode_features`: nominal attributes one-hot over their declared values, a
    missing value all zeros; numeric attributes as numbers, a missing one NaN) and hands its bootstrap samples on
    as arrays, with the class label-encoded (0 … C−1), which aucacc's C4.5 refuses (it takes a table and a
    Categorical class: :func:`aucacc.learners._input.require_frame`). ``MatrixInput(C45)`` as the meta-estimator's
    ``estimator`` gives C4.5 every column as a numeric attribute ``x0, x1, …`` (float64, NaN a missing value,
    which C4.5 handles as J48 does) and the class as a Categorical of the values present in ``y`` (sorted), so
    ``classes_`` are those values, as a scikit-learn tree's are. On data whose attributes are all numeric the tree
    is the one C4.5 grows on the table itself; a nominal attribute reaches it as its 0/1 indicator columns
    (binary splits, one value against the rest, where C4.5 on the table splits a nominal attribute into one
    branch per value).

    Parameters
    ----------
    estimator : unfitted aucacc classifier taking a DataFrame and a Categorical Series (``C45``, ``C44``).
        Cloned at fit.

    Attributes
    ----------
    estimator_ : the fitted clone. classes_ : ndarray — the class values of ``y``, sorted.
    n_features_in_ : int — columns of the matrix given to ``fit``.
    """

    def __init__(self, estimator=None):
        self.estimator = estimator

    def _frame(self, X) -> pd.DataFrame:
        Z = np.asarray(X, dtype=float)
        if Z.ndim != 2 or (hasattr(self, "n_features_in_") and Z.shape[1] != self.n_features_in_):
            want = getattr(self, "n_features_in_", "2-d")
            raise ValueError(f"MatrixInput expects a matrix of {want} columns, got shape {Z.shape}")
        return pd.DataFrame(Z, columns=[f"x{j}" for j in range(Z.shape[1])])

    def fit(self, X, y):
        """Fit ``estimator`` on ``X`` (array-like, shape (n_samples, n_features), numbers, NaN missing) as a table of
        numeric attributes and ``y`` (shape (n_samples,)) as a Categorical class."""
        if self.estimator is None:
            raise ValueError("MatrixInput needs an estimator (e.g. aucacc.learners.c45.C45)")
        X = self._frame(X)
        y = np.asarray(y)
        cls = np.unique(y)
        self.estimator_ = clone(self.estimator).fit(X, pd.Series(pd.Categorical(y, categories=cls)))
        self.classes_ = cls
        self.n_features_in_ = X.shape[1]
        return self

    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities, shape (n_samples, n_classes), columns in ``classes_`` order."""
        check_is_fitted(self)
        return self.estimator_.predict_proba(self._frame(X))

    def predict(self, X) -> np.ndarray:
        """The most probable class (the wrapped estimator's ``predict``), shape (n_samples,)."""
        check_is_fitted(self)
        return np.asarray(self.estimator_.predict(self._frame(X)))
