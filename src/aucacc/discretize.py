"""Supervised entropy/MDL discretization of Fayyad & Irani (1993), as Weka does it.

The reference behaviour is ``weka.filters.supervised.attribute.Discretize`` with its default
options (Fayyad & Irani's MDL criterion, not Kononenko's; no "better encoding"; one nominal
attribute per numeric attribute, labelled by ranges with 6 decimals). The paper being
reproduced (Huang & Ling 2005) discretized its continuous attributes with exactly this
filter, so the aim is identical cut points, not merely the same method.

What Weka does, and this module reproduces:

* Missing values are left out; the remaining instances are sorted by the attribute value.
* A candidate cut lies between every pair of adjacent sorted instances with *different*
  values (not only at class boundaries); its value is the midpoint ``(a + b) / 2``.
* The chosen cut minimises the class entropy conditioned on the two sides, Fayyad & Irani
  (1993), class information entropy of the partition induced by cut ``T``,
  ``E(A, T; S) = |S1|/|S| Ent(S1) + |S2|/|S| Ent(S2)``; among equal entropies
  the lowest cut wins (Weka only replaces its best cut on a strictly smaller entropy). The
  entropy is evaluated with Weka's own sequence of floating-point operations
  (``ContingencyTables.entropyConditionedOnRows``: sum of ``n log n`` terms in row/class
  order) so that ties are broken the same way.
* The cut is accepted by Fayyad & Irani's (1993) MDLPC criterion (equation labels (A), (B)
  are ours, not the paper's):
  (A) ``Gain(A, T; S) > log2(N - 1) / N + Delta(A, T; S) / N`` with
  (B) ``Delta = log2(3^k - 2) - [k Ent(S) - k1 Ent(S1) - k2 Ent(S2)]``, where ``N`` is the number
  of (non-missing) instances in ``S`` and ``k, k1, k2`` the numbers of classes present in
  ``S, S1, S2``. As in the paper, the first term uses ``N - 1`` (instances minus one); Weka's
  non-default ``-E`` would use the number of distinct candidate cuts instead. A cut whose
  gain is not positive is rejected outright.
* Accepted cuts split ``S`` and the procedure recurses on both halves.
* Instance weights are all 1 (the paper's data are unweighted).

References
----------
Fayyad, U. M. & Irani, K. B. (1993). Multi-interval discretization of continuous-valued
attributes for classification learning. IJCAI-93, 1022-1027.
"""

from __future__ import annotations

import math
from numbers import Integral
from typing import Any

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, _fit_context
from sklearn.utils._param_validation import Interval
from sklearn.utils.validation import check_is_fitted

from aucacc.learners._input import require_frame
from aucacc.learners._weka_format import weka_number as _weka_number

__all__ = ["MDLDiscretizer", "mdl_cut_points", "weka_range_labels"]

_LN2 = math.log(2.0)


_NLOGN = np.zeros(2)  # k ln k for k = 0, 1, ...; grown on demand and shared by every attribute


def _nlogn_table(n: int) -> np.ndarray:
    """``k * ln(k)`` for k = 0..n (0 for k = 0), each from ``math.log`` like Weka's cache of
    ``d * Math.log(d)``; numpy's vectorised log may differ in the last bit, which could flip
    an entropy tie. Computed once per process for the largest ``n`` asked (entries do not
    depend on ``n``)."""
    global _NLOGN
    if len(_NLOGN) <= n:
        t = np.zeros(n + 1)
        t[: len(_NLOGN)] = _NLOGN
        for k in range(max(2, len(_NLOGN)), n + 1):
            t[k] = k * math.log(k)
        _NLOGN = t
    return _NLOGN[: n + 1]


def _entropy(counts: np.ndarray, nlogn: np.ndarray) -> float:
    """Class entropy in bits of one count vector, in Weka's operation order
    (``ContingencyTables.entropy``)."""
    ret = 0.0
    tot = 0.0
    for c in counts:
        ret -= nlogn[int(c)]
        tot += float(c)
    if abs(tot) < 1e-6:
        return 0.0
    return (ret + nlogn[int(tot)]) / (tot * _LN2)


