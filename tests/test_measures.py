"""The measures registry (aucacc.measures): each measure against its reference on random predictions,
binary and multi-class; the H-measure against hand-computed cases and the hmeasure package; the tie rule."""

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm

from aucacc import measures as M


def _random_fold(rng, k, n=60, ties=False):
    classes = [f"c{i}" for i in range(k)]
    y = np.array(classes)[np.r_[np.arange(k), rng.integers(0, k, n - k)]]  # every class present
    p = rng.dirichlet(np.ones(k), size=n)
    if ties:  # coarse probabilities: many tied scores, as a tree's leaves give
        p = np.round(p * 4) + 0.25
        p /= p.sum(axis=1, keepdims=True)
    pred = np.array(classes)[p.argmax(axis=1)]
    flip = rng.random(n) < 0.2  # predictions that are not the argmax (a learner's own predict)
    pred[flip] = np.array(classes)[rng.integers(0, k, flip.sum())]
    return y, pred, p, classes


def _reference(name, y, pred, p, classes):
    """The scikit-learn value of each measure."""
    if name == "accuracy":
        return skm.accuracy_score(y, pred)
    if name == "auc":
        return (skm.roc_auc_score(y == classes[1], p[:, 1]) if len(classes) == 2
                else skm.roc_auc_score(y, p, multi_class="ovo", average="macro", labels=classes))
    if name in ("aunu", "aunp"):
        avg = "macro" if name == "aunu" else "weighted"
        return (skm.roc_auc_score(y == classes[1], p[:, 1]) if len(classes) == 2
                else skm.roc_auc_score(y, p, multi_class="ovr", average=avg, labels=classes))
    if name == "brier":
        return skm.brier_score_loss(y, p, labels=classes, scale_by_half=False)
    if name == "log_loss":
        return skm.log_loss(y, p, labels=classes)
    if name == "balanced_accuracy":
        return skm.balanced_accuracy_score(y, pred)
    if name == "mcc":
        return skm.matthews_corrcoef(y, pred)
    if name == "macro_f1":
        return skm.f1_score(y, pred, average="macro")
    if name == "kappa":
        return skm.cohen_kappa_score(y, pred)
    raise AssertionError(name)


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("name", [n for n in M.MEASURES if n != "h_measure"])
def test_measure_equals_scikit_learn(name, k, ties):
    rng = np.random.default_rng([k, int(ties), len(name)])
    for _ in range(5):
        y, pred, p, classes = _random_fold(rng, k, ties=ties)
        got = M.measure_value(name, y, pred, p, classes)
        assert float(got) == pytest.approx(_reference(name, y, pred, p, classes), rel=1e-12, abs=1e-12)
        assert isinstance(got, Fraction) == M.MEASURES[name].exact


def test_log_loss_clips_zero_probability():
    """A probability 0 of the true class costs −log ε, ε = float64's machine epsilon, as scikit-learn clips."""
    y = np.array(["a", "b"])
    p = np.array([[0.0, 1.0], [0.0, 1.0]])
    got = M.measure_value("log_loss", y, y, p, ["a", "b"])
    assert M.LOG_LOSS_EPS == 2.0 ** -52
    assert got == pytest.approx(-np.log(2.0 ** -52) / 2, rel=1e-12)
    assert got == pytest.approx(skm.log_loss(y, p, labels=["a", "b"]), rel=1e-12)


