"""The hostile trials of issues 22 and 35, as a checklist: each case it lists that applies, tried as a new user would.

A case refused at start-up is tried through the library (``aucacc.config.load_config`` on a config file)
and, where no other test runs it through Snakemake, through ``snakemake -n`` on a copy of ``.test``
with ``--configfile``. A raw-file case is tried through the workflow: one real run of the ``fetch``
and ``clean`` jobs on a copy of ``.test`` (``--keep-going``), whose job logs must name the data set,
the file, the line or key, and the fix; a file Weka reads must become clean data. Cases whose library
test lives elsewhere are listed in ``ELSEWHERE`` (test file and test name), which the last test checks
still exist, so this file stays the trial's whole list.

Not here: the SLURM faults (``tests/cluster/``). "Integrity is not checked after the fetch" is tried
through the workflow by ``tests/workflow/test_integrity.py`` (named in ``ELSEWHERE``).
"""

from __future__ import annotations

import ast
import copy
import gzip
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from aucacc.config import DEFAULT_CONFIG, ConfigError, load_config
from helpers import REPO_ROOT, copy_test_workflow, on_purpose, run_snakemake

BASE = yaml.safe_load(DEFAULT_CONFIG.read_text())
RAW_TEST = yaml.safe_load((REPO_ROOT / ".test" / "config" / "config.yaml").read_text())

# --- cases refused at start-up (the config) ------------------------------------------------------------------
# (override as a user writes it in a --configfile, what the message must say: the key first, then the fix)
START_UP = {
    "file ../": ("datasets:\n  iris:\n    source: {file: ../../etc/passwd}\n",
                 ["config key 'datasets.iris.source.file': '../../etc/passwd'",
                  "a bare name, no folder part ('/', '\\', '..' or an absolute path)"]),
    "file absolute": ("datasets:\n  iris:\n    source: {file: /etc/passwd}\n",
                      ["config key 'datasets.iris.source.file': '/etc/passwd'", "a bare name, no folder part"]),
    "os.system": ("learners:\n  X: {estimator: os.system, params: {command: 'touch {created}'}}\n",
                  ["config key 'learners.X.estimator': 'os.system' is not in an allowed estimator package",
                   "must start with one of aucacc, sklearn"]),
    "subprocess.run": ("learners:\n  X: {estimator: subprocess.run, params: {args: [touch, '{created}']}}\n",
                       ["config key 'learners.X.estimator': 'subprocess.run' is not in an allowed"]),
    "builtins.open w": ("learners:\n  X: {estimator: builtins.open, params: {file: '{victim}', mode: w}}\n",
                        ["config key 'learners.X.estimator': 'builtins.open' is not in an allowed"]),
    "alias bomb in a grid": (
        "learners:\n  SVM:\n    params:\n      C_grid:"
        + "".join(f"\n        - &b{i} [{', '.join(['1' if i == 0 else f'*b{i - 1}'] * 10)}]" for i in range(9)) + "\n",
        ["config key 'learners.SVM.params.C_grid' expands to more than 100,000 values"]),
    "SVM grid empty": ("learners:\n  SVM:\n    params: {C_grid: []}\n",
                       ["config key 'learners.SVM.params.C_grid': [] should be non-empty"]),
    "SVM grid negative": ("learners:\n  SVM:\n    params: {gamma_grid: [-0.5, 2]}\n",
                          ["config key 'learners.SVM.params.gamma_grid.0': -0.5 is less than or equal to the "
                           "minimum of 0"]),
    # not in the trial: PyYAML (YAML 1.1) reads 1e3 as text, and a quoted number is text
    "exponent without a point": ("learners:\n  SVM:\n    params: {C_grid: [1e3, 2]}\n",
                                 ["config key 'learners.SVM.params.C_grid.0': '1e3' is not of type 'number' (YAML "
                                  "read 1e3 as text: a number with an exponent needs a decimal point, e.g. 1.0e3)"]),
    "quoted number": ("seed: '12'\n", ["config key 'seed': '12' is not of type 'integer' (the number is quoted, so "
                                        "YAML read it as text: remove the quotes)"]),
    "class_map yes/no": ("datasets:\n  voting:\n    recipe: {class_map: {yes: pos, no: neg}}\n",
                         ["config key 'datasets.voting.recipe.class_map'", "was read as a boolean",
                          "Quote it as the data writes it"]),
}


