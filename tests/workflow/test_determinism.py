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
    """Metrics CSV and scores Parquet are byte for byte the same whatever ``--cores`` is, and whatever the
    job-rate limit (``--max-jobs-per-timespan``) is."""
    one, _ = _run_workflow(tmp_path / "cores1", mirror, 1, "--max-jobs-per-timespan", "50/1s")
    two, _ = _run_workflow(tmp_path / "cores2", mirror, 2)
    differ = [t for t in TARGETS if one[t] != two[t]]
    assert differ == [], f"outputs differ between --cores 1 and --cores 2: {differ}"
    # non-trivial outputs: ten folds of accuracy and AUC, one probability vector per instance
    for d in DATASETS:
        for lrn in LEARNERS:
            assert len(one[f"results/metrics/whole_data/{d}/{lrn}.csv"].splitlines()) > 10
            assert len(one[f"results/scores/whole_data/{d}/{lrn}.parquet"]) > 0


@pytest.mark.slow
def test_the_workflow_profile_sets_a_coarse_job_rate_limit():
    """profiles/default/config.yaml, which Snakemake reads by itself (no --profile needed), sets the job-rate limit
    with a timespan above the command line's 1 s (the timers of the limit pile up one per finished job; the
    profile's comment gives the measured cost, benchmarks/bench_job_rate.py), in a form Snakemake parses."""
    import yaml
    from snakemake.settings.types import MaxJobsPerTimespan

    profile = yaml.safe_load((REPO_ROOT / "profiles" / "default" / "config.yaml").read_text())
    limit = MaxJobsPerTimespan.parse_choice(profile["max-jobs-per-timespan"])
    assert limit.timespan > 1 and limit.max_jobs / limit.timespan >= 100  # no fewer job starts per second
    proc = run_snakemake(REPO_ROOT, "-n", "--quiet", "rules", timeout=300, check=True)
    assert "workflow specific profile profiles/default" in proc.stderr
