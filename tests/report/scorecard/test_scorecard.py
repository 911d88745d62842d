"""The scorecard: a row for every published cell and verdict, each judged by the rule of config/claims.yaml.

Rules are checked on hand-made tables at their boundaries; the row count is checked against
the published CSVs read independently of the claims file.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from aucacc.report.claims import ClaimsError, fold_mean_tolerance, fold_sd_bounds, load_claims
from aucacc.report.scorecard import expectation_mismatches, load_published, scorecard as _scorecard, summary

ROOT = Path(__file__).resolve().parents[3]
PUB = ROOT / "config" / "published"
CLAIMS = ROOT / "config" / "claims.yaml"


def scorecard(tables, claims=None):
    """The scorecard of ``tables`` against the repository's published CSVs and claims file."""
    return _scorecard(tables, claims or load_claims(CLAIMS), load_published(PUB.glob("*.csv")), 0.05)
# Columns that name a cell's row (or hold a free-text note), not a published value.
ID_COLUMNS = {"dataset", "table", "metric", "learner", "a", "b", "pair", "experiment", "setting", "cutoff",
              "metric_value", "note", "range"}


def published_cells():
    """(file stem, row index, column) of every non-empty value cell of config/published/*.csv."""
    out = []
    for f in sorted(PUB.glob("*.csv")):
        df = pd.read_csv(f, dtype=str, keep_default_na=False)
        for i, row in df.iterrows():
            out += [(f.stem, i, c) for c in df.columns if c not in ID_COLUMNS and row[c].strip()]
    return out


def test_claims_file_is_valid_and_names_every_published_file():
    claims = load_claims(CLAIMS)
    assert {f.stem for f in PUB.glob("*.csv")} == set(claims["tables"])
    assert claims["rules"]["average"]["abs"] == 1.5  # project criterion: a faithful run is within about 1.5 points


def test_claims_errors_name_the_key(tmp_path):
    bad = yaml.safe_load((ROOT / "config" / "claims.yaml").read_text())
    bad["tables"]["cde_folds"]["columns"]["R"] = "no_such_rule"
    p = tmp_path / "claims.yaml"
    p.write_text(yaml.safe_dump(bad))
    with pytest.raises(ClaimsError, match="tables.cde_folds.*no_such_rule"):
        load_claims(p)
    bad = yaml.safe_load((ROOT / "config" / "claims.yaml").read_text())
    bad["status"][0]["status"] = "ok"
    p.write_text(yaml.safe_dump(bad))
    with pytest.raises(ClaimsError, match="status.0.status"):
        load_claims(p)


def test_a_row_for_every_published_cell_and_verdict():
    card = scorecard({})  # no results at all: every cell still gets its row
    cells = published_cells()
    rows = card[card["kind"] == "cell"]
    assert len(rows) == len(cells) == 397 + 47  # Huang & Ling's, then Provost & Fawcett's (42 + 5)
    assert rows["cell"].is_unique
    per_file = rows["table"].value_counts().to_dict()
    assert per_file == pd.Series([c[0] for c in cells]).value_counts().to_dict()
    verdicts = card[card["kind"] == "verdict"]
    assert len(verdicts) == len(load_claims(CLAIMS)["verdicts"]) and len(verdicts) > 0
    assert set(card["status"]) <= {"missing", "explained", "not reproducible"}
    s = summary(card).set_index("table")
    assert s.loc["all", "rows"] == len(card)


def _main(rows):
    return pd.DataFrame(rows, columns=["dataset", "learner", "metric", "mean", "sd"])


