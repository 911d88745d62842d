"""A config is data: no path it names leaves its folder, validating it runs no code, its size is
bounded, and every name the schema allows is one the workflow can build (issue 22)."""

from __future__ import annotations

import copy
import subprocess
from pathlib import Path

import pytest
import yaml

import aucacc.datasets.fetch as fetch_mod
from aucacc.config import DEFAULT_CONFIG, ConfigError, validate_config
from aucacc.datasets import FetchError, load_dataset
from aucacc.datasets.fetch import fetch_raw
from helpers import REPO_ROOT, copy_test_workflow, copy_workflow, run_snakemake

RAW = yaml.safe_load(DEFAULT_CONFIG.read_text())
RAW_TEST = yaml.safe_load((REPO_ROOT / ".test" / "config" / "config.yaml").read_text())
IRIS = REPO_ROOT / "data" / "raw" / "iris.arff"
IRIS_SHA = "8337af8c82669892e870b8ce12740c919559b88a5f3c92e87097481b84581c89"


@pytest.fixture
def cfg():
    """A fresh, unvalidated copy of the repository config."""
    return copy.deepcopy(RAW)


def _error(cfg, **kw) -> str:
    with pytest.raises(ConfigError) as exc:
        validate_config(cfg, **kw)
    return str(exc.value)


# --- path safety ----------------------------------------------------------------------------------------------

ESCAPES = ["../../etc/passwd", "/etc/passwd", "a/b", "..", ".", "", "a\\b"]


@pytest.mark.parametrize("bad", ESCAPES)
def test_schema_refuses_a_file_name_with_a_folder_part(cfg, bad):
    cfg["datasets"]["iris"]["source"]["file"] = bad
    msg = _error(cfg)
    assert msg.startswith("config key 'datasets.iris.source.file': ") and "bare name" in msg


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """A mirror, an empty cache and, beside them, a folder 'outside' holding a secret file; every read
    (SHA-256, copy) and every download the fetch code makes is recorded."""
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    (tmp_path / "mirror").mkdir()
    (tmp_path / "outside").mkdir()
    secret = tmp_path / "outside" / "secret.arff"
    secret.write_bytes(IRIS.read_bytes())
    calls = []
    monkeypatch.setattr(fetch_mod, "sha256_file", lambda p: calls.append(("read", p)) or "0" * 64)
    monkeypatch.setattr(fetch_mod, "_copy_atomic", lambda src, dest: calls.append(("copy", src, dest)))
    monkeypatch.setattr(fetch_mod, "_download_url", lambda *a: calls.append(("download", a)))
    monkeypatch.setattr(fetch_mod, "_download_openml", lambda *a: calls.append(("openml", a)))
    cfg = {"cache": str(tmp_path / "cache"), "mirror": str(tmp_path / "mirror"), "raw_data": None, "openml": True,
           "lock_file": str(tmp_path / "lock.json"), "seed": 0}
    return tmp_path, cfg, calls


def _untouched(tmp_path: Path, calls: list) -> None:
    """Nothing was read or written: no recorded call, an empty cache, 'outside' as it was."""
    assert calls == []
    assert not (tmp_path / "cache").exists() or list((tmp_path / "cache").rglob("*")) == []
    assert sorted(p.name for p in (tmp_path / "outside").iterdir()) == ["secret.arff"]
    assert (tmp_path / "outside" / "secret.arff").read_bytes() == IRIS.read_bytes()


@pytest.mark.parametrize("bad", ["../outside/secret.arff", "ABS", "outside/secret.arff", "..", "."])
def test_fetch_refuses_a_file_name_with_a_folder_part(sandbox, bad):
    """The fetch code checks the name again (a config the schema never saw): nothing is read or written."""
    tmp_path, cfg, calls = sandbox
    bad = str(tmp_path / "outside" / "secret.arff") if bad == "ABS" else bad
    src = {"file": bad, "url": "http://127.0.0.1:9/iris.arff", "openml_id": 61}
    with pytest.raises(FetchError) as exc:
        fetch_raw("iris", src, cfg)
    assert "config key 'datasets.iris.source.file'" in str(exc.value) and "bare file name" in str(exc.value)
    _untouched(tmp_path, calls)


