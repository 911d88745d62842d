"""The data behind the figures across data sets (aucacc.studies.measures): per (data set, learner) means over the
test folds, direction-aware average ranks with tied means sharing ranks, learner-pair values and the pairs shown,
and the matrix's note that the H-measure covers the binary data sets only. Every expected value is hand-computed
from the toy frame below."""

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy.stats import rankdata

from aucacc.studies.measures import (MAX_PAIR_PANELS, measure_means, measure_ranks, measures_cde, measures_matrix,
                                     pair_values, shown_pairs)

# (data set, learner) -> measure -> the two folds' values; accuracy as exact fractions
ACC = {("d1", "A"): ("1/2", "1"), ("d1", "B"): ("3/4", "3/4"), ("d1", "C"): ("1/4", "1/4"),
       ("d2", "A"): ("1/10", "1/5"), ("d2", "B"): ("3/20", "3/20"), ("d2", "C"): ("1/2", "1/2"),
       ("d3", "A"): ("1", "1"), ("d3", "B"): ("0", "1/2"), ("d3", "C"): ("1/2", "1/2")}
BRIER = {("d1", "A"): (.2, .4), ("d1", "B"): (.1, .1), ("d1", "C"): (.5, .3),
         ("d2", "A"): (.2, .2), ("d2", "B"): (.3, .5), ("d2", "C"): (.0, .2),
         ("d3", "A"): (.6, .6), ("d3", "B"): (.2, .2), ("d3", "C"): (.1, .1)}
H = {("d1", "A"): (.9, np.nan), ("d1", "B"): (.6, .6), ("d1", "C"): (.7, .7),
     ("d2", "A"): (.5, .5), ("d2", "B"): (.9, .9), ("d2", "C"): (.4, .4)}  # d3 multi-class: NaN


def _toy(with_d: bool = False) -> pd.DataFrame:
    rows = []
    for (d, lrn), accs in ACC.items():
        for f in range(2):
            base = {"dataset": d, "learner": lrn, "protocol": "none", "fold": f}
            rows.append({**base, "measure": "accuracy", "value": float(Fraction(accs[f])), "exact": accs[f]})
            rows.append({**base, "measure": "brier", "value": BRIER[d, lrn][f], "exact": ""})
            rows.append({**base, "measure": "h_measure", "value": H.get((d, lrn), (np.nan, np.nan))[f], "exact": ""})
    if with_d:  # learner D ran on d1 only
        for f in range(2):
            base = {"dataset": "d1", "learner": "D", "protocol": "none", "fold": f}
            rows += [{**base, "measure": "accuracy", "value": 1.0, "exact": "1"},
                     {**base, "measure": "brier", "value": 0.0, "exact": ""},
                     {**base, "measure": "h_measure", "value": 1.0, "exact": ""}]
    return pd.DataFrame(rows)


def test_means_over_the_folds():
    m = measure_means(_toy()).set_index(["dataset", "learner", "measure"])
    assert m.loc[("d1", "A", "accuracy"), "value"] == 0.75
    assert m.loc[("d1", "A", "brier"), "value"] == pytest.approx(0.3)
    assert m.loc[("d3", "B", "accuracy"), "value"] == 0.25
    # the exact mean of 1/10 and 1/5 is 3/20, the same float as B's 3/20 (the float mean (0.1 + 0.2) / 2 is not)
    assert (0.1 + 0.2) / 2 != 0.15
    assert m.loc[("d2", "A", "accuracy"), "value"] == m.loc[("d2", "B", "accuracy"), "value"] == 0.15
    # an undefined fold is left out of the mean; a measure undefined on every fold is NaN
    assert m.loc[("d1", "A", "h_measure"), ["value", "folds", "of"]].tolist() == [0.9, 1, 2]
    assert np.isnan(m.loc[("d3", "C", "h_measure"), "value"]) and m.loc[("d3", "C", "h_measure"), "folds"] == 0
    # order: data sets, then learners as they first appear, then measures as named
    first = measure_means(_toy(), ["brier", "accuracy"]).head(3)
    assert first[["dataset", "learner", "measure"]].values.tolist() == [["d1", "A", "brier"], ["d1", "A", "accuracy"],
                                                                       ["d1", "B", "brier"]]


