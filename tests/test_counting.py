"""The counting core: q-binomials, segment counts, pair counts and the rule for undefined C/D/E."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from aucacc.counting import PairCounts, gaussian_binomial, poly_mul, segment_counts, tally_pairs


def test_gaussian_binomial_small():
    # [4 choose 2]_q = 1 + q + 2q^2 + q^3 + q^4 (the six rankings of ++-- by AUC numerator).
    assert gaussian_binomial(4, 2) == (1, 1, 2, 1, 1)
    for L in (7, 12):
        for p in range(L + 1):
            poly = gaussian_binomial(L, p)
            assert sum(poly) == math.comb(L, p)
            assert poly == poly[::-1]  # reversing a list maps u to p(L-p) - u


def test_poly_mul_equals_convolution():
    rng = np.random.default_rng(3)
    for _ in range(20):
        a = [int(v) for v in rng.integers(0, 10 ** 6, rng.integers(1, 30))]
        b = [int(v) for v in rng.integers(0, 10 ** 6, rng.integers(1, 30))]
        assert poly_mul(a, b) == [int(v) for v in np.convolve(np.array(a, dtype=object), np.array(b, dtype=object))]


@pytest.mark.parametrize("sizes,positives", [((3, 4), 3), ((2, 3, 2), 3), ((5,), 2), ((1, 1, 1, 1), 2), ((4, 2), 0)])
def test_segment_counts_equal_enumeration(sizes, positives):
    n = sum(sizes)
    cuts = np.cumsum((0,) + sizes)
    want = {}
    for pos in itertools.combinations(range(n), positives):
        pos = set(pos)
        xs = tuple(sum(1 for i in pos if lo <= i < hi) for lo, hi in zip(cuts[:-1], cuts[1:]))
        u = sum(1 for p in pos for r in range(p + 1, n) if r not in pos)
        want.setdefault(xs, {}).setdefault(u, 0)
        want[xs][u] += 1
    got = {}
    for xs, shift, poly in segment_counts(sizes, positives):
        got[xs] = {shift + j: v for j, v in enumerate(poly) if v}
    assert got == want


def test_tally_hand_computed():
    # obs: 1 R (both up), 2 S (f up, g down), 3 P (f up, g equal), 4 Q (f equal, g up), 5 V (both equal)
    f_a = [0.9, 0.9, 0.9, 0.5, 0.5]
    f_b = [0.8, 0.8, 0.8, 0.5, 0.5]
    g_a = [0.7, 0.6, 0.7, 0.8, 0.7]
    g_b = [0.6, 0.7, 0.7, 0.7, 0.7]
    t = tally_pairs(f_a, f_b, g_a, g_b)
    assert (t.R, t.S, t.P, t.Q, t.V, t.U) == (1, 1, 1, 1, 1, 5)
    assert (t.C, t.D, t.E) == (Fraction(1, 2), 1, Fraction(1, 5))
    assert t.as_dict()["E"] == 0.2


def test_undefined_rule():
    # D = inf only for P > 0 = Q; every other zero denominator is undefined (None, NaN in tables).
    assert tally_pairs([1], [0], [1], [1]).D == math.inf  # P = 1, Q = 0
    both_equal = tally_pairs([1], [1], [1], [1])  # V only: P = Q = 0, R + S = 0
    assert both_equal.D is None and both_equal.C is None and both_equal.E == 1
    d = both_equal.as_dict()
    assert math.isnan(d["C"]) and math.isnan(d["D"])
    empty = PairCounts(0, 0, 0, 0, 0, 0)
    assert (empty.C, empty.D, empty.E) == (None, None, None)
    assert PairCounts(0, 0, 0, 3, 0, 3).D == 0  # P = 0 < Q: D = 0, defined