def _merged(override: str, tmp_path: Path, base: dict) -> dict:
    """``base`` updated by the YAML ``override`` as Snakemake's --configfile updates the config."""
    from snakemake.utils import update_config

    created, victim = tmp_path / "created", tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    config = copy.deepcopy(base)
    update_config(config, yaml.safe_load(override.replace("{created}", str(created)).replace("{victim}", str(victim))))
    return config


def _nothing_ran(tmp_path: Path) -> None:
    assert not (tmp_path / "created").exists()
    assert (tmp_path / "victim.txt").read_text() == "keep me\n"


@pytest.mark.parametrize("case", START_UP)
def test_start_up_case_through_load_config(tmp_path, case, monkeypatch):
    """The repository config with the case's override, written to a file and read by load_config."""
    override, says = START_UP[case]
    path = tmp_path / "config.yaml"
    text = yaml.safe_dump(_merged(override, tmp_path, BASE), sort_keys=False)
    if case == "alias bomb in a grid":  # the anchors must reach the loader as written, not expanded by a dump
        text = DEFAULT_CONFIG.read_text() + "\n" + override.replace("learners:\n  SVM:", "bomb_learners:\n  SVM:")
        says = ["config key 'bomb_learners.SVM.params.C_grid' expands to more than 100,000 values"]
    path.write_text(text)
    monkeypatch.chdir(REPO_ROOT)  # the config's relative folders are the project's
    with pytest.raises(ConfigError) as exc:
        load_config(path)
    msg = str(exc.value)
    for s in says:
        assert s in msg, msg
    assert len(msg) < 1000, len(msg)
    _nothing_ran(tmp_path)


_test_workflow = copy_test_workflow  # a copy of the workflow with .test (tests/helpers.py)