def test_exact_measures_hand_computed():
    """Confusion counts [[3, 1], [2, 4]] (true a: 3 right, 1 wrong; true b: 2 wrong, 4 right)."""
    y = np.array(["a"] * 4 + ["b"] * 6)
    pred = np.array(["a", "a", "a", "b", "a", "a", "b", "b", "b", "b"])
    p = np.full((10, 2), 0.5)
    val = lambda n: M.measure_value(n, y, pred, p, ["a", "b"])  # noqa: E731
    assert val("accuracy") == Fraction(7, 10)
    assert val("balanced_accuracy") == (Fraction(3, 4) + Fraction(4, 6)) / 2
    # 2tp / (2tp + fp + fn): class a 6 / (6 + 2 + 1), class b 8 / (8 + 1 + 2)
    assert val("macro_f1") == (Fraction(6, 9) + Fraction(8, 11)) / 2 == Fraction(23, 33)
    # p_o = 0.7, p_e = (4·5 + 6·5) / 100 = 0.5
    assert val("kappa") == Fraction(2, 5)
    assert val("auc") == 0.5  # constant scores


def test_auc_undefined_with_one_class():
    y = np.array(["a", "a"])
    for name in ("auc", "aunu", "aunp", "h_measure"):
        assert np.isnan(M.measure_value(name, y, y, np.array([[0.6, 0.4], [0.3, 0.7]]), ["a", "b"]))


def test_h_measure_hand_computed():
    """A perfect separation gives 1; a hull on the diagonal (constant scores) gives 0 (Hand 2009, §4)."""
    pos = np.array([True] * 3 + [False] * 5)
    assert M.h_measure(pos, np.r_[np.ones(3), np.zeros(5)]) == pytest.approx(1.0, abs=1e-12)
    assert M.h_measure(pos, np.full(8, 0.3)) == pytest.approx(0.0, abs=1e-12)
    # worse than random: the hull is the diagonal too
    assert M.h_measure(pos, np.r_[np.zeros(3), np.ones(5)]) == pytest.approx(0.0, abs=1e-12)


def test_h_measure_equals_hmeasure_package():
    """The hmeasure package (PyPI, a translation of Hand's R package) with severity ratio 1: Beta(2, 2),
    Hand (2009)'s default; on random scores, with and without ties."""
    from hmeasure import h_score

    rng = np.random.default_rng(7)
    for ties in (False, True):
        for n in (10, 40, 200):
            y = rng.integers(0, 2, n)
            y[:2] = [0, 1]
            s = rng.random(n) + 0.6 * y
            s = np.round(s * 5) / 5 if ties else s
            s = s / s.max()
            ref = h_score(y.astype(float), s, severity_ratio=1.0)
            assert M.h_measure(y == 1, s) == pytest.approx(ref, rel=1e-9, abs=1e-12)


def test_h_measure_multiclass_undefined():
    y, pred, p, classes = _random_fold(np.random.default_rng(1), 3)
    assert np.isnan(M.measure_value("h_measure", y, pred, p, classes))


def test_direction_declared_once():
    lower = {n for n, m in M.MEASURES.items() if not m.higher_better}
    assert lower == {"brier", "log_loss"}
    assert M.compare("brier", 0.1, 0.2) == 1 and M.compare("accuracy", Fraction(1, 2), Fraction(3, 5)) == -1


def test_tie_rule():
    """Exact measures tie on equal fractions only; real ones within TIE_RTOL · max(1, |a|, |b|)."""
    assert M.compare("accuracy", "7/10", Fraction(14, 20)) == 0
    assert M.compare("accuracy", "7/10", "700000001/1000000000") == -1  # 1e-9 apart: exact, not tied
    assert M.compare("auc", 0.75, 0.75 + 5e-10) == 0
    assert M.compare("auc", 0.75, 0.75 + 5e-9) == -1  # 1 / (2 n0 n1) at n0 n1 = 10⁸
    assert M.compare("log_loss", 30.0, 30.0 + 2e-8) == 0  # relative above 1
    assert M.compare("log_loss", 30.0, 30.0 + 4e-8) == 1
    assert M.compare("auc", float("nan"), 0.5) == 0
    # the same probabilities in another order: the sums round differently, the Brier scores tie
    rng = np.random.default_rng(3)
    y, pred, p, classes = _random_fold(rng, 4, n=5000)
    order = rng.permutation(len(y))
    a = M.measure_value("brier", y, pred, p, classes)
    b = M.measure_value("brier", y[order], pred[order], p[order], classes)
    assert M.compare("brier", a, b) == 0


