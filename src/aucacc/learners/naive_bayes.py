"""Naive Bayes on nominal attributes, identical to Weka's ``weka.classifiers.bayes.NaiveBayes``.

Huang & Ling (2005) ran Weka's naive Bayes on Fayyad–Irani-discretized data (see
:mod:`aucacc.discretize`). On nominal attributes Weka's model is a table of Laplace-corrected
frequencies (``weka.estimators.DiscreteEstimator`` with ``laplace = true``, every declared
value starting at count 1):

* class prior ``P(c) = (n_c + 1) / (n + |C|)``, ``|C|`` = number of declared classes;
* ``P(v | c) = (n_vc + 1) / (n_c^a + |V_a|)``, ``n_c^a`` = training instances of class ``c``
  whose attribute ``a`` is *not missing*, ``|V_a|`` = number of declared values of ``a``
  (values that never occur still count);
* a missing value is skipped, in training (that attribute only) and in prediction (the
  attribute contributes no factor); training rows with a missing class are dropped.

Prediction follows Weka's ``distributionForInstance`` operation by operation: start from the
priors, multiply by ``max(1e-75, P(v|c))`` attribute by attribute in column order, multiply
the whole vector by ``1e75`` whenever its largest entry falls below ``1e-75`` (underflow
guard), then divide by the sum. Doing the same IEEE operations in the same order gives the
same doubles as Weka, so exact ties between classes (and hence ``predict``) agree too.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, _fit_context
from sklearn.utils.validation import check_is_fitted

from aucacc.learners._input import require_frame
from aucacc.learners._weka_format import weka_number  # Weka's Utils.doubleToString

__all__ = ["NaiveBayes"]

_FLOOR = 1e-75  # Weka's floor on a factor and threshold for rescaling
_RESCALE = 1e75


def _java_double(x: float) -> str:
    """Java's ``Double.toString`` for the integral counts shown by ``describe``."""
    x = float(x)
    if x == int(x) and abs(x) < 1e7:
        return f"{x:.1f}"
    m, e = f"{x:.16e}".split("e")  # Java's computerised scientific notation, e.g. 1.0E7
    m = m.rstrip("0")
    return f"{m}0E{int(e)}" if m.endswith(".") else f"{m}E{int(e)}"


