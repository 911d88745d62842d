"""The scorecard reads the tables and applies each criterion; checked on hand-made tables."""

import pandas as pd

from aucacc.report.scorecard import scorecard


def test_scorecard_criteria(tmp_path):
    # d is a data set added by a user (no published counts): it must not count.
    pd.DataFrame({"dataset": list("abcd"), "published_instances": [10, 20, 30, None],
                  "match_instances": [True, True, False, False],
                  "match_classes": [True, False, True, False]}).to_csv(tmp_path / "datasets.csv", index=False)
    pd.DataFrame({"pair": ["X vs Y"], "C": [0.6], "D": [0.9], "published_C": [0.7], "published_D": [3.0]}).to_csv(
        tmp_path / "cde_folds.csv", index=False)
    pd.DataFrame({"metric": ["auc"], "a": ["X"], "b": ["Y"], "level": ["dataset"], "p": [0.01],
                  "verdict": ["X significantly higher"], "published_outcome": ["X significantly higher"],
                  "agrees": [True]}).to_csv(tmp_path / "significance_uci.csv", index=False)
    card = scorecard(tmp_path).set_index("area")
    # 1 of 3 data sets match both counts → fails "≥ 12 of 18".
    assert card.loc["data sets", "ours"] == "1 match" and card.loc["data sets", "result"] == "FAIL"
    assert card.loc["data sets", "published"] == "3 data sets"
    assert card.loc["Knowl 4 (C/D/E on folds)", "result"] == "FAIL"  # D = 0.9 is not > 1
    assert card.loc["t-tests (18 sets)", "result"] == "pass"


def test_scorecard_synthetic_precision(tmp_path):
    # Published 0.935 at 3 decimals: 0.9347 rounds to it (pass), 0.9344 does not (fail).
    pd.DataFrame({"experiment": ["balanced", "balanced"], "setting": ["2n=16", "2n=18"], "C": [0.9347, 0.9344],
                  "D": [None, None], "E": [None, None], "published_C": [0.935, 0.935],
                  "match_C": [True, False]}).to_csv(tmp_path / "synthetic_balanced.csv", index=False)
    card = scorecard(tmp_path)
    assert list(card["result"]) == ["pass", "FAIL"]
