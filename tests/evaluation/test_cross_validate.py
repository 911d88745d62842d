"""Per-fold cross-validation jobs gather into exactly what one job over every fold writes."""

from __future__ import annotations

import io
import os
import json

import pandas as pd
import pytest

from aucacc.evaluation.cross_validate import (cross_validate, discretize_recorded, discretize_whole, fold_metrics,
                                              gather_folds)
from aucacc.evaluation.folds import stratified_folds
from aucacc.learners.factory import make_learner
import numpy as np


def _parquet(df: pd.DataFrame) -> bytes:
    buf = io.BytesIO()
    df.to_parquet(buf, index=False)
    return buf.getvalue()


@pytest.mark.parametrize("learner", ["NB", "C4.5", "SVM"])
def test_gathered_folds_are_byte_identical_to_one_run(repo_config, learner):
    from aucacc.datasets import load_dataset

    ds = load_dataset("ecoli", repo_config)
    folds = stratified_folds(ds.y, 10, seed=3)
    spec = repo_config["learners"][learner]
    whole, info = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data")
    parts = []
    for k in [7, 2, 0, 9, 1, 3, 4, 5, 6, 8]:  # any order of arrival
        s, i = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", only_folds=[k])
        assert set(s["fold"]) == {k} and len(s) == (folds == k).sum()
        # stored and read back as the workflow does (Parquet + JSON)
        parts.append((pd.read_parquet(io.BytesIO(_parquet(s))), json.loads(json.dumps(i, default=str))))
    gathered, ginfo = gather_folds(parts)
    assert _parquet(gathered) == _parquet(whole)
    assert fold_metrics(gathered).to_csv(index=False) == fold_metrics(whole).to_csv(index=False)
    assert [r["fold"] for r in ginfo] == [r["fold"] for r in info] == list(range(10))


@pytest.mark.parametrize("learner", ["NB", "C4.4", "C4.5"])
def test_predictions_taken_from_the_probabilities_are_the_learners_own(repo_config, learner):
    """aucacc's learners declare predict = first argmax of predict_proba, so cross-validation takes
    y_pred from the probabilities: the same labels as calling predict on each fold (ties included)."""
    from aucacc.datasets import load_dataset

    ds = load_dataset("voting", repo_config)
    folds = stratified_folds(ds.y, 10, seed=3)
    spec = repo_config["learners"][learner]
    assert make_learner(spec).predict_is_argmax_proba
    scores, _ = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data")
    X, _ = discretize_whole(ds)
    for k in range(10):
        est = make_learner(spec).fit(X[folds != k], ds.y[folds != k])
        assert scores.loc[folds == k, "y_pred"].tolist() == est.predict(X[folds == k]).astype(str).tolist()


@pytest.mark.parametrize("learner", ["NB", "C4.4", "C4.5"])
def test_a_shared_discretization_gives_the_same_bytes(repo_config, learner):
    """The workflow's job discretizes the whole data once for all its learners: each learner's scores
    are byte-identical to those of cross_validate discretizing by itself."""
    from aucacc.datasets import load_dataset

    ds = load_dataset("ecoli", repo_config)
    folds = stratified_folds(ds.y, 10, seed=3)
    spec = repo_config["learners"][learner]
    own, info = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data")
    shared, sinfo = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data",
                                   discretized=discretize_whole(ds)[0])
    assert _parquet(shared) == _parquet(own)
    assert [r["n_train"] for r in sinfo] == [r["n_train"] for r in info]
    # and it is the one used: other (shuffled) attribute values give other scores
    other = discretize_whole(ds)[0]
    for c in other.columns:
        other[c] = other[c].sample(frac=1, random_state=0).set_axis(other.index)
    moved, _ = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", discretized=other)
    assert not moved.equals(own)


@pytest.mark.parametrize("name", ["ecoli", "iris", "voting"])
def test_the_recorded_cut_points_give_the_same_discretization(repo_config, tmp_path, name):
    """The workflow's jobs read the whole-data cut points the `discretize` rule wrote (JSON) instead of searching
    them again: the same attribute frame as discretize_whole's, and so the same scores, byte for byte
    (voting: nominal attributes only, no cut points)."""
    from aucacc.datasets import load_dataset
    from aucacc.datasets.table import cut_point_record, read_cut_points, write_cut_points

    ds = load_dataset(name, repo_config)
    X, info = discretize_whole(ds)
    write_cut_points(tmp_path / "cuts.json", cut_point_record(ds.name, ds.X.shape[1], info))
    record = read_cut_points([tmp_path / "cuts.json"])[ds.name]
    got = discretize_recorded(ds, record)
    pd.testing.assert_frame_equal(got, X, check_exact=True)
    assert _parquet(got) == _parquet(X)
    folds = stratified_folds(ds.y, 10, seed=3)
    spec = repo_config["learners"]["NB"]
    own, _ = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data")
    recorded, _ = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", discretized=got)
    assert _parquet(recorded) == _parquet(own)


