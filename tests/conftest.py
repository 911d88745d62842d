"""Shared fixtures: the raw data (committed data/raw, or AUCACC_MIRROR), a session-wide Weka JVM (python-weka-wrapper3),
and the one finished run of the test configuration (.test) the workflow tests start from."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import helpers
from helpers import copy_test_run, finished_test_run, once_per_session, shared_reference

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


@pytest.fixture(scope="session")
def test_run(tmp_path_factory) -> Path:
    """The working folder of one finished run of ``.test`` for the whole session (:func:`helpers.finished_test_run`:
    the run ``.ci/run`` built, named by ``AUCACC_TEST_RESULTS``, else run once here). Read it, never change it: a
    test that runs Snakemake on it takes ``test_run_copy``."""
    return once_per_session(tmp_path_factory, "test_run", finished_test_run)


@pytest.fixture
def test_run_copy(test_run, tmp_path) -> Path:
    """A copy of the finished ``.test`` run (``test_run``) in this test's scratch folder, up to date for Snakemake:
    the working folder (run Snakemake there with ``directory=".test"``)."""
    return copy_test_run(test_run, tmp_path / "wf")


def pytest_collection_modifyitems(items):
    """A test that starts from the shared ``.test`` run (it may build it, a few minutes) is ``slow``, like every
    test that runs Snakemake jobs: ``pytest -m "not slow"`` is the quick loop (pyproject.toml, markers).

    Then the test files that hold a ``slow`` test run first, each file's tests together and in their order: under
    ``--dist loadfile`` (pyproject.toml) pytest-xdist hands out whole files in this order, so the long files
    start at once and the many quick ones fill the end, instead of one long file left alone on one worker while the
    other has nothing to do (``--no-loadscope-reorder`` keeps this order: xdist would sort files by their number
    of tests, which puts the long files of a few tests last)."""
    for item in items:
        if {"test_run", "test_run_copy"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    slow_files = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow_files)  # stable: each file's tests stay in their order


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Record the test about to run, before its fixtures (which may run Snakemake): helpers.run_snakemake checks
    that it is marked ``slow``."""
    helpers.CURRENT_TEST[0] = item
