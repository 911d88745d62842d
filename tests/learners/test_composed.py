"""Learners as data, composed (aucacc.learners: is_spec, check_spec, build, takes_table, input_description).

A learner's ``params`` may hold nested estimator specs: a pipeline's steps, a meta-estimator's estimator. They are
checked without building anything (a config is data), built fresh for every fold, and cross-validated on the data
as it is (protocol ``none``) exactly as scikit-learn's own ``cross_val_predict`` does with the same folds.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_breast_cancer, load_wine
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import PredefinedSplit, cross_val_predict
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits

from aucacc.config import check_learner
from aucacc.datasets.recipes import CleanDataset
from aucacc.evaluation.cross_validate import cross_validate
from aucacc.evaluation.folds import stratified_folds
from aucacc.exceptions import ConfigError
from aucacc.learners import build, input_description, is_spec, takes_table
from aucacc.learners.factory import make_learner

SCALED_LR = {"estimator": "sklearn.pipeline.Pipeline",
             "params": {"steps": [["scale", {"estimator": "sklearn.preprocessing.StandardScaler"}],
                                  ["lr", {"estimator": "sklearn.linear_model.LogisticRegression",
                                          "params": {"max_iter": 1000, "random_state": 0}}]]}}
KNN = {"estimator": "sklearn.neighbors.KNeighborsClassifier", "params": {"n_neighbors": 5}}
NB_FI = {"estimator": "sklearn.pipeline.Pipeline",
         "params": {"steps": [["discretize", {"estimator": "aucacc.discretize.MDLDiscretizer"}],
                              ["nb", {"estimator": "aucacc.learners.naive_bayes.NaiveBayes"}]]}}


def _numeric_dataset(loader, name: str) -> CleanDataset:
    """A scikit-learn bundled data set as a clean data set: numeric attributes, string classes."""
    bunch = loader(as_frame=True)
    X = bunch.data.astype(float)
    labels = pd.Series(np.asarray(bunch.target_names)[bunch.target]).astype(str)
    y = pd.Series(pd.Categorical(labels, categories=sorted(labels.unique())), name="class")
    return CleanDataset(name=name, X=X, y=y, kinds={c: "numeric" for c in X.columns})


@pytest.mark.parametrize("loader,name", [(load_wine, "wine"), (load_breast_cancer, "breast_cancer")])
@pytest.mark.parametrize("spec,reference", [
    (SCALED_LR, lambda: Pipeline([("scale", StandardScaler()),
                                  ("lr", LogisticRegression(max_iter=1000, random_state=0))])),
    (KNN, lambda: KNeighborsClassifier(n_neighbors=5)),
])
def test_fold_probabilities_equal_scikit_learns_cross_val_predict(loader, name, spec, reference):
    """On raw features (protocol none), the stored probability of every test instance equals scikit-learn's
    cross_val_predict with the same estimator and the same folds, to 1e-12."""
    ds = _numeric_dataset(loader, name)
    folds = stratified_folds(ds.y, 10, seed=11, dataset=name)
    with threadpool_limits(1):  # both at one thread, as the workflow's jobs run (k-NN's ties depend on the count)
        scores, info = cross_validate(ds, folds, lambda: make_learner(spec, "mine"), discretization="none")
        ref = cross_val_predict(reference(), ds.X.to_numpy(), ds.y.astype(str).to_numpy(), cv=PredefinedSplit(folds),
                                method="predict_proba")
    ours = scores[[f"p:{c}" for c in ds.classes]].to_numpy()
    assert ours.shape == ref.shape == (len(ds.y), len(ds.classes))
    assert np.max(np.abs(ours - ref)) <= 1e-12
    assert len(info) == 10


def test_naive_bayes_with_per_fold_discretization_is_the_per_fold_protocol():
    """The pipeline MDLDiscretizer → NaiveBayes on the data as it is gives the probabilities of naive Bayes
    under the per_fold protocol, bit for bit: the discretizer is fitted on each training part only."""
    ds = _numeric_dataset(load_wine, "wine")
    folds = stratified_folds(ds.y, 10, seed=5, dataset="wine")
    piped, _ = cross_validate(ds, folds, lambda: make_learner(NB_FI), discretization="none")
    per_fold, _ = cross_validate(ds, folds, lambda: make_learner({"estimator": "aucacc.learners.naive_bayes.NaiveBayes"}),
                                 discretization="per_fold")
    pd.testing.assert_frame_equal(piped, per_fold)


def test_nested_specs_are_built_fresh_and_pipeline_steps_are_tuples():
    est = build(SCALED_LR, "learners.LR")
    assert isinstance(est, Pipeline) and all(isinstance(s, tuple) for s in est.steps)
    assert est.steps[1][1].get_params()["max_iter"] == 1000
    other = build(SCALED_LR, "learners.LR")
    assert other.steps[0][1] is not est.steps[0][1]
    assert is_spec({"estimator": "a.B"}) and not is_spec({"estimator": "a.B", "x": 1}) and not is_spec({"C": 1})


def test_takes_table_follows_a_pipelines_first_step():
    assert takes_table(make_learner(NB_FI))
    assert not takes_table(make_learner(SCALED_LR))
    assert takes_table(make_learner({"estimator": "aucacc.learners.c45.C45"}))
    assert "MDLDiscretizer → NaiveBayes, given the attribute table as it is" in input_description(NB_FI)
    assert input_description(SCALED_LR).startswith("StandardScaler → LogisticRegression, given nominal attributes "
                                                   "one-hot")
    # under the paper's protocols every attribute is discretized first
    assert input_description(SCALED_LR, "per_fold").endswith("given every (discretized) attribute one-hot over its "
                                                              "values (missing: all zeros)")
    assert "the discretized attribute table as it is" in input_description(NB_FI, "whole_data")
    # the paper's SVM takes the table and one-hot encodes it itself
    assert input_description({"estimator": "aucacc.learners.svm.GridSearchSVM"}, "whole_data") == (
        "GridSearchSVM, given the discretized attribute table, which it encodes itself (onehot: one 0/1 column per "
        "declared value, a missing value all zeros)")


def test_a_meta_estimator_takes_a_nested_estimator():
    spec = {"estimator": "sklearn.model_selection.GridSearchCV",
            "params": {"estimator": KNN, "param_grid": {"n_neighbors": [1, 3, 5]}, "cv": 3, "scoring": "roc_auc_ovr"}}
    check_learner("kNN-tuned", spec)
    est = make_learner(spec, "kNN-tuned")
    assert isinstance(est.estimator, KNeighborsClassifier)
    bag = {"estimator": "sklearn.ensemble.BaggingClassifier",
           "params": {"estimator": {"estimator": "sklearn.tree.DecisionTreeClassifier"}, "n_estimators": 3,
                      "random_state": 0}}
    check_learner("bagged", bag)
    # scikit-learn 1.9's way to an SVC's probabilities (its probability=True is deprecated there)
    check_learner("SVC-cal", {"estimator": "sklearn.calibration.CalibratedClassifierCV",
                              "params": {"estimator": {"estimator": "sklearn.svm.SVC"}, "ensemble": False}})


@pytest.mark.parametrize("spec,key,words", [
    ({"estimator": "sklearn.pipeline.Pipeline"}, "learners.x.params.steps", "requires the parameter 'steps'"),
    ({"estimator": "sklearn.multiclass.OneVsRestClassifier"}, "learners.x.params.estimator", "requires"),
    ({"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
        ["s", {"estimator": "sklearn.preprocessing.StandardScaler", "params": {"with_mean": "yes"}}],
        ["lr", {"estimator": "sklearn.linear_model.LogisticRegression"}]]}},
     "learners.x.params.steps[0][1].params", "with_mean"),
    ({"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
        ["lr", {"estimator": "sklearn.linear_model.LogisticRegression", "params": {"C": -1}}]]}},
     "learners.x.params.steps[0][1].params", "'C' parameter"),
    ({"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
        ["s", {"estimator": "sklearn.preprocessing.StandardScaler"}],
        ["svc", {"estimator": "sklearn.svm.SVC"}]]}},
     "learners.x.params.steps[1][1]", "predict_proba"),
    ({"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
        ["bad", {"estimator": "os.system"}]]}}, "learners.x.params.steps[0][1].estimator", "allowed"),
])
def test_a_composed_learner_is_checked_at_start_up_naming_the_nested_key(spec, key, words):
    """Every error of a nested spec names its own config key; nothing is built or called."""
    with pytest.raises(ConfigError) as err:
        check_learner("x", spec)
    msg = str(err.value)
    assert f"'{key}" in msg and words in msg, msg


# --- the researcher's own estimator package (config key estimator_packages) ----------------------------------
OWN = '''import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin


class Prior(ClassifierMixin, BaseEstimator):
    """Class frequencies with add-alpha smoothing, whatever the attributes."""

    def __init__(self, alpha=1.0):
        self.alpha = alpha

    def fit(self, X, y):
        self.classes_, counts = np.unique(np.asarray(y), return_counts=True)
        self.p_ = (counts + self.alpha) / (counts.sum() + self.alpha * len(counts))
        return self

    def predict_proba(self, X):
        return np.tile(self.p_, (len(X), 1))

    def predict(self, X):
        return np.repeat(self.classes_[np.argmax(self.p_)], len(X))
'''


def test_an_estimator_of_ones_own_package_is_named_only_when_the_config_lists_it(tmp_path, monkeypatch):
    """A package in the project folder, listed under estimator_packages: checked and built like any estimator; not
    listed, refused; a listed name that is no package there, or that shadows another module, refused naming the key;
    its code's digest changes with its code."""
    import sys

    from aucacc.learners import code_digest, local_package

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    (tmp_path / "ownlearners").mkdir()
    (tmp_path / "ownlearners" / "__init__.py").write_text(OWN)
    spec = {"estimator": "ownlearners.Prior", "params": {"alpha": 2.0}}
    with pytest.raises(ConfigError, match=r"'learners\.P\.estimator': 'ownlearners\.Prior' is not in an allowed"):
        check_learner("P", spec)
    local_package("ownlearners", "estimator_packages[0]")
    check_learner("P", spec, ["ownlearners"])
    est = make_learner(spec, "P", ["ownlearners"]).fit(np.zeros((4, 1)), np.array(["a", "a", "a", "b"]))
    np.testing.assert_allclose(est.predict_proba(np.zeros((1, 1))), [[5 / 8, 3 / 8]])
    with pytest.raises(ConfigError, match=r"'estimator_packages\[1\]': no package 'elsewhere' in the project folder"):
        local_package("elsewhere", "estimator_packages[1]")
    (tmp_path / "json.py").write_text("x = 1\n")
    with pytest.raises(ConfigError, match=r"'estimator_packages\[2\]': 'json' is also the name of the module"):
        local_package("json", "estimator_packages[2]")
    before = code_digest(["ownlearners"])
    (tmp_path / "ownlearners" / "__init__.py").write_text(OWN.replace("add-alpha", "add-one"))
    assert code_digest(["ownlearners"]) != before and code_digest([]) == ""


