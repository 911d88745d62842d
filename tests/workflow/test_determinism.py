"""The workflow's results do not depend on ``--cores``: byte-identical outputs from 1 and 2 cores.

The 2-core side is the session's finished run of the test configuration (``test_run``, tests/conftest.py: the
whole of ``.test`` at ``--cores 2``, ``.ci/run``'s local run or the session's own); the 1-core side builds the same
targets from scratch in a copy of the workflow with ``.test``. The targets are the per-fold metrics CSV and the
scores Parquet of NB and C4.5 on iris and voting (whole-data discretization): fetch → clean → discretize → folds →
cross_validate. Provenance and fold-record JSON files hold timestamps and fit times, so they are not compared.
(Before, both sides ran these targets from scratch on the full iris and wine files of config/config.yaml, one at
``--cores 1`` and one at ``--cores 2``: the 2-core side moved to the shared run, which runs more jobs at once.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import copy_test_workflow, run_snakemake

REPO_ROOT = Path(__file__).resolve().parents[2]
DATASETS = ["iris", "voting"]
LEARNERS = ["NB", "C4.5"]
TARGETS = [f"results/{kind}/whole_data/{d}/{lrn}.{ext}"
           for d in DATASETS for lrn in LEARNERS
           for kind, ext in (("metrics", "csv"), ("scores", "parquet"))]


def _targets(folder: Path) -> dict[str, bytes]:
    """The bytes of every target in the ``.test`` folder ``folder``."""
    out = {}
    for t in TARGETS:
        p = folder / t
        assert p.is_file(), f"no {t} in {folder}"
        out[t] = p.read_bytes()
    return out


@pytest.mark.slow
def test_outputs_identical_with_1_and_2_cores(tmp_path, test_run):
    """Metrics CSV and scores Parquet are byte for byte the same whatever ``--cores`` is, and whatever the
    job-rate limit (``--max-jobs-per-timespan``) is: the targets built alone at ``--cores 1`` with a limit of
    50 jobs a second equal those of the whole ``.test`` run at ``--cores 2`` under the workflow profile's limit."""
    work, _ = copy_test_workflow(tmp_path)
    proc = run_snakemake(work, "--max-jobs-per-timespan", "50/1s", *TARGETS, cores=1, directory=".test",
                         timeout=300)
    assert proc.returncode == 0, f"snakemake --cores 1 failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    one = _targets(work / ".test")
    two = _targets(test_run / ".test")
    differ = [t for t in TARGETS if one[t] != two[t]]
    assert differ == [], f"outputs differ between --cores 1 and --cores 2: {differ}"
    # non-trivial outputs: five folds (.test) of accuracy and AUC, one probability vector per instance
    for d in DATASETS:
        for lrn in LEARNERS:
            assert len(one[f"results/metrics/whole_data/{d}/{lrn}.csv"].splitlines()) == 1 + 2 * 5  # header, 2 a fold
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
