"""The pieces of Weka's ``J48`` that the tree builder of :mod:`aucacc.learners.c45` is made of.

``weka.core.Utils`` comparisons with their 1e-6 tolerance, entropy terms summed in Weka's order,
the pessimistic error estimate ``add_errs`` (``weka.classifiers.trees.j48.Stats.addErrs``), the
class distributions of a split (``Distribution``) and the tree node. Kept apart so that the
builder reads as Weka's ``ClassifierTree`` / ``C45PruneableClassifierTree`` / ``C45Split``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

_SMALL = 1e-6  # weka.core.Utils.SMALL
_LOG2 = math.log(2.0)


# -- weka.core.Utils comparisons (tolerance 1e-6) -------------------------------------------
def _eq(a: float, b: float) -> bool:
    return (a - b < _SMALL) and (b - a < _SMALL)


def _gr(a: float, b: float) -> bool:
    return a - b > _SMALL


def _sm(a: float, b: float) -> bool:
    return b - a > _SMALL


def _sm_or_eq(a: float, b: float) -> bool:
    return a - b < _SMALL


def _gr_or_eq(a: float, b: float) -> bool:
    return b - a < _SMALL


def _ln_func(x: np.ndarray) -> np.ndarray:
    """``x ln x`` with 0 for ``x < 1e-6`` (``EntropyBasedSplitCrit.lnFunc``)."""
    x = np.asarray(x, dtype=float)
    out = np.log(x, out=np.zeros(x.shape), where=x >= 1e-6)
    out *= x
    return out


def _seqsum(w: np.ndarray) -> float:
    """Left-to-right sum, as Weka accumulates weights (numpy's pairwise sum rounds differently)."""
    if len(w) == 0:
        return 0.0
    return float(np.bincount(np.zeros(len(w), dtype=np.intp), weights=w, minlength=1)[0])


def _java_decimal(x: float, digits: int = 6) -> str:
    """``Utils.doubleToString(x, 6)``: Java DecimalFormat, at most 6 decimals, HALF_UP."""
    from decimal import ROUND_HALF_UP, Decimal, localcontext

    with localcontext() as ctx:  # every digit of a double (up to 309 before the point) and the 6 after it
        ctx.prec = 330
        q = Decimal(x).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    t = format(q, "f")
    if "." in t:
        t = t.rstrip("0").rstrip(".")
    return t


@lru_cache(maxsize=None)  # one confidence per tree: computed once, not at every leaf
def _normal_inverse(p: float) -> float:
    """Inverse standard normal CDF (``weka.core.Statistics.normalInverse``, Cephes ndtri)."""
    from scipy.special import ndtri

    # Weka's port returns 0.6744897501960816 for p = 0.75, scipy 1 ulp more: irrelevant
    # for pruning, whose decisions use a 0.1 margin.
    return float(ndtri(p))


def add_errs(n: float, e: float, cf: float) -> float:
    """Extra pessimistic errors for a leaf with ``n`` instances and ``e`` errors.

    The upper limit of the binomial confidence interval at level ``cf`` minus ``e``
    (normal approximation with continuity correction), as in C4.5 and
    ``weka.classifiers.trees.j48.Stats.addErrs``:

    - ``e == 0``: ``n * (1 - cf ** (1/n))`` (exact binomial bound);
    - ``0 < e < 1``: linear interpolation between ``e = 0`` and ``e = 1``;
    - ``e + 0.5 >= n``: ``max(n - e, 0)``;
    - otherwise, with ``z = Phi^{-1}(1 - cf)`` and ``f = (e + 0.5) / n``,
      ``r = (f + z^2/2n + z sqrt(f/n - f^2/n + z^2/4n^2)) / (1 + z^2/n)`` and the result
      ``r n - e``.

    Parameters
    ----------
    n : float
        Weight of the instances at the leaf (> 0).
    e : float
        Weight of the misclassified instances (``0 <= e <= n``).
    cf : float
        Confidence factor; Weka returns 0 (no correction) for ``cf > 0.5``.

    Returns
    -------
    float
        The number of errors to add to ``e``.
    """
    if cf > 0.5:
        return 0.0
    if e < 1:
        base = n * (1.0 - math.pow(cf, 1.0 / n))
        if e == 0:
            return base
        return base + e * (add_errs(n, 1.0, cf) - base)
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    z = _normal_inverse(1.0 - cf)
    f = (e + 0.5) / n
    r = (f + (z * z) / (2 * n) + z * math.sqrt((f / n) - (f * f / n) + (z * z / (4 * n * n)))) / (
        1 + (z * z) / n
    )
    return (r * n) - e


def _gain_ratio(per_bag: np.ndarray | None, tot: np.ndarray, sum_w: float, gain: np.ndarray,
                ln_terms: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """``GainRatioSplitCrit.splitCritValue(bags, totalNoInst, gain)`` for each row of ``per_bag``.

    The split information counts the weight with unknown values as one more bag; a split
    information of 0 (within 1e-6) gives ratio 0. ``ln_terms`` are ``_ln_func`` of ``per_bag``,
    ``sum_w - tot`` and ``sum_w`` when the caller has them already (``per_bag`` is then not read).
    """
    if ln_terms is None:
        ln_terms = (_ln_func(per_bag), _ln_func(sum_w - tot), _ln_func(np.array(sum_w)))
    ln_bag, ln_unknown, ln_sum = ln_terms
    split_ent = (-ln_bag.sum(axis=1) - ln_unknown + ln_sum) / _LOG2
    split_ent = np.where(tot > _SMALL, split_ent, 0.0)
    # gain / (split_ent / sum_w) where |split_ent| >= 1e-6, else 0 (a masked division: no x/0)
    return np.divide(gain, split_ent / sum_w, out=np.zeros(np.shape(split_ent)), where=~(np.abs(split_ent) < _SMALL))


def _first_max(counts: np.ndarray) -> int:
    """``Distribution.maxClass``'s scan: the first entry larger than every earlier one by more
    than 1e-6 (starting from 0), so near-ties keep the earlier index (not ``np.argmax``)."""
    best, best_i = 0.0, 0
    for i, c in enumerate(counts.tolist()):  # Python floats: the same doubles, a faster loop
        if c - best > _SMALL:
            best, best_i = c, i
    return best_i


# -- weka.classifiers.trees.j48.Distribution ------------------------------------------------
@dataclass(slots=True)  # slots: one per node of a tree (~10^4), kept with the fitted tree
class _Dist:
    """Class counts per bag (``Distribution``): ``pcb`` (n_bags, n_classes) and its margins.

    The margins are accumulated instance by instance like Weka's, not recomputed from ``pcb``.
    """

    pcb: np.ndarray
    per_bag: np.ndarray
    per_class: np.ndarray
    total: float
    # max_class() over all bags, computed once: pruning asks for it many times and the arrays
    # of a distribution are never changed after it is built (a new distribution replaces it).
    _max_class: int | None = field(default=None, init=False, repr=False, compare=False)
    # (confidence factor, estimated errors) of this distribution, likewise: memo of
    # C45Tree._errors_for_dist (a grown tree, and its distributions, can serve two confidences).
    est_errors: tuple[float, float] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def n_bags(self) -> int:
        return self.pcb.shape[0]

    def merged(self) -> "_Dist":
        """One bag holding all instances (``new Distribution(toMerge)``, used by ``NoSplit``)."""
        pc = self.per_class.copy()
        out = _Dist(pc[None, :].copy(), np.array([self.total]), pc, self.total)
        # the same class weights and total: the same majority class and estimated errors (memos)
        out._max_class, out.est_errors = self._max_class, self.est_errors
        return out

    def bag(self, j: int) -> "_Dist":
        """Bag ``j`` alone as a one-bag distribution (its arrays are views of this one's)."""
        return _Dist(self.pcb[j][None, :], self.per_bag[j:j + 1], self.pcb[j], float(self.per_bag[j]))

    def max_class(self, bag: int | None = None) -> int:
        """First class with the largest weight (ties within 1e-6 keep the earlier class)."""
        if bag is not None and not _gr(self.per_bag[bag], 0):
            bag = None
        if bag is not None:
            return _first_max(self.pcb[bag])
        if self._max_class is None:
            self._max_class = _first_max(self.per_class)
        return self._max_class

    def num_incorrect(self, bag: int | None = None) -> float:
        if bag is None:
            return self.total - self.per_class[self.max_class()]
        return self.per_bag[bag] - self.pcb[bag, self.max_class(bag)]

    def max_bag(self) -> int:
        """Index of the heaviest bag; ties (within 1e-6) go to the *last* bag, as in Weka."""
        best, best_i = 0.0, -1
        for i, b in enumerate(self.per_bag.tolist()):  # Python floats: same doubles, faster loop
            if _gr_or_eq(b, best):
                best, best_i = b, i
        return best_i

    def prob(self, laplace: bool) -> np.ndarray:
        """Class probabilities over all bags (``prob(k)`` / ``laplaceProb(k)``)."""
        if laplace:
            return (self.per_class + 1.0) / (self.total + len(self.per_class))
        if _eq(self.total, 0):
            return np.zeros(len(self.per_class))
        return self.per_class / self.total

    def bag_prob(self, bag: int, laplace: bool) -> np.ndarray:
        """Class probabilities in one bag, falling back to all bags when it is empty."""
        if not _gr(self.per_bag[bag], 0):
            return self.prob(laplace)
        if laplace:
            return (self.pcb[bag] + 1.0) / (self.per_bag[bag] + len(self.per_class))
        return self.pcb[bag] / self.per_bag[bag]


def _dist_one_bag(y: np.ndarray, w: np.ndarray, n_classes: int) -> _Dist:
    """``new Distribution(instances)``: one bag."""
    if len(w) == 0:  # no instances (``y`` is not looked at)
        return _Dist(np.zeros((1, n_classes)), np.zeros(1), np.zeros(n_classes), 0.0)
    pc = np.bincount(y, weights=w, minlength=n_classes)  # float64: summed in instance order
    total = _seqsum(w)
    return _Dist(pc[None, :], np.array([total]), pc, total)  # a view: distributions are never changed


def _add_with_prefix(start: np.ndarray, idx: np.ndarray, w: np.ndarray) -> np.ndarray:
    """``start[idx[i]] += w[i]`` in order, exactly as sequential Java additions round."""
    m = len(start)
    return np.bincount(np.concatenate([np.arange(m), idx]), weights=np.concatenate([start, w]), minlength=m)


def _dist_split(codes: np.ndarray, y: np.ndarray, w: np.ndarray, n_bags: int, n_classes: int) -> _Dist:
    """Distribution of a nominal split with the missing-value instances spread over the bags.

    Known values go to their bag (``Distribution.add``); then ``addInstWithUnknown`` adds each
    instance with a missing value to every bag with weight ``w * perBag/total`` (or
    ``w / n_bags`` if no known weight), mirroring ``C45Split.resetDistribution``.
    """
    known = codes >= 0
    ck, yk, wk = codes[known], y[known], w[known]
    pcb = np.bincount(ck * n_classes + yk, weights=wk, minlength=n_bags * n_classes).astype(float)
    per_bag = np.bincount(ck, weights=wk, minlength=n_bags).astype(float)
    per_class = np.bincount(yk, weights=wk, minlength=n_classes).astype(float)
    total = _seqsum(wk)
    miss = ~known
    if miss.any():
        ym, wm = y[miss], w[miss]
        probs = np.full(n_bags, 1.0 / n_bags) if _eq(total, 0) else per_bag / total
        per_class = _add_with_prefix(per_class, ym, wm)
        total = float(_add_with_prefix(np.array([total]), np.zeros(len(wm), dtype=np.intp), wm)[0])
        nw = probs[None, :] * wm[:, None]  # (n_missing, n_bags), row order = instance order
        bag_idx = np.broadcast_to(np.arange(n_bags), nw.shape).ravel()
        cell_idx = (bag_idx * n_classes + np.repeat(ym, n_bags)).ravel()
        pcb = _add_with_prefix(pcb, cell_idx, nw.ravel())
        per_bag = _add_with_prefix(per_bag, bag_idx, nw.ravel())
    return _Dist(pcb.reshape(n_bags, n_classes), per_bag, per_class, total)


# -- tree nodes -----------------------------------------------------------------------------
@dataclass(eq=False, slots=True)  # slots: a tree has ~10^4 nodes, built and copied at every fit
class _Node:
    """One node of the tree (``C45PruneableClassifierTree``).

    ``att`` is the column index tested (``None`` at a leaf), ``split_point`` the threshold of
    a numeric test (branch 0: ``<=``, branch 1: ``>``). ``dist`` is the node's local
    model distribution: one bag per branch for a split (``C45Split``), one bag for a leaf
    (``NoSplit``). ``is_empty`` is Weka's ``m_isEmpty`` (leaf built from zero weight).
    ``rows``/``wts`` hold the training instances (indices and fractional weights) of a node
    with a test until pruning is over (pruning reads them at such nodes only).

    A leaf of a grown tree is never changed once built: the trees collapsed and pruned from it
    share its leaves (pruning replaces a leaf it gives new data, :meth:`C45Tree._new_distribution`).
    """

    att: int | None
    dist: _Dist
    split_point: float | None = None  # numeric test ``<= split_point``; None = nominal
    children: list["_Node"] | None = None
    is_empty: bool = False
    rows: np.ndarray | None = field(default=None, repr=False)
    wts: np.ndarray | None = field(default=None, repr=False)
    est_errors: float | None = field(default=None, repr=False)  # set by pruning at a node it keeps

    @property
    def is_leaf(self) -> bool:
        return self.children is None

    def copy(self) -> "_Node":
        """A copy of this node alone (its children list, arrays and distribution shared)."""
        return _Node(self.att, self.dist, self.split_point, self.children, self.is_empty, self.rows, self.wts,
                     self.est_errors)