def test_recorded_cut_points_of_another_data_set_are_refused(repo_config):
    from aucacc.datasets import load_dataset
    from aucacc.datasets.table import cut_point_record

    iris, wine = load_dataset("iris", repo_config), load_dataset("wine", repo_config)
    record = cut_point_record(wine.name, wine.X.shape[1], discretize_whole(wine)[1])
    with pytest.raises(ValueError, match="'iris': the cut-point record of 'wine'"):
        discretize_recorded(iris, record)
    record["dataset"] = "iris"  # named right, but other attributes
    with pytest.raises(ValueError, match="is not of this data set"):
        discretize_recorded(iris, record)


def test_a_shared_discretization_must_fit_the_data_set_and_protocol(repo_config):
    from aucacc.datasets import load_dataset

    ds = load_dataset("iris", repo_config)
    folds = stratified_folds(ds.y, 5, seed=0)
    spec = repo_config["learners"]["NB"]
    X = discretize_whole(ds)[0]
    with pytest.raises(ValueError, match="for the whole_data protocol, not 'per_fold'"):
        cross_validate(ds, folds, lambda: make_learner(spec), "per_fold", discretized=X)
    with pytest.raises(ValueError, match="'iris': discretized attributes have other rows or attributes"):
        cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", discretized=X.iloc[:, :-1])
    with pytest.raises(ValueError, match="other rows or attributes"):
        cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", discretized=X.iloc[::-1])


def test_gather_refuses_missing_or_repeated_rows(repo_config):
    from aucacc.datasets import load_dataset

    ds = load_dataset("iris", repo_config)
    folds = stratified_folds(ds.y, 5, seed=0)
    spec = repo_config["learners"]["NB"]
    p0 = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", only_folds=[0])
    p1 = cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", only_folds=[1])
    with pytest.raises(ValueError, match="every row exactly once"):
        gather_folds([p0, p1])
    with pytest.raises(ValueError, match="every row exactly once"):
        gather_folds([p0, p0])
    with pytest.raises(ValueError, match="not among the fold ids"):
        cross_validate(ds, folds, lambda: make_learner(spec), "whole_data", only_folds=[5])


def _singleton_dataset():
    from aucacc.datasets import CleanDataset

    rng = np.random.default_rng(0)
    n = 31
    y = ["p"] * 15 + ["q"] * 15 + ["r"]  # 'r' has one instance: the training part of its fold lacks it
    a = [("u" if c == "p" else "v") if rng.random() < 0.8 else "w" for c in y]
    X = pd.DataFrame({"a": pd.Categorical(a, categories=["u", "v", "w"])})
    return CleanDataset(name="tiny", X=X, y=pd.Series(pd.Categorical(y, categories=["p", "q", "r"]), name="class"),
                        kinds={"a": "nominal"})

@pytest.mark.parametrize("estimator", ["aucacc.learners.naive_bayes.NaiveBayes", "aucacc.learners.c45.C44",
                                       "sklearn.linear_model.LogisticRegression", "sklearn.tree.DecisionTreeClassifier"])
def test_training_part_lacking_a_class(estimator):
    """Every learner runs; the fold's record names the fold and the class, and says what the learner gave it."""
    from aucacc.evaluation.cross_validate import cross_validate, fold_metrics
    from aucacc.evaluation.folds import stratified_folds
    from aucacc.learners.factory import make_learner

    ds = _singleton_dataset()
    folds = stratified_folds(ds.y, 3, seed=1, dataset="tiny")
    k = int(folds[30])
    scores, info = cross_validate(ds, folds, lambda: make_learner({"estimator": estimator}), discretization="none")
    notes = {r["fold"]: r.get("note") for r in info}
    sk = estimator.startswith("sklearn")
    how = "the learner gives it probability 0" if sk else "the learner keeps it (declared classes)"
    assert notes == {f: (f"class ['r'] absent from the training part of fold {k}: {how} "
                         + ("(it only knows the classes it was trained on)" if sk else "")).strip() if f == k else None
                     for f in range(3)}
    in_k = scores["fold"] == k
    assert (scores.loc[in_k, "p:r"] == 0).all() if sk else (scores.loc[in_k, "p:r"] > 0).all()
    np.testing.assert_allclose(scores[["p:p", "p:q", "p:r"]].sum(axis=1), 1.0)
    m = fold_metrics(scores)
    assert m["value"].notna().all()

