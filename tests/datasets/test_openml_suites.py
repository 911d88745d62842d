"""OpenML suites, tasks and data sets named by a study (aucacc.datasets.openml_suites), against the loopback
stand-in of the OpenML API (tests/openml_standin.py) with a suite of three tiny data sets: the expansion, the
fetch of each data set, the lock file, a second run resolving the same data offline, a changed suite reported,
and every refusal with its message. The requests go over TCP to the real openml client; nothing is mocked."""

from __future__ import annotations

import copy
import hashlib
import json
import re
import socket
from pathlib import Path

import pandas as pd
import pytest

from aucacc.datasets import load_dataset
from aucacc.datasets.fetch import fetch_raw
from aucacc.datasets.openml_suites import dataset_name, expand_studies, names_openml
from aucacc.exceptions import ConfigError, FetchError
from helpers import copy_workflow, snakemake_with
from openml_standin import arff_features, openml_server  # noqa: F401  (openml_server: a fixture)

TINY = Path(__file__).resolve().parents[2] / ".test" / "data" / "raw"
# data id -> (file, OpenML name, default target, rows): the three tiny ARFF files of .test/, served under
# OpenML's ids of the same data sets (breast-w 15, vote 56, iris 61); rows counted by hand from each file
SETS = {15: ("breast.w.arff", "breast-w", "Class", 70), 56: ("vote.arff", "vote", "Class", 109),
        61: ("iris.arff", "iris", "class", 50)}
TASKS = {115: 15, 156: 56, 161: 61}  # task id -> data id
SUITE = 99
NAMES = ["openml-15-breast-w", "openml-56-vote", "openml-61-iris"]


@pytest.fixture
def suite_server(openml_server):
    """The stand-in serving the three data sets, a task on each and suite 99 of the three tasks."""
    for did, (fname, name, target, _) in SETS.items():
        openml_server.add(did, (TINY / fname).read_bytes(), name=name, target=target)
    for tid, did in TASKS.items():
        openml_server.add_task(tid, did)
    openml_server.add_suite(SUITE, list(TASKS), name="stand-in CC18")
    return openml_server


def _cfg(tmp_path, server, **study):
    return {"seed": 1, "cache": str(tmp_path / "cache"), "mirror": None, "raw_data": None, "openml": True,
            "openml_server": server, "lock_file": str(tmp_path / "resources" / "datasets.lock.json"),
            "datasets": {"iris": {"source": {"file": "iris.arff"}, "recipe": {"target": "class"}}},
            "studies": {"mine": {"learners": ["NB"], **(study or {"openml_suite": SUITE})}}}