class NaiveBayes(ClassifierMixin, BaseEstimator):
    """Laplace-corrected naive Bayes for nominal attributes (Weka ``NaiveBayes`` semantics).

    Parameters
    ----------
    None. (Weka's numeric-attribute options do not apply: numeric attributes are refused.)

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Declared class values, in order (the categories of ``y``).
    feature_names_in_ : ndarray of shape (n_features,)
        Attribute names seen in ``fit``.
    domains_ : dict[str, list]
        Declared values of each attribute, in order.
    class_count_ : ndarray of shape (n_classes,)
        Training instances per class.
    class_prior_ : ndarray of shape (n_classes,)
        ``(n_c + 1) / (n + n_classes)``.
    counts_ : dict[str, ndarray of shape (n_values, n_classes)]
        Raw co-occurrence counts ``n_vc`` (no Laplace term; missing values not counted).
    cond_prob_ : dict[str, ndarray of shape (n_values, n_classes)]
        ``P(v | c) = (n_vc + 1) / (sum_v n_vc + n_values)``.

    Notes
    -----
    Reference: Weka 3.9 ``weka.classifiers.bayes.NaiveBayes`` and
    ``weka.estimators.DiscreteEstimator``; the Laplace estimate is the one Huang & Ling (2005)
    describe for their naive Bayes.
    """

    #: ``predict`` is ``classes_[argmax(predict_proba)]`` (first maximum), so cross-validation
    #: takes the predictions from the probabilities it already has.
    predict_is_argmax_proba = True

    # No parameters; declared (empty) so that fit validates them as every aucacc learner does.
    _parameter_constraints: dict = {}

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: pd.DataFrame, y) -> "NaiveBayes":
        """Count class and attribute-value frequencies.

        Parameters
        ----------
        X : DataFrame of shape (n_samples, n_features)
            Nominal attributes as pandas Categoricals (declared domain = categories);
            NaN = missing.
        y : Series or array-like of shape (n_samples,)
            Class labels; a Categorical's categories are the declared classes (a
            non-categorical ``y`` gets its sorted distinct values). Missing classes are dropped.

        Returns
        -------
        self

        Raises
        ------
        aucacc.exceptions.NotADataFrameError
            ``X`` is not a DataFrame.
        ValueError
            A column is numeric or otherwise not Categorical (the message names it; discretize
            first, e.g. with :class:`aucacc.discretize.MDLDiscretizer`), ``X`` and ``y`` differ
            in length, or there are no classes.
        """
        require_frame(X, self)
        if len(X) != len(y):
            raise ValueError(f"X has {len(X)} rows but y has {len(y)}")
        for col, s in X.items():
            if not isinstance(s.dtype, pd.CategoricalDtype):
                kind = "numeric" if pd.api.types.is_numeric_dtype(s) else f"dtype {s.dtype}"
                raise ValueError(f"NaiveBayes handles nominal attributes only; column {col!r} is {kind} "
                                 "(discretize it first, e.g. with aucacc.discretize.MDLDiscretizer, "
                                 "or make it a pandas Categorical)")
        ys = y if isinstance(y, pd.Series) else pd.Series(y)
        if not isinstance(ys.dtype, pd.CategoricalDtype):
            ys = ys.astype("category")
        self.classes_ = np.asarray(ys.cat.categories)
        k = len(self.classes_)
        if k == 0:
            raise ValueError("y has no classes")
        yc = ys.cat.codes.to_numpy()
        keep = yc >= 0  # Weka deletes instances with a missing class
        yc = yc[keep].astype(np.int64)
        n = yc.size

        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        self.class_count_ = np.bincount(yc, minlength=k).astype(float)
        self.class_prior_ = (self.class_count_ + 1.0) / (n + k)
        self.domains_, self.counts_, self.cond_prob_ = {}, {}, {}
        self._categories = {}  # each attribute's categories (an Index), for _codes' check of a domain
        for col, s in X.items():
            cat = s.array  # the pandas Categorical: categories and codes without a Series each
            self._categories[col] = cat.categories
            cats = cat.categories.tolist()  # (one conversion, not one value at a time)
            nv = len(cats)
            codes = cat.codes[keep].astype(np.int64)
            ok = codes >= 0
            cnt = np.bincount(codes[ok] * k + yc[ok], minlength=nv * k).reshape(nv, k).astype(float)
            self.domains_[col] = cats
            self.counts_[col] = cnt
            # DiscreteEstimator: counts start at 1, sum starts at |V|
            self.cond_prob_[col] = (cnt + 1.0) / (cnt.sum(axis=0) + nv)
        return self

    def _codes(self, s: pd.Series, col) -> np.ndarray:
        """Value indices of ``s`` (attribute ``col``) in the training domain (-1 = missing)."""
        dom = self.domains_[col]
        if isinstance(s.dtype, pd.CategoricalDtype):
            cats, fitted = s.array.categories, getattr(self, "_categories", {}).get(col)
            # The training domain, in order: the same Index (folds of one frame share it), or equal
            # values (compared as arrays, not one Python object at a time).
            if cats is fitted or (len(cats) == len(dom) and (cats.equals(fitted) if fitted is not None
                                                               else cats.tolist() == dom)):
                return s.array.codes.astype(np.int64)
        vals = s.astype(object).to_numpy()
        present = s.notna().to_numpy()
        codes = np.full(len(s), -1, dtype=np.int64)
        codes[present] = pd.Index(dom).get_indexer(vals[present])
        bad = present & (codes < 0)
        if bad.any():
            raise ValueError(f"column {col!r} has values outside its training domain: "
                             f"{sorted(set(map(str, vals[bad])))[:5]}")
        return codes

    def predict_proba(self, X: pd.DataFrame) -> np.ndarray:
        """Class-membership probabilities, computed as Weka computes them.

        Parameters
        ----------
        X : DataFrame of shape (n_samples, n_features)
            The attributes seen in ``fit`` (extra columns are ignored); values must lie in
            the training domains; NaN = missing (skipped).

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            Rows sum to 1; columns follow ``classes_``.

        Raises
        ------
        sklearn.exceptions.NotFittedError
            Called before ``fit``.
        aucacc.exceptions.NotADataFrameError
            ``X`` is not a DataFrame.
        KeyError
            A training attribute is absent from ``X``.
        ValueError
            A value is outside its attribute's training domain.
        """
        check_is_fitted(self, "classes_")
        require_frame(X, self)
        absent = [c for c in self.feature_names_in_ if c not in X.columns]
        if absent:
            raise KeyError(f"attributes seen in fit are missing from X: {absent}")
        m, k = len(X), len(self.classes_)
        probs = np.tile(self.class_prior_, (m, 1))
        # the columns by position when X has the fitted columns in order (no look-up by name)
        if len(X.columns) == len(self.feature_names_in_) and (X.columns == self.feature_names_in_).all():
            series = [s for _, s in X.items()]
        else:
            series = [X[c] for c in self.feature_names_in_]
        for col, s in zip(self.feature_names_in_, series):
            codes = self._codes(s, col)
            present = codes >= 0
            every = present.all()  # no missing value: the whole table, without a masked copy
            if not every and not present.any():
                continue
            factor = np.maximum(_FLOOR, self.cond_prob_[col][codes if every else codes[present]])
            p = probs * factor if every else probs[present] * factor
            mx = p.max(axis=1)
            tiny = (mx > 0) & (mx < _FLOOR)  # Weka's underflow guard
            p[tiny] *= _RESCALE
            if every:
                probs = p
            else:
                probs[present] = p
        total = np.zeros(m)
        for j in range(k):  # Utils.sum: left-to-right
            total = total + probs[:, j]
        if (total == 0).any() or np.isnan(total).any():
            raise FloatingPointError("class probabilities sum to zero or NaN")
        return probs / total[:, None]

    def predict(self, X: pd.DataFrame) -> np.ndarray:
        """Most probable class (first one on ties, like Weka's ``Utils.maxIndex``).

        Parameters
        ----------
        X : DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
            Values from ``classes_``.
        """
        p = self.predict_proba(X)  # first: it checks that the model is fitted
        return self.classes_[np.argmax(p, axis=1)]

    def describe(self) -> str:
        """Text rendering of the model, laid out exactly as Weka's ``NaiveBayes.toString`` for
        nominal attributes: class priors (2 decimals), then for each attribute the
        Laplace-corrected counts ``n_vc + 1`` per class and their totals.

        Returns
        -------
        str

        Raises
        ------
        sklearn.exceptions.NotFittedError
            Called before ``fit``.
        """
        check_is_fitted(self, "classes_")
        classes = [str(c) for c in self.classes_]
        k = len(classes)
        priors = ["(" + weka_number(p, 2) + ")" for p in self.class_prior_]
        tables = {col: self.counts_[col] + 1.0 for col in self.feature_names_in_}
        cells = [_java_double(x) for t in tables.values() for x in np.append(t.ravel(), t.sum(axis=0))]
        w = max([len(s) for s in classes + priors + cells] + [0])
        aw = max([len(str(c)) for c in self.feature_names_in_]
                 + [len(str(v)) + 2 for c in self.feature_names_in_ for v in self.domains_[c]]
                 + [len("Attribute"), len("  weight sum")]) + 2
        out = ["Naive Bayes Classifier", "", "Class".rjust(aw + w + 1),
               "Attribute".ljust(aw) + "".join(c.rjust(w + 1) for c in classes),
               " " * aw + "".join(p.rjust(w + 1) for p in priors),
               "=" * (aw + w * k + k + 1)]
        for col, t in tables.items():
            out.append(str(col))
            for v, row in zip(self.domains_[col], t):
                out.append(f"  {v}".ljust(aw + 1) + "".join(_java_double(x).rjust(w + 1) for x in row))
            out.append("  [total]".ljust(aw + 1) + "".join(_java_double(x).rjust(w + 1) for x in t.sum(axis=0)))
            out.append("")
        return "\n".join(out) + "\n"

    def __str__(self) -> str:
        return self.describe() if hasattr(self, "classes_") else "Naive Bayes Classifier: No model built yet."
