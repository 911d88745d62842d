"""Shared fixtures: the data mirror and a session-wide Weka JVM (python-weka-wrapper3)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _mirror() -> Path | None:
    env = os.environ.get("AUCACC_MIRROR")
    cands = [Path(env)] if env else []
    cands.append(REPO.parent / "shared" / "datasets")
    for c in cands:
        if c.is_dir():
            return c.resolve()  # absolute: tests run snakemake in other folders
    return None


@pytest.fixture(scope="session")
def mirror() -> Path:
    """Folder with the raw UCI files (``AUCACC_MIRROR`` or ``../shared/datasets``)."""
    m = _mirror()
    if m is None:
        pytest.skip("no data mirror: set AUCACC_MIRROR to the folder of raw UCI files")
    return m


@pytest.fixture(scope="session")
def weka():
    """Start the JVM once per test session; yields the ``weka`` package helpers in tests/weka_util.py."""
    try:
        import weka.core.jvm as jvm
    except ImportError:
        pytest.skip("python-weka-wrapper3 is not installed (pip install -e '.[test]')")
    import logging

    logging.getLogger("weka").setLevel(logging.WARNING)
    if not jvm.started:
        jvm.start(packages=False, max_heap_size="2g")
    import weka_util

    yield weka_util
    # The JVM cannot be restarted in one process, so it is left running until exit.


@pytest.fixture(scope="session")
def repo_config(mirror, tmp_path_factory):
    """The repository's validated config, reading the mirror and caching raw files in a temporary folder."""
    from aucacc.config import load_config

    cfg = load_config()
    cfg["mirror"] = str(mirror)
    cfg["cache"] = str(tmp_path_factory.mktemp("raw-cache"))
    return cfg
