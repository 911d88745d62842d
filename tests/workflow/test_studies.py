"""Studies (issue 18): a config of one's own data sets and studies, without published numbers, runs every
default target; a study's outputs carry no paper label; a (data set, learner) named by two studies is trained
once (README's "Your own study" example: tests/workflow/test_own_study_report.py).

One workflow run (module-scoped fixture) on a copy of `.test` whose config is replaced by one holding only
its own data sets (three of `.test`'s tiny raw files) and two studies, neither with `published`.
"""

from __future__ import annotations

import re
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
import yaml

from aucacc.measures import MEASURES
from helpers import REPO_ROOT, copy_test_workflow, run_snakemake

sys.path.insert(0, str(REPO_ROOT / "benchmarks"))
from compare_results import same  # noqa: E402  (what a result's identity ignores: one definition)

pytestmark = pytest.mark.slow

TEST_CONFIG = yaml.safe_load((REPO_ROOT / ".test" / "config" / "config.yaml").read_text())
# Words and marks that belong to the paper's chapter only (its title, sections, findings, published numbers).
PAPER_LABELS = re.compile(r"Huang|Ling|(?<![\d.])2005(?!\d)|Knowl|published|§IV")


def _own_config() -> dict:
    """Only data sets of its own (no study with `published`): three learners of its own, an SVM that is binary-only
    (skipped on iris), two studies that both name LR on iris."""
    return {
        "seed": 7,  # not the paper's 20050301: the provenance table prints the seed
        "cache": "resources/raw", "mirror": None, "raw_data": "data/raw", "openml": False,
        "datasets": {d: TEST_CONFIG["datasets"][d] for d in ("breast", "iris", "voting")},
        "protocol": {"n_folds": 5},
        "learners": {
            "NB": {"estimator": "aucacc.learners.naive_bayes.NaiveBayes"},
            "C4.5": {"estimator": "aucacc.learners.c45.C45"},
            "LR": {"estimator": "sklearn.linear_model.LogisticRegression", "params": {"max_iter": 1000,
                                                                                     "random_state": 0}},
            "SVM": {"estimator": "aucacc.learners.svm.GridSearchSVM", "binary_only": True,
                    "params": {"C_grid": [1], "gamma_grid": [0.125], "n_inner_folds": 2, "random_state": 0}},
        },
        "statistics": {"bayes_samples": 2000},
        "studies": {
            # the paper's protocol named on purpose (a study's default is none): NB takes nominal attributes only
            "mine": {"datasets": ["breast", "iris", "voting"], "learners": ["NB", "C4.5", "LR", "SVM"],
                     "discretization": "whole_data"},
            "mine_too": {"title": "Another one", "datasets": ["iris"], "learners": ["NB", "LR"],
                         "discretization": "whole_data"},
        },
    }


# The workflow reads only its own folders: a mirror set for other tests (AUCACC_MIRROR) would hand .test the
# full data/raw files, whose checksums are not .test's.
_ENV = {k: v for k, v in os.environ.items() if k != "AUCACC_MIRROR"}


def _snakemake(work: Path, *args: str, timeout: int = 1500) -> str:
    proc = run_snakemake(work, *args, cores=2, directory=".test", timeout=timeout, check=True)
    return proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def own(tmp_path_factory):
    """(results folder, dry-run output before the run) of the own-data-sets config, run once."""
    work, _ = copy_test_workflow(tmp_path_factory.mktemp("studies"))
    (work / ".test" / "config" / "config.yaml").write_text(yaml.safe_dump(_own_config(), sort_keys=False))
    dry = _snakemake(work, "-n")
    _snakemake(work)
    return work / ".test" / "results", dry


