"""A study of one's own, alone, end to end with the README's commands (issue 37): in a fresh clone of the repository,
a venv made by the README's main install (not the tests' install: `pip install -e .` without extras), three CSV data
sets and the README's `my_study.yaml` as written; the README's run and report commands, then the re-run commands the
run printed in `results/REPORT.md`.

The CSV files are the README's three (wine, breast cancer, digits), written by the README's export command as
written, then cut to a few rows and columns, so that the run takes minutes; the install is a real one (pip, from the package index or the
machine's wheel cache; measured 2 min 38 s on a loaded 2-core machine with the wheels cached), the workflow runs in
the venv's Snakemake with the clone's code only (no PYTHONPATH, no AUCACC_MIRROR).

Checked: the dry run plans only the generic stages (none of the paper's rules, nor its worked examples); the run
prints one short entry per job (the workflow profile's `quiet: [rules]`), no job's input list; the report builds
(pygments comes with the main install), its front page carries the study's line (no raw `.. include::`), its
categories are the data-set table's and the study's, in reading order; the printed re-run commands keep
`--replace-workflow-config` and find nothing to do (nothing re-fetched, no paper stage planned); the README's
example as written (its export, its config of at most 15 lines, the study's chapter and notes) and its stored
probabilities of the scaled logistic regression and of k-NN equal to scikit-learn's on the same files and folds.
That last case ran before in tests/workflow/test_studies.py, a second run of the README's study in a copy of the
workflow on the export's full files (1,797 rows of digits); it moved here, to this run on the cut files.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import time
from pathlib import Path

import pandas as pd
import pytest
import yaml

from helpers import REPO_ROOT

pytestmark = pytest.mark.slow

# The generic stages a study-only config runs (workflow/rules: datasets, evaluate, roc, studies, the report's tables
# and REPORT.md), and `all`; not `discretize`: a study of the data as it is (discretization none) has no use for the
# whole-data cut points, and its data-set table counts the attributes as they are. Any other rule (the paper's: paper.smk, svm.smk, profit.smk, synthetic.smk, stats.smk,
# the scorecard, its figures, the worked examples) is the paper study's.
GENERIC_RULES = {"fetch", "clean", "folds", "cross_validate", "dataset_table", "report_tables",
                 "roc_dataset", "roc_tables", "study_summary", "study_tests", "study_cde", "study_source_metrics",
                 "study_source_metrics_table", "study_measures", "study_measure_tests", "study_measure_figures",
                 "study_report_tables", "study_headlines", "report_md",
                 "all"}


def _readme_section(title: str) -> str:
    text = (REPO_ROOT / "README.md").read_text()
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def _job_stats(out: str) -> dict[str, int]:
    """The first "Job stats" table of a Snakemake output: rule -> job count (without the total)."""
    table = out.split("Job stats:", 1)[1].split("\n\n", 1)[0]
    rows = [line.split() for line in table.strip().splitlines()[2:]]
    return {r[0]: int(r[1]) for r in rows if len(r) == 2 and r[0] != "total"}


def _readme_export(clone: Path, env: dict) -> None:
    """The README's export command as written, run in ``clone`` (its venv): the three CSV files in data/raw/."""
    export = re.findall(r"```bash\n(.*?)```", _readme_section("Your own study"), re.S)[0].strip()
    assert export.startswith(".venv/bin/python -c "), export
    subprocess.run(export, shell=True, cwd=clone, env=env, check=True, timeout=300)


def _tiny_csvs(raw: Path) -> None:
    """The README's three CSV files (its names, its class column `target`; written by :func:`_readme_export`), cut to
    every k-th row of a few columns; digits keeps a column that is constant in the whole file (its first pixel)."""
    import pandas as pd

    for name, step, ncols in [("wine", 3, 5), ("cancer", 8, 5), ("digits", 18, 12)]:
        whole = pd.read_csv(raw / f"my-{name}.csv")
        constant = [c for c in whole.columns if whole[c].nunique() == 1][:1]
        frame = whole.sort_values("target", kind="stable").iloc[::step]
        columns = [c for c in frame.columns if c != "target" and frame[c].nunique() > 1][:ncols]
        frame[constant + columns + ["target"]].to_csv(raw / f"my-{name}.csv", index=False)