def test_fold_rules_at_their_boundaries():
    # breast NB accuracy published 97.5 ± 2.9: tolerance max(3, 4.35) = 4.35.
    assert float(fold_mean_tolerance(2.9, load_claims(CLAIMS))) == pytest.approx(4.35)
    lo, hi = fold_sd_bounds(2.9, 0.1, load_claims(CLAIMS))
    assert lo == pytest.approx(2.85 / 2.006, rel=1e-3) and hi == pytest.approx(2.95 * 2.006, rel=1e-3)
    t = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 97.5 + 4.34, 2.9),
                                  ("breast", "C4.4", "accuracy", 92.9 - 4.6, 7.0)])}
    card = scorecard(t).set_index("cell")
    # 4.34 is inside max(3, 4.35) only through the 1.5-sd widening: with no explanation in the claims file, a FAIL.
    r = card.loc["uci_nb_c44_c45:breast:nb_acc"]
    assert r["status"] == "FAIL" and r["reason"].startswith("passes only through the widening")
    assert "no entry under 'widening.explained'" in r["reason"]
    t2 = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 97.5 + 2.9, 2.9)])}
    assert scorecard(t2).set_index("cell").loc["uci_nb_c44_c45:breast:nb_acc", "status"] == "pass"  # within 3 points
    assert card.loc["uci_nb_c44_c45:breast:nb_acc_sd", "status"] == "pass"
    assert card.loc["uci_nb_c44_c45:breast:c44_acc", "status"] == "FAIL"  # 4.6 > max(3, 4.5)
    assert card.loc["uci_nb_c44_c45:breast:c44_acc_sd", "status"] == "FAIL"  # 7.0 > 3.05 × 2.006
    assert card.loc["uci_nb_c44_c45:breast:c44_acc", "sd_units"] == pytest.approx(-4.6 / 3.0)
    assert card.loc["uci_nb_c44_c45:wine:nb_acc", "status"] == "missing"
    # import C4.4 AUC: declared not reproducible whatever ours is.
    t = {"uci_nb_c44_c45": _main([("import", "C4.4", "auc", 94.4, 2.0)])}
    r = scorecard(t).set_index("cell").loc["uci_nb_c44_c45:import:c44_auc"]
    assert r["status"] == "not reproducible" and "rule alone: pass" in r["reason"]


def test_average_verdict_cde_and_synthetic_rules():
    main = _main([(d, "NB", "accuracy", m, 1.0) for d, m in (("x", 86.4 + 1.5), ("y", 86.4 + 1.5))])
    t = {"uci_nb_c44_c45": main,
         "cde_folds": pd.DataFrame({"pair": ["C4.4 vs NB"], "R": [84 + 13], "S": [29], "C": [0.743], "P": [55],
                                    "Q": [5], "D": [11.0], "V": [10], "E": [0.056]}),
         "significance_uci": pd.DataFrame({"metric": ["auc", "auc"], "a": ["NB", "NB"], "b": ["C4.4", "C4.4"],
                                           "level": ["dataset", "fold"], "n": [18, 180], "p": [0.01, 0.001],
                                           "verdict": ["NB significantly higher"] * 2}),
         "synthetic_balanced": pd.DataFrame({"setting": ["2n=16", "2n=6", "2n=4"], "C": [0.93449, 0.99, 1.0],
                                             "D": [18.951, 15.5, None], "E": [0.0156, 0.05, 0.06666]})}
    card = scorecard(t).set_index("cell")
    # The published 2-decimal average is in the published file, ours over the paper's data sets only:
    # x and y are not among them, so nothing is averaged.
    assert card.loc["uci_averages:uci_nb_c44_c45/accuracy/NB:average", "status"] == "missing"
    # R: 97 vs 84 of 180, 2 binomial sd = 2·sqrt(180·0.467·0.533) = 13.4 → pass; Q 5 vs 2: sd 1.41 → FAIL.
    assert card.loc["cde_folds:C4.4 vs NB:R", "status"] == "pass"
    assert card.loc["cde_folds:C4.4 vs NB:Q", "status"] == "FAIL"
    assert card.loc["cde_folds:C4.4 vs NB:D", "status"] == "pass"  # D > 1
    assert card.loc["significance:uci_nb_c44_c45/auc/NB/C4.4:published_outcome", "status"] == "FAIL"
    assert "fold level" in card.loc["significance:uci_nb_c44_c45/auc/NB/C4.4:published_outcome", "reason"]
    # Printed precision: 0.93449 does not round to 0.935; 18.951 rounds to 19.0, not 18.9.
    assert card.loc["synthetic_endpoints:balanced/2n=16:C", "status"] == "FAIL"
    assert card.loc["synthetic_endpoints:balanced/2n=16:D", "status"] == "FAIL"
    assert card.loc["synthetic_endpoints:balanced/2n=16:E", "status"] == "pass"
    assert card.loc["synthetic_endpoints:balanced/2n=4:E", "status"] == "pass"
    assert card.loc["verdict:balanced_e_falls", "status"] == "FAIL"  # 0.0156 → 0.05 → 0.0667 is not falling


