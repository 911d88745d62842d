"""Helpers shared by the tests: the shared reference folder; running the Snakemake workflow in a scratch folder
(:func:`run_snakemake`, the one runner); the one run of the test configuration the workflow tests share."""

from __future__ import annotations

import fcntl
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
    snakemake = snakemake_exe()
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


def snakemake_with(work: Path, override: dict, *args: str, timeout: int = 600,
                   env: dict | None = None) -> subprocess.CompletedProcess:
    """:func:`run_snakemake` in ``work`` with ``override`` as an extra config file, then ``args``.

    The data sets and learners of ``config/config.yaml`` that ``override`` changes are changed on purpose
    (:func:`on_purpose`).
    """
    import yaml

    extra = work / "override.yaml"
    extra.write_text(yaml.safe_dump(on_purpose(override)))
    return run_snakemake(work, f"--configfile={extra}", *args, timeout=timeout, env=env)


#: The test running now (tests/conftest.py sets it before the test's fixtures): :func:`run_snakemake` checks its mark.
CURRENT_TEST: list = [None]


def snakemake_exe() -> Path:
    """The ``snakemake`` beside the running Python; skips the calling test when it is not installed."""
    exe = Path(sys.executable).with_name("snakemake")
    if not exe.exists():
        pytest.skip("snakemake is not installed in this environment")
    return exe


def run_snakemake(work: Path, *args: str, cores: int | None = 1, directory: str | None = None,
                  env: dict | None = None, timeout: int = 600, check: bool = False,
                  jobs_in_full: bool = True) -> subprocess.CompletedProcess:
    """The one way a test runs Snakemake: ``snakemake --cores <cores> [--quiet host] --nolock [--directory
    <directory>] <args>`` in ``work``, output captured as text (``cores=None``: no ``--cores``, for a command whose
    ``args`` give it).

    ``jobs_in_full``: ``--quiet host``, which replaces the workflow profile's ``quiet: [rules]``
    (profiles/default), so that each job's rule, wildcards, inputs, outputs and reason are printed, as the tests
    that read a plan need; ``False`` runs the profile's quiet output, as a user sees it.

    ``AUCACC_MIRROR`` is removed from the environment (the workflow reads only its own folders; a mirror set for
    other tests would hand ``.test`` the full raw files, whose checksums are not its own); ``env`` adds variables.
    With ``check``, a non-zero exit fails the test with the end of the output. A test that runs Snakemake must be
    marked ``slow`` (``pytest -m "not slow"`` leaves out every such test): an unmarked one fails here, naming it.
    """
    item = CURRENT_TEST[0]
    if item is not None and item.get_closest_marker("slow") is None:
        pytest.fail(f"{item.nodeid} runs Snakemake: mark it @pytest.mark.slow (pyproject.toml, markers)", pytrace=False)
    environ = {**{k: v for k, v in os.environ.items() if k != "AUCACC_MIRROR"}, **(env or {})}
    where = ["--directory", directory] if directory else []
    given = ["--cores", str(cores)] if cores is not None else []
    full = ["--quiet", "host"] if jobs_in_full else []
    # --quiet takes any number of values: --nolock after it ends them, so that a target in args is not read as one
    proc = subprocess.run([str(snakemake_exe()), *given, *full, "--nolock", *where, *args], cwd=work,
                          env=environ, capture_output=True, text=True, timeout=timeout)
    if check:
        assert proc.returncode == 0, (f"snakemake {' '.join(args)} failed (exit {proc.returncode}):\n"
                                      f"{proc.stdout[-3000:]}\n{proc.stderr[-6000:]}")
    return proc