def _refused() -> str:
    """An OpenML address on a loopback port nothing listens on: no internet."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}/api/v1/xml"


def _lock(tmp_path) -> dict:
    return json.loads((tmp_path / "resources" / "datasets.lock.json").read_text())


def test_dataset_names():
    assert dataset_name(15, "breast-w") == "openml-15-breast-w"
    assert dataset_name(1480, "ilpd (Indian Liver)") == "openml-1480-ilpd-Indian-Liver"
    assert dataset_name(7, "...") == "openml-7"
    assert dataset_name(8, "a" * 60) == "openml-8-" + "a" * 40
    assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.+-]*", dataset_name(9, "x/../ y\tz"))  # the schema's pattern
    assert dataset_name(23517, "numerai28.6") == "openml-23517-numerai28.6"  # a dot of OpenML-CC18's names stays
    # a name ending in a reserved suffix would write another data set's provenance record: its dot becomes a '-'
    assert dataset_name(10, "scores.parquet.Provenance") == "openml-10-scores.parquet-Provenance"


def test_a_config_without_openml_is_left_alone(tmp_path):
    """The default config (no study, or studies with plain data-set lists) asks no server and writes nothing."""
    for cfg in ({"datasets": {}}, {"studies": {"s": {"datasets": ["iris"]}}}):
        cfg["openml_server"], cfg["lock_file"] = _refused(), str(tmp_path / "lock.json")
        before = copy.deepcopy(cfg)
        assert expand_studies(cfg) == {} and cfg == before
    assert not (tmp_path / "lock.json").exists()
    assert not names_openml({"datasets": ["iris"]}) and names_openml({"openml_tasks": [1]})


def test_suite_expansion_fetch_lock_and_offline_rerun(tmp_path, suite_server):
    cfg = _cfg(tmp_path, suite_server.server)
    assert expand_studies(cfg) == {"mine": NAMES}
    assert cfg["studies"]["mine"]["datasets"] == NAMES
    for name, (did, (_, _, target, _)) in zip(NAMES, SETS.items()):
        assert cfg["datasets"][name] == {"source": {"openml_id": did}, "recipe": {"target": target, "missing": "keep"}}
    assert cfg["datasets"]["iris"] == {"source": {"file": "iris.arff"}, "recipe": {"target": "class"}}  # untouched

    # the lock file: suite -> task ids -> data ids, with each data set's version, target and MD5
    lock = _lock(tmp_path)
    assert lock[f"openml_suite:{SUITE}"]["tasks"] == list(TASKS)
    assert lock[f"openml_suite:{SUITE}"]["name"] == "stand-in CC18"
    for tid, did in TASKS.items():
        assert lock[f"openml_task:{tid}"]["data_id"] == did
        data = lock[f"openml_data:{did}"]
        raw = (TINY / SETS[did][0]).read_bytes()
        assert (data["name"], data["version"], data["target"], data["md5"]) == (
            SETS[did][1], 1, SETS[did][2], hashlib.md5(raw).hexdigest())
        assert data["server"] == suite_server.server and data["recorded_utc"]

    # each data set fetched as every openml_id source is: bytes as served, SHA-256 into the lock file
    for name, (did, (fname, _, _, rows)) in zip(NAMES, SETS.items()):
        path = fetch_raw(name, cfg["datasets"][name]["source"], cfg)
        assert path.read_bytes() == (TINY / fname).read_bytes()
        assert _lock(tmp_path)[name]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
        assert len(load_dataset(name, cfg).y) == rows  # missing: keep (breast and vote have missing values)

    # a second run with no internet: the same data sets, from the lock file and the cache
    suite_server.close()
    offline = _cfg(tmp_path, suite_server.server)
    requests_before = len(suite_server.requests)
    assert expand_studies(offline) == {"mine": NAMES}
    assert {n: offline["datasets"][n] for n in NAMES} == {n: cfg["datasets"][n] for n in NAMES}
    assert len(suite_server.requests) == requests_before
    for name, (did, (_, _, _, rows)) in zip(NAMES, SETS.items()):
        assert len(load_dataset(name, offline).y) == rows
    # ... also with config key 'openml' false: the lock file is enough
    assert expand_studies({**_cfg(tmp_path, suite_server.server), "openml": False}) == {"mine": NAMES}


def test_a_changed_suite_is_reported_not_followed(tmp_path, suite_server):
    cfg = _cfg(tmp_path, suite_server.server)
    expand_studies(cfg)
    recorded = _lock(tmp_path)[f"openml_suite:{SUITE}"]["recorded_utc"]
    suite_server.add_suite(SUITE, [115, 161])  # the server's suite loses a task
    # not asked again: the locked suite, unchanged
    again = _cfg(tmp_path, suite_server.server)
    assert expand_studies(again) == {"mine": NAMES}
    # asked again (openml_recheck): the change is reported and the run stops
    with pytest.raises(FetchError) as exc:
        expand_studies({**_cfg(tmp_path, suite_server.server), "openml_recheck": True})
    msg = str(exc.value)
    assert "config key 'studies.mine.openml_suite'" in msg and f"OpenML suite {SUITE}" in msg, msg
    assert f"changed since the lock file {tmp_path / 'resources/datasets.lock.json'} recorded it on {recorded}" in msg
    assert "tasks: recorded [115, 156, 161], now [115, 161]" in msg, msg
    assert f"delete the entry 'openml_suite:{SUITE}'" in msg and "run without openml_recheck" in msg
    assert _lock(tmp_path)[f"openml_suite:{SUITE}"]["tasks"] == list(TASKS)  # the lock file is unchanged
    # following it: the entry deleted, the new suite is recorded
    lock = _lock(tmp_path)
    del lock[f"openml_suite:{SUITE}"]
    (tmp_path / "resources/datasets.lock.json").write_text(json.dumps(lock))
    assert expand_studies(_cfg(tmp_path, suite_server.server)) == {"mine": [NAMES[0], NAMES[2]]}


def test_a_changed_data_set_is_reported(tmp_path, suite_server):
    expand_studies(_cfg(tmp_path, suite_server.server))
    raw = (TINY / "iris.arff").read_bytes().replace(b"Iris-setosa", b"Iris-setosA")
    suite_server.add(61, raw, name="iris", target="class", version=2)
    with pytest.raises(FetchError, match=r"OpenML data set 61 .* changed .*version: recorded 1, now 2; md5: recorded '"
                       + hashlib.md5((TINY / "iris.arff").read_bytes()).hexdigest()):
        expand_studies({**_cfg(tmp_path, suite_server.server), "openml_recheck": True})
    # an unchanged suite rechecked: no error
    suite_server.add(61, (TINY / "iris.arff").read_bytes(), name="iris", target="class")
    assert expand_studies({**_cfg(tmp_path, suite_server.server), "openml_recheck": True}) == {"mine": NAMES}


def test_a_file_replaced_between_expansion_and_fetch_is_reported(tmp_path, suite_server):
    cfg = _cfg(tmp_path, suite_server.server, openml_datasets=[61])
    expand_studies(cfg)
    raw = (TINY / "iris.arff").read_bytes().replace(b"Iris-setosa", b"Iris-setosA")
    suite_server.add(61, raw, name="iris", target="class")  # after the expansion, before the fetch
    fetch_raw("openml-61-iris", cfg["datasets"]["openml-61-iris"]["source"], cfg)
    with pytest.raises(FetchError, match=r"config key 'studies.mine.openml_datasets' \(data set 61\): the raw file "
                       r"of data set 'openml-61-iris' was downloaded with MD5 " + hashlib.md5(raw).hexdigest()):
        expand_studies(_cfg(tmp_path, suite_server.server, openml_datasets=[61]))


def test_tasks_and_data_ids(tmp_path, suite_server):
    """openml_tasks and openml_datasets: each data set once, in order (tasks first), beside listed data sets."""
    cfg = _cfg(tmp_path, suite_server.server, openml_tasks=[161], openml_datasets=[15, 61], datasets=["iris"])
    assert expand_studies(cfg) == {"mine": ["openml-61-iris", "openml-15-breast-w"]}
    assert cfg["studies"]["mine"]["datasets"] == ["iris", "openml-61-iris", "openml-15-breast-w"]
    assert set(_lock(tmp_path)) == {"openml_task:161", "openml_data:61", "openml_data:15"}


def test_two_studies_share_the_entries(tmp_path, suite_server):
    cfg = _cfg(tmp_path, suite_server.server)
    cfg["studies"]["other"] = {"openml_tasks": [156], "learners": ["NB"]}
    assert expand_studies(cfg) == {"mine": NAMES, "other": ["openml-56-vote"]}
    assert sorted(cfg["datasets"]) == sorted(["iris", *NAMES])


def test_row_id_and_ignored_attributes_are_dropped(tmp_path, openml_server):
    raw = (TINY / "iris.arff").read_bytes()
    names = [n for n, _, _ in arff_features(raw)]
    openml_server.add(61, raw, name="iris", target="class", row_id=names[0], ignore=[names[1]])
    cfg = _cfg(tmp_path, openml_server.server, openml_datasets=[61])
    expand_studies(cfg)
    assert cfg["datasets"]["openml-61-iris"]["recipe"]["drop_columns"] == {
        names[0]: "OpenML row_id_attribute (an identifier, not an attribute)", names[1]: "OpenML ignore_attribute"}
    ds = load_dataset("openml-61-iris", cfg)
    assert list(ds.X.columns) == names[2:4] and len(ds.y) == 50


def test_a_configured_entry_of_the_same_data_set_is_used(tmp_path, suite_server):
    """The researcher's own entry for an expanded name (a pin, another recipe) stays as configured."""
    cfg = _cfg(tmp_path, suite_server.server, openml_datasets=[61])
    own = {"source": {"openml_id": 61, "sha256": "a" * 64}, "recipe": {"target": "class", "missing": "drop_rows"}}
    cfg["datasets"]["openml-61-iris"] = copy.deepcopy(own)
    assert expand_studies(cfg) == {"mine": ["openml-61-iris"]} and cfg["datasets"]["openml-61-iris"] == own


