"""Studies (issue 18): a config of one's own data sets and studies, without published numbers, runs every
default target; a study's outputs carry no paper label; a (data set, learner) named by two studies is trained
once; README's "Your own study" example plans.

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

from helpers import REPO_ROOT, copy_test_workflow, copy_workflow, run_snakemake

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
    from aucacc.learners import make_learner
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


@pytest.mark.parametrize("change", ["a parameter", "a new learner"])
def test_one_learner_changed_plans_only_its_jobs_and_their_readers(own, tmp_path, change):
    """Issue 37: change one learner's parameter, or add a learner to a study, and the dry run on the finished run
    plans that learner's cross-validation jobs only (and the tables that read them), no other learner's."""
    res, _ = own
    work = tmp_path / "wf"
    shutil.copytree(res.parent.parent, work, symlinks=True)
    cfg = _own_config()
    if change == "a parameter":
        cfg["learners"]["LR"]["params"]["max_iter"] = 500
        want = {("LR", d) for d in ("breast", "iris", "voting")}
    else:
        cfg["learners"]["LR2"] = {"estimator": "sklearn.linear_model.LogisticRegression", "params": {"C": 0.5}}
        cfg["studies"]["mine_too"]["learners"].append("LR2")
        want = {("LR2", "iris")}
    (work / ".test" / "config" / "config.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    dry = _snakemake(work, "-n")
    planned = _planned_jobs(dry)
    cv = {(dict(x.split("=", 1) for x in w.split(", "))["learner"], dict(x.split("=", 1) for x in w.split(", "))["dataset"])
          for rule, _, w in planned if rule in ("cross_validate", "cv_fold", "cross_validate_repeated")}
    assert cv == want, cv
    assert not {r for r, _, _ in planned} & {"fetch", "clean", "folds", "discretize"}
    assert planned, dry[-3000:]


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


def test_readme_own_study_example(tmp_path):
    """README, "Your own study", run as written in a copy of the repository: the export of three CSV files, the
    config (data sets and study in at most 15 lines) and the commands (the run and its report). The study's chapter
    is written, its summary says what each learner was given, the paper's tables are not made, and the stored fold
    probabilities of the scaled logistic regression and of k-NN equal scikit-learn's cross_val_predict on the CSV
    files, same folds."""
    import numpy as np
    from sklearn.model_selection import PredefinedSplit, cross_val_predict
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.linear_model import LogisticRegression
    from threadpoolctl import threadpool_limits

    text = (REPO_ROOT / "README.md").read_text()
    section = text.split("## Your own study", 1)[1].split("\n## ", 1)[0]
    export, commands = [b.strip() for b in re.findall(r"```bash\n(.*?)```", section, re.S)]
    block = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    cfg = yaml.safe_load(block)
    lines = block.strip().splitlines()
    data_and_study = lines[:lines.index("learners:")] + lines[lines.index("studies:"):]
    assert len([x for x in data_and_study if not x.strip().startswith("#")]) <= 15
    (study,) = cfg["studies"]
    work = tmp_path / "wf"
    copy_workflow(work)
    (work / "my_study.yaml").write_text(block)
    assert export.startswith(".venv/bin/python -c ")
    code = export.removeprefix(".venv/bin/python -c ").strip().strip('"')
    subprocess.run([sys.executable, "-c", code], cwd=work, check=True, timeout=120)
    run, report = commands.splitlines()  # the run, then its report
    for command in (run, report):
        assert command.startswith(".venv/bin/snakemake ")
        run_snakemake(work, *command.split()[1:], cores=None, timeout=1500, check=True)  # its --cores as written
    res = work / "results"
    assert (res / "report.html").stat().st_size > 0
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
        frame = pd.read_csv(work / "data" / "raw" / f"{name}.csv")
        X, y = frame.drop(columns="target").to_numpy(), frame["target"].to_numpy()
        folds = pd.read_csv(res / "folds" / f"{name}.csv")["fold"].to_numpy()
        for learner, reference in references.items():
            scores = pd.read_parquet(res / "scores" / "none" / name / f"{learner}.parquet")
            # at the job's one thread (OMP_NUM_THREADS = the rule's threads): scikit-learn's k-NN breaks ties among
            # equidistant neighbours by its chunks, which depend on the thread count (digits' integer pixels: 0.2 apart)
            with threadpool_limits(1):
                ref = cross_val_predict(reference(), X, y, cv=PredefinedSplit(folds), method="predict_proba")
            ours = scores.sort_values("row")[[f"p:{c}" for c in np.unique(y)]].to_numpy()
            assert np.max(np.abs(ours - ref)) <= 1e-12, (name, learner)

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
