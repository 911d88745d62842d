"""The strict judgements and the sources on the scorecard (issue 34), each on hand-made cases.

A systematic offset per (table, metric) with its paired t-test; a pass only through the widened tolerance;
a coverage count that leaves out the data sets a shift row flags; the one trend rule on a dip; the
balanced limit; the C/D/E tally's reason naming every data set with tied folds; the claims of the
other sources that the outputs decide; every row carrying its source.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from aucacc.report.claims import load_claims
from aucacc.report.scorecard import (SOURCES, expectation_mismatches, load_published, scorecard as _scorecard,
                                     source_summary, tolerance_only)
from aucacc.roc.rocch import rocch_table

ROOT = Path(__file__).resolve().parents[3]
PUB = ROOT / "config" / "published"
CLAIMS = ROOT / "config" / "claims.yaml"
MAIN = pd.read_csv(PUB / "uci_nb_c44_c45.csv")


def scorecard(tables, claims=None):
    return _scorecard(tables, claims or load_claims(CLAIMS), load_published(PUB.glob("*.csv")), 0.05)


def _main(shift):
    """Our main table: every published mean (NB, C4.4, C4.5; accuracy and AUC) plus ``shift(dataset, learner,
    metric)``, with the published sd."""
    rows = []
    for r in MAIN.itertuples():
        for pre, lrn in (("nb", "NB"), ("c44", "C4.4"), ("c45", "C4.5")):
            for suf, metric in (("acc", "accuracy"), ("auc", "auc")):
                rows.append((r.dataset, lrn, metric, getattr(r, f"{pre}_{suf}") + shift(r.dataset, lrn, metric),
                             getattr(r, f"{pre}_{suf}_sd")))
    return pd.DataFrame(rows, columns=["dataset", "learner", "metric", "mean", "sd"])


# --- the offset per (table, metric) -----------------------------------------------------------------

def test_a_significant_offset_is_a_fail_row_and_a_balanced_one_is_not():
    # AUC: every cell 2 points above the paper, ± 0.5 by data set: each cell passes (within 3 points), the offset fails.
    rng = np.random.default_rng(1)
    bump = {d: 2.0 + rng.uniform(-0.5, 0.5) for d in MAIN["dataset"]}
    # Accuracy: +1 and −1 on alternate data sets: no offset.
    sign = {d: (1.0 if i % 2 else -1.0) for i, d in enumerate(MAIN["dataset"])}
    card = scorecard({"uci_nb_c44_c45": _main(lambda d, lrn, m: bump[d] if m == "auc" else sign[d])}).set_index("cell")
    auc, acc = card.loc["offset:uci_nb_c44_c45:auc"], card.loc["offset:uci_nb_c44_c45:accuracy"]
    assert auc["kind"] == "offset" and auc["source"] == "Huang & Ling 2005"
    assert auc["status"] == "FAIL" and auc["reason"].startswith("known: AUC gap")  # listed, with its explanation
    assert "AUC-gap" in auc["reason"] or "auc_gap" in auc["reason"] or "AUC gap" in auc["reason"]
    # The mean offset is over the data sets, the import and mushroom AUC cells (not reproducible) left out:
    # the reference: scipy's one-sample t-test of the per-data-set differences.
    # (import and mushroom keep NB's AUC: every data set stays, each at its own bump)
    diffs = np.array([bump[d] for d in MAIN["dataset"]])
    ref = stats.ttest_1samp(diffs, 0.0)
    assert auc["difference"] == pytest.approx(diffs.mean())
    assert f"over {len(diffs)} data sets" in auc["ours"] and f"p = {ref.pvalue:.2g}" in auc["ours"]
    assert "left out (not reproducible): import c44_auc" in auc["ours"]
    assert acc["status"] == "pass"
    assert acc["difference"] == pytest.approx(np.mean([sign[d] for d in MAIN["dataset"]]))
    assert acc["accept_lo"] < acc["difference"] < acc["accept_hi"]
    # The AUC cells themselves still pass one by one (within 3 points): the offset is the one finding.
    assert card.loc["uci_nb_c44_c45:breast:nb_auc", "status"] == "pass"


def test_an_offset_not_declared_is_a_plain_fail():
    claims = load_claims(CLAIMS)
    claims = {**claims, "known_fail": [e for e in claims["known_fail"]
                                       if "offset:uci_nb_c44_c45:auc" not in e["cells"]]}
    card = scorecard({"uci_nb_c44_c45": _main(lambda d, lrn, m: 2.0 if m == "auc" else 0.0)}, claims)
    r = card.set_index("cell").loc["offset:uci_nb_c44_c45:auc"]
    assert r["status"] == "FAIL" and r["reason"] == ""
    assert "offset:uci_nb_c44_c45:auc: FAIL, expected pass" in "\n".join(expectation_mismatches(card, claims))
    # Fewer than the whole table: missing, never a pass.
    part = _main(lambda d, lrn, m: 0.0)
    assert scorecard({"uci_nb_c44_c45": part[part["dataset"] != "wine"]}).set_index("cell").loc[
        "offset:uci_nb_c44_c45:accuracy", "status"] == "missing"


# --- cells that pass only by the widening of the tolerance -----------------------------------------------

def test_a_widened_auc_pass_is_explained_by_the_offset_row_and_only_while_it_fails():
    # hepatitis C4.5 AUC: published 72.7 ± 12.8 → tolerance max(3, 19.2); ours +10.19 passes only by the widening.
    bump = lambda d, lrn, m: (10.19 if (d, lrn) == ("hepatitis", "C4.5") else 2.0) if m == "auc" else 0.0  # noqa: E731
    claims = load_claims(CLAIMS)
    card = scorecard({"uci_nb_c44_c45": _main(bump)}, claims)
    r = card.set_index("cell").loc["uci_nb_c44_c45:hepatitis:c45_auc"]
    assert r["status"] == "explained"
    assert "(|ours − published| = 10.19 > 3 points)" in r["reason"]
    assert "the finding is the FAIL row offset:uci_nb_c44_c45:auc" in r["reason"]
    wide = tolerance_only(card, claims)
    assert list(wide["cell"]) == ["uci_nb_c44_c45:hepatitis:c45_auc"]
    assert not [m for m in expectation_mismatches(card, claims)
                if m.startswith(("uci_nb_c44_c45:hepatitis:c45_auc:", "offset:uci_nb_c44_c45:auc:"))]
    # Without the offset (the other AUC cells on the paper) the same cell is a FAIL: nothing explains it.
    lone = lambda d, lrn, m: 10.19 if (d, lrn, m) == ("hepatitis", "C4.5", "auc") else 0.0  # noqa: E731
    r = scorecard({"uci_nb_c44_c45": _main(lone)}).set_index("cell").loc["uci_nb_c44_c45:hepatitis:c45_auc"]
    assert r["status"] == "FAIL" and "but the row offset:uci_nb_c44_c45:auc is pass" in r["reason"]


# --- the SVM table (§IV-C): its own offset rows and widened cells, by the same code as the main table ----------

SVM = pd.read_csv(PUB / "svm_binary13.csv")


def _svm(shift):
    """Our SVM table: every published SVM mean (accuracy and AUC) plus ``shift(dataset, metric)``, with the
    published sd."""
    rows = [(r.dataset, "SVM", metric, getattr(r, f"svm_{suf}") + shift(r.dataset, metric), getattr(r, f"svm_{suf}_sd"))
            for r in SVM.itertuples() for suf, metric in (("acc", "accuracy"), ("auc", "auc"))]
    return pd.DataFrame(rows, columns=["dataset", "learner", "metric", "mean", "sd"])


def test_the_svm_table_has_its_own_offset_rows_hand_computed():
    # AUC: +2 points on every data set, heart +10 (82.1 ± 8.3: tolerance max(3, 12.45), a pass only by the
    # widening). import's AUC is declared not reproducible, so 12 data sets: eleven differences of 2 and one of 10,
    # mean 32/12 = 8/3, sd = √((11·(2/3)² + (22/3)²)/11) = 4/√3, se = (4/√3)/√12 = 2/3, t = 4 exactly.
    # Accuracy: +1 and −1 on alternate data sets (7 up, 6 down): mean 1/13, sd = √(14/13), se = √14/13, t = 1/√14.
    bump = lambda d, m: (10.0 if d == "heart" else 2.0) if m == "auc" else (1.0 if list(SVM["dataset"]).index(d) % 2 == 0 else -1.0)  # noqa: E731
    claims = load_claims(CLAIMS)
    card = scorecard({"svm_binary13": _svm(bump)}, claims)
    c = card.set_index("cell")
    auc, acc = c.loc["offset:svm_binary13:auc"], c.loc["offset:svm_binary13:accuracy"]
    assert auc["kind"] == "offset" and auc["source"] == "Huang & Ling 2005" and auc["section"].startswith("§IV-C")
    assert auc["difference"] == pytest.approx(8 / 3)
    assert "mean offset +2.67 points over 12 data sets (t = 4.00, p = 0.0021)" in auc["ours"]
    assert 2 * stats.t.sf(4.0, 11) == pytest.approx(0.0020862, abs=1e-7)
    assert auc["accept_hi"] == pytest.approx(stats.t.ppf(0.975, 11) * 2 / 3) == -auc["accept_lo"]
    assert "left out (not reproducible): import svm_auc" in auc["ours"] and "SVM +2.67 (12 cells)" in auc["ours"]
    assert auc["status"] == "FAIL" and auc["reason"].startswith("known: AUC gap")
    assert acc["status"] == "pass" and acc["difference"] == pytest.approx(1 / 13)
    assert f"t = {1 / np.sqrt(14):.2f}" in acc["ours"] and "over 13 data sets" in acc["ours"]
    assert acc["accept_hi"] == pytest.approx(stats.t.ppf(0.975, 12) * np.sqrt(14) / 13)
    # heart's AUC passes only by the widening: explained by the SVM table's own AUC offset row.
    r = c.loc["svm_binary13:heart:svm_auc"]
    assert r["status"] == "explained" and "(|ours − published| = 10.00 > 3 points)" in r["reason"]
    assert "the finding is the FAIL row offset:svm_binary13:auc" in r["reason"]
    assert list(tolerance_only(card, claims)["cell"]) == ["svm_binary13:heart:svm_auc"]
    mine = ("svm_binary13:heart:svm_auc:", "offset:svm_binary13:")
    assert not [m for m in expectation_mismatches(card, claims) if m.startswith(mine)]
    # Without the offset (every other AUC on the paper) nothing explains heart: a FAIL. The claims file lists the
    # AUC offset as a known FAIL, so the offset row that now passes is the difference the run reports.
    lone = lambda d, m: 10.0 if (d, m) == ("heart", "auc") else 0.0  # noqa: E731
    card = scorecard({"svm_binary13": _svm(lone)}, claims)
    r = card.set_index("cell").loc["svm_binary13:heart:svm_auc"]
    assert r["status"] == "FAIL" and "but the row offset:svm_binary13:auc is pass" in r["reason"]
    assert [m.split(" (")[0] for m in expectation_mismatches(card, claims) if m.startswith(mine)] == [
        "offset:svm_binary13:auc: pass, expected FAIL"]


def test_the_svm_pima_cells_are_explained_by_the_svm_shift_row():
    # pima +8 in accuracy (72.2 ± 6.3: tolerance 9.45) and AUC (72.2 ± 7.5: 11.25), every other cell on the paper.
    # Both SVM cells of pima beyond 3 points the same way: its shift row FAILs (known) and explains both cells.
    # The offsets: accuracy one 8 and twelve 0 over 13 data sets, mean 8/13, sd 8/√13, se 8/13, t = 1;
    # AUC (import left out) one 8 and eleven 0, mean 2/3, se 2/3, t = 1: neither significant.
    claims = load_claims(CLAIMS)
    card = scorecard({"svm_binary13": _svm(lambda d, m: 8.0 if d == "pima" else 0.0)}, claims)
    c = card.set_index("cell")
    assert c.loc["shift:svm_binary13:pima", "status"] == "FAIL"
    assert c.loc["shift:svm_binary13:pima", "ours"] == "mean shift +8.0 over 2 cells: SVM accuracy +8.0, SVM auc +8.0"
    for cell in ("svm_binary13:pima:svm_acc", "svm_binary13:pima:svm_auc"):
        assert c.loc[cell, "status"] == "explained"
        assert "the finding is the FAIL row shift:svm_binary13:pima" in c.loc[cell, "reason"]
    for metric, n, mean in (("accuracy", 13, 8 / 13), ("auc", 12, 2 / 3)):
        o = c.loc[f"offset:svm_binary13:{metric}"]
        assert o["status"] == "pass" and o["difference"] == pytest.approx(mean)
        assert f"over {n} data sets (t = 1.00, p = {2 * stats.t.sf(1.0, n - 1):.2g})" in o["ours"]
    assert not [m for m in expectation_mismatches(card, claims)
                if m.startswith(("svm_binary13:pima:", "shift:svm_binary13:pima:", "offset:svm_binary13:accuracy:"))]


def test_a_widened_svm_accuracy_cell_no_row_explains_is_its_own_known_fail():
    # hepatitis SVM accuracy: published 85.8 ± 4.2, tolerance max(3, 6.3); ours 3.68 below (the full run's
    # difference). The accuracy offset over 13 data sets (one −3.68, twelve 0: t = −1) is not significant and
    # hepatitis's AUC is on the paper (no same-sign shift): nothing explains it, so it is a FAIL, listed with its
    # own reason under known_fail, and the claims file expects exactly that.
    claims = load_claims(CLAIMS)
    card = scorecard({"svm_binary13": _svm(lambda d, m: -3.68 if (d, m) == ("hepatitis", "accuracy") else 0.0)},
                     claims)
    c = card.set_index("cell")
    assert c.loc["offset:svm_binary13:accuracy", "status"] == "pass"
    assert "(t = -1.00, p = " in c.loc["offset:svm_binary13:accuracy", "ours"]
    assert c.loc["shift:svm_binary13:hepatitis", "status"] == "pass"
    r = c.loc["svm_binary13:hepatitis:svm_acc"]
    assert r["status"] == "FAIL" and r["reason"].startswith("passes only through the widening of the tolerance to ± 6.3")
    assert "(|ours − published| = 3.68 > 3 points); known: hepatitis: the SVM's accuracy" in r["reason"]
    assert list(tolerance_only(card, claims)["cell"]) == ["svm_binary13:hepatitis:svm_acc"]
    assert not [m for m in expectation_mismatches(card, claims) if m.startswith("svm_binary13:hepatitis:svm_acc:")]
    # On the paper (within 3 points) the listed cell passes, and the run reports it as a difference from the claims.
    card = scorecard({"svm_binary13": _svm(lambda d, m: -2.0 if (d, m) == ("hepatitis", "accuracy") else 0.0)}, claims)
    r = card.set_index("cell").loc["svm_binary13:hepatitis:svm_acc"]
    assert r["status"] == "pass" and r["reason"].startswith("listed as a known fail but passes")
    assert [m.split(" (")[0] for m in expectation_mismatches(card, claims)
            if m.startswith("svm_binary13:hepatitis:svm_acc:")] == ["svm_binary13:hepatitis:svm_acc: pass, expected FAIL"]


# --- coverage verdicts leave out the cells a shift row flags ------------------------------------------------

def _coverage_case(pima_shift):
    # Two data sets off by 25 points in every learner's accuracy (FAIL); pima shifted by `pima_shift` in every cell.
    def bump(d, lrn, m):
        if d == "pima":
            return pima_shift
        return -25.0 if d in ("cars", "wine") and m == "accuracy" else 0.0
    return {"uci_nb_c44_c45": _main(bump)}


def test_coverage_count_leaves_out_the_flagged_data_set():
    ok = scorecard(_coverage_case(0.0)).set_index("cell").loc["verdict:accuracy_per_dataset_18"]
    assert ok["status"] == "pass" and ok["ours"].startswith("NB 16 of 18")
    # pima 6 points up in every cell (inside its 1.5-sd tolerances): its shift row fails, and its cells do not count.
    card = scorecard(_coverage_case(6.0)).set_index("cell")
    assert card.loc["shift:uci_nb_c44_c45:pima", "status"] == "FAIL"
    v = card.loc["verdict:accuracy_per_dataset_18"]
    assert v["status"] == "FAIL" and "NB 15 of 18" in v["ours"]
    # Even with no `widening` section (the cells stay 'pass'), the flagged data set is not counted.
    claims = load_claims(CLAIMS)
    claims = {k: x for k, x in claims.items() if k != "widening"}
    card = scorecard(_coverage_case(6.0), claims).set_index("cell")
    assert card.loc["uci_nb_c44_c45:pima:nb_acc", "status"] == "pass"
    v = card.loc["verdict:accuracy_per_dataset_18"]
    assert v["status"] == "FAIL" and "NB 15 of 18 (not counted, shift row FAIL: pima)" in v["ours"]


# --- the one trend rule ---------------------------------------------------------------------------------

def _balanced(d8):
    return pd.DataFrame({"setting": ["2n=4", "2n=6", "2n=8", "2n=16"], "C": [1.0, 0.99, 0.97, 0.935],
                         "D": [np.inf, 15.5, d8, 18.9], "E": [0.067, 0.05, 0.04, 0.016]})


def test_the_trend_rule_on_a_dip():
    # A dip of 0.04 is below what one printed decimal of D can show (tolerance 0.05): the trend holds.
    card = scorecard({"synthetic_balanced": _balanced(15.46)}).set_index("cell")
    assert card.loc["verdict:balanced_d_rises", "status"] == "pass"
    assert card.loc["verdict:balanced_c_falls", "status"] == "pass"
    # A dip of 0.85: the ends alone would pass, the rule does not.
    r = scorecard({"synthetic_balanced": _balanced(14.65)}).set_index("cell").loc["verdict:balanced_d_rises"]
    assert r["status"] == "FAIL" and "against at 2n=6→2n=8 by 0.85" in r["ours"]
    assert r["rule"].startswith("monotone within the printed precision")
    # The same rule for the varying split, in the order the claim gives (and its mirror, and the symmetry).
    vary = pd.DataFrame({"setting": ["1:9", "2:8", "3:7", "4:6", "5:5", "6:4", "7:3", "8:2", "9:1"],
                         "C": [1.0, 0.926, 0.939, 0.956, 0.963, 0.956, 0.939, 0.926, 1.0],
                         "D": [np.inf, 22.3, 15.5, 14.9, 15.2, 14.9, 15.5, 22.3, np.inf]})
    card = scorecard({"synthetic_varying_n10": vary}).set_index("cell")
    for v in ("varying_c_falls_d_rises", "varying_8_2"):
        assert card.loc[f"verdict:{v}", "status"] == "FAIL"  # known: the dip at 4:6 / 6:4
        assert "against at 5:5→" in card.loc[f"verdict:{v}", "ours"]
    assert card.loc["verdict:varying_symmetric", "status"] == "pass"
    vary.loc[7, "D"] = 22.0
    assert scorecard({"synthetic_varying_n10": vary}).set_index("cell").loc["verdict:varying_symmetric",
                                                                             "status"] == "FAIL"


def test_the_balanced_limit():
    ext = pd.DataFrame({"setting": ["2n=16", "2n=50", "2n=100"], "C": [0.935, 0.90, 0.872], "D": [18.9, 40.0, 74.2]})
    r = scorecard({"synthetic_balanced_extended": ext}).set_index("cell").loc["verdict:balanced_limit"]
    assert r["status"] == "FAIL" and r["reason"].startswith("known:")
    assert "C 0.872 at 2n=100" in r["ours"] and "D 74.2 at 2n=100" in r["ours"]
    near = ext.assign(C=[0.94, 0.9352, 0.9349], D=[18.9, 18.8, 19.2])
    r = scorecard({"synthetic_balanced_extended": near}).set_index("cell").loc["verdict:balanced_limit"]
    assert r["status"] == "pass"


# --- the C/D/E tally's reason names every data set with tied folds -----------------------------------------

def _fold_measures():
    """10 folds each of liver (every learner alike), import (C4.4 and NB alike, C4.5 not), mushroom (C4.5 and
    C4.4: equal accuracy, different AUC in 3 folds, equal in 7) and breast (nothing tied)."""
    rows = []
    for fold in range(10):
        vals = {"liver": {"NB": (0.6, 0.6), "C4.4": (0.6, 0.6), "C4.5": (0.6, 0.6)},
                "import": {"NB": (1.0, 1.0), "C4.4": (1.0, 1.0), "C4.5": (0.9, 0.95)},
                "mushroom": {"NB": (0.95, 0.99), "C4.4": (1.0, 1.0), "C4.5": (1.0, 1.0 if fold >= 3 else 0.999)},
                "breast": {"NB": (0.97, 0.99), "C4.4": (0.95, 0.97 + fold / 1000), "C4.5": (0.94, 0.96)}}
        for d, by in vals.items():
            for lrn, (acc, auc) in by.items():
                rows += [(d, lrn, "whole_data", fold, "accuracy", acc), (d, lrn, "whole_data", fold, "auc", auc)]
    return pd.DataFrame(rows, columns=["dataset", "learner", "protocol", "fold", "measure", "value"])


def test_the_tally_reason_names_each_data_set_with_tied_folds():
    from aucacc.report.scorecard.evidence import tied_folds

    f = _fold_measures()
    t = tied_folds(f, ["C4.4 vs NB", "C4.5 vs C4.4"])
    assert t["C4.4 vs NB"] == {"P": {}, "V": {"import": 10, "liver": 10}}
    assert t["C4.5 vs C4.4"] == {"P": {"mushroom": 3}, "V": {"liver": 10, "mushroom": 7}}
    pub = pd.read_csv(PUB / "cde_folds.csv")
    cde = pub.assign(n=180, P=pub["P"] + 20, V=pub["V"] + 30)  # far off: the known FAIL cells
    card = scorecard({"cde_folds": cde, "fold_measures": f}).set_index("cell")
    r = card.loc["cde_folds:C4.4 vs NB:V"]
    assert r["status"] == "FAIL"
    assert "V (accuracy and AUC both equal) 20 folds (the paper 10): import 10, liver 10" in r["reason"]
    r = card.loc["cde_folds:C4.5 vs C4.4:P"]
    assert "P (accuracy equal, AUC not) 3 folds (the paper" in r["reason"] and "mushroom 3" in r["reason"]
    assert "liver 10, mushroom 7" in r["reason"]


# --- the other sources' claims that the outputs decide ---------------------------------------------------

def _hull(points):
    """rocch_dominators-like rows of one data set from (learner, fpr, tpr) points."""
    pts = pd.DataFrame(points, columns=["learner", "fpr", "tpr"]).assign(threshold=0.5, fpr_sd=0.0, tpr_sd=0.0)
    return rocch_table(pts)


def test_provost_fawcett_claims_on_hand_made_hulls():
    dominated = _hull([("A", 0.1, 0.8), ("A", 0.3, 0.95), ("B", 0.2, 0.7)]).assign(dataset="d1", positive="p")
    mixed = _hull([("A", 0.1, 0.5), ("B", 0.3, 0.9), ("B", 0.05, 0.2)]).assign(dataset="d2", positive="p")
    tie = _hull([("A", 0.0, 1.0), ("B", 0.0, 1.0)]).assign(dataset="e0", positive="p")  # both perfect: a tie
    hull = pd.concat([dominated, mixed, tie] + [mixed.assign(dataset=f"e{i}") for i in range(1, 8)], ignore_index=True)
    check = pd.DataFrame({"dataset": ["d1", "d1", "d2", "d2"], "positive": "p", "learner": ["A", "B", "A", "B"],
                          "fold": 0, "auc_points": [0.85, 0.7, 0.6, 0.75], "auc_reference": [0.85, 0.7, 0.6, 0.75],
                          "abs_diff": [0.0, 0.0, 0.0, 1e-12], "reference": "rank", "n_points": 4})
    # Each learner's area over its own hull points (rocch_learner_auc). d1: A (0,0) (0.1,0.8) (0.3,0.95) (1,1) = 0.8975,
    # its hull; B (0,0) (0.2,0.7) (1,1) = 0.07 + 0.68 = 0.75. d2: A (0.1,0.5) = 0.025 + 0.675 = 0.7; B (0.05,0.2)
    # (0.3,0.9) = 0.005 + 0.1375 + 0.665 = 0.8075. The mean fold AUCs (check) are not what the claim bounds.
    learner_auc = pd.DataFrame({"dataset": ["d1", "d1", "d2", "d2"], "positive": "p", "learner": ["A", "B", "A", "B"],
                                "hull_points": "threshold", "n_points": [2, 1, 1, 2],
                                "auc": [0.8975, 0.75, 0.7, 0.8075], "auc_folds": [0.95, 0.7, 0.6, 0.75]})
    regret = pd.DataFrame({"dataset": ["d1", "d2"], "condition": ["m = 1", "m = 1"], "regret": [0.0, 0.05]})
    card = scorecard({"rocch_dominators": hull, "roc_auc_check": check, "rocch_learner_auc": learner_auc,
                      "rocch_hybrid": regret}).set_index("cell")
    d = card.loc["verdict:pf_dominance_rare"]
    assert d["source"] == "Provost & Fawcett 2001"
    # 1 of 10 dominated, as the paper: Fisher's exact test p = 1.
    assert "on 1 of 10 data sets (d1)" in d["ours"] and "p = 1" in d["ours"] and d["status"] == "pass"
    assert "2 counting exact ties (also: e0)" in d["ours"]
    h = card.loc["verdict:pf_hull_area"]
    # d1's hull: (0,0) (0.1,0.8) (0.3,0.95) (1,1): area 0.04 + 0.175 + 0.6825 = 0.8975, A's own (margin 0; its mean
    # fold AUC 0.95 would be above it). d2's: (0,0) (0.1,0.5) (0.3,0.9) (1,1) = 0.025 + 0.14 + 0.665 = 0.83 ≥ 0.8075.
    assert h["status"] == "pass" and "on 2 of 2 data sets" in h["ours"]
    assert "smallest margin +0 (d1, A)" in h["ours"], h["ours"]
    assert card.loc["verdict:pf_hybrid_not_worse", "status"] == "pass"
    assert card.loc["verdict:auc_formula_roc_points", "status"] == "pass"
    assert card.loc["verdict:fawcett_auc_is_rank_probability", "source"] == "Fawcett 2006"
    # Each can fail.
    check2 = check.assign(dataset=["f0", "f0", "f1", "f1"], auc_points=[0.95, 0.7, 0.6, 0.75],
                          abs_diff=[0.0, 0.0, 0.0, 1e-6])
    regret2 = regret.assign(regret=[0.0, -0.01])
    all_dominated = pd.concat([dominated.assign(dataset=f"f{i}") for i in range(10)], ignore_index=True)
    # A learner's area above the hull's (an inconsistent table: A 0.95 against d1's hull 0.8975).
    learner_auc2 = learner_auc.assign(dataset=["f0", "f0", "f1", "f1"], auc=[0.95, 0.75, 0.7, 0.8075])
    card = scorecard({"rocch_dominators": all_dominated, "roc_auc_check": check2, "rocch_learner_auc": learner_auc2,
                      "rocch_hybrid": regret2}).set_index("cell")
    assert card.loc["verdict:pf_hull_area", "status"] == "FAIL" and "f0 (A -0.0525)" in card.loc[
        "verdict:pf_hull_area", "ours"]
    assert card.loc["verdict:pf_dominance_rare", "status"] == "FAIL"  # 10 of 10 against 1 of 10
    assert card.loc["verdict:pf_hybrid_not_worse", "status"] == "FAIL"
    assert card.loc["verdict:auc_formula_roc_points", "status"] == "FAIL"


def test_hull_area_is_judged_on_the_points_the_hull_is_built_from_not_on_the_mean_fold_auc():
    """The full run's cars/SVM case in small: a learner that ranks each fold perfectly (fold AUC 1), with fold 0's
    scores all above fold 1's, has threshold-averaged points whose hull has area 0.875 < 1 (tests/roc/test_rocch.py
    works the numbers). Its area over those points is 0.75: the claim holds, by 0.125."""
    from aucacc.roc import analyse
    from aucacc.roc.experiment import learner_auc_table

    y = np.array(["p", "p", "n", "n"] * 2)
    s = np.r_[[.9, .8, .7, .6], [.5, .4, .3, .2]]
    frames = {"A": pd.DataFrame({"row": np.arange(8), "fold": np.repeat([0, 1], 4), "y_true": y, "p:n": 1 - s,
                                 "p:p": s})}
    res = analyse(frames, "p", "threshold", n_points=5, n_thresholds=10)
    info = {"dataset": "d", "positive": "p"}
    hull, check, curves = (res["hull"].assign(**info, hull_points="threshold"), res["folds"].assign(**info),
                           res["curves"].assign(**info))
    tables = {"rocch_dominators": hull, "rocch_learner_auc": learner_auc_table(hull, check, curves).data}
    h = scorecard(tables).set_index("cell").loc["verdict:pf_hull_area"]
    assert h["status"] == "pass" and "smallest margin +0.125 (d, A)" in h["ours"], h["ours"]
    # The mean fold AUC in its place (what the check read before) is above the hull: that is not the claim.
    wrong = check.groupby(["dataset", "positive", "learner"], as_index=False)["auc_points"].mean()
    h = scorecard({**tables, "rocch_learner_auc": wrong.rename(columns={"auc_points": "auc"})}).set_index(
        "cell").loc["verdict:pf_hull_area"]
    assert h["status"] == "FAIL" and "d (A -0.1250)" in h["ours"], h["ours"]


def test_worked_examples_are_rows_of_their_source_and_hand_checks_are_not_reproductions():
    from aucacc.report.worked_examples import worked_examples

    we = worked_examples().data
    card = scorecard({"worked_examples": we})
    w = card[card["kind"] == "worked example"]
    assert len(w) == len(we)
    printed = w[w["stat"] == "printed"]
    assert (printed["status"] == "pass").all() and (w[w["stat"] != "printed"]["status"] == "hand check").all()
    assert set(w.loc[w["status"] == "hand check", "source"]) == {"Fawcett 2006", "Aggarwal 2015",
                                                                 "Provost & Fawcett 2001"}
    s = source_summary(card).set_index("source")
    assert s.loc["Tharwat 2020", "pass"] == 27 and s.loc["Tharwat 2020", "hand check"] == 0
    assert s.loc["Aggarwal 2015", "pass"] == 0 and s.loc["Aggarwal 2015", "hand check"] == 4
    # A printed value that the library misses is a FAIL; so is a hand check it misses.
    bad = we.copy()
    bad.loc[0, "match"] = False
    bad.loc[bad["reference"] == "hand-computed", "match"] = False
    w = scorecard({"worked_examples": bad})
    w = w[w["kind"] == "worked example"]
    assert w.iloc[0]["status"] == "FAIL" and (w[w["stat"] != "printed"]["status"] == "FAIL").all()


def test_every_row_has_a_source():
    for tables in ({}, {"uci_nb_c44_c45": _main(lambda d, lrn, m: 0.0)}):
        card = scorecard(tables)
        assert card["source"].isin(SOURCES).all()
        s = source_summary(card)
        assert list(s["source"][:5]) == list(SOURCES) and s.iloc[-1]["rows"] == len(card)
    assert set(scorecard({})["source"]) == set(SOURCES) - {"Aggarwal 2015", "Tharwat 2020"}  # no worked examples