def test_ranks_hand_computed_direction_and_ties():
    r = measure_ranks(_toy()).set_index(["measure", "learner"])
    # accuracy (higher is better): d1 A = B = 3/4 > C (1.5, 1.5, 3); d2 C > A = B = 3/20 (2.5, 2.5, 1);
    # d3 A > C > B (1, 3, 2)
    assert r.loc["accuracy", "rank"].tolist() == pytest.approx([5 / 3, 7 / 3, 2])
    # Brier (lower is better): d1 B < A < C (2, 1, 3); d2 C < A < B (2, 3, 1); d3 C < B < A (3, 2, 1)
    assert r.loc["brier", "rank"].tolist() == pytest.approx([7 / 3, 2, 5 / 3])
    # H-measure: undefined on d3, averaged over d1 (A, C, B) and d2 (B, A, C)
    assert r.loc["h_measure", "rank"].tolist() == pytest.approx([1.5, 2, 2.5])
    assert r.loc["accuracy", "datasets"].tolist() == [3, 3, 3] and r.loc["h_measure", "datasets"].tolist() == [2] * 3
    # the same ranks as scipy's rankdata of the negated means, data set by data set
    means = measure_means(_toy()).query("measure == 'accuracy'").pivot(index="dataset", columns="learner",
                                                                         values="value")
    np.testing.assert_allclose(rankdata(-means.to_numpy(), axis=1).mean(axis=0), r.loc["accuracy", "rank"])


def test_ranks_only_over_data_sets_every_learner_ran():
    r = measure_ranks(_toy(with_d=True), ["accuracy"], ["A", "B", "C", "D"]).set_index("learner")
    assert r["rank"].tolist() == [2.5, 2.5, 4, 1] and r["datasets"].tolist() == [1] * 4  # d1 only
    # means given instead of folds: the same ranks
    means = measure_means(_toy())
    pd.testing.assert_frame_equal(measure_ranks(means), measure_ranks(_toy()))


def test_pair_values_direction_aware():
    v = pair_values(measure_means(_toy()), "brier", [("A", "B")])
    assert v["dataset"].tolist() == ["d1", "d2", "d3"]
    assert v["better"].tolist() == ["b", "a", "b"]  # lower Brier is better: 0.3 > 0.1, 0.2 < 0.4, 0.6 > 0.2
    v = pair_values(_toy(), "accuracy", [("A", "B"), ("C", "A")])
    assert v[v.a == "A"]["better"].tolist() == ["tie", "tie", "a"]  # 3/4 = 3/4; 3/20 = 3/20; 1 > 1/4
    assert v[v.a == "C"]["better"].tolist() == ["b", "a", "b"]
    assert pair_values(_toy(), "h_measure", [("A", "B")])["dataset"].tolist() == ["d1", "d2"]  # d3 undefined


def test_shown_pairs():
    pairs = [("B", "A"), ("C", "A"), ("C", "B")]
    assert shown_pairs(pairs, None) == (pairs, "")
    learners = [f"L{i}" for i in range(7)]
    every = [(learners[j], learners[i]) for j in range(7) for i in range(j)]
    ranks = pd.DataFrame({"measure": "brier", "learner": learners, "rank": [4, 3, 1.5, 5, 1.5, 6, 7],
                          "datasets": 10})
    shown, note = shown_pairs(every, ranks)
    assert len(every) == 21 > MAX_PAIR_PANELS
    # each against the best-ranked (L2 and L4 tie at 1.5: the first listed), best-ranked first
    assert shown == [("L2", "L4"), ("L2", "L1"), ("L2", "L0"), ("L2", "L3"), ("L2", "L5"), ("L2", "L6")]
    assert note == "6 of 21 learner pairs shown: each learner against L2, the best-ranked under Brier"
    assert shown_pairs(every, ranks, cap=3)[0] == shown[:3]


def test_matrix_says_the_h_measure_covers_the_binary_data_sets_only():
    names = ["accuracy", "brier", "h_measure"]
    cde = measures_cde(_toy(), [("B", "A"), ("C", "A")], names, alpha=0.05, n_boot=0, seed=1)
    notes = measures_matrix(cde, names).notes
    assert ("H-measure is defined on two classes only: its cells cover the binary data sets only (2 of the 3 data "
            "sets; column datasets of measures_cde). The study's multi-class data sets are left out of its pairs."
            ) in notes
    assert not any("two classes only" in n for n in measures_matrix(
        measures_cde(_toy(), [("B", "A")], names[:2], alpha=0.05, n_boot=0, seed=1), names[:2]).notes)