def test_load_dataset_downloads_nothing_for_an_escaping_name(sandbox):
    """load_dataset with a `url` and `file: ../…` is refused before the download (it would land outside the cache)."""
    tmp_path, cfg, calls = sandbox
    cfg["datasets"] = {"iris": {"source": {"file": "../../outside/iris.arff", "url": "http://127.0.0.1:9/iris.arff"},
                                "recipe": {"target": "class"}}}
    with pytest.raises(FetchError, match=r"config key 'datasets\.iris\.source\.file': '\.\./\.\./outside/iris\.arff'"):
        load_dataset("iris", cfg)
    _untouched(tmp_path, calls)


def test_url_whose_last_part_is_dotdot_is_refused(sandbox):
    tmp_path, cfg, calls = sandbox
    with pytest.raises(FetchError, match=r"config key 'datasets\.iris\.source\.url': '\.\.'"):
        fetch_raw("iris", {"url": "http://127.0.0.1:9/a/.."}, cfg)
    _untouched(tmp_path, calls)


def test_dataset_name_with_a_folder_part_is_refused_by_fetch(sandbox):
    tmp_path, cfg, calls = sandbox
    with pytest.raises(FetchError, match=r"config key 'datasets': '\.\./outside'"):
        fetch_raw("../outside", {"file": "iris.arff"}, cfg)
    _untouched(tmp_path, calls)


def test_symlink_in_the_mirror_pointing_out_is_refused(sandbox):
    tmp_path, cfg, calls = sandbox
    (tmp_path / "mirror" / "iris.arff").symlink_to(tmp_path / "outside" / "secret.arff")
    with pytest.raises(FetchError) as exc:
        fetch_raw("iris", {"file": "iris.arff", "sha256": IRIS_SHA}, cfg)
    msg = str(exc.value)
    assert "config key 'datasets.iris.source.file'" in msg and "outside the mirror folder" in msg and "symlink" in msg
    _untouched(tmp_path, calls)


def test_symlink_inside_the_mirror_is_followed(tmp_path, monkeypatch):
    """A symlink that stays inside the mirror is an ordinary file there."""
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    mirror = tmp_path / "mirror"
    (mirror / "store").mkdir(parents=True)
    (mirror / "store" / "iris-v1.arff").write_bytes(IRIS.read_bytes())
    (mirror / "iris.arff").symlink_to(mirror / "store" / "iris-v1.arff")
    got = fetch_raw("iris", {"file": "iris.arff", "sha256": IRIS_SHA},
                    {"cache": str(tmp_path / "cache"), "mirror": str(mirror), "raw_data": None, "openml": False})
    assert got.read_bytes() == IRIS.read_bytes() and not got.is_symlink()


def test_symlink_in_the_cache_pointing_out_is_refused(sandbox):
    """A cache folder that is a symlink out of the cache: nothing is written through it."""
    tmp_path, cfg, calls = sandbox
    (tmp_path / "mirror" / "iris.arff").write_bytes(IRIS.read_bytes())
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "iris").symlink_to(tmp_path / "outside", target_is_directory=True)
    with pytest.raises(FetchError) as exc:
        fetch_raw("iris", {"file": "iris.arff", "sha256": IRIS_SHA}, cfg)
    assert "config key 'datasets.iris.source.file'" in str(exc.value) and "outside the cache folder" in str(exc.value)
    assert calls == [] and sorted(p.name for p in (tmp_path / "outside").iterdir()) == ["secret.arff"]


@pytest.mark.parametrize("key", ["cache", "raw_data", "lock_file", "studies.huang_ling_2005.published",
                                 "studies.huang_ling_2005.claims", "studies.huang_ling_2005.retest"])
@pytest.mark.parametrize("value", ["../elsewhere", "/etc", "resources/../../elsewhere"])
def test_config_paths_stay_in_the_project(cfg, key, value):
    node, *path = [cfg, *key.split(".")]
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    msg = _error(cfg)
    assert msg.startswith(f"config key '{key}': {value!r} resolves to ") and "outside the project folder" in msg


def test_config_path_through_a_symlink_out_is_refused(cfg, tmp_path):
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "resources").symlink_to(tmp_path, target_is_directory=True)
    cfg["cache"] = str(tmp_path / "proj" / "resources" / "raw")
    assert "config key 'cache'" in _error(cfg, project=[tmp_path / "proj"])