def _snakemake(work: Path, snakemake: Path, extra: Path, *args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return run_snakemake(work, f"--configfile={extra}", *args, cores=2, directory=".test", timeout=timeout)


# The start-up cases no other test runs through Snakemake (the others: test_config_safety's
# test_snakemake_refuses_an_escaping_file_name, test_dry_run_calls_nothing, test_alias_bomb_refused_fast_by_snakemake).
DRY_RUN = ["file absolute", "SVM grid empty", "class_map yes/no", "duplicate key in a --configfile"]
# Snakemake's own loader keeps the last of two equal keys; common.smk reads each config file again (read_config_file)
START_UP_WORKFLOW = {**START_UP, "duplicate key in a --configfile": (
    "seed: 1\nseed: 2\n", ["extra.yaml: line 2: key 'seed' is given twice in one mapping (first on line 1); YAML "
                            "would keep only the last one: remove or rename one of them"])}


@pytest.mark.slow
@pytest.mark.parametrize("case", DRY_RUN)
def test_start_up_case_through_snakemake(tmp_path, case):
    """`snakemake -n --directory .test --configfile=<case>` stops before any job, naming the key and the fix."""
    work, snakemake = _test_workflow(tmp_path)
    override, says = START_UP_WORKFLOW[case]
    extra = tmp_path / "extra.yaml"
    # the case changes an entry of .test's config on purpose (a clash is refused otherwise): the case's own error
    explicit = on_purpose(yaml.safe_load(override) or {}, REPO_ROOT / ".test" / "config" / "config.yaml")
    extra.write_text(f"overrides: {explicit['overrides']}\n{override}" if "overrides" in explicit else override)
    proc = _snakemake(work, snakemake, extra, "-n")
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    for s in says:
        assert s in out, out[-2000:]
    assert not (work / ".test" / "resources").exists() and not (work / ".test" / "results").exists()


# --- raw-file cases, through the fetch and clean jobs ----------------------------------------------------------

HEAD = "@relation t\n@attribute a numeric\n@attribute class {p,n}\n@data\n"  # lines 1-4
ROWS = "".join(f"{i / 2},{'pn'[i % 2]}\n" for i in range(20))  # lines 5-24


def _raw_files() -> dict[str, tuple[str, bytes, dict]]:
    """data set → (file name, content, extra source keys)."""
    mixed = ("@relation t\n@attribute a numeric\n@attribute d date 'yyyy-MM-dd'\n@attribute class {p,n}\n@data\n"
             + "".join(f"{i / 2}\t2001-01-{i + 1:02d} {'pn'[i % 2]} % row {i}\n" for i in range(19)) + "9.5,2001-01-20,n,{1}\n")
    return {
        "gz_read": ("t.arff.gz", gzip.compress((HEAD + ROWS).encode()), {}),
        "gz_named_arff": ("g.arff", gzip.compress((HEAD + ROWS).encode()), {}),
        "utf16": ("u.arff", (HEAD + ROWS).encode("utf-16"), {}),
        "weight2": ("w.arff", (HEAD + ROWS + "1,p,{2}\n").encode(), {}),
        "mixed_read": ("m.arff", mixed.encode(), {}),
        "underscore": ("n.arff", (HEAD + ROWS + "1_000,p\n").encode(), {}),
        "semicolon": ("eu.data", "".join(f"{i},5;2,25;{'pn'[i % 2]}\n" for i in range(20)).encode(),
                      {"columns": ["a", "b", "class"], "nominal": ["class"]}),
    }


# data set → what its clean log says (None: Weka reads the file, and so does the clean job)
RAW_SAYS = {
    "gz_read": None,
    "gz_named_arff": ["data set 'gz_named_arff', data/raw/g.arff: the file is gzip-compressed, not a text data file",
                      "name it g.arff.gz (in source.file too)"],
    "utf16": ["data set 'utf16', data/raw/u.arff: the file is UTF-16 text", "convert it (iconv -f UTF-16 -t UTF-8)"],
    "weight2": ["data set 'weight2', data/raw/w.arff: line 25: the row carries the instance weight {2}",
                "Use an unweighted copy of the data set"],
    "mixed_read": None,
    "underscore": ["data set 'underscore', data/raw/n.arff: line 25, attribute 'a': value '1_000' is not a number",
                   "write 1000, not 1_000", "repair the value, or mark it missing ('?')"],
    "semicolon": ["data set 'semicolon', data/raw/eu.data: line 1, column 'b'", "separated by ';' with decimal commas",
                  "convert the file to comma-separated with decimal points"],
}


@pytest.mark.slow
def test_raw_file_cases_through_the_workflow(tmp_path):
    """One run of fetch + clean on every raw-file case: a refused file's job fails, its log naming the data set,
    the file (as configured, not the cache copy), the line or key, and the fix, and it leaves no clean data; a
    file Weka reads (.arff.gz; tab/space separators, inline % comments, a date, the weight {1}) is cleaned."""
    import pandas as pd

    work, snakemake = _test_workflow(tmp_path)
    datasets = {}
    for name, (fname, data, source) in _raw_files().items():
        (work / ".test" / "data" / "raw" / fname).write_bytes(data)
        datasets[name] = {"source": {"file": fname, **source}, "recipe": {"target": "class", "missing": "keep"}}
    extra = tmp_path / "raw.yaml"
    extra.write_text(yaml.safe_dump({"datasets": datasets}))
    proc = _snakemake(work, snakemake, extra, "--keep-going", *(f"results/data/{n}.json" for n in datasets))
    assert proc.returncode != 0  # the refused ones fail
    results = work / ".test" / "results"
    for name, says in RAW_SAYS.items():
        if says is None:
            assert (results / "data" / f"{name}.json").exists(), (proc.stdout + proc.stderr)[-3000:]
            continue
        log = (results / "logs" / "clean" / f"{name}.log").read_text()
        for s in says:
            assert s in log, log[-2000:]
        assert "latin" not in log.lower()
        assert not (results / "data" / f"{name}.json").exists() and not (results / "data" / f"{name}.parquet").exists()
    # Weka's reading of these (tests/datasets/test_arff_io.py compares in Weka itself): .arff.gz as the text file
    gz = pd.read_parquet(results / "data" / "gz_read.parquet")
    assert gz["a"].tolist() == [i / 2 for i in range(20)] and gz["class"].astype(str).tolist() == list("pn" * 10)
    mixed = pd.read_parquet(results / "data" / "mixed_read.parquet")
    assert mixed["a"].tolist() == [i / 2 for i in range(20)] and mixed["class"].astype(str).tolist() == list("pn" * 10)
    # a date as Weka stores it: milliseconds since 1970-01-01 UTC (2001-01-01 is day 11,323)
    assert mixed["d"].tolist() == [(11323 + i) * 86_400_000.0 for i in range(20)]


# --- hostile inputs the trial did not list -------------------------------------------------------------------

@pytest.mark.slow
def test_names_like_a_rules_own_log_get_their_own_log(tmp_path):
    """A learner named `main_learners` shared its log with the main table's job (logs/cv/<protocol>/<data set>/
    main_learners.log; that job is gone: every learner has its own job and log), and a data set named `roc_tables`
    its ROC job's log with the roc_tables job (logs/roc/roc_tables.log): two jobs writing one log. The roc_tables
    job now logs beside its benchmark."""
    work, snakemake = _test_workflow(tmp_path)
    voting = RAW_TEST["datasets"]["voting"]
    extra = tmp_path / "names.yaml"
    extra.write_text(yaml.safe_dump({"learners": {"main_learners": {"estimator": "aucacc.learners.naive_bayes.NaiveBayes"}},
                                     "datasets": {"roc_tables": voting}}))
    # the paper study's ROC stage analyses it (studies.<paper>.roc), so the study names it (a study is defined in
    # one config file: this copy's)
    cfg_file = work / ".test" / "config" / "config.yaml"
    cfg = yaml.safe_load(cfg_file.read_text())
    paper = cfg["studies"]["huang_ling_2005"]
    paper["datasets"] = paper["main_table"]["datasets"] = paper["datasets"] + ["roc_tables"]
    paper["roc"] = {"datasets": ["roc_tables", "voting"]}
    cfg_file.write_text(yaml.safe_dump(cfg, sort_keys=False))
    proc = _snakemake(work, snakemake, extra, "-n", "results/metrics/whole_data/iris/main_learners.csv",
                      "results/metrics/whole_data/iris/NB.csv", "results/tables/roc_auc_check.csv")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-2000:]
    logs = [ln.split("log:", 1)[1].strip() for ln in out.splitlines() if ln.strip().startswith("log:")]
    assert {"results/logs/cv/whole_data/iris/main_learners.log", "results/logs/cv/whole_data/iris/NB.log",
            "results/logs/roc/roc_tables.log", "results/logs/roc_tables.log"} <= set(logs), logs
    assert len(logs) == len(set(logs)), sorted(logs)


