"""The workflow's results do not depend on ``--cores``: byte-identical outputs from 1 and 2 cores.

Each run happens in its own temporary copy of the workflow (Snakefile, workflow/, config/), with
its own cache and results folder, and reads the raw files from the data mirror. The targets are
the per-fold metrics CSV and the scores Parquet of NB and C4.5 on iris and wine (whole-data
discretization): fetch → clean → discretize → folds → cross_validate, a few seconds each.
Provenance and fold-record JSON files hold timestamps and fit times, so they are not compared.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import copy_workflow, run_snakemake

REPO_ROOT = Path(__file__).resolve().parents[2]
DATASETS = ["iris", "wine"]
LEARNERS = ["NB", "C4.5"]
TARGETS = [f"results/{kind}/whole_data/{d}/{lrn}.{ext}"
           for d in DATASETS for lrn in LEARNERS
           for kind, ext in (("metrics", "csv"), ("scores", "parquet"))]


LIMIT_OFF = "Job-rate limit: none"  # the Snakefile's onstart line


def _run_workflow(work: Path, mirror: Path, cores: int, *options: str) -> tuple[dict[str, bytes], str]:
    """Copy the workflow into ``work``, run it on TARGETS with ``cores`` cores; the targets' bytes and the log."""
    copy_workflow(work)
    # absolute: the fixture may hand back AUCACC_MIRROR as given (relative to the repository root)
    proc = run_snakemake(work, *options, *TARGETS, cores=cores, env={"AUCACC_MIRROR": str(Path(mirror).resolve())},
                         timeout=300)
    assert proc.returncode == 0, f"snakemake --cores {cores} failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    out = {}
    for t in TARGETS:
        p = work / t
        assert p.is_file(), f"snakemake --cores {cores} did not write {t}"
        out[t] = p.read_bytes()
    return out, proc.stdout + proc.stderr


@pytest.mark.slow
def test_outputs_identical_with_1_and_2_cores(tmp_path, mirror):
    """Metrics CSV and scores Parquet are byte for byte the same whatever ``--cores`` is, and whether the
    command line's default job-rate limit is turned off (Snakefile, onstart) or an explicit one is kept."""
    one, log_one = _run_workflow(tmp_path / "cores1", mirror, 1, "--max-jobs-per-timespan", "50/1s")
    two, log_two = _run_workflow(tmp_path / "cores2", mirror, 2)
    assert LIMIT_OFF in log_two, "the default job-rate limit was not turned off"
    assert LIMIT_OFF not in log_one, "an explicit --max-jobs-per-timespan was overridden"
    differ = [t for t in TARGETS if one[t] != two[t]]
    assert differ == [], f"outputs differ between --cores 1 and --cores 2: {differ}"
    # non-trivial outputs: ten folds of accuracy and AUC, one probability vector per instance
    for d in DATASETS:
        for lrn in LEARNERS:
            assert len(one[f"results/metrics/whole_data/{d}/{lrn}.csv"].splitlines()) > 10
            assert len(one[f"results/scores/whole_data/{d}/{lrn}.parquet"]) > 0
