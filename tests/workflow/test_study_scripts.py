"""The study scripts (workflow/scripts/study_*.py) read their documented snakemake inputs and params and
write every documented output (run here with a stand-in for the object Snakemake injects)."""

import json
import runpy
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aucacc.provenance import write_intermediate
from aucacc.scores import write_fold_records, write_metrics

SCRIPTS = Path(__file__).resolve().parents[2] / "workflow" / "scripts"


class Named(list):
    """A list whose named entries are also attributes and keys (what Snakemake's Namedlist offers)."""

    def __init__(self, items=(), **named):
        super().__init__(items)
        self._named = named
        for k, v in named.items():
            setattr(self, k, v)

    def __getitem__(self, key):
        return self._named[key] if isinstance(key, str) else super().__getitem__(key)

    def keys(self):
        return self._named.keys()


def run(script: str, tmp: Path, input: dict, output: dict, params: dict, wildcards: dict | None = None):
    flat_in = [p for v in input.values() for p in (v if isinstance(v, list) else [v])]
    smk = type("Snakemake", (), {})()
    smk.input, smk.output, smk.params = Named(flat_in, **input), Named(list(output.values()), **output), Named(**params)
    smk.log, smk.rule, smk.config = [str(tmp / f"{script}.log")], script, {"seed": 1}
    smk.wildcards = Named(**(wildcards or {}))
    runpy.run_path(str(SCRIPTS / f"{script}.py"), init_globals={"snakemake": smk})


@pytest.fixture
def inputs(tmp_path):
    rng = np.random.default_rng(7)
    metrics, records = [], []
    for d in ("d1", "d2", "d3"):
        for lrn in ("A", "B", "C"):
            rec = tmp_path / "scores" / "per_fold" / d / f"{lrn}.json"
            rec.parent.mkdir(parents=True, exist_ok=True)
            m = pd.DataFrame({"fold": np.repeat(range(4), 2), "metric": ["accuracy", "auc"] * 4,
                              "value": np.round(rng.uniform(60, 95, 8), 1), "note": ""})
            if d == "d3" and lrn == "C":  # a skipped learner: an exclusion record and a zero-row metrics file
                # the record helper swf's cross-validation writes: {dataset, learner, skipped, folds, provenance}
                write_intermediate(rec, json.dumps({"dataset": d, "learner": lrn, "skipped": "binary-only learner, "
                                                    "3 classes", "folds": [], "provenance": {"x": 1}}), {"x": 1})
                m = m.iloc[:0]
            else:
                write_fold_records(rec, [{"fold": k} for k in range(4)], provenance={"x": 1})
            records.append(str(rec))
            path = tmp_path / "metrics" / d / f"{lrn}.csv"
            path.parent.mkdir(parents=True, exist_ok=True)
            write_metrics(path, m, d, lrn, "per_fold")
            metrics.append(str(path))
    data = []  # the clean data records (results/data/<d>.json): d1's recipe removed rows
    for d in ("d1", "d2", "d3"):
        path = tmp_path / "data" / f"{d}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        removed = [{"step": "missing_values", "rows_removed": 3, "columns_removed": [], "detail": "3 rows"}]
        write_intermediate(path, json.dumps({"name": d, "raw_shape": [43, 5], "exclusions": removed if d == "d1"
                                             else []}), {"x": 1})
        data.append(str(path))
    claims = tmp_path / "claims.csv"
    pd.DataFrame({"table": ["t"], "metric": ["auc"], "a": ["A"], "b": ["B"],
                  "published_outcome": ["not significant"]}).to_csv(claims, index=False)
    return {"metrics": metrics, "records": records, "claims": str(claims), "data": data}


def test_study_scripts_write_every_output(tmp_path, inputs):
    out = tmp_path / "results" / "studies" / "s"
    tab, fig = out / "tables", out / "figures"
    common = {"study": "s", "title": "Study s", "learners": ["A", "B", "C"], "alpha": 0.05, "seed": 1}
    specs = {x: {"estimator": "aucacc.learners.naive_bayes.NaiveBayes"} for x in ("A", "B", "C")}
    run("study_summary", tmp_path, {"metrics": inputs["metrics"], "records": inputs["records"], "data": inputs["data"]},
        {k: [str(tab / f"{k}.{e}") for e in ("csv", "md", "tex")]
         for k in ("summary", "ttests", "ttests_common", "exclusions")},
        {**common, "specs": specs, "on_learner_error": "stop"})
    tests = {**common, "rope": 1.0, "decision": 0.95, "nsamples": 500}
    run("study_tests", tmp_path, {"metrics": inputs["metrics"]},
        {**{k: str(tab / f"{k}.csv") for k in ("tests", "tests_detail", "tests_per_dataset", "friedman")},
         "cd_accuracy": [str(fig / "cd_accuracy.png"), str(fig / "cd_accuracy.pdf")],
         "cd_auc": [str(fig / "cd_auc.png"), str(fig / "cd_auc.pdf")]}, tests)
    run("study_retest", tmp_path, {"retest": inputs["claims"], "metrics": inputs["metrics"]},
        {"retest": str(tab / "retest.csv")}, {**tests, "retest_learners": {}})
    run("study_cde", tmp_path, {"metrics": inputs["metrics"]},
        {"auc_vs_accuracy": str(tab / "auc_vs_accuracy.csv"),
         "figure": [str(fig / "auc_vs_accuracy.png"), str(fig / "auc_vs_accuracy.pdf")]},
        {**common, "pairs": [["B", "A"], ["C", "A"], ["C", "B"]], "n_boot": 200})
    for stem in ("summary", "ttests", "ttests_common", "exclusions", "tests", "tests_detail", "tests_per_dataset",
                 "friedman", "retest", "auc_vs_accuracy"):
        for ext in ("csv", "md", "tex"):
            assert (tab / f"{stem}.{ext}").is_file(), f"{stem}.{ext}"
    for stem in ("cd_accuracy", "cd_auc", "auc_vs_accuracy"):
        for ext in ("png", "pdf"):
            assert (fig / f"{stem}.{ext}").stat().st_size > 0
    excl = pd.read_csv(tab / "exclusions.csv")
    assert excl.to_dict("records") == [{"dataset": "d3", "learner": "C", "reason": "binary-only learner, 3 classes"}]
    summ = pd.read_csv(tab / "summary.csv")
    assert not ((summ.dataset == "d3") & (summ.learner == "C")).any()
    assert list(pd.read_csv(tab / "auc_vs_accuracy.csv")["datasets"]) == [3, 2, 2]
    notes = (tab / "summary.md").read_text()  # the protocol, what each learner got, what the recipes removed
    assert "Data: protocol per_fold" in notes and "A: NaiveBayes, given the discretized attribute table" in notes
    assert "Removed by the data sets' recipes (results/data/<name>.json): d1: 3 of 43 rows (missing_values)." in notes
    assert list(pd.read_csv(tab / "retest.csv")["claimed_outcome"]) == ["not significant"]