def test_mirror_may_be_outside_the_project(cfg, tmp_path):
    """The mirror is the researcher's own folder: it may be anywhere (a file name in it still cannot leave it)."""
    cfg["mirror"] = str(tmp_path)
    cfg["cache"] = "resources/raw"
    assert validate_config(cfg, project=[REPO_ROOT])["mirror"] == str(tmp_path)


@pytest.mark.slow
def test_snakemake_refuses_an_escaping_file_name(tmp_path):
    """`snakemake -n` stops at start-up on `file: ../../etc/passwd`, naming the key; no job runs."""
    work = tmp_path / "wf"
    snakemake = copy_workflow(work)
    extra = tmp_path / "extra.yaml"
    extra.write_text("overrides: [datasets.iris]\ndatasets:\n  iris:\n    source: {file: ../../etc/passwd}\n")
    proc = run_snakemake(work, "-n", f"--configfile={extra}", timeout=120)
    assert proc.returncode != 0
    assert "config key 'datasets.iris.source.file': '../../etc/passwd' does not match" in proc.stdout + proc.stderr
    assert not (work / "resources").exists()


# --- a config never executes code -----------------------------------------------------------------------------

def _hostile(tmp_path: Path) -> tuple[dict, Path, Path]:
    """Learner specs that would each create ``created`` or truncate ``victim`` if anything called them."""
    created, victim = tmp_path / "created", tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    specs = {
        "System": ({"estimator": "os.system", "params": {"command": f"touch {created}"}}, "not in an allowed"),
        "Run": ({"estimator": "subprocess.run", "params": {"args": ["touch", str(created)]}}, "not in an allowed"),
        "Open": ({"estimator": "builtins.open", "params": {"file": str(victim), "mode": "w"}}, "not in an allowed"),
        "Eval": ({"estimator": "builtins.eval",
                  "params": {"source": f"__import__('pathlib').Path({str(created)!r}).touch()"}}, "not in an allowed"),
        # inside an allowed package, but a function (that writes a file), not an estimator class
        "Writer": ({"estimator": "aucacc.provenance.atomic_write_text",
                    "params": {"path": str(created), "text": "x"}}, "is a function, not an estimator class"),
    }
    return specs, created, victim


HOSTILE = ["System", "Run", "Open", "Eval", "Writer"]


def _nothing_ran(created: Path, victim: Path) -> None:
    assert not created.exists()
    assert victim.read_text() == "keep me\n"


@pytest.mark.parametrize("name", HOSTILE)
def test_validation_calls_nothing(cfg, tmp_path, name):
    specs, created, victim = _hostile(tmp_path)
    spec, why = specs[name]
    cfg["learners"][name] = spec
    msg = _error(cfg)
    assert msg.startswith(f"config key 'learners.{name}.estimator': {spec['estimator']!r} ") and why in msg
    if why == "not in an allowed":
        assert "aucacc, sklearn, imblearn, xgboost, lightgbm, catboost" in msg
    _nothing_ran(created, victim)


@pytest.mark.parametrize("name", HOSTILE)
def test_make_learner_calls_nothing(tmp_path, name):
    """The jobs build learners through make_learner, which resolves and checks before it builds."""
    from aucacc.learners.factory import make_learner

    specs, created, victim = _hostile(tmp_path)
    with pytest.raises(ConfigError, match=f"config key 'learners.{name}.estimator'"):
        make_learner(specs[name][0], name)
    _nothing_ran(created, victim)


def test_estimator_class_is_not_built_at_validation(cfg, monkeypatch):
    """Validation resolves the class and checks its params; it never calls the constructor."""
    from aucacc.learners.naive_bayes import NaiveBayes

    def boom(self, *a, **kw):
        raise AssertionError("constructor called during validation")

    monkeypatch.setattr(NaiveBayes, "__init__", boom)
    validate_config(cfg)