def test_a_config_without_published_numbers_runs_every_default_target(own):
    res, dry = own
    # no paper stage is planned
    for rule in ("main_table", "svm_table", "scorecard", "claims_tests", "profit_table", "synthetic_binary",
                 "auc_hypotheses", "report_figure"):
        assert not re.search(rf"^rule {rule}:", dry, re.M), rule
    # the ROC stage serves every study: its jobs write under the studies' folders only, not the paper's results/
    roc_out = re.findall(r"^rule roc_(?:dataset|tables):\n(?:    .*\n)*?    output: (.*)$", dry, re.M)
    assert roc_out and all(p.startswith("results/studies/") for out in roc_out for p in out.split(", "))
    for study in ("mine", "mine_too"):
        for stem in ("summary", "ttests", "tests", "friedman", "auc_vs_accuracy", "exclusions", "rocch_hybrid",
                     "source_metrics"):
            assert (res / "studies" / study / "tables" / f"{stem}.md").exists(), (study, stem)
        assert (res / "studies" / study / "figures" / "roc" / "iris.png").exists()
    # the data-set table has no published column
    table = pd.read_csv(res / "tables" / "datasets.csv")
    assert list(table["dataset"]) == ["breast", "iris", "voting"]
    assert not [c for c in table.columns if "published" in c or c.startswith("match_")]
    report = (res / "REPORT.md").read_text()
    assert "## Study: mine" in report and "## Study: Another one" in report and "Scorecard" not in report
    assert not (res / "report" / "scorecard.csv").exists()
    front = (res / "report" / "studies.rst").read_text()
    assert "**mine**" in front and "**Another one**" in front


_TITLED_AGAIN = """
import sys
from pathlib import Path
import aucacc
from aucacc.measures import MEASURES, read_fold_measures
from aucacc.report.figures import save_figure
from aucacc.report.study import study_measure_figures, study_measures
results, out, title = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] or None
settings = aucacc.study_settings(results, "mine_too")
assert settings["title"] == "Another one", settings["title"]
settings["title"] = title
again = aucacc.analyse_study(aucacc.load_study(results, "mine_too"), **settings)
fold = read_fold_measures(results / "studies" / "mine_too" / "tables" / "fold_measures.csv")
names, pairs = list(MEASURES), settings["pairs"]
again.figures.update(study_measure_figures(fold, names, settings["learners"], pairs, "mine_too", title).figures)
again.figures.update(study_measures(fold, pairs, names, "mine_too", alpha=settings["alpha"],
                                    n_boot=settings["n_boot"], seed=settings["seed"], title=title).figures)
for name in ("cd_accuracy", "cd_auc", "auc_vs_accuracy", "measures_scatter", "measure_ranks", "measures_matrix",
             "learner_pairs/auc"):
    (out / name).parent.mkdir(parents=True, exist_ok=True)
    save_figure(again.figures[name], out / name)
"""


def test_a_studys_figures_are_titled_by_its_title(own, tmp_path):
    """The new-user trial: the figures of a study said its config key (``mine_too``), not its title (``Another
    one``). Every figure of the study's chapter equals, byte for byte, the library's drawn with the title
    (aucacc.study_settings gives it), and differs from the one drawn with the key (so the title is in the PNG)."""
    res, _ = own
    theirs = res / "studies" / "mine_too" / "figures"
    env = {**_ENV, "PYTHONHASHSEED": "0"}  # the CD diagrams' bytes depend on it; the workflow's jobs fix it to 0
    for title in ("Another one", ""):
        out = tmp_path / (title or "key")
        subprocess.run([sys.executable, "-c", _TITLED_AGAIN, str(res), str(out), title], check=True, env=env,
                       timeout=600)
        pngs = sorted(p.relative_to(out) for p in out.rglob("*.png"))
        assert len(pngs) == 7
        same_bytes = [str(p) for p in pngs if (out / p).read_bytes() == (theirs / p).read_bytes()]
        assert same_bytes == ([str(p) for p in pngs] if title else []), (title, same_bytes)


def test_a_binary_only_learner_is_skipped_on_a_multiclass_data_set(own):
    res, _ = own
    record = yaml.safe_load((res / "scores" / "whole_data" / "iris" / "SVM.json").read_text())
    assert record["dataset"] == "iris" and record["learner"] == "SVM" and "3 classes" in record["skipped"]
    assert len(pd.read_parquet(res / "scores" / "whole_data" / "iris" / "SVM.parquet")) == 0
    metrics = pd.read_csv(res / "metrics" / "whole_data" / "iris" / "SVM.csv")
    assert len(metrics) == 0 and {"dataset", "learner", "fold", "metric", "value"} <= set(metrics.columns)
    ex = pd.read_csv(res / "studies" / "mine" / "tables" / "exclusions.csv")
    assert ex[["dataset", "learner"]].values.tolist() == [["iris", "SVM"]]
    # trained where the data set is binary
    assert len(pd.read_parquet(res / "scores" / "whole_data" / "voting" / "SVM.parquet")) > 0