def test_measure_figure_scripts(tmp_path):
    """study_measure_figures reads a study's fold_measures.csv only and writes its figures (PNG and PDF), a
    learner-pairs figure per measure in its folder, an undefined measure (the H-measure of a multi-class set: an
    empty cell) included."""
    rng = np.random.default_rng(3)
    rows = []
    for d in ("d1", "d2", "d3"):
        for lrn in ("A", "B", "C"):
            for f in range(3):
                for m in ("accuracy", "brier", "h_measure"):
                    v = np.nan if (m == "h_measure" and d == "d3") else float(rng.uniform(0.1, 0.9))
                    rows.append({"dataset": d, "learner": lrn, "protocol": "none", "fold": f, "measure": m,
                                 "value": v, "exact": "", "n_test": 10})
    fold = tmp_path / "tables" / "fold_measures.csv"
    fold.parent.mkdir(parents=True)
    write_intermediate(fold, pd.DataFrame(rows).to_csv(index=False), {"test": True})
    fig = tmp_path / "figures"
    names = ["accuracy", "brier", "h_measure"]
    run("study_measure_figures", tmp_path, {"fold_measures": str(fold)},
        {"scatter": str(fig / "measures_scatter.png"), "ranks": str(fig / "measure_ranks.png"),
         "pdf": [str(fig / "measures_scatter.pdf"), str(fig / "measure_ranks.pdf")],
         "learner_pairs": str(fig / "learner_pairs")},
        {"study": "s", "title": "Study s", "learners": ["A", "B", "C"], "measures": names,
         "pairs": [["B", "A"], ["C", "A"], ["C", "B"]]})
    stems = ["measures_scatter", "measure_ranks"] + [f"learner_pairs/{m}" for m in names]
    for stem in stems:
        for ext in ("png", "pdf"):
            assert (fig / f"{stem}.{ext}").stat().st_size > 5_000, (stem, ext)
    assert sorted(p.name for p in (fig / "learner_pairs").iterdir()) == sorted(f"{m}.{e}" for m in names
                                                                            for e in ("png", "pdf"))


def test_study_measure_tests_script(tmp_path):
    """study_measure_tests.py reads the per-fold measures file (checked against its provenance) and writes its seven
    tables, with Brier (lower is better) ranked in its own direction."""
    rng = np.random.default_rng(0)
    rows = []
    for d in range(4):
        for f in range(3):
            for lrn, base in (("A", 0.9), ("B", 0.8), ("C", 0.7)):
                auc = base + rng.normal(0, 0.01)
                rows += [{"dataset": f"d{d}", "learner": lrn, "protocol": "none", "fold": f, "measure": m,
                          "value": v, "exact": "", "n_test": 10} for m, v in (("auc", auc), ("brier", 1 - auc))]
    path = tmp_path / "fold_measures.csv"
    write_intermediate(path, pd.DataFrame(rows).to_csv(index=False), {"test": True})
    stems = ["measure_tests", "measure_friedman", "measure_posthoc", "measure_agreement", "measure_rank_agreement",
             "measure_tests_detail", "measure_tests_per_dataset"]
    tab = tmp_path / "out" / "tables"
    run("study_measure_tests", tmp_path, {"fold_measures": str(path)}, {k: str(tab / f"{k}.csv") for k in stems},
        {"study": "s", "learners": ["A", "B", "C"], "measures": ["auc", "brier"], "alpha": 0.05, "rope": 1.0,
         "decision": 0.95, "nsamples": 500, "posthoc": "holm", "measure_ropes": {}, "seed": 1})
    for stem in stems:
        for ext in ("csv", "md", "tex"):
            assert (tab / f"{stem}.{ext}").is_file(), f"{stem}.{ext}"
    fr = pd.read_csv(tab / "measure_friedman.csv").set_index("measure")
    assert fr.loc["brier", "rank:A"] == 1 and fr.loc["auc", "rank:A"] == 1 and fr.loc["brier", "rank:C"] == 3
    assert set(pd.read_csv(tab / "measure_posthoc.csv")["posthoc"]) == {"holm"}
    ranks = pd.read_csv(tab / "measure_rank_agreement.csv")
    assert ranks["tau"].tolist() == [1.0]
