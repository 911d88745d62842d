"""Helpers shared by the tests that run the Snakemake workflow in a scratch folder."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]


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