def test_average_over_the_papers_data_sets():
    pub = pd.read_csv(PUB / "uci_nb_c44_c45.csv")
    rows = [(d, "NB", "accuracy", m, 1.0) for d, m in zip(pub["dataset"], pub["nb_acc"])]
    rows.append(("sonar", "NB", "accuracy", 0.0, 1.0))  # an added data set must not move the average
    card = scorecard({"uci_nb_c44_c45": _main(rows)}).set_index("cell")
    r = card.loc["uci_averages:uci_nb_c44_c45/accuracy/NB:average"]
    assert r["ours"] == pytest.approx(pub["nb_acc"].mean()) and r["status"] == "pass"


def test_expectations_notice_a_changed_status(tmp_path):
    claims = load_claims(CLAIMS)
    judged = lambda card: card[card["status"] != "missing"]  # noqa: E731 (only breast's cell is made here)
    t = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 97.5, 2.9)])}
    assert expectation_mismatches(judged(scorecard(t, claims)), claims) == []
    t = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 90.0, 2.9)])}
    bad = expectation_mismatches(judged(scorecard(t, claims)), claims)
    assert len(bad) == 1 and bad[0].startswith("uci_nb_c44_c45:breast:nb_acc: FAIL, expected pass")
    # A known fail that starts to pass is noticed too.
    claims = {**claims, "known_fail": [{"cells": ["uci_nb_c44_c45:breast:nb_acc"], "reason": "hand-made test case"}]}
    t = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 97.5, 2.9)])}
    bad = expectation_mismatches(judged(scorecard(t, claims)), claims)
    assert len(bad) == 1 and "pass, expected FAIL" in bad[0]


def test_a_missing_row_is_a_difference_from_the_claims_file():
    claims = load_claims(CLAIMS)
    t = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 97.5, 2.9)])}
    card = scorecard(t, claims)
    missing = card[card["status"] == "missing"]
    assert len(missing) > 0  # every other published cell: no table of ours has it
    bad = expectation_mismatches(card, claims)
    assert len(bad) == len(missing)
    assert all(": missing, expected " in b for b in bad)
    assert expectation_mismatches(card[card["status"] != "missing"], claims) == []


# --- the bound on a fold sd, the systematic shift, the impossible AUCs, the new verdicts -------------

def test_fold_sizes_and_the_smallest_fold_sd_by_hand():
    from aucacc.report.scorecard.evidence import min_fold_accuracy_sd, stratified_fold_sizes

    assert stratified_fold_sizes(61, 10) == [7] + [6] * 9
    assert stratified_fold_sizes(345, 10) == [35] * 5 + [34] * 5
    with pytest.raises(ValueError, match="3 instances cannot be split into 10"):
        stratified_fold_sizes(3, 10)
    # Two folds of 2: accuracies 0, 50 or 100. Mean 50: (50, 50) gives sd 0; mean 25: only (0, 50), sd 50/√2.
    assert min_fold_accuracy_sd([2, 2], 50.0)[0] == 0.0
    assert min_fold_accuracy_sd([2, 2], 25.0)[0] == pytest.approx(50 / 2 ** 0.5)
    assert np.isnan(min_fold_accuracy_sd([2, 2], 10.0)[0])  # no pair of accuracies has mean 10
    # echocardio, 61 instances (folds 7, 9×6), printed mean 73.6 (73.55–73.65). Near 73.6 a 6-fold is 4/6 or 5/6
    # (66.7, 83.3) and the 7-fold 5/7 or 6/7 (71.4, 85.7). 6/7 + six 4/6 + three 5/6 = (85.71 + 400 + 250)/10
    # = 73.571; its sd by hand: deviations 12.14, −6.90 (×6), 9.76 (×3); squares 147.4 + 6·47.6 + 3·95.3 = 719.0;
    # /9 = 79.9; sd 8.94. Every other vector with that mean is more spread (checked by brute force below).
    sd, vals = min_fold_accuracy_sd([7] + [6] * 9, 73.6, 0.05)
    assert sd == pytest.approx(8.94, abs=0.005)
    assert sorted(np.round(vals, 2)) == [66.67] * 6 + [83.33] * 3 + [85.71]
    # NB's 71.9: 6/7, seven 4/6, two 5/6 → sd 8.46.
    assert min_fold_accuracy_sd([7] + [6] * 9, 71.9, 0.05)[0] == pytest.approx(8.46, abs=0.005)


