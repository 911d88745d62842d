"""Helpers shared by the tests: the shared reference folder, and running the Snakemake workflow in a scratch folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]

#: The reference folder beside the repository (``../shared``: ``datasets/``, ``reference/weka-3.4.2/``,
#: ``published/``), or the folder ``AUCACC_SHARED`` names (e.g. from a worktree elsewhere).
SHARED = Path(os.environ.get("AUCACC_SHARED") or REPO_ROOT.parent / "shared").resolve()
#: Every skip for a missing reference starts with this; under CI=true it is a failure instead.
MISSING_REFERENCE = "missing reference"


def shared_reference(*parts: str) -> Path:
    """The path of ``<shared>/<parts...>``; if it does not exist, skip the test naming that reference.

    The one way a test asks for something in the shared reference folder. With ``CI=true`` (as
    ``.ci/run`` runs pytest) a missing reference fails the test instead: CI must run every reference check.
    """
    path = SHARED.joinpath(*parts)
    if path.exists():
        return path
    msg = (f"{MISSING_REFERENCE}: {'/'.join(parts)} (looked for {path}; "
           "set AUCACC_SHARED to the folder that holds it)")
    if os.environ.get("CI") == "true":
        pytest.fail(msg, pytrace=False)
    pytest.skip(msg)


def copy_workflow(work: Path) -> Path:
    """Copy Snakefile, workflow/, config/ and data/ (the committed raw files) into ``work``; return the
    ``snakemake`` executable.

    Skips the calling test when snakemake is not installed beside the running Python.
    """
    snakemake = Path(sys.executable).with_name("snakemake")
    if not snakemake.exists():
        pytest.skip("snakemake is not installed in this environment")
    work.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO_ROOT / "Snakefile", work / "Snakefile")
    shutil.copytree(REPO_ROOT / "workflow", work / "workflow")
    shutil.copytree(REPO_ROOT / "config", work / "config")
    shutil.copytree(REPO_ROOT / "data", work / "data")
    return snakemake


def copy_test_workflow(tmp_path: Path) -> tuple[Path, Path]:
    """:func:`copy_workflow` into ``tmp_path/wf`` plus the committed test configuration (``.test/``,
    without its results); returns (work, snakemake executable)."""
    work = tmp_path / "wf"
    snakemake = copy_workflow(work)
    shutil.copytree(REPO_ROOT / ".test", work / ".test",
                    ignore=shutil.ignore_patterns(".snakemake", "results", "resources"))
    return work, snakemake


def on_purpose(override: dict, base_config: Path | None = None) -> dict:
    """``override`` with ``overrides`` listing each of its data sets and learners that ``base_config`` (default
    ``config/config.yaml``) defines too: a test that changes such an entry in a --configfile does it on purpose, as
    a user must say (``aucacc.config.check_study_files``)."""
    import yaml

    base = yaml.safe_load((base_config or REPO_ROOT / "config" / "config.yaml").read_text())
    keys = [f"{section}.{name}" for section in ("datasets", "learners")
            for name in (override.get(section) or {}) if name in (base.get(section) or {})]
    return {**override, "overrides": keys} if keys else override


def snakemake_with(work: Path, snakemake: Path, override: dict, *args: str, timeout: int = 600,
                   env: dict | None = None) -> subprocess.CompletedProcess:
    """Run ``snakemake --cores 1 --nolock`` in ``work`` with ``override`` as an extra config file, then ``args``.

    The data sets and learners of ``config/config.yaml`` that ``override`` changes are changed on purpose
    (:func:`on_purpose`). ``AUCACC_MIRROR`` is removed from the environment (the workflow reads only its own
    folders); ``env`` adds variables. Output captured as text.
    """
    import yaml

    extra = work / "override.yaml"
    extra.write_text(yaml.safe_dump(on_purpose(override)))
    environ = {**{k: v for k, v in os.environ.items() if k != "AUCACC_MIRROR"}, **(env or {})}
    return subprocess.run([str(snakemake), "--cores", "1", "--nolock", f"--configfile={extra}", *args],
                          cwd=work, env=environ, capture_output=True, text=True, timeout=timeout)