def _cond_entropy_rows(left: np.ndarray, right: np.ndarray, nlogn: np.ndarray) -> np.ndarray:
    """Weighted class entropy of the two sides E(A, T; S) (Fayyad & Irani 1993) for many candidate cuts.

    ``left``/``right`` are (m, K) integer class counts; the result (m,) follows the exact
    accumulation order of Weka's ``entropyConditionedOnRows`` so that it is bit-identical.
    """
    m, k = left.shape
    ret = np.zeros(m)
    tot = np.zeros(m)
    for side in (left, right):
        srow = np.zeros(m)
        for j in range(k):
            ret = ret + nlogn[side[:, j]]
            srow = srow + side[:, j]
        ret = ret - nlogn[srow.astype(np.int64)]
        tot = tot + srow
    return -ret / (tot * _LN2)


def _mdl_accepts(prior: np.ndarray, left: np.ndarray, right: np.ndarray, n: int,
                 nlogn: np.ndarray) -> bool:
    """Fayyad & Irani's MDLPC test, (A)-(B) in the module docstring, with Weka's terms (``FayyadAndIranisMDL``)."""
    prior_ent = _entropy(prior, nlogn)
    ent = float(_cond_entropy_rows(left[None, :], right[None, :], nlogn)[0])
    gain = prior_ent - ent
    k = int(np.count_nonzero(prior))
    k1 = int(np.count_nonzero(left))
    k2 = int(np.count_nonzero(right))
    ent1 = _entropy(left, nlogn)
    ent2 = _entropy(right, nlogn)
    delta = math.log(3.0 ** k - 2) / _LN2 - ((k * prior_ent) - (k2 * ent2) - (k1 * ent1))
    num_cut_points = n - 1  # Weka's default ("worse") encoding: instances minus one
    return gain > (math.log(num_cut_points) / _LN2 + delta) / n


def mdl_cut_points(values: np.ndarray, y_codes: np.ndarray, n_classes: int) -> np.ndarray:
    """Fayyad–Irani MDL cut points of one numeric attribute, identical to Weka's.

    Parameters
    ----------
    values : ndarray of shape (n_samples,)
        Attribute values; NaN marks a missing value (ignored).
    y_codes : ndarray of shape (n_samples,)
        Class index of each instance, in ``0 .. n_classes - 1`` (no missing classes).
    n_classes : int
        Number of declared classes.

    Returns
    -------
    ndarray of shape (n_cuts,)
        Sorted cut points (possibly empty: the attribute stays a single interval).

    Raises
    ------
    ValueError
        If the two arrays differ in length or a class code is out of range.
    """
    values = np.asarray(values, dtype=float)
    y_codes = np.asarray(y_codes)
    if values.shape != y_codes.shape or values.ndim != 1:
        raise ValueError(f"values {values.shape} and y_codes {y_codes.shape} must be 1-d of equal length")
    if y_codes.size and (y_codes.min() < 0 or y_codes.max() >= n_classes):
        raise ValueError(f"class codes must lie in 0..{n_classes - 1}")
    keep = ~np.isnan(values)
    v, c = values[keep], y_codes[keep].astype(np.int64)
    order = np.argsort(v, kind="mergesort")
    v, c = v[order], c[order]
    # Cuts lie only between different values, so the search works on the table of distinct
    # values: class counts per value and their running totals (integers, exact in any order).
    # Every candidate's left/right counts are those of the instance-by-instance scan.
    first = np.flatnonzero(np.concatenate([[True], v[:-1] < v[1:]])) if v.size else np.zeros(0, dtype=np.intp)
    group = np.cumsum(np.concatenate([[False], v[:-1] < v[1:]])) if v.size else np.zeros(0, dtype=np.intp)
    counts = np.bincount(group * n_classes + c, minlength=len(first) * n_classes).reshape(len(first), n_classes)
    cum = np.cumsum(counts, axis=0)
    nlogn = _nlogn_table(v.size)
    cuts: list[float] = []
    _cut_subset(v[first], cum, 0, len(first), nlogn, cuts)
    return np.array(sorted(cuts), dtype=float)