@pytest.mark.parametrize("case", ["unknown suite", "unknown task", "unknown data set", "a study of runs",
                                  "regression task", "no default target", "several targets", "another target",
                                  "name collision", "bad type", "no internet", "openml false"])
def test_refusals_name_the_key_and_what_to_do(tmp_path, suite_server, case):
    study, key = {"openml_suite": SUITE}, "studies.mine.openml_suite"
    server = suite_server.server
    if case == "unknown suite":
        study, want = {"openml_suite": 12345}, "does not have OpenML suite 12345 \\(it answered: .*Unknown study"
    elif case == "unknown task":
        study, key, want = {"openml_tasks": [777]}, "studies.mine.openml_tasks", "does not have OpenML task 777"
    elif case == "unknown data set":
        study, key, want = {"openml_datasets": [888]}, "studies.mine.openml_datasets", \
            "does not have OpenML data set 888"
    elif case == "a study of runs":
        suite_server.add_suite(5, [115], entity="run")
        study, want = {"openml_suite": 5}, "OpenML id 5 is not a benchmark suite of tasks"
    elif case == "regression task":
        suite_server.add_task(200, 61, type_id=2)
        study, key, want = {"openml_tasks": [200]}, "studies.mine.openml_tasks", \
            "OpenML task 200 is a 'Supervised Regression' task, not supervised classification"
    elif case == "no default target":
        suite_server.add(61, (TINY / "iris.arff").read_bytes(), name="iris", target=None)
        study, key, want = {"openml_datasets": [61]}, "studies.mine.openml_datasets", \
            "OpenML data set 61 \\('iris'\\) has no default target attribute.*Add it under 'datasets' yourself"
    elif case == "several targets":
        suite_server.add(61, (TINY / "iris.arff").read_bytes(), name="iris", target="class,petalwidth")
        study, key, want = {"openml_datasets": [61]}, "studies.mine.openml_datasets", \
            "several default target attributes \\(class,petalwidth\\)"
    elif case == "another target":
        suite_server.add_task(300, 61, target="petalwidth")
        study, key, want = {"openml_tasks": [300]}, "studies.mine.openml_tasks", \
            "OpenML task 300 predicts 'petalwidth', but the default target attribute of its data set 61 .* is 'class'"
    elif case == "name collision":
        want = "OpenML data set 56 \\('vote'\\) becomes data set 'openml-56-vote', but 'datasets.openml-56-vote' is " \
               "configured with another source.*Rename the configured data set"
    elif case == "bad type":
        study, want = {"openml_suite": "CC18"}, "'CC18' is not one OpenML suite id \\(a positive integer\\)"
    elif case == "no internet":
        server, want = _refused(), "cannot ask .* about OpenML suite 99 .*needs internet the first time.*lock file"
    else:
        want = "OpenML suite 99 is not in the lock file .* config key 'openml' is false.*Set openml: true"
    cfg = _cfg(tmp_path, server, **study)
    if case == "name collision":
        cfg["datasets"]["openml-56-vote"] = {"source": {"file": "vote.arff"}, "recipe": {"target": "Class"}}
    if case == "openml false":
        cfg["openml"] = False
    error = FetchError if case == "no internet" else ConfigError
    with pytest.raises(error) as exc:
        expand_studies(cfg)
    msg = str(exc.value)
    assert msg.startswith(f"config key '{key}") and re.search(want, msg), msg