def test_duplicate_key_in_a_config_file_is_refused_naming_both_lines(tmp_path, monkeypatch):
    """PyYAML keeps the last of two equal keys silently; load_config names the key and both lines."""
    text = DEFAULT_CONFIG.read_text()
    first = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith("seed:"))
    path = tmp_path / "config.yaml"
    path.write_text(text + "seed: 7\n")
    monkeypatch.chdir(REPO_ROOT)
    with pytest.raises(ConfigError) as exc:
        load_config(path)
    assert str(exc.value) == (f"config file {path}: line {len(text.splitlines()) + 1}: key 'seed' is given twice in one "
                              f"mapping (first on line {first}); YAML would keep only the last one: remove or rename "
                              "one of them")


@pytest.mark.parametrize("section, key, read", [("datasets", "yes", "True"), ("datasets", "1984", "1984"),
                                                ("learners", "off", "False"), ("learners", "2.5", "2.5")])
def test_unquoted_name_read_as_boolean_or_number_is_refused(tmp_path, monkeypatch, section, key, read):
    """A data set or learner named `yes` or `1984` unquoted is a YAML boolean or number, not a name
    (before: it passed the schema, whose name pattern only checks strings)."""
    entry = "{source: {file: iris.arff}, recipe: {target: class}}" if section == "datasets" else (
        "{estimator: aucacc.learners.naive_bayes.NaiveBayes}")
    path = tmp_path / "config.yaml"
    path.write_text(DEFAULT_CONFIG.read_text().replace(f"\n{section}:\n", f"\n{section}:\n  {key}: {entry}\n", 1))
    monkeypatch.chdir(REPO_ROOT)
    with pytest.raises(ConfigError) as exc:
        load_config(path)
    assert str(exc.value).startswith(f"config key '{section}': {read} is not of type 'string' (the key {read} was read "
                                     f"as a {'boolean' if read in ('True', 'False') else 'number'}: "), str(exc.value)
    assert "Quote it as the data writes it" in str(exc.value)