# --- what the hostile trial of composed learners found: each refused at start-up, naming the key -------------
def _nested(depth: int) -> dict:
    spec = {"estimator": "sklearn.naive_bayes.GaussianNB"}
    for _ in range(depth):
        spec = {"estimator": "sklearn.calibration.CalibratedClassifierCV", "params": {"estimator": spec}}
    return spec


def test_nesting_is_checked_once_per_spec_and_bounded():
    """Each nested spec is checked once (the check took twice as long per level: 30 s at depth 50), and nesting
    deeper than MAX_NESTING is refused."""
    import time

    from aucacc.learners import MAX_NESTING

    t0 = time.process_time()
    check_learner("deep", _nested(MAX_NESTING))
    assert time.process_time() - t0 < 5
    with pytest.raises(ConfigError, match=r"estimators nested more than 10 deep"):
        check_learner("deeper", _nested(50))


@pytest.mark.parametrize("spec,key,words", [
    # no predict_proba once built: scikit-learn's own conditions, asked of the stand-in
    ({"estimator": "sklearn.linear_model.SGDClassifier"}, "learners.x", "has no predict_proba"),
    ({"estimator": "sklearn.ensemble.VotingClassifier", "params": {"estimators": [
        ["a", {"estimator": "sklearn.naive_bayes.GaussianNB"}], ["b", {"estimator": "sklearn.tree.DecisionTreeClassifier"}]]}},
     "learners.x", "has no predict_proba"),
    ({"estimator": "sklearn.model_selection.GridSearchCV", "params": {
        "estimator": {"estimator": "sklearn.svm.SVC"}, "param_grid": {"C": [1, 2]}}}, "learners.x", "has no predict_proba"),
    # a wrapped estimator that cannot be one (scikit-learn's message needs get_params of the stand-in)
    ({"estimator": "sklearn.calibration.CalibratedClassifierCV", "params": {
        "estimator": {"estimator": "sklearn.preprocessing.StandardScaler"}}}, "learners.x.params", "estimator"),
    # a spec with a key too many, a pipeline's structure, a cache folder
    ({"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
        ["a", {"estimator": "sklearn.naive_bayes.GaussianNB", "x": 1}]]}}, "learners.x.params.steps[0][1]", "['x']"),
    ({"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
        ["a", {"estimator": "sklearn.preprocessing.StandardScaler"}], ["a", {"estimator": "sklearn.naive_bayes.GaussianNB"}]]}},
     "learners.x.params.steps", "unique"),
    ({"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
        ["a", {"estimator": "sklearn.naive_bayes.GaussianNB"}], ["b", {"estimator": "sklearn.naive_bayes.GaussianNB"}]]}},
     "learners.x.params.steps", "transformers"),
    ({"estimator": "sklearn.pipeline.Pipeline", "params": {"memory": "/tmp/cache", "steps": [
        ["b", {"estimator": "sklearn.naive_bayes.GaussianNB"}]]}}, "learners.x.params.memory", "cache folder"),
    ({"estimator": "sklearn.naive_bayes.GaussianNB", "params": "x"}, "learners.x.params", "expected a mapping"),
])
def test_what_the_hostile_trial_found_is_refused_at_start_up(spec, key, words):
    with pytest.raises(ConfigError) as err:
        check_learner("x", spec)
    msg = str(err.value)
    assert f"config key '{key}'" in msg and words in msg, msg