# --- a learner that fails inside cross-validation: the key, the data set and the fold -------------------------
def test_fit_error_names_the_params_key_data_set_and_fold():
    """`n_neighbors` larger than a training part fails only at fit time (scikit-learn); the error says where."""
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.evaluation.folds import stratified_folds
    from aucacc.exceptions import LearnerFitError
    from aucacc.learners.factory import make_learner

    ds = _singleton_dataset()  # 31 instances: 20 or 21 train in each of 3 folds
    folds = stratified_folds(ds.y, 3, seed=1, dataset="tiny")
    spec = {"estimator": "sklearn.neighbors.KNeighborsClassifier", "params": {"n_neighbors": 25}}
    with pytest.raises(LearnerFitError) as exc:
        cross_validate(ds, folds, lambda: make_learner(spec, "KNN"), discretization="none", learner="KNN")
    msg = str(exc.value)
    n_test = int((folds == 0).sum())
    # scikit-learn's KNN stores the training part in fit and finds it too small when it predicts
    assert msg.startswith(f"data set 'tiny', fold 0: learner 'KNN' (KNeighborsClassifier) failed in predict_proba on "
                          f"the {n_test} test instances: ValueError: Expected n_neighbors <= n_samples_fit")
    assert "Check config key 'learners.KNN.params'" in msg
    assert isinstance(exc.value.__cause__, ValueError) and "n_neighbors" in str(exc.value.__cause__)

def test_missing_values_a_learner_refuses_get_the_imputer_hint():
    """A learner that refuses missing values (scikit-learn's "Input X contains NaN") is told how to handle them (an
    imputing pipeline, an estimator that takes them, or recipe.missing: drop_rows), not to check its params (the
    new-user trial: the README's kNN on a CSV with empty fields)."""
    from aucacc.datasets import CleanDataset
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.evaluation.folds import stratified_folds
    from aucacc.exceptions import LearnerFitError
    from aucacc.learners.factory import make_learner

    rng = np.random.default_rng(0)
    x = rng.normal(size=30)
    x[[3, 17]] = np.nan
    y = pd.Series(pd.Categorical(["p", "q"] * 15, categories=["p", "q"]), name="class")
    ds = CleanDataset(name="gappy", X=pd.DataFrame({"x": x}), y=y, kinds={"x": "numeric"})
    folds = stratified_folds(ds.y, 3, seed=1, dataset="gappy")
    spec = {"estimator": "sklearn.neighbors.KNeighborsClassifier", "params": {"n_neighbors": 3}}
    with pytest.raises(LearnerFitError) as exc:
        cross_validate(ds, folds, lambda: make_learner(spec, "kNN"), discretization="none", learner="kNN")
    msg = str(exc.value)
    assert msg.startswith("data set 'gappy', fold 0: learner 'kNN' (KNeighborsClassifier) failed in fit")
    assert "contains NaN" in msg and "sklearn.impute.SimpleImputer" in msg and "recipe.missing: drop_rows" in msg
    assert "Check config key 'learners.kNN.params'" not in msg


def test_predict_proba_error_names_the_stage():
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.evaluation.folds import stratified_folds
    from aucacc.exceptions import LearnerFitError
    from sklearn.naive_bayes import CategoricalNB

    class Broken(CategoricalNB):
        def predict_proba(self, X):
            raise FloatingPointError("overflow in exp")

    ds = _singleton_dataset()
    folds = stratified_folds(ds.y, 3, seed=1, dataset="tiny")
    with pytest.raises(LearnerFitError, match=r"^data set 'tiny', fold 0: learner 'NB2' \(Broken\) failed in "
                                              r"predict_proba on the \d+ test instances: FloatingPointError: overflow "
                                              r"in exp\. Check config key 'learners\.NB2\.params'") as exc:
        cross_validate(ds, folds, Broken, discretization="none", learner="NB2")
    assert isinstance(exc.value.__cause__, FloatingPointError)


