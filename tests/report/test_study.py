"""aucacc.report.study: a study's analysis from one's own fold results, without Snakemake: a hand-computed C/D/E
tally, the tables of the analysis functions the workflow's jobs call, and the files the workflow writes."""

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import aucacc
import aucacc.report.study
from aucacc.exceptions import DataFormatError
from aucacc.studies.analysis import auc_vs_accuracy, retest_claims, summary
from aucacc.studies.results import folds_to_metrics

#: Learner A against B, per test fold: (data set, fold, AUC A, AUC B, accuracy A, accuracy B), percent.
#: d1 fold 0: both measures favour A (R); d1 fold 1: AUC favours B, accuracy A (S); d2 folds 0 and 2: accuracy
#: ties, AUC does not (P); d2 fold 1: AUC ties, accuracy does not (Q). So R = 1, S = 1, P = 2, Q = 1, V = 0 of
#: n = 5 folds: C = R / (R + S) = 0.5, D = P / Q = 2 (Huang & Ling 2005, Definitions 3 and 4).
FOLDS = [("d1", 0, 90, 80, 85, 80), ("d1", 1, 70, 80, 85, 80),
         ("d2", 0, 90, 80, 80, 80), ("d2", 1, 80, 80, 90, 80), ("d2", 2, 95, 80, 80, 80)]


def _folds() -> pd.DataFrame:
    rows = []
    for d, k, auc_a, auc_b, acc_a, acc_b in FOLDS:
        rows.append({"dataset": d, "learner": "A", "fold": k, "accuracy": acc_a, "auc": auc_a})
        rows.append({"dataset": d, "learner": "B", "fold": k, "accuracy": acc_b, "auc": auc_b})
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def analysis():
    return aucacc.analyse_study(_folds(), seed=7, study="mine", n_boot=50, nsamples=200)


def test_c_and_d_by_hand(analysis):
    row = analysis.tables["auc_vs_accuracy"].data.iloc[0]
    assert row["pair"] == "B vs A"  # the later learner first (aucacc.config.study_pairs)
    assert (row["R"], row["S"], row["P"], row["Q"], row["V"], row["n"]) == (1, 1, 2, 1, 0, 5)
    assert row["C"] == 0.5 and row["D"] == 2.0 and row["E"] == 0.0
    assert row["datasets"] == 2 and row["alpha"] == 0.05  # the config's default alpha


def test_tables_are_those_of_the_analysis_functions(analysis):
    metrics = folds_to_metrics(_folds())
    pd.testing.assert_frame_equal(analysis.tables["auc_vs_accuracy"].data,
                                  auc_vs_accuracy(metrics, [("B", "A")], alpha=0.05, n_boot=50, seed=7).data)
    expected = summary(metrics, ["A", "B"])
    pd.testing.assert_frame_equal(analysis.tables["summary"].data, expected.data)
    assert analysis.tables["summary"].notes == expected.notes
    mean_acc_a_d2 = analysis.tables["summary"].data.query("dataset == 'd2' and learner == 'A' and metric == 'accuracy'")
    assert mean_acc_a_d2["mean"].item() == pytest.approx((80 + 90 + 80) / 3)
    assert set(analysis.tables) == {"summary", "ttests", "ttests_common", "exclusions", "tests", "tests_detail",
                                    "tests_per_dataset", "friedman", "auc_vs_accuracy"}
    assert set(analysis.figures) == {"cd_accuracy", "cd_auc", "auc_vs_accuracy"}
    assert analysis.headline.startswith("2 data sets × 2 learners (A, B).")


def test_write_lays_out_files_as_the_workflow(analysis, tmp_path):
    paths = analysis.write(tmp_path / "mine")
    names = {p.relative_to(tmp_path / "mine").as_posix() for p in paths}
    assert {"tables/auc_vs_accuracy.csv", "tables/summary.md", "tables/tests.tex", "figures/cd_auc.png",
            "figures/auc_vs_accuracy.pdf"} <= names
    back = pd.read_csv(tmp_path / "mine" / "tables" / "auc_vs_accuracy.csv")
    assert back.loc[0, ["R", "S", "P", "Q"]].tolist() == [1, 1, 2, 1]


def test_fractions_and_unknown_learners_are_refused():
    frac = _folds().assign(accuracy=lambda f: f["accuracy"] / 100, auc=lambda f: f["auc"] / 100)
    with pytest.raises(DataFormatError, match="look like fractions"):
        aucacc.analyse_study(frac, seed=0)
    with pytest.raises(DataFormatError, match=r"no fold results of learner\(s\) \['C'\]"):
        aucacc.analyse_study(_folds(), seed=0, pairs=[("C", "A")])
    skipped = [{"dataset": "d1", "learner": "C", "skipped": "binary-only learner"}]
    out = aucacc.analyse_study(_folds(), seed=0, learners=["A", "B", "C"], exclusions=skipped, n_boot=10,
                               nsamples=200)
    assert out.tables["exclusions"].data.to_dict("records") == [{"dataset": "d1", "learner": "C",
                                                                 "reason": "binary-only learner"}]
    assert np.isnan(out.tables["auc_vs_accuracy"].data.set_index("pair").loc["C vs A", "C"])


