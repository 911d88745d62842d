"""Loading and validating the workflow configuration outside Snakemake (tests, scripts, notebooks)."""

from __future__ import annotations

import copy
import inspect
import os
import re
import sys
from pathlib import Path
from typing import Any, Iterable

import yaml

from aucacc.exceptions import ConfigError  # noqa: F401  (re-exported: its old path)
from aucacc.provenance import RESERVED_NAME_SUFFIXES
from aucacc.schemas import CONFIG_SCHEMA, schema_default, value_or_default  # noqa: F401  (schema_default re-exported)
from aucacc.learners import check_spec, local_package, nominal_encoding, stand_in  # light: a learner's module loads when a spec names it

# The schema ships inside the package (package data), so any install validates the same way.
SCHEMA = CONFIG_SCHEMA
# The workflow's config file, relative to the working directory (the repository root, as Snakemake's
# `configfile:`); never derived from where the package is installed.
DEFAULT_CONFIG = Path("config") / "config.yaml"


#: Config keys naming a folder or file of the project: each must resolve (symlinks followed) inside
#: the project folder, so no config value reads or writes elsewhere. ``mirror`` (and AUCACC_MIRROR) is
#: not among them: it is a folder of the researcher's own choosing and may lie anywhere, but a file
#: name inside it cannot leave it (``aucacc.datasets.fetch``).
PROJECT_PATH_KEYS = ("cache", "raw_data", "lock_file")
#: The path keys of each study (``studies.<name>.<key>``), held inside the project as those above.
STUDY_PATH_KEYS = ("published", "claims", "retest", "published_rocch")
#: Top-level keys that moved into a study (issue 18): the config key a study gives them under.
MOVED_KEYS = {"published": "studies.<name>.published", "claims": "studies.<name>.claims",
              "main_table": "studies.<name>.main_table", "svm_table": "studies.<name>.svm_table"}
#: Learner keys that moved to the top level (issue 33: how a learner's jobs run is an execution choice, not part of
#: the learner: the bytes written are the same either way): the config key that takes them now.
MOVED_LEARNER_KEYS = {"fold_jobs": "fold_jobs"}
#: Keys of the top-level ``roc`` that moved into the paper study (issue 33: they describe the paper's ROC study; the
#: settings left under ``roc`` apply to every study's ROC stage): the config key that takes them now.
MOVED_ROC_KEYS = {"learners": "studies.<paper>.roc.learners", "datasets": "studies.<paper>.roc.datasets",
                  "positive": "studies.<paper>.positive"}
#: Protocol keys a study may not override (every study shares the top-level protocol's folds; a study may set its
#: own ``repetitions``, whose repetition 0 is those folds).
STUDY_FIXED_KEYS = ("n_folds",)


#: The most values a config may expand to: every mapping, list and scalar counted, and a YAML alias
#: counted as the whole structure it repeats. The repository's config has about 700; an alias
#: bomb ("billion laughs") is refused fast instead of hanging the run (Snakemake hashes the
#: expanded config).
MAX_CONFIG_VALUES = 100_000

#: Error messages are cut to about this many characters (a structure printed in one is shortened).
MAX_MESSAGE_CHARS = 600


def check_config_size(config: Any, limit: int = MAX_CONFIG_VALUES) -> int:
    """The number of values ``config`` expands to; :class:`ConfigError` past ``limit`` or if it contains itself.

    A YAML loader keeps an alias as a reference to the anchored structure, so loading is cheap
    however large the expansion; this counts the expansion without making it (each structure is
    counted once, by identity, and its count reused wherever it is referred to again).

    Raises
    ------
    ConfigError
        Naming the key (down to the last mapping key) that expands past ``limit``, or that refers to
        itself through an alias, and the limit (:data:`MAX_CONFIG_VALUES`).
    """
    sizes: dict[int, int] = {}
    open_ids: set[int] = set()

    def where(path: list) -> str:
        keys = []
        for p in path:
            if isinstance(p, int) and not isinstance(p, bool):
                break
            keys.append(str(p))
        return ".".join(keys) or "<top level>"

    def size(node: Any, path: list) -> int:
        if not isinstance(node, (dict, list)):
            return 1
        ident = id(node)
        if ident in sizes:
            return sizes[ident]
        if ident in open_ids:
            raise ConfigError(f"config key '{where(path)}' contains itself (a recursive YAML alias); write the "
                              f"value out without aliases")
        open_ids.add(ident)
        total = 1
        for k, v in (node.items() if isinstance(node, dict) else enumerate(node)):
            total += size(v, path + [k]) + (isinstance(node, dict))
            if total > limit:
                raise ConfigError(
                    f"config key '{where(path)}' expands to more than {limit:,} values (YAML anchors and aliases "
                    f"repeat a structure: an alias bomb?); a config may hold at most {limit:,} "
                    f"(aucacc.config.MAX_CONFIG_VALUES). Write the values out, or use fewer aliases.")
        open_ids.discard(ident)
        sizes[ident] = total
        return total

    try:
        return size(config, [])
    except RecursionError:
        raise ConfigError(f"the config is nested too deeply (more than about {sys.getrecursionlimit()} "
                          f"levels); flatten it") from None


