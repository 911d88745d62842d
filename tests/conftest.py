"""Shared fixtures: the raw data (committed data/raw, or AUCACC_MIRROR) and a session-wide Weka JVM (python-weka-wrapper3)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import shared_reference

REPO = Path(__file__).resolve().parents[1]


RAW_DATA = REPO / "data" / "raw"  # the 18 raw files committed with the repository


@pytest.fixture(scope="session")
def mirror() -> Path:
    """Folder with the raw UCI files: ``AUCACC_MIRROR`` if set, else the committed ``data/raw``.

    Absolute, since some tests run snakemake in other folders. A test that needs a file beyond the
    18 the config uses (e.g. the other candidate files of the shared mirror) asks ``mirror_file``.
    """
    env = os.environ.get("AUCACC_MIRROR")
    return Path(env).resolve() if env else RAW_DATA


@pytest.fixture(scope="session")
def mirror_file(mirror):
    """``mirror_file(name)``: the path of a raw file in the mirror, else in ``../shared/datasets``
    (the full mirror beside our checkouts, which has candidate files not committed here); skips
    naming the file if neither has it (:func:`helpers.shared_reference`)."""
    def find(name: str) -> Path:
        if (mirror / name).is_file():
            return (mirror / name).resolve()
        return shared_reference("datasets", name)
    return find


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
