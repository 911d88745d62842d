"""Learners: naive Bayes, C4.5, C4.4 (one tree builder with options) and the grid-searched RBF SVM.

Every learner is a scikit-learn-style estimator with ``fit``, ``predict``, ``predict_proba``
and ``classes_``. The workflow names learners in config (``learners.<name>.estimator`` is an
import path, ``learners.<name>.params`` its constructor arguments), so adding a learner is a
config entry, not code.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable

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


def is_spec(value: Any) -> bool:
    """Whether a config value is a nested estimator spec: a mapping with a string ``estimator`` (an import
    path) and, besides it, at most ``params``. Such a value inside a learner's ``params`` (at any depth, in
    lists too) is built into an estimator (:func:`build`): a pipeline's steps, a meta-estimator's
    ``estimator``, a search's estimator."""
    return (isinstance(value, dict) and isinstance(value.get("estimator"), str)
            and set(value) <= {"estimator", "params"})


def _named_step(value: list) -> bool:
    """Whether a list is a named step (``[name, spec]``, ``[name, spec, columns]``): its first item a name, a spec
    among the rest. It becomes a tuple, as scikit-learn writes a pipeline's steps and a column transformer's
    transformers."""
    return bool(value) and isinstance(value[0], str) and any(is_spec(v) for v in value[1:])


def _walk(value: Any, key: str, leaf: Callable[[dict, str], Any]) -> Any:
    """``value`` with every nested spec replaced by ``leaf(spec, key_of_spec)``, lists walked item by item."""
    if is_spec(value):
        return leaf(value, key)
    if isinstance(value, list):
        items = [_walk(v, f"{key}[{i}]", leaf) for i, v in enumerate(value)]
        return tuple(items) if _named_step(value) else items
    if isinstance(value, dict):
        return {k: _walk(v, f"{key}.{k}", leaf) for k, v in value.items()}
    return value


