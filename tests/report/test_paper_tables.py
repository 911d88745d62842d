"""Tables, t-tests and the AUC-gap readings, checked on the published numbers and hand-computed cases."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from aucacc.auc_gap import impossible_published, reading_aucs
from aucacc.report.claims import load_claims
from aucacc.report.paper_tables import beside_published, published_long, significance_beside_published
from aucacc.studies.fold_tables import significance_table, summary_table
from helpers import shared_reference

PUB = Path(__file__).resolve().parents[2] / "config" / "published"


@pytest.fixture(scope="module")
def published_as_metrics():
    """The paper's per-data-set means as if each were one fold (to test the data-set-level t-test)."""
    long = published_long(pd.read_csv(PUB / "uci_nb_c44_c45.csv"))
    return long.rename(columns={"published_mean": "value"}).assign(fold=0)[["dataset", "learner", "metric", "fold", "value"]]


def test_published_copies_match_shared():
    """Every published table of the shared reference is copied byte for byte; a table that is not there is one the
    project transcribed from another source document, and its claims entry names that source (config/claims.yaml)."""
    shared = shared_reference("published")
    tables = yaml.safe_load((PUB.parent / "claims.yaml").read_text())["tables"]
    for f in PUB.glob("*.csv"):
        if (shared / f.name).exists():
            assert f.read_bytes() == (shared / f.name).read_bytes(), f.name
        else:
            assert tables[f.stem].get("source", "Huang & Ling 2005") != "Huang & Ling 2005", f.name


def test_dataset_level_ttests_on_published_means(published_as_metrics):
    # §IV-B: over the 18 published means, NB > C4.5 in AUC (p ≈ 0.025), C4.4 > C4.5 (p ≈ 0.0002),
    # everything else not significant — what the paper states.
    sig = significance_beside_published(significance_table(published_as_metrics, ["NB", "C4.4", "C4.5"], 0.05),
                                        pd.read_csv(PUB / "significance.csv"), table="uci_nb_c44_c45")
    d = sig[sig.level == "dataset"].set_index(["metric", "a", "b"])
    assert d.loc[("auc", "NB", "C4.5"), "p"] == pytest.approx(0.025, abs=0.0015)
    assert d.loc[("auc", "C4.4", "C4.5"), "p"] == pytest.approx(0.0002, abs=0.0001)
    assert d.loc[("auc", "NB", "C4.5"), "verdict"] == "NB significantly higher"
    assert d.loc[("auc", "C4.4", "C4.5"), "verdict"] == "C4.4 significantly higher"
    assert (d["agrees"] == True).all()  # noqa: E712


def test_summary_table_mean_sd_and_tolerance():
    m = pd.DataFrame({"dataset": "breast", "learner": "NB", "metric": "accuracy", "fold": range(4),
                      "value": [96.0, 98.0, 97.0, 99.0]})
    claims = load_claims(PUB.parent / "claims.yaml")
    s = beside_published(summary_table(m), published_long(pd.read_csv(PUB / "uci_nb_c44_c45.csv")), claims)
    r = s.iloc[0]
    assert r["mean"] == 97.5 and r["sd"] == pytest.approx(np.std([96, 98, 97, 99], ddof=1))
    assert r["published_mean"] == 97.5 and r["diff"] == 0.0 and r["within_tolerance"] == True  # noqa: E712


def test_within_tolerance_follows_the_claims_file():
    """breast NB accuracy published 97.5 ± 2.9; ours 4 points lower: within max(3, 1.5 × 2.9 = 4.35), not max(3, 1.0 × 2.9)."""
    m = pd.DataFrame({"dataset": "breast", "learner": "NB", "metric": "accuracy", "fold": range(2), "value": [93.0, 94.0]})
    pub = published_long(pd.read_csv(PUB / "uci_nb_c44_c45.csv"))
    claims = load_claims(PUB.parent / "claims.yaml")
    assert (claims["rules"]["fold_mean"]["abs"], claims["rules"]["fold_mean"]["sd"]) == (3, 1.5)
    assert bool(beside_published(summary_table(m), pub, claims)["within_tolerance"].iloc[0]) is True
    tighter = {**claims, "rules": {**claims["rules"], "fold_mean": {**claims["rules"]["fold_mean"], "sd": 1.0}}}
    assert bool(beside_published(summary_table(m), pub, tighter)["within_tolerance"].iloc[0]) is False
    with pytest.raises(ValueError, match="claims"):
        beside_published(summary_table(m), pub, None)


