"""The scorecard: a row for every published cell and verdict, each judged by the rule of config/claims.yaml.

Rules are checked on hand-made tables at their boundaries; the row count is checked against
the published CSVs read independently of the claims file.
"""

from pathlib import Path

import pandas as pd
import pytest
import yaml

from aucacc.report.claims import ClaimsError, fold_mean_tolerance, fold_sd_bounds, load_claims
from aucacc.report.scorecard import expectation_mismatches, scorecard, summary

ROOT = Path(__file__).resolve().parents[1]
PUB = ROOT / "config" / "published"
# Columns that name a cell's row (or hold a free-text note), not a published value.
ID_COLUMNS = {"dataset", "table", "metric", "learner", "a", "b", "pair", "experiment", "setting", "cutoff",
              "metric_value", "note"}


def published_cells():
    """(file stem, row index, column) of every non-empty value cell of config/published/*.csv."""
    out = []
    for f in sorted(PUB.glob("*.csv")):
        df = pd.read_csv(f, dtype=str, keep_default_na=False)
        for i, row in df.iterrows():
            out += [(f.stem, i, c) for c in df.columns if c not in ID_COLUMNS and row[c].strip()]
    return out


def test_claims_file_is_valid_and_names_every_published_file():
    claims = load_claims()
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
    assert len(rows) == len(cells) == 397
    assert rows["cell"].is_unique
    per_file = rows["table"].value_counts().to_dict()
    assert per_file == pd.Series([c[0] for c in cells]).value_counts().to_dict()
    verdicts = card[card["kind"] == "verdict"]
    assert len(verdicts) == len(load_claims()["verdicts"]) and len(verdicts) > 0
    assert set(card["status"]) <= {"missing", "explained", "not reproducible"}
    s = summary(card).set_index("table")
    assert s.loc["all", "rows"] == len(card)


def _main(rows):
    return pd.DataFrame(rows, columns=["dataset", "learner", "metric", "mean", "sd"])


def test_fold_rules_at_their_boundaries():
    # breast NB accuracy published 97.5 ± 2.9: tolerance max(3, 4.35) = 4.35.
    assert float(fold_mean_tolerance(2.9)) == pytest.approx(4.35)
    lo, hi = fold_sd_bounds(2.9, 0.1)
    assert lo == pytest.approx(2.85 / 2.006, rel=1e-3) and hi == pytest.approx(2.95 * 2.006, rel=1e-3)
    t = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 97.5 + 4.34, 2.9),
                                  ("breast", "C4.4", "accuracy", 92.9 - 4.6, 7.0)])}
    card = scorecard(t).set_index("cell")
    assert card.loc["uci_nb_c44_c45:breast:nb_acc", "status"] == "pass"
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
    claims = load_claims()
    t = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 97.5, 2.9)])}
    assert expectation_mismatches(scorecard(t, claims), claims) == []
    t = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 90.0, 2.9)])}
    bad = expectation_mismatches(scorecard(t, claims), claims)
    assert len(bad) == 1 and bad[0].startswith("uci_nb_c44_c45:breast:nb_acc: FAIL, expected pass")
    # A known fail that starts to pass is noticed too.
    claims = {**claims, "known_fail": [{"cells": ["uci_nb_c44_c45:breast:nb_acc"], "reason": "hand-made test case"}]}
    t = {"uci_nb_c44_c45": _main([("breast", "NB", "accuracy", 97.5, 2.9)])}
    bad = expectation_mismatches(scorecard(t, claims), claims)
    assert len(bad) == 1 and "pass, expected FAIL" in bad[0]