def _cut_subset(u: np.ndarray, cum: np.ndarray, first: int, last: int,
                nlogn: np.ndarray, out: list[float]) -> None:
    """Recursive minimal-entropy binary split of the distinct values ``u[first:last]``
    (Weka's ``cutPointsForSubset`` on the instances holding them); appends accepted cuts to
    ``out``. ``cum[g]`` holds the class counts of the instances with values ``<= u[g]``."""
    if last - first < 2:  # one distinct value (or none): no candidate cut
        return
    before = cum[first - 1] if first > 0 else np.zeros(cum.shape[1], dtype=cum.dtype)
    prior = cum[last - 1] - before
    n = int(prior.sum())
    left = cum[first:last - 1] - before[None, :]  # counts left of the cut after each value
    right = prior[None, :] - left
    ent = _cond_entropy_rows(left, right, nlogn)
    prior_ent = _entropy(prior, nlogn)
    best = int(np.argmin(ent))  # first minimum = Weka's strict-< scan from the left
    if not ent[best] < prior_ent:
        return
    if prior_ent - ent[best] <= 0:
        return
    if not _mdl_accepts(prior, left[best], right[best], n, nlogn):
        return
    g = first + best
    out.append((u[g] + u[g + 1]) / 2.0)
    _cut_subset(u, cum, first, g + 1, nlogn, out)
    _cut_subset(u, cum, g + 1, last, nlogn, out)


def weka_range_labels(cuts: np.ndarray, precision: int = 6) -> list[str]:
    """Interval labels as Weka's Discretize writes them.

    Parameters
    ----------
    cuts : array of shape (n_cuts,)
        Sorted cut points.
    precision : int, default 6
        Decimals (Weka's ``-precision``).

    Returns
    -------
    list of str, length n_cuts + 1
        ``['All']`` without cuts, else ``'(-inf-c1]'``, ``'(c1-c2]'``, ..., ``'(cK-inf)'``.

    Raises
    ------
    ValueError
        If two labels coincide at this precision (Weka refuses such a filter too).
    """
    if len(cuts) == 0:
        return ["All"]
    s = [_weka_number(c, precision) for c in cuts]
    labels = [f"(-inf-{s[0]}]"] + [f"({a}-{b}]" for a, b in zip(s[:-1], s[1:])] + [f"({s[-1]}-inf)"]
    if len(set(labels)) != len(labels):
        raise ValueError(f"duplicate bin range at precision {precision}: {labels}; increase precision")
    return labels


def _class_codes(y) -> tuple[np.ndarray, int]:
    ys = y if isinstance(y, pd.Series) else pd.Series(y)
    cat = ys.astype("category") if not isinstance(ys.dtype, pd.CategoricalDtype) else ys
    codes = cat.cat.codes.to_numpy()
    if (codes < 0).any():
        raise ValueError(f"y has {int((codes < 0).sum())} missing class value(s); remove them first")
    return codes, len(cat.cat.categories)


def _is_numeric(s: pd.Series) -> bool:
    return (not isinstance(s.dtype, pd.CategoricalDtype)) and pd.api.types.is_numeric_dtype(s) \
        and not pd.api.types.is_bool_dtype(s)


def numeric_columns(X: pd.DataFrame) -> list[str]:
    """The columns of ``X`` that :class:`MDLDiscretizer` discretizes (numeric, not Categorical or bool), in order."""
    return [c for c in X.columns if _is_numeric(X[c])]