def test_on_learner_error_exclude_records_the_first_failing_fold(tmp_path):
    """on_learner_error: exclude turns a learner's error into an exclusion: the reason names the first failing fold,
    the stage and the learner's own exception (type and message); stop raises it. One cv_fold job per fold gives the
    same exclusion (its lowest failing fold), whichever fold's job finished first."""
    from aucacc.evaluation.cross_validate import failure_exclusion, first_failed_fold
    from aucacc.exceptions import LearnerFitError
    from aucacc.scores import read_fold_records, write_exclusion_record
    from aucacc.studies.analysis import exclusions

    ds = _singleton_dataset()  # 31 instances in 3 folds of 10 or 11: 20 or 21 train
    folds = stratified_folds(ds.y, 3, seed=1, dataset="tiny")
    spec = {"estimator": "sklearn.neighbors.KNeighborsClassifier", "params": {"n_neighbors": 25}}

    def run(only=None):
        with pytest.raises(LearnerFitError) as exc:
            cross_validate(ds, folds, lambda: make_learner(spec, "KNN"), "none", learner="KNN", only_folds=only)
        return exc.value

    whole = run()
    assert (whole.dataset, whole.learner, whole.fold) == ("tiny", "KNN", 0)
    assert failure_exclusion(whole, "stop") is None
    reason, error = failure_exclusion(whole, "exclude")
    n_train, n_test = int((folds != 0).sum()), int((folds == 0).sum())
    message = (f"Expected n_neighbors <= n_samples_fit, but n_neighbors = 25, n_samples_fit = {n_train}, "
               f"n_samples = {n_test}")  # scikit-learn's words
    assert error == {"type": "ValueError", "message": message, "fold": 0,
                     "stage": f"predict_proba on the {n_test} test instances"}
    assert reason == f"learner failed in fold 0 (predict_proba on the {n_test} test instances): ValueError: {message}"
    with pytest.raises(ValueError, match=r"on_learner_error must be one of \('stop', 'exclude'\), got 'skip'"):
        failure_exclusion(whole, "skip")
    # one job per fold, finished in any order: the lowest fold's record is the single job's exclusion
    parts = []
    for k in (2, 1, 0):
        r, e = failure_exclusion(run([k]), "exclude")
        write_exclusion_record(tmp_path / f"{k}.json", "tiny", "KNN", r, error=e)
        parts.append(read_fold_records(tmp_path / f"{k}.json"))
    assert [p["error"]["fold"] for p in parts] == [2, 1, 0]
    first = first_failed_fold([[{"fold": 3}], *parts])  # a fold that ran is no failure
    assert (first["skipped"], first["error"]) == (reason, error)
    assert first_failed_fold([[{"fold": 0}], [{"fold": 1}]]) is None
    # the study's exclusions table gives the reason as recorded
    # back under stop, a study refuses the recorded failure; a binary-only learner's exclusion is no failure
    from aucacc.evaluation.cross_validate import refuse_recorded_failures

    recorded = {**first, "dataset": "tiny", "learner": "KNN"}
    binary_only = {"dataset": "tiny", "learner": "SVM", "skipped": "binary-only learner", "folds": []}
    refuse_recorded_failures([recorded, binary_only], "exclude", "s")
    refuse_recorded_failures([binary_only, [{"fold": 0}]], "stop", "s")
    with pytest.raises(LearnerFitError) as refused:
        refuse_recorded_failures([binary_only, recorded], "stop", "s")
    assert str(refused.value) == (
        f"study 's': on_learner_error is stop, but these learners' failures were recorded under on_learner_error: "
        f"exclude: KNN on tiny ({reason}). Re-run them (snakemake --forcerun with each record, "
        "results/scores/<protocol>/<data set>/<learner>.json; a failure then stops the run) or set on_learner_error: "
        "exclude to keep them left out")
    table = exclusions([first])
    assert table.data.values.tolist() == [["tiny", "KNN", reason]]
    assert table.notes == ["1 (data set, learner) pair(s) left out because the learner failed, recorded under "
                           "on_learner_error: exclude instead of stopping the run: KNN on tiny. Every table and test "
                           "of this study is without them; the reason gives the first failing fold and the error."]


def test_a_memory_error_stops_the_run_under_either_policy():
    """A MemoryError depends on the machine, not on the learner and the data: never recorded as an exclusion."""
    from aucacc.evaluation.cross_validate import failure_exclusion
    from aucacc.exceptions import LearnerFitError
    from sklearn.naive_bayes import CategoricalNB

    class Hungry(CategoricalNB):
        def fit(self, X, y):
            raise MemoryError("Unable to allocate 8.00 GiB")

    ds = _singleton_dataset()
    with pytest.raises(LearnerFitError) as exc:
        cross_validate(ds, stratified_folds(ds.y, 3, seed=1, dataset="tiny"), Hungry, "none", learner="Big")
    assert isinstance(exc.value.__cause__, MemoryError)
    assert failure_exclusion(exc.value, "exclude") is None and failure_exclusion(exc.value, "stop") is None


