"""Config validation (src/aucacc/schemas/config.schema.yaml): errors name the offending key."""

from __future__ import annotations

import copy
import re

import pytest
import yaml

from aucacc.config import DEFAULT_CONFIG, ConfigError, load_config, validate_config
from helpers import REPO_ROOT, copy_workflow, run_snakemake

RAW = yaml.safe_load(DEFAULT_CONFIG.read_text())


@pytest.fixture
def cfg():
    """A fresh, unvalidated copy of the repository config."""
    return copy.deepcopy(RAW)


def test_repository_config_is_valid():
    config = load_config()
    paper = ["breast", "cars", "credit", "dermatology", "echocardio", "ecoli", "glass", "heart", "hepatitis",
             "import", "iris", "liver", "mushroom", "pima", "solar", "thyroid", "voting", "wine"]
    assert set(paper) <= set(config["datasets"])  # the paper's 18; more may be added
    assert config["datasets"]["breast"]["recipe"]["missing"] == "drop_rows"  # schema default present
    assert config["datasets"]["cars"]["recipe"]["subsample"] == {"n": 700, "stratify": True}


def test_defaults_filled(cfg):
    for key in ("cache", "mirror", "openml"):
        cfg.pop(key, None)
    del cfg["datasets"]["iris"]["recipe"]["missing"]
    out = validate_config(cfg)
    assert out["cache"] == "resources/raw" and out["mirror"] is None and out["openml"] is True
    paper = out["studies"]["huang_ling_2005"]
    assert paper["published"] == "config/published" and paper["claims"] == "config/claims.yaml"
    assert paper["cde_pairs"] is None and paper["discretization"] == "whole_data" and paper["retest"] is None
    assert out["datasets"]["iris"]["recipe"]["missing"] == "keep"  # the data as it is: nothing dropped unasked


def _error(config) -> str:
    with pytest.raises(ConfigError) as exc:
        validate_config(config)
    return str(exc.value)


def test_unknown_top_level_key(cfg):
    cfg["seeed"] = 1
    msg = _error(cfg)
    assert "'<top level>'" in msg and "'seeed'" in msg


def test_unknown_key_in_recipe(cfg):
    cfg["datasets"]["heart"]["recipe"]["drop_column"] = {"ca": "typo of drop_columns"}
    msg = _error(cfg)
    assert "config key 'datasets.heart.recipe'" in msg and "'drop_column'" in msg


def test_unknown_key_in_dataset(cfg):
    cfg["datasets"]["iris"]["recipee"] = {"target": "class"}
    msg = _error(cfg)
    assert "config key 'datasets.iris'" in msg and "'recipee'" in msg


def test_unknown_key_in_source(cfg):
    cfg["datasets"]["iris"]["source"]["sha"] = "x"
    assert "config key 'datasets.iris.source'" in _error(cfg)


def test_missing_target(cfg):
    del cfg["datasets"]["wine"]["recipe"]["target"]
    msg = _error(cfg)
    assert "config key 'datasets.wine.recipe'" in msg and "'target' is a required property" in msg


@pytest.mark.parametrize("bad", ["E34B01D1C3213C26D54445278879143D718770AA59F3A363668F45B8FB3B3ED4",  # upper case
                                 "e34b01d1c3213c26d54445278879143d718770aa59f3a363668f45b8fb3b3ed",  # 63 digits
                                 "md5:0123456789abcdef"])
def test_bad_sha256(cfg, bad):
    cfg["datasets"]["breast"]["source"]["sha256"] = bad
    msg = _error(cfg)
    assert "config key 'datasets.breast.source.sha256'" in msg and "does not match" in msg


def test_dataset_without_source(cfg):
    del cfg["datasets"]["glass"]["source"]
    msg = _error(cfg)
    assert "config key 'datasets.glass'" in msg and "'source' is a required property" in msg


def test_source_without_file_or_openml_id(cfg):
    cfg["datasets"]["solar"]["source"] = {"sha256": cfg["datasets"]["solar"]["source"]["sha256"]}
    assert "config key 'datasets.solar.source'" in _error(cfg)


@pytest.mark.parametrize("path, value, where", [
    (("seed",), -1, "seed"),
    (("seed",), "20050301", "seed"),
    (("openml",), "yes", "openml"),
    (("datasets", "iris", "recipe", "missing"), "impute", "datasets.iris.recipe.missing"),
    (("datasets", "cars", "recipe", "subsample", "n"), 0, "datasets.cars.recipe.subsample.n"),
    (("datasets", "cars", "recipe", "subsample", "size"), 700, "datasets.cars.recipe.subsample"),
    (("datasets", "liver", "source", "openml_id"), "8", "datasets.liver.source.openml_id"),
    (("datasets", "heart", "recipe", "drop_columns"), ["slope"], "datasets.heart.recipe.drop_columns"),
])
def test_other_schema_errors(cfg, path, value, where):
    node = cfg
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    assert f"config key '{where}'" in _error(cfg)


def test_no_datasets(cfg):
    cfg["datasets"] = {}
    assert "config key 'datasets'" in _error(cfg)
    del cfg["datasets"]
    assert "'datasets' is a required property" in _error(cfg)