@pytest.fixture(scope="module")
def own_study(tmp_path_factory):
    """(clone, environment, install seconds, dry-run output, run's stderr): the README's main install in a fresh
    clone, the README's study on tiny CSV files, dry-run and run with the README's run command."""
    if shutil.which("git") is None or not (REPO_ROOT / ".git").exists():
        pytest.fail("needs git and a git checkout of the repository", pytrace=False)
    clone = tmp_path_factory.mktemp("own_study") / "clone"
    subprocess.run(["git", "clone", "-q", str(REPO_ROOT), str(clone)], check=True, timeout=300)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "AUCACC_MIRROR", "VIRTUAL_ENV")}
    main_job = re.search(r"\*\*Main job\*\*.*?```bash\n(.*?)\n```", (REPO_ROOT / "README.md").read_text(), re.S).group(1)
    install = main_job.split(" && .venv/bin/snakemake", 1)[0]
    assert install == "python3 -m venv .venv && .venv/bin/pip install -q -e .", install
    start = time.monotonic()
    proc = subprocess.run(install, shell=True, cwd=clone, env=env, capture_output=True, text=True, timeout=3600)
    seconds = time.monotonic() - start
    assert proc.returncode == 0, f"the README's main install failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    print(f"README's main install: {seconds:.0f} s")
    section = _readme_section("Your own study")
    (clone / "my_study.yaml").write_text(re.search(r"```yaml\n(.*?)```", section, re.S).group(1))
    _readme_export(clone, env)
    _tiny_csvs(clone / "data" / "raw")
    run_command = re.findall(r"```bash\n(.*?)```", section, re.S)[1].strip().splitlines()[0]
    dry = subprocess.run([*shlex.split(run_command), "-n"], cwd=clone, env=env, capture_output=True, text=True,
                         timeout=600)
    assert dry.returncode == 0, dry.stderr[-3000:]
    run = subprocess.run(shlex.split(run_command), cwd=clone, env=env, capture_output=True, text=True, timeout=3600)
    assert run.returncode == 0, f"{run_command} failed:\n{run.stderr[-5000:]}"
    return clone, env, seconds, dry.stdout + dry.stderr, run.stderr


