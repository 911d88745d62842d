"""The worked-examples table: every example of the sources, recomputed by the library, matches.

The examples themselves are asserted one by one in tests/evaluation/test_source_metrics.py, test_roc.py and
test_significance.py; this checks the table the workflow writes from them (issue 20).
"""

import pytest

from aucacc.report.worked_examples import _rounds_to, worked_examples


def test_every_worked_example_matches():
    t = worked_examples().data
    assert t["match"].all(), t[~t["match"]].to_string()
    # Tharwat's 16 printed binary metrics, 3 three-class counts, 7 threshold statements and the end point of the PR
    # curve (P/(P+N) = 1/2); the rest (13) hand-computed.
    assert (t["reference"] == "printed").sum() == 27
    assert (t["reference"] == "hand-computed").sum() == 13
    end = t.set_index("quantity").loc["precision at the PR curve's end (recall 1, all predicted positive)"]
    assert end["ours"] == 0.5 and end["printed"] == "0.5"
    assert set(t["source"].str.split().str[0]) == {"Tharwat", "Fawcett", "Aggarwal", "Provost"}
    r = t.set_index("quantity")
    assert r.loc["PPV", "ours"] == pytest.approx(70 / 90) and r.loc["PPV", "printed"] == "0.78"
    assert r.loc["TN_B", "ours"] == 175 and r.loc["TN_B", "precision"] == "exact"


def test_printed_precision_is_half_up_and_can_fail():
    assert _rounds_to(0.7777, "0.78") and _rounds_to(0.735, "0.74") and _rounds_to(9.3333, "9.33")
    assert not _rounds_to(0.7749, "0.78") and not _rounds_to(0.6849, "0.683")