def _scores(y, p1, pred, fold=None):
    y = np.asarray(y)
    return pd.DataFrame({"row": range(len(y)), "fold": 0 if fold is None else fold, "y_true": y,
                         "y_pred": pred, "p:n": 1 - np.asarray(p1), "p:p": p1})


def test_hard_label_reading_is_mean_of_tpr_and_tnr():
    # 3 positives, 3 negatives; predicted labels: 2 of 3 positives and 2 of 3 negatives right.
    # TPR = 2/3, TNR = 2/3 → hard-label AUC = (TPR + TNR)/2 = 2/3.
    y = ["p", "p", "p", "n", "n", "n"]
    pred = ["p", "p", "n", "n", "n", "p"]
    sc = _scores(y, [0.9, 0.8, 0.4, 0.3, 0.2, 0.7], pred)
    assert reading_aucs(sc, "hard_label")[0] == pytest.approx(100 * 2 / 3)
    assert reading_aucs(sc, "standard")[0] == pytest.approx(100 * 8 / 9)


def test_pessimistic_ties_and_pooled():
    # Fold 0: positives 0.5, 0.5; negatives 0.5, 0.1 → mid-rank AUC 3/4 (two ties count ½),
    # pessimistic 2/4. Fold 1: perfectly separated → 1.
    sc = _scores(["p", "p", "n", "n", "p", "n"], [0.5, 0.5, 0.5, 0.1, 0.9, 0.2], ["p"] * 6, fold=[0, 0, 0, 0, 1, 1])
    assert list(reading_aucs(sc, "standard")) == pytest.approx([75.0, 100.0])
    assert list(reading_aucs(sc, "ties_pessimistic")) == pytest.approx([50.0, 100.0])
    # Pooled: positives 0.5, 0.5, 0.9 vs negatives 0.5, 0.1, 0.2 → (2.5 + 2.5 + 3) / 9 = 8/9.
    assert reading_aucs(sc, "pooled")[0] == pytest.approx(100 * 8 / 9)


def test_readings_tie_scores_one_ulp_apart_as_every_auc_does():
    """The readings rank with the project's tie rule: a positive and a negative one ulp apart tie, as in
    the stored AUC. Positives 0.6, 0.6 + 1 ulp; negatives 0.6, 0.1: standard
    (2 ties ½, 2 wins) 3/4, pessimistic 2/4, whichever column is declared first."""
    p = np.array([np.nextafter(0.6, 1), 0.6, 0.6, 0.1])
    sc = _scores(["p", "p", "n", "n"], p, ["p"] * 4)
    assert sc["p:p"].iloc[0] > sc["p:p"].iloc[2] and sc["p:n"].iloc[0] < sc["p:n"].iloc[2]  # apart as floats
    for frame in (sc, sc[["row", "fold", "y_true", "y_pred", "p:p", "p:n"]]):
        assert list(reading_aucs(frame, "standard")) == [75.0]
        assert list(reading_aucs(frame, "ties_pessimistic")) == [50.0]
        assert list(reading_aucs(frame, "pooled")) == [75.0]


def test_impossible_published_values():
    # Published 100.0 ± 0.0 accuracy with AUC < 100 on binary sets: import and mushroom, C4.4 and C4.5.
    wide = pd.read_csv(PUB / "uci_nb_c44_c45.csv")
    ncls = pd.read_csv(PUB / "datasets.csv").set_index("dataset")["classes"].to_dict()
    imp = impossible_published(wide, ncls)
    assert set(zip(imp.dataset, imp.learner)) == {("import", "C4.4"), ("import", "C4.5"),
                                                   ("mushroom", "C4.4"), ("mushroom", "C4.5")}


