"""aucacc.studies.results: the fold results format (one row per test fold, percent), its checks, the two
layouts of the same numbers, fold results from predictions (hand-computed accuracy and AUC, scikit-learn's
roc_auc_score), and the errors of loading a study that is not there."""

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import roc_auc_score

import aucacc
from aucacc.exceptions import DataFormatError
from aucacc.studies.results import check_folds, fold_results, folds_to_metrics, load_study, metrics_to_folds


def _metrics():
    """Tidy fold metrics as the workflow writes them (accuracy row, then AUC row, per fold), with repetitions, an
    undefined AUC and a note."""
    rows = []
    for d, lrn in (("d1", "A"), ("d1", "B"), ("d2", "A"), ("d2", "B")):
        for r in (0, 1):
            for k in (0, 1):
                auc = np.nan if (d, lrn, r, k) == ("d2", "B", 1, 0) else 70.0 + 10 * r + k + (lrn == "B")
                note = "binary AUC undefined: one class" if np.isnan(auc) else np.nan
                rows.append({"dataset": d, "learner": lrn, "protocol": "none", "repetition": r, "fold": k,
                             "metric": "accuracy", "value": 60.0 + r + 2 * k, "n_test": 10, "note": np.nan})
                rows.append({"dataset": d, "learner": lrn, "protocol": "none", "repetition": r, "fold": k,
                             "metric": "auc", "value": auc, "n_test": 10, "note": note})
    return pd.DataFrame(rows)


def test_the_two_layouts_hold_the_same_numbers_in_the_same_order():
    metrics = _metrics()
    folds = metrics_to_folds(metrics)
    assert list(folds.columns) == ["dataset", "learner", "protocol", "repetition", "fold", "n_test", "accuracy", "auc",
                                   "note"]
    assert len(folds) == len(metrics) // 2 == 16
    row = folds[(folds.dataset == "d1") & (folds.learner == "B") & (folds.repetition == 1) & (folds.fold == 1)]
    assert row[["accuracy", "auc"]].to_numpy().tolist() == [[63.0, 82.0]]
    undefined = folds[folds["auc"].isna()]
    assert undefined[["dataset", "learner", "repetition", "fold"]].to_numpy().tolist() == [["d2", "B", 1, 0]]
    assert undefined["note"].tolist() == ["binary AUC undefined: one class"]
    pd.testing.assert_frame_equal(folds_to_metrics(folds), metrics, check_exact=True)


def test_check_folds_accepts_the_format_and_cleans_its_types():
    folds = pd.DataFrame({"dataset": ["d"] * 4, "learner": ["A", "A", "B", "B"], "fold": ["0", "1", "0", "1"],
                          "accuracy": [80, 90, 70, 75], "auc": [85, 95, np.nan, 80]})
    out = check_folds(folds)
    assert out["fold"].tolist() == [0, 1, 0, 1] and out["fold"].dtype.kind == "i"
    assert out["accuracy"].dtype == float and out["auc"].isna().tolist() == [False, False, True, False]


def _folds(**change):
    base = {"dataset": ["d", "d", "d", "d"], "learner": ["A", "A", "B", "B"], "fold": [0, 1, 0, 1],
            "accuracy": [80.0, 90.0, 70.0, 75.0], "auc": [85.0, 95.0, 60.0, 80.0]}
    base.update(change)
    return pd.DataFrame(base)


@pytest.mark.parametrize("frame, words", [
    (_folds().drop(columns="auc"), "no column(s) ['auc']"),
    (_folds(accuracy=[0.8, 0.9, 0.7, 0.75], auc=[0.85, 0.95, 0.6, 0.8]), "look like fractions"),
    (_folds(auc=[85.0, 95.0, 160.0, 80.0]), "auc 160.0 of B on d (fold 0) is not a percentage"),
    (_folds(accuracy=[80.0, np.nan, 70.0, 75.0]), "accuracy is never missing"),
    (_folds(fold=[0, 0, 0, 1]), "A on d has fold 0 2 times"),
    (_folds(fold=[0, 1.5, 0, 1]), "fold 1.5 of A on d is not an integer"),
    (_folds(fold=[0, 1, 0, 2]), "not the same ones"),
    (_folds(study=["s1", "s1", "s2", "s2"]), "analyse one study at a time"),
])
def test_check_folds_names_what_is_wrong(frame, words):
    with pytest.raises(DataFormatError, match="python-api.md|one study") as err:
        check_folds(frame)
    assert words in str(err.value)