@pytest.mark.parametrize("spec,key,words", [
    # hostile trial 4 (issue 35): each passed start-up, then died in a job with a bare traceback
    ({"estimator": "sklearn.mixture.GaussianMixture"}, "learners.x.estimator",
     "sklearn.mixture.GaussianMixture is not a classifier (scikit-learn's is_classifier; its estimator type is "
     "'density_estimator'), so it has no classes_ to give each probability column its class; name a classifier (for a "
     "class of your own: derive it from sklearn.base.ClassifierMixin and set classes_ in fit)"),
    ({"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
        ["scale", {"estimator": "sklearn.preprocessing.StandardScaler"}],
        ["gmm", {"estimator": "sklearn.mixture.GaussianMixture"}]]}}, "learners.x.params.steps[1][1].estimator",
     "sklearn.mixture.GaussianMixture is not a classifier"),
    ({"estimator": "sklearn.pipeline.Pipeline"}, "learners.x.params.steps",
     "Pipeline requires the parameter 'steps', which is not given; add it under 'learners.x.params' (a Pipeline's "
     "steps: a list of [name, {estimator: ..., params: ...}])"),
    ({"estimator": "sklearn.multiclass.OneVsRestClassifier"}, "learners.x.params.estimator",
     "OneVsRestClassifier requires the parameter 'estimator', which is not given; add it under 'learners.x.params' "
     "(OneVsRestClassifier's estimator: {estimator: <import path>, params: {...}}, e.g. "
     "{estimator: sklearn.linear_model.LogisticRegression})"),
    ({"estimator": "sklearn.linear_model.SGDClassifier", "params": {"loss": "hinge"}}, "learners.x",
     "sklearn.linear_model.SGDClassifier has no predict_proba, which AUC needs"),
    ({"estimator": "sklearn.svm.SVC", "params": {"probability": False}}, "learners.x",
     "sklearn.svm.SVC has no predict_proba, which AUC needs"),
])
def test_trial_4_learners_are_refused_at_start_up_naming_key_and_fix(spec, key, words):
    with pytest.raises(ConfigError) as err:
        check_learner("x", spec)
    assert str(err.value).startswith(f"config key '{key}': {words}"), str(err.value)