@pytest.mark.parametrize("spec, want", [
    ({"estimator": "aucacc.report.tables.Table"}, "is not a scikit-learn estimator"),
    ({"estimator": "sklearn.preprocessing.StandardScaler"}, "has no predict_proba"),
    ({"estimator": "sklearn.linear_model.LogisticRegression", "params": {"C": -1}},
     "config key 'learners.Bad.params': The 'C' parameter of LogisticRegression must be a float in the range (0.0, "
     "inf]"),
    ({"estimator": "sklearn.svm.SVC", "params": {"probability": False}},
     "config key 'learners.Bad': sklearn.svm.SVC has no predict_proba, which AUC needs (a class-probability vector "
     "per test instance); choose an estimator that has one, or wrap it in sklearn.calibration.CalibratedClassifierCV "
     "(estimator: sklearn.calibration.CalibratedClassifierCV, params: {estimator: {estimator: <its path>}, ensemble: "
     "false}"),
    ({"estimator": "sklearn.neighbors.KNeighborsClassifier", "params": {"n_neighbours": 3}},
     "config key 'learners.Bad.params.n_neighbours': KNeighborsClassifier has no parameter 'n_neighbours'; its "
     "parameters are n_neighbors, weights,"),
])
def test_estimator_checks_without_building(cfg, spec, want):
    cfg["learners"]["Bad"] = spec
    assert want in _error(cfg)


_test_workflow = copy_test_workflow  # a copy of the workflow with .test (tests/helpers.py)


def _dry_run(work: Path, snakemake: Path, extra: Path) -> subprocess.CompletedProcess:
    return run_snakemake(work, "-n", f"--configfile={extra}", directory=".test", timeout=120)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["System", "Run", "Open", "Eval"])
def test_dry_run_calls_nothing(tmp_path, name):
    """`snakemake -n` on the test configuration with a hostile learner stops at start-up; nothing ran."""
    work, snakemake = _test_workflow(tmp_path)
    specs, created, victim = _hostile(tmp_path)
    extra = tmp_path / "extra.yaml"
    extra.write_text(yaml.safe_dump({"learners": {name: specs[name][0]}}))
    proc = _dry_run(work, snakemake, extra)
    assert proc.returncode != 0
    assert f"config key 'learners.{name}.estimator': {specs[name][0]['estimator']!r} is not in an allowed" in (
        proc.stdout + proc.stderr)
    _nothing_ran(created, victim)


# --- a bounded config: YAML alias bombs -----------------------------------------------------------------------