def test_a_claims_file_is_retested_as_the_retest_job_does():
    claims = pd.DataFrame({"metric": ["auc"], "a": ["A"], "b": ["B"], "published_outcome": ["A significantly higher"]})
    out = aucacc.analyse_study(_folds(), seed=3, n_boot=10, nsamples=200, claims=claims)
    expected = retest_claims(folds_to_metrics(_folds()), claims, ["A", "B"], alpha=0.05, rope=1.0, decision=0.95,
                             seed=3, nsamples=200)["retest"]
    pd.testing.assert_frame_equal(out.tables["retest"].data, expected.data)
    row = out.tables["retest"].data.iloc[0]
    assert (row["a"], row["b"], row["datasets"], row["claimed_outcome"]) == ("A", "B", 2, "A significantly higher")


def test_the_paper_study_of_the_test_run_again(test_run, tmp_path):
    """huang_ling_2005 of the shared .test run (SVM skipped on iris), analysed again in this process: every table
    as the workflow wrote it, byte for byte, and the headline of the report's front page (results/report/studies.csv).
    (The README's example does the same for the study tiny, figures included: tests/test_docs.py.)"""
    results = test_run / ".test" / "results"
    again = aucacc.analyse_study(aucacc.load_study(results, "huang_ling_2005"),
                                 **aucacc.study_settings(results, "huang_ling_2005"))
    again.figures.clear()  # the CD diagrams' bytes depend on PYTHONHASHSEED, fixed in the workflow's jobs only
    paths = again.write(tmp_path)
    theirs = results / "studies" / "huang_ling_2005"
    assert len(paths) == 9 * 3
    differ = [str(p) for p in paths if p.read_bytes() != (theirs / p.relative_to(tmp_path)).read_bytes()]
    assert not differ
    assert again.tables["exclusions"].data[["dataset", "learner"]].values.tolist() == [["iris", "SVM"]]
    front = pd.read_csv(results / "report" / "studies.csv").set_index("study")
    assert again.headline == front.loc["huang_ling_2005", "headline"]


def _titles(fig) -> str:
    """Every title of a figure: its own (suptitle) and its panels', and a message figure's text."""
    return " | ".join([t.get_text() for t in fig.texts] + [ax.get_title() for ax in fig.axes]
                      + [t.get_text() for ax in fig.axes for t in ax.texts])


def test_figures_are_titled_by_the_studys_title_not_its_key():
    """The new-user trial: every figure of the study ``my_study`` said ``my_study``; it says the study's title
    (config ``studies.<name>.title``), the key only where no title is given."""
    title = "Three CSV files, five learners"
    out = aucacc.analyse_study(_folds(), seed=7, study="my_study", title=title, n_boot=20, nsamples=200)
    assert out.study == "my_study" and set(out.figures) == {"cd_accuracy", "cd_auc", "auc_vs_accuracy"}
    for name, fig in out.figures.items():
        assert title in _titles(fig) and "my_study" not in _titles(fig), (name, _titles(fig))
    keyed = aucacc.analyse_study(_folds(), seed=7, study="my_study", n_boot=20, nsamples=200)
    assert all("my_study" in _titles(f) for f in keyed.figures.values())
    rows = [{"dataset": d, "learner": x, "protocol": "none", "fold": k, "measure": m, "value": v / 100,
             "exact": str(Fraction(v, 100))}
            for d, k, auc_a, auc_b, acc_a, acc_b in FOLDS
            for x, a, c in (("A", auc_a, acc_a), ("B", auc_b, acc_b))
            for m, v in (("auc", a), ("accuracy", c))]
    measures = pd.DataFrame(rows)
    figures = {**aucacc.report.study.study_measure_figures(measures, ["accuracy", "auc"], ["A", "B"], [("B", "A")],
                                                           "my_study", title).figures,
               **aucacc.report.study.study_measures(measures, [("B", "A")], ["accuracy", "auc"], "my_study",
                                                    alpha=0.05, n_boot=20, seed=1, title=title).figures}
    assert set(figures) == {"measures_scatter", "measure_ranks", "learner_pairs/accuracy", "learner_pairs/auc",
                            "measures_matrix"}
    for name, fig in figures.items():
        assert title in _titles(fig) and "my_study" not in _titles(fig), (name, _titles(fig))