def _capped(message: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``message`` cut in the middle to about ``limit`` characters (the key it names comes first)."""
    if len(message) <= limit:
        return message
    tail = limit // 5
    return f"{message[:limit - tail]} … [{len(message) - limit:,} characters cut] … {message[-tail:]}"


def project_folders() -> list[Path]:
    """The default project folder: the working directory (the repository root, where the workflow runs).

    Never derived from where the package is installed; a caller running elsewhere passes
    ``project`` (the workflow: the Snakefile's folder and its working directory).
    """
    return [Path.cwd()]


def validate_config(config: dict[str, Any], schema_path: str | os.PathLike = SCHEMA,
                    check_learners: bool = True,
                    project: Iterable[str | os.PathLike] | None = None) -> dict[str, Any]:
    """Validate ``config`` before any job runs, filling defaults; raise :class:`ConfigError`.

    Four checks, each naming the offending key (messages cut to :data:`MAX_MESSAGE_CHARS`):

    0. the config's expanded size (:func:`check_config_size`: YAML aliases past
       :data:`MAX_CONFIG_VALUES` values, or an alias to itself, are refused before anything else);
    1. the JSON schema (types, required keys, ranges, bare file names); its ``default`` values are
       filled in, also inside sections the config leaves out (a config without ``protocol:`` gets
       every ``protocol`` default), so every key the workflow reads is present afterwards; then
       every path of :data:`PROJECT_PATH_KEYS` must resolve inside one of the ``project`` folders
       (default :func:`project_folders`; the workflow passes the Snakefile's folder and its
       working directory);
    2. defaults that depend on other keys are filled (:func:`_fill_derived_defaults`), and every
       name that refers to another part of the config must exist there: learners named in the
       paper study's ``main_table`` and ``svm_table`` (only a study with ``published`` has them) and in
       ``roc``, data sets named in its ``main_table.datasets`` and ``svm_table.datasets``, ``roc``, ``fold_jobs`` (learners and data sets) and
       ``source_metrics.costs``, and each study's data sets, learners, C/D/E pairs and positive
       classes; at most one study with ``published``, and that one with ``claims``
       (:func:`_check_references`). Before the schema, the keys that moved into a study
       (top-level ``published``, ``claims``, ``main_table``, ``svm_table``), a study overriding the folds, and
       two study
       names equal up to case are refused (:func:`_check_moved_keys`); after it, data-set and learner names that
       would write another name's files (:func:`_check_names`);
    3. with ``check_learners``, every learner's estimator must be a scikit-learn estimator class
       from an allowed package, with ``predict_proba`` and valid parameters (:func:`check_learner`;
       nothing is built or called).
    """
    try:
        return _validate(config, schema_path, check_learners, project)
    except ConfigError as exc:
        raise ConfigError(_capped(str(exc))) from None


def _validate(config: dict[str, Any], schema_path: str | os.PathLike, check_learners: bool,
              project: Iterable[str | os.PathLike] | None) -> dict[str, Any]:
    """:func:`validate_config` without the cut of its messages."""
    import jsonschema

    check_config_size(config)
    _check_moved_keys(config)
    schema = yaml.safe_load(Path(schema_path).read_text())
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(config), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        where = ".".join(str(p) for p in e.absolute_path) or "<top level>"
        raise ConfigError(f"config key '{where}': {e.message}{_schema_hint(e)}")
    _check_names(config)
    _fill_defaults(config, schema, schema)
    _check_project_paths(config, project_folders() if project is None else [Path(p) for p in project])
    _fill_derived_defaults(config, schema)
    _check_references(config)
    if check_learners:
        for i, package in enumerate(config["estimator_packages"]):
            local_package(package, f"estimator_packages[{i}]")
        for name, spec in config["learners"].items():
            check_learner(name, spec, config["estimator_packages"])
    return config


def _schema_hint(e: Any) -> str:
    """What to do about a schema error, where the schema's own message does not say it."""
    if e.validator == "pattern" and "description" in e.schema:
        return f" (expected: {e.schema['description']})"
    path = list(e.absolute_path)
    if e.validator == "minItems" and len(path) == 3 and path[0] == "studies" and path[2] == "learners":
        return (f" (a study compares its learners: its paired tests, C/D/E and ranks are over pairs of them, so it "
                f"needs at least {e.validator_value}; add another learner defined under 'learners' to 'studies."
                f"{path[1]}.learners', e.g. a baseline such as sklearn.dummy.DummyClassifier)")
    if e.validator == "minItems" and len(path) == 3 and path[0] == "studies" and path[2] == "measures":
        return (f" (the study's measures are compared in pairs, f against g (C/D/E), so it needs at least "
                f"{e.validator_value}; add one to 'studies.{path[1]}.measures', or leave the key out for every "
                f"measure)")
    wanted = e.validator_value if isinstance(e.validator_value, list) else [e.validator_value]
    if e.validator == "type" and "string" in wanted and isinstance(e.instance, (bool, int, float)):
        which = "key" if "propertyNames" in e.schema_path else "value"
        what = "a boolean" if isinstance(e.instance, bool) else "a number"
        return (f" (the {which} {e.instance!r} was read as {what}: YAML reads unquoted yes/no, true/false and on/off "
                f"as booleans, and 1 or 2.5 as numbers. Quote it as the data writes it, e.g. \"yes\" or \"1\")")
    if e.validator == "type" and {"number", "integer"} & set(wanted) and isinstance(e.instance, str) and (
            re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", e.instance.strip())):
        if re.fullmatch(r"[+-]?\d+[eE][+-]?\d+", e.instance.strip()):  # YAML 1.1: an exponent needs a '.'
            return (f" (YAML read {e.instance} as text: a number with an exponent needs a decimal point, e.g. "
                    f"{e.instance.lower().replace('e', '.0e', 1)})")
        return " (the number is quoted, so YAML read it as text: remove the quotes)"
    return ""


def _check_moved_keys(config: dict[str, Any]) -> None:
    """Keys that moved or that a study may not give, refused before the schema with what to write instead.

    Top-level ``published``, ``claims``, ``main_table`` and ``svm_table`` moved into the paper study
    (:data:`MOVED_KEYS`); a study's
    ``n_folds`` (or a ``protocol`` of its own) is not supported: every study shares the top-level
    ``protocol``'s folds (:data:`STUDY_FIXED_KEYS`); its ``repetitions`` add folds of their own.
    """
    for key, where in MOVED_KEYS.items():
        if key in config:
            raise ConfigError(
                f"config key '{key}' moved into a study: give it as '{where}' of the study that has published "
                f"numbers (the paper's study 'huang_ling_2005' in config/config.yaml has published: config/published, "
                f"claims: config/claims.yaml, main_table and svm_table), and remove the top-level '{key}' "
                f"(docs/studies.md)")
    roc = config.get("roc")
    for key, where in (MOVED_ROC_KEYS.items() if isinstance(roc, dict) else ()):
        if key in roc:
            raise ConfigError(
                f"config key 'roc.{key}' moved into the paper study: give it as '{where}' (<paper>: the study with "
                f"published numbers, 'huang_ling_2005' in config/config.yaml; another study's ROC stage is over its "
                f"own learners, data sets and 'positive') and remove 'roc.{key}'; the other 'roc' keys, the analysis "
                f"settings, stay (docs/analyses.md)")
    learners = config.get("learners")
    for name, spec in (learners.items() if isinstance(learners, dict) else ()):
        for key, where in MOVED_LEARNER_KEYS.items():
            if isinstance(spec, dict) and key in spec:
                raise ConfigError(
                    f"config key 'learners.{name}.{key}' moved to the top level: give it as '{where}: {{{name}: "
                    f"{_flow(spec[key])}}}' (an execution choice, not part of the learner: the bytes written are "
                    f"the same either way) and remove it from 'learners.{name}' (docs/learners.md, key table)")
    studies = config.get("studies")
    if not isinstance(studies, dict):
        return  # the schema names a wrong type
    seen: dict[str, str] = {}
    for name, study in studies.items():
        folded = str(name).casefold()
        if folded in seen:
            raise ConfigError(f"config key 'studies.{name}': two studies named {seen[folded]!r} and {name!r} differ "
                              f"only in case, and each becomes a folder results/studies/<name>/ (one on a "
                              f"case-insensitive file system): rename one of them")
        seen[folded] = str(name)
        if not isinstance(study, dict):
            continue
        for key in (*STUDY_FIXED_KEYS, "protocol"):
            if key in study:
                what = "protocol (its n_folds)" if key == "protocol" else f"protocol.{key}"
                raise ConfigError(
                    f"config key 'studies.{name}.{key}': a study cannot set its own {what} (not supported yet): every "
                    f"study shares the top-level protocol, so a (data set, learner) is trained once for all of them. "
                    f"Remove it (a study may set its own 'discretization' and 'repetitions')")


#: The name of a study's target rule: ``study_<name>`` (the Snakefile; ``snakemake study_<name>``).
STUDY_RULE = "study_{}"


def _check_names(config: dict[str, Any]) -> None:
    """Data-set and learner names that would write another name's files are refused, naming the key and the fix.

    A name ending in one of :data:`aucacc.provenance.RESERVED_NAME_SUFFIXES` (in any case: a case-insensitive file
    system; such a name would write another name's provenance record), and two
    names of one kind equal up to case (one folder or file on such a file system, as two studies' names:
    :func:`_check_moved_keys`). Runs after the schema, so every name is a string of its pattern.

    Raises
    ------
    ConfigError
        Naming the config key (``datasets.<name>`` or ``learners.<name>``) and what to rename.
    """
    for kind in ("datasets", "learners"):
        seen: dict[str, str] = {}
        for name in config.get(kind) or {}:
            inner = next((s for s in RESERVED_NAME_SUFFIXES if f"{s}." in name.casefold()), None)
            if inner is not None:  # d.provenance.json: a folder the clean-up of orphan records takes for a record
                raise ConfigError(
                    f"config key '{kind}.{name}': a name may not contain '{inner}.' (in any case): its folders and "
                    f"files would be named like provenance records ('<file>{inner}.json'), which the clean-up of a "
                    f"failed run removes. Rename it, e.g. '{re.sub(re.escape(inner), '-provenance', name, flags=re.I)}'")
            end = next((s for s in RESERVED_NAME_SUFFIXES if name.casefold().endswith(s)), None)
            if end is not None:
                base = name[:-len(end)]
                raise ConfigError(
                    f"config key '{kind}.{name}': a name may not end in '{end}' (in any case): its file "
                    f"'{name}.json' is named as the provenance record of a file '{base}' (every file written under a "
                    f"name gets one, '<file>.provenance.json'), so it would overwrite another name's record, or be "
                    f"deleted as the record of a missing file. Rename it, e.g. '{base}-{name[len(base) + 1:]}'")
            folded = name.casefold()
            if folded in seen:
                raise ConfigError(
                    f"config key '{kind}.{name}': '{seen[folded]}' and '{name}' differ only in case, and each "
                    f"becomes file and folder names (one on a case-insensitive file system, as on macOS and "
                    f"Windows): rename one of them")
            seen[folded] = name


def rule_names(paths: Iterable[str | os.PathLike]) -> list[str]:
    """The names of the rules defined in the Snakemake files ``paths`` (each ``rule <name>:`` line, also of a rule
    defined only for some configs); a rule named by its ``name:`` (the Snakefile's ``study_<name>``) is not read.

    Parameters
    ----------
    paths : the workflow's rule files (``workflow/rules/*.smk``), read as UTF-8 text.

    Returns
    -------
    list of str
        Rule names in the order of ``paths`` and of their lines.
    """
    pattern = re.compile(r"^[ \t]*rule[ \t]+(\w+)[ \t]*:", re.MULTILINE)
    return [name for path in paths for name in pattern.findall(Path(path).read_text(encoding="utf-8"))]


def check_study_names(studies: Iterable[str], rules: Iterable[str]) -> None:
    """Each study's target rule :data:`STUDY_RULE` (``study_<name>``) must not be a rule of the workflow.

    Parameters
    ----------
    studies : the study names (config key ``studies``).
    rules : the workflow's rule names (:func:`rule_names` of its rule files), e.g. ``study_summary``, the summary
        job of every study.

    Raises
    ------
    ConfigError
        For a study named as a rule's suffix (``summary``, ``tests``, ``cde``, ...): Snakemake would stop at parse
        time with "The name study_summary is already used by another rule". The message names the config key, the
        rule, every name so taken and the fix.
    """
    rules = list(rules)
    taken = sorted(r.removeprefix(STUDY_RULE.format("")) for r in rules if r.startswith(STUDY_RULE.format("")))
    for name in studies:
        rule = STUDY_RULE.format(name)
        if rule in rules:
            raise ConfigError(
                f"config key 'studies.{name}': a study's target rule is '{rule}' (snakemake {rule}), but the "
                f"workflow already has a rule of that name, one of its own jobs. Rename the study (a "
                f"study may not be named {', '.join(taken)}), e.g. 'my_{name}'")


def _check_project_paths(config: dict[str, Any], project: list[Path]) -> None:
    """Every path of :data:`PROJECT_PATH_KEYS`, and of :data:`STUDY_PATH_KEYS` in every study, resolves inside
    a ``project`` folder (relative paths: from the working directory)."""
    roots = [p.resolve() for p in project]
    keys = [(key, config[key]) for key in PROJECT_PATH_KEYS]  # every key filled by _fill_defaults
    keys += [(f"studies.{name}.{key}", study[key]) for name, study in config["studies"].items() for key in STUDY_PATH_KEYS]
    for key, value in keys:
        if not value:  # raw_data and a study's paths may be null
            continue
        resolved = Path(value).resolve()
        if not any(resolved.is_relative_to(r) for r in roots):
            raise ConfigError(
                f"config key '{key}': {value!r} resolves to {resolved}, outside the project folder "
                f"({' or '.join(map(str, roots))}); give a path inside it (symlinks are followed). Only the mirror "
                f"(config key 'mirror' or AUCACC_MIRROR) may be a folder elsewhere.")


def _fill_derived_defaults(config: dict[str, Any], schema: dict) -> None:
    """Defaults that depend on other keys (the schema cannot express them); documented in docs/configuration.md.

    The paper study's (the one with ``published``) ``main_table``: ``{}`` filled, its ``learners`` every learner;
    a study's ``discretization``: ``none``, or ``protocol.discretization`` for the study with published numbers;
    its ``roc``: ``{}`` filled, its ``learners`` the study's, its ``datasets`` the study's ``svm_table.datasets``, else
    the study's. Runs after :func:`_fill_defaults`, so every section is present.
    """
    learners = list(config["learners"])
    svm = None
    for name, study in config["studies"].items():
        study["title"] = study_title(study, name)
        if study["discretization"] is None:  # the data as it is, except the paper's own protocol for its study
            study["discretization"] = config["protocol"]["discretization"] if study["published"] else "none"
        if study["published"]:
            if study["main_table"] is None:
                study["main_table"] = {}  # filled with the schema's defaults of a study's main_table
                _fill_defaults(study["main_table"], schema["$defs"]["study"]["properties"]["main_table"], schema)
            study["main_table"].setdefault("learners", learners)
            svm = study["svm_table"]
            study["roc"] = study["roc"] or {}
            study["roc"].setdefault("learners", list(study["learners"]))
            study["roc"].setdefault("datasets", list(svm["datasets"] if svm is not None else study["datasets"]))


def _check_references(config: dict[str, Any]) -> None:
    """Every learner or data-set name used elsewhere in the config is defined under ``learners`` / ``datasets``."""
    learners = config["learners"]
    datasets = config["datasets"]

    def need(names, where: str, pool: dict, what: str) -> None:
        for n in names:
            if n not in pool:
                raise ConfigError(f"config key '{where}' names {what} {n!r}, which is not under '{what}s' "
                                  f"({', '.join(pool)}); add it there or remove it from '{where}'")

    for study_name, study in config["studies"].items():  # the paper study's tables
        key = f"studies.{study_name}"
        main = study["main_table"]
        if main is not None:
            need(main["learners"], f"{key}.main_table.learners", learners, "learner")
            need([x for pair in main["cde_pairs"] for x in pair], f"{key}.main_table.cde_pairs", learners, "learner")
            need(main["datasets"] or [], f"{key}.main_table.datasets", datasets, "dataset")
        svm = study["svm_table"]
        if svm is not None:
            need([svm["learner"]], f"{key}.svm_table.learner", learners, "learner")
            need(svm["compare"], f"{key}.svm_table.compare", learners, "learner")
            need(svm["datasets"], f"{key}.svm_table.datasets", datasets, "dataset")
    need(config["fold_jobs"], "fold_jobs", learners, "learner")
    for name, where in config["fold_jobs"].items():
        if isinstance(where, list):
            need(where, f"fold_jobs.{name}", datasets, "dataset")
    need(list(config["source_metrics"]["costs"]), "source_metrics.costs", datasets, "dataset")
    _check_studies(config, need)


def _check_studies(config: dict[str, Any], need) -> None:
    """Each study names defined data sets and learners, C/D/E pairs of its own learners, and at most one
    study has published numbers (with its claims file)."""
    paper = [name for name, study in config["studies"].items() if study["published"]]
    if len(paper) > 1:
        raise ConfigError(f"config key 'studies.{paper[1]}.published': studies {', '.join(map(repr, paper))} each have "
                          f"published numbers; at most one study is the paper study (it gets the scorecard and the "
                          f"paper's tables): remove 'published' and 'claims' from all but one")
    for name, study in config["studies"].items():
        key = f"studies.{name}"
        need(study["datasets"], f"{key}.datasets", config["datasets"], "dataset")
        need(study["learners"], f"{key}.learners", config["learners"], "learner")
        if bool(study["published"]) != bool(study["claims"]):
            given, missing = ("published", "claims") if study["published"] else ("claims", "published")
            raise ConfigError(f"config key '{key}.{missing}': study {name!r} gives '{given}' without '{missing}'; the "
                              f"published numbers are judged by the claims file's rules, so give both (the paper "
                              f"study: published: config/published, claims: config/claims.yaml) or neither")
        for table in ("main_table", "svm_table", "roc"):
            if study[table] is not None and not study["published"]:
                raise ConfigError(f"config key '{key}.{table}': only the study with published numbers (the paper "
                                  f"study: 'published' and 'claims') has the paper's {table}; remove it from "
                                  f"{name!r}")
        seen_pairs: dict[frozenset, int] = {}
        for i, pair in enumerate(study["cde_pairs"] or []):
            first = seen_pairs.setdefault(frozenset(pair), i)
            if first != i:
                raise ConfigError(f"config key '{key}.cde_pairs[{i}]': {pair} compares the same two learners as "
                                  f"'{key}.cde_pairs[{first}]' ({study['cde_pairs'][first]}); list each pair once")
            outside = [x for x in pair if x not in study["learners"]]
            if outside:
                raise ConfigError(f"config key '{key}.cde_pairs[{i}]': {pair} names {outside[0]!r}, which is not one of "
                                  f"the study's learners ({', '.join(study['learners'])}); add it to '{key}.learners' "
                                  f"or change the pair")
            if pair[0] == pair[1]:
                raise ConfigError(f"config key '{key}.cde_pairs[{i}]': {pair} names {pair[0]!r} twice; a C/D/E pair "
                                  f"compares two different learners")
        for claimed, own in (study["retest_learners"] or {}).items():
            if not study["retest"]:
                raise ConfigError(f"config key '{key}.retest_learners': it renames the learners of a retest CSV, and "
                                  f"study {name!r} has no 'retest'; add '{key}.retest' or remove it")
            if own not in study["learners"]:
                raise ConfigError(f"config key '{key}.retest_learners.{claimed}': {own!r} is not one of the study's "
                                  f"learners ({', '.join(study['learners'])}); name one of them")
        other = study["compare_retest"]
        if other is not None:
            if other == name or other not in config["studies"]:
                raise ConfigError(f"config key '{key}.compare_retest': {other!r} is not another study; name one of "
                                  f"{', '.join(x for x in config['studies'] if x != name) or '(none)'}")
            missing = [x for x in (name, other) if not config["studies"][x]["retest"]]
            if missing:
                raise ConfigError(f"config key '{key}.compare_retest': study {missing[0]!r} has no 'retest'; both "
                                  f"studies re-test claims to be compared (give each 'retest')")
        for what in ("learners", "datasets"):
            outside = [x for x in (study["roc"] or {}).get(what, []) if x not in study[what]]
            if outside:
                raise ConfigError(f"config key '{key}.roc.{what}' names {outside[0]!r}, which is not one of the "
                                  f"study's {what} ({', '.join(study[what])}); the ROC stage is over the study's "
                                  f"{what}: add it to '{key}.{what}' or remove it")
        for dataset in study["positive"] or {}:
            if dataset not in study["datasets"]:
                raise ConfigError(f"config key '{key}.positive' names data set {dataset!r}, which is not one of the "
                                  f"study's data sets ({', '.join(study['datasets'])}); remove it or add the data set "
                                  f"to '{key}.datasets'")


def _flow(value: Any) -> str:
    """``value`` as YAML flow style, one line (``[mushroom, thyroid]``, ``true``)."""
    return yaml.safe_dump(value, default_flow_style=True, width=10**6).strip().removesuffix("...").strip()


def runs_per_fold(config: dict[str, Any], learner: str, dataset: str) -> bool:
    """Whether the workflow runs ``learner`` on ``dataset`` as one job per outer fold.

    Config key ``fold_jobs`` maps a learner to ``true`` (every data set) or the list of data sets where
    it runs one job per outer fold; a learner it does not name runs one job per data set. Either way the
    gathered scores and metrics are the same bytes (``tests/evaluation/test_cross_validate.py``); only
    the number of jobs changes.
    """
    where = value_or_default(config, "fold_jobs", "fold_jobs").get(learner, False)
    return dataset in where if isinstance(where, list) else bool(where)


def paper_study(config: dict[str, Any]) -> str | None:
    """The name of the study with published numbers (the paper study), or None; ``config`` validated."""
    return next((name for name, study in config["studies"].items() if study["published"]), None)


def study_pairs(study: dict[str, Any]) -> list[list[str]]:
    """The C/D/E learner pairs of a (validated) study: its ``cde_pairs``, or, when null, every pair
    ``[a, b]`` of its learners with ``a`` listed after ``b`` (the paper's order for NB, C4.4, C4.5:
    ``[C4.4, NB], [C4.5, NB], [C4.5, C4.4]``)."""
    if study["cde_pairs"] is not None:
        return [list(p) for p in study["cde_pairs"]]
    ls = study["learners"]
    return [[ls[j], ls[i]] for j in range(len(ls)) for i in range(j)]


def study_title(study: dict[str, Any], name: str) -> str:
    """A study's display name, in its figures' titles and its report chapter: its ``title``
    (``studies.<name>.title``), or, when that is not set, its config key ``name``.

    Parameters
    ----------
    study : the study's config entry (``config["studies"][name]``; validated or as a run recorded it).
    name : its config key (the folder ``results/studies/<name>/``).

    Returns
    -------
    str
        e.g. ``"Huang & Ling (2005), §IV"`` for ``huang_ling_2005``.
    """
    title = (study or {}).get("title")
    return name if title is None or str(title) == "" else str(title)


def raw_datasets(config: dict[str, Any]) -> list[str]:
    """The data sets whose learners get them as they are: those named by at least one study and by no study whose
    ``discretization`` is other than ``none``. The data-set table (:func:`aucacc.datasets.table.dataset_table`)
    counts their attributes as they are (numeric and nominal), not after the whole-data discretization.

    Parameters
    ----------
    config : a validated config (every study's ``discretization`` filled: :func:`validate_config`).

    Returns
    -------
    list of str
        in the order of ``config["datasets"]``.
    """
    given: dict[str, set] = {}
    for study in (config.get("studies") or {}).values():
        for d in study["datasets"]:
            given.setdefault(d, set()).add(study["discretization"])
    return [d for d in config["datasets"] if given.get(d) == {"none"}]


#: The columns a study's ``retest`` CSV must have (``table`` is optional), and the metrics it may name.
RETEST_COLUMNS = ("metric", "a", "b", "published_outcome")
RETEST_METRICS = ("accuracy", "auc")


def check_study_inputs(config: dict[str, Any]) -> None:
    """The files each study of a validated ``config`` names exist and have the shape the workflow reads.

    Run before any job (the workflow: after :func:`validate_config`), so a wrong path or a malformed
    claims CSV stops the run naming its config key instead of failing in a job: ``published`` must
    be a folder, ``claims`` a file (its content is checked by
    :func:`aucacc.report.claims.load_claims`), ``retest`` a CSV with the columns
    :data:`RETEST_COLUMNS` (optionally ``table``), each ``metric`` one of :data:`RETEST_METRICS` and
    each ``published_outcome`` ``"not significant"`` or ``"<a or b> significantly higher"`` (the
    outcomes :func:`aucacc.studies.analysis.retest_claims` re-tests). Relative paths: from the
    working directory.

    Raises
    ------
    ConfigError
        Naming ``studies.<name>.<key>``, the path and, for a CSV row, its line.
    """
    import csv

    for name, study in config["studies"].items():
        for key, want in (("published", "folder"), ("claims", "file"), ("retest", "file"), ("published_rocch", "file")):
            path = study[key]
            if path and not (Path(path).is_dir() if want == "folder" else Path(path).is_file()):
                found = "is a folder" if Path(path).is_dir() else "is a file" if Path(path).exists() else "does not exist"
                raise ConfigError(f"config key 'studies.{name}.{key}': {path!r} {found} (relative paths are read from the working "
                                  f"directory, {Path.cwd()}); give the {want} it should name")
        path = study["retest"]
        if not path:
            continue
        key = f"studies.{name}.retest"
        try:
            with open(path, newline="", encoding="utf-8") as fh:
                reader = csv.DictReader(fh)
                missing = [c for c in RETEST_COLUMNS if c not in (reader.fieldnames or [])]
                if missing:
                    raise ConfigError(f"config key '{key}': {path} has no column(s) {', '.join(missing)} (its header: "
                                      f"{', '.join(reader.fieldnames or []) or 'none'}); a retest CSV has the columns "
                                      f"metric, a, b, published_outcome and optionally table, as "
                                      f"config/published/significance.csv")
                for row in reader:
                    line = reader.line_num
                    if row["metric"] not in RETEST_METRICS:
                        raise ConfigError(f"config key '{key}': {path} line {line}: metric {row['metric']!r} is not "
                                          f"one of {', '.join(RETEST_METRICS)}")
                    outcomes = ["not significant"] + [f"{row[x]} significantly higher" for x in ("a", "b")]
                    if row["published_outcome"] not in outcomes:
                        raise ConfigError(f"config key '{key}': {path} line {line}: published_outcome "
                                          f"{row['published_outcome']!r} is not one of {', '.join(map(repr, outcomes))}")
        except (UnicodeDecodeError, csv.Error) as exc:
            raise ConfigError(f"config key '{key}': {path} is not a UTF-8 CSV file ({exc})") from None


def check_learner(name: str, spec: dict[str, Any], packages: Iterable[str] = ()) -> type:
    """Check learner ``name``'s config spec without running any code of it; return its class.

    Checks, before any job starts (:func:`aucacc.learners.resolve_estimator`,
    :func:`aucacc.learners.check_params`): the import path starts with an allowed package
    (:data:`aucacc.learners.ESTIMATOR_PACKAGES`) and resolves to a scikit-learn estimator class with
    ``fit``; it is a classifier (scikit-learn's ``is_classifier``: it will have ``classes_``); the class has
    ``predict_proba`` (for one whose ``predict_proba`` depends on a parameter, such as scikit-learn's ``SVC``
    only with ``probability: true`` or ``SGDClassifier`` only with ``loss: log_loss`` or ``modified_huber``,
    under the params given); every constructor parameter without a default is given; every param is a constructor
    parameter, and the params are valid under scikit-learn's own parameter validation wherever
    the class declares ``_parameter_constraints`` (e.g. ``SVC(C=-1)``); with ``nominal: categorical``,
    the class is not one of aucacc's and has a ``categorical_features`` parameter that ``params``
    leaves unset. Nothing is built or
    called: a config is data (the jobs build the learners, :func:`aucacc.learners.factory.make_learner`).

    ``packages``: the researcher's own packages the config allows (``estimator_packages``;
    :func:`aucacc.learners.local_package`).

    Raises
    ------
    ConfigError
        Naming ``learners.<name>`` (``.estimator``, ``.params``, ``.params.<param>`` or ``.nominal``) and the cause.
    """
    key = f"learners.{name}"
    packages = tuple(packages)
    cls = check_spec({"estimator": spec["estimator"], "params": spec.get("params") or {}}, key, packages)
    _check_proba(cls, spec, key, packages)
    if nominal_encoding(spec) == "categorical":
        # the codes and the mask go to the estimator's own categorical support (CategoricalCodes)
        if cls.__module__.startswith("aucacc."):
            raise ConfigError(f"config key '{key}.nominal': {spec['estimator']} is one of aucacc's learners, which "
                              "take nominal attributes as they are; remove 'nominal' (it is for other estimators)")
        if "categorical_features" not in inspect.signature(cls).parameters:
            raise ConfigError(f"config key '{key}.nominal': 'categorical' hands the estimator integer codes and "
                              f"its categorical_features mask, but {cls.__name__} has no parameter "
                              "categorical_features; set nominal: onehot (or leave it out)")
        if "categorical_features" in (spec.get("params") or {}):
            raise ConfigError(f"config key '{key}.params.categorical_features': set by nominal: categorical (the "
                              "mask of the nominal attributes, from the data); remove it from params")
    return cls


#: aucacc's pipeline steps that hand on the attribute table (nominal attributes as Categoricals), not numbers.
TABLE_STEPS = ("MDLDiscretizer",)


def _check_seams(pipeline: Any, key: str) -> None:
    """A step that hands on the attribute table must be followed by one of aucacc's steps (which take it), not by an
    estimator that takes numbers (which would meet interval labels): refused, naming the step and the fix."""
    steps = pipeline.steps
    for i, ((name, step), (_, nxt)) in enumerate(zip(steps, steps[1:])):
        if type(step).__name__ in TABLE_STEPS and type(step).__module__.startswith("aucacc.") and not (
                type(nxt).__module__.startswith("aucacc.") or nxt == "passthrough"):
            raise ConfigError(
                f"config key '{key}.params.steps[{i + 1}]': {type(nxt).__name__} takes numbers, but step {name!r} "
                f"({type(step).__name__}) hands on the attribute table (its intervals as nominal values); put "
                f"[encode, {{estimator: aucacc.learners.encoding.NominalEncoder}}] between them (one-hot intervals)")


def _check_proba(cls: type, spec: dict[str, Any], key: str, packages: tuple[str, ...] = ()) -> None:
    """Refuse an estimator that will have no ``predict_proba`` once built: asked of its stand-in
    (:func:`aucacc.learners.stand_in`, every parameter set, no constructor run), so that scikit-learn's own
    conditions decide (an ``SVC`` without ``probability: true``, ``SGDClassifier``'s hinge loss, a hard
    ``VotingClassifier``, a pipeline or search around such). A pipeline's steps are checked as scikit-learn
    checks them when it fits (unique names, transformers before the last step). One with ``predict_proba`` must be a
    classifier (:func:`_check_classifier`)."""
    from sklearn.pipeline import Pipeline

    stand = stand_in({"estimator": spec["estimator"], "params": spec.get("params") or {}}, key, packages)
    if isinstance(stand, Pipeline):
        try:
            stand._validate_steps()
        except (TypeError, ValueError, AttributeError) as exc:
            raise ConfigError(f"config key '{key}.params.steps': {exc}") from None
        _check_seams(stand, key)
    path = spec["estimator"]
    steps = (spec.get("params") or {}).get("steps")
    last = steps[-1] if isinstance(steps, list) and steps else None
    if isinstance(stand, Pipeline) and isinstance(last, list) and len(last) == 2 and isinstance(last[1], dict):
        key, path = f"{key}.params.steps[{len(steps) - 1}][1]", last[1]["estimator"]  # the last step is the one
    try:
        has = hasattr(stand, "predict_proba")
    except Exception:  # a condition that cannot be decided before fitting: the class's own method decides
        has = callable(getattr(cls, "predict_proba", None))
    if has:
        _check_classifier(stand, path, key)  # GaussianMixture's predict_proba gives components, not classes
    else:
        raise ConfigError(f"config key '{key}': {path} has no predict_proba, which AUC needs (a "
                          "class-probability vector per test instance); choose an estimator that has one, or wrap it "
                          "in sklearn.calibration.CalibratedClassifierCV (estimator: sklearn.calibration."
                          "CalibratedClassifierCV, params: {estimator: {estimator: <its path>}, ensemble: false}, as "
                          "scikit-learn 1.9 recommends for SVC; SVC's probability: true is deprecated there)")


def _check_classifier(stand: Any, path: str, key: str) -> None:
    """Refuse an estimator that scikit-learn's ``is_classifier`` says is not a classifier (asked of its stand-in, so a
    pipeline or search is judged by its last step or estimator): it has no ``classes_`` to name each probability
    column's class (``sklearn.mixture.GaussianMixture``'s predict_proba gives its components'). When the stand-in
    cannot answer (a class whose constructor sets more than its parameters), the check after each fold decides
    (:func:`aucacc.evaluation.cross_validate.cross_validate`)."""
    from sklearn.base import is_classifier

    try:
        if is_classifier(stand):
            return
        from sklearn.utils import get_tags

        kind = get_tags(stand).estimator_type
    except Exception:  # undecidable before building it
        return
    raise ConfigError(f"config key '{key}.estimator': {path} is not a classifier (scikit-learn's is_classifier; its "
                      f"estimator type is {kind!r}), so it has no classes_ to give each probability column its class; "
                      f"name a classifier (for a class of your own: derive it from sklearn.base.ClassifierMixin and "
                      f"set classes_ in fit)")


def _fill_defaults(node: Any, schema: dict, root: dict) -> None:
    """Fill the schema's ``default`` of every absent key of ``node``, at every depth.

    A section left out gets its default (``{}`` for the sections whose keys all have defaults),
    which is then filled in turn, so ``protocol: {}`` and no ``protocol`` at all give the same
    config. Defaults are copied, never shared with the schema.
    """
    if "$ref" in schema:
        ref = schema["$ref"].split("/")[-1]
        schema = root["$defs"][ref]
    if not isinstance(node, dict):
        return
    for key, sub in schema.get("properties", {}).items():
        if key not in node and "default" in sub:
            node[key] = copy.deepcopy(sub["default"])
        if key in node:
            _fill_defaults(node[key], sub, root)
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        for key, val in node.items():
            if key not in schema.get("properties", {}):
                _fill_defaults(val, extra, root)


class BoundedSafeLoader(yaml.SafeLoader):
    """PyYAML's safe loader that refuses a document whose aliases expand past :data:`MAX_CONFIG_VALUES`, or
    a mapping that gives one key twice.

    Aliases stay shared references while loading (cheap), and the loaded document is measured by
    :func:`check_config_size` before it is returned.
    """

    def get_single_data(self) -> Any:
        data = super().get_single_data()
        check_config_size(data)
        return data

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        # PyYAML keeps the last of two equal keys silently: a second `seed:` or data set would replace the first
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag != "tag:yaml.org,2002:merge":
                key = self.construct_object(key_node)
                line = key_node.start_mark.line + 1
                if key in seen:
                    raise ConfigError(f"line {line}: key {key!r} is given twice in one mapping (first on line "
                                      f"{seen[key]}); YAML would keep only the last one: remove or rename one of them")
                seen[key] = line
        return super().construct_mapping(node, deep)


def read_config_file(path: str | os.PathLike) -> dict[str, Any]:
    """The mapping a YAML config file holds, read by :class:`BoundedSafeLoader` (not validated).

    The workflow reads each of its config files through it too (``workflow/rules/common.smk``), as
    Snakemake's own loader keeps the last of two equal keys silently.

    Raises
    ------
    ConfigError
        The file is missing, not YAML, not a mapping, gives a key twice in one mapping, or expands past
        :data:`MAX_CONFIG_VALUES`; the message starts ``config file <path>``.
    """
    path = Path(path)
    try:
        config = yaml.load(path.read_text(), Loader=BoundedSafeLoader)
    except FileNotFoundError:
        raise ConfigError(f"config file {path} not found") from None
    except yaml.YAMLError as exc:
        raise ConfigError(_capped(f"config file {path} is not valid YAML: {exc}")) from None
    except ConfigError as exc:
        raise ConfigError(_capped(f"config file {path}: {exc}")) from None
    if not isinstance(config, dict):
        raise ConfigError(f"config file {path} must hold a mapping of keys")
    return config


#: The sections whose entries a config file defines by name; two files defining one name are refused
#: (:func:`check_study_files`) unless the later one lists ``<section>.<name>`` under ``overrides``.
NAMED_SECTIONS = ("studies", "datasets", "learners")


def check_study_files(paths: Iterable[str | os.PathLike]) -> list[dict[str, Any]]:
    """Read each config file (:func:`read_config_file`: a key given twice in one mapping is refused) and
    refuse a study, data set or learner that two of them define; return the files' mappings.

    Snakemake merges ``--configfile`` files into the workflow's config key by key, so a data set named
    like one of the paper's (``wine``) would silently be merged into the paper's entry, and a study of
    the same name in two files would become one study mixing both. The rule:

    - a study is defined in one file;
    - a data set or learner given in two files with the same content is one definition written twice
      (allowed: ``config/uci36.yaml`` repeats ``glass`` and ``iris`` as ``config/config.yaml`` has them);
    - given with other content, it is refused, unless the later file overrides it on purpose: it lists
      ``datasets.<name>`` or ``learners.<name>`` under its top-level ``overrides``. The merged entry is then
      Snakemake's key-by-key merge of the two.

    Raises
    ------
    ConfigError
        Naming ``<section>.<name>``, both files, and the two ways out (another name, or ``overrides``).
    """
    configs: list[dict[str, Any]] = []
    where: dict[tuple[str, str], tuple[str, Any]] = {}
    for path in paths:
        cfg = read_config_file(path)
        configs.append(cfg)
        overrides = cfg.get("overrides", [])
        if not isinstance(overrides, list):
            raise ConfigError(f"config key 'overrides' in {path}: {overrides!r} is not a list; write it as a list, "
                              f"e.g. overrides: [{overrides}]")
        for section in NAMED_SECTIONS:
            entries = cfg.get(section)
            for name in entries if isinstance(entries, dict) else ():
                key = f"{section}.{name}"
                first = where.get((section, name))
                if first is not None:
                    if section == "studies":
                        raise ConfigError(f"config key '{key}': the study is defined in {first[0]} and in {path}; "
                                          f"Snakemake would merge the two into one study. Give your study another "
                                          f"name (or change the study in one file only)")
                    if first[1] != entries[name] and key not in overrides:
                        what = section[:-1].replace("dataset", "data set")
                        raise ConfigError(
                            f"config key '{key}': the {what} {name!r} is defined in {first[0]} and, differently, in "
                            f"{path}; Snakemake would merge the two entries key by key into one. Give yours another "
                            f"name, or, to change that {what} on purpose, add `overrides: [{key}]` at the top of "
                            f"{path}: your keys are then merged into it, and those you leave out stay")
                where[(section, name)] = (str(path), entries[name])
    return configs


def load_config(path: str | os.PathLike = DEFAULT_CONFIG) -> dict[str, Any]:
    """Read a YAML config file (:func:`read_config_file`) and validate it (see :func:`validate_config`)."""
    return validate_config(read_config_file(path))