def check_params(cls: type, params: dict[str, Any], key: str = "params") -> dict[str, Any]:
    """Check the constructor arguments ``params`` of estimator class ``cls`` without building it.

    Every name must be a parameter of ``cls.__init__`` (unless it takes ``**kwargs``); every parameter
    without a default must be given (a ``Pipeline`` without ``steps``); and every value must satisfy the
    class's scikit-learn parameter constraints (``_parameter_constraints``, checked by
    ``sklearn.utils._param_validation.validate_parameter_constraints``) with the signature's defaults for
    the parameters not given. A nested estimator spec (:func:`is_spec`) is checked in turn, recursively,
    under its own key, and stands in the constraint check as an uninitialised instance of its class
    (``object.__new__``: no constructor runs). Nothing of ``cls`` is called.

    Returns
    -------
    dict
        Every constructor parameter: the defaults overlaid by ``params`` (nested specs as given).

    Raises
    ------
    ConfigError
        An unknown parameter name (naming ``<key>.<param>`` and the known ones), a required parameter not
        given (naming ``<key>.<param>``), or an invalid value (naming ``key`` and scikit-learn's message,
        e.g. "The 'C' parameter of SVC must be a float in the range (0.0, inf]").
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
    missing = [n for n, p in known.items() if p.default is p.empty and n not in params]
    if missing:
        raise ConfigError(f"config key '{key}.{missing[0]}': {cls.__name__} requires the parameter {missing[0]!r}, "
                          f"which is not given; add it under '{key}' (e.g. a Pipeline's steps: a list of "
                          f"[name, {{estimator: ..., params: ...}}])")
    full = {n: p.default for n, p in known.items() if p.default is not p.empty}
    full.update(params)
    stand_ins = {n: _walk(v, f"{key}.{n}", _stand_in) for n, v in full.items()}
    constraints = getattr(cls, "_parameter_constraints", None)
    if isinstance(constraints, dict) and constraints:
        from sklearn.utils._param_validation import InvalidParameterError, validate_parameter_constraints

        try:
            validate_parameter_constraints(constraints, stand_ins, caller_name=cls.__name__)
        except InvalidParameterError as exc:
            raise ConfigError(f"config key '{key}': {exc}") from None
    return full


def _stand_in(spec: dict[str, Any], key: str) -> Any:
    """A nested spec checked (:func:`check_spec`) and stood in for by an instance of its class on which no
    constructor ran (its given params set as attributes, as scikit-learn's constructors store them), for
    scikit-learn's parameter constraints (``isinstance``, ``HasMethods``)."""
    cls = check_spec(spec, key)
    obj = object.__new__(cls)
    # what a scikit-learn constructor does, without running it: each parameter stored under its own name
    obj.__dict__.update({n: _walk(v, f"{key}.params.{n}", _stand_in) for n, v in (spec.get("params") or {}).items()})
    return obj


def check_spec(spec: dict[str, Any], key: str) -> type:
    """Check an estimator spec ``{"estimator": path, "params": {...}}`` and its nested specs; return its class.

    :func:`resolve_estimator` then :func:`check_params`, recursively through nested specs. Nothing is
    built or called.

    Raises
    ------
    ConfigError
        As :func:`resolve_estimator` and :func:`check_params`, naming the nested key
        (``learners.LR.params.steps[1][1].params.C``).
    """
    cls = resolve_estimator(spec["estimator"], f"{key}.estimator")
    params = spec.get("params") or {}
    if not isinstance(params, dict):
        raise ConfigError(f"config key '{key}.params': expected a mapping of constructor arguments, got "
                          f"{type(params).__name__}")
    check_params(cls, dict(params), f"{key}.params")
    return cls


def build(spec: dict[str, Any], key: str = "learner") -> Any:
    """A fresh, unfitted estimator from spec ``{"estimator": path, "params": {...}}``, nested specs built too.

    The spec is checked first (:func:`check_spec`). Each nested spec becomes its own instance, so two
    uses of one spec never share a fitted object.
    """
    cls = check_spec(spec, key)
    params = {n: _walk(v, f"{key}.params.{n}", build) for n, v in (spec.get("params") or {}).items()}
    return cls(**params)


def make_learner(spec: dict[str, Any], name: str | None = None):
    """A fresh estimator from a config spec ``{"estimator": "pkg.mod.Class", "params": {...}}``.

    The class is resolved and its params checked first (:func:`resolve_estimator`,
    :func:`check_params`); only then is it built (:func:`build`; nested specs in ``params``, such as a
    pipeline's steps, are built too). The workflow builds learners in its jobs; the start-up check
    (``aucacc.config.check_learner``) builds none.

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
    est = build({"estimator": spec["estimator"], "params": spec.get("params") or {}}, key)
    if nominal_encoding(spec) == "categorical":
        return CategoricalCodes(est, learner=name)
    return est


def takes_table(est: Any) -> bool:
    """Whether estimator ``est`` takes the attribute table as it is (nominal attributes as pandas
    Categoricals, numeric ones as numbers, missing values NaN) rather than a numeric matrix.

    aucacc's own estimators do (naive Bayes, C4.4/C4.5, the MDL discretizer, :class:`CategoricalCodes`),
    and so does a scikit-learn ``Pipeline`` whose first step does (e.g. ``MDLDiscretizer`` → ``NaiveBayes``:
    naive Bayes with per-fold discretization). Every other estimator gets the numeric matrix of
    :func:`aucacc.learners.encoding.encode_features` (nominal attributes one-hot over their declared values).
    """
    from sklearn.pipeline import Pipeline

    if isinstance(est, Pipeline):
        first = est.steps[0][1] if est.steps else None
        return first is not None and first != "passthrough" and takes_table(first)
    return type(est).__module__.startswith("aucacc.")


def _takes_table_spec(spec: dict[str, Any]) -> bool:
    """:func:`takes_table` decided from a spec, without building it."""
    path = spec["estimator"]
    if path.rpartition(".")[2] == "Pipeline" and path.startswith("sklearn."):
        steps = (spec.get("params") or {}).get("steps") or []
        first = steps[0] if steps else None
        return bool(first) and is_spec(first[1]) and _takes_table_spec(first[1])
    return path.startswith("aucacc.")


def _spec_name(spec: dict[str, Any]) -> str:
    """A spec in words: its class, a pipeline as its steps joined by →, a meta-estimator with its estimator."""
    cls = spec["estimator"].rpartition(".")[2]
    params = spec.get("params") or {}
    if cls == "Pipeline" and isinstance(params.get("steps"), list):
        return " → ".join(_spec_name(step[1]) if is_spec(step[1]) else str(step[1]) for step in params["steps"])
    inner = [f"{k}={_spec_name(v)}" for k, v in params.items() if is_spec(v)]
    return f"{cls}({', '.join(inner)})" if inner else cls


def input_description(spec: dict[str, Any]) -> str:
    """What learner ``spec`` is given, in words, for the captions and notes of a study's tables.

    The learner's estimator (a pipeline as its steps, joined by →), then how the attributes reach it
    (:func:`takes_table`, :func:`nominal_encoding`): the attribute table as it is; integer codes with the
    ``categorical_features`` mask; or nominal attributes one-hot over their declared values, numeric ones
    as numbers and a missing numeric value NaN.
    """
    if _takes_table_spec(spec):
        how = "the attribute table as it is (nominal attributes with their declared values)"
    elif nominal_encoding(spec) == "categorical":
        how = "nominal attributes as integer codes with categorical_features set, numeric ones as numbers"
    else:
        how = ("nominal attributes one-hot over their declared values (missing: all zeros), numeric ones as "
               "numbers (missing: NaN)")
    return f"{_spec_name(spec)}, given {how}"


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