def test_a_binary_only_learner_is_skipped_on_more_than_two_classes(tmp_path):
    """learners.<name>.binary_only: skipped on three classes (reason recorded), trained on two; the skipped
    learner's scores and metrics have zero rows and the usual columns, and its record names the reason."""
    from aucacc.datasets.recipes import CleanDataset
    from aucacc.evaluation.cross_validate import excluded_scores, skip_reason
    from aucacc.scores import read_fold_records, trained, write_exclusion_record, write_metrics

    X = pd.DataFrame({"a": pd.Categorical(["x", "y", "x", "y", "x", "y"])})
    three = CleanDataset("t", X, pd.Series(pd.Categorical(["p", "q", "r", "p", "q", "r"])), {"a": "nominal"})
    two = CleanDataset("b", X, pd.Series(pd.Categorical(["p", "q", "p", "q", "p", "q"])), {"a": "nominal"})
    spec = {"estimator": "aucacc.learners.svm.GridSearchSVM", "binary_only": True}
    assert skip_reason(two, spec) is None and skip_reason(three, {**spec, "binary_only": False}) is None
    reason = skip_reason(three, spec)
    assert reason == "binary-only learner (learners.<name>.binary_only) on a data set of 3 classes (p, q, r)"
    empty = excluded_scores(three)
    assert len(empty) == 0 and list(empty.columns) == ["row", "fold", "y_true", "y_pred", "p:p", "p:q", "p:r"]
    m = write_metrics(tmp_path / "m.csv", fold_metrics(empty), "t", "SVM", "whole_data")
    assert len(m) == 0 and list(m.columns) == ["dataset", "learner", "protocol", "fold", "metric", "value", "n_test",
                                               "note"]
    assert list(pd.read_csv(tmp_path / "m.csv").columns) == list(m.columns)
    write_exclusion_record(tmp_path / "r.json", "t", "SVM", reason)
    rec = read_fold_records(tmp_path / "r.json")
    assert rec["dataset"] == "t" and rec["learner"] == "SVM" and rec["skipped"] == reason and rec["folds"] == []
    assert list(trained({"SVM": empty, "NB": pd.DataFrame({"row": [0]})})) == ["NB"]


def test_naive_bayes_on_numeric_attributes_is_told_to_take_a_discretizer():
    """Under protocol none (a study's default) naive Bayes meets numeric attributes: the error names the learner, the
    data set and the fold, and the two fixes (the pipeline MDLDiscretizer → NaiveBayes, or discretization: per_fold)."""
    from aucacc.datasets.recipes import CleanDataset
    from aucacc.exceptions import LearnerFitError

    X = pd.DataFrame({"x": np.arange(20, dtype=float)})
    y = pd.Series(pd.Categorical(["a", "b"] * 10), name="class")
    ds = CleanDataset(name="numbers", X=X, y=y, kinds={"x": "numeric"})
    folds = stratified_folds(ds.y, 2, seed=1, dataset="numbers")
    with pytest.raises(LearnerFitError) as err:
        cross_validate(ds, folds, lambda: make_learner({"estimator": "aucacc.learners.naive_bayes.NaiveBayes"}),
                       "none", learner="NB")
    msg = str(err.value)
    assert "data set 'numbers', fold 0: learner 'NB' (NaiveBayes)" in msg and "column 'x' is numeric" in msg
    assert "make learners.NB the pipeline [aucacc.discretize.MDLDiscretizer" in msg and "per_fold" in msg


# --- hostile trial 4 (issue 35): a learner's output checked where it is produced; a time limit per fold --------
def _numeric_dataset(name: str = "numbers"):
    """20 instances, two classes alternating; `level` is constant within each class (0 for a, 1 for b), `x` is 0..19."""
    from aucacc.datasets.recipes import CleanDataset

    y = pd.Series(pd.Categorical(["a", "b"] * 10), name="class")
    X = pd.DataFrame({"level": (y == "b").astype(float), "x": np.arange(20, dtype=float)})
    return CleanDataset(name=name, X=X, y=y, kinds={"level": "numeric", "x": "numeric"})


def _fails(ds, make, learner: str, **kw):
    from aucacc.exceptions import LearnerFitError

    with pytest.raises(LearnerFitError) as err:
        cross_validate(ds, stratified_folds(ds.y, 2, seed=1, dataset=ds.name), make, "none", learner=learner, **kw)
    return err.value


@pytest.mark.parametrize("spec, name", [
    # var_smoothing 0: `level`'s variance within each class is 0, so every log-likelihood is 0/0
    ({"estimator": "sklearn.naive_bayes.GaussianNB", "params": {"var_smoothing": 0}}, "GNB"),
    # gamma 1e6: exp(-1e6 · d²) is 0.0 for every test row (no two rows closer than d = 1), so each row is 0/0
    ({"estimator": "sklearn.semi_supervised.LabelPropagation", "params": {"gamma": 1e6}}, "LP"),
])
def test_nan_probabilities_are_refused_where_they_are_produced(spec, name):
    """NaN probabilities (the trial: stored, then fold_metrics' bare "Input contains NaN.") stop at the fold that
    produced them: the message names the learner's key, the data set, the fold, the rows and the fix; under
    on_learner_error: exclude they become the pair's exclusion like any learner failure."""
    from aucacc.evaluation.cross_validate import failure_exclusion

    exc = _fails(_numeric_dataset(), lambda: make_learner(spec, name), name)
    cls = spec["estimator"].rsplit(".", 1)[1]
    stage = "the check of predict_proba's output on the 10 test instances"
    assert str(exc).startswith(
        f"data set 'numbers', fold 0: learner '{name}' ({cls}) failed in {stage}: ValueError: 10 of its 10 probability "
        f"rows have a value that is not finite (NaN or infinite); the first is test instance 0 of the fold: "
        f"[nan nan] (sum nan) over classes_ ['a', 'b']. Its parameters let a probability become 0/0")
    assert f"change them under 'learners.{name}.params'" in str(exc)
    assert (exc.dataset, exc.learner, exc.fold, exc.stage) == ("numbers", name, 0, stage)
    reason, error = failure_exclusion(exc, "exclude")
    assert reason.startswith(f"learner failed in fold 0 ({stage}): ValueError: 10 of its 10 probability rows")
    assert error["type"] == "ValueError" and error["fold"] == 0
    assert failure_exclusion(exc, "stop") is None