@pytest.mark.parametrize("spec", [
    # a probability that depends on a parameter: accepted under the parameter that gives it
    {"estimator": "sklearn.linear_model.SGDClassifier", "params": {"loss": "log_loss"}},
    {"estimator": "sklearn.linear_model.SGDClassifier", "params": {"loss": "modified_huber"}},
    {"estimator": "sklearn.svm.SVC", "params": {"probability": True}},
    # a classifier whose stand-in cannot say so (its constructor sets more than its parameters): the fold check decides
    {"estimator": "sklearn.ensemble.RandomForestClassifier"},
])
def test_a_classifier_with_predict_proba_under_its_params_passes_start_up(spec):
    check_learner("x", spec)


def test_a_search_of_any_learner_records_its_selections():
    """Tuning for any learner: a GridSearchCV spec (its grid and scoring in the config) is cross-validated, and each
    fold's record keeps the selected parameters and the inner-CV score of every grid point, text values too."""
    ds = _numeric_dataset(load_wine, "wine")
    folds = stratified_folds(ds.y, 5, seed=2, dataset="wine")
    spec = {"estimator": "sklearn.model_selection.GridSearchCV",
            "params": {"estimator": {
                "estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
                    ["scale", {"estimator": "sklearn.preprocessing.StandardScaler"}],
                    ["knn", {"estimator": "sklearn.neighbors.KNeighborsClassifier"}]]}},
                "param_grid": {"knn__n_neighbors": [1, 5, 9], "knn__weights": ["uniform", "distance"]},
                "scoring": "roc_auc_ovr", "cv": 3}}
    check_learner("kNN-tuned", spec)
    scores, info = cross_validate(ds, folds, lambda: make_learner(spec, "kNN-tuned"), "none")
    for rec in info:
        assert set(rec["best_params"]) == {"knn__n_neighbors", "knn__weights"}
        assert rec["best_params"]["knn__weights"] in ("uniform", "distance")
        assert len(rec["inner_cv"]) == 6 and all("mean_test_score" in r for r in rec["inner_cv"])
    assert np.allclose(scores[[f"p:{c}" for c in ds.classes]].sum(axis=1), 1)