@pytest.mark.parametrize("bad", ["ir\nis.arff", "iris.arff\t", "ir\x7fis.arff"])
def test_control_character_in_a_file_name_is_refused(bad):
    """No wildcard of the fetch rule matches a newline: the schema refuses control characters in source.file."""
    from aucacc.config import validate_config

    config = copy.deepcopy(BASE)
    config["datasets"]["iris"]["source"]["file"] = bad
    with pytest.raises(ConfigError) as exc:
        validate_config(config, project=[REPO_ROOT])
    assert str(exc.value).startswith(f"config key 'datasets.iris.source.file': {bad!r} does not match")
    assert "no control character (a newline or tab" in str(exc.value)


def _library_error(tmp_path: Path, datasets: dict, name: str, files: dict[str, str | bytes]) -> str:
    from aucacc.datasets import load_dataset

    raw = tmp_path / "raw"
    raw.mkdir(exist_ok=True)
    for fname, text in files.items():
        (raw / fname).write_bytes(text.encode() if isinstance(text, str) else text)
    config = {"cache": str(tmp_path / "cache"), "mirror": None, "raw_data": str(raw), "openml": False, "seed": 0,
              "lock_file": str(tmp_path / "lock.json"), "datasets": datasets}
    with pytest.raises(ValueError) as exc:
        load_dataset(name, config)
    return str(exc.value)


@pytest.mark.parametrize("fname, text, says", [
    ("e.arff", "", "e.arff: no @data line — not a complete ARFF file (truncated, or another format); fetch it again"),
    ("e.arff", HEAD, "e.arff: the @data section is empty — the file is truncated; fetch it again"),
    ("e.data", "", "e.data: no data rows — the file is empty or truncated; fetch it again"),
    ("e.data", "\n\n", "e.data: no data rows"),
])
def test_empty_file_names_the_file_and_the_fix(tmp_path, fname, text, says):
    source = {"file": fname, **({"columns": ["a", "class"], "nominal": ["class"]} if fname.endswith(".data") else {})}
    msg = _library_error(tmp_path, {"e": {"source": source, "recipe": {"target": "class"}}}, "e", {fname: text})
    assert msg.startswith("data set 'e', ") and says in msg, msg


def test_one_class_data_set_names_the_key(tmp_path):
    text = "@relation t\n@attribute a numeric\n@attribute class {p}\n@data\n1,p\n2,p\n"
    msg = _library_error(tmp_path, {"one": {"source": {"file": "one.arff"}, "recipe": {"target": "class"}}}, "one",
                         {"one.arff": text})
    assert msg == ("data set 'one': one class ('p': 2 rows) left after cleaning (config key 'datasets.one.recipe'): "
                   "the raw file one.arff has 2 rows and only class 'p' in 'datasets.one.recipe.target' = 'class' (AUC and a "
                   "stratified split need two classes: check that the target names the class column and that the "
                   "file is complete)")


