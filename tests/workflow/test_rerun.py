"""The re-run commands the run prints (``results/REPORT.md``, the report's front page and provenance page)
work as printed, in a fresh clone of the repository, on the test configuration.

The clone is ``git clone`` of this repository (its committed state). The commands come from
:data:`aucacc.report.document.RERUN_COMMANDS`, the one place all three documents print them from,
and the test checks that the run's own REPORT.md and front page print exactly these. They run with
``--directory .test`` after ``snakemake`` (the test configuration instead of the full one) and
without ``AUCACC_MIRROR``. The first command makes a virtual environment and installs the package,
which would download every dependency: its ``.venv/bin/snakemake`` is this environment's, with the
clone's ``src`` first on ``PYTHONPATH`` (so the clone's code runs, as after ``pip install -e .`` in it).

The clone starts from the session's finished run of ``.test`` (the ``test_run`` fixture, run the same
way: without a mirror, from the committed raw files), less ``results/REPORT.md``: the printed run
command finds the rest up to date and writes REPORT.md again, the report command builds the report.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from aucacc.report.document import RERUN_COMMANDS
from helpers import REPO_ROOT, copy_test_run

INSTALL = "python3 -m venv .venv && .venv/bin/pip install -q -e ."


def _on_test_config(command: str) -> list[str]:
    """A printed ``.venv/bin/snakemake …`` command, run on the test configuration."""
    argv = shlex.split(command)
    assert argv[0] == ".venv/bin/snakemake", command
    return [argv[0], "--directory", ".test", *argv[1:]]


@pytest.mark.slow
def test_printed_rerun_commands_work_in_a_fresh_clone(tmp_path, test_run):
    snakemake = Path(sys.executable).with_name("snakemake")
    if not snakemake.exists():
        pytest.skip("snakemake is not installed in this environment")
    if shutil.which("git") is None or not (REPO_ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout of the repository")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(REPO_ROOT), str(clone)], check=True, timeout=300)
    assert not (clone / ".test/results").exists()
    # git gives the clone's files the time of the clone, newer than the run's outputs: older, as in the checkout
    # the run was made from (a file's time is not part of git), so Snakemake judges the copy as there
    for f in clone.rglob("*"):
        if ".git" not in f.relative_to(clone).parts:
            os.utime(f, (86400, 86400), follow_symlinks=False)
    seeded = copy_test_run(test_run / ".test", tmp_path / "run")  # results, cache and metadata of the finished run
    for part in ("results", "resources", ".snakemake"):
        if (seeded / part).exists():
            os.replace(seeded / part, clone / ".test" / part)
    (clone / ".test/results/REPORT.md").unlink()
    install, *commands = RERUN_COMMANDS
    assert install == INSTALL  # stood in for below: the environment, not a download
    (clone / ".venv/bin").mkdir(parents=True)
    (clone / ".venv/bin/snakemake").symlink_to(snakemake)
    env = {k: v for k, v in os.environ.items() if k != "AUCACC_MIRROR"}
    env["PYTHONPATH"] = os.pathsep.join([str(clone / "src"), *filter(None, [env.get("PYTHONPATH")])])
    for command in commands:
        p = subprocess.run(_on_test_config(command), cwd=clone, env=env, capture_output=True, text=True, timeout=3600)
        assert p.returncode == 0, f"{command!r} failed in a fresh clone:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"
        if command == commands[0]:  # the run: only the deleted REPORT.md was to be made again
            assert re.search(r"^report_md\s+1$", p.stdout + p.stderr, re.M), (p.stdout + p.stderr)[-3000:]
    res = clone / ".test/results"
    assert (res / "report.html").stat().st_size > 0
    # what the run printed is what ran
    report = (res / "REPORT.md").read_text()
    block = re.search(r"## How to re-run\n\n```bash\n(.*?)\n```", report, re.S)
    assert block is not None and block.group(1).splitlines() == list(RERUN_COMMANDS)
    front = (res / "report/front_page.rst").read_text()
    assert re.findall(r"``([^`]+)``", front.split("**Re-run**", 1)[1]) == list(RERUN_COMMANDS)
    import html

    from aucacc.report.document import RERUN

    assert f"<pre>{html.escape(RERUN)}</pre>" in (res / "report/provenance.html").read_text()
    assert "AUCACC_MIRROR" not in report and "shared" not in block.group(1)