def test_a_study_without_published_numbers_has_no_paper_label(own):
    res, _ = own
    files = [p for p in (res / "studies").rglob("*") if p.suffix in {".csv", ".md", ".tex", ".html"}]
    files += [res / "REPORT.md", res / "report" / "studies.rst"] + [res / "tables" / f"datasets.{e}" for e in ("csv", "md", "tex")]
    assert len(files) > 40
    for f in files:
        text = f.read_text()
        hit = PAPER_LABELS.search(text)
        assert hit is None, f"{f.relative_to(res)}: {text[max(0, hit.start() - 80):hit.end() + 80]!r}"


def _planned_job_fields(dry: str) -> list[tuple[str, dict[str, str]]]:
    """(rule, {field: value}) of every job of a dry run's output (a group's jobs are printed indented under it)."""
    jobs = []
    for m in re.finditer(r"^( *)rule (\w+):\n((?:\1    .*\n?)*)", dry, re.M):
        fields = dict(line.strip().split(": ", 1) for line in m.group(3).splitlines() if ": " in line)
        jobs.append((m.group(2), fields))
    return jobs


def _planned_jobs(dry: str) -> list[tuple[str, list[str], str]]:
    """(rule, output files, wildcards) of every job of a dry run's output."""
    return [(rule, f["output"].split(", "), f["wildcards"]) for rule, f in _planned_job_fields(dry)
            if "output" in f and "wildcards" in f]


def _planned_cv_jobs(dry: str) -> list[tuple[str, list[str], str]]:
    """(rule, output files, wildcards) of every cross-validation job of a dry run's output."""
    return [job for job in _planned_jobs(dry) if job[0] in ("cross_validate", "cv_fold")]


def test_a_pair_named_by_two_studies_is_trained_once(own):
    """One `cross_validate` job per (protocol, data set, learner), writing that learner's files only (so a
    learner that fails leaves the others' results alone), whichever studies name it."""
    _, dry = own
    jobs = _planned_cv_jobs(dry)
    lr_iris = [(rule, w) for rule, out, w in jobs if "results/scores/whole_data/iris/LR.parquet" in out]
    assert lr_iris == [("cross_validate", "protocol=whole_data, dataset=iris, learner=LR")]
    assert len([w for rule, _, w in jobs if rule == "cross_validate" and w.startswith("protocol=whole_data, dataset=iris,")
                ]) == 4  # NB, C4.5, LR, SVM: once each for both studies
    assert {rule for rule, _, _ in jobs} == {"cross_validate"}  # the SVM has no fold_jobs in this config
    for rule, out, w in jobs:
        learner = dict(x.split("=", 1) for x in w.split(", "))["learner"]
        assert all(Path(f).stem == learner for f in out), (rule, out)


def test_per_learner_jobs_read_the_recorded_cut_points_and_write_the_librarys_bytes(own):
    """Each learner's job reads its data set's whole-data cut points (rule `discretize`, results/discretized/) instead
    of searching them again, and writes the scores cross_validate writes discretizing by itself, byte for byte."""
    from aucacc.datasets.store import read_dataset
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.learners.factory import make_learner
    from aucacc.scores import write_scores

    res, dry = own
    cv = [job for job in _planned_jobs(dry) if job[0] == "cross_validate"]
    assert cv and all("discretize" in _job_inputs(dry, out[0]) for _, out, _ in cv)
    cfg = _own_config()
    for d, lrn in (("breast", "LR"), ("voting", "SVM"), ("iris", "NB")):
        ds = read_dataset(res / "data" / f"{d}.parquet", res / "data" / f"{d}.json")
        folds = pd.read_csv(res / "folds" / f"{d}.csv")["fold"].to_numpy()
        scores, _ = cross_validate(ds, folds, lambda: make_learner(cfg["learners"][lrn], lrn), "whole_data")
        write_scores(res.parent / "own.parquet", scores)
        assert (res.parent / "own.parquet").read_bytes() == (res / "scores" / "whole_data" / d / f"{lrn}.parquet"
                                                             ).read_bytes(), (d, lrn)