def test_two_data_sets_sharing_a_file_with_different_sha256(tmp_path):
    """Each data set's cache entry is its own (cache/<data set>/sha256-…/): the wrong checksum is refused naming
    its own key, and the other data set, fetched first, still reads."""
    from aucacc.datasets import load_dataset
    from aucacc.datasets.fetch import sha256_file

    iris = (REPO_ROOT / ".test" / "data" / "raw" / "iris.arff").read_bytes()
    good = sha256_file(REPO_ROOT / ".test" / "data" / "raw" / "iris.arff")
    datasets = {"a": {"source": {"file": "iris.arff", "sha256": good}, "recipe": {"target": "class"}},
                "b": {"source": {"file": "iris.arff", "sha256": "0" * 64}, "recipe": {"target": "class"}}}
    msg = _library_error(tmp_path, datasets, "b", {"iris.arff": iris})
    assert msg.startswith(f"data set 'b': source file {tmp_path / 'raw' / 'iris.arff'} has SHA-256 {good}, but config "
                          f"key 'datasets.b.source.sha256' records {'0' * 64}"), msg
    assert "replace it with the right copy, or, if this version is intended, put its checksum in config" in msg
    config = {"cache": str(tmp_path / "cache"), "mirror": None, "raw_data": str(tmp_path / "raw"), "openml": False,
              "seed": 0, "lock_file": str(tmp_path / "lock.json"), "datasets": datasets}
    assert len(load_dataset("a", config).y) == 50


@pytest.mark.parametrize("kind, says", [("folder", "(a folder, not a file)"),
                                         ("fifo", "(not a regular file, e.g. a named pipe: not read)")])
def test_source_file_that_is_not_a_file_is_named_so(tmp_path, kind, says):
    """A folder (or a named pipe, which would block a read) where the raw file should be: 'cannot find' says
    what is there instead."""
    import os

    from aucacc.datasets import FetchError, load_dataset

    (tmp_path / "raw").mkdir()
    target = tmp_path / "raw" / "d.arff"
    target.mkdir() if kind == "folder" else os.mkfifo(target)
    config = {"cache": str(tmp_path / "cache"), "mirror": None, "raw_data": str(tmp_path / "raw"), "openml": False,
              "seed": 0, "datasets": {"d": {"source": {"file": "d.arff"}, "recipe": {"target": "class"}}}}
    with pytest.raises(FetchError) as exc:
        load_dataset("d", config)
    assert f"raw_data {target} {says}" in str(exc.value), str(exc.value)
    assert "Put d.arff in data/raw" in str(exc.value)


# --- where the library tests of the other cases are ---------------------------------------------------------