def toy_workflow(tmp_path: Path, data: str, source: dict, recipe: dict, **top) -> tuple[Path, Path]:
    """A scratch workflow (:func:`copy_workflow` into ``tmp_path/wf``) whose only data set is ``toy``: ``data``
    written to ``toy.data`` in a scratch mirror (``tmp_path/mirror``), read by ``source`` and ``recipe``; ``top``
    updates the config's top-level keys. The paper's study and tables are taken out (they name the 18 data sets
    this config no longer has). Returns (work, mirror)."""
    import yaml

    from aucacc.config import DEFAULT_CONFIG

    work = tmp_path / "wf"
    copy_workflow(work)
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    (mirror / "toy.data").write_text(data)
    cfg = yaml.safe_load(DEFAULT_CONFIG.read_text())
    cfg.pop("fold_jobs", None)  # it names data sets this config no longer has
    cfg["studies"] = {}  # the paper's study (its tables and ROC stage) names them too
    cfg["datasets"] = {"toy": {"source": source, "recipe": recipe}}
    cfg["source_metrics"]["costs"] = {}  # the config's costs name a data set of the paper's (breast)
    cfg["mirror"], cfg["openml"] = str(mirror), False
    cfg.update(top)
    (work / "config" / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    return work, mirror


# --- one run of the test configuration, shared by the workflow tests ------------------------------------------

#: A ``.test/results`` folder of a finished run of the test configuration made from this checkout (``.ci/run``
#: sets it to the one its local phase built); its siblings ``resources/`` and ``.snakemake/`` are taken too.
TEST_RUN_ENV = "AUCACC_TEST_RESULTS"


def _copy_run_state(src: Path, dest: Path) -> None:
    """Copy a run's ``results/``, ``resources/`` and Snakemake metadata (``.snakemake/metadata``: what ran, with
    which code and parameters) from the ``.test`` folder ``src`` to ``dest``, keeping modification times."""
    for part in ("results", "resources", ".snakemake/metadata"):
        if (src / part).exists():
            shutil.copytree(src / part, dest / part, symlinks=True)


def finished_test_run(folder: Path) -> Path:
    """A finished run of the committed test configuration in ``folder/wf`` (a copy of the workflow with ``.test``);
    returns that working folder (the results are in ``.test/results``).

    The run named by ``AUCACC_TEST_RESULTS`` (:data:`TEST_RUN_ENV`) is copied in and must be finished for this code
    and configuration: a dry run in the copy must have nothing to do, or the session fails naming the jobs it plans.
    Without it, the whole workflow runs here, once (``--cores 2``).
    """
    work, _ = copy_test_workflow(folder)
    given = os.environ.get(TEST_RUN_ENV)
    if not given:
        run_snakemake(work, cores=2, directory=".test", timeout=3600, check=True)
        return work
    results = Path(given).resolve()
    if not (results / "REPORT.md").is_file():
        pytest.fail(f"{TEST_RUN_ENV}={given}: no finished run of .test there (no REPORT.md)", pytrace=False)
    _copy_run_state(results.parent, work / ".test")
    dry = run_snakemake(work, "-n", cores=2, directory=".test", check=True)
    out = dry.stdout + dry.stderr
    if "Nothing to be done" not in out:
        pytest.fail(f"{TEST_RUN_ENV}={given} is not a finished run of this code and configuration: a dry run on a "
                    f"copy of it plans jobs:\n{out[-3000:]}", pytrace=False)
    return work


def once_per_session(tmp_path_factory, name: str, build) -> Path:
    """``build(folder)`` run once for the whole test session, also when pytest-xdist splits it among workers.

    Without xdist, ``folder`` is a fresh ``tmp_path_factory.mktemp(name)``. Under xdist (``PYTEST_XDIST_WORKER``
    set) every worker of the session shares one folder beside their own base temporary folders: the first
    worker to take its lock (``fcntl.flock``) builds in it, the others wait and get the same path. A failed build
    is not recorded, so the next worker tries again (and fails the same way, naming the cause).
    """
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return build(tmp_path_factory.mktemp(name))
    root = tmp_path_factory.getbasetemp().parent / name
    root.mkdir(exist_ok=True)
    with open(root / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = root / ".built"
        if done.is_file():
            return Path(done.read_text())
        folder = root / "build"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        result = build(folder)
        done.write_text(str(result))
        return result


def copy_test_run(run: Path, dest: Path) -> Path:
    """A copy of the finished test run ``run`` (:func:`finished_test_run`) in ``dest``: the workflow, ``.test`` and
    its results, cache and metadata, with their modification times (so Snakemake finds it up to date); returns
    ``dest``, the working folder to run Snakemake in with ``directory=".test"``."""
    shutil.copytree(run, dest, symlinks=True, ignore=shutil.ignore_patterns("log", "locks", "incomplete"))
    return dest