def _bomb_yaml(levels: int = 9, width: int = 10) -> str:
    """A "billion laughs": ``width ** levels`` values written in a few hundred bytes (lists of lists)."""
    lines = ["bomb0: &b0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels):
        lines.append(f"bomb{i}: &b{i} [{', '.join([f'*b{i - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def _bombed(where: str) -> str:
    """A config override (YAML for --configfile) whose SVM grid (``grid``) or a learner's param (``params``)
    is a billion laughs, its anchors written inside the value itself (so that key is the one past the limit)."""
    value = "".join(f"\n        - &b{i} [{', '.join(['lol' if i == 0 else f'*b{i - 1}'] * 10)}]" for i in range(9))
    if where == "grid":
        return f"learners:\n  SVM:\n    params:\n      C_grid:{value}\n"
    return (f"learners:\n  KNN:\n    estimator: sklearn.neighbors.KNeighborsClassifier\n    params:\n"
            f"      n_neighbors:{value}\n")


@pytest.mark.parametrize("where, key", [("grid", "learners.SVM.params.C_grid"),
                                        ("params", "learners.KNN.params.n_neighbors")])
def test_alias_bomb_refused_fast_by_validate_config(cfg, where, key):
    import time

    bomb = yaml.safe_load(_bomb_yaml())["bomb8"]  # 10**9 values, shared references
    if where == "grid":
        cfg["learners"]["SVM"]["params"]["C_grid"] = bomb
    else:
        cfg["learners"]["KNN"] = {"estimator": "sklearn.neighbors.KNeighborsClassifier",
                                  "params": {"n_neighbors": bomb}}
    t0 = time.perf_counter()
    msg = _error(cfg)
    assert time.perf_counter() - t0 < 5
    assert msg.startswith(f"config key '{key}' expands to more than 100,000 values") and len(msg) < 700


def test_recursive_alias_refused(cfg):
    loop = yaml.safe_load("a: &a [1, *a]")["a"]
    cfg["learners"]["SVM"]["params"]["C_grid"] = loop
    assert _error(cfg).startswith("config key 'learners.SVM.params.C_grid' contains itself (a recursive YAML alias)")


def test_load_config_refuses_an_alias_bomb(tmp_path):
    import time

    from aucacc.config import load_config

    path = tmp_path / "config.yaml"
    # a mapping bomb too: the loader measures the document before anything walks it
    path.write_text(DEFAULT_CONFIG.read_text() + "\nx:\n" + "".join(f"  {ln}\n" for ln in _bomb_yaml().splitlines()))
    t0 = time.perf_counter()
    with pytest.raises(ConfigError, match=r"config file .*config\.yaml: config key 'x\.bomb\d' expands to more than"):
        load_config(path)
    assert time.perf_counter() - t0 < 5


def test_shared_structures_within_the_limit_pass(cfg):
    """Aliases are not refused as such: a grid written once and used twice is fine."""
    grid = [0.5, 8, 128]
    cfg["learners"]["SVM"]["params"].update(C_grid=grid)
    cfg["learners"]["SVM2"] = {"estimator": "aucacc.learners.svm.GridSearchSVM", "params": {"C_grid": grid}}
    validate_config(cfg)


def test_long_structure_is_cut_in_messages(cfg):
    """A structure printed in an error is cut (here 50,000 values, under the size limit)."""
    cfg["learners"]["SVM"]["params"]["n_inner_folds"] = list(range(50_000))
    msg = _error(cfg)
    assert msg.startswith("config key 'learners.SVM.params': The 'n_inner_folds' parameter of GridSearchSVM")
    assert "characters cut" in msg and len(msg) < 700


@pytest.mark.parametrize("where, key", [("grid", "learners.SVM.params.C_grid"),
                                        ("params", "learners.KNN.params.n_neighbors")])
@pytest.mark.slow
def test_alias_bomb_refused_fast_by_snakemake(tmp_path, where, key):
    """`snakemake -n --directory <copy of .test> --configfile=<bomb>` stops at start-up, naming the key.

    Refused in under 5 s beyond Snakemake's own start-up, which is measured alongside: the same dry
    run refusing a one-line bad config (without the check it hangs, hashing 10**9 values).
    """
    import time

    work, snakemake = _test_workflow(tmp_path)
    small = tmp_path / "small.yaml"
    small.write_text("learners:\n  KNN: {estimator: os.system}\n")
    t0 = time.perf_counter()
    assert _dry_run(work, snakemake, small).returncode != 0
    startup = time.perf_counter() - t0
    extra = tmp_path / "bomb.yaml"
    extra.write_text(_bombed(where))
    t0 = time.perf_counter()
    proc = _dry_run(work, snakemake, extra)
    elapsed = time.perf_counter() - t0
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert f"config key '{key}' expands to more than 100,000 values" in out, out[-2000:]
    assert elapsed - startup < 5, (elapsed, startup)


# --- names: every name the schema allows is one the workflow builds -----------------------------------------

@pytest.mark.slow
def test_every_allowed_character_class_builds(tmp_path):
    """A data set and a learner whose names use each allowed class of character (upper and lower case
    letters, digits, `_`, `.`, `+`, `-`) go through the workflow: fetch, clean, folds, cross-validation."""
    import pandas as pd

    work, snakemake = _test_workflow(tmp_path)
    name, learner = "Ir1s_x.y+z-w", "NB_2.x+y-z"
    extra = tmp_path / "names.yaml"
    extra.write_text(yaml.safe_dump({
        "datasets": {name: {"source": {"file": "iris.arff", "sha256": RAW_TEST["datasets"]["iris"]["source"]["sha256"]},
                            "recipe": {"target": "class"}}},
        "learners": {learner: {"estimator": "aucacc.learners.naive_bayes.NaiveBayes"}}}))
    target = f"results/metrics/whole_data/{name}/{learner}.csv"
    proc = run_snakemake(work, f"--configfile={extra}", target, directory=".test", timeout=600)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    meta = yaml.safe_load((work / ".test" / "results" / "data" / f"{name}.json").read_text())
    assert meta["n_instances"] == 50  # the test copy of iris: every 3rd row
    metrics = pd.read_csv(work / ".test" / target)
    assert sorted(metrics["fold"].unique()) == list(range(5))
    assert metrics["value"].between(0, 100).all() and {"accuracy", "auc"} <= set(metrics["metric"])


@pytest.mark.parametrize("bad", ["../x", "a/b", "NB 2", ".NB", "NB*"])
def test_learner_names_are_file_safe(cfg, bad):
    """A learner name becomes a file name and a wildcard value, as a data-set name does."""
    cfg["learners"][bad] = {"estimator": "aucacc.learners.naive_bayes.NaiveBayes"}
    msg = _error(cfg)
    assert msg.startswith("config key 'learners': ") and repr(bad) in msg