def test_gap_report_marks_partial_fold_data_sets():
    """auc_gap.md's per-data-set table marks a data set whose folds lack a class (Hand–Till M over the class
    pairs present) with † and explains it below, as the other tables do; other data sets stay unmarked."""
    from aucacc.auc_gap import gap_report

    rows = []
    for reading, shift in (("standard", 10.0), ("hard_label", 2.0)):
        for j, ds in enumerate(["glass", "d1", "d2", "d3"]):
            for k, (lrn, off) in enumerate((("NB", 2.0), ("C4.4", 1.0), ("C4.5", 0.0))):
                auc = 80 + shift + off + (5 if ds == "glass" else j * 0.3) + 0.1 * ((j * (k + 1)) % 3)
                rows.append({"reading": reading, "dataset": ds, "learner": lrn, "auc": auc, "published_auc": 80.0,
                             "diff": auc - 80.0, "partial_folds": 2 if ds == "glass" else 0})
    by = pd.DataFrame(rows)
    summary = pd.concat([by.groupby(["reading", "learner"], sort=False)["diff"].agg(
        mean_abs_diff=lambda d: d.abs().mean(), mean_diff="mean", n="size").reset_index(),
        by.groupby("reading", sort=False)["diff"].agg(mean_abs_diff=lambda d: d.abs().mean(), mean_diff="mean",
                                                       n="size").reset_index().assign(learner="all")])
    text = gap_report(summary, by, pd.DataFrame(), None, n_folds=10, alpha=0.05)
    table = text.split("## Largest differences under the standard reading")[1]
    assert "| glass † | NB |" in table and "| d3 | NB |" in table and "d3 †" not in table
    assert "† glass: in 2 of 10 test folds a class is absent" in table
    # without partial folds the table and its text are as before: no mark, no note
    plain = gap_report(summary, by.drop(columns="partial_folds"), pd.DataFrame(), None, n_folds=10, alpha=0.05)
    assert "†" not in plain and "| glass | NB |" in plain


# --- Hand–Till M over the class pairs present: flagged in every table ----------------------------------
def _metrics_with_partial_fold() -> pd.DataFrame:
    rows = []
    for ds, absent_fold in (("glass", 6), ("iris", None)):
        for lrn in ("NB", "C4.5"):
            for k in range(10):
                note = ("classes absent from the test fold: ['tableware']; Hand-Till M over 10 of 15 pairs"
                        if k == absent_fold else "")
                rows.append({"dataset": ds, "learner": lrn, "fold": k, "metric": "accuracy", "value": 70.0 + k,
                             "note": ""})
                rows.append({"dataset": ds, "learner": lrn, "fold": k, "metric": "auc", "value": 80.0 + k, "note": note})
    return pd.DataFrame(rows)

def test_partial_hand_till_cells_flagged(tmp_path):
    """glass has a test fold without 'tableware': its AUC cells carry the mark, and a note under the table says why;
    the CSV records the count; nothing else is marked. Read back through CSV, as the workflow does."""
    from aucacc.report.paper_tables import PARTIAL_MARK, partial_notes
    from aucacc.studies.fold_tables import averages, paper_layout
    from aucacc.report.tables import Table

    csv = tmp_path / "m.csv"
    _metrics_with_partial_fold().to_csv(csv, index=False)
    metrics = pd.read_csv(csv)  # empty notes come back as NaN
    pub = pd.DataFrame([{"dataset": d, "learner": lrn, "metric": m, "published_mean": 50.0, "published_sd": 1.0}
                        for d in ("glass", "iris") for lrn in ("NB", "C4.5") for m in ("accuracy", "auc")])
    from aucacc.report.claims import load_claims

    summ = beside_published(summary_table(metrics), pub, load_claims(Path(__file__).resolve().parents[2] / "config" / "claims.yaml"))
    got = summ.set_index(["dataset", "learner", "metric"])["partial_folds"].to_dict()
    assert got == {(d, lrn, m): int(d == "glass" and m == "auc") for d in ("glass", "iris")
                   for lrn in ("NB", "C4.5") for m in ("accuracy", "auc")}
    avg = averages(summ).assign(published_average=50.0)
    wide = paper_layout(summ, avg, ["NB", "C4.5"]).set_index("dataset")
    assert wide.loc["glass", "auc NB"] == f"84.5 ± 3.0 (50.0) {PARTIAL_MARK}"
    assert wide.loc["glass", "accuracy NB"] == "74.5 ± 3.0 (50.0)"
    assert PARTIAL_MARK not in "".join(wide.loc["iris"].astype(str))
    notes = partial_notes(summ)
    assert notes == [f"{PARTIAL_MARK} glass: in 1 of 10 test folds a class is absent (a class has fewer instances than "
                     "folds); its multi-class AUC is over the classes present there (Hand–Till M: over the class "
                     "pairs present)."]
    paths = Table(summ, display=wide.reset_index(), notes=notes).write(tmp_path / "t")
    md, tex = paths["md"].read_text(), paths["tex"].read_text()
    assert md.rstrip().endswith(notes[0]) and f"(50.0) {PARTIAL_MARK}" in md
    assert "\\par\\footnotesize † glass: in 1 of 10 test folds" in tex