# --- through the workflow ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_workflow_expands_a_suite_when_the_config_is_read(tmp_path, suite_server):
    """In a copy of the workflow: a study naming suite 99 gets its three data sets when the config is read
    (fetched, cleaned and cross-validated by the usual rules, in the study's summary table); a changed suite
    with openml_recheck stops the run naming the key; with the server gone, a second run resolves the same
    data sets from the lock file and has nothing to do."""
    work = tmp_path / "wf"
    copy_workflow(work)
    override = {"openml_server": suite_server.server,
                "studies": {"cc": {"openml_suite": SUITE, "learners": ["NB", "C4.5"], "discretization": "whole_data"}}}
    targets = [f"results/data/{n}.json" for n in NAMES] + ["results/studies/cc/tables/summary.csv"]
    proc = snakemake_with(work, override, *targets)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    summary = pd.read_csv(work / "results/studies/cc/tables/summary.csv")
    assert set(NAMES) <= set(summary["dataset"]), summary  # the study's table has the expanded data sets
    lock = json.loads((work / "resources/datasets.lock.json").read_text())
    assert lock[f"openml_suite:{SUITE}"]["tasks"] == list(TASKS)
    for name, (did, (fname, _, _, rows)) in zip(NAMES, SETS.items()):
        assert json.loads((work / f"results/data/{name}.json").read_text())["n_instances"] == rows
        assert lock[name]["sha256"] == hashlib.sha256((TINY / fname).read_bytes()).hexdigest()

    suite_server.add_suite(SUITE, [115, 161, 156, 162])
    proc = snakemake_with(work, {**override, "openml_recheck": True}, "-n", *targets)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0 and "config key 'studies.cc.openml_suite'" in out, out
    assert "tasks: recorded [115, 156, 161], now [115, 161, 156, 162]" in out, out

    suite_server.close()
    proc = snakemake_with(work, override, "-n", *targets)
    assert proc.returncode == 0 and "Nothing to be done" in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    assert json.loads((work / "resources/datasets.lock.json").read_text()) == lock