def _job_inputs(dry: str, output: str) -> str:
    """The `input:` line of the dry run's job that writes ``output``."""
    return next(f["input"] for _, f in _planned_job_fields(dry) if output in f.get("output", "").split(", "))


def _planned_job_set(dry: str) -> set[tuple[str, str]]:
    """{(rule, wildcards)} of every job a dry run plans (wildcards ``""`` for a job without), checked against the
    run's "Job stats" total so that no job is missed and none planned twice."""
    jobs = [(rule, f.get("wildcards", "")) for rule, f in _planned_job_fields(dry)]
    total = int(re.search(r"^total\s+(\d+)$", dry, re.M).group(1))
    assert len(jobs) == total == len(set(jobs)), (total, sorted(jobs))
    return set(jobs)


def _study_readers(res: Path, study: str) -> set[tuple[str, str]]:
    """Every job of ``study`` that reads its learners' cross-validations, directly or through another (its tables,
    ROC and source-metric stages, the one job that renders its tables for the report, ``report/<stem>.html``)."""
    root = f"root=results/studies/{study}"
    jobs = {(rule, f"study={study}") for rule in ("study_summary", "study_tests", "study_cde", "study_measures",
                                                   "study_measure_tests", "study_measure_figures",
                                                   "study_source_metrics_table")} | {("roc_tables", root)}
    for d in _own_config()["studies"][study]["datasets"]:
        jobs |= {("roc_dataset", f"{root}, dataset={d}"), ("study_source_metrics", f"study={study}, dataset={d}")}
    stems = sorted(p.stem for p in (res / "studies" / study / "report").glob("*.html"))
    assert len(stems) >= 10, stems
    return jobs | {("study_report_tables", f"study={study}")}


#: The jobs that read every study's tables: the front page's headlines, REPORT.md, the default target.
_EVERY_STUDY = {("study_headlines", ""), ("report_md", ""), ("all", "")}


def _cv(learner: str, *datasets: str) -> set[tuple[str, str]]:
    """A learner's cross-validation jobs on ``datasets``."""
    return {("cross_validate", f"protocol=whole_data, dataset={d}, learner={learner}") for d in datasets}


@pytest.mark.parametrize("change", ["a parameter", "a parameter of one study's learner", "a new learner",
                                    "a learner removed"])