class MDLDiscretizer(TransformerMixin, BaseEstimator):
    """Fayyad & Irani (1993) supervised MDL discretization, identical to Weka's default
    ``weka.filters.supervised.attribute.Discretize``.

    Parameters
    ----------
    precision : int, default 6
        Decimals in the interval labels (Weka's ``-precision``); cut points themselves are
        kept at full double precision.

    Attributes
    ----------
    cut_points_ : dict[str, ndarray]
        Sorted cut points of every numeric column seen in ``fit`` (empty array: no cut).
    single_interval_ : list[str]
        Numeric columns left with one interval (labelled ``'All'``).
    labels_ : dict[str, list[str]]
        Interval labels per numeric column, in increasing order.
    feature_names_in_ : ndarray of str
        Columns of the ``X`` given to ``fit``.

    Notes
    -----
    Numeric columns are the non-categorical numeric dtypes; pandas Categorical columns are
    nominal and pass through. Missing values are ignored when searching for cuts and stay
    missing after ``transform``. Algorithm details are in the module docstring.
    """

    _parameter_constraints = {"precision": [Interval(Integral, 0, None, closed="left")]}

    def __init__(self, precision: int = 6):
        self.precision = precision

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: pd.DataFrame, y) -> "MDLDiscretizer":
        """Find the cut points of every numeric column.

        Parameters
        ----------
        X : DataFrame of shape (n_samples, n_features)
            Numeric (float, NaN = missing) and nominal (Categorical) attributes.
        y : Series or array-like of shape (n_samples,)
            Class labels; a Categorical's declared categories define the classes.

        Returns
        -------
        self

        Raises
        ------
        aucacc.exceptions.NotADataFrameError
            If ``X`` is not a DataFrame.
        sklearn.utils._param_validation.InvalidParameterError
            If ``precision`` is not a non-negative integer.
        ValueError
            If ``X`` and ``y`` differ in length or ``y`` has missing values.
        """
        require_frame(X, self)
        if len(X) != len(y):
            raise ValueError(f"X has {len(X)} rows but y has {len(y)}")
        codes, k = _class_codes(y)
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        self.cut_points_ = {}
        self.labels_ = {}
        self.single_interval_ = []
        for col in X.columns:
            s = X[col]
            if not _is_numeric(s):
                continue
            cuts = mdl_cut_points(s.to_numpy(dtype=float), codes, k)
            self.cut_points_[col] = cuts
            self.labels_[col] = weka_range_labels(cuts, self.precision)
            if cuts.size == 0:
                self.single_interval_.append(col)
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        """Replace each fitted numeric column by an ordered Categorical of its intervals.

        A value ``v`` falls in the first interval whose upper cut satisfies ``v <= cut``
        (intervals are closed on the right, as in Weka).

        Parameters
        ----------
        X : DataFrame of shape (n_samples, n_features)
            Must contain the columns seen in ``fit``.

        Returns
        -------
        DataFrame of shape (n_samples, n_features)
            Same index and columns; numeric columns become Categoricals labelled like
            ``'(-inf-2.45]'``, ``'(2.45-4.75]'``, ``'(4.75-inf)'`` or ``'All'``; NaN stays NaN.

        Raises
        ------
        sklearn.exceptions.NotFittedError
            If called before ``fit``.
        aucacc.exceptions.NotADataFrameError
            If ``X`` is not a DataFrame.
        KeyError
            If a fitted numeric column is absent from ``X``.
        """
        check_is_fitted(self, "cut_points_")
        require_frame(X, self)
        missing = [c for c in self.cut_points_ if c not in X.columns]
        if missing:
            raise KeyError(f"columns seen in fit are missing from X: {missing}")
        out = X.copy()
        for col, cuts in self.cut_points_.items():
            v = X[col].to_numpy(dtype=float)
            codes = np.searchsorted(cuts, v, side="left").astype(np.int64)
            codes[np.isnan(v)] = -1
            out[col] = pd.Categorical.from_codes(codes, categories=self.labels_[col], ordered=True)
        return out

    @classmethod
    def from_cut_points(cls, cut_points: dict[str, Any], columns: Any, precision: int = 6) -> "MDLDiscretizer":
        """A fitted discretizer with recorded cut points, as ``fit`` would have left it.

        Parameters
        ----------
        cut_points : ``{column: [cut, ...]}`` of every numeric column, in column order, as ``cut_points_``
            holds them (e.g. read back from JSON: a float's shortest repr reads back to the same double).
        columns : the columns of the ``X`` it was fitted on (``feature_names_in_``).
        precision : int, default 6
            Decimals in the interval labels, as in ``__init__``.

        Returns
        -------
        MDLDiscretizer
            Whose ``transform`` gives the frame that the discretizer fitted by ``fit`` gives, bit for bit.
        """
        disc = cls(precision=precision)
        disc.feature_names_in_ = np.asarray(list(columns), dtype=object)
        disc.cut_points_ = {col: np.asarray(cuts, dtype=float) for col, cuts in cut_points.items()}
        disc.labels_ = {col: weka_range_labels(cuts, precision) for col, cuts in disc.cut_points_.items()}
        disc.single_interval_ = [col for col, cuts in disc.cut_points_.items() if cuts.size == 0]
        return disc

    def fit_transform(self, X: pd.DataFrame, y=None, **fit_params) -> pd.DataFrame:
        """``fit(X, y)`` then ``transform(X)``."""
        if y is None:
            raise ValueError("MDLDiscretizer is supervised: fit_transform needs y")
        return self.fit(X, y).transform(X)
