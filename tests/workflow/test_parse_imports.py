"""What parsing the workflow imports (issue 36: job start-up a small share).

Every SLURM job starts Snakemake again, which parses the Snakefile: the modules the ``.smk`` files import, and the
config's check (``workflow/rules/common.smk``). Neither may load scikit-learn, SciPy or Matplotlib (about 1.5 s of
CPU per start; ``benchmarks/bench_startup.py``) in a job process. The main process (a run, a dry run) still checks
every learner up front, which imports each learner's module.

The parse runs in a fresh Python through Snakemake's command line (``snakemake.cli.main``), in that process, so
its modules can be read afterwards (``tests/helpers.run_snakemake`` starts the ``snakemake`` executable instead).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
#: Loaded by a job's parse they cost more than the rest of it together; the jobs that need them import them.
HEAVY = ("sklearn", "scipy", "matplotlib")


def smk_imports() -> list[str]:
    """Every import statement of an aucacc module in the Snakefile and ``workflow/rules/*.smk``, as written (also
    one indented inside a function, which runs at parse time when the function is an input function)."""
    lines = []
    for f in [REPO / "Snakefile", *sorted((REPO / "workflow" / "rules").glob("*.smk"))]:
        # a parenthesised import may span lines: take it up to its closing parenthesis, as one line
        pattern = r"^\s*((?:from|import) aucacc\b(?:[^\n(]*\([^)]*\)|.*))"
        lines += [" ".join(m.group(1).split()) for m in re.finditer(pattern, f.read_text(), re.M)]
    return lines


def loaded_after(code: str) -> list[str]:
    """The top-level packages of :data:`HEAVY` in ``sys.modules`` after a fresh Python ran ``code``."""
    probe = f"{code}\nimport sys\nprint(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r}))\n"
    out = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return eval(out.stdout.strip().splitlines()[-1])


def parse_loads(mode: str) -> list[str]:
    """:func:`loaded_after` Snakemake parsed the workflow with the ``.test`` config (``--list-rules``: the parse
    only, no job) in execution mode ``mode`` (``default``: the main process; ``remote``: a cluster job's)."""
    code = ("from snakemake.cli import main\n"
            "try:\n"
            f"    main(['--list-rules', '--directory', '.test', '--mode', {mode!r}])\n"
            "except SystemExit as e:\n"
            "    assert not e.code, e.code\n")
    return loaded_after(code)


def test_the_smk_files_import_nothing_heavy():
    imports = smk_imports()
    # the scan finds the imports it must: common.smk's config check and evaluate.smk's learner helpers
    assert any(line.startswith("from aucacc.config import") for line in imports), imports
    assert any(line.startswith("from aucacc.learners import") for line in imports), imports
    assert loaded_after("\n".join(imports)) == []


def test_the_probe_sees_a_heavy_import():
    """The check above can fail: the jobs' learner builder loads scikit-learn."""
    assert loaded_after("from aucacc.learners.factory import make_learner") == ["scipy", "sklearn"]


def test_a_job_process_parses_without_the_heavy_libraries():
    pytest.importorskip("snakemake")
    assert parse_loads("remote") == []


def test_the_main_process_still_checks_every_learner():
    """The main process imports the learners' modules: it checks every learner before any job (the .test config's
    SVM is scikit-learn's SVC wrapped, C4.5 an aucacc estimator on scikit-learn's base classes)."""
    pytest.importorskip("snakemake")
    assert "sklearn" in parse_loads("default")


#: A study's table jobs read stored scores and metrics; none builds a learner, so none needs scikit-learn (they
#: loaded it through aucacc.evaluation.cross_validate until PROTOCOL_DESCRIPTIONS, refuse_recorded_failures and
#: fold_metrics moved to the modules of the formats they belong to).
STUDY_SCRIPTS = ("study_summary", "study_retest", "study_cde", "study_measures", "study_tests",
                 "study_measure_tests", "study_measure_figures", "study_headlines", "roc_tables")


@pytest.mark.parametrize("script", STUDY_SCRIPTS)
def test_a_study_table_job_does_not_load_scikit_learn(script):
    path = REPO / "workflow" / "scripts" / f"{script}.py"
    imports = [node for node in ast.parse(path.read_text()).body if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert imports, script  # the scan read the script's imports
    assert "sklearn" not in loaded_after("\n".join(ast.unparse(node) for node in imports))