def test_scores_that_are_not_probabilities_are_refused_with_the_calibration_fix():
    """A predict_proba giving decision scores (outside [0, 1]), rows that do not sum to 1, or a column too few."""
    from sklearn.linear_model import LogisticRegression

    class Scores(LogisticRegression):
        def predict_proba(self, X):
            d = self.decision_function(X)
            return np.column_stack([-d, d])

    class Halves(LogisticRegression):
        def predict_proba(self, X):
            return super().predict_proba(X) / 2

    class OneColumn(LogisticRegression):
        def predict_proba(self, X):
            return super().predict_proba(X)[:, :1]

    ds = _numeric_dataset()
    msg = str(_fails(ds, Scores, "LR"))
    assert "ValueError: 10 of its 10 probability rows have a value outside [0, 1] (tolerance 1e-05)" in msg
    assert "Its predict_proba returns scores, not probabilities; wrap it in sklearn.calibration." in msg
    assert "(learners.LR: {estimator: sklearn.calibration.CalibratedClassifierCV, params: {estimator: <its spec>" in msg
    msg = str(_fails(ds, Halves, "LR"))
    assert "rows have a sum that differs from 1 by more than 1e-05; the first is test instance 0 of the fold" in msg
    assert "(sum 0.5)" in msg
    msg = str(_fails(ds, OneColumn, "LR"))
    assert ("ValueError: its output has shape (10, 1), but 10 test instances and classes_ ['a', 'b'] need (10, 2): "
            "one row per test instance, one column per class of classes_") in msg


def test_the_probability_tolerance_is_1e_5():
    """Rounding (float64 or float32 rows) passes; 2e-5 off does not; nothing is rescaled."""
    from aucacc.evaluation.cross_validate import PROBABILITY_TOLERANCE, check_probabilities

    assert PROBABILITY_TOLERANCE == 1e-5
    p = [[0.1 + 0.2, 0.7], [1 + 9e-6, -9e-6]]  # 0.30000000000000004 + 0.7 = 1.0000000000000002
    np.testing.assert_array_equal(check_probabilities(p, ["a", "b"], 2), np.array(p))
    f32 = np.full((3, 7), 1 / 7, dtype=np.float32)
    assert check_probabilities(f32, list("abcdefg"), 3).dtype == np.float64
    with pytest.raises(ValueError, match=r"^1 of its 1 probability rows have a sum that differs from 1 by more than "
                                         r"1e-05; the first is test instance 0 of the fold: \[0.50002 0.5 *\]"):
        check_probabilities([[0.5 + 2e-5, 0.5]], ["a", "b"], 1)
    with pytest.raises(ValueError, match=r"outside \[0, 1\]"):
        check_probabilities([[1.5, -0.5]], ["a", "b"], 1)
    with pytest.raises(ValueError, match=r"not finite"):
        check_probabilities([[np.inf, 0.0]], ["a", "b"], 1)


def test_a_model_that_is_not_a_classifier_is_named_with_the_fix():
    """GaussianMixture fits and has predict_proba (of its components), but no classes_: the trial's AttributeError."""
    from sklearn.mixture import GaussianMixture

    exc = _fails(_numeric_dataset(), lambda: GaussianMixture(n_components=2, random_state=0), "GMM")
    assert str(exc).startswith("data set 'numbers', fold 0: learner 'GMM' (GaussianMixture) failed in reading classes_ "
                               "after fit: ValueError: GaussianMixture has no classes_ after fit (")
    assert ("It is not a classifier (no classes_ after fit, e.g. sklearn.mixture.GaussianMixture, a clustering "
            "model); name a classifier under 'learners.GMM.estimator' (for a class of your own: derive it from "
            "sklearn.base.ClassifierMixin and set classes_ in fit)") in str(exc)


@pytest.mark.parametrize("cls, missing", [("sklearn.pipeline.Pipeline", "steps"),
                                          ("sklearn.multiclass.OneVsRestClassifier", "estimator")])
