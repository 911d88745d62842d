"""Weka 3.4.2's ROC area: the Python emulation against the real Java class, to 1e-12.

The oracle is ``weka-3.4.2-evaluation.jar`` (``ThresholdCurve`` revision 1.17 and the classes it
needs, compiled from Weka's ``stable-3-4-2`` tag; see its README in ``../shared/reference``). A tiny
driver is compiled into ``tmp_path`` at test time and run in its own JVM (its classes share
names with Weka 3.9's). Skipped when the jar, ``java`` or ``javac`` is absent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aucacc.weka342 import roc_area, threshold_curve, weka_sort
from helpers import shared_reference

JAR_NAME = "weka-3.4.2-evaluation.jar"

DRIVER = r"""
import java.io.*;
import weka.core.FastVector;
import weka.classifiers.evaluation.NominalPrediction;
import weka.classifiers.evaluation.ThresholdCurve;

/** Reads cases ("case <classIndex>", then "<actual> <p0> <p1> ...", then "end"); prints each ROC area. */
public class Weka342Auc {
  public static void main(String[] args) throws Exception {
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    String line; FastVector preds = null; int ci = -1;
    while ((line = r.readLine()) != null) {
      line = line.trim();
      if (line.startsWith("case ")) { ci = Integer.parseInt(line.substring(5)); preds = new FastVector(); }
      else if (line.equals("end")) {
        System.out.println(Double.toString(ThresholdCurve.getROCArea(new ThresholdCurve().getCurve(preds, ci))));
      } else if (line.length() > 0) {
        String[] f = line.split(" ");
        double[] d = new double[f.length - 1];
        for (int i = 1; i < f.length; i++) d[i - 1] = Double.parseDouble(f[i]);
        preds.addElement(new NominalPrediction(Double.parseDouble(f[0]), d, 1.0));
      }
    }
  }
}
"""


def _find_jar() -> Path:
    """``AUCACC_WEKA342_JAR``, else the jar in ``<shared>/reference/weka-3.4.2`` (skips naming it if absent)."""
    if os.environ.get("AUCACC_WEKA342_JAR"):
        return Path(os.environ["AUCACC_WEKA342_JAR"])
    return shared_reference("reference", "weka-3.4.2", JAR_NAME)


@pytest.fixture(scope="module")
def weka342(tmp_path_factory):
    """``f(cases) -> list of areas`` from the real Weka 3.4.2 class; cases: (actual, proba, class_index)."""
    jar = _find_jar()
    if not shutil.which("java") or not shutil.which("javac"):
        pytest.skip("java or javac is missing (Weka 3.4.2's ROC area is compiled and run with them)")
    d = tmp_path_factory.mktemp("weka342")
    (d / "Weka342Auc.java").write_text(DRIVER)
    subprocess.run(["javac", "-cp", str(jar), "-d", str(d), str(d / "Weka342Auc.java")], check=True,
                   capture_output=True)

    def run(cases):
        lines = []
        for actual, proba, ci in cases:
            lines.append(f"case {ci}")
            for a, p in zip(actual, np.asarray(proba, dtype=float)):
                lines.append(" ".join([repr(float(a))] + [repr(float(v)) for v in p]))
            lines.append("end")
        out = subprocess.run(["java", "-cp", f"{jar}{os.pathsep}{d}", "Weka342Auc"], input="\n".join(lines) + "\n",
                             capture_output=True, text=True, check=True).stdout.split()
        return [float(v) for v in out]

    return run


def _binary(p1):
    p1 = np.asarray(p1, dtype=float)
    return np.column_stack([1 - p1, p1])


# ---------------------------------------------------------------- pure Python (no JVM)

def test_weka_sort_orders_ascending_and_is_a_permutation():
    rng = np.random.default_rng(3)
    v = rng.choice([0.1, 0.5, 0.5, 0.9, 0.2], size=57)
    idx = weka_sort(v)
    assert sorted(idx.tolist()) == list(range(57))
    assert np.all(np.diff(v[idx]) >= 0)


def test_weka_sort_is_not_stable_by_hand():
    # Hand trace of Utils.quickSort on [1, 1, 1]: pivot a[1] = 1; lo=0, hi=2 swap → [2, 1, 0]
    # (lo=1, hi=1) swap with itself → lo=2, hi=0; no sub-range left.
    assert weka_sort([1.0, 1.0, 1.0]).tolist() == [2, 1, 0]
    assert weka_sort([3.0, 1.0, 2.0]).tolist() == [1, 2, 0]


def test_perfect_separation_by_one_tied_block_gives_one_minus_half_over_p():
    # README: a fold separated perfectly by one tied block of P = 4 positives gives 0.875, not 1.
    actual = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    proba = _binary([0.1, 0.1, 0.1, 0.1, 0.9, 0.9, 0.9, 0.9])
    assert roc_area(actual, proba, 1) == pytest.approx(0.875, abs=1e-15)
    # By hand: points (TP, FP) after moving the first instance of each block: (4, 3), (3, 0);
    # normalised by (4, 3): (1, 1) → (0.75, 0): area 0.75·0 + trapezoid (1 + 0.75)/2 · 1 ... = 0.875.
    assert threshold_curve(actual, proba, 1).tolist() == [[4.0, 3.0], [3.0, 0.0]]


def test_distinct_scores_give_the_trapezoid_area_up_to_the_first_instance():
    # No ties: the only deviation of 3.4.2 is that rates are normalised by the first point,
    # which already lacks the lowest-scored instance. Lowest instance a negative: the curve
    # is the standard one over the remaining instances.
    from sklearn.metrics import roc_auc_score

    s = np.array([0.05, 0.2, 0.3, 0.45, 0.5, 0.7, 0.8, 0.95])
    y = np.array([0, 1, 0, 0, 1, 0, 1, 1])
    assert roc_area(y, _binary(s), 1) == pytest.approx(roc_auc_score(y[1:], s[1:]), abs=1e-15)


# ---------------------------------------------------------------- against the jar

def _hand_cases():
    cases = []
    sep = (np.array([0, 0, 0, 0, 1, 1, 1, 1]), _binary([0.1] * 4 + [0.9] * 4))
    cases += [(sep[0], sep[1], 1), (sep[0], sep[1], 0)]
    y = np.array([0, 1, 0, 0, 1, 0, 1, 1])
    s = _binary([0.05, 0.2, 0.3, 0.45, 0.5, 0.7, 0.8, 0.95])
    cases += [(y, s, 1), (y, s, 0), (y[::-1], s[::-1], 1)]
    # Ties mixing classes, in several input orders (quicksort order matters).
    y2 = np.array([1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0])
    s2 = _binary([0.5, 0.5, 0.5, 0.2, 0.2, 0.8, 0.5, 0.5, 0.2, 0.8, 0.8, 0.5])
    rng = np.random.default_rng(12)
    for _ in range(4):
        perm = rng.permutation(len(y2))
        cases += [(y2[perm], s2[perm], 1), (y2[perm], s2[perm], 0)]
    # Degenerate: a single positive that sorts first (TP0 = 0: division by zero in Java too).
    cases.append((np.array([1, 0, 0, 0]), _binary([0.1, 0.3, 0.6, 0.9]), 1))
    # Every score equal.
    cases.append((np.array([1, 0, 1, 0, 0]), _binary([0.5] * 5), 1))
    # Three classes, each class index.
    P3 = np.array([[0.7, 0.2, 0.1], [0.2, 0.2, 0.6], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6], [0.7, 0.2, 0.1],
                   [0.3, 0.4, 0.3], [0.1, 0.1, 0.8], [0.3, 0.4, 0.3]])
    y3 = np.array([0, 2, 1, 1, 0, 1, 2, 0])
    cases += [(y3, P3, k) for k in range(3)]
    return cases


def _random_tied_cases(n_cases=40):
    rng = np.random.default_rng(2005)
    cases = []
    for _ in range(n_cases):
        n = int(rng.integers(5, 60))
        k = int(rng.integers(2, 5))
        levels = rng.dirichlet(np.ones(k), size=int(rng.integers(1, 6)))  # few distinct vectors: many ties
        P = levels[rng.integers(0, len(levels), size=n)]
        y = rng.integers(0, k, size=n)
        cases.append((y, P, int(rng.integers(0, k))))
    return cases


def _check(weka342, cases):
    ours = [roc_area(a, p, c) for a, p, c in cases]
    theirs = weka342(cases)
    assert len(theirs) == len(cases)
    for i, (o, t) in enumerate(zip(ours, theirs)):
        if np.isnan(t):
            assert np.isnan(o), f"case {i}: jar NaN, ours {o}"
        else:
            assert o == pytest.approx(t, abs=1e-12), f"case {i}"


def test_hand_made_cases_equal_the_jar(weka342):
    _check(weka342, _hand_cases())


def test_random_cases_with_many_ties_equal_the_jar(weka342):
    _check(weka342, _random_tied_cases())


def test_fold_scores_of_our_learners_equal_the_jar(weka342, repo_config):
    """Fold scores as the workflow stores them (NB and C4.5 on hepatitis and iris), per fold and pooled."""
    from aucacc.auc_gap import weka342_cases
    from aucacc.datasets import load_dataset
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.evaluation.folds import derive_seed, stratified_folds
    from aucacc.learners.factory import make_learner

    cases = []
    for name in ("hepatitis", "iris"):
        ds = load_dataset(name, repo_config)
        folds = stratified_folds(ds.y, 10, derive_seed(repo_config["seed"], "folds", name))
        for lrn in ("NB", "C4.5"):
            scores, _ = cross_validate(ds, folds, lambda: make_learner(repo_config["learners"][lrn]), "whole_data")
            cases += weka342_cases(scores)
    assert len(cases) > 100
    _check(weka342, cases)


# ---------------------------------------------------------------- the reading in the AUC-gap analysis

def test_weka342_readings_on_a_hand_made_scores_frame():
    from aucacc.auc_gap import READINGS, reading_aucs

    # Two folds of four instances; class "b" (last) positive in the tied-block case of the README.
    sc = pd.DataFrame({"row": range(8), "fold": [0, 0, 0, 0, 1, 1, 1, 1],
                       "y_true": ["a", "a", "b", "b", "a", "b", "a", "b"],
                       "y_pred": ["a", "a", "b", "b", "a", "b", "a", "b"],
                       "p:a": [0.9, 0.9, 0.1, 0.1, 0.8, 0.3, 0.6, 0.2],
                       "p:b": [0.1, 0.1, 0.9, 0.9, 0.2, 0.7, 0.4, 0.8]})
    assert "weka342_fold_last_stored" in READINGS
    # Fold 0: one tied block of P = 2 positives → 1 − 1/(2·2) = 0.75. Fold 1, distinct scores
    # (0.2 a, 0.4 a, 0.7 b, 0.8 b): points after the lowest negative, normalised by (2, 1): area 1.
    assert reading_aucs(sc, "weka342_fold_last_stored").tolist() == pytest.approx([75.0, 100.0])
    # Pooled, class "a" first: the same computation on all eight predictions.
    actual = (sc["y_true"] == "b").astype(int).to_numpy()
    P = sc[["p:a", "p:b"]].to_numpy()
    assert reading_aucs(sc, "weka342_pooled_first_stored")[0] == pytest.approx(100 * roc_area(actual, P, 0))


def test_claim_verdicts_and_comparison_count_the_named_cells():
    from aucacc.auc_gap import claim_verdicts, weka342_comparison
    from aucacc.stats import paired_ttest

    rng = np.random.default_rng(0)
    ds = [f"d{i}" for i in range(6)]
    rows = []
    for reading, shift in (("standard", 0.0), ("weka342_fold_last_stored", -2.0)):
        for j, d in enumerate(ds):
            for lrn, base in (("NB", 80.0), ("C4.5", 75.0), ("SVM", 80.0)):
                if lrn == "SVM" and j >= 4:
                    continue
                auc = base + rng.normal(0, 1) + shift
                rows.append({"reading": reading, "dataset": d, "learner": lrn, "auc": auc,
                             "published_auc": base, "diff": auc - base})
    by = pd.DataFrame(rows)
    sig = pd.DataFrame({"table": ["uci_nb_c44_c45", "svm_binary13", "uci_nb_c44_c45"],
                        "metric": ["auc", "auc", "accuracy"], "a": ["NB", "SVM", "NB"], "b": ["C4.5", "C4.5", "C4.5"],
                        "published_outcome": ["NB significantly higher", "not significant", "not significant"]})
    cv = claim_verdicts(by, sig, 0.05).set_index(["reading", "table"])
    assert len(cv) == 4  # accuracy claims are left out
    std = by[by.reading == "standard"].pivot(index="dataset", columns="learner", values="auc")
    assert cv.loc[("standard", "uci_nb_c44_c45"), "p"] == pytest.approx(paired_ttest(std["NB"], std["C4.5"], 0.05).p)
    assert cv.loc[("standard", "svm_binary13"), "n"] == 4  # only the SVM's data sets
    cmp = weka342_comparison(by, sig, 0.05).set_index("reading")
    assert cmp.loc["standard", "n_nb_c44_c45"] == 12 and cmp.loc["standard", "n_svm"] == 4
    w = by[(by.reading == "weka342_fold_last_stored") & by.learner.isin(["NB", "C4.5"])]
    assert cmp.loc["weka342_fold_last_stored", "mad_nb_c44_c45"] == pytest.approx(w["diff"].abs().mean())
    assert bool(cmp.loc["weka342_fold_last_stored", "weka342"])


def test_gap_report_section_states_the_numbers():
    from aucacc.auc_gap import weka342_comparison
    from aucacc.auc_gap.markdown import _weka342_section

    rows = []
    for reading, shift in (("standard", 3.0), ("hard_label", 2.0), ("weka342_fold_last_stored", 1.0)):
        for j in range(4):
            for lrn in ("NB", "C4.4", "C4.5", "SVM"):
                rows.append({"reading": reading, "dataset": f"d{j}", "learner": lrn, "auc": 80 + shift + j * 0.1,
                             "published_auc": 80.0, "diff": shift + j * 0.1})
    by = pd.DataFrame(rows)
    text = "\n".join(_weka342_section(by, None, 0.05))
    cmp = weka342_comparison(by, None, 0.05).set_index("reading")
    assert f"{cmp.loc['weka342_fold_last_stored', 'mad_nb_c44_c45']:.2f}" in text
    assert "explains the published AUCs better than every reading tested before" in text
    assert "Over the 12 NB/C4.4/C4.5 cells" in text and "Over the 4 SVM cells" in text