def test_partial_flag_in_tidy_tables():
    """Tidy tables (all data sets, AUC-gap readings) flag the data set of such rows, and count the folds from the scores."""
    from aucacc.evaluation.cross_validate import absent_class_folds
    from aucacc.report.paper_tables import PARTIAL_MARK, mark_partial, partial_notes

    scores = pd.DataFrame({"fold": [0, 0, 0, 1, 1, 2, 2, 2], "y_true": list("abcabab") + ["c"],
                           "p:a": 0.2, "p:b": 0.3, "p:c": 0.5})
    assert absent_class_folds(scores) == 1  # fold 1 lacks 'c'
    assert absent_class_folds(scores[scores["fold"] != 1]) == 0
    by = pd.DataFrame({"reading": ["r1", "r2", "r1"], "dataset": ["glass", "glass", "iris"], "auc": [80.0, 81.0, 95.0],
                       "partial_folds": [1, 1, 0]})
    shown = mark_partial(by)
    assert list(shown["dataset"]) == [f"glass {PARTIAL_MARK}", f"glass {PARTIAL_MARK}", "iris"]
    assert list(by["dataset"]) == ["glass", "glass", "iris"]  # the CSV keeps the plain name
    assert partial_notes(by, n_folds=10)[0].startswith(f"{PARTIAL_MARK} glass: in 1 of 10 test folds a class is absent")


# --- the paper's layouts are views of the study's tables ------------------------------------------------
def test_views_of_the_study_tables_equal_the_tables_from_fold_metrics(tmp_path):
    """study_rows, study_ttests and study_cde pick from the study's tables (read back from CSV) exactly what
    summary_table, significance_table and cde_table compute from the fold metrics of those learners."""
    from aucacc.report.paper_tables import study_cde, study_rows, study_ttests
    from aucacc.studies import analysis as A
    from aucacc.studies.fold_tables import cde_table

    rng = np.random.default_rng(3)
    metrics = pd.DataFrame([{"dataset": d, "learner": lrn, "fold": k, "metric": m, "value": float(rng.uniform(50, 100))}
                            for d in ("d1", "d2", "d3") for lrn in ("A", "B", "C") for k in range(4)
                            for m in ("accuracy", "auc")])
    learners = ["A", "B", "C"]
    study = {"summary": A.summary(metrics, learners), "ttests": A.pairwise_ttests(metrics, learners, 0.05),
             "cde": A.auc_vs_accuracy(metrics, [("B", "A"), ("C", "A"), ("C", "B")], alpha=0.05, n_boot=0, seed=1)}
    for name, table in study.items():
        table.data.to_csv(tmp_path / f"{name}.csv", index=False)
    study = {name: pd.read_csv(tmp_path / f"{name}.csv") for name in study}
    sub = metrics[metrics["learner"].isin(["A", "C"])]
    pd.testing.assert_frame_equal(study_rows(study["summary"], ["A", "C"]), summary_table(sub), check_exact=True)
    pd.testing.assert_frame_equal(study_ttests(study["ttests"], ["A", "C"]), significance_table(sub, ["A", "C"], 0.05),
                                  check_exact=True)
    pd.testing.assert_frame_equal(study_cde(study["cde"], [("C", "A")]), cde_table(metrics, [("C", "A")]),
                                  check_exact=True)
    # the study tests A against C: C against A is the same test read the other way, exactly the direct one
    pd.testing.assert_frame_equal(study_ttests(study["ttests"], ["C", "A"]), significance_table(sub, ["C", "A"], 0.05),
                                  check_exact=True)
    with pytest.raises(ValueError, match="A vs Z"):
        study_ttests(study["ttests"], ["A", "Z"])  # no learner Z in the study
    with pytest.raises(ValueError, match="A vs C"):
        study_cde(study["cde"], [("A", "C")])


