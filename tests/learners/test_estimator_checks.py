"""scikit-learn's estimator checks on aucacc's learners, and the checks they cannot pass (with the reason).

``sklearn.utils.estimator_checks.check_estimator`` feeds numeric NumPy arrays. NB, C4.4 and C4.5
take what the paper gives them: a DataFrame of nominal (Categorical) attributes with declared
domains, so every check that fits on an array and expects the fit to succeed (or to fail with
scikit-learn's own wording) fails by design; they refuse an array with
:class:`aucacc.exceptions.NotADataFrameError` (a ``ValueError`` and a ``TypeError``, naming a sparse
matrix as such), which is what the sparse-input checks and ``check_fit1d`` ask for. Every learner
checks ``is_fitted`` and its parameters as scikit-learn does (``check_is_fitted``, ``_fit_context``,
``_parameter_constraints``); the SVM, which takes numbers, passes every check. The test asserts the
exact list of failing checks, so a learner that starts or stops passing one shows up here.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import sparse
from sklearn.exceptions import NotFittedError
from sklearn.utils._param_validation import InvalidParameterError
from sklearn.utils.estimator_checks import check_estimator

from aucacc.discretize import MDLDiscretizer
from aucacc.exceptions import NotADataFrameError
from aucacc.learners.c45 import C44, C45
from aucacc.learners.naive_bayes import NaiveBayes
from aucacc.learners.svm import GridSearchSVM

NOMINAL = "needs a DataFrame of nominal (Categorical) attributes; the check fits on a numeric array"
NO_WEIGHTS = "checks sample_weight on a numeric array (the trees take sample_weight, with a DataFrame X)"

# Checks every nominal learner fails because it is fitted on a NumPy array (or a wrapper of one).
_NOMINAL_CHECKS = [
    "check_classifier_data_not_an_array", "check_classifiers_classes", "check_classifiers_train", "check_complex_data",
    "check_dict_unchanged", "check_dont_overwrite_parameters", "check_dtype_object", "check_estimators_dtypes",
    "check_estimators_fit_returns_self", "check_estimators_overwrite_params", "check_estimators_pickle",
    "check_f_contiguous_array_estimator", "check_fit2d_1feature", "check_fit2d_1sample", "check_fit2d_predict1d",
    "check_fit_check_is_fitted", "check_fit_idempotent", "check_fit_score_takes_y",
    "check_methods_sample_order_invariance", "check_methods_subset_invariance", "check_n_features_in",
    "check_n_features_in_after_fitting", "check_pipeline_consistency", "check_positive_only_tag_during_fit",
    "check_readonly_memmap_input", "check_requires_y_none", "check_supervised_y_2d", "check_estimators_nan_inf",
    "check_estimators_empty_data_messages", "check_classifiers_regression_target", "check_classifiers_one_label",
]
_TREE_WEIGHT_CHECKS = [
    "check_all_zero_sample_weights_error", "check_classifiers_one_label_sample_weights",
    "check_sample_weight_equivalence_on_dense_data", "check_sample_weights_list", "check_sample_weights_not_an_array",
    "check_sample_weights_not_overwritten", "check_sample_weights_pandas_series", "check_sample_weights_shape",
]
_TREE = {**dict.fromkeys(_NOMINAL_CHECKS, NOMINAL), **dict.fromkeys(_TREE_WEIGHT_CHECKS, NO_WEIGHTS)}
_NB = dict.fromkeys(_NOMINAL_CHECKS, NOMINAL)
# The SVM takes numbers (it one-hot encodes nominal columns itself, and checks an array as
# scikit-learn's validate_data does): it passes every check.
_SVM: dict[str, str] = {}

EXPECTED_FAILURES = {"C45": _TREE, "C44": _TREE, "NaiveBayes": _NB, "GridSearchSVM": _SVM}
# Passed by every learner: the BaseEstimator conventions (parameters, clone, repr, tags).
CONVENTIONS = ["check_do_not_raise_errors_in_init_or_set_params", "check_estimator_cloneable",
               "check_estimator_repr", "check_get_params_invariance", "check_mixin_order",
               "check_no_attributes_set_in_init", "check_parameters_default_constructible", "check_set_params"]


@pytest.mark.parametrize("estimator", [C45(), C44(), NaiveBayes(),
                                       GridSearchSVM(C_grid=[1.0], gamma_grid=[0.1], n_inner_folds=2)],
                         ids=lambda e: type(e).__name__)
def test_estimator_checks(estimator):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results = check_estimator(estimator, on_fail=None)
    failed = {r["check_name"] for r in results if r["status"] == "failed"}
    passed = {r["check_name"] for r in results if r["status"] == "passed"}
    assert failed == set(EXPECTED_FAILURES[type(estimator).__name__])
    assert set(CONVENTIONS) <= passed


def test_tree_parameters_come_from_base_estimator():
    # C4.5 takes C45Tree's signature (J48 defaults), C4.4 only changes the defaults.
    assert C45().get_params() == dict(confidence=0.25, min_instances=2, prune=True, subtree_raising=True,
                                      collapse=True, laplace=False)
    assert C44().get_params() == dict(confidence=0.25, min_instances=2, prune=False, subtree_raising=True,
                                      collapse=False, laplace=True)
    assert repr(C44(confidence=0.1)) == "C44(confidence=0.1)"


FRAME_ONLY = [C45(), C44(), NaiveBayes(), MDLDiscretizer()]
X_NOMINAL = pd.DataFrame({"a": pd.Categorical(list("xyxyxy"), categories=["x", "y", "z"])})
Y = pd.Series(pd.Categorical(list("ppnnpn")))


@pytest.mark.parametrize("estimator", FRAME_ONLY + [GridSearchSVM()], ids=lambda e: type(e).__name__)
def test_unfitted_raises_not_fitted_error(estimator):
    method = "transform" if isinstance(estimator, MDLDiscretizer) else "predict_proba"
    with pytest.raises(NotFittedError, match=f"This {type(estimator).__name__} instance is not fitted yet"):
        getattr(estimator, method)(X_NOMINAL)


@pytest.mark.parametrize("estimator", FRAME_ONLY, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("X, got", [(np.zeros((6, 1)), "got ndarray"),
                                    (sparse.csr_matrix(np.zeros((6, 1))), "got a scipy sparse matrix"),
                                    ([[0]] * 6, "got list")], ids=["array", "sparse", "list"])
def test_non_dataframe_x_raises_one_error(estimator, X, got):
    with pytest.raises(NotADataFrameError, match=f"{type(estimator).__name__} takes a pandas DataFrame.*{got}"):
        estimator.fit(X, Y)
    # both the TypeError (naive Bayes, the discretizer) and the ValueError (C4.5) they raised before
    assert issubclass(NotADataFrameError, TypeError) and issubclass(NotADataFrameError, ValueError)


@pytest.mark.parametrize("estimator, param", [(C45(confidence=1.5), "confidence"), (C44(min_instances=0), "min_instances"),
                                              (MDLDiscretizer(precision=-1), "precision"),
                                              (GridSearchSVM(selection="best"), "selection"),
                                              (GridSearchSVM(n_inner_folds=1), "n_inner_folds")],
                         ids=lambda v: v if isinstance(v, str) else type(v).__name__)
def test_fit_validates_parameters(estimator, param):
    with pytest.raises(InvalidParameterError, match=f"The '{param}' parameter of {type(estimator).__name__} must be"):
        estimator.fit(X_NOMINAL, Y)