def test_one_learner_changed_plans_only_its_jobs_and_their_readers(own, tmp_path, change):
    """Issue 37: change one learner's parameter, add a learner to a study or remove one from it, and the dry run on
    the finished run plans exactly that learner's cross-validation jobs (none when it is removed) and the jobs that
    read them: its studies' tables, ROC and source metrics, and the report pages over every study. No other
    learner's job, no job of a study without it, nothing upstream (fetch, clean, folds, discretize)."""
    res, _ = own
    work = tmp_path / "wf"
    shutil.copytree(res.parent.parent, work, symlinks=True)
    cfg = _own_config()
    if change == "a parameter":  # LR: in both studies
        cfg["learners"]["LR"]["params"]["max_iter"] = 500
        want = _cv("LR", "breast", "iris", "voting") | _study_readers(res, "mine") | _study_readers(res, "mine_too")
    elif change == "a parameter of one study's learner":  # the SVM: in `mine` only (skipped on iris: its record too)
        cfg["learners"]["SVM"]["params"]["C_grid"] = [2]
        want = _cv("SVM", "breast", "iris", "voting") | _study_readers(res, "mine")
    elif change == "a new learner":
        cfg["learners"]["LR2"] = {"estimator": "sklearn.linear_model.LogisticRegression", "params": {"C": 0.5}}
        cfg["studies"]["mine_too"]["learners"].append("LR2")
        want = _cv("LR2", "iris") | _study_readers(res, "mine_too")
    else:  # C4.5: in `mine` only
        del cfg["learners"]["C4.5"]
        cfg["studies"]["mine"]["learners"].remove("C4.5")
        want = _study_readers(res, "mine")
    (work / ".test" / "config" / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    planned = _planned_job_set(_snakemake(work, "-n"))
    assert planned == want | _EVERY_STUDY, (sorted(planned - want - _EVERY_STUDY), sorted(want - planned))


def _group_jobs(dry: str) -> dict[str, list[str]]:
    """{group: wildcards of its jobs} of a dry run's group jobs (a group's jobs are printed indented under it)."""
    groups: dict[str, list[str]] = {}
    current = None
    for line in dry.splitlines():
        if m := re.search(r"Group job (\S+) \(", line):
            current = groups.setdefault(m.group(1), [])
        elif re.match(r"(local)?rule \w+:", line):  # an ungrouped job, at the margin
            current = None
        elif current is not None and line.startswith("        wildcards: "):
            current.append(line.split(": ", 1)[1])
    return groups


def test_a_cluster_group_job_holds_one_learners_jobs(own, tmp_path):
    """The SLURM profile's groups (profiles/slurm/config.yaml) batch cross-validations of one learner only: when a group job fails, Snakemake removes the outputs of all its jobs, which must never be another learner's."""
    res, _ = own
    work = tmp_path / "wf"
    shutil.copytree(res.parent.parent, work, symlinks=True)
    profile = yaml.safe_load((REPO_ROOT / "profiles" / "slurm" / "config.yaml").read_text())
    dry = _snakemake(work, "-n", "--forcerun", "cross_validate", "--groups", *profile["groups"],
                     "--group-components", *profile["group-components"])
    cv = {g: jobs for g, jobs in _group_jobs(dry).items() if g.startswith("cross_validate")}
    learners = _own_config()["learners"]
    assert set(cv) == {f"cross_validate_{lrn}" for lrn in learners}, sorted(cv)
    for group, jobs in cv.items():  # 3 data sets each: within the profile's 8, so one group job per learner
        assert sorted(jobs) == sorted(f"protocol=whole_data, dataset={d}, learner={group.removeprefix('cross_validate_')}"
                                      for d in ("breast", "iris", "voting")), (group, jobs)


#: A learner that fails on iris only: scikit-learn's exponential loss takes two classes (breast and voting have two).
_FAILS_ON_IRIS = {"estimator": "sklearn.ensemble.GradientBoostingClassifier",
                  "params": {"loss": "exponential", "n_estimators": 5, "random_state": 0}}


def _results_bytes(res: Path) -> dict[str, bytes]:
    """Every file of a run's results but its logs and benchmarks (which each job writes afresh), by path."""
    return {str(p.relative_to(res)): p.read_bytes() for p in sorted(res.rglob("*"))
            if p.is_file() and p.relative_to(res).parts[0] not in ("logs", "benchmarks")}


def _with_failing_learner(own, tmp_path: Path, name: str, **top) -> tuple[Path, dict[str, bytes]]:
    """A copy of the finished run whose study `mine` also names GBX (:data:`_FAILS_ON_IRIS`), with the config's
    top-level keys ``top``; returns (working folder, every result's bytes before the next run)."""
    res, _ = own
    work = tmp_path / name
    shutil.copytree(res.parent.parent, work, symlinks=True)
    cfg = {**_own_config(), **top}
    cfg["learners"]["GBX"] = _FAILS_ON_IRIS
    cfg["studies"]["mine"]["learners"].append("GBX")
    (work / ".test" / "config" / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    return work, _results_bytes(work / ".test" / "results")


def test_a_learner_that_fails_stops_the_run_and_leaves_every_other_result(own, tmp_path):
    """on_learner_error: stop (the default). A learner that raises on one data set stops the run, naming the data set,
    fold, learner and error; it leaves no file of its own behind there, and every result made before, every other
    learner's, is byte-identical."""
    work, before = _with_failing_learner(own, tmp_path, "stop")
    proc = run_snakemake(work, cores=2, directory=".test", timeout=1500)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out[-3000:]
    assert ("data set 'iris', fold 0: learner 'GBX' (GradientBoostingClassifier) failed in fit on the" in out
            and "ValueError: loss='exponential' is only suitable for a binary classification problem" in out), out[-5000:]
    res = work / ".test" / "results"
    after = _results_bytes(res)
    # nothing made before was touched, but what reads GBX's finished data sets: a per-data-set job of its study
    # (source metrics or ROC of breast or voting: <stage>/voting.csv, roc/voting/curves.csv) may run before iris's
    # failure stops the run, as the job order allows
    changed = sorted(k for k in before if after.get(k) != before[k])
    assert all(k.startswith("studies/mine/") and re.search(r"/(breast|voting)[./]", k) for k in changed), changed
    made = sorted(set(after) - set(before))  # GBX's jobs that finished before the run stopped: whole, never on iris
    assert all("/GBX." in k and "/iris/" not in k for k in made), made
    for d in ("breast", "voting"):
        files = [f"{kind}/whole_data/{d}/GBX.{ext}" for kind, ext in (("scores", "parquet"), ("scores", "json"),
                                                                      ("metrics", "csv"))]
        assert all(f in after for f in files) or not any(f in after for f in files), (d, made)


def _excluded_run(own, tmp_path, name: str, cores: int, *targets: str, **top) -> tuple[Path, dict[str, bytes]]:
    """A run of :func:`_with_failing_learner`'s copy under on_learner_error: exclude, of ``targets`` (default: every
    default target)."""
    work, before = _with_failing_learner(own, tmp_path, name, on_learner_error="exclude", **top)
    proc = run_snakemake(work, *targets, cores=cores, directory=".test", timeout=1500, check=True)
    # the run's end says so (aucacc.scores.failure_notices), not only the exclusions table and the job's log
    assert ("study 'mine': learner 'GBX' left out on data set 'iris' (on_learner_error: exclude): learner failed in "
            "fold 0" in proc.stdout + proc.stderr), (proc.stdout + proc.stderr)[-3000:]
    return work / ".test" / "results", before


def test_on_learner_error_exclude_records_the_pair_and_the_study_completes(own, tmp_path):
    """on_learner_error: exclude. The learner that raises on iris is recorded as an exclusion, its reason the error
    (type, message as scikit-learn words it, first failing fold); the study completes without the pair and says
    so in its exclusions and summary tables; every other learner's results are byte-identical. The record is the
    same at --cores 1 (one job per data set) and at --cores 2 with one job per fold (fold_jobs).

    The run at --cores 1 builds every default target; the one at --cores 2 only study `mine`'s exclusions and
    summary tables (what the comparison reads), not the other tables, figures and report pages the first run
    already showed complete (issue 33: each re-runs every study's tables and the report, about 130 CPU s)."""
    from sklearn.ensemble import GradientBoostingClassifier

    with pytest.raises(ValueError) as sk:  # scikit-learn's own message for three classes
        GradientBoostingClassifier(loss="exponential").fit([[0], [1], [2]], ["a", "b", "c"])
    mine = [f"results/studies/mine/tables/{t}.csv" for t in ("exclusions", "summary")]
    runs = [_excluded_run(own, tmp_path, "one", 1),
            _excluded_run(own, tmp_path, "two", 2, *mine, fold_jobs={"GBX": ["iris"]})]
    records = []
    for res, before in runs:
        after = _results_bytes(res)
        changed = sorted(k for k in before if after.get(k) != before[k])
        # only the studies' tables and the report changed (every study's summary reads on_learner_error): no other
        # learner's cross-validation, no data, folds or cut points
        assert changed and all(k.startswith(("studies/", "report/", "REPORT.md")) for k in changed), changed
        assert not [k for k in changed if k.startswith("studies/mine_too/") and "/roc" in k], changed
        n_train = int((pd.read_csv(res / "folds" / "iris.csv")["fold"] != 0).sum())
        reason = f"learner failed in fold 0 (fit on the {n_train} training instances): ValueError: {sk.value}"
        ex = pd.read_csv(res / "studies" / "mine" / "tables" / "exclusions.csv")
        assert ex[["dataset", "learner"]].values.tolist() == [["iris", "SVM"], ["iris", "GBX"]]
        assert ex["reason"].iloc[1] == reason
        assert "left out because the learner failed" in (res / "studies" / "mine" / "tables" / "exclusions.md").read_text()
        summary = pd.read_csv(res / "studies" / "mine" / "tables" / "summary.csv")
        assert set(summary[summary.learner == "GBX"]["dataset"]) == {"breast", "voting"}
        assert len(pd.read_parquet(res / "scores" / "whole_data" / "iris" / "GBX.parquet")) == 0
        record = yaml.safe_load((res / "scores" / "whole_data" / "iris" / "GBX.json").read_text())
        records.append({k: record[k] for k in ("dataset", "learner", "skipped", "folds", "error")})
        assert record["error"]["type"] == "ValueError" and record["error"]["fold"] == 0
    assert (runs[0][0] / "studies/mine/tables/exclusions.csv").read_bytes() == (
        runs[1][0] / "studies/mine/tables/exclusions.csv").read_bytes()
    assert records[0] == records[1]
    # back to stop: the failure recorded under exclude is refused, naming the pair and the ways on
    work = runs[0][0].parent.parent
    cfg = yaml.safe_load((work / ".test" / "config" / "config.yaml").read_text())
    (work / ".test" / "config" / "config.yaml").write_text(yaml.safe_dump({**cfg, "on_learner_error": "stop"},
                                                                                      sort_keys=False))
    dry = _planned_job_set(_snakemake(work, "-n"))
    assert {r for r, _ in dry} >= {"study_summary"} and not {r for r, _ in dry} & {"cross_validate", "clean", "folds"}
    proc = run_snakemake(work, cores=1, directory=".test", timeout=1500)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0 and ("study 'mine': on_learner_error is stop, but these learners' failures were "
                                     f"recorded under on_learner_error: exclude: GBX on iris ({records[0]['skipped']})"
                                     in " ".join(out.split())), out[-4000:]


def test_roc_tables_benchmark_on_a_study(own):
    """`benchmarks/bench_roc_tables.py` (benchmarks/README.md) on a finished study: the ROC tables split the stacked frames once
    (the library) and compared per (data set, class) (the old way) are the same tables, on 1 and 2 copies."""
    res, _ = own
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "benchmarks" / "bench_roc_tables.py"),
                           "--roc", str(res / "studies" / "mine" / "roc"), "--copies", "1", "2"],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=600, env=_ENV)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    rows = [line.split() for line in proc.stdout.splitlines()[1:]]
    assert [(r[0], r[1], r[-1]) for r in rows] == [("1", "3", "True"), ("2", "6", "True")], proc.stdout


