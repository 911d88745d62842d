"""Learners: naive Bayes, C4.5, C4.4 (one tree builder with options) and the grid-searched RBF SVM.

Every learner is a scikit-learn-style estimator with ``fit``, ``predict``, ``predict_proba``
and ``classes_``. The workflow names learners in config (``learners.<name>.estimator`` is an
import path, ``learners.<name>.params`` its constructor arguments), so adding a learner is a
config entry, not code.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import sys
from functools import partial
from pathlib import Path
from typing import Any, Callable, Sequence

from aucacc.exceptions import ConfigError

#: The packages a learner's ``estimator`` import path may start with. Importing a module runs its
#: top-level code, so a config may name estimators only from these well-known estimator packages
#: (docs/learners.md); any other import path is refused before anything is imported.
ESTIMATOR_PACKAGES = ("aucacc", "sklearn", "imblearn", "xgboost", "lightgbm", "catboost")


def local_package(name: str, key: str, root: str | os.PathLike | None = None) -> None:
    """Make the researcher's own package ``name`` importable from the project folder ``root`` (default: the
    working directory, where the workflow and its jobs run), after checking it is there and shadows nothing.

    The trust boundary: a config may name estimator classes of a package listed under ``estimator_packages``
    (docs/learners.md). Importing it runs its top-level code, at every start-up (the config's check,
    in the main process) and in every job that builds one of its learners. It must be a folder
    ``<root>/<name>/`` with an ``__init__.py`` or a module ``<root>/<name>.py``, and ``name`` must not be the
    name of a module that Python finds elsewhere (``json``, ``sklearn``): a config cannot swap code in.

    Raises
    ------
    ConfigError
        Naming ``key``: no such package in the project folder, or the name shadows another module.
    """
    folder = Path(root) if root is not None else Path.cwd()
    here = [p for p in (folder / name / "__init__.py", folder / f"{name}.py") if p.is_file()]
    if not here:
        raise ConfigError(f"config key '{key}': no package {name!r} in the project folder {folder} (a folder "
                          f"{name}/ with an __init__.py, or a module {name}.py); put your estimator classes there")
    loaded = sys.modules.get(name)
    if loaded is not None:
        origin = getattr(loaded, "__file__", None) or "(built in)"
    else:
        try:
            found = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            found = None
        origin = getattr(found, "origin", None) if found is not None else None
    if origin is not None and Path(origin).resolve() != here[0].resolve():
        raise ConfigError(f"config key '{key}': {name!r} is also the name of the module {origin}; give your "
                          f"package a name of its own (it would shadow that module, or be shadowed by it)")
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))


def code_digest(packages: Sequence[str], root: str | os.PathLike | None = None) -> str:
    """SHA-256 over the ``.py`` files of the researcher's packages (sorted by path; path and bytes), ``""`` for
    none: the workflow hands it to the jobs of their learners, so changed code re-runs them."""
    if not packages:
        return ""
    folder = Path(root) if root is not None else Path.cwd()
    h = hashlib.sha256()
    for name in sorted(packages):
        files = sorted((folder / name).rglob("*.py")) if (folder / name).is_dir() else [folder / f"{name}.py"]
        for f in files:
            if f.is_file():
                h.update(f.relative_to(folder).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def estimator_paths(spec: dict[str, Any]) -> list[str]:
    """The import path of ``spec``'s estimator and of every nested spec's, depth first."""
    paths = [spec["estimator"]]

    def collect(sub: dict[str, Any], key: str) -> dict[str, Any]:
        paths.extend(estimator_paths(sub))
        return sub

    for value in (spec.get("params") or {}).values():
        _walk(value, "", collect)
    return paths


def uses_packages(spec: dict[str, Any], packages: Sequence[str]) -> bool:
    """Whether ``spec`` or a nested spec names an estimator of one of ``packages``."""
    return any(path.split(".")[0] in packages for path in estimator_paths(spec))


def resolve_estimator(path: str, key: str = "estimator", packages: Sequence[str] = ()) -> type:
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
    packages : sequence of str
        The researcher's own packages the config allows (``estimator_packages``; :func:`local_package`).

    Raises
    ------
    ConfigError
        The package is not allowed, the path cannot be imported, or it names something that is not
        such a class; the message names ``key`` and the cause.
    """
    mod_name, _, cls_name = path.rpartition(".")
    top = path.split(".")[0]
    if top not in ESTIMATOR_PACKAGES and top not in packages:
        raise ConfigError(f"config key '{key}': {path!r} is not in an allowed estimator package. An estimator's "
                          f"import path must start with one of {', '.join(ESTIMATOR_PACKAGES)} "
                          f"(aucacc.learners.ESTIMATOR_PACKAGES) or of your own packages listed under "
                          f"'estimator_packages'{' (' + ', '.join(packages) + ')' if packages else ''}: importing a "
                          f"module runs its code, so a config imports estimators only from these")
    if top in packages and top not in ESTIMATOR_PACKAGES:
        local_package(top, "estimator_packages")
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


