"""After a failed run, nothing is half-written in results/ or in the cache (issue 10).

Each case runs the real workflow (snakemake, in a scratch copy) on a tiny bad config and then
inspects every file left behind: no temporary files, no output of the failed job, only whole
outputs of the jobs that succeeded, and a cache that holds only checked raw files.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from helpers import run_snakemake, toy_workflow

pytestmark = pytest.mark.slow

ROWS = "".join(f"{i}.5,{i % 7},{'a' if i < 30 else 'b'}\n" for i in range(60))


def _setup(tmp_path: Path, data: str, recipe: dict | None = None, **top) -> tuple[Path, Path]:
    """A scratch workflow whose only data set is ``toy`` (``data`` in a scratch mirror, :func:`helpers.toy_workflow`);
    returns (work, mirror)."""
    source = {"file": "toy.data", "columns": ["x", "z", "class"], "nominal": ["class"],
              "sha256": hashlib.sha256(data.encode()).hexdigest()}
    return toy_workflow(tmp_path, data, source, {"target": "class", **(recipe or {})}, **top)


def _run(work: Path, target: str) -> subprocess.CompletedProcess:
    return run_snakemake(work, target, timeout=300)


def _files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) if root.exists() else []


def _no_partial(work: Path) -> list[str]:
    left = _files(work / "results") + [f"cache/{f}" for f in _files(work / "resources")]
    assert not [f for f in left if f.endswith(".tmp") or Path(f).name.startswith(".")], left
    return left


def test_stray_token_fails_clean_and_leaves_no_data(tmp_path):
    work, mirror = _setup(tmp_path, ROWS.replace("16.5,", "n/a,"))
    proc = _run(work, "results/metrics/whole_data/toy/NB.csv")
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "toy.data: line 17, column 'x': value 'n/a' is not a number" in out
    left = _no_partial(work)
    assert not [f for f in left if f.startswith("data/") or f.startswith(("folds/", "scores/", "metrics/"))], left
    # the only outputs: the fetched raw file (whole, checksum-verified) and logs
    cached = [f for f in left if f.startswith("cache/")]
    assert len(cached) == 1 and re.fullmatch(r"cache/raw/toy/sha256-[0-9a-f]{16}/toy\.data", cached[0]), cached
    assert (work / "resources" / cached[0][len("cache/"):]).read_bytes() == (mirror / "toy.data").read_bytes()
    # logs, and the benchmark files of the jobs that ran (fetch), are all that is left
    assert all(f.startswith(("logs/", "benchmarks/")) for f in left if not f.startswith("cache/")), left


def test_n_folds_too_large_fails_folds_and_leaves_no_folds(tmp_path):
    work, _ = _setup(tmp_path, ROWS, protocol={"n_folds": 40})  # classes of 30 rows each
    # The record of an output a failed job wrote and Snakemake then removed (onerror deletes it).
    orphan = work / "results" / "folds" / "toy.csv.provenance.json"
    orphan.parent.mkdir(parents=True)
    orphan.write_text("{}\n")
    proc = _run(work, "results/metrics/whole_data/toy/NB.csv")
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "data set 'toy': config key 'protocol.n_folds' = 40 is larger than every class" in out
    left = _no_partial(work)
    assert "data/toy.parquet" in left and "data/toy.json" in left  # the clean step succeeded, whole
    assert not [f for f in left if f.startswith(("folds/", "scores/", "metrics/"))], left
    assert "removed results/folds/toy.csv.provenance.json" in out


def test_bad_learner_stops_before_any_job(tmp_path):
    work, _ = _setup(tmp_path, ROWS)
    cfg = yaml.safe_load((work / "config" / "config.yaml").read_text())
    cfg["learners"]["SVC"] = {"estimator": "sklearn.svm.SVC", "params": {"C": -1, "probability": True}}
    (work / "config" / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    proc = _run(work, "results/metrics/whole_data/toy/SVC.csv")
    assert proc.returncode != 0
    assert "config key 'learners.SVC.params'" in proc.stdout + proc.stderr
    assert _files(work / "results") == [] and _files(work / "resources") == []