def test_smallest_fold_sd_against_brute_force():
    import itertools

    from aucacc.report.scorecard.evidence import min_fold_accuracy_sd

    sizes = [3, 3, 4, 14]  # 14 > 12: the windowed search; the brute force tries every count
    for mean in (40.0, 62.5, 71.4):
        best = np.inf
        for ks in itertools.product(*[range(n + 1) for n in sizes]):
            v = np.array(ks) * 100 / np.array(sizes)
            if abs(v.mean() - mean) <= 0.5 + 1e-9:
                best = min(best, v.std(ddof=1))
        assert min_fold_accuracy_sd(sizes, mean, 0.5)[0] == pytest.approx(best)


def _shifted(shift_c44):
    rows = [("pima", "NB", "accuracy", 71.4 + 8, 5.0), ("pima", "C4.4", "accuracy", 71.9 + shift_c44, 5.0),
            ("pima", "C4.5", "accuracy", 71.7 + 7.5, 5.0), ("pima", "NB", "auc", 75.9 + 11, 5.0),
            ("pima", "C4.4", "auc", 73.4 + 12, 5.0), ("pima", "C4.5", "auc", 72.4 + 7, 5.0)]
    return {"uci_nb_c44_c45": _main(rows)}


def test_a_same_sign_shift_of_every_learner_is_a_fail_row():
    card = scorecard(_shifted(9.0)).set_index("cell")
    r = card.loc["shift:uci_nb_c44_c45:pima"]
    assert r["status"] == "FAIL" and r["table"] == "systematic_shift"
    assert r["difference"] == pytest.approx((8 + 9 + 7.5 + 11 + 12 + 7) / 6)
    # Each accuracy cell alone passes only by the 1.5-sd widening: explained by the shift row, which is what fails.
    r = card.loc["uci_nb_c44_c45:pima:c44_acc"]
    assert r["status"] == "explained" and "the finding is the FAIL row shift:uci_nb_c44_c45:pima" in r["reason"]
    # One learner within 3 points (or the other way): no shift.
    assert scorecard(_shifted(2.9)).set_index("cell").loc["shift:uci_nb_c44_c45:pima", "status"] == "pass"
    assert scorecard(_shifted(-9.0)).set_index("cell").loc["shift:uci_nb_c44_c45:pima", "status"] == "pass"
    # A data set without ours is missing, not pass.
    assert scorecard(_shifted(9.0)).set_index("cell").loc["shift:uci_nb_c44_c45:wine", "status"] == "missing"
    # The threshold is the claims file's.
    claims = load_claims(CLAIMS)
    claims = {**claims, "rules": {**claims["rules"], "shift": {**claims["rules"]["shift"], "abs": 9.5}}}
    assert scorecard(_shifted(9.0), claims).set_index("cell").loc["shift:uci_nb_c44_c45:pima", "status"] == "pass"