def test_fold_measures_frame():
    rng = np.random.default_rng(5)
    y, pred, p, classes = _random_fold(rng, 3, n=30)
    scores = pd.DataFrame({"row": range(30), "fold": np.repeat([0, 1], 15), "y_true": y, "y_pred": pred,
                           **{f"p:{c}": p[:, i] for i, c in enumerate(classes)}})
    out = M.fold_measures(scores)
    assert list(out.columns) == ["fold", "measure", "value", "exact", "n_test"]
    assert len(out) == 2 * len(M.MEASURES)
    acc = out[(out["fold"] == 1) & (out["measure"] == "accuracy")].iloc[0]
    assert Fraction(acc["exact"]) == Fraction(int(np.sum(y[15:] == pred[15:])), 15)
    assert acc["value"] == pytest.approx(skm.accuracy_score(y[15:], pred[15:]))
    assert out[out["measure"] == "mcc"]["exact"].eq("").all()
    assert M.fold_measures(scores.iloc[:0]).empty
    with pytest.raises(KeyError, match="unknown measure 'auroc'"):
        M.fold_measures(scores, ["auroc"])


def test_config_names_are_the_registry():
    """The schema's list of a study's measures is the registry's, and null means all of them."""
    from aucacc.schemas import _config_schema

    enum = _config_schema()["$defs"]["study"]["properties"]["measures"]["items"]["enum"]
    assert enum == list(M.MEASURES)
    ropes = _config_schema()["properties"]["statistics"]["properties"]["measure_ropes"]["propertyNames"]["enum"]
    assert ropes == list(M.MEASURES)  # statistics.measure_ropes names the same measures (docs/analyses.md)
    assert M.study_measure_names({"measures": None}) == list(M.MEASURES)
    assert M.study_measure_names({"measures": ["brier", "auc"]}) == ["brier", "auc"]
    with pytest.raises(KeyError, match="'auroc'"):
        M.study_measure_names({"measures": ["auroc"]})


def test_measures_rank_tiny_posteriors_as_scikit_learn_and_accept_a_rounding_error_below_zero():
    """AUNU, AUNP and the H-measure rank by the project's class score (log p, ties relative), so posteriors spread
    over 1e-25…1e-1 are kept apart as scikit-learn keeps them (an absolute tolerance chained them into one tie:
    a review); a probability a rounding error below 0, which the learner checks accept, ranks as 0."""
    from sklearn.metrics import roc_auc_score

    from hmeasure import h_score

    rng = np.random.default_rng(5)
    n = 600
    y = np.array(["a", "b", "c"])[rng.integers(0, 3, n)]
    pc = np.where(y == "c", 10 ** rng.uniform(-20, -1, n), 10 ** rng.uniform(-25, -4, n))
    pa = (1 - pc) * rng.uniform(0.2, 0.8, n)
    P = np.c_[pa, 1 - pc - pa, pc]
    for name, avg in (("aunu", "macro"), ("aunp", "weighted")):
        assert M.measure_value(name, y, y, P, ["a", "b", "c"]) == pytest.approx(
            roc_auc_score(y, P, multi_class="ovr", average=avg), abs=1e-12)
    yb = (y == "c").astype(int)
    Pb = np.c_[1 - pc, pc]
    lab = np.where(yb == 1, "b", "a")
    assert M.measure_value("h_measure", lab, lab, Pb, ["a", "b"]) == pytest.approx(
        h_score(yb, pc, severity_ratio=1), abs=1e-9)
    neg = np.array([[1.0000000000000002, -2e-16], [0.2, 0.8], [0.7, 0.3], [0.4, 0.6]])
    assert M.measure_value("auc", np.array(["a", "b", "a", "b"]), np.array(["a", "b", "a", "b"]), neg,
                           ["a", "b"]) == 1.0
