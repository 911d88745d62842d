"""The SLURM profile's groups (profiles/slurm/config.yaml, ``groups`` and ``group-components``) form a valid DAG on
every committed configuration: a rule left out of a group that sits between two of the group's rules (cost_accuracy
between source_metrics_table and the scorecard; roc_published between roc_tables and the scorecard) makes Snakemake
refuse the whole run ("Job of rule scorecard depends on rule(s) … from outside the group"). A dry run with the
profile's groups, without the SLURM executor, finds it in seconds; tests/cluster/slurm.sh runs .test on a cluster."""

from __future__ import annotations

import pytest
import yaml

from helpers import REPO_ROOT, copy_workflow, run_snakemake

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("configs", [[], ["config/uci36.yaml"], ["config/provost_fawcett.yaml"],
                                     ["config/repeated.yaml"]], ids=["default", "uci36", "provost_fawcett", "repeated"])
def test_profile_groups_plan_every_committed_config(tmp_path, configs):
    work = tmp_path / "wf"
    copy_workflow(work)
    profile = yaml.safe_load((REPO_ROOT / "profiles" / "slurm" / "config.yaml").read_text())
    args = ["-n", "--groups", *profile["groups"], "--group-components", *profile["group-components"]]
    if configs:
        args += ["--configfile", *configs]
    proc = run_snakemake(work, *args, cores=2, timeout=300, jobs_in_full=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "WorkflowError" not in proc.stdout + proc.stderr
