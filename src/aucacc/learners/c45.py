"""C4.5 and C4.4 decision trees reproducing Weka's ``J48``.

One tree builder, :class:`C45Tree`, with two presets:

- :class:`C45` — Weka ``J48`` defaults (``-C 0.25 -M 2``): pessimistic-error pruning with
  subtree raising, ``collapse()`` before pruning, relative-frequency leaf estimates
  (Quinlan 1993, *C4.5: Programs for Machine Learning*).
- :class:`C44` — ``J48 -U -O -A``: unpruned, not collapsed, Laplace leaf estimates
  ``(n_k + 1) / (N + C)`` (Provost & Domingos 2003, *Tree induction for probability-based
  ranking*, Machine Learning 52:199-215).

The algorithm follows the Weka 3.8/3.9 classes named in each docstring
(``weka.classifiers.trees.j48.*``), including their numerical tolerances (``Utils.eq``/``gr``
compare with 1e-6), tie-breaking order and the handling of missing values by fractional
instances. The paper discretizes every continuous attribute first, so its inputs are all
nominal; numeric attributes are supported too (J48's binary cuts with the MDL-corrected gain
and the split point moved to a training value), e.g. for runs without discretization.

Data conventions: ``X`` is a :class:`pandas.DataFrame` whose nominal columns are
:class:`pandas.Categorical` with the full declared domain in declared order (J48 makes one
branch per declared value, used or not) and whose numeric columns have a numeric dtype;
missing values are NaN. ``y`` is a Categorical :class:`pandas.Series`; ``classes_`` are its
categories in declared order.

Size: the module holds one class, :class:`C45Tree` (~600 lines), whose methods follow Weka's
``ClassifierTree``, ``C45PruneableClassifierTree`` and ``C45Split`` one by one; it is kept in one
piece so that each can be read beside its Weka counterpart. Weka's numerical helpers are in
:mod:`aucacc.learners._j48`.
"""

from __future__ import annotations

import hashlib
import math
from collections import OrderedDict
from numbers import Integral, Real

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, _fit_context
from sklearn.utils._param_validation import Interval
from sklearn.utils.validation import check_is_fitted

# Weka's numerical pieces (tolerant comparisons, entropy terms, addErrs, distributions, the node).
from aucacc.learners._j48 import (_LOG2, _SMALL, _Dist, _dist_one_bag, _dist_split, _eq, _first_max, _gain_ratio, _gr,
                                  _java_decimal, _ln_func, _Node, _seqsum, _sm, _sm_or_eq, add_errs)
from aucacc.learners._input import require_frame

__all__ = ["C45Tree", "C45", "C44", "add_errs"]

#: Grown trees (before collapse and pruning) by a hash of everything growth reads: C4.4 and C4.5
#: grow the same tree on the same training fold (J48's buildTree is the same with or without -U -O;
#: only collapse, pruning and the leaf estimates differ), so the second learner of a fold copies it.
#: A fold's learners run one after the other (cross_validate), so 16 entries cover 10-fold CV.
_GROWN: OrderedDict[bytes, _Node] = OrderedDict()
_GROWN_MAX = 16


