"""aucacc.scores: the scores, fold-record and fold-metrics files are written and read in one module."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from aucacc.scores import (read_fold_records, read_score_files, read_scores, score_key, write_fold_records,
                           write_metrics, write_scores)


def _scores():
    return pd.DataFrame({"row": [0, 1, 2], "fold": [0, 0, 1], "y_true": ["a", "b", "a"], "y_pred": ["a", "a", "a"],
                         "p:a": [0.9, 0.6, 1 / 3], "p:b": [0.1, 0.4, 2 / 3]})


def test_scores_round_trip_bit_for_bit_and_layout(tmp_path):
    path = tmp_path / "scores" / "whole_data" / "iris" / "C4.5.parquet"
    path.parent.mkdir(parents=True)
    write_scores(path, _scores())
    back = read_scores(path)
    pd.testing.assert_frame_equal(back, _scores())
    assert back["p:a"].to_numpy().tobytes() == np.array([0.9, 0.6, 1 / 3]).tobytes()
    assert score_key(path) == ("whole_data", "iris", "C4.5")
    assert list(read_score_files([path])) == [("whole_data", "iris", "C4.5")]
    assert not list(path.parent.glob(".*"))  # no temporary file left beside it


def test_fold_records_with_and_without_provenance(tmp_path):
    folds = [{"fold": 0, "fit_seconds": 0.5, "best_params_": {"C": 1.0}}]
    write_fold_records(tmp_path / "part.json", folds)
    assert read_fold_records(tmp_path / "part.json") == folds
    write_fold_records(tmp_path / "all.json", folds, {"seed": 1})
    assert json.loads((tmp_path / "all.json").read_text()) == {"folds": folds, "provenance": {"seed": 1}}
    assert (tmp_path / "all.json").read_text().endswith("}\n")


def test_metrics_are_labelled_first(tmp_path):
    m = pd.DataFrame({"fold": [0, 0], "metric": ["accuracy", "auc"], "value": [90.0, 95.5]})
    out = write_metrics(tmp_path / "m.csv", m, "iris", "NB", "whole_data")
    assert list(out.columns) == ["dataset", "learner", "protocol", "fold", "metric", "value"]
    assert (tmp_path / "m.csv").read_text().splitlines() == [
        "dataset,learner,protocol,fold,metric,value", "iris,NB,whole_data,0,accuracy,90.0", "iris,NB,whole_data,0,auc,95.5"]
    assert list(m.columns) == ["fold", "metric", "value"]  # the caller's frame is left as it was


def test_failure_notices_name_each_learner_failure_a_study_left_out(tmp_path):
    """A learner failure under on_learner_error: exclude is printed when the run ends (a new user's trial found it only
    in the exclusions table and the job's log): one line per failure, none for a binary-only skip."""
    from aucacc.evaluation.cross_validate import failure_exclusion
    from aucacc.exceptions import LearnerFitError
    from aucacc.scores import failure_notices

    exc = LearnerFitError("…", dataset="synth", learner="GNB0", fold=0, stage="predict_proba")
    exc.__cause__ = ValueError("probabilities not finite")
    reason, _ = failure_exclusion(exc, "exclude")
    tables = tmp_path / "mine" / "tables"
    tables.mkdir(parents=True)
    pd.DataFrame({"dataset": ["iris", "synth"], "learner": ["SVM", "GNB0"],
                  "reason": ["binary-only learner (learners.<name>.binary_only) on a data set of 3 classes", reason]}
                 ).to_csv(tables / "exclusions.csv", index=False)
    assert failure_notices(tmp_path, ["mine", "absent"]) == [
        f"study 'mine': learner 'GNB0' left out on data set 'synth' (on_learner_error: exclude): learner failed in "
        f"fold 0 (predict_proba): ValueError: probabilities not finite ({tables / 'exclusions.md'})"]


def test_failure_notices_pass_over_an_empty_exclusions_file(tmp_path):
    """`snakemake --touch` leaves empty files: the end of such a run prints no notice and does not fail (CI)."""
    from aucacc.scores import failure_notices

    (tmp_path / "mine" / "tables").mkdir(parents=True)
    (tmp_path / "mine" / "tables" / "exclusions.csv").write_text("")
    assert failure_notices(tmp_path, ["mine"]) == []