def _study_with_a_binary_only_learner(tmp_path):
    """Fold metrics of learners A, B and S on d1…d4, S (binary-only) with no rows on d2, and the study's summary and
    t-tests over the data sets every learner ran, read back from CSV."""
    from aucacc.studies import analysis as A

    rng = np.random.default_rng(5)
    metrics = pd.DataFrame([{"dataset": d, "learner": lrn, "fold": k, "metric": m, "value": float(rng.uniform(50, 100))}
                            for d in ("d1", "d2", "d3", "d4") for lrn in ("A", "B", "S") for k in range(5)
                            for m in ("accuracy", "auc") if not (lrn == "S" and d == "d2")])
    metrics.loc[(metrics["dataset"] == "d3") & (metrics["fold"] == 1) & (metrics["metric"] == "auc"), "value"] = np.nan
    learners = ["A", "B", "S"]
    study = {"summary": A.summary(metrics, learners), "ttests_common": A.common_ttests(metrics, learners, 0.05)}
    for name, table in study.items():
        table.data.to_csv(tmp_path / f"{name}.csv", index=False)
    return metrics, {name: pd.read_csv(tmp_path / f"{name}.csv") for name in study}


def test_svm_table_is_a_view_of_the_study_tables(tmp_path):
    """svm_tables reads the study's summary and t-tests over the data sets every learner ran: its tables equal
    exactly those summary_table and significance_table compute from the fold metrics on those data sets, in the
    table's learner and data-set order (the SVM first, its pairs read the other way round)."""
    from aucacc.report.paper_tables import svm_tables

    metrics, study = _study_with_a_binary_only_learner(tmp_path)
    datasets, learners = ["d1", "d3", "d4"], ["S", "A", "B"]
    claims = load_claims(Path(__file__).resolve().parents[2] / "config" / "claims.yaml")
    none_avg = pd.DataFrame(columns=["table", "learner", "metric", "average"])
    none_sig = pd.DataFrame(columns=["table", "metric", "a", "b", "published_outcome"])
    tables, _ = svm_tables(study["summary"], study["ttests_common"], None, none_avg, none_sig, learners, datasets,
                           claims)
    direct = pd.concat([metrics[(metrics["dataset"] == d) & (metrics["learner"] == lrn)]
                        for d in datasets for lrn in learners])  # as the rule read them: data set, then learner
    pd.testing.assert_frame_equal(tables["table"].data, summary_table(direct), check_exact=True)
    sig = tables["sig"].data.drop(columns=["published_outcome", "agrees"])
    pd.testing.assert_frame_equal(sig, significance_table(direct, learners, 0.05), check_exact=True)
    with pytest.raises(ValueError, match="every learner of the paper study ran"):
        svm_tables(study["summary"], study["ttests_common"], None, none_avg, none_sig, learners, ["d1", "d3"], claims)


def test_all_datasets_is_a_view_of_the_study_summary(tmp_path):
    """all_datasets_table reads the study's summary: its data equal summary_table's of the learners' fold metrics
    beside the published values (none here), with the protocol first."""
    from aucacc.report.paper_tables import all_datasets_table

    metrics, study = _study_with_a_binary_only_learner(tmp_path)
    claims = load_claims(Path(__file__).resolve().parents[2] / "config" / "claims.yaml")
    none = pd.DataFrame(columns=["dataset", "learner", "accuracy_mean", "accuracy_sd", "auc_mean", "auc_sd"])
    table = all_datasets_table(study["summary"], none, ["B", "A"], "whole_data", claims)
    direct = pd.concat([metrics[(metrics["dataset"] == d) & (metrics["learner"] == lrn)]
                        for d in ("d1", "d2", "d3", "d4") for lrn in ("B", "A")])
    pd.testing.assert_frame_equal(table.data, summary_table(direct).assign(protocol="whole_data")[
        ["protocol"] + list(summary_table(direct).columns)], check_exact=True)