class C45Tree(ClassifierMixin, BaseEstimator):
    """C4.5-style decision tree, identical to Weka's ``J48`` (``-B``, ``-R``, ``-J`` not offered).

    Building (``ClassifierTree.buildTree``, ``C45ModelSelection``, ``C45Split``):

    - a node becomes a leaf when its weight is below ``2 * min_instances`` or it is pure
      (within 1e-6);
    - a nominal attribute is a multiway split with one branch per declared value. It is
      admissible when at least two branches receive ``>= min_instances`` weight of the
      instances whose value is known (for nominal attributes Weka uses ``min_instances``
      itself; the ``minSplit`` rule below applies only to numeric splits);
    - a numeric attribute is a binary split ``<= t`` / ``> t``: the known values are
      sorted and every boundary between values more than 1e-5 apart is a candidate if both
      sides weigh ``>= minSplit = 0.1 * known weight / n_classes`` clipped to
      ``[min_instances, 25]`` (none if fewer than ``2 * minSplit`` known instances). The
      first candidate with the largest gain (by more than 1e-6) is taken; its gain is
      reduced by ``log2(#candidates) / node weight`` (MDL correction, dropped if then
      ``<= 0``). ``t`` is the midpoint, then moved down to the largest value ``<= t`` in the
      whole training set (``C45Split.setSplitPoint``);
    - information gain is computed on the known-value instances and multiplied by the
      fraction of known weight; the split information counts the unknowns as an extra
      branch; gain ratio = gain / split information;
    - among admissible splits whose gain is ``>= average gain - 1e-3`` (the average is over
      admissible splits, leaving out nominal attributes with ``>= 0.3 * n_rows`` values
      unless all attributes are nominal and like that), the first attribute with the
      largest gain ratio wins (a later one must be larger by more than 1e-6); no split if
      the best gain ratio is 0;
    - instances with a missing value go down every branch with weight proportional to the
      branch weights (``ClassifierSplitModel.split``; fractions ``<= 1e-6`` are dropped).

    Then ``collapse()`` (``collapse=True``) replaces a subtree by a leaf when that does not
    increase the training error (by more than 1e-3), and pruning (``prune=True``,
    ``C45PruneableClassifierTree.prune``) works bottom-up comparing, with estimated errors
    ``e + add_errs(n, e, cf)`` (:func:`add_errs`): the node as a leaf, the subtree (sum over
    its leaves), and — with subtree raising — its largest branch applied to all of the
    node's instances. A leaf is chosen if no worse than both others + 0.1; otherwise the
    largest branch replaces the node if no worse than the subtree + 0.1, the node's
    instances are re-distributed through it and it is pruned again.

    Prediction (``ClassifierTree.getProbs`` / ``getProbsLaplace``): an instance reaching a
    leaf gets the leaf's relative class frequencies (``laplace=False``) or
    ``(n_k + 1) / (N + C)`` (``laplace=True``). An instance whose branch was empty during
    training (``m_isEmpty``) gets the *parent's* class distribution over all its branches
    (Laplace-corrected if ``laplace``). A missing value at a test sends the instance down
    every non-empty branch with the training branch proportions and sums the results. As in
    Weka, a leaf left with no weight by the re-distribution of subtree raising would keep
    ``m_isEmpty`` false and return an all-zero vector (uniform with ``laplace``); raising only
    adds instances to the raised leaves, so this needs fractional weights below 1e-6 and is
    not seen in practice.

    Parameters
    ----------
    confidence : float, default 0.25
        Pruning confidence factor (``-C``); stored as a Java ``float`` like Weka.
    min_instances : int, default 2
        Minimum weight in at least two branches of a split (``-M``).
    prune : bool, default True
        Pessimistic error pruning (``False`` = ``-U``).
    subtree_raising : bool, default True
        Consider raising the largest branch while pruning (``False`` = ``-S``).
    collapse : bool, default True
        Collapse subtrees that do not reduce the training error before pruning
        (``False`` = ``-O``).
    laplace : bool, default False
        Laplace-corrected leaf probabilities (``-A``).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Class labels (categories of ``y`` in declared order).
    feature_names_in_ : ndarray of shape (n_features,)
        Column names of ``X`` at fit time.
    categories_ : list of pandas.Index or None
        Declared domain of each nominal column (``None`` for a numeric column).
    tree_ : _Node
        Root of the fitted tree.

    Raises
    ------
    sklearn.utils._param_validation.InvalidParameterError
        At ``fit``: a parameter outside ``_parameter_constraints`` (e.g. confidence outside (0, 1)).
    aucacc.exceptions.NotADataFrameError
        ``X`` is not a DataFrame.
    ValueError
        At ``fit``: a column of ``X`` that is neither Categorical nor numeric (the message
        names it), ``y`` not Categorical, length mismatch.
        At ``predict``: missing columns, a column of another kind than at fit time, or
        nominal values outside the fitted domain.
    sklearn.exceptions.NotFittedError
        ``predict``, ``predict_proba`` or the tree's description before ``fit``.

    Notes
    -----
    Deviations from Weka are limited to floating-point rounding: numpy's summation order in
    the entropy terms and a 1-ulp different normal quantile for ``add_errs``. Counts are
    accumulated in Weka's instance order and every decision uses Weka's tolerances, so the
    trees agree except in contrived near-ties (measured: identical trees and probabilities on
    all 18 data sets, ``benchmarks/weka_agreement_c45.py``).

    Numeric attributes are sorted once per fit and each node's sorted order is filtered from its
    parent's (Weka sorts at every node; equal values keep the data order either way, so the
    order is the same), and a node's numeric attributes are searched together with array
    operations; the temporary tables of a search hold at most ``2**18`` (attribute, instance,
    class) cells at a time. Memory of a fit: one copy of the encoded data (column by column: the
    nominal codes in the narrowest integer type, e.g. one byte, and the numeric values as float64);
    the sorted orders (one int32 per numeric attribute and instance) of the nodes waiting to be
    built, whose sizes add up to about the training set's (more when missing values send instances
    down several branches); each inner node's instances (int32 indices, and their weights unless
    all are 1: unit weights are views of one shared array), kept for subtree raising until the fit
    ends (a fitted C4.4 keeps them while it shares the grown tree with the cache), and the tree.
    """

    #: ``predict`` is ``classes_[argmax(predict_proba)]`` (first maximum), so cross-validation
    #: takes the predictions from the probabilities it already has.
    predict_is_argmax_proba = True

    # scikit-learn's parameter validation: fit applies it (_fit_context), and so does
    # aucacc.config.check_learner at start-up.
    _parameter_constraints = {
        "confidence": [Interval(Real, 0, 1, closed="neither")],
        "min_instances": [Interval(Integral, 1, None, closed="left")],
        "prune": ["boolean"], "subtree_raising": ["boolean"], "collapse": ["boolean"], "laplace": ["boolean"],
    }

    def __init__(
        self,
        confidence: float = 0.25,
        min_instances: int = 2,
        prune: bool = True,
        subtree_raising: bool = True,
        collapse: bool = True,
        laplace: bool = False,
    ):
        self.confidence, self.min_instances, self.prune = confidence, min_instances, prune
        self.subtree_raising, self.collapse, self.laplace = subtree_raising, collapse, laplace

    # -- input handling -------------------------------------------------------------------
    @staticmethod
    def _is_numeric(s: pd.Series) -> bool:
        return pd.api.types.is_numeric_dtype(s.dtype) and not pd.api.types.is_bool_dtype(s.dtype)

    def _check_frame(self, X) -> pd.DataFrame:
        require_frame(X, self)
        for c, dt in X.dtypes.items():
            if not (isinstance(dt, pd.CategoricalDtype) or self._is_numeric(X[c])):
                raise ValueError(
                    f"column {c!r} has dtype {dt}; use a pandas Categorical for a nominal "
                    "attribute or a numeric dtype for a numeric one"
                )
        return X

    def _has_numeric(self) -> bool:
        return any(c is None for c in self.categories_)

    def _encode(self, X: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
        """Nominal codes (-1 = missing) and numeric values (NaN = missing), each (n_features, n):
        column by column, as :meth:`_branch_codes` reads them (one column's rows at a time).

        The codes are in the narrowest signed integer type that holds every nominal attribute's
        number of values (int8 for up to 127), the values float64; a fit keeps only this copy of
        the data."""
        X = self._check_frame(X)
        missing = [c for c in self.feature_names_in_ if c not in X.columns]
        if missing:
            raise ValueError(f"X lacks the fitted columns {missing}")
        codes = np.full((len(self.feature_names_in_), len(X)), -1, dtype=_code_dtype(self.categories_))
        # Numeric values are read only in numeric columns: without any, a read-only all-NaN view.
        vals = np.full(codes.shape, np.nan) if self._has_numeric() else np.broadcast_to(np.nan, codes.shape)
        # The columns by position when X has the fitted columns in order (no look-up by name)
        same_order = len(X.columns) == len(self.feature_names_in_) and (X.columns == self.feature_names_in_).all()
        series = [s for _, s in X.items()] if same_order else [X[c] for c in self.feature_names_in_]
        for j, (c, cats, s) in enumerate(zip(self.feature_names_in_, self.categories_, series)):
            if cats is None:
                if not self._is_numeric(s):
                    raise ValueError(f"column {c!r} was numeric at fit time, got dtype {s.dtype}")
                vals[j] = s.to_numpy(dtype=float, na_value=np.nan)
                continue
            if not isinstance(s.dtype, pd.CategoricalDtype):
                raise ValueError(f"column {c!r} was nominal (Categorical) at fit time, got dtype {s.dtype}")
            cat = s.array  # the pandas Categorical: its codes without building a Series
            if cat.categories is cats or cat.categories.equals(cats):
                codes[j] = cat.codes
            else:
                idx = cats.get_indexer(s.cat.categories)
                used = np.unique(s.cat.codes.to_numpy())
                used = used[used >= 0]
                bad = [s.cat.categories[u] for u in used if idx[u] < 0]
                if bad:
                    raise ValueError(f"column {c!r} has values {bad} outside the fitted domain")
                raw = s.cat.codes.to_numpy()
                codes[j] = np.where(raw >= 0, idx[np.maximum(raw, 0)], -1)
        return codes, vals

    # -- fitting --------------------------------------------------------------------------
    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: pd.DataFrame, y: pd.Series, sample_weight=None) -> "C45Tree":
        """Grow (and by default collapse and prune) the tree.

        Parameters
        ----------
        X : pandas.DataFrame of shape (n_samples, n_features)
            Categorical columns (nominal, full declared domains) and/or numeric columns;
            NaN = missing.
        y : pandas.Series of shape (n_samples,)
            Categorical class; rows with a missing class are ignored (but, as in J48, still
            count in the ``0.3 * n_rows`` many-values rule and in the relocation of numeric
            split points).
        sample_weight : array-like of shape (n_samples,), optional
            Instance weights (Weka instance weights); default 1.

        Returns
        -------
        self
        """
        X = self._check_frame(X)
        if not isinstance(y, pd.Series) or not isinstance(y.dtype, pd.CategoricalDtype):
            raise ValueError("y must be a pandas Series with a Categorical dtype")
        if len(y) != len(X):
            raise ValueError(f"X has {len(X)} rows but y has {len(y)}")
        self.classes_ = np.asarray(y.cat.categories)
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        self.categories_ = [dt.categories if isinstance(dt, pd.CategoricalDtype) else None for dt in X.dtypes]
        self.n_features_in_ = X.shape[1]
        codes, vals = self._encode(X)
        ycodes = y.cat.codes.to_numpy().astype(np.intp)
        w = np.ones(len(X)) if sample_weight is None else np.asarray(sample_weight, dtype=float)
        if w.shape != (len(X),) or not np.all(np.isfinite(w)) or (w < 0).any():
            raise ValueError(f"sample_weight must hold {len(X)} finite non-negative weights")
        n_all = len(X)  # J48 hands the full training set (incl. missing class) to C45ModelSelection
        keep = ycodes >= 0
        if keep.all():  # (no copies)
            self._X, self._y, self._F = codes, ycodes, vals
        else:
            self._X, self._y = codes[:, keep], ycodes[keep]
            self._F = vals[:, keep] if self._has_numeric() else np.broadcast_to(np.nan, self._X.shape)
        self._all_F = vals  # for C45Split.setSplitPoint (m_allData)
        self._C = len(self.classes_)
        self._numeric = np.array([c is None for c in self.categories_], dtype=bool)
        self._V = np.array([2 if c is None else len(c) for c in self.categories_], dtype=np.intp)
        self._cf = float(np.float32(self.confidence))  # J48 keeps m_CF as a Java float
        self._m = int(self.min_instances)
        key = self._growth_key(codes, vals, ycodes, w, sample_weight is None)
        grown = _GROWN.get(key)
        if grown is None:
            self._prepare_growth(n_all, w[keep], sample_weight is None)
            # Row indices as int32 (half the memory of the instances each inner node keeps); unit
            # weights as views of one read-only array of ones (_ones), which branches share.
            n = len(self._y)
            rows = np.arange(n, dtype=np.int32 if n < np.iinfo(np.int32).max else np.intp)
            wk = w[keep]
            if n and self._always_unit and len(self._nominal_idx) and not len(self._numeric_idx):
                grown = _GROWN[key] = self._grow_nominal(rows)  # the discretized data: level by level
            else:
                grown = _GROWN[key] = self._build(rows, _ones(n) if (wk == 1.0).all() else wk.copy(), None,
                                                  self._root_order())
            for name in self._GROWTH_STATE:
                self.__dict__.pop(name, None)
            while len(_GROWN) > _GROWN_MAX:
                _GROWN.popitem(last=False)
        else:
            _GROWN.move_to_end(key)
        # The grown tree is never changed: collapse and pruning work on copies of its nodes with a test
        # (they rebind node fields, never change an array) and share its leaves, which pruning replaces
        # rather than changes; a tree neither collapsed nor pruned is shared as it is.
        if self.collapse:
            self.tree_ = self._collapsed_copy(grown)
        elif self.prune:
            self.tree_ = _copy_nodes(grown)
        else:
            self.tree_ = grown  # keeps its nodes' instances (rows) while any learner may still prune it
        if self.prune:
            self._unit_errs: dict[tuple[int, int], float] = {}  # _errors_for_branch_unit's memo
            self._prune(self.tree_)
            del self._unit_errs
        if self.tree_ is not grown:
            self._cleanup(self.tree_)
        del self._X, self._F, self._y, self._all_F
        return self

    #: What :meth:`_prepare_growth` sets for :meth:`_build`, dropped once the tree is grown.
    _GROWTH_STATE = ("_in_average", "_nominal_idx", "_numeric_idx", "_sorted_all", "_vmax", "_row_missing",
                     "_cell_index", "_unit_weights", "_any_nominal_missing", "_always_unit", "_xlnx", "_empty_dist",
                     "_empty_leaf")

    def _prepare_growth(self, n_all: int, w: np.ndarray, unit_default: bool) -> None:
        """The tables :meth:`_build` reads, from the training data (``_X``, ``_F``, ``_y``) and
        their weights ``w``; ``n_all`` counts the rows with a missing class too."""
        # Nominal attributes with >= 0.3 * n_rows values leave the average gain, unless every
        # attribute is like that (C45ModelSelection's multiVal; any numeric one breaks it).
        many = ~(0.3 * n_all - self._V > _SMALL) & ~self._numeric  # not Utils.sm(numValues, 0.3 n)
        self._in_average = np.ones_like(many) if many.all() else ~many
        # The nominal attributes searched for a split: one of a single declared value never has
        # two bags of min_instances (never admissible: no gain, no ratio, not in the average).
        self._nominal_idx = np.flatnonzero(~self._numeric & (self._V >= 2))
        self._numeric_idx = np.flatnonzero(self._numeric)
        # The numeric attributes' sorted known values over all rows, for _relocate_split_point
        # (filled as attributes are chosen).
        self._sorted_all = {}
        if len(self._nominal_idx):
            Vn = self._V[self._nominal_idx]
            self._vmax = int(Vn.max())
            Xn = self._X[self._nominal_idx].T  # (n, n_nominal)
            self._row_missing = (Xn < 0).any(axis=1)
            # (attribute, value, class) cell of each instance and nominal attribute; its bag
            # (attribute * vmax + value) is cell // C. int32 when every cell number fits.
            cells = (np.arange(len(Vn))[None, :] * self._vmax + Xn) * self._C + self._y[:, None]
            self._cell_index = cells.astype(np.int32) if len(Vn) * self._vmax * self._C < 2**31 else cells
            del cells
        # Weights stay 1 down the tree unless a missing value splits an instance into fractions.
        self._unit_weights = unit_default or bool((w == 1.0).all())
        self._any_nominal_missing = bool(len(self._nominal_idx)) and bool(self._row_missing.any())
        nominal_X = self._X[~self._numeric] if self._numeric.any() else self._X  # (no copy if all nominal)
        any_missing = bool((nominal_X < 0).any())  # in any nominal attribute
        numeric_missing = any(bool(np.isnan(self._F[j]).any()) for j in self._numeric_idx.tolist())
        self._always_unit = self._unit_weights and not any_missing and not numeric_missing
        if self._unit_weights:
            # x ln x of every count a node can have: with unit weights the split search's sums are
            # counts, and np.log is element-wise, so a look-up gives the very terms of _ln_func.
            self._xlnx = _ln_func(np.arange(len(self._y) + 1, dtype=float))
        # The distribution of every empty branch, shared: distributions are never changed.
        self._empty_dist = _dist_one_bag(None, np.zeros(0), self._C)
        # The leaf of every empty branch of the grown tree, shared likewise: leaves are never changed.
        self._empty_leaf = _Node(None, self._empty_dist, None, None, True)

    def _growth_key(self, codes, vals, ycodes, w, unit_default: bool) -> bytes:
        """Hash of every input of :meth:`_build`: the data (all rows, as ``_all_F`` is read too),
        weights, attribute kinds and domain sizes, classes and ``min_instances``."""
        h = hashlib.blake2b(digest_size=20)
        # The codes are in the narrowest integer type that holds them (_encode): hashing a large table
        # costs as much as growing a small tree. The arrays are hashed in place (no copy of their bytes).
        for a in (codes, vals if self._has_numeric() else np.zeros(0), ycodes, w, self._V, self._numeric):
            a = np.ascontiguousarray(a)
            h.update(str((a.dtype.str, a.shape)).encode())
            h.update(a.reshape(-1).view(np.uint8) if a.size else b"")
        h.update(repr((self._m, self._C, unit_default)).encode())
        return h.digest()

    def _nominal_candidates(self, rows: np.ndarray, wts: np.ndarray, y: np.ndarray, sum_w: float):
        """Admissibility, gain and gain ratio of every nominal attribute (``C45Split``), vectorised.

        Also returns the integer class counts per (attribute, value) and per class when the
        weights are 1 and no value is missing (else ``None``), from which :meth:`_select` builds
        the chosen split's distribution.
        """
        C, m = self._C, self._m
        d = len(self._nominal_idx)
        vmax = self._vmax
        no_missing = not self._any_nominal_missing or not self._row_missing[rows].any()
        if no_missing and (self._always_unit or (self._unit_weights and (wts == 1.0).all())):
            # Unit weights, every value known: every sum is a count, exact in any order, so integer
            # bincounts give the very doubles of Weka's instance-by-instance float sums, and their
            # x ln x terms are looked up (_xlnx). Raveling keeps each attribute's instances in order.
            cells = self._cell_index[rows].ravel()
            n_pcb = all_pcb = np.bincount(cells, minlength=d * vmax * C).reshape(d, vmax, C)
            n_bag = all_bag = np.bincount(cells // C, minlength=d * vmax).reshape(d, vmax)
            # Distribution.check: >= 2 bags with >= minNoObj (``m - count < 1e-6`` for integers)
            ok = (n_bag >= m).sum(axis=1) > 1
            gain_all, ratio_all = np.zeros(d), np.zeros(d)
            if not ok.any():  # no admissible split: gains and ratios are not looked at
                return ok, gain_all, ratio_all, None
            if not ok.all():
                # Only the admissible attributes: every sum below is within one attribute's row.
                idx = np.flatnonzero(ok)
                n_pcb, n_bag = n_pcb[idx], n_bag[idx]
            xlnx = self._xlnx
            n_pc = np.bincount(y, minlength=C)
            ln_pc = xlnx[n_pc][None, :]  # the same for every attribute
            n_ok = len(n_bag)
            ln_sum = xlnx[len(rows):len(rows) + 1]  # sum_w is the count of rows
            gain, ratio = self._gains_and_ratios(xlnx[n_pcb], xlnx[n_bag], ln_pc, np.full(n_ok, sum_w),
                                                 np.full(n_ok, ln_sum[0]), np.zeros(n_ok), ln_sum, sum_w)
            gain_all[ok], ratio_all[ok] = gain, ratio
            return ok, gain_all, ratio_all, (all_pcb, all_bag, n_pc)
        if no_missing:
            cells = self._cell_index[rows]  # (attribute * vmax + value code) * C + class
            bags = cells // C
            kw = np.repeat(wts, d)
            pcb = np.bincount(cells.ravel(), weights=kw, minlength=d * vmax * C)
            pcb = pcb.reshape(d, vmax, C)
            per_bag = np.bincount(bags.ravel(), weights=kw, minlength=d * vmax).reshape(d, vmax)
            per_class = np.bincount(y, weights=wts, minlength=C)  # the same for every attribute
            tot = np.full(d, sum_w)
        else:
            codes = self._X[np.ix_(self._nominal_idx, rows)].T.astype(np.intp)  # (rows, attributes)
            ii, aa = np.nonzero(codes >= 0)  # row-major: per attribute, instances stay in data order
            kc, ky, kw = codes[ii, aa], y[ii], wts[ii]
            pcb = np.bincount((aa * vmax + kc) * C + ky, weights=kw, minlength=d * vmax * C).reshape(d, vmax, C)
            per_bag = np.bincount(aa * vmax + kc, weights=kw, minlength=d * vmax).reshape(d, vmax)
            per_class = np.bincount(aa * C + ky, weights=kw, minlength=d * C).reshape(d, C)
            tot = np.bincount(aa, weights=kw, minlength=d)
        # Distribution.check: >= 2 bags with >= minNoObj (a value past an attribute's domain has
        # none: min_instances >= 1)
        ok = (m - per_bag < _SMALL).sum(axis=1) > 1
        gain_all, ratio_all = np.zeros(d), np.zeros(d)
        if not ok.any():  # no admissible split: gains and ratios are not looked at
            return ok, gain_all, ratio_all, None
        if not ok.all():
            # Only the admissible attributes: every sum below is within one attribute's row.
            idx = np.flatnonzero(ok)
            d = len(idx)
            pcb, per_bag, tot = pcb[idx], per_bag[idx], tot[idx]
            if per_class.ndim == 2:
                per_class = per_class[idx]
        # Every x ln x term in one call: np.log is element-wise (a value's log does not depend on
        # where it sits in the array), so the terms are those of one call per table.
        # per_class is one row when it is the same for every attribute: its sum is then the same
        # number for each (a row's sum does not depend on the rows beside it).
        nc, nv, npc = d * vmax * C, d * vmax, per_class.size
        ln = _ln_func(np.concatenate((pcb.ravel(), per_bag.ravel(), per_class.ravel(), tot, sum_w - tot, [sum_w])))
        gain, ratio = self._gains_and_ratios(
            ln[:nc].reshape(d, vmax, C), ln[nc:nc + nv].reshape(d, vmax), ln[nc + nv:nc + nv + npc].reshape(-1, C),
            tot, ln[-2 * d - 1:-d - 1], ln[-d - 1:-1], ln[-1:], sum_w)
        gain_all[ok], ratio_all[ok] = gain, ratio
        return ok, gain_all, ratio_all, None

    @staticmethod
    def _gains_and_ratios(ln_pcb: np.ndarray, ln_bag: np.ndarray, ln_pc: np.ndarray, tot: np.ndarray,
                          ln_tot: np.ndarray, ln_unknown: np.ndarray, ln_sum: np.ndarray, sum_w: float):
        """Gain and gain ratio of each nominal attribute from the x ln x terms of its class counts
        per bag ``ln_pcb`` (d, vmax, C), bag weights ``ln_bag`` (d, vmax), class weights ``ln_pc``
        (d or 1, C), known weight ``ln_tot`` and unknown weight ``ln_unknown`` (d,) and the node's
        weight ``ln_sum`` (1,); ``tot`` is the known weight, ``sum_w`` the node's weight."""
        # InfoGainSplitCrit.splitCritValue(bags, totalNoInst)
        old_ent = (ln_tot - ln_pc.sum(axis=1)) / _LOG2
        new_ent = -(ln_pcb.sum(axis=2) - ln_bag).sum(axis=1) / _LOG2
        num = (1 - (sum_w - tot) / sum_w) * (old_ent - new_ent)
        # num / tot where |num| >= 1e-6, else 0 (a masked division: no 0/0 to silence)
        gain = np.divide(num, tot, out=np.zeros_like(num), where=~(np.abs(num) < _SMALL))
        return gain, _gain_ratio(None, tot, sum_w, gain, (ln_bag, ln_unknown, ln_sum))

    #: Bound of the temporary (attributes x instances) tables of :meth:`_numeric_candidates`, in
    #: elements: a node's numeric attributes are searched together, in groups of at most this size.
    _CHUNK = 1 << 18

    def _numeric_candidates(self, rows: np.ndarray, wts: np.ndarray, y: np.ndarray, sum_w: float,
                            order: tuple[np.ndarray, np.ndarray]):
        """``C45Split.handleNumericAttribute`` for every numeric attribute: best binary cut ``<= t``.

        ``order`` is ``(S, n_known)``: ``S`` (n_numeric, n_rows) holds, per numeric attribute, the
        positions in ``rows`` sorted by the attribute's value (equal values in data order, missing
        values last) and ``n_known`` (n_numeric,) the number of known values; see
        :meth:`_child_orders`. Every attribute's candidates are searched as in Weka's one-by-one
        scan: class weights accumulated in sorted order, the cuts between values more than 1e-5
        apart whose both sides weigh ``>= minSplit``, the first with the largest gain (by more
        than 1e-6). Returns ``ok``, ``gain`` (with the MDL correction ``log2(#admissible cuts) /
        weight``), ``gain_ratio`` and the split point (before relocation), each (n_numeric,).
        """
        S, nk = order
        A, n = S.shape
        ok, gain, ratio, split = np.zeros(A, dtype=bool), np.zeros(A), np.zeros(A), np.zeros(A)
        step = max(1, self._CHUNK // max(n * self._C, 1))
        for a0 in range(0, A, step):
            a1 = min(A, a0 + step)
            self._numeric_group(rows, wts, y, sum_w, S[a0:a1], nk[a0:a1], self._numeric_idx[a0:a1],
                                ok[a0:a1], gain[a0:a1], ratio[a0:a1], split[a0:a1])
        return ok, gain, ratio, split

    def _numeric_group(self, rows, wts, y, sum_w, S, nk, atts, ok, gain_out, ratio_out, split_out) -> None:
        """:meth:`_numeric_candidates` for the attributes ``atts``; writes into the last four arrays."""
        C, m = self._C, self._m
        k, n = S.shape
        ar = np.arange(k)
        ws, ys = wts[S], y[S]  # (k, n) in each attribute's sorted order
        vs = self._F[atts[:, None], rows[S]]
        # With unit weights every sum below is a count: exact in any order, so integer counts give
        # the very doubles of Weka's sums in sorted order, and their x ln x terms are looked up.
        unit = self._always_unit or (self._unit_weights and bool((wts == 1.0).all()))
        # Sums accumulated in sorted order, one instance at a time (Distribution.shiftRange): the
        # prefix sums of the known values; the missing ones, last, are never read.
        cum_w = None if unit else np.cumsum(ws, axis=1)
        last = np.maximum(nk - 1, 0)
        if unit:
            total = nk.astype(float)
        else:
            total = np.where(nk > 0, cum_w[ar, last], 0.0)  # known weight (_seqsum of the known ones)
        min_split = 0.1 * total / C
        min_split = np.where(min_split - m < _SMALL, float(m), np.where(min_split - 25 > _SMALL, 25.0, min_split))
        searched = ~(2 * min_split - nk > _SMALL)  # not Utils.sm(n_known, 2 * minSplit)
        # Cut after sorted position i: values more than 1e-5 apart (NaN, the missing ones, never)
        cut = vs[:, :-1] + 1e-5 < vs[:, 1:]
        cut &= searched[:, None]
        ca, ci = np.nonzero(cut)  # attribute by attribute, each attribute's cuts in sorted order
        del cut
        if len(ca) == 0:
            return
        # Admissible cuts: both sides weigh >= minSplit
        left_bag = (ci + 1).astype(float) if unit else cum_w[ca, ci]
        tot = total[ca]
        right_bag = tot - left_bag
        ms = min_split[ca]
        valid = (ms - left_bag < _SMALL) & (ms - right_bag < _SMALL)
        ca, ci, left_bag, right_bag, tot = ca[valid], ci[valid], left_bag[valid], right_bag[valid], tot[valid]
        if len(ca) == 0:
            return
        n_index = np.bincount(ca, minlength=k)
        if unit:
            # Class counts up to each admissible cut: counts per segment between cuts (each
            # attribute's row starts a segment), summed up within the row.
            starts = np.zeros(k * n, dtype=np.intp)
            starts[ca * n + ci + 1] = 1
            starts[np.arange(1, k) * n] = 1
            seg = np.cumsum(starts)
            del starts
            n_seg = len(ca) + k
            counts = np.bincount(seg * C + ys.ravel(), minlength=n_seg * C).reshape(n_seg, C)
            known = np.arange(n)[None, :] < nk[:, None]
            # segments of the missing values (at each row's end) do not count in per_class
            counts_known = counts if bool(known.all()) else np.bincount(
                seg[known.ravel()] * C + ys[known], minlength=n_seg * C).reshape(n_seg, C)
            del seg
            cum = np.cumsum(counts_known, axis=0)
            del counts, counts_known  # (the (cuts, classes) tables are freed as soon as read)
            first_seg = np.concatenate(([0], np.cumsum(n_index + 1)[:-1]))  # each row's first segment
            base = np.where(first_seg[:, None] > 0, cum[np.maximum(first_seg - 1, 0)], 0)  # (k, C)
            per_class_i = cum[first_seg + n_index] - base
            # the t-th admissible cut of row a closes segment first_seg[a] + t
            t = np.arange(len(ca)) - np.concatenate(([0], np.cumsum(n_index)[:-1]))[ca]
            left_i = cum[first_seg[ca] + t] - base[ca]
            del cum
            right_i = per_class_i[ca] - left_i
            xlnx = self._xlnx
            per_class = per_class_i.astype(float)
            ln_pc, ln_total = xlnx[per_class_i], xlnx[nk]
            sum_left = xlnx[left_i].sum(axis=1)
            del left_i
            sum_right = xlnx[right_i].sum(axis=1)
            del right_i
            ln_lb, ln_rb = xlnx[ci + 1], xlnx[nk[ca] - ci - 1]
        else:
            # class weights accumulated in sorted order, all classes at once: (k, n, C)
            onehot = np.zeros((k * n, C))
            onehot[np.arange(k * n), ys.ravel()] = ws.ravel()
            cum = np.cumsum(onehot.reshape(k, n, C), axis=1)
            del onehot
            per_class, left = cum[ar, last], cum[ca, ci]  # (k, C) and (n_cuts, C)
            del cum
            right = per_class[ca] - left
            ln_pc, ln_total = _ln_func(per_class), _ln_func(total)
            sum_left, sum_right = _ln_func(left).sum(axis=1), _ln_func(right).sum(axis=1)
            del left, right
            ln_lb, ln_rb = _ln_func(left_bag), _ln_func(right_bag)
        del ys
        default_ent = (ln_total - ln_pc.sum(axis=1)) / _LOG2
        new_ent = -((sum_left - ln_lb) + (sum_right - ln_rb)) / _LOG2
        num = (1 - (sum_w - tot) / sum_w) * (default_ent[ca] - new_ent)
        gains = np.where(np.abs(num) < _SMALL, 0.0, num / tot)
        G = np.full((k, max(n - 1, 0)), -np.inf)  # the admissible cuts' gains by sorted position
        G[ca, ci] = gains
        del ca, ci, num, gains
        split_index, best = self._first_best(G)
        has = split_index >= 0
        if not has.any():
            return
        a_c, i_c = np.flatnonzero(has), split_index[has]
        # MDL correction (J48 default): log2 of the number of admissible cuts (math.log2, as Java)
        g = best[has] - np.array([math.log2(x) for x in n_index[a_c].tolist()]) / sum_w
        keep = ~(g - 0 < _SMALL)  # not Utils.smOrEq(gain, 0)
        if not keep.any():
            return
        a_c, i_c, g = a_c[keep], i_c[keep], g[keep]
        v0, v1 = vs[a_c, i_c], vs[a_c, i_c + 1]
        sp = (v1 + v0) / 2
        split_out[a_c] = np.where(sp == v1, v0, sp)  # numerical precision: take the smaller value
        # The chosen cut's distribution rebuilt (Distribution.addRange, in order): the weight on the
        # left is the prefix sum, the one on the right summed again from the cut on (zeros before it).
        if unit:
            bags = np.stack(((i_c + 1).astype(float), (nk[a_c] - i_c - 1).astype(float)), axis=1)
        else:
            W = np.where(np.arange(n)[None, :] > i_c[:, None], ws[a_c], 0.0)
            right_w = np.cumsum(W, axis=1)[np.arange(len(a_c)), last[a_c]]
            bags = np.stack((cum_w[a_c, i_c], right_w), axis=1)
        ok[a_c] = True
        gain_out[a_c] = g
        ratio_out[a_c] = _gain_ratio(bags, bags[:, 0] + bags[:, 1], sum_w, g)

    @staticmethod
    def _first_best(G: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Weka's scan of the cuts (``C45Split.handleNumericAttribute``) for each row of ``G``
        (gains by position, ``-inf`` = not an admissible cut): the position of the first cut whose
        gain beats the best so far by more than 1e-6, starting from 0, and its gain; -1 and 0 if none.

        Such a cut has a larger gain than every earlier one (an earlier larger gain was taken, or
        was within 1e-6 of the best then, which only grew), so the scan's last pick is the first
        position of the row's maximum ``P`` when the next largest earlier gain is more than 1e-6
        below ``P`` (and ``P > 1e-6``); otherwise the row's running maxima are scanned in order.
        """
        k = G.shape[0]
        split_index, best = np.full(k, -1), np.zeros(k)
        if G.shape[1] == 0:
            return split_index, best
        run = np.maximum.accumulate(G, axis=1)
        P = run[:, -1]
        top = np.argmax(G, axis=1)  # the first position of the maximum
        before = np.where(top > 0, run[np.arange(k), np.maximum(top - 1, 0)], -np.inf)
        any_pick = P - 0.0 > _SMALL
        clear = any_pick.copy()
        clear[any_pick] = P[any_pick] - before[any_pick] > _SMALL  # (no -inf - -inf)
        split_index[clear], best[clear] = top[clear], P[clear]
        for a in np.flatnonzero(any_pick & ~clear).tolist():
            row, r = G[a], run[a]
            pos = np.flatnonzero(np.concatenate(([True], row[1:] > r[:-1])) & (row > -np.inf))
            b, s = 0.0, -1
            for i, v in zip(pos.tolist(), row[pos].tolist()):
                if v - b > _SMALL:
                    b, s = v, i
            split_index[a], best[a] = s, b
        return split_index, best

    def _child_orders(self, order: tuple[np.ndarray, np.ndarray], parts_sel: list[np.ndarray | None]):
        """The sorted orders (:meth:`_numeric_candidates`) of a node's branches, from the node's.

        ``parts_sel[j]`` marks the node's rows that branch ``j`` receives (``None``: none). A
        branch's rows keep the node's order, so filtering each attribute's sorted positions and
        renumbering them gives the branch's sorted positions without sorting again (Weka's J48
        sorts at every node; the result is the same order).
        """
        S, nk = order
        A, n = S.shape
        known = np.arange(n)[None, :] < nk[:, None]
        out = []
        for sel in parts_sel:
            if sel is None:
                out.append(None)
                continue
            newpos = (np.cumsum(sel) - 1).astype(S.dtype)
            keep = sel[S]
            out.append((newpos[S[keep]].reshape(A, -1), (keep & known).sum(axis=1)))
        return out

    def _relocate_split_point(self, att: int, sp: float) -> float:
        """``C45Split.setSplitPoint``: the largest training value ``<= sp`` (exact comparisons).

        Weka scans the rows in data order and keeps a value only if it is larger, so of equal
        values (only 0.0 and -0.0 differ then) the first in data order is returned.
        """
        s = self._sorted_all.get(att)
        if s is None:  # the attribute's known values over all training rows, sorted once (stable)
            col = self._all_F[att]
            col = col[~np.isnan(col)]
            s = self._sorted_all[att] = col[np.argsort(col, kind="stable")]
        j = int(np.searchsorted(s, sp, side="right")) - 1
        return float(s[np.searchsorted(s, s[j], side="left")])

    def _select(self, rows: np.ndarray, wts: np.ndarray, check: _Dist | None = None, order=None):
        """``C45ModelSelection.selectModel``: ``(att, split_point, distribution)``; att None = leaf.

        ``check`` is the one-bag distribution of (rows, wts) when the caller has it; ``order`` the
        numeric attributes' sorted orders (:meth:`_numeric_candidates`), ``None`` if there are none.
        """
        C, m = self._C, self._m
        y = self._y[rows]
        if check is None:
            check = _dist_one_bag(y, wts, C)
        if _sm(check.total, 2 * m) or _eq(check.total, check.per_class[check.max_class()]):
            return None, None, check
        d = len(self._V)
        if d == 0:
            return None, None, check
        sum_w = check.total  # the weights summed in order (_seqsum)
        split_points: dict[int, float] = {}
        counts = None
        if len(self._nominal_idx) == d:  # every attribute nominal (the discretized data)
            ok, gain, ratio, counts = self._nominal_candidates(rows, wts, y, sum_w)
        else:
            ok, gain, ratio = np.zeros(d, dtype=bool), np.zeros(d), np.zeros(d)
            if len(self._nominal_idx):
                nom = self._nominal_idx
                ok[nom], gain[nom], ratio[nom], counts = self._nominal_candidates(rows, wts, y, sum_w)
            num = self._numeric_idx
            if len(num):
                ok[num], gain[num], ratio[num], sp_num = self._numeric_candidates(rows, wts, y, sum_w, order)
                split_points = dict(zip(num.tolist(), sp_num.tolist()))

        # Average gain of the admissible splits, summed in attribute order (cumsum is sequential).
        in_avg = ok & self._in_average
        n_valid = int(np.count_nonzero(in_avg))
        if n_valid == 0:
            return None, None, check
        avg = float(np.cumsum(gain[in_avg])[-1]) / n_valid
        # The first attribute whose gain ratio beats the best so far by more than 1e-6, among
        # those with at least the average gain (Python floats: the same doubles, a faster loop).
        cand = np.flatnonzero(ok & (gain >= avg - 1e-3))
        best, best_ratio = -1, 0.0
        for a, r in zip(cand.tolist(), ratio[cand].tolist()):
            if _gr(r, best_ratio):
                best, best_ratio = a, r
        if _eq(best_ratio, 0):
            return None, None, check
        sp = split_points.get(best)
        n_values = int(self._V[best])
        if sp is None and counts is not None:
            # Unit weights, no missing value: the split search's counts are the very doubles that
            # _dist_split would sum one by one.
            j = int(np.searchsorted(self._nominal_idx, best))
            pcb, per_bag, per_class = (counts[0][j, :n_values].astype(float), counts[1][j, :n_values].astype(float),
                                       counts[2].astype(float))
            return best, None, _Dist(pcb, per_bag, per_class, sum_w)
        # distribution with the cut before relocation (Weka relocates after building it)
        dist = _dist_split(self._branch_codes(best, sp, rows), y, wts, n_values, C)
        if sp is not None:
            sp = self._relocate_split_point(best, sp)
        return best, sp, dist

    def _branch_codes(self, att: int, sp: float | None, rows: np.ndarray, codes=None, vals=None) -> np.ndarray:
        """Branch of each instance at a test (``whichSubset``): value code, or 0 for
        ``value <= sp`` (exact comparison in Weka 3.9) and 1 above; -1 if missing.

        ``codes`` and ``vals`` are column by column (:meth:`_encode`); default: the training data.
        The result is an intp array whatever the codes' type (callers compute cell numbers from it)."""
        if sp is None:
            return (self._X if codes is None else codes)[att][rows].astype(np.intp)
        v = (self._F if vals is None else vals)[att][rows]
        out = np.where(v <= sp, 0, 1)
        out[np.isnan(v)] = -1
        return out

    def _split(self, codes: np.ndarray, n_bags: int, rows: np.ndarray, wts: np.ndarray,
               dist: _Dist | None = None):
        """``ClassifierSplitModel.split``: per-branch (rows, weights), data order kept.

        ``codes`` are the instances' branches at the test (:meth:`_branch_codes`, -1 = missing);
        ``dist``, the test's distribution, is needed only when a value is missing (its bag
        weights share such an instance out over the branches).
        """
        miss = codes < 0
        if not miss.any():
            # one stable sort instead of a mask per branch: each branch keeps the data order
            order = np.argsort(codes, kind="stable")
            # unit weights (views of _ones) stay views: any order of ones is the same array
            r, w = rows[order], (_ones(len(order)) if _is_ones(wts) else wts[order])
            ends = np.cumsum(np.bincount(codes, minlength=n_bags)).tolist()
            none = (r[:0], w[:0])  # one pair of empty arrays for every empty branch
            return [(r[a:b], w[a:b]) if a < b else none for a, b in zip([0] + ends[:-1], ends)]
        frac = dist.per_bag / dist.total
        out = []
        for j in range(n_bags):
            sel = (codes == j) | (miss & (frac[j] > _SMALL))
            out.append((rows[sel], np.where(miss, frac[j] * wts, wts)[sel]))
        return out

    def _root_order(self) -> tuple[np.ndarray, np.ndarray] | None:
        """The sorted orders of the training set (:meth:`_numeric_candidates`), sorted once per fit;
        ``None`` without numeric attributes."""
        if not len(self._numeric_idx):
            return None
        # stable: equal values in data order; NaN (missing) last
        dtype = np.int32 if len(self._y) < np.iinfo(np.int32).max else np.intp
        # one attribute at a time: no (n_numeric, n) temporaries besides the result
        S = np.empty((len(self._numeric_idx), len(self._y)), dtype=dtype)
        nk = np.empty(len(self._numeric_idx), dtype=np.intp)
        for i, j in enumerate(self._numeric_idx.tolist()):
            S[i] = np.argsort(self._F[j], kind="stable")
            nk[i] = np.count_nonzero(~np.isnan(self._F[j]))
        return S, nk

    #: Bound of the (nodes x attributes x values x classes) count tables of :meth:`_grow_nominal`,
    #: in cells: a level's nodes are searched together, in groups of at most this size.
    _CHUNK_NOMINAL = 1 << 20

    def _grow_nominal(self, rows: np.ndarray) -> _Node:
        """:meth:`_build` from the root for nominal attributes only, unit weights and no missing
        value (``_always_unit``, e.g. the discretized data): the same tree, grown level by level.

        All nodes of a level are searched together with array operations (``C45Split`` and
        ``C45ModelSelection`` as in :meth:`_nominal_candidates` and :meth:`_select`), so the cost of a
        level is a fixed number of array operations instead of that number per node. Every sum is a
        count (integers, exact in any order); the entropy terms are looked up (``_xlnx``) and combined
        element by element, each node's sums over classes, values and attributes reduced along the
        same (last) axis and in the same order as the node-by-node search, so the gains, gain ratios,
        average gains and choices are the very doubles of :meth:`_select`. A level's rows are kept
        grouped by node, each node's rows in data order (stable partitions), as :meth:`_split` keeps them.
        """
        C, m = self._C, self._m
        nom = self._nominal_idx
        d, dn, vmax = len(self._V), len(nom), self._vmax
        cell = dn * vmax * C  # the cells of one node's table
        y, xlnx, codes_all = self._y, self._xlnx, self._X
        pos = np.full(d, -1)
        pos[nom] = np.arange(dn)  # an attribute's position among the nominal ones searched
        n = len(rows)
        R = rows  # the level's rows, grouped by node
        sizes = np.array([n], dtype=np.intp)  # rows (= weight) of each node of the level
        pc = np.bincount(y, minlength=C)[None, :]  # class counts of each node (int)
        # where each node of the level goes: None for the root, else (parent, parent's distribution, branch)
        slots: list = [None]
        root = None
        step = max(1, self._CHUNK_NOMINAL // max(cell, 1))
        while len(sizes):
            N = len(sizes)
            ends = np.cumsum(sizes)
            starts = ends - sizes
            # _select's leaf tests on counts: Utils.sm(total, 2m), or the total equal to the largest class count
            leaf = (sizes < 2 * m) | (pc.max(axis=1) == sizes)
            cand = np.flatnonzero(~leaf)
            nid = np.repeat(np.arange(N), sizes)  # the node of each row of R
            found: list = []  # per group of nodes: (nodes that split, attribute, class counts per value, counts per value)
            if len(cand):
                keep = ~leaf[nid]
                Rc, csz = R[keep], sizes[cand]
                cend = np.cumsum(csz)
                local = np.repeat(np.arange(len(cand)), csz)
                for g0 in range(0, len(cand), step):
                    g1 = min(len(cand), g0 + step)
                    a, b = (int(cend[g0 - 1]) if g0 else 0), int(cend[g1 - 1])
                    self._nominal_level(cand[g0:g1], Rc[a:b], local[a:b] - g0, sizes, pc, cell, pos, found)
            # The nodes that split (in level order), their attributes and integer counts: (S,), (S,),
            # (S, vmax, C), (S, vmax); converted to doubles once for the level (each node's arrays are views).
            sidx = np.concatenate([f[0] for f in found]) if found else np.zeros(0, dtype=np.intp)
            satt = np.concatenate([f[1] for f in found]) if found else np.zeros(0, dtype=np.intp)
            spcb = np.concatenate([f[2] for f in found]) if found else np.zeros((0, vmax, C), dtype=np.intp)
            sbag = np.concatenate([f[3] for f in found]) if found else np.zeros((0, vmax), dtype=np.intp)
            del found
            atts = np.full(N, -1)
            nv_of = np.zeros(N, dtype=np.intp)
            atts[sidx], nv_of[sidx] = satt, self._V[satt]
            s_of = np.full(N, -1)
            s_of[sidx] = np.arange(len(sidx))
            spcb_f, sbag_f, pc_f = spcb.astype(float), sbag.astype(float), pc.astype(float)
            # Each node's majority class (Distribution.maxClass, which collapse and pruning ask for at every
            # node): its class counts are integers and at least one is > 0, so _first_max's scan stops at the
            # first largest count, np.argmax's answer. One array operation for the level, not a scan per node.
            major = pc.argmax(axis=1).tolist()
            s_of_l, satt_l, nv_l = s_of.tolist(), satt.tolist(), nv_of[sidx].tolist()
            sizes_l, starts_l, ends_l = sizes.tolist(), starts.tolist(), ends.tolist()
            parents: list = [None] * len(sidx)  # (node, distribution) of each node that splits
            for i in range(N):
                slot = slots[i]
                si = s_of_l[i]
                if si >= 0:
                    nv = nv_l[si]
                    dist = _Dist(spcb_f[si, :nv], sbag_f[si, :nv], pc_f[i], float(sizes_l[i]))
                    node = _Node(satt_l[si], dist, None, None, False, R[starts_l[i]:ends_l[i]], _ones(sizes_l[i]))
                    node.children = [self._empty_leaf] * nv
                    parents[si] = (node, dist)
                else:  # the node's one-bag distribution: the root's, or its bag of the parent's split
                    dist = _dist_one_bag(y[R], _ones(n), C) if slot is None else slot[1].bag(slot[2])
                    node = _Node(None, dist, None, None, _eq(dist.total, 0))
                dist._max_class = major[i]
                if slot is None:
                    root = node
                else:
                    slot[0].children[slot[2]] = node
            if not len(sidx):
                break
            # The next level: the split nodes' rows by (node, branch), each branch in data order.
            an = atts[nid]
            sel = an >= 0
            Rs, ns = R[sel], nid[sel]
            base = np.cumsum(nv_of) - nv_of  # each split node's first branch
            key = base[ns] + codes_all[an[sel], Rs]
            order = np.argsort(key, kind="stable")
            R = Rs[order]
            child_sizes = np.bincount(key, minlength=int(nv_of.sum()))
            sizes = child_sizes[child_sizes > 0]
            # the branches with instances, by node then value: the next level's nodes, in the order of sizes
            bs, bv = np.nonzero(sbag > 0)
            pc = spcb[bs, bv]
            slots = [(*parents[i], v) for i, v in zip(bs.tolist(), bv.tolist())]
            assert len(sizes) == len(slots)
        return root

    def _nominal_level(self, nodes: np.ndarray, rows: np.ndarray, local: np.ndarray, sizes: np.ndarray,
                       pc: np.ndarray, cell: int, pos: np.ndarray, found: list) -> None:
        """The split search of :meth:`_grow_nominal` for a group of a level's ``nodes``: ``rows`` are
        their rows (grouped by node), ``local`` the position in ``nodes`` of each row's node. Appends to
        ``found`` the nodes that split, their attributes, and their class counts per value (S, vmax, C)
        and counts per value (S, vmax) at that attribute (integers; values past its own count are 0)."""
        C, m, vmax = self._C, self._m, self._vmax
        nom, d = self._nominal_idx, len(self._V)
        dn, g = len(nom), len(nodes)
        xlnx = self._xlnx
        cells = self._cell_index[rows] + (local * cell)[:, None]
        n_pcb = np.bincount(cells.ravel(), minlength=g * cell).reshape(g, dn, vmax, C)
        del cells
        n_bag = n_pcb.sum(axis=3)  # counts: exact
        # Distribution.check: >= 2 bags with >= minNoObj
        ok = (n_bag >= m).sum(axis=2) > 1  # (g, dn)
        tot_i = sizes[nodes]
        sum_w = tot_i.astype(float)[:, None]  # the node's weight, (g, 1)
        ln_sum = xlnx[tot_i][:, None]
        tot = np.broadcast_to(sum_w, ok.shape)  # the known weight: every value is known
        ln_bag = xlnx[n_bag]
        # _gains_and_ratios, every node at once
        old_ent = (ln_sum - xlnx[pc[nodes]].sum(axis=1)[:, None]) / _LOG2
        new_ent = -(xlnx[n_pcb].sum(axis=3) - ln_bag).sum(axis=2) / _LOG2
        num = (1 - (sum_w - tot) / sum_w) * (old_ent - new_ent)
        gain = np.divide(num, tot, out=np.zeros(num.shape), where=~(np.abs(num) < _SMALL))
        # _gain_ratio (no unknown weight)
        split_ent = (-ln_bag.sum(axis=2) - 0.0 + ln_sum) / _LOG2
        split_ent = np.where(tot > _SMALL, split_ent, 0.0)
        ratio = np.divide(gain, split_ent / sum_w, out=np.zeros(split_ent.shape), where=~(np.abs(split_ent) < _SMALL))
        # _select: the admissible attributes' average gain (summed in attribute order; adding the others'
        # zeros changes no sum), then the first attribute whose ratio beats the best by more than 1e-6
        ok_all = np.zeros((g, d), dtype=bool)
        gain_all, ratio_all = np.zeros((g, d)), np.zeros((g, d))
        ok_all[:, nom] = ok
        gain_all[:, nom] = np.where(ok, gain, 0.0)
        ratio_all[:, nom] = np.where(ok, ratio, 0.0)
        in_avg = ok_all & self._in_average
        n_valid = in_avg.sum(axis=1)
        avg = np.cumsum(np.where(in_avg, gain_all, 0.0), axis=1)[:, -1] / np.maximum(n_valid, 1)
        G = np.where(ok_all & (gain_all >= (avg - 1e-3)[:, None]), ratio_all, -np.inf)
        best, _ = self._first_best(G)
        best[n_valid == 0] = -1
        sel = np.flatnonzero(best >= 0)
        if len(sel):
            att = best[sel]
            j = pos[att]
            found.append((nodes[sel], att, n_pcb[sel, j], n_bag[sel, j]))

    def _build(self, rows: np.ndarray, wts: np.ndarray, check: _Dist | None = None, order=None) -> _Node:
        """``ClassifierTree.buildTree`` (keeping the data for subtree raising); ``check`` and ``order``
        as in :meth:`_select`."""
        if len(rows) == 0:  # an empty branch (most branches of a many-valued attribute)
            return self._empty_leaf
        att, sp, dist = self._select(rows, wts, check, order)
        if att is None:  # dist is the node's one-bag distribution, its total the weights' sum
            return _Node(None, dist, None, None, _eq(dist.total, 0))
        # Only pruning (subtree raising) needs a node's instances again; they are kept in any case, as
        # a grown tree can serve a pruned learner later (_GROWN), and dropped after fit (_cleanup).
        node = _Node(att, dist, sp, None, False, rows, wts)
        codes = self._branch_codes(att, sp, rows)
        n_bags = dist.n_bags
        parts = self._split(codes, n_bags, rows, wts, dist)
        nominal_known = sp is None and not (codes < 0).any()
        orders = [None] * n_bags
        if order is not None:
            miss = codes < 0
            frac = dist.per_bag / dist.total if miss.any() else None
            sel = [None if not len(r) else (codes == j) if frac is None else (codes == j) | (miss & (frac[j] > _SMALL))
                   for j, (r, _) in enumerate(parts)]
            orders = self._child_orders(order, sel)
            del order, sel  # the branches' orders replace the node's
        node.children = []
        for j, (r, w) in enumerate(parts):
            if not len(r):
                node.children.append(self._empty_leaf)
            else:
                # A nominal test without missing values: each branch's class counts are a bag of the
                # test's distribution, summed over the same instances in the same order.
                check = dist.bag(j) if nominal_known else None
                # The branch's order is handed over (_take), not kept here: the branch drops it as
                # soon as its own branches' orders are made.
                node.children.append(self._build(r, w, check, _take(orders, j)))
        return node

    # -- collapse and prune ------------------------------------------------------------------
    def _training_errors(self, node: _Node, memo: dict[int, float]) -> float:
        """Training errors of the subtree's leaves (``getTrainingErrors``), also stored in ``memo``
        for every node of the subtree with a test (by ``id``: leaves are shared, the nodes with a test not)."""
        if node.children is None:  # a leaf
            return node.dist.num_incorrect()
        e = sum(self._training_errors(ch, memo) for ch in node.children)
        memo[id(node)] = e
        return e

    def _collapsed_copy(self, node: _Node, memo: dict[int, float] | None = None) -> _Node:
        """``C45PruneableClassifierTree.collapse`` on a copy: only the nodes with a test that collapse
        reaches are copied (leaves are shared, see :class:`_Node`)."""
        if node.children is None:  # a leaf
            return node
        if memo is None:
            # One bottom-up pass instead of one per node: collapse goes top-down and a node's
            # subtree is unchanged until its own test, so the stored errors are those Weka computes.
            memo = {}
            self._training_errors(node, memo)
        new = node.copy()
        if memo[id(node)] >= node.dist.num_incorrect() - 1e-3:
            new.children, new.att, new.split_point, new.dist = None, None, None, node.dist.merged()
        else:
            new.children = [self._collapsed_copy(ch, memo) for ch in node.children]
        return new

    def _errors_for_dist(self, dist: _Dist) -> float:
        """``getEstimatedErrorsForDistribution``: ``e + add_errs(n, e, cf)`` (0 if empty)."""
        # Pruning asks again at every ancestor: computed once per confidence factor (a grown tree's
        # distributions are shared by learners of other confidences, _GROWN).
        if dist.est_errors is None or dist.est_errors[0] != self._cf:
            if _eq(dist.total, 0):
                dist.est_errors = (self._cf, 0.0)
            else:
                e = dist.num_incorrect()
                dist.est_errors = (self._cf, e + add_errs(dist.total, e, self._cf))
        return dist.est_errors[1]

    def _estimated_errors(self, node: _Node) -> float:
        """``getEstimatedErrors``: the sum over the subtree's leaves, or the sum ``_prune`` stored
        at a node it kept (``est_errors``), which is the same sum of the same finished subtree."""
        if node.children is None:  # a leaf
            return self._errors_for_dist(node.dist)
        if node.est_errors is not None:
            return node.est_errors
        return sum(self._estimated_errors(ch) for ch in node.children)

    def _errors_for_branch(self, node: _Node, rows: np.ndarray, wts: np.ndarray) -> float:
        """``getEstimatedErrorsForBranch``: the subtree's estimated errors on other data."""
        if len(rows) and _is_ones(wts):
            return self._errors_for_branch_unit(node, rows)
        if len(rows) == 0:  # no instance reaches the subtree: every leaf's distribution is empty
            return 0.0
        if node.children is None:  # a leaf
            # _errors_for_dist(_dist_one_bag(y, wts)) without building the distribution: the same
            # class weights and total, the same arithmetic
            pc = np.bincount(self._y[rows], weights=wts, minlength=self._C)
            total = _seqsum(wts)
            if _eq(total, 0):
                return 0.0
            e = total - pc[_first_max(pc)]
            return e + add_errs(total, e, self._cf)
        codes = self._branch_codes(node.att, node.split_point, rows)
        n_bags = node.dist.n_bags
        # the split's distribution on these data matters only for sharing out missing values
        dist = _dist_split(codes, self._y[rows], wts, n_bags, self._C) if (codes < 0).any() else None
        return sum(
            self._errors_for_branch(ch, r, w)
            for ch, (r, w) in zip(node.children, self._split(codes, n_bags, rows, wts, dist))
        )

    def _errors_for_branch_unit(self, node: _Node, rows: np.ndarray) -> float:
        """:meth:`_errors_for_branch` for instances of weight 1 (``rows`` not empty), the same double.

        With unit weights a leaf's class weights are counts and its weight ``len(rows)`` (a sum of
        ones, exact), so its errors ``e`` are the count minus the largest class count (``_first_max``
        picks the first largest count: the same entry) and ``e + add_errs(n, e, cf)`` depends on the two
        integers only: computed once per (n, e) per fit (``_unit_errs``). A branch no instance reaches
        adds 0.0 to its parent's sum, which changes no sum: it is not visited. An instance missing
        the tested value (fractional weights below) falls back to :meth:`_errors_for_branch`."""
        if node.children is None:  # a leaf
            n = len(rows)
            e = n - int(np.bincount(self._y[rows], minlength=self._C).max())
            memo = self._unit_errs
            v = memo.get((n, e))
            if v is None:
                v = memo[(n, e)] = float(e) + add_errs(float(n), float(e), self._cf)
            return v
        codes = self._branch_codes(node.att, node.split_point, rows)
        if codes.min() < 0:  # a missing value: fractional weights below
            return self._errors_for_branch(node, rows, np.ones(len(rows)))
        order = np.argsort(codes, kind="stable")
        r = rows[order]
        ends = np.cumsum(np.bincount(codes, minlength=node.dist.n_bags)).tolist()
        starts = [0] + ends[:-1]
        return sum(self._errors_for_branch_unit(ch, r[a:b])
                   for ch, a, b in zip(node.children, starts, ends) if a < b)

    def _new_distribution(self, node: _Node, rows: np.ndarray, wts: np.ndarray) -> None:
        """``newDistribution``: push (rows, wts) through the subtree, resetting distributions.

        ``node`` is a node of this tree's own; each leaf below it is replaced by a changed copy (the
        leaves are shared with the grown tree, see :class:`_Node`).
        """
        node.est_errors = None  # new data: the stored sum no longer holds (pruning recomputes it)
        if node.children is None:  # a leaf
            node.dist = _dist_one_bag(self._y[rows], wts, self._C)
            if not _eq(_seqsum(wts), 0):
                node.is_empty = False  # Weka never sets it back to True here
            return
        node.rows, node.wts = rows, wts
        codes = self._branch_codes(node.att, node.split_point, rows)
        node.dist = _dist_split(codes, self._y[rows], wts, node.dist.n_bags, self._C)
        parts = self._split(codes, node.dist.n_bags, rows, wts, node.dist)
        for j, (ch, (r, w)) in enumerate(zip(node.children, parts)):
            if ch.children is None:  # the children list is this tree's own (copied with its node)
                ch = node.children[j] = ch.copy()
            self._new_distribution(ch, r, w)

    def _prune(self, node: _Node) -> None:
        """``C45PruneableClassifierTree.prune`` (pessimistic errors, subtree raising)."""
        if node.children is None:  # a leaf
            return
        for ch in node.children:
            self._prune(ch)
        i_largest = node.dist.max_bag()
        if self.subtree_raising:
            err_largest = self._errors_for_branch(node.children[i_largest], node.rows, node.wts)
        else:
            err_largest = float(np.finfo(float).max)
        err_leaf = self._errors_for_dist(node.dist)
        err_tree = self._estimated_errors(node)
        if _sm_or_eq(err_leaf, err_tree + 0.1) and _sm_or_eq(err_leaf, err_largest + 0.1):
            node.children, node.att, node.split_point, node.dist = None, None, None, node.dist.merged()
            return
        if _sm_or_eq(err_largest, err_tree + 0.1):
            largest = node.children[i_largest]
            node.children, node.att, node.dist = largest.children, largest.att, largest.dist
            node.split_point = largest.split_point
            self._new_distribution(node, node.rows, node.wts)
            self._prune(node)
            return
        # Kept: the subtree below is final, so ancestors may reuse its estimated errors.
        node.est_errors = err_tree

    def _cleanup(self, node: _Node) -> None:
        if node.rows is not None:  # never at a leaf shared with the grown tree
            node.rows = node.wts = None
        if node.children is not None:
            for ch in node.children:
                self._cleanup(ch)

    # -- prediction -----------------------------------------------------------------------
    def _accumulate(self, node: _Node, X: tuple[np.ndarray, np.ndarray], idx: np.ndarray, wt: np.ndarray,
                    P: np.ndarray) -> None:
        if node.children is None:  # a leaf
            P[idx] += wt[:, None] * node.dist.prob(self.laplace)[None, :]
            return
        codes = self._branch_codes(node.att, node.split_point, idx, *X)
        # the instances of each branch by one stable sort (missing values, code -1, sort first)
        order = np.argsort(codes, kind="stable")
        ends = np.cumsum(np.bincount(codes + 1, minlength=len(node.children) + 1)).tolist()
        for j, ch in enumerate(node.children):
            if ends[j] == ends[j + 1]:
                continue
            sel = order[ends[j]:ends[j + 1]]
            if ch.is_empty:  # parent's C45Split.classProb(k, inst, j)
                P[idx[sel]] += wt[sel, None] * node.dist.bag_prob(j, self.laplace)[None, :]
            else:
                self._accumulate(ch, X, idx[sel], wt[sel], P)
        miss = codes < 0
        if miss.any():
            frac = node.dist.per_bag / node.dist.total  # C45Split.weights
            im, wm = idx[miss], wt[miss]
            for j, ch in enumerate(node.children):
                if not ch.is_empty:
                    self._accumulate(ch, X, im, wm * frac[j], P)

    def predict_proba(self, X: pd.DataFrame) -> np.ndarray:
        """Class probabilities as J48's ``distributionForInstance``.

        Parameters
        ----------
        X : pandas.DataFrame of shape (n_samples, n_features)
            Same columns, kinds and nominal domains as at fit time (values may use only part
            of a domain); NaN = missing.

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            Rows normally sum to 1; see the class docstring for Weka's all-zero case.
        """
        check_is_fitted(self, "tree_")
        codes, vals = self._encode(X)
        n = codes.shape[1]
        flat = self._flat_tree()
        att = flat[0]
        used = np.unique(att).tolist()
        numeric = [j for j in used if self.categories_[j] is None]
        nominal = [j for j in used if self.categories_[j] is not None]
        if not ((nominal and (codes[nominal] < 0).any()) or (numeric and np.isnan(vals[numeric]).any())):
            return self._route(flat, codes, vals)
        P = np.zeros((n, len(self.classes_)))
        self._accumulate(self.tree_, (codes, vals), np.arange(n), np.ones(n), P)
        return P

    def _flat_tree(self):
        """The fitted tree as arrays, for :meth:`_route`: per node with a test (breadth first) the
        attribute, the split point (NaN for a nominal test) and the position of its first branch in
        the branch table; per branch the node it leads to (>= 0), or ``-1 - r`` for a leaf whose
        probabilities are row ``r`` of the probability table (an empty branch's row is its parent's
        ``bag_prob``, as :meth:`_accumulate` reads it)."""
        root = self.tree_
        if root.children is None:
            return (np.zeros(0, dtype=np.intp), np.zeros(0), np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp),
                    root.dist.prob(self.laplace)[None, :])
        # Each leaf's probabilities are its class weights over its weight (_Dist.prob; an empty branch:
        # its bag of the parent's distribution, or the parent's whole distribution if that bag is
        # empty, _Dist.bag_prob), computed for all leaves at once with the same element-wise arithmetic.
        inner, att, sp, first, branch, num, den = [root], [], [], [], [], [], []
        i = 0
        while i < len(inner):
            node = inner[i]
            i += 1
            att.append(node.att)
            sp.append(np.nan if node.split_point is None else node.split_point)
            first.append(len(branch))
            for j, ch in enumerate(node.children):
                if ch.children is None:
                    branch.append(-1 - len(num))
                    d = node.dist
                    if ch.is_empty and _gr(d.per_bag[j], 0):  # bag_prob(j): the bag itself
                        num.append(d.pcb[j])
                        den.append(d.per_bag[j])
                    else:  # prob(), of the leaf or (bag_prob's fallback) of the parent
                        d = d if ch.is_empty else ch.dist
                        num.append(d.per_class)
                        den.append(d.total)
                else:
                    branch.append(len(inner))
                    inner.append(ch)
        num, den = np.array(num, dtype=float), np.array(den, dtype=float)
        if self.laplace:
            probs = (num + 1.0) / (den + num.shape[1])[:, None]
        else:
            zero = (den - 0 < _SMALL) & (0 - den < _SMALL)  # Utils.eq(total, 0): all zero
            probs = num / np.where(zero, 1.0, den)[:, None]
            probs[zero] = 0.0
        return (np.array(att, dtype=np.intp), np.array(sp), np.array(first, dtype=np.intp),
                np.array(branch, dtype=np.intp), probs)

    @staticmethod
    def _route(flat, codes: np.ndarray, vals: np.ndarray) -> np.ndarray:
        """``predict_proba`` when no instance has a missing value at an attribute the tree tests:
        each instance follows one path to one leaf (or empty branch), whose probabilities it gets, as
        :meth:`_accumulate` gives them (``0 + 1 * p``: the same doubles). All instances move down one
        level at a time."""
        att, sp, first, branch, probs = flat
        n = codes.shape[1]
        row = np.zeros(n, dtype=np.intp)
        if len(att):
            idx, cur = np.arange(n), np.zeros(n, dtype=np.intp)
            while len(idx):
                a = att[cur]
                s = sp[cur]
                num = ~np.isnan(s)
                code = codes[a, idx].astype(np.intp)
                if num.any():  # value <= split point: branch 0, else 1
                    code[num] = vals[a[num], idx[num]] > s[num]
                nxt = branch[first[cur] + code]
                done = nxt < 0
                row[idx[done]] = -1 - nxt[done]
                idx, cur = idx[~done], nxt[~done]
        return probs[row]

    def predict(self, X: pd.DataFrame) -> np.ndarray:
        """Predicted class labels, shape (n_samples,): the first most probable class.

        This is what Weka's ``Evaluation`` records (``Utils.maxIndex`` of the distribution).
        J48's own ``classifyInstance`` takes the argmax of the *unsmoothed* probabilities
        even with ``-A`` (and a 1e-6 tolerance); the two agree unless missing values mix
        several leaves or two classes tie within 1e-6.
        """
        check_is_fitted(self, "tree_")
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]

    # -- introspection --------------------------------------------------------------------
    def _leaves(self, node: _Node) -> int:
        return 1 if node.is_leaf else sum(self._leaves(ch) for ch in node.children)

    def _size(self, node: _Node) -> int:
        return 1 if node.is_leaf else 1 + sum(self._size(ch) for ch in node.children)

    @property
    def n_leaves_(self) -> int:
        """Number of leaves (Weka's "Number of Leaves")."""
        check_is_fitted(self, "tree_")
        return self._leaves(self.tree_)

    @property
    def tree_size_(self) -> int:
        """Number of nodes (Weka's "Size of the tree")."""
        check_is_fitted(self, "tree_")
        return self._size(self.tree_)

    def export_text(self, summary: bool = True) -> str:
        """The tree as J48 prints it (``ClassifierTree.toString``).

        One line per branch, ``|   `` per level, ``attr = value`` and for a leaf
        ``: class (n)`` or ``: class (n/errors)`` — weights and errors of the parent's
        branch rounded to 2 decimals (after pruning and raising, so the numbers are those
        of the final tree).

        Parameters
        ----------
        summary : bool, default True
            Append Weka's "Number of Leaves" and "Size of the tree" lines.

        Returns
        -------
        str
        """
        check_is_fitted(self, "tree_")
        names, cats, classes = self.feature_names_in_, self.categories_, self.classes_

        def num(x: float) -> str:
            v = math.floor(x * 100 + 0.5) / 100  # Utils.roundDouble, printed like Java
            return repr(float(v))

        def label(dist: _Dist, bag: int) -> str:
            s = f"{classes[dist.max_class(bag)]} ({num(dist.per_bag[bag])}"
            e = dist.num_incorrect(bag)
            if _gr(e, 0):
                s += f"/{num(e)}"
            return s + ")"

        lines: list[str] = []

        def test(node: _Node, j: int) -> str:
            if node.split_point is None:
                return f"{names[node.att]} = {cats[node.att][j]}"
            return f"{names[node.att]} {'<=' if j == 0 else '>'} {_java_decimal(node.split_point)}"

        def dump(node: _Node, depth: int) -> None:
            for j, ch in enumerate(node.children):
                line = "|   " * depth + test(node, j)
                if ch.is_leaf:
                    lines.append(line + ": " + label(node.dist, j))
                else:
                    lines.append(line)
                    dump(ch, depth + 1)

        if self.tree_.is_leaf:
            text = ": " + label(self.tree_.dist, 0)
        else:
            dump(self.tree_, 0)
            text = "\n" + "\n".join(lines)
        if summary:
            text += f"\n\nNumber of Leaves  : \t{self.n_leaves_}\n\nSize of the tree : \t{self.tree_size_}\n"
        return text

    def __str__(self) -> str:
        if not hasattr(self, "tree_"):
            return repr(self)
        return self.export_text()


class C45(C45Tree):
    """C4.5 as Weka ``J48`` with default options (``-C 0.25 -M 2``).

    Pruned at confidence 0.25 with subtree raising, collapsed first, relative-frequency
    leaf probabilities (Quinlan 1993): the defaults of :class:`C45Tree`, whose parameters it takes.
    """


class C44(C45Tree):
    """C4.4 as Weka ``J48 -U -O -A`` (Provost & Domingos 2003).

    Unpruned, not collapsed, Laplace leaf estimates ``(n_k + 1) / (N + C)``. See
    :class:`C45Tree` for the parameters (only the defaults differ).
    """

    def __init__(self, confidence: float = 0.25, min_instances: int = 2, prune: bool = False,
                 subtree_raising: bool = True, collapse: bool = False, laplace: bool = True):
        super().__init__(confidence, min_instances, prune, subtree_raising, collapse, laplace)


def _copy_nodes(node: _Node) -> _Node:
    """A copy of the tree's nodes with a test, sharing their (never changed) arrays and distributions
    and the (never changed) leaves."""
    if node.children is None:  # a leaf
        return node
    new = node.copy()
    new.children = [_copy_nodes(ch) for ch in node.children]
    return new


def _take(items: list, j: int):
    """``items[j]``, which the list then no longer holds (``None`` in its place)."""
    out, items[j] = items[j], None
    return out


#: One read-only array of ones (grown as needed): the unit weights of a node's instances are views of
#: it (:func:`_ones`), so the instances each inner node keeps for subtree raising cost only their indices.
_ONES: list[np.ndarray] = [np.ones(0)]


def _ones(n: int) -> np.ndarray:
    """A read-only view of ``n`` ones (float64)."""
    if len(_ONES[0]) < n:
        buf = np.ones(n)
        buf.flags.writeable = False
        _ONES[0] = buf
    return _ONES[0][:n]


def _is_ones(a: np.ndarray) -> bool:
    """Whether ``a`` is a view made by :func:`_ones` (all ones, never written)."""
    return a.base is not None and a.base is _ONES[0]


def _code_dtype(categories: list) -> type:
    """The narrowest signed integer type holding every nominal code (-1 .. n_values - 1) and
    ``n_values`` itself (``None`` entries are numeric columns)."""
    v = max((len(c) for c in categories if c is not None), default=0)
    return next(t for t in (np.int8, np.int16, np.int32, np.int64) if v <= np.iinfo(t).max)