def test_the_readme_main_install_brings_every_package_the_run_and_report_import(own_study):
    clone, env, _, _, _ = own_study
    venv_python = clone / ".venv" / "bin" / "python"
    probe = ("import importlib.util, aucacc; "
             "print(aucacc.__file__); print([m for m in ('pygments', 'jinja2', 'docutils', 'snakemake') "
             "if importlib.util.find_spec(m) is None])")
    out = subprocess.run([str(venv_python), "-c", probe], cwd=clone, env=env, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert Path(out[0]).is_relative_to(clone / "src") and out[1] == "[]", out  # the clone's code, editable


def test_a_study_alone_plans_none_of_the_papers_rules(own_study):
    _, _, _, dry, _ = own_study
    planned = _job_stats(dry)
    assert set(planned) == GENERIC_RULES, sorted(set(planned) ^ GENERIC_RULES)
    assert planned["cross_validate"] == 15 and planned["fetch"] == 3  # 3 data sets x 5 learners, each file once
    for paper_rule in ("main_table", "svm_table", "scorecard", "report_figure", "worked_examples", "claims_tests",
                       "source_metrics", "synthetic_binary", "profit_table", "auc_hypotheses"):
        assert paper_rule not in planned


def test_the_run_prints_one_entry_per_job_and_no_job_details(own_study):
    """The workflow profile's `quiet: [rules]`: per job a "Finished jobid: <n> (Rule: <rule>)" line and its step
    count, not its inputs, outputs or reason (issue 37: the quick check printed 226 KB, every job's input list)."""
    _, _, _, dry, err = own_study
    total = sum(_job_stats(dry).values())
    assert len(re.findall(r"^Finished jobid: \d+ \(Rule: \w+\)$", err, re.M)) == total
    assert not re.search(r"^\s+(input|output|reason|wildcards):", err, re.M), err[:3000]
    progress = re.compile(r"Select jobs to execute\.\.\.|Execute \d+ jobs\.\.\.|\[\w{3} \w{3} [ \d]\d [\d:]{8} \d{4}\]|"
                          r"Finished jobid: \d+ \(Rule: \w+\)|\d+ of \d+ steps \(\d+%\) done")
    other = [line for line in err.splitlines() if not progress.fullmatch(line)]
    # a few short lines per job (measured: 215 bytes a job on a study of one's own, 51 jobs), and the banner
    assert len(err.encode()) < 400 * total + 6000, (len(err.encode()), other[:80])


def test_the_readme_report_command_builds_the_studys_report(own_study):
    clone, env, _, _, _ = own_study
    report_command = re.findall(r"```bash\n(.*?)```", _readme_section("Your own study"), re.S)[1].strip().splitlines()[1]
    assert "--replace-workflow-config" in report_command and "--report results/report.html" in report_command
    proc = subprocess.run(shlex.split(report_command), cwd=clone, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    page = (clone / "results" / "report.html").read_text()
    front = json.loads(re.search(r"var workflow_desc = (\".*?\");\n", page).group(1))
    assert ".. include::" not in front and "Three CSV files, five learners" in front, front[:2000]
    assert "Scorecard" not in front and "Huang" not in front
    categories = list(json.loads(re.search(r"var categories = (\{.*?\});\n", page).group(1)))
    assert sorted(categories) == ["02 Data sets", "Study – Three CSV files, five learners"], categories
    assert not (clone / "results" / "tables" / "worked_examples.csv").exists()


def test_the_printed_rerun_commands_keep_the_config_and_find_nothing_to_do(own_study):
    """REPORT.md's "How to re-run" of a study alone: the run and report commands give `--configfile my_study.yaml
    --replace-workflow-config` (without the flag they planned the paper's 277 jobs); run in the finished clone, the
    run finds nothing to do (nothing re-fetched) and the report builds."""
    clone, env, _, _, _ = own_study
    report_md = (clone / "results" / "REPORT.md").read_text()
    block = re.search(r"## How to re-run\n\n```bash\n(.*?)\n```", report_md, re.S).group(1).splitlines()
    install, run, report = block
    assert install == "python3 -m venv .venv && .venv/bin/pip install -q -e ."
    assert run == ".venv/bin/snakemake --cores 2 --configfile my_study.yaml --replace-workflow-config"
    assert report == ".venv/bin/snakemake --configfile my_study.yaml --replace-workflow-config --report results/report.html"
    (clone / "results" / "report.html").unlink(missing_ok=True)
    for command in (run, report):
        proc = subprocess.run(shlex.split(command), cwd=clone, env=env, capture_output=True, text=True, timeout=900)
        assert proc.returncode == 0, f"{command}:\n{proc.stderr[-3000:]}"
        if command == run:
            assert "Nothing to be done" in proc.stdout + proc.stderr, proc.stderr[-3000:]
    assert (clone / "results" / "report.html").stat().st_size > 0


def test_the_readme_example_as_written_and_its_probabilities_equal_scikit_learns(own_study):
    """README, "Your own study", as written: the export of three CSV files (run by the fixture), the config (data sets
    and study in at most 15 lines) and the run. The study's chapter is written, its summary says what each learner
    was given, the paper's tables are not made, and the stored fold probabilities of the scaled logistic regression
    and of k-NN equal scikit-learn's cross_val_predict on the CSV files, same folds.

    Moved from tests/workflow/test_studies.py (test_readme_own_study_example), where it ran the README's study a
    second time, on the export's full files; here on the cut files of this module's run (:func:`_tiny_csvs`)."""
    import numpy as np
    import pandas as pd
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import PredefinedSplit, cross_val_predict
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from threadpoolctl import threadpool_limits

    clone, _, _, _, _ = own_study
    section = _readme_section("Your own study")
    export, commands = [b.strip() for b in re.findall(r"```bash\n(.*?)```", section, re.S)]
    assert export.startswith(".venv/bin/python -c ")
    block = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    assert (clone / "my_study.yaml").read_text() == block
    cfg = yaml.safe_load(block)
    lines = block.strip().splitlines()
    data_and_study = lines[:lines.index("learners:")] + lines[lines.index("studies:"):]
    assert len([x for x in data_and_study if not x.strip().startswith("#")]) <= 15
    run, report = commands.splitlines()  # the run (the fixture's), then its report (test_the_readme_report_command_…)
    assert run.startswith(".venv/bin/snakemake ") and report.startswith(".venv/bin/snakemake ")
    (study,) = cfg["studies"]
    res = clone / "results"
    chapter = res / "studies" / study
    for stem in ("summary", "ttests", "tests", "friedman", "auc_vs_accuracy", "exclusions", "rocch_hybrid"):
        assert (chapter / "tables" / f"{stem}.md").exists(), stem
    assert not (res / "tables" / "uci_nb_c44_c45.csv").exists()  # the study's target makes no paper table
    summary = pd.read_csv(chapter / "tables" / "summary.csv")
    assert set(summary["dataset"]) == set(cfg["datasets"]) and set(summary["learner"]) == set(cfg["studies"][study]["learners"])
    assert (summary["protocol"] == "none").all()
    notes = (chapter / "tables" / "summary.md").read_text()
    assert "Data: protocol none: the data as it is" in notes
    assert "LR-scaled: StandardScaler → LogisticRegression, given nominal attributes one-hot" in notes
    assert "NB-FI: MDLDiscretizer → NaiveBayes, given the attribute table as it is" in notes
    record = yaml.safe_load((res / "data" / "my-wine.json").read_text())
    assert "column kinds inferred" in str(record["exclusions"]) and record["kinds"]["alcohol"] == "numeric"
    references = {"LR-scaled": lambda: make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
                  "kNN": lambda: KNeighborsClassifier(n_neighbors=5)}
    for name in cfg["datasets"]:
        frame = pd.read_csv(clone / "data" / "raw" / f"{name}.csv")
        X, y = frame.drop(columns="target").to_numpy(), frame["target"].to_numpy()
        folds = pd.read_csv(res / "folds" / f"{name}.csv")["fold"].to_numpy()
        for learner, reference in references.items():
            scores = pd.read_parquet(res / "scores" / "none" / name / f"{learner}.parquet")
            # at the job's one thread (OMP_NUM_THREADS = the rule's threads): scikit-learn's k-NN breaks ties among
            # equidistant neighbours by its chunks, which depend on the thread count
            with threadpool_limits(1):
                ref = cross_val_predict(reference(), X, y, cv=PredefinedSplit(folds), method="predict_proba")
            ours = scores.sort_values("row")[[f"p:{c}" for c in np.unique(y)]].to_numpy()
            assert np.max(np.abs(ours - ref)) <= 1e-12, (name, learner)


def test_the_data_set_table_describes_the_data_the_learners_got(own_study):
    """The new-user trial: the study's learners get the data as it is (discretization none), yet the data-set table
    counted the attributes left after the whole-data discretization (digits' constant column, a single interval,
    left out). The table counts every column of each CSV file but the class, numeric and nominal, and no whole-data
    cut points are made."""
    clone, _, _, _, _ = own_study
    res = clone / "results"
    table = pd.read_csv(res / "tables" / "datasets.csv").set_index("dataset")
    for name in ("my-wine", "my-cancer", "my-digits"):
        columns = len(pd.read_csv(clone / "data" / "raw" / f"{name}.csv", nrows=1).columns) - 1  # but `target`
        assert table.loc[name, ["attributes", "attributes_raw", "numeric", "nominal"]].tolist() == [columns, columns,
                                                                                                   columns, 0], name
    assert table.loc["my-digits", "attributes"] == 13  # its constant first pixel and 12 columns (_tiny_csvs)
    assert not (res / "discretized").exists()
    md = (res / "tables" / "datasets.md").read_text()
    assert "attributes as the learners get them" in md and "numeric" in md and "nominal" in md
