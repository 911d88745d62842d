"""The workflow's own config checks of studies (workflow/rules/common.smk), by dry runs on a copy of `.test`.

- ``--replace-workflow-config`` with a whole config of one's own that keeps the paper's study name: the
  Snakefile's config file is discarded, so the study is not "defined in two files" (it was refused);
- a study defined in two ``--configfile`` files is refused as such, not by an error of the merged study
  (its C/D/E pair naming a learner of the other file's study);
- a ``published`` folder that does not exist stops the run naming its key (a FileNotFoundError while the
  workflow was parsed), before any job and with nothing written to ``results/``;
- a study named as one of the workflow's study_* rules (``summary``) is refused naming its key, not by Snakemake's
  CreateRuleException.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from helpers import copy_test_workflow, run_snakemake

pytestmark = pytest.mark.slow


def _dry(snakemake: Path, work: Path, *args: str) -> subprocess.CompletedProcess:
    return run_snakemake(work, "-n", *args, directory=".test", timeout=300)


@pytest.fixture
def wf(tmp_path):
    work, snakemake = copy_test_workflow(tmp_path)
    return work, snakemake, yaml.safe_load((work / ".test" / "config" / "config.yaml").read_text())


def test_replace_workflow_config_keeps_the_paper_study_name(wf):
    work, snakemake, cfg = wf
    cfg["studies"]["tiny"]["learners"] = ["NB", "C4.4"]
    (work / "mine.yaml").write_text(yaml.safe_dump(cfg))
    proc = _dry(snakemake, work, "--configfile", str(work / "mine.yaml"), "--replace-workflow-config")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "results/studies/tiny/tables/summary.csv" in proc.stdout

    cfg["studies"]["huang_ling_2005"]["published"] = "no_such_folder"
    (work / "mine.yaml").write_text(yaml.safe_dump(cfg))
    proc = _dry(snakemake, work, "--configfile", str(work / "mine.yaml"), "--replace-workflow-config")
    assert proc.returncode != 0
    assert ("config key 'studies.huang_ling_2005.published': 'no_such_folder' does not exist"
            in proc.stdout + proc.stderr)
    assert "Traceback" not in proc.stdout + proc.stderr and not (work / ".test" / "results").exists()


def test_a_study_in_two_config_files_is_refused_as_such(wf):
    work, snakemake, _ = wf
    (work / "a.yaml").write_text("studies:\n  s1: {datasets: [iris], learners: [NB, C4.5], cde_pairs: [[C4.5, NB]]}\n")
    (work / "b.yaml").write_text("studies:\n  s1: {datasets: [voting], learners: [NB, LR]}\n")
    proc = _dry(snakemake, work, "--configfile", str(work / "a.yaml"), str(work / "b.yaml"))
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert f"config key 'studies.s1': the study is defined in {work / 'a.yaml'} and in {work / 'b.yaml'}" in out, out
    assert "cde_pairs" not in out


def test_a_study_named_as_a_workflow_rule_is_refused_naming_its_key(wf):
    """A study named `summary` stopped the parse with Snakemake's "CreateRuleException: The name study_summary is
    already used by another rule" (issue 35): common.smk refuses it first, naming the key and the fix."""
    work, snakemake, _ = wf
    (work / "mine.yaml").write_text("studies:\n  summary: {datasets: [iris], learners: [NB, C4.5]}\n")
    proc = _dry(snakemake, work, "--configfile", str(work / "mine.yaml"))
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert ("config key 'studies.summary': a study's target rule is 'study_summary' (snakemake study_summary), but "
            "the workflow already has a rule of that name" in out), out
    assert "CreateRuleException" not in out and "Traceback" not in out and not (work / ".test" / "results").exists()


def test_each_study_target_plans_its_outputs(wf):
    """`snakemake study_<name>` (the Snakefile's per-study targets) plans every table and figure of the study, the
    folder of its learner-pair figures included (an output whose files differ by study: the target names the folder,
    as the default target does; naming its files failed with MissingInputException)."""
    work, snakemake, cfg = wf
    for study in cfg["studies"]:
        proc = _dry(snakemake, work, f"study_{study}")
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert f"results/studies/{study}/figures/learner_pairs" in proc.stdout
        assert f"results/studies/{study}/tables/measure_tests.csv" in proc.stdout