def test_fold_results_from_predictions_by_hand_and_scikit_learn():
    """Binary fold 0: scores of the positive class b 0.1, 0.6 (class a) and 0.4, 0.9 (class b): 3 of the 4
    (positive, negative) pairs ranked right, AUC 75 %; the predictions (the larger probability) a, b, a, b: 2 of 4
    right, accuracy 50 %. Fold 1 has
    class a only: its AUC is undefined (NaN, with a note), its accuracy 50 %."""
    pb = [0.1, 0.6, 0.4, 0.9, 0.2, 0.7]
    pred = pd.DataFrame({"dataset": "d", "learner": "L", "fold": [0, 0, 0, 0, 1, 1],
                         "y_true": ["a", "a", "b", "b", "a", "a"], "y_pred": ["a", "b", "a", "b", "a", "b"],
                         "p:a": [1 - p for p in pb], "p:b": pb})
    folds = fold_results(pred)
    assert folds[["fold", "n_test", "accuracy"]].to_numpy().tolist() == [[0, 4, 50.0], [1, 2, 50.0]]
    assert folds["auc"].iloc[0] == pytest.approx(75.0)
    assert folds["auc"].iloc[0] == pytest.approx(100 * roc_auc_score([0, 0, 1, 1], pb[:4]))
    assert np.isnan(folds["auc"].iloc[1]) and "absent" in folds["note"].iloc[1]


def test_load_study_names_the_studies_that_ran(tmp_path):
    (tmp_path / "studies" / "other" / "tables").mkdir(parents=True)
    (tmp_path / "studies" / "other" / "tables" / "summary.csv.provenance.json").write_text('{"config": {}}')
    with pytest.raises(FileNotFoundError, match=r"no results of study 'mine'.*studies there: other"):
        load_study(tmp_path, "mine")


def test_the_public_names_are_the_modules():
    assert aucacc.load_study is load_study and aucacc.fold_results is fold_results
    assert set(aucacc.__all__) <= set(dir(aucacc))
    with pytest.raises(AttributeError):
        aucacc.no_such_name


def test_load_studies_of_the_test_run(test_run):
    """The shared .test run's two studies as one frame: tiny, 2 data sets × 3 learners × 2 repetitions × 5 folds;
    huang_ling_2005, 4 × 4 × 5 folds less SVM (binary-only) on iris; each mean as its summary table's."""
    results = test_run / ".test" / "results"
    folds = aucacc.load_studies(results)
    sizes = folds.groupby("study").size().to_dict()
    assert sizes == {"huang_ling_2005": 4 * 4 * 5 - 5, "tiny": 2 * 3 * 2 * 5}
    assert folds.loc[folds["study"] == "huang_ling_2005", "repetition"].isna().all()
    assert folds[(folds["study"] == "huang_ling_2005") & (folds["dataset"] == "iris")]["learner"].unique().tolist() \
        == ["NB", "C4.4", "C4.5"]
    for study in sizes:
        summ = pd.read_csv(results / "studies" / study / "tables" / "summary.csv")
        ours = folds[folds["study"] == study].groupby(["dataset", "learner"], sort=False)[["accuracy", "auc"]].mean()
        theirs = summ.pivot_table(index=["dataset", "learner"], columns="metric", values="mean")
        pd.testing.assert_frame_equal(ours.sort_index(), theirs.sort_index()[["accuracy", "auc"]], check_names=False,
                                      rtol=1e-12)
    assert check_folds(folds[folds["study"] == "tiny"])["repetition"].tolist() == \
        folds.loc[folds["study"] == "tiny", "repetition"].astype(int).tolist()