#: How deep nested estimator specs may go (a pipeline inside a search inside a calibration is depth 3).
MAX_NESTING = 10


def check_params(cls: type, params: dict[str, Any], key: str = "params", packages: Sequence[str] = ()
                 ) -> dict[str, Any]:
    """Check the constructor arguments ``params`` of estimator class ``cls`` without building it.

    Every name must be a parameter of ``cls.__init__`` (unless it takes ``**kwargs``); every parameter
    without a default must be given (a ``Pipeline`` without ``steps``); and every value must satisfy the
    class's scikit-learn parameter constraints (``_parameter_constraints``, checked by
    ``sklearn.utils._param_validation.validate_parameter_constraints``) with the signature's defaults for
    the parameters not given. A nested estimator spec (:func:`is_spec`) is checked in turn, once, under its
    own key, and stands in the constraint check as an instance of its class on which no constructor ran
    (:func:`stand_in`). A mapping that looks like a spec but has other keys, nesting deeper than
    :data:`MAX_NESTING`, and a pipeline's cache folder (``memory``) are refused. Nothing of ``cls`` is called.

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
    return _checked(cls, params, key, packages, 0)[0]


def _checked(cls: type, params: dict[str, Any], key: str, packages: Sequence[str], depth: int
             ) -> tuple[dict[str, Any], dict[str, Any]]:
    """:func:`check_params`, returning also the parameters with every nested spec stood in for."""
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
        example = {"steps": "a Pipeline's steps: a list of [name, {estimator: ..., params: ...}]",
                   "estimator": f"{cls.__name__}'s estimator: {{estimator: <import path>, params: {{...}}}}, e.g. "
                                f"{{estimator: sklearn.linear_model.LogisticRegression}}",
                   "estimators": "a list of [name, {estimator: ..., params: ...}]"}.get(missing[0], "its value")
        raise ConfigError(f"config key '{key}.{missing[0]}': {cls.__name__} requires the parameter {missing[0]!r}, "
                          f"which is not given; add it under '{key}' ({example})")
    for name, value in params.items():
        _refuse_spec_like(value, f"{key}.{name}")
    if "memory" in params and params["memory"] is not None and "memory" in known:
        raise ConfigError(f"config key '{key}.memory': a cache folder of {cls.__name__}'s would be written outside "
                          f"the project's results (and outlive them); remove it (each job fits once)")
    full = {n: p.default for n, p in known.items() if p.default is not p.empty}
    full.update(params)
    stand_ins = {n: _walk(v, f"{key}.{n}", partial(_stand_in, packages=packages, depth=depth + 1))
                 for n, v in full.items()}
    constraints = getattr(cls, "_parameter_constraints", None)
    if isinstance(constraints, dict) and constraints:
        from sklearn.utils._param_validation import InvalidParameterError, validate_parameter_constraints

        try:
            validate_parameter_constraints(constraints, stand_ins, caller_name=cls.__name__)
        except InvalidParameterError as exc:
            raise ConfigError(f"config key '{key}': {exc}") from None
        except Exception as exc:  # scikit-learn's own check failed on a value it cannot take
            raise ConfigError(f"config key '{key}': {cls.__name__} cannot take these parameters "
                              f"({type(exc).__name__}: {exc}); check the values under '{key}'") from None
    return full, stand_ins


def _refuse_spec_like(value: Any, key: str) -> None:
    """A mapping with an ``estimator`` import path but keys besides ``params`` is a mistyped spec: refused."""
    if isinstance(value, dict):
        if isinstance(value.get("estimator"), str) and not is_spec(value):
            extra = sorted(set(value) - {"estimator", "params"})
            raise ConfigError(f"config key '{key}': a nested estimator is {{estimator: <import path>, params: "
                              f"{{...}}}} only; remove {extra} (or move them under '{key}.params')")
        for k, v in value.items():
            _refuse_spec_like(v, f"{key}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _refuse_spec_like(v, f"{key}[{i}]")


def _stand_in(spec: dict[str, Any], key: str, packages: Sequence[str] = (), depth: int = 0) -> Any:
    """A nested spec checked (:func:`check_spec`) and stood in for by an instance of its class on which no
    constructor ran: every constructor parameter set as an attribute (the signature's defaults overlaid by the
    spec's params, nested specs stood in for too), as scikit-learn's constructors store them. scikit-learn's
    parameter constraints (``isinstance``, ``HasMethods``), ``get_params`` and ``available_if`` then work on it."""
    if depth > MAX_NESTING:
        raise ConfigError(f"config key '{key}': estimators nested more than {MAX_NESTING} deep; a learner is a few "
                          f"levels at most (a pipeline in a search in a calibration is 3)")
    cls, stand_ins = _check_spec(spec, key, packages, depth)
    obj = object.__new__(cls)
    obj.__dict__.update(stand_ins)
    return obj


def stand_in(spec: dict[str, Any], key: str, packages: Sequence[str] = ()) -> Any:
    """An instance of ``spec``'s class, with nested specs stood in for, on which no constructor ran
    (:func:`_stand_in`): what the start-up check asks ``predict_proba`` of, without building anything."""
    return _stand_in(spec, key, packages, 0)


def check_spec(spec: dict[str, Any], key: str, packages: Sequence[str] = ()) -> type:
    """Check an estimator spec ``{"estimator": path, "params": {...}}`` and its nested specs; return its class.

    :func:`resolve_estimator` then :func:`check_params`, recursively through nested specs. Nothing is
    built or called.

    Raises
    ------
    ConfigError
        As :func:`resolve_estimator` and :func:`check_params`, naming the nested key
        (``learners.LR.params.steps[1][1].params.C``).
    """
    return _check_spec(spec, key, packages, 0)[0]


def _check_spec(spec: dict[str, Any], key: str, packages: Sequence[str], depth: int
                ) -> tuple[type, dict[str, Any]]:
    cls = resolve_estimator(spec["estimator"], f"{key}.estimator", packages)
    params = spec.get("params")
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise ConfigError(f"config key '{key}.params': expected a mapping of constructor arguments, got "
                          f"{type(params).__name__} {params!r}")
    _, stand_ins = _checked(cls, dict(params), f"{key}.params", packages, depth)
    return cls, stand_ins


def build(spec: dict[str, Any], key: str = "learner", packages: Sequence[str] = ()) -> Any:
    """A fresh, unfitted estimator from spec ``{"estimator": path, "params": {...}}``, nested specs built too.

    The spec is checked first (:func:`check_spec`). Each nested spec becomes its own instance, so two
    uses of one spec never share a fitted object.
    """
    cls = check_spec(spec, key, packages)
    params = {n: _walk(v, f"{key}.params.{n}", partial(build, packages=packages))
              for n, v in (spec.get("params") or {}).items()}
    return cls(**params)


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


def input_description(spec: dict[str, Any], protocol: str = "none") -> str:
    """What learner ``spec`` is given under a study's ``protocol``, in words, for the notes of a study's tables.

    The learner's estimator (a pipeline as its steps, joined by →), then how the attributes reach it
    (:func:`takes_table`, :func:`nominal_encoding`): the attribute table as it is; integer codes with the
    ``categorical_features`` mask; or nominal attributes one-hot over their declared values. Under
    ``whole_data`` and ``per_fold`` every numeric attribute is discretized first, so every attribute is nominal.
    """
    discretized = protocol in ("whole_data", "per_fold")
    if spec["estimator"].rpartition(".")[2] == "GridSearchSVM":  # takes the table and encodes it itself
        encoding = (spec.get("params") or {}).get("encoding", "onehot")
        how = (f"the {'discretized ' if discretized else ''}attribute table, which it encodes itself ({encoding}: "
               + ("one 0/1 column per declared value, a missing value all zeros" if encoding == "onehot" else
                  "code/(k-1) per attribute") + ("" if discretized else "; numeric attributes as numbers") + ")")
        sub = (spec.get("params") or {}).get("tune_subsample")  # the opt-in cheaper search: say it deviates
        how += ("" if sub is None else f"; (C, gamma) tuned on a stratified subsample of each training part "
                f"(tune_subsample={sub}), a deviation from Huang & Ling (2005), who tune on all of it")
        return f"{_spec_name(spec)}, given {how}"
    if _takes_table_spec(spec):
        how = ("the discretized attribute table as it is (every attribute nominal, missing values missing)"
               if discretized else "the attribute table as it is (numeric attributes as numbers, nominal ones with "
                                   "their declared values, missing values missing)")
    elif nominal_encoding(spec) == "categorical":
        how = ("every (discretized) attribute as integer codes with categorical_features set (missing: NaN)"
               if discretized else "nominal attributes as integer codes with categorical_features set, numeric ones "
                                   "as numbers (missing: NaN)")
    else:
        how = ("every (discretized) attribute one-hot over its values (missing: all zeros)" if discretized else
               "nominal attributes one-hot over their declared values (missing: all zeros), numeric ones as "
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


def time_limit(spec: dict[str, Any]) -> float | None:
    """Learner ``spec``'s time limit in seconds per outer fold (config ``learners.<name>.timeout``), or None: no limit.

    The key has no schema default (absent means no limit), so the specs of the learners that do not set it stay as
    they were; the cross-validation jobs read it from the config, not from the spec they are given
    (:func:`aucacc.evaluation.cross_validate.cross_validate`, ``timeout``).
    """
    limit = spec.get("timeout")
    return None if limit is None else float(limit)