def test_a_learner_of_ones_own_package_runs_and_its_changed_code_reruns_it(tmp_path):
    """estimator_packages: a learner whose class lives in the project folder is cross-validated by the workflow;
    after its code changes, the dry run plans its cross-validation again, and not another learner's."""
    work, _ = copy_test_workflow(tmp_path)
    package = work / ".test" / "ownlearners"
    package.mkdir()
    code = ("import numpy as np\nfrom sklearn.base import BaseEstimator, ClassifierMixin\n\n\n"
            "class Prior(ClassifierMixin, BaseEstimator):\n"
            "    def __init__(self, alpha=1.0):\n        self.alpha = alpha\n\n"
            "    def fit(self, X, y):\n"
            "        self.classes_, n = np.unique(np.asarray(y), return_counts=True)\n"
            "        self.p_ = (n + self.alpha) / (n.sum() + self.alpha * len(n))\n        return self\n\n"
            "    def predict_proba(self, X):\n        return np.tile(self.p_, (len(X), 1))\n\n"
            "    def predict(self, X):\n        return np.repeat(self.classes_[np.argmax(self.p_)], len(X))\n")
    (package / "__init__.py").write_text(code)
    (work / "own.yaml").write_text("estimator_packages: [ownlearners]\n"
                                   "learners:\n  Prior: {estimator: ownlearners.Prior, params: {alpha: 1.0}}\n")
    targets = ["results/metrics/none/iris/Prior.csv", "results/metrics/none/iris/C4.5.csv"]
    extra = f"--configfile={work / 'own.yaml'}"
    _snakemake(work, extra, *targets)
    metrics = pd.read_csv(work / ".test" / "results" / "metrics" / "none" / "iris" / "Prior.csv")
    assert set(metrics["metric"]) == {"accuracy", "auc"} and (metrics[metrics.metric == "auc"]["value"] == 50).all()
    record = yaml.safe_load((work / ".test" / "results" / "scores" / "none" / "iris" / "Prior.json").read_text())
    assert len(record["provenance"]["config"]["learner"]["code_sha256"]) == 64  # which code ran
    assert "Nothing to be done" in _snakemake(work, extra, "-n", *targets)
    (package / "__init__.py").write_text(code.replace("self.alpha * len(n)", "self.alpha * len(n) + 0.0"))
    plan = _snakemake(work, extra, "-n", *targets)
    assert re.search(r"wildcards: .*learner=Prior", plan) and "learner=C4.5" not in plan, plan[-3000:]
