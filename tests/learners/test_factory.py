"""aucacc.learners.factory.make_learner: a job's learner built from its config spec (more cases, through
cross-validation: tests/learners/test_composed.py and test_categorical_codes.py; what it never calls:
tests/test_config_safety.py)."""

from __future__ import annotations

import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

from aucacc.exceptions import ConfigError
from aucacc.learners.encoding import CategoricalCodes
from aucacc.learners.factory import make_learner

SCALED_LR = {"estimator": "sklearn.pipeline.Pipeline",
             "params": {"steps": [["scale", {"estimator": "sklearn.preprocessing.StandardScaler"}],
                                  ["lr", {"estimator": "sklearn.linear_model.LogisticRegression",
                                          "params": {"C": 0.5, "max_iter": 200}}]]}}


def test_a_spec_becomes_a_fresh_estimator_with_its_params():
    a, b = make_learner(SCALED_LR, "LR"), make_learner(SCALED_LR, "LR")
    assert isinstance(a, Pipeline) and [name for name, _ in a.steps] == ["scale", "lr"]
    assert isinstance(a.steps[0][1], StandardScaler) and isinstance(a.steps[1][1], LogisticRegression)
    assert a.steps[1][1].get_params()["C"] == 0.5 and a.steps[1][1].get_params()["max_iter"] == 200
    # every call builds its own objects: two jobs' (or folds') learners share no fitted state
    assert a is not b and a.steps[1][1] is not b.steps[1][1]


def test_nominal_categorical_wraps_the_estimator():
    spec = {"estimator": "sklearn.ensemble.HistGradientBoostingClassifier", "nominal": "categorical",
            "params": {"max_iter": 7}}
    est = make_learner(spec, "HGB")
    assert isinstance(est, CategoricalCodes)
    assert est.learner == "HGB" and est.estimator.get_params()["max_iter"] == 7


def test_a_bad_spec_is_refused_naming_its_key():
    with pytest.raises(ConfigError, match=r"config key 'learners\.LR\.params\.steps\[1\]\[1\]\.params': The 'C' parameter "
                                         r"of LogisticRegression must be a float"):
        make_learner({**SCALED_LR, "params": {"steps": [SCALED_LR["params"]["steps"][0],
                                                        ["lr", {"estimator": "sklearn.linear_model.LogisticRegression",
                                                                "params": {"C": -1.0}}]]}}, "LR")