#: trial case → (test module, test function) that asserts it (the message, or Weka's reading).
ELSEWHERE = {
    # Reads and writes outside the project
    "file ../ reads outside the mirror": ("test_config_safety", "test_fetch_refuses_a_file_name_with_a_folder_part"),
    "absolute file read in place": ("test_config_safety", "test_schema_refuses_a_file_name_with_a_folder_part"),
    "load_dataset downloads a url outside": ("test_config_safety",
                                             "test_load_dataset_downloads_nothing_for_an_escaping_name"),
    # A config that runs code (and nothing ran, through snakemake -n)
    "os.system / subprocess.run / builtins.open on -n": ("test_config_safety", "test_dry_run_calls_nothing"),
    # A YAML alias bomb
    "alias bomb: SVM grid hangs snakemake": ("test_config_safety", "test_alias_bomb_refused_fast_by_snakemake"),
    "alias bomb: params message prints it all": ("test_config_safety", "test_long_structure_is_cut_in_messages"),
    # Integrity is not checked after the fetch
    "truncated cache entry, in the workflow": ("workflow/test_integrity", "test_truncated_cache_entry_is_replaced_in_the_workflow"),
    "truncated cache entry, no intact copy": ("workflow/test_integrity", "test_truncated_cache_entry_without_intact_copy_stops"),
    "garbled cache line blamed on the mirror": ("workflow/test_integrity", "test_garbled_cache_line_blames_the_cache_not_the_mirror"),
    "JSON and Parquet disagree": ("workflow/test_integrity", "test_json_schema_that_disagrees_with_its_parquet"),
    "hand-edited parquet used": ("workflow/test_integrity", "test_hand_edited_parquet_stops_the_next_job"),
    # Names the schema allows but the DAG cannot build
    "data-set name with +": ("test_config_safety", "test_every_allowed_character_class_builds"),
    # Weaker messages
    "gzip / UTF-16 / binary .arff": ("datasets/test_arff_io", "test_not_text_files_get_their_own_fix"),
    "gzip ARFF read as Weka": ("datasets/test_arff_io", "test_gzip_arff_equals_weka"),
    "instance weights": ("datasets/test_arff_io", "test_instance_weight_one_is_read_other_weights_refused"),
    "inline % / space / tab rows": ("datasets/test_arff_io", "test_rows_equal_weka"),
    "date attribute": ("datasets/test_arff_io", "test_dates_equal_weka"),
    "string / relational attribute": ("datasets/test_arff_io", "test_string_and_relational_attributes_must_be_dropped"),
    "1_000, Arabic-Indic, full-width, nan, Infinity": ("datasets/test_arff_io", "test_number_lookalikes_are_refused_by_both_readers"),
    "Weka's reading of the look-alikes": ("datasets/test_arff_io", "test_weka_reading_of_number_lookalikes"),
    "source.columns for an ARFF": ("datasets/test_arff_io", "test_source_columns_contradicting_the_arff_header_are_refused"),
    "class_map yes/no": ("test_config", "test_unquoted_yaml_booleans_get_the_hint_to_quote"),
    "';' and decimal commas": ("datasets/test_arff_io", "test_semicolon_separated_data_gets_a_hint"),
    "n_neighbors larger than a fold": ("evaluation/test_cross_validate", "test_fit_error_names_the_params_key_data_set_and_fold"),
    "negative or empty SVM grid": ("test_config", "test_svm_grids_are_non_empty_and_positive"),
    "pooch download mode 0600": ("datasets/test_fetch_downloads", "test_url_download_cached_and_verified"),
    # Issue 35 (the fourth trial): names that collide with the project's files or rules
    "learner NB.parquet.provenance beside NB": ("test_config",
                                                "test_every_name_that_would_write_another_names_file_is_refused"),
    "two learners or data sets equal up to case": ("test_config", "test_names_equal_up_to_case_are_refused"),
    "study named summary, tests, cde, headlines, ...": ("test_config", "test_a_study_named_as_a_study_rule_is_refused"),
    "study named summary, through snakemake -n": ("workflow/test_study_config_errors",
                                                  "test_a_study_named_as_a_workflow_rule_is_refused_naming_its_key"),
    # Issue 35: weaker messages
    "study with one learner": ("test_config", "test_a_study_of_one_learner_says_a_study_compares_learners"),
    ".data trailing comma / quote left open over 31 lines": ("datasets/test_io",
                                                             "test_trailing_comma_and_open_quote_are_named"),
    "--configfile that does not exist": ("test_config", "test_a_missing_config_file_stops_snakemake_naming_it"),
    "120-class ROC figure": ("report/plots/test_figures", "test_figure_size_is_bounded_for_120_classes"),
}


@pytest.mark.parametrize("case", ELSEWHERE)
def test_case_has_its_test(case):
    module, name = ELSEWHERE[case]
    # a test file is named by its path under tests/ (tests/<package>/test_<module>.py): read, not imported
    tree = ast.parse((REPO_ROOT / "tests" / f"{module}.py").read_text())
    assert name in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}, f"{module}.{name} ({case}) is gone"
