"""C/D/E of every pair of measures (aucacc.studies.measures): hand-counted tallies, the exact and tolerant tie
rules, the direction of lower-is-better measures, and the AUC-against-accuracy cell equal to auc_vs_accuracy."""

from fractions import Fraction
from itertools import product

import numpy as np
import pandas as pd
import pytest

from aucacc.measures import MEASURES, compare, fold_measures
from aucacc.studies.analysis import auc_vs_accuracy
from aucacc.studies.measures import ALL_PAIRS, measures_cde, measures_matrix, verdicts


def _row(d, lrn, fold, measure, value, exact=""):
    return {"dataset": d, "learner": lrn, "protocol": "none", "fold": fold, "measure": measure, "value": value,
            "exact": exact}


def _toy() -> pd.DataFrame:
    """Two data sets × 3 folds, learners A and B; accuracy (exact), AUC and Brier (lower is better).

    fold:            d1/0   d1/1   d1/2   d2/0   d2/1   d2/2
    accuracy A, B:   7/10 6/10  1/2 1/2  3/5 4/5  2/3 2/3  1/3 2/3  1/2 1/2
    AUC A, B:        .9 .8  .7 .6  .5 .5  .8 .8  .6 .7  .9 .9
    Brier A, B:      .2 .3  .2 .2  .4 .1  .3 .35 .3 .3  .1 .1 + 1e-12 (tied: within the tolerance)
    """
    acc = [("7/10", "3/5"), ("1/2", "1/2"), ("3/5", "4/5"), ("2/3", "2/3"), ("1/3", "2/3"), ("1/2", "1/2")]
    auc = [(.9, .8), (.7, .6), (.5, .5), (.8, .8), (.6, .7), (.9, .9)]
    brier = [(.2, .3), (.2, .2), (.4, .1), (.3, .35), (.3, .3), (.1, .1 + 1e-12)]
    rows = []
    for i, (d, f) in enumerate(product(["d1", "d2"], range(3))):
        for k, lrn in enumerate("AB"):
            rows.append(_row(d, lrn, f, "accuracy", float(Fraction(acc[i][k])), acc[i][k]))
            rows.append(_row(d, lrn, f, "auc", auc[i][k]))
            rows.append(_row(d, lrn, f, "brier", brier[i][k]))
    return pd.DataFrame(rows)


def test_verdicts_hand_counted():
    v = verdicts(_toy(), [("A", "B")], ["accuracy", "auc", "brier"])
    assert v["accuracy"].tolist() == [1, 0, -1, 0, -1, 0]
    assert v["auc"].tolist() == [1, 1, 0, 0, -1, 0]
    assert v["brier"].tolist() == [1, 0, -1, 1, 0, 0]  # lower is better; the last pair tied within TIE_RTOL


def test_cde_hand_counted():
    t = measures_cde(_toy(), [("A", "B")], ["auc", "accuracy", "brier"], alpha=0.05, n_boot=200, seed=1).data
    row = lambda f, g, p="A vs B": t[(t.f == f) & (t.g == g) & (t.pair == p)].iloc[0]  # noqa: E731
    # AUC against accuracy: folds 0 and 4 agree (R = 2), fold 1 only AUC (P = 1), fold 2 only accuracy (Q = 1),
    # folds 3 and 5 neither (V = 2)
    r = row("auc", "accuracy")
    assert (r.R, r.S, r.P, r.Q, r.V, r.n) == (2, 0, 1, 1, 2, 6)
    assert r.C == 1 and r.D == 1 and r.E == pytest.approx(2 / 6)
    # swapped: P and Q swap
    r = row("accuracy", "auc")
    assert (r.R, r.S, r.P, r.Q, r.V) == (2, 0, 1, 1, 2)
    # Brier against accuracy: folds 0, 2 agree; fold 3 only Brier; fold 4 only accuracy; folds 1, 5 neither
    r = row("brier", "accuracy")
    assert (r.R, r.S, r.P, r.Q, r.V) == (2, 0, 1, 1, 2)
    # Brier against AUC: fold 0 agrees; fold 1 only AUC, fold 2 and 3 only Brier, fold 4 only AUC
    r = row("brier", "auc")
    assert (r.R, r.S, r.P, r.Q, r.V) == (1, 0, 2, 2, 1)
    # one learner pair: the pooled rows equal it
    assert (row("brier", "auc", ALL_PAIRS)[["R", "S", "P", "Q", "V"]] == r[["R", "S", "P", "Q", "V"]]).all()
    # two data sets: the intervals are marked too few
    few = t["C_interval"].str.startswith("too few data sets (n = 2")
    assert (few | t["C_interval"].eq("none")).all() and few.any()


def test_signs_equal_compare():
    """The vectorised verdicts equal aucacc.measures.compare on every fold (random values, many ties)."""
    rng = np.random.default_rng(0)
    rows = []
    for f, lrn in product(range(40), "AB"):
        k = int(rng.integers(0, 4))
        rows.append(_row("d", lrn, f, "kappa", 0.0, f"{k}/3"))
        rows.append(_row("d", lrn, f, "log_loss", float(rng.integers(0, 3)) * 10 + rng.choice([0, 1e-8, 1e-10])))
    df = pd.DataFrame(rows)
    v = verdicts(df, [("A", "B")], ["kappa", "log_loss"])
    for name in ("kappa", "log_loss"):
        col = "exact" if MEASURES[name].exact else "value"
        a = df[(df.learner == "A") & (df.measure == name)][col].tolist()
        b = df[(df.learner == "B") & (df.measure == name)][col].tolist()
        assert v[name].tolist() == [compare(name, x, y) for x, y in zip(a, b)]


