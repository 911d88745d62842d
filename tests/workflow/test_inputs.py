"""The workflow's inputs are declared: config sections may be left out (schema defaults), and the claims
file is an input of every rule that reads it, so editing a tolerance re-runs exactly those rules.

Both run `snakemake` on a scratch copy of the repository and its `.test` configuration, without
running any job (dry runs, and `--touch` over empty stand-ins of every output).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from helpers import REPO_ROOT, copy_test_workflow, run_snakemake

pytestmark = pytest.mark.slow


_test_copy = copy_test_workflow  # a copy of the workflow with .test (tests/helpers.py)


def _snakemake(snakemake: Path, work: Path, *args: str) -> str:
    proc = run_snakemake(work, *args, directory=".test", timeout=300, check=True)
    return proc.stdout + proc.stderr


def _planned(out: str) -> dict[str, int]:
    """Rule → job count from the 'Job stats' table of a dry run ({} when nothing is to be done)."""
    if "Nothing to be done" in out:
        return {}
    table = out.split("Job stats:")[1].split("total")[0]
    return {m[1]: int(m[2]) for m in re.finditer(r"^(\w+)\s+(\d+)\s*$", table, re.M)}


def test_test_config_without_protocol_and_statistics_plans_the_same_jobs(tmp_path):
    """`.test` without `protocol:` and `statistics:` plans a run with the schema's defaults (10 folds:
    one SVM job per outer fold, so 10 per data set instead of 5), where it used to stop with a KeyError."""
    work, snakemake = _test_copy(tmp_path)
    before = _planned(_snakemake(snakemake, work, "-n"))
    cfg_path = work / ".test" / "config" / "config.yaml"
    cfg = yaml.safe_load(cfg_path.read_text())
    assert cfg["protocol"]["n_folds"] == 5
    del cfg["protocol"], cfg["statistics"]
    cfg_path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    after = _planned(_snakemake(snakemake, work, "-n"))
    # one cv_fold job per fold of the SVM on each data set of `fold_jobs.SVM` (on iris, multi-class, the binary-only
    # SVM's fold jobs record the skip); on the others one cross_validate job, whatever the number of folds
    fold_datasets = cfg["fold_jobs"]["SVM"]
    assert fold_datasets == ["breast", "iris"]
    assert before["cv_fold"] == 5 * len(fold_datasets) and after["cv_fold"] == 10 * len(fold_datasets)
    assert {k: v for k, v in after.items() if k != "cv_fold"} == {k: v for k, v in before.items() if k != "cv_fold"}


def test_editing_a_tolerance_reruns_the_tables_that_use_it(tmp_path):
    """Every output present and up to date; then `rules.fold_mean.sd` of the claims file changes: the three
    tables with a `within_tolerance` column re-run, and only what reads them (scorecard, report)."""
    work, snakemake = _test_copy(tmp_path)
    test_dir = work / ".test"
    cfg = yaml.safe_load((test_dir / "config" / "config.yaml").read_text())
    claims = (test_dir / cfg["studies"]["huang_ling_2005"]["claims"]).resolve()
    assert claims == (work / "config" / "claims.yaml").resolve()
    # Empty stand-ins for every output of the DAG, then --touch marks them up to date without running a job.
    summary = _snakemake(snakemake, work, "--summary")
    outputs = [line.split("\t")[0] for line in summary.splitlines()[1:] if "\t" in line]
    assert "results/tables/uci_nb_c44_c45.csv" in outputs
    for f in outputs:
        (test_dir / f).parent.mkdir(parents=True, exist_ok=True)
        # a directory() output is a folder: study_measure_figures', report_tables' and study_report_tables'
        if f.endswith(("/figures/learner_pairs", "results/report/tables")) or re.fullmatch(r"results/studies/[^/]+/report", f):
            (test_dir / f).mkdir(exist_ok=True)
        else:
            (test_dir / f).touch()
    _snakemake(snakemake, work, "--touch")
    assert _planned(_snakemake(snakemake, work, "-n")) == {}

    text = claims.read_text()
    assert "  fold_mean:\n" in text and "    sd: 1.5\n" in text
    head, tail = text.split("  fold_mean:\n", 1)
    claims.write_text(head + "  fold_mean:\n" + tail.replace("    sd: 1.5\n", "    sd: 1.0\n", 1))
    planned = _planned(_snakemake(snakemake, work, "-n"))
    assert {"main_table", "svm_table", "all_datasets_table"} <= set(planned)
    # Nothing upstream of the tables (folds, cross-validation, the statistics) and nothing beside them re-runs.
    assert set(planned) == {"main_table", "svm_table", "all_datasets_table", "scorecard", "report_tables",
                            "report_figure", "report_md", "all"}
    # report_tables: one job writes the HTML page of every table (the three rules' among them)
    assert planned["report_tables"] == 1