def test_no_cell_listed_as_impossible_passes():
    from aucacc.report.scorecard.evidence import impossible_but_passing

    claims = load_claims(CLAIMS)
    imp = pd.DataFrame({"dataset": ["mushroom"], "learner": ["C4.4"], "published_accuracy": [100.0],
                        "published_accuracy_sd": [0.0], "published_auc": [99.9], "published_auc_sd": [0.0], "why": ["x"]})
    t = {"uci_nb_c44_c45": _main([("mushroom", "C4.4", "auc", 100.0, 0.0)]), "auc_impossible": imp}
    card = scorecard(t, claims)
    assert impossible_but_passing(card, t) == []
    assert card.set_index("cell").loc["uci_nb_c44_c45:mushroom:c44_auc", "status"] == "not reproducible"
    # Without the declaration the rule alone would pass it: the consistency check still refuses the pass.
    undeclared = {**claims, "status": [e for e in claims["status"] if not any("mushroom" in c for c in e["cells"])]}
    r = scorecard(t, undeclared).set_index("cell").loc["uci_nb_c44_c45:mushroom:c44_auc"]
    assert r["status"] == "not reproducible" and "auc_impossible.csv" in r["reason"]


def test_echocardio_sd_cells_carry_the_computed_bound():
    t = {"uci_nb_c44_c45": _main([("echocardio", "C4.4", "accuracy", 75.0, 15.0)])}
    r = scorecard(t).set_index("cell").loc["uci_nb_c44_c45:echocardio:c44_acc_sd"]
    assert r["status"] == "not reproducible"
    assert "61 instances" in r["reason"] and "fold sd ≥ 8.9" in r["reason"]


def _profit(auc_15, acc_15):
    vals = [0.5, 0.6, 0.7, 0.8, 0.9]
    rows = [("paper", 0.15, m, v, p, "exact-enumeration") for m, ps in (("auc", auc_15), ("acc", acc_15))
            for v, p in zip(vals, ps)]
    return pd.DataFrame(rows, columns=["setting", "cutoff", "metric", "metric_value", "expected_profit", "method"])


def test_profit_widening_and_steeper_curve_verdicts():
    acc = [15, 24, 33, 42, 51]  # slope 90 per unit
    rising = _profit([15, 27, 39, 50, 60], acc)  # differences 0, 3, 6, 8, 9: widen; slopes 120, 120, 110, 100
    card = scorecard({"profit": rising}).set_index("cell")
    # Both are known fails (the real differences fall at 15 %): a pass is reported as a change to the claims file.
    assert card.loc["verdict:profit_advantage_widens", "status"] == "pass"
    assert card.loc["verdict:profit_advantage_widens", "reason"].startswith("listed as a known fail but passes")
    assert "rises throughout" in card.loc["verdict:profit_advantage_widens", "ours"]
    assert "0.8–0.9 100/90" in card.loc["verdict:profit_auc_steeper", "ours"]
    assert card.loc["verdict:profit_auc_steeper", "reason"].startswith("listed as a known fail but passes")
    falling = _profit([15, 27, 39, 50, 57], acc)  # 0.8 → 0.9: difference 8 → 6, slope 70 < 90
    card = scorecard({"profit": falling}).set_index("cell")
    assert "falls 0.8→0.9" in card.loc["verdict:profit_advantage_widens", "ours"]
    assert card.loc["verdict:profit_advantage_widens", "status"] == "FAIL"
    assert card.loc["verdict:profit_auc_steeper", "reason"].startswith("known:")


def test_highest_row_verdict_counts_a_tie_as_not_highest():
    cde = pd.DataFrame({"pair": ["C4.4 vs NB", "C4.5 vs NB", "C4.5 vs C4.4"], "E": [0.1, 0.2, 0.3], "D": [5, 6, 7],
                        "C": [0.7, 0.7, 0.6], "n": [180] * 3,
                        **{k: [36] * 3 for k in "RSPQV"}})
    card = scorecard({"cde_folds": cde}).set_index("cell")
    assert card.loc["verdict:cde_c45_c44_highest_d", "status"] == "pass"
    assert card.loc["verdict:cde_c45_c44_highest_e", "reason"].startswith("listed as a known fail but passes")
    cde.loc[0, "E"] = 0.3
    card = scorecard({"cde_folds": cde}).set_index("cell")
    assert card.loc["verdict:cde_c45_c44_highest_e", "status"] == "FAIL"
    assert "tied with C4.4 vs NB" in card.loc["verdict:cde_c45_c44_highest_e", "ours"]


