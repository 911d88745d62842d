"""Learners: naive Bayes, C4.5, C4.4 (one tree builder with options) and the grid-searched RBF SVM.

Every learner is a scikit-learn-style estimator with ``fit``, ``predict``, ``predict_proba``
and ``classes_``. The workflow names learners in config (``learners.<name>.estimator`` is an
import path, ``learners.<name>.params`` its constructor arguments), so adding a learner is a
config entry, not code.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from aucacc.learners.encoding import CategoricalCodes
from aucacc.schemas import value_or_default
from aucacc.exceptions import ConfigError

#: The packages a learner's ``estimator`` import path may start with. Importing a module runs its
#: top-level code, so a config may name estimators only from these well-known estimator packages
#: (config/README.md, "learners"); any other import path is refused before anything is imported.
ESTIMATOR_PACKAGES = ("aucacc", "sklearn", "imblearn", "xgboost", "lightgbm", "catboost")


def resolve_estimator(path: str, key: str = "estimator") -> type:
    """The estimator class named by the import path ``path``, found without calling anything.

    The path must start with one of :data:`ESTIMATOR_PACKAGES`; its module is imported and the
    attribute looked up, and it must be a class with ``fit`` and ``predict_proba`` that is a
    scikit-learn estimator (a ``BaseEstimator`` subclass, or one with ``get_params``). Nothing
    is called: not the class, not a function the path might name.

    Parameters
    ----------
    path : str
        ``"package.module.Class"`` (config ``learners.<name>.estimator``).
    key : str
        The config key the messages name.

    Raises
    ------
    ConfigError
        The package is not allowed, the path cannot be imported, or it names something that is not
        such a class; the message names ``key`` and the cause.
    """
    mod_name, _, cls_name = path.rpartition(".")
    if path.split(".")[0] not in ESTIMATOR_PACKAGES:
        raise ConfigError(f"config key '{key}': {path!r} is not in an allowed estimator package. An estimator's "
                          f"import path must start with one of {', '.join(ESTIMATOR_PACKAGES)} "
                          f"(aucacc.learners.ESTIMATOR_PACKAGES): importing a module runs its code, so a config "
                          f"imports estimators only from these")
    try:
        obj = getattr(importlib.import_module(mod_name), cls_name)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ConfigError(f"config key '{key}': learner estimator {path!r} cannot be imported: {exc}") from None
    if not inspect.isclass(obj):
        raise ConfigError(f"config key '{key}': {path!r} is a {type(obj).__name__}, not an estimator class; name a "
                          f"scikit-learn estimator class (with fit and predict_proba)")
    from sklearn.base import BaseEstimator

    if not (issubclass(obj, BaseEstimator) or callable(getattr(obj, "get_params", None))):
        raise ConfigError(f"config key '{key}': {path!r} is not a scikit-learn estimator (no get_params); name a "
                          f"scikit-learn estimator class (with fit and predict_proba)")
    if not callable(getattr(obj, "fit", None)):
        raise ConfigError(f"config key '{key}': {path!r} has no fit method; name a classifier with fit and "
                          f"predict_proba")
    return obj


def check_params(cls: type, params: dict[str, Any], key: str = "params") -> dict[str, Any]:
    """Check the constructor arguments ``params`` of estimator class ``cls`` without building it.

    Every name must be a parameter of ``cls.__init__`` (unless it takes ``**kwargs``), and every
    value must satisfy the class's scikit-learn parameter constraints (``_parameter_constraints``,
    checked by ``sklearn.utils._param_validation.validate_parameter_constraints``) with the
    signature's defaults for the parameters not given. Nothing of ``cls`` is called.

    Returns
    -------
    dict
        Every constructor parameter: the defaults overlaid by ``params``.

    Raises
    ------
    ConfigError
        An unknown parameter name (naming ``<key>.<param>`` and the known ones) or an invalid value
        (naming ``key`` and scikit-learn's message, e.g. "The 'C' parameter of SVC must be a float
        in the range (0.0, inf]").
    """
    try:
        sig = inspect.signature(cls)
    except (TypeError, ValueError) as exc:  # e.g. a class implemented in C without a signature
        raise ConfigError(f"config key '{key}': the constructor parameters of {cls.__name__} cannot be read ({exc}); "
                          f"name a scikit-learn estimator class") from None
    known = {n: p for n, p in sig.parameters.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    takes_kwargs = any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())
    for name in params:
        if name not in known and not takes_kwargs:
            raise ConfigError(f"config key '{key}.{name}': {cls.__name__} has no parameter {name!r}; its parameters "
                              f"are {', '.join(known) or '(none)'}")
    full = {n: p.default for n, p in known.items() if p.default is not p.empty}
    full.update(params)
    constraints = getattr(cls, "_parameter_constraints", None)
    if isinstance(constraints, dict) and constraints:
        from sklearn.utils._param_validation import InvalidParameterError, validate_parameter_constraints

        try:
            validate_parameter_constraints(constraints, full, caller_name=cls.__name__)
        except InvalidParameterError as exc:
            raise ConfigError(f"config key '{key}': {exc}") from None
    return full


def make_learner(spec: dict[str, Any], name: str | None = None):
    """A fresh estimator from a config spec ``{"estimator": "pkg.mod.Class", "params": {...}}``.

    The class is resolved and its params checked first (:func:`resolve_estimator`,
    :func:`check_params`); only then is it built. The workflow builds learners in its jobs; the
    start-up check (``aucacc.config.check_learner``) builds none.

    Parameters
    ----------
    spec : dict
        ``learners.<name>`` of the config: ``estimator``, ``params`` and optionally ``nominal``.
    name : str, optional
        The learner's name, for the config keys the messages name (``learners.<name>...``).

    Raises
    ------
    ConfigError
        See :func:`resolve_estimator` and :func:`check_params`.

    With ``spec["nominal"] == "categorical"`` the estimator comes wrapped in
    :class:`aucacc.learners.encoding.CategoricalCodes` (:func:`nominal_encoding`).
    """
    key = f"learners.{name}" if name else "learner"
    cls = resolve_estimator(spec["estimator"], f"{key}.estimator")
    params = dict(spec.get("params") or {})
    check_params(cls, params, f"{key}.params")
    if nominal_encoding(spec) == "categorical":
        return CategoricalCodes(cls(**params), learner=name)
    return cls(**params)


def nominal_encoding(spec: dict[str, Any]) -> str:
    """How nominal attributes reach learner ``spec`` that is not one of aucacc's own (config
    ``learners.<name>.nominal``): ``"onehot"`` (absent: one 0/1 column per declared value, the
    SVM's encoding) or ``"categorical"`` (integer codes with ``categorical_features``,
    :class:`aucacc.learners.encoding.CategoricalCodes`).

    The key has no schema default (absent means ``"onehot"``), so the specs of the learners that do
    not set it, which the workflow's jobs take as params, stay as they were.
    """
    return spec.get("nominal") or "onehot"


def runs_per_fold(spec: dict[str, Any], dataset: str) -> bool:
    """Whether the workflow runs learner ``spec`` on ``dataset`` as one job per outer fold.

    ``spec["fold_jobs"]`` is ``True`` (every data set), ``False`` (one job per data set) or a list
    of the data sets where it is ``True``. Either way the gathered scores and metrics are the same
    bytes (``tests/evaluation/test_cross_validate.py``); only the number of jobs changes.
    """
    fold_jobs = value_or_default(spec, "fold_jobs", "learners.*.fold_jobs")
    return dataset in fold_jobs if isinstance(fold_jobs, list) else bool(fold_jobs)