def test_a_discretizer_before_an_estimator_of_numbers_needs_the_encoder():
    """MDLDiscretizer hands on the attribute table: LR after it would meet interval labels. Refused at start-up,
    naming the step and the fix; with NominalEncoder between them it runs, and equals LR on the one-hot intervals of
    the per_fold protocol bit for bit."""
    steps = [["discretize", {"estimator": "aucacc.discretize.MDLDiscretizer"}],
             ["lr", {"estimator": "sklearn.linear_model.LogisticRegression", "params": {"max_iter": 1000}}]]
    with pytest.raises(ConfigError, match=r"'learners\.x\.params\.steps\[1\]': LogisticRegression takes numbers.*"
                                          r"NominalEncoder"):
        check_learner("x", {"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": steps}})
    spec = {"estimator": "sklearn.pipeline.Pipeline", "params": {"steps": [
        steps[0], ["encode", {"estimator": "aucacc.learners.encoding.NominalEncoder"}], steps[1]]}}
    check_learner("x", spec)
    ds = _numeric_dataset(load_wine, "wine")
    folds = stratified_folds(ds.y, 5, seed=4, dataset="wine")
    piped, _ = cross_validate(ds, folds, lambda: make_learner(spec), "none")
    per_fold, _ = cross_validate(ds, folds, lambda: make_learner(steps[1][1]), "per_fold")
    pd.testing.assert_frame_equal(piped, per_fold)