def test_undefined_left_out():
    df = _toy()
    df.loc[(df.measure == "auc") & (df.dataset == "d2") & (df.fold == 1), "value"] = np.nan
    t = measures_cde(df, [("A", "B")], ["auc", "accuracy"], alpha=0.05, n_boot=0, seed=1).data
    r = t[(t.f == "auc") & (t.g == "accuracy") & (t.pair == "A vs B")].iloc[0]
    assert (r.R, r.S, r.P, r.Q, r.V, r.n) == (1, 0, 1, 1, 2, 5)


def test_auc_accuracy_cell_equals_auc_vs_accuracy():
    """From random scores of three learners on two data sets: the (AUC, accuracy) rows equal the study's
    auc_vs_accuracy table, which counts from the fold metrics in percent."""
    rng = np.random.default_rng(11)
    meas, metrics = [], []
    for d, k in (("bin", 2), ("tri", 3)):
        classes = [f"c{i}" for i in range(k)]
        y = np.array(classes)[rng.integers(0, k, 100)]
        fold = np.arange(100) % 10
        for lrn in ("A", "B", "C"):
            p = rng.dirichlet(np.ones(k), size=100)
            p = np.round(p, 1) + 1e-3  # ties within and between learners
            p /= p.sum(axis=1, keepdims=True)
            scores = pd.DataFrame({"row": range(100), "fold": fold, "y_true": y,
                                   "y_pred": np.array(classes)[p.argmax(axis=1)],
                                   **{f"p:{c}": p[:, i] for i, c in enumerate(classes)}})
            m = fold_measures(scores, ["accuracy", "auc"])
            m.insert(0, "learner", lrn)
            m.insert(0, "dataset", d)
            meas.append(m)
            metrics.append(m.assign(metric=m["measure"], value=100 * m["value"]).drop(columns=["measure", "exact"]))
    pairs = [("B", "A"), ("C", "A"), ("C", "B")]
    mine = measures_cde(pd.concat(meas), pairs, ["auc", "accuracy"], alpha=0.05, n_boot=100, seed=3).data
    theirs = auc_vs_accuracy(pd.concat(metrics), pairs, alpha=0.05, n_boot=100, seed=3).data
    mine = mine[(mine.f == "auc") & (mine.pair != ALL_PAIRS)].reset_index(drop=True)
    cols = ["pair", "datasets", "R", "S", "P", "Q", "V", "n", "C", "D", "E", "p_C", "p_D", "consistent",
            "more_discriminating"]
    pd.testing.assert_frame_equal(mine[cols], theirs[cols], check_dtype=False)
    assert (mine["R"] + mine["S"] + mine["P"] + mine["Q"]).sum() > 0


def test_matrix_display():
    cde = measures_cde(_toy(), [("A", "B")], ["auc", "accuracy", "brier"], alpha=0.05, n_boot=0, seed=1)
    m = measures_matrix(cde, ["auc", "accuracy", "brier"])
    assert list(m.display.columns) == ["f \\ g", "AUC", "accuracy", "Brier"]
    assert m.display.iloc[0]["AUC"] == ""  # the diagonal
    assert m.display.iloc[0]["accuracy"] == "1.00 / 1"  # too few folds for a star
    assert len(m.data) == 6


def test_matrix_says_which_measures_count_fewer_folds():
    """A measure undefined on some folds (the H-measure of a multi-class data set) counts fewer observations in its
    cells: the matrix's note names it (a new user's trial read the H-measure's cells as over every fold)."""
    df = _toy()
    df.loc[(df.measure == "brier") & (df.dataset == "d2"), "value"] = np.nan
    cde = measures_cde(df, [("A", "B")], ["auc", "accuracy", "brier"], alpha=0.05, n_boot=0, seed=1)
    notes = measures_matrix(cde, ["auc", "accuracy", "brier"]).notes
    assert notes[-1] == ("Not every cell counts the same folds: Brier is undefined on some (the H-measure on a "
                         "multi-class data set, an AUC on a fold with one class), left out of its pairs: n as low as "
                         "3 of 6 observations (column n of measures_cde).")
    assert not any("Not every cell" in n for n in measures_matrix(measures_cde(
        _toy(), [("A", "B")], ["auc", "brier"], alpha=0.05, n_boot=0, seed=1), ["auc", "brier"]).notes)


def test_repetitions_are_test_sets():
    """Repeated cross-validation: fold f of repetition r is its own test set (not merged with fold f of r = 0)."""
    df = _toy()
    df2 = df.copy()
    df["repetition"], df2["repetition"] = 0, 1
    t = measures_cde(pd.concat([df, df2]), [("A", "B")], ["auc", "accuracy"], alpha=0.05, n_boot=0, seed=1).data
    r = t[(t.f == "auc") & (t.g == "accuracy") & (t.pair == "A vs B")].iloc[0]
    assert (r.R, r.S, r.P, r.Q, r.V, r.n) == (4, 0, 2, 2, 4, 12)