def test_load_config_errors(tmp_path):
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "nope.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_text("seed: [1,\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(bad)
    bad.write_text("- a list\n")
    with pytest.raises(ConfigError, match="must hold a mapping"):
        load_config(bad)


@pytest.mark.slow
def test_snakemake_rejects_unknown_dataset_key(tmp_path):
    """`snakemake -n` with a config whose data set has an unknown key fails at validation."""
    work = tmp_path / "wf"
    copy_workflow(work)
    extra = tmp_path / "extra.yaml"
    # merged into config/config.yaml's iris, on purpose (overrides): the schema then judges the merged entry
    extra.write_text("overrides: [datasets.iris]\ndatasets:\n  iris:\n    recipee: {target: class}\n")
    proc = run_snakemake(work, "-n", f"--configfile={extra}", timeout=120)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    # One line naming the key and what is wrong (the library's validator, not a schema dump).
    assert "config key 'datasets.iris': Additional properties are not allowed ('recipee' was unexpected)" in out


@pytest.mark.slow
def test_a_missing_config_file_stops_snakemake_naming_it(tmp_path):
    """A --configfile that does not exist stops Snakemake's command line before the workflow is read, so
    common.smk cannot catch it: its traceback's last line names the file, as docs/running.md says."""
    work = tmp_path / "wf"
    copy_workflow(work)
    proc = run_snakemake(work, "-n", "--configfile", "no_such.yaml", "study_uci36", timeout=120)
    lines = (proc.stdout + proc.stderr).strip().splitlines()
    assert proc.returncode != 0 and not (work / "results").exists()
    assert lines[-1] == "FileNotFoundError: [Errno 2] No such file or directory: 'no_such.yaml'", lines[-5:]


# --- learners and cross-references: checked before any job starts (validate_config) -------------------

@pytest.mark.parametrize("spec, want", [
    ({"estimator": "sklearn.svm.SVC", "params": {"C": -1, "probability": True}},
     "config key 'learners.Bad.params': The 'C' parameter of SVC must be a float in the range (0.0, inf]. "
     "Got -1 instead."),
    ({"estimator": "sklearn.svm.SVC"}, "config key 'learners.Bad': sklearn.svm.SVC has no predict_proba"),
    ({"estimator": "sklearn.linear_model.RidgeClassifier"},
     "config key 'learners.Bad': sklearn.linear_model.RidgeClassifier has no predict_proba"),
    ({"estimator": "sklearn.tree.DecisionTreeClassifier", "params": {"criterion": "gini!"}},
     "config key 'learners.Bad.params': The 'criterion' parameter of DecisionTreeClassifier must be a str among"),
    ({"estimator": "sklearn.tree.DecisionTreeClassifier", "params": {"max_depht": 3}},
     "config key 'learners.Bad.params.max_depht': DecisionTreeClassifier has no parameter 'max_depht'; its "
     "parameters are criterion, splitter, max_depth,"),
    ({"estimator": "sklearn.nope.Nothing"}, "config key 'learners.Bad.estimator': learner estimator "
                                           "'sklearn.nope.Nothing' cannot be imported"),
])
def test_bad_learner_stops_at_validation(cfg, spec, want):
    cfg["learners"]["Bad"] = spec
    assert want in _error(cfg)


def test_good_sklearn_learner_passes(cfg):
    cfg["learners"]["LogReg"] = {"estimator": "sklearn.linear_model.LogisticRegression", "params": {"C": 0.5}}
    cfg["learners"]["SVC"] = {"estimator": "sklearn.svm.SVC", "params": {"probability": True}}
    validate_config(cfg)


@pytest.mark.parametrize("change, want", [
    (lambda c: c["studies"]["huang_ling_2005"]["main_table"].update(learners=["NB", "C4.6"]),
     "config key 'studies.huang_ling_2005.main_table.learners' names learner 'C4.6', which is not under 'learners'"),
    (lambda c: c["studies"]["huang_ling_2005"]["main_table"].update(cde_pairs=[["C4.5", "NB2"]]),
     "config key 'studies.huang_ling_2005.main_table.cde_pairs' names learner 'NB2', which is not under 'learners'"),
    (lambda c: c["studies"]["huang_ling_2005"]["main_table"].update(datasets=["iris", "irs"]),
     "config key 'studies.huang_ling_2005.main_table.datasets' names dataset 'irs', which is not under 'datasets'"),
    (lambda c: c["studies"]["huang_ling_2005"]["svm_table"].update(learner="SVM2"),
     "config key 'studies.huang_ling_2005.svm_table.learner' names learner 'SVM2', which is not under 'learners'"),
    (lambda c: c["studies"]["huang_ling_2005"]["svm_table"].update(compare=["NB", "KNN"]),
     "config key 'studies.huang_ling_2005.svm_table.compare' names learner 'KNN', which is not under 'learners'"),
    (lambda c: c["studies"]["huang_ling_2005"]["svm_table"]["datasets"].append("sonar"),
     "config key 'studies.huang_ling_2005.svm_table.datasets' names dataset 'sonar', which is not under 'datasets'"),
    (lambda c: c["studies"].update(mine={"datasets": ["iris"], "learners": ["NB", "C4.5"],
                                         "main_table": {"learners": ["NB", "C4.5"]}}),
     "config key 'studies.mine.main_table': only the study with published numbers"),
    (lambda c: c["studies"]["huang_ling_2005"].update(roc={"learners": ["NB", "LR"]}),
     "config key 'studies.huang_ling_2005.roc.learners' names 'LR', which is not one of the study's learners"),
    (lambda c: c["studies"]["huang_ling_2005"].update(roc={"datasets": ["breast", "sonar"]}),
     "config key 'studies.huang_ling_2005.roc.datasets' names 'sonar', which is not one of the study's datasets"),
    (lambda c: c["studies"]["huang_ling_2005"].update(positive={"sonar": "M"}),
     "config key 'studies.huang_ling_2005.positive' names data set 'sonar', which is not one of the study's data sets"),
    (lambda c: c["studies"].update(mine={"datasets": ["iris"], "learners": ["NB", "C4.5"],
                                         "roc": {"learners": ["NB", "C4.5"]}}),
     "config key 'studies.mine.roc': only the study with published numbers"),
    (lambda c: c["fold_jobs"].update(SVM=["mushroom", "mushrom"]),
     "config key 'fold_jobs.SVM' names dataset 'mushrom', which is not under 'datasets'"),
    (lambda c: c["fold_jobs"].update(SVM2=True),
     "config key 'fold_jobs' names learner 'SVM2', which is not under 'learners'"),
])
def test_cross_references_checked(cfg, change, want):
    change(cfg)
    assert want in _error(cfg)


def test_derived_defaults_filled_once(cfg):
    """Defaults that depend on other keys are filled by validate_config, so rules read the keys directly."""
    paper = cfg["studies"]["huang_ling_2005"]
    del paper["main_table"]
    paper.pop("roc", None)
    del paper["svm_table"]["compare"]
    out = validate_config(copy.deepcopy(cfg))
    done = out["studies"]["huang_ling_2005"]
    assert done["main_table"] == {"learners": list(cfg["learners"]), "cde_pairs": [], "datasets": None}
    assert done["roc"] == {"learners": paper["learners"], "datasets": paper["svm_table"]["datasets"]}
    assert done["svm_table"]["compare"] == [] and out["roc"]["n_points"] == 101
    del paper["svm_table"]  # no SVM table: the ROC stage on the study's data sets
    assert validate_config(cfg)["studies"]["huang_ling_2005"]["roc"]["datasets"] == paper["datasets"]


SCHEMA = yaml.safe_load(open(__import__("aucacc.config", fromlist=["SCHEMA"]).SCHEMA))
# Optional keys without a schema default, and why: a data set's source fields and its recipe's
# optional steps (absent = the step is not applied; `missing_tokens` absent = the readers' "?");
# and the defaults that depend on other keys, which validate_config fills (test above).
NO_DEFAULT = {"datasets.*.source." + k for k in ("file", "url", "openml_id", "sha256", "columns", "nominal",
                                                  "numeric")}
NO_DEFAULT |= {"datasets.*.recipe." + k for k in ("drop_columns", "zero_as_missing", "missing_tokens", "class_map",
                                                   "one_vs_rest", "drop_classes", "subsample")}
NO_DEFAULT |= {"studies.*.main_table.learners", "studies.*.roc.learners", "studies.*.roc.datasets"}
# `nominal` absent means onehot, with no default so that the specs of the learners that leave it out
# (params of their workflow jobs) stay as they were.
NO_DEFAULT |= {"learners.*.nominal"}
# `measures` absent means every measure of the registry (aucacc.measures.study_measure_names), with no default so
# that the validated config, and the config hash every provenance record and the paper's front page carry, stay as
# they were.
NO_DEFAULT |= {"studies.*.measures"}
# `timeout` absent means no limit (docs: why no default), and the jobs' specs stay as they were.
NO_DEFAULT |= {"learners.*.timeout"}


def _optional_keys(node, path=""):
    """(dotted key, sub-schema) of every key of the schema that is not required; `*` for a name."""
    if "$ref" in node:
        node = SCHEMA["$defs"][node["$ref"].split("/")[-1]]
    for k, sub in node.get("properties", {}).items():
        p = f"{path}.{k}" if path else k
        if k not in node.get("required", []):
            yield p, sub
        yield from _optional_keys(sub, p)
    if isinstance(node.get("additionalProperties"), dict):
        yield from _optional_keys(node["additionalProperties"], f"{path}.*" if path else "*")


def test_every_optional_key_has_its_default_in_the_schema():
    """Every default is written once, in the schema: each optional key has one, but for the listed exceptions."""
    missing = {p for p, sub in _optional_keys(SCHEMA) if "default" not in sub}
    assert missing == NO_DEFAULT


def _restated_defaults(node, schema, path=""):
    """Dotted keys of ``node`` (a raw config mapping) whose value is the schema's default for that key."""
    schema = SCHEMA["$defs"][schema["$ref"].split("/")[-1]] if "$ref" in schema else schema
    for key, value in (node.items() if isinstance(node, dict) else ()):
        sub = schema.get("properties", {}).get(key)
        if sub is None:
            continue
        if "default" in sub and sub["default"] == value:
            yield f"{path}{key}"
        yield from _restated_defaults(value, sub, f"{path}{key}.")


@pytest.mark.parametrize("config_file", ["config/config.yaml", "config/uci36.yaml", ".test/config/config.yaml"])
def test_a_repository_config_restates_no_schema_default(config_file):
    """Every default is written once, in the schema (docs/config-reference.md is generated from it): outside the
    definitions of data sets and learners (a recipe may name its choice), no key of a committed config file is given
    the value the schema defaults it to."""
    raw = yaml.safe_load((REPO_ROOT / config_file).read_text())
    raw = {k: v for k, v in raw.items() if k not in ("datasets", "learners")}
    assert list(_restated_defaults(raw, SCHEMA)) == []


def test_restated_defaults_are_found():
    """The check above finds a restated default at any depth, and leaves a non-default value alone."""
    raw = {"protocol": {"n_folds": 10, "alpha": 0.01}, "profit": {"monte_carlo": {"samples": 1000000}}}
    assert list(_restated_defaults(raw, SCHEMA)) == ["protocol.n_folds", "profit.monte_carlo.samples"]


def _schema_defaults(section):
    return {k: v["default"] for k, v in SCHEMA["properties"][section]["properties"].items()}


@pytest.mark.parametrize("section", ["protocol", "statistics", "source_metrics", "profit", "synthetic", "roc"])
def test_absent_section_gets_the_schema_defaults(cfg, section):
    """A config without the section validates, and gets the same section as `<section>: {}` would (every default)."""
    cfg.pop(section, None)  # config.yaml gives some sections only as the schema defaults them: not at all
    out = validate_config(copy.deepcopy(cfg))
    cfg[section] = {}
    assert out[section] == validate_config(cfg)[section]


def test_config_without_protocol_or_statistics(cfg):
    """The values of a config without `protocol:` and `statistics:` (hand-checked against the schema file)."""
    cfg.pop("protocol", None), cfg.pop("statistics", None)
    out = validate_config(cfg)
    assert out["protocol"] == {"n_folds": 10, "discretization": "whole_data", "alpha": 0.05, "repetitions": 1}
    assert out["statistics"] == {"rope": 1.0, "decision": 0.95, "bayes_samples": 50000, "bootstrap_samples": 1000,
                                 "posthoc": "nemenyi", "measure_ropes": None}
    assert out["protocol"] == _schema_defaults("protocol") and out["statistics"] == _schema_defaults("statistics")


def test_minimal_config_has_every_section():
    """Only `seed` and `datasets`: the paper's learners and protocol, no study (so no main or SVM table)."""
    out = validate_config({"seed": 1, "datasets": copy.deepcopy({"iris": RAW["datasets"]["iris"]})})
    assert list(out["learners"]) == ["NB", "C4.4", "C4.5"]
    assert out["learners"]["NB"] == {"estimator": "aucacc.learners.naive_bayes.NaiveBayes", "params": {},
                                     "binary_only": False}
    assert out["fold_jobs"] == {}
    assert "learners" not in out["roc"] and out["roc"]["n_points"] == 101  # no study: no paper ROC stage
    assert out["profit"]["list_size"] == 20 and out["profit"]["monte_carlo"] == {"enabled": True, "samples": 1000000}
    assert out["synthetic"]["multiclass"]["exact_classes"] == [3]
    assert out["studies"] == {}  # no study: no paper stage runs (workflow/rules/common.smk: PAPER)


def test_defaults_are_not_shared_between_configs():
    a = validate_config({"seed": 1, "datasets": copy.deepcopy({"iris": RAW["datasets"]["iris"]})})
    a["roc"]["slopes"].append(99)
    b = validate_config({"seed": 1, "datasets": copy.deepcopy({"iris": RAW["datasets"]["iris"]})})
    assert 99 not in b["roc"]["slopes"]


def test_source_metrics_costs_names_checked(cfg):
    cfg["source_metrics"] = {"costs": {"sonar": {"M": 2}}}
    assert "config key 'source_metrics.costs' names dataset 'sonar', which is not under 'datasets'" in _error(cfg)


@pytest.mark.slow
def test_snakemake_rejects_bad_learner_before_any_job(tmp_path):
    """`snakemake -n` stops at start-up on `C: -1`, naming the learner's key (before: halfway through CV)."""
    work = tmp_path / "wf"
    copy_workflow(work)
    extra = tmp_path / "extra.yaml"
    extra.write_text("learners:\n  SVC: {estimator: sklearn.svm.SVC, params: {C: -1, probability: true}}\n")
    proc = run_snakemake(work, "-n", f"--configfile={extra}", timeout=120)
    assert proc.returncode != 0
    assert "config key 'learners.SVC.params': The 'C' parameter of SVC must be" in proc.stdout + proc.stderr


@pytest.mark.parametrize("spec, want", [
    ({"estimator": "aucacc.learners.c45.C45", "params": {"confidence": 2}},
     "config key 'learners.Bad.params': The 'confidence' parameter of C45 must be a float in the range (0.0, 1.0). "
     "Got 2 instead."),
    ({"estimator": "aucacc.learners.c45.C44", "params": {"min_instances": 0}},
     "The 'min_instances' parameter of C44 must be an int in the range [1, inf). Got 0 instead."),
    ({"estimator": "aucacc.learners.svm.GridSearchSVM", "params": {"selection": "best"}},
     "config key 'learners.Bad.params': The 'selection' parameter of GridSearchSVM must be a str among"),
    ({"estimator": "aucacc.learners.svm.GridSearchSVM", "params": {"n_inner_folds": 1}},
     "The 'n_inner_folds' parameter of GridSearchSVM must be an int in the range [2, inf). Got 1 instead."),
])
def test_own_learners_params_checked_at_validation(cfg, spec, want):
    """aucacc's learners declare scikit-learn parameter constraints, so their bad params stop the run at start-up too."""
    cfg["learners"]["Bad"] = spec
    assert want in _error(cfg)


@pytest.mark.parametrize("bad", ["to/y", "to y", "..", "toy*", ".hidden"])
def test_dataset_names_are_folder_safe(cfg, bad):
    """A data-set name becomes a folder and a wildcard value: slashes, spaces, globs and dot-names are refused."""
    cfg["datasets"][bad] = copy.deepcopy(cfg["datasets"]["iris"])
    msg = _error(cfg)
    assert "config key 'datasets'" in msg and repr(bad) in msg


# --- names that cannot collide with the project's files or rules (issue 35) -----------------------------------

RULE_FILES = sorted((REPO_ROOT / "workflow" / "rules").glob("*.smk"))


def _name_suffixes() -> set[str]:
    """Every suffix the workflow appends to a data-set, learner or fold name (read from its rule files), and each
    one's provenance record's suffix: the files of one name in one folder."""
    from aucacc.provenance import SIDECAR

    text = "".join(path.read_text() for path in RULE_FILES)
    exts = set(re.findall(r"\{\{(?:dataset|learner|fold)\}\}((?:\.\w+)+)\"", text))
    assert {".parquet", ".json", ".csv", ".log", ".tsv", ".png", ".pdf"} <= exts, exts  # the parse found them
    return exts | {e + SIDECAR for e in exts}


def _colliding_ends() -> set[str]:
    """Each ``d`` such that name ``X + d`` has a file equal to one of name ``X``'s: ``X + d + s1 == X + s2``."""
    suffixes = _name_suffixes()
    return {s2[:-len(s1)] for s1 in suffixes for s2 in suffixes if s2 != s1 and s2.endswith(s1)}


def test_every_name_that_would_write_another_names_file_is_refused(cfg):
    """Learner NB.parquet.provenance wrote NB's provenance record NB.parquet.provenance.json: every such name,
    derived from the workflow's suffixes, is refused (also in upper case) naming the key and the fix."""
    ends = _colliding_ends()
    assert ".parquet.provenance" in ends and ".json.provenance" in ends
    for end in sorted(ends) + [".provenance", ".PROVENANCE", ".parquet.Provenance"]:
        for kind, base in (("learners", "NB"), ("datasets", "iris")):
            bad = copy.deepcopy(cfg)
            bad[kind][base + end] = copy.deepcopy(bad[kind][base])
            msg = _error(bad)
            assert msg.startswith(f"config key '{kind}.{base}{end}': a name may not end in '.provenance'"), msg
            assert f"'{base}{end}.json' is named as the provenance record of a file '{base}{end[:-11]}'" in msg
            assert msg.endswith(f"Rename it, e.g. '{base}{end[:-11]}-{end[-10:]}'"), msg


@pytest.mark.parametrize("name", ["d.provenance.json", "d.Provenance.parquet", "a.provenance.b"])
def test_names_that_contain_the_record_suffix_are_refused(cfg, name):
    """A data set named d.provenance.json becomes a folder scores/<protocol>/d.provenance.json/, which the clean-up of
    orphan records (aucacc.provenance.remove_orphan_sidecars) took for a record of a missing file and failed on."""
    cfg["datasets"][name] = copy.deepcopy(cfg["datasets"]["iris"])
    msg = _error(cfg)
    assert msg.startswith(f"config key 'datasets.{name}': a name may not contain '.provenance.'"), msg
    assert msg.endswith(f"Rename it, e.g. '{name[:1]}-provenance{name[12:]}'"), msg


@pytest.mark.parametrize("name", ["NB.parquet", "NB.json", "C4.5.csv", "NB-provenance", "provenance", "a+b.6"])
def test_names_with_a_file_suffix_that_collides_with_nothing_pass(cfg, name):
    """Only the ends of :func:`_colliding_ends` are refused: a name's files are <name><suffix>, and NB.parquet's
    (NB.parquet.parquet, NB.parquet.json, ...) are none of NB's."""
    assert not any(name.endswith(end) for end in _colliding_ends())
    cfg["learners"][name] = {"estimator": "sklearn.naive_bayes.GaussianNB"}
    validate_config(cfg)


@pytest.mark.parametrize("kind, name, other", [("learners", "nb", "NB"), ("datasets", "IRIS", "iris")])
def test_names_equal_up_to_case_are_refused(cfg, kind, name, other):
    cfg[kind][name] = copy.deepcopy(cfg[kind][other])
    assert _error(cfg) == (f"config key '{kind}.{name}': '{other}' and '{name}' differ only in case, and each "
                           f"becomes file and folder names (one on a case-insensitive file system, as on macOS and "
                           f"Windows): rename one of them")


@pytest.mark.parametrize("config_file", sorted((REPO_ROOT / "config").glob("*.yaml")), ids=lambda p: p.name)
def test_the_repository_names_pass(config_file):
    """Every data-set, learner and study name of the repository's config files passes the name checks."""
    from aucacc.config import _check_names, check_study_names, rule_names

    raw = yaml.safe_load(config_file.read_text())
    _check_names(raw)
    check_study_names(raw.get("studies") or {}, rule_names(RULE_FILES))


def test_a_study_named_as_a_study_rule_is_refused():
    """A study named summary stopped the parse with "The name study_summary is already used by another rule": every
    study_* rule of the workflow's files (also one defined only with repetitions) is refused naming the key."""
    from aucacc.config import check_study_names, rule_names

    rules = rule_names(RULE_FILES)
    assert len(rules) == len(set(rules)) and "cross_validate" in rules
    taken = sorted(r.removeprefix("study_") for r in rules if r.startswith("study_"))
    assert {"summary", "tests", "cde", "headlines", "repeated_folds", "retest_changes"} <= set(taken)
    for name in taken:
        with pytest.raises(ConfigError) as exc:
            check_study_names(["mine", name], rules)
        assert str(exc.value) == (
            f"config key 'studies.{name}': a study's target rule is 'study_{name}' (snakemake study_{name}), but the "
            f"workflow already has a rule of that name, one of its own jobs. Rename the study (a study "
            f"may not be named {', '.join(taken)}), e.g. 'my_{name}'")
    check_study_names(["huang_ling_2005", "roc_dataset", "summary2", "Summary", "study_summary"], rules)


@pytest.mark.parametrize("fold_jobs, want", [(True, [True, True]), (False, [False, False]),
                                              (["mushroom"], [True, False]), (None, [False, False])])
def test_fold_jobs_per_dataset(cfg, fold_jobs, want):
    """`fold_jobs.<learner>` is true, false or the list of data sets run as one job per outer fold; a learner it
    does not name runs one job per data set."""
    from aucacc.config import runs_per_fold

    cfg["fold_jobs"] = {} if fold_jobs is None else {"SVM": fold_jobs}
    out = validate_config(cfg)
    assert [runs_per_fold(out, "SVM", d) for d in ("mushroom", "iris")] == want
    assert [runs_per_fold(out, "NB", d) for d in ("mushroom", "iris")] == [False, False]


def test_fold_jobs_rejects_a_number(cfg):
    cfg["fold_jobs"] = {"SVM": 3}
    assert "fold_jobs.SVM" in _error(cfg)


@pytest.mark.parametrize("value, written", [(["mushroom", "thyroid"], "fold_jobs: {SVM: [mushroom, thyroid]}"),
                                            (True, "fold_jobs: {SVM: true}")])
def test_fold_jobs_under_a_learner_is_refused_naming_its_new_place(cfg, value, written):
    """`learners.<name>.fold_jobs` moved to the top-level `fold_jobs` (an execution choice, not the learner's)."""
    cfg["learners"]["SVM"]["fold_jobs"] = value
    msg = _error(cfg)
    assert msg.startswith("config key 'learners.SVM.fold_jobs' moved to the top level: give it as "
                          f"'{written}'"), msg


# --- YAML's booleans and numbers where the data has text; the SVM's grids --------------------------------------

@pytest.mark.parametrize("text, where, which, read", [
    ("class_map: {yes: pos, no: neg}", "datasets.toy.recipe.class_map", "key", "True"),
    ("class_map: {'yes': on, 'no': neg}", "datasets.toy.recipe.class_map.yes", "value", "True"),
    ("class_map: {1: pos, 2: neg}", "datasets.toy.recipe.class_map", "key", "1"),
    ("one_vs_rest: off", "datasets.toy.recipe.one_vs_rest", "value", "False"),
    ("drop_classes: {no: too few}", "datasets.toy.recipe.drop_classes", "key", "False"),
])
def test_unquoted_yaml_booleans_get_the_hint_to_quote(cfg, text, where, which, read):
    """`class_map: {yes: pos}` reads the key as True (YAML 1.1); the error names the key and says to quote it."""
    recipe = {"target": "class", **yaml.safe_load(text)}
    cfg["datasets"]["toy"] = {"source": {"file": "toy.arff"}, "recipe": recipe}
    msg = _error(cfg)
    assert msg.startswith(f"config key '{where}': {read} is not of type 'string' (the {which} {read} was read as a ")
    assert "YAML reads unquoted yes/no, true/false and on/off as booleans" in msg and 'Quote it' in msg


@pytest.mark.parametrize("grid, where, want", [
    ([], "C_grid", "[] should be non-empty"),
    ([1, -2], "C_grid.1", "-2 is less than or equal to the minimum of 0"),
    ([0], "gamma_grid.0", "0 is less than or equal to the minimum of 0"),
    ("8", "gamma_grid", "'8' is not of type 'array'"),
])
def test_svm_grids_are_non_empty_and_positive(cfg, grid, where, want):
    """The SVM reads its grids only when it fits; the config check refuses a bad one at start-up."""
    cfg["learners"]["SVM"]["params"]["C_grid" if where.startswith("C") else "gamma_grid"] = grid
    assert _error(cfg) == f"config key 'learners.SVM.params.{where}': {want}"


def test_rules_read_config_keys_directly():
    """No rule restates a default: no `.get("key", …)` on the config in workflow/rules (validate_config fills
    every key). Look-ups by data set (`studies.<name>.positive`, `source_metrics.costs`) are the only `.get` left."""
    from helpers import REPO_ROOT

    found = []
    for f in sorted((REPO_ROOT / "workflow" / "rules").glob("*.smk")) + [REPO_ROOT / "Snakefile"]:
        for i, line in enumerate(f.read_text().splitlines(), 1):
            if re.search(r"\.get\(\s*[\"']", line) or "config.get(" in line:
                found.append(f"{f.name}:{i}: {line.strip()}")
    assert found == []


# --- studies (issue 18): each check names its key -----------------------------------------------------------

def _paper(cfg):
    return cfg["studies"]["huang_ling_2005"]


def test_the_paper_study(cfg):
    from aucacc.config import paper_study, study_pairs

    out = validate_config(cfg)
    assert paper_study(out) == "huang_ling_2005"
    study = _paper(out)
    assert len(study["datasets"]) == 18 and study["learners"] == ["NB", "C4.4", "C4.5", "SVM"]
    assert out["learners"]["SVM"]["binary_only"] is True and out["learners"]["NB"]["binary_only"] is False
    # null pairs: every pair [a, b] with a listed after b (the paper's three first)
    assert study_pairs(study) == [["C4.4", "NB"], ["C4.5", "NB"], ["C4.5", "C4.4"], ["SVM", "NB"], ["SVM", "C4.4"],
                                  ["SVM", "C4.5"]]
    assert study_pairs({**study, "cde_pairs": [["C4.5", "NB"]]}) == [["C4.5", "NB"]]


@pytest.mark.parametrize("key", ["published", "claims", "main_table", "svm_table"])
def test_top_level_published_and_claims_moved_into_the_study(cfg, key):
    cfg[key] = cfg["studies"]["huang_ling_2005"].get(key) or f"config/{key}"
    msg = _error(cfg)
    assert msg.startswith(f"config key '{key}' moved into a study: give it as 'studies.<name>.{key}'")
    assert "huang_ling_2005" in msg


@pytest.mark.parametrize("key, where", [("learners", "studies.<paper>.roc.learners"),
                                        ("datasets", "studies.<paper>.roc.datasets"),
                                        ("positive", "studies.<paper>.positive")])
def test_roc_learners_datasets_and_positive_moved_into_the_paper_study(cfg, key, where):
    """The top-level `roc` keeps the settings; what describes the paper's ROC study is refused, naming its place."""
    cfg.setdefault("roc", {})[key] = {} if key == "positive" else ["NB"]
    msg = _error(cfg)
    assert msg.startswith(f"config key 'roc.{key}' moved into the paper study: give it as '{where}'")
    assert "huang_ling_2005" in msg and f"remove 'roc.{key}'" in msg


def test_a_study_naming_an_unknown_data_set_or_learner(cfg):
    cfg["studies"]["mine"] = {"datasets": ["iris", "sonar"], "learners": ["NB", "C4.5"]}
    assert "config key 'studies.mine.datasets' names dataset 'sonar'" in _error(cfg)
    cfg["studies"]["mine"] = {"datasets": ["iris"], "learners": ["NB", "RF"]}
    assert "config key 'studies.mine.learners' names learner 'RF'" in _error(cfg)


def test_a_cde_pair_outside_the_study_or_twice_one_learner(cfg):
    cfg["studies"]["mine"] = {"datasets": ["iris"], "learners": ["NB", "C4.5"], "cde_pairs": [["C4.5", "SVM"]]}
    msg = _error(cfg)
    assert msg.startswith("config key 'studies.mine.cde_pairs[0]': ['C4.5', 'SVM'] names 'SVM'")
    cfg["studies"]["mine"]["cde_pairs"] = [["C4.5", "NB"], ["NB", "NB"]]
    assert _error(cfg).startswith("config key 'studies.mine.cde_pairs[1]': ['NB', 'NB'] names 'NB' twice")


def test_two_studies_of_one_name(cfg, tmp_path):
    # equal up to case: one folder on a case-insensitive file system
    cfg["studies"]["Huang_Ling_2005"] = {"datasets": ["iris"], "learners": ["NB", "C4.5"]}
    msg = _error(cfg)
    assert msg.startswith("config key 'studies.Huang_Ling_2005': two studies named 'huang_ling_2005' and "
                          "'Huang_Ling_2005' differ only in case")
    # the same name twice in a file: the loader refuses it, naming the line
    from aucacc.config import read_config_file

    f = tmp_path / "two.yaml"
    f.write_text("studies:\n  mine:\n    datasets: [iris]\n    learners: [NB, C4.5]\n"
                 "  mine:\n    datasets: [wine]\n    learners: [NB, C4.5]\n")
    with pytest.raises(ConfigError, match=r"line 5: key 'mine' is given twice in one mapping \(first on line 2\)"):
        read_config_file(f)
    # the same name in two config files (config.yaml and a --configfile): Snakemake would merge them into one
    from aucacc.config import check_study_files

    mine = tmp_path / "mine.yaml"
    mine.write_text("studies:\n  huang_ling_2005:\n    datasets: [iris]\n    learners: [NB, C4.5]\n")
    with pytest.raises(ConfigError, match=r"^config key 'studies.huang_ling_2005': the study is defined in "
                                          r"config/config.yaml and in .*mine.yaml"):
        check_study_files([DEFAULT_CONFIG, mine])
    other = tmp_path / "other.yaml"
    other.write_text("studies:\n  mine:\n    datasets: [iris]\n    learners: [NB, C4.5]\n")
    assert [list(c["studies"]) for c in check_study_files([DEFAULT_CONFIG, other])] == [["huang_ling_2005"], ["mine"]]


def test_at_most_one_study_with_published_numbers(cfg):
    cfg["studies"]["mine"] = {"datasets": ["iris"], "learners": ["NB", "C4.5"], "published": "config/published",
                              "claims": "config/claims.yaml"}
    msg = _error(cfg)
    assert msg.startswith("config key 'studies.mine.published': studies 'huang_ling_2005', 'mine' each have "
                          "published numbers")


@pytest.mark.parametrize("given, missing", [("published", "claims"), ("claims", "published")])
def test_published_needs_claims(cfg, given, missing):
    _paper(cfg)[missing] = None
    msg = _error(cfg)
    assert msg.startswith(f"config key 'studies.huang_ling_2005.{missing}': study 'huang_ling_2005' gives "
                          f"'{given}' without '{missing}'")


@pytest.mark.parametrize("key", ["n_folds", "protocol"])
def test_a_study_cannot_override_the_folds(cfg, key):
    _paper(cfg)[key] = 5 if key != "protocol" else {"n_folds": 5}
    msg = _error(cfg)
    assert msg.startswith(f"config key 'studies.huang_ling_2005.{key}': a study cannot set its own")
    assert "not supported yet" in msg


def test_a_study_of_one_learner_says_a_study_compares_learners(cfg):
    """Was "['NB'] is too short" (issue 35): the message says why a study needs two learners and what to add."""
    cfg["studies"]["mine"] = {"datasets": ["iris"], "learners": ["NB"]}
    assert _error(cfg) == (
        "config key 'studies.mine.learners': ['NB'] is too short (a study compares its learners: its paired tests, "
        "C/D/E and ranks are over pairs of them, so it needs at least 2; add another learner defined under "
        "'learners' to 'studies.mine.learners', e.g. a baseline such as sklearn.dummy.DummyClassifier)")
    cfg["learners"]["baseline"] = {"estimator": "sklearn.dummy.DummyClassifier"}  # the fix it names passes
    cfg["studies"]["mine"]["learners"].append("baseline")
    validate_config(cfg)


def test_a_study_of_one_measure_says_measures_are_compared_in_pairs(cfg):
    """Was "['accuracy'] is too short" (a new user's trial): the message says why and what to do."""
    cfg["studies"]["mine"] = {"datasets": ["iris"], "learners": ["NB", "C4.5"], "measures": ["accuracy"]}
    assert _error(cfg) == (
        "config key 'studies.mine.measures': ['accuracy'] is too short (the study's measures are compared in pairs, "
        "f against g (C/D/E), so it needs at least 2; add one to 'studies.mine.measures', or leave the key out for "
        "every measure)")
    cfg["studies"]["mine"]["measures"].append("brier")  # the fix it names passes
    validate_config(cfg)


def test_a_study_name_is_a_path_part(cfg):
    cfg["studies"]["my study/x"] = {"datasets": ["iris"], "learners": ["NB", "C4.5"]}
    msg = _error(cfg)
    assert msg.startswith("config key 'studies'") and "letters, digits, _ and - only" in msg


def test_a_study_positive_class_names_its_own_data_sets(cfg):
    cfg["studies"]["mine"] = {"datasets": ["iris"], "learners": ["NB", "C4.5"], "positive": {"wine": "1"}}
    assert _error(cfg).startswith("config key 'studies.mine.positive' names data set 'wine'")


def test_validation_runs_no_code_of_a_study(cfg, tmp_path):
    """A study's paths are data: validating a study whose retest names a file that does not exist reads nothing."""
    _paper(cfg)["retest"] = "config/no_such_claims.csv"
    assert validate_config(cfg)["studies"]["huang_ling_2005"]["retest"] == "config/no_such_claims.csv"


# --- learners.<name>.nominal: how nominal attributes reach a non-aucacc estimator ---------------------

_HGB = "sklearn.ensemble.HistGradientBoostingClassifier"


@pytest.mark.parametrize("spec, want", [
    ({"estimator": _HGB, "nominal": "native"},
     "config key 'learners.Bad.nominal': 'native' is not one of ['onehot', 'categorical']"),
    ({"estimator": "sklearn.linear_model.LogisticRegression", "nominal": "categorical"},
     "config key 'learners.Bad.nominal': 'categorical' hands the estimator integer codes and its "
     "categorical_features mask, but LogisticRegression has no parameter categorical_features"),
    ({"estimator": "aucacc.learners.naive_bayes.NaiveBayes", "nominal": "categorical"},
     "config key 'learners.Bad.nominal': aucacc.learners.naive_bayes.NaiveBayes is one of aucacc's learners"),
    ({"estimator": _HGB, "nominal": "categorical", "params": {"categorical_features": [0]}},
     "config key 'learners.Bad.params.categorical_features': set by nominal: categorical"),
])
def test_bad_nominal_stops_at_validation(cfg, spec, want):
    cfg["learners"]["Bad"] = spec
    assert want in _error(cfg)


def test_nominal_categorical_passes_and_has_no_default(cfg):
    cfg["learners"]["HGB"] = {"estimator": _HGB, "nominal": "categorical", "params": {"random_state": 0}}
    cfg["learners"]["HGB1"] = {"estimator": _HGB, "nominal": "onehot"}
    out = validate_config(cfg)
    assert out["learners"]["HGB"]["nominal"] == "categorical"
    # absent stays absent (means onehot): the specs of the learners that leave it out do not change
    assert "nominal" not in out["learners"]["NB"]


# --- learners.<name>.timeout: seconds per fold, no default ---------------------------------------------------------
@pytest.mark.parametrize("value, want", [
    (0, "config key 'learners.NB.timeout'"), (-5, "config key 'learners.NB.timeout'"),
    ("1h", "config key 'learners.NB.timeout'"),
])
def test_a_timeout_is_a_positive_number_of_seconds(cfg, value, want):
    cfg["learners"]["NB"]["timeout"] = value
    assert want in _error(cfg)


def test_a_timeout_passes_and_has_no_default(cfg):
    cfg["learners"]["NB"]["timeout"] = 600
    cfg["learners"]["C4.5"]["timeout"] = None
    out = validate_config(cfg)
    assert out["learners"]["NB"]["timeout"] == 600 and out["learners"]["C4.5"]["timeout"] is None
    assert "timeout" not in out["learners"]["C4.4"]  # absent stays absent: no limit, the jobs' specs unchanged
    from aucacc.learners import time_limit

    assert [time_limit(out["learners"][n]) for n in ("NB", "C4.5", "C4.4")] == [600.0, None, None]


# --- a data set or learner defined in two config files -----------------------------------------------------------
def test_a_name_defined_differently_in_two_files_is_refused_naming_both(tmp_path):
    """A data set of one's own named like one of the paper's would be merged into it key by key: refused, naming
    both files and the two ways out; the same entry written twice is one definition; `overrides` says it is meant."""
    from aucacc.config import check_study_files

    base = REPO_ROOT / "config" / "config.yaml"
    mine = tmp_path / "mine.yaml"
    mine.write_text("datasets:\n  wine:\n    source: {file: wine.csv}\n    recipe: {target: class}\n")
    with pytest.raises(ConfigError) as err:
        check_study_files([base, mine])
    msg = str(err.value)
    assert "'datasets.wine'" in msg and str(base) in msg and str(mine) in msg
    assert "another name" in msg and "overrides: [datasets.wine]" in msg
    mine.write_text("learners:\n  NB: {estimator: aucacc.learners.c45.C45}\n")
    with pytest.raises(ConfigError, match=r"'learners\.NB': the learner 'NB' is defined in"):
        check_study_files([base, mine])
    # the same content twice (config/uci36.yaml repeats glass and iris), or an override on purpose
    mine.write_text("overrides: [learners.NB]\nlearners:\n  NB: {estimator: aucacc.learners.c45.C45}\n"
                    "  C4.5: {estimator: aucacc.learners.c45.C45}\n")
    assert len(check_study_files([base, mine])) == 2
    assert len(check_study_files([base, REPO_ROOT / "config" / "uci36.yaml"])) == 2
    mine.write_text("overrides: learners.NB\nlearners:\n  NB: {estimator: aucacc.learners.c45.C45}\n")
    with pytest.raises(ConfigError, match=r"config key 'overrides' in .*mine.yaml: 'learners.NB' is not a list"):
        check_study_files([base, mine])