def _scores(p1, pred, folds):
    return pd.DataFrame({"row": range(len(p1)), "fold": folds, "y_true": ["a", "b"] * (len(p1) // 2),
                         "y_pred": pred, "p:a": p1, "p:b": [1 - x for x in p1]})


def test_score_ties_counts_distinct_vectors_ties_and_identical_learners():
    from aucacc.report.scorecard.ties import identical_learners, score_ties

    folds = [0, 0, 0, 1, 1, 1]
    nb = _scores([0.9, 0.8, 0.3, 0.7, 0.6, 0.2], list("aabaab"), folds)  # 3 distinct per fold, no ties
    tree = _scores([0.8, 0.8, 0.2, 0.6, 0.6, 0.6], list("aabaaa"), folds)  # fold 0: 2 distinct; fold 1: 1
    # Another tree: other probabilities, but the same predictions and the same order in every fold as `tree`.
    twin = _scores([0.7, 0.7, 0.1, 0.55, 0.55, 0.55], list("aabaaa"), folds)
    meta = {"kinds": {"a": "nominal", "x": "numeric"}, "domains": {"a": list("pqr")}}  # 3 values × 4 intervals
    t = score_ties({("d", "NB"): nb, ("d", "C4.4"): tree, ("d", "C4.5"): twin}, {"d": 3}, {"d": meta},
                   {"d": {"cut_points": {"x": [1, 2, 3]}}}).data.set_index("learner")
    assert t.loc["NB", "distinct_per_fold"] == 3 and t.loc["NB", "tied_share"] == 0
    assert t.loc["C4.4", "distinct_per_fold"] == 1.5 and t.loc["C4.4", "distinct_max"] == 2
    assert t.loc["C4.4", "tied_share"] == pytest.approx(5 / 6)  # 2 tied in fold 0, 3 in fold 1
    assert t.loc["NB", "paper_bound_2n"] == 8 and t.loc["NB", "value_combinations"] == 12
    assert t.loc["C4.4", "same_predictions_as"] == "C4.5" and t.loc["C4.4", "same_ranking_as"] == "C4.5"
    assert t.loc["NB", "same_predictions_as"] == ""
    assert identical_learners(t.reset_index()) == {}
    t2 = score_ties({("liver", "NB"): tree, ("liver", "C4.4"): twin}, {"liver": 1}).data
    assert identical_learners(t2) == {"liver": ["NB", "C4.4"]}
    # The scorecard's verdicts read it: NB ties least, C4.5 most; NB within 2ⁿ.
    card = scorecard({"score_ties": t.reset_index()}).set_index("cell")
    assert card.loc["verdict:trees_tie_more", "status"] == "pass"
    assert card.loc["verdict:nb_at_most_2n", "status"] == "pass"
    # The liver evidence names the data set whose learners are identical.
    r = scorecard({"score_ties": t2, "datasets": pd.DataFrame({"dataset": ["liver"], "attributes": [1], "classes": [2],
                                                               "instances": [345]})}
                  ).set_index("cell").loc["datasets:liver:attributes"]
    assert "liver keeps 1 attribute(s)" in r["reason"] and "10 identical V folds" not in r["reason"]
    assert "2 identical V folds" in r["reason"] and "(the paper's table: 2)" in r["reason"]


def test_value_combinations_by_hand():
    from aucacc.report.scorecard.ties import value_combinations

    # Nominal of 4 and 3 values, a numeric one cut twice (3 intervals), one not cut (1 interval): 4·3·3·1 = 36.
    meta = {"kinds": {"a": "nominal", "b": "nominal", "x": "numeric", "y": "numeric"},
            "domains": {"a": list("pqrs"), "b": list("uvw")}}
    assert value_combinations(meta, {"cut_points": {"x": [1.5, 2.5], "y": []}}) == 36