def test_building_the_estimator_is_inside_the_error_handling(cls, missing):
    """A constructor that refuses (the trial's Pipeline / OneVsRestClassifier without their required argument, here
    built by hand past the start-up check): a LearnerFitError naming the key, data set and fold, not a bare TypeError."""
    import importlib

    mod, _, name = cls.rpartition(".")
    exc = _fails(_numeric_dataset(), getattr(importlib.import_module(mod), name), "P")
    assert str(exc).startswith(f"data set 'numbers', fold 0: learner 'P' failed in building the estimator: TypeError: ")
    assert f"'{missing}'" in str(exc) and "Check config key 'learners.P': the estimator cannot be built" in str(exc)
    assert exc.stage == "building the estimator" and isinstance(exc.__cause__, TypeError)


def test_a_predict_proba_that_depends_on_a_parameter_names_the_real_cause():
    """SGDClassifier's default hinge loss has no predict_proba: the message carries scikit-learn's chained reason."""
    from sklearn.linear_model import SGDClassifier

    msg = str(_fails(_numeric_dataset(), lambda: SGDClassifier(random_state=0), "SGD"))
    assert ("failed in predict_proba on the 10 test instances: AttributeError: This 'SGDClassifier' has no attribute "
            "'predict_proba' (caused by AttributeError: probability estimates are not available for loss='hinge')"
            ) in msg
    assert "set them under 'learners.SGD.params', or wrap the learner in sklearn.calibration." in msg


def test_each_fold_logs_one_progress_line(caplog):
    import logging
    import re

    ds = _numeric_dataset()
    with caplog.at_level(logging.INFO, logger="aucacc.evaluation.cross_validate"):
        cross_validate(ds, stratified_folds(ds.y, 4, seed=1, dataset=ds.name),
                       lambda: make_learner({"estimator": "sklearn.naive_bayes.GaussianNB"}), "none", learner="GNB")
    lines = [r.getMessage() for r in caplog.records if r.name == "aucacc.evaluation.cross_validate"]
    assert len(lines) == 4
    for i, line in enumerate(lines):
        assert re.fullmatch(rf"learner 'GNB' on data set 'numbers' \(none\), fold {i} \({i + 1}/4\): "
                            rf"\d+\.\d\d s wall, \d+\.\d\d s CPU \(fit \d+\.\d\d s\)", line), line


SLOW = '''import itertools
import time

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin


class Slow(ClassifierMixin, BaseEstimator):
    """Fits for ever: asleep (Python), or busy in a C loop that never returns to the interpreter (as LIBSVM's)."""

    def __init__(self, how="sleep"):
        self.how = how

    def fit(self, X, y):
        if self.how == "sleep":
            time.sleep(3600)
        elif self.how == "c_loop":
            sum(itertools.repeat(0, 10 ** 13))  # builtin sum over a C iterator: no signal is checked in it
        elif self.how == "spawn":  # starts a worker process, as joblib's loky backend does, then waits for it
            import pathlib, subprocess
            w = subprocess.Popen(["sleep", "600"])
            pathlib.Path("worker.pid").write_text(str(w.pid))
            w.wait()
        self.classes_ = np.unique(y)
        return self

    def predict_proba(self, X):
        return np.full((len(X), len(self.classes_)), 1 / len(self.classes_))

    def predict(self, X):
        return self.classes_[np.zeros(len(X), dtype=int)]
'''


@pytest.mark.parametrize("how", ["sleep", "c_loop"])
def test_a_learner_past_its_time_limit_is_stopped_naming_it(tmp_path, monkeypatch, how):
    """learners.<name>.timeout: a learner of one's own package (estimator_packages) that sleeps, or loops in C, is
    stopped within the limit (the fold's child process killed), the message naming the learner, the data set, the
    fold, its stage and the fix; a timeout stops the run under either on_learner_error."""
    import sys
    import time

    from aucacc.evaluation.cross_validate import failure_exclusion
    from aucacc.learners import local_package

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    package = f"slow_{how}"  # one per case: a package's name stays taken once imported
    (tmp_path / f"{package}.py").write_text(SLOW)
    local_package(package, "estimator_packages[0]")
    spec = {"estimator": f"{package}.Slow", "params": {"how": how}}
    t0 = time.monotonic()
    exc = _fails(_numeric_dataset(), lambda: make_learner(spec, "Slow", [package]), "Slow", timeout=1.5)
    took = time.monotonic() - t0
    assert 1.5 <= took < 1.5 + 5, took  # the limit, and the kill and the clean-up (a shared, busy machine: 5 s)
    assert str(exc) == (
        "data set 'numbers', fold 0: learner 'Slow' (Slow) failed in fit on the 10 training instances: TimeoutError: "
        "it ran longer than its time limit of 1.5 s (wall clock) and was stopped (its process killed). Raise config "
        "key 'learners.Slow.timeout' (now 1.5 s per fold; the log's per-fold lines give each fold's time), make the "
        "learner faster under 'learners.Slow.params', or leave it out of the study. A time limit stops the run under "
        "either on_learner_error, since whether it fires depends on the machine")
    assert failure_exclusion(exc, "exclude") is None


def test_a_time_limit_gives_the_same_results_and_errors_as_none():
    """Under a limit each fold runs in a child process: the same scores and records (but the seconds); the same
    LearnerFitError for a learner's own failure, its chained cause carried across."""
    from sklearn.linear_model import SGDClassifier

    from aucacc.learners.factory import make_learner as make

    ds = _singleton_dataset()
    folds = stratified_folds(ds.y, 3, seed=1, dataset="tiny")
    spec = {"estimator": "sklearn.linear_model.LogisticRegression"}
    plain, info = cross_validate(ds, folds, lambda: make(spec), "none")
    limited, info2 = cross_validate(ds, folds, lambda: make(spec), "none", timeout=60)
    assert _parquet(plain) == _parquet(limited)
    drop = lambda recs: [{k: v for k, v in r.items() if k != "fit_seconds"} for r in recs]  # noqa: E731
    assert drop(info) == drop(info2)
    a = _fails(_numeric_dataset(), lambda: SGDClassifier(random_state=0), "SGD")
    b = _fails(_numeric_dataset(), lambda: SGDClassifier(random_state=0), "SGD", timeout=60)
    assert str(a) == str(b) and (a.stage, a.fold) == (b.stage, b.fold)


def test_a_fold_under_a_time_limit_dies_with_its_job(tmp_path):
    """A job killed from outside (SIGKILL, as a cluster's or Ctrl-C's clean-up may) takes the fold's child process
    with it (PR_SET_PDEATHSIG), so a learner past its job does not run on for hours, orphaned."""
    import os
    import signal
    import subprocess
    import sys
    import time

    (tmp_path / "slow_orphan.py").write_text(SLOW)
    script = tmp_path / "job.py"
    script.write_text(
        "import sys\n"
        f"sys.path[:0] = [{str(tmp_path)!r}, {os.path.dirname(__file__)!r}]\n"
        "from test_cross_validate import _numeric_dataset\n"
        "from aucacc.evaluation.cross_validate import cross_validate\n"
        "from aucacc.evaluation.folds import stratified_folds\n"
        "from slow_orphan import Slow\n"
        "ds = _numeric_dataset()\n"
        "cross_validate(ds, stratified_folds(ds.y, 2, seed=1, dataset=ds.name), Slow, 'none', timeout=600)\n")
    job = subprocess.Popen([sys.executable, str(script)])
    children: list[int] = []
    try:
        for _ in range(600):  # the job imports scikit-learn, then forks the fold's child
            children = [int(c) for t in os.listdir(f"/proc/{job.pid}/task")
                        for c in open(f"/proc/{job.pid}/task/{t}/children").read().split()]
            if children:
                break
            time.sleep(0.1)
        assert children, "the job started no child process for its fold"
        time.sleep(0.5)  # the child has set its parent-death signal
        job.send_signal(signal.SIGKILL)
        job.wait()
        for _ in range(100):
            alive = [c for c in children if os.path.exists(f"/proc/{c}")
                     and open(f"/proc/{c}/stat").read().split()[2] != "Z"]
            if not alive:
                break
            time.sleep(0.1)
        assert not alive, f"the fold's process {alive} outlived its job"
    finally:
        if job.poll() is None:
            job.kill()
        for c in children:  # this test's own processes, if the check failed
            try:
                os.kill(c, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_a_time_limit_also_stops_the_processes_the_learner_started(tmp_path, monkeypatch):
    """A learner whose fit starts worker processes (joblib's loky backend: GridSearchSVM with n_jobs > 1) and runs
    past its time limit: the fold's child is a process group of its own, and the group is killed, so no worker is
    left running orphaned (a hostile trial found two loky workers alive 620 s after the timeout)."""
    import sys

    from aucacc.learners import local_package

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    (tmp_path / "slow_spawn.py").write_text(SLOW)
    local_package("slow_spawn", "estimator_packages[0]")
    spec = {"estimator": "slow_spawn.Slow", "params": {"how": "spawn"}}
    _fails(_numeric_dataset(), lambda: make_learner(spec, "Slow", ["slow_spawn"]), "Slow", timeout=1.5)
    pid = int((tmp_path / "worker.pid").read_text())
    for _ in range(100):
        alive = os.path.exists(f"/proc/{pid}") and open(f"/proc/{pid}/stat").read().split()[2] != "Z"
        if not alive:
            break
        time.sleep(0.1)
    assert not alive, f"the learner's worker process {pid} outlived the timeout"
