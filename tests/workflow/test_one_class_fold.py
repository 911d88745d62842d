"""A binary test fold with one class (docs/small-classes.md): its accuracy is kept, its AUC is
undefined (NaN), left out of every AUC mean, test and tally, counted (``undefined_folds``) and marked ‡.

Each stage is checked on one hand-computed case: two learners, A (named NB) and B (named C4.5), on one
binary data set of three folds, where fold 0 has no instance of the class ``yes``.

    fold 0: y = no no no          p_A(yes) = .1 .2 .3       p_B(yes) = .2 .1 .6
    fold 1: y = no yes no yes     p_A(yes) = .2 .8 .6 .4    p_B(yes) = .3 .7 .2 .6
    fold 2: y = yes no no         p_A(yes) = .9 .5 .5       p_B(yes) = .4 .5 .1

AUC (pairs ranked right, ties ½): A fold 1 = 3/4, fold 2 = 1; B fold 1 = 1, fold 2 = 1/2.
Accuracy from the stored predictions: A 2/3, 1/2, 1; B 2/3, 1, 2/3.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aucacc.report.claims import load_claims
from aucacc.evaluation.cross_validate import UNDEFINED_AUC_NOTE, fold_metrics, small_class_folds
from aucacc.report.paper_tables import UNDEFINED_MARK, beside_published, main_tables, partial_notes
from aucacc.studies import analysis as A
from aucacc.studies.fold_tables import (FOLD_POOLED, cde_table, flag_datasets, paper_layout, significance_table,
                                        summary_table)
from helpers import run_snakemake

Y = ["no"] * 3 + ["no", "yes", "no", "yes"] + ["yes", "no", "no"]
FOLD = [0] * 3 + [1] * 4 + [2] * 3
P_YES = {"A": [.1, .2, .3, .2, .8, .6, .4, .9, .5, .5], "B": [.2, .1, .6, .3, .7, .2, .6, .4, .5, .1],
         "C": [.3, .1, .2, .6, .9, .1, .5, .8, .2, .3]}
PRED = {"A": ["no", "no", "yes", "no", "yes", "yes", "no", "yes", "no", "no"],
        "B": ["no", "no", "yes", "no", "yes", "no", "yes", "no", "no", "no"],
        "C": ["no", "no", "no", "yes", "yes", "no", "no", "yes", "no", "no"]}
NAME = {"A": "NB", "B": "C4.5", "C": "C4.4"}  # names the published tables know
CLAIMS = load_claims(Path(__file__).resolve().parents[2] / "config" / "claims.yaml")


def _scores(learner: str) -> pd.DataFrame:
    p = np.array(P_YES[learner])
    return pd.DataFrame({"row": np.arange(10), "fold": FOLD, "y_true": Y, "y_pred": PRED[learner],
                         "p:no": 1 - p, "p:yes": p})


def _metrics(dataset: str = "rare", learners=("A", "B")) -> pd.DataFrame:
    parts = []
    for lrn in learners:
        m = fold_metrics(_scores(lrn))
        m.insert(0, "learner", NAME[lrn])
        m.insert(0, "dataset", dataset)
        parts.append(m)
    return pd.concat(parts, ignore_index=True)


def _two_datasets(learners=("A", "B")) -> pd.DataFrame:
    """``rare`` and ``other``: the same folds, but ``other``'s fold 0 has AUC 60 for every learner."""
    other = _metrics("other", learners).assign(note="")
    other["value"] = other["value"].fillna(60.0)
    return pd.concat([_metrics("rare", learners), other], ignore_index=True)


def test_fold_metrics_keep_accuracy_and_leave_auc_undefined():
    m = fold_metrics(_scores("A")).set_index(["fold", "metric"])
    assert m.loc[(0, "accuracy"), "value"] == pytest.approx(100 * 2 / 3, abs=1e-12)
    assert np.isnan(m.loc[(0, "auc"), "value"])
    assert m.loc[(0, "auc"), "note"] == f"{UNDEFINED_AUC_NOTE}: class 'yes' absent from the test fold (only 'no')"
    assert m.loc[(1, "auc"), "value"] == 75.0 and m.loc[(2, "auc"), "value"] == 100.0
    assert m.loc[(1, "accuracy"), "value"] == 50.0 and m.loc[(2, "accuracy"), "value"] == 100.0
    assert (m.drop(index=(0, "auc"))["note"] == "").all()
    assert small_class_folds(_scores("A")) == {"partial_folds": 0, "undefined_folds": 1}


def test_summary_means_over_defined_folds_counted_and_marked(tmp_path):
    csv = tmp_path / "m.csv"
    _metrics().to_csv(csv, index=False)
    metrics = pd.read_csv(csv)  # as the workflow reads them: the NaN AUC is an empty cell
    assert metrics["value"].isna().sum() == 2
    pub = pd.DataFrame([{"dataset": "rare", "learner": lrn, "metric": m, "published_mean": 80.0, "published_sd": 1.0}
                        for lrn in ("NB", "C4.5") for m in ("accuracy", "auc")])
    s = beside_published(summary_table(metrics), pub, CLAIMS).set_index(["learner", "metric"])
    assert s.loc[("NB", "auc"), "mean"] == 87.5
    assert s.loc[("NB", "auc"), "sd"] == pytest.approx(12.5 * np.sqrt(2), abs=1e-12)  # sd of {75, 100}
    assert s.loc[("C4.5", "auc"), "mean"] == 75.0
    assert s.loc[("NB", "accuracy"), "mean"] == pytest.approx(100 * (2 / 3 + 1 / 2 + 1) / 3, abs=1e-12)
    assert s["n_folds"].to_dict() == {("NB", "accuracy"): 3, ("NB", "auc"): 2, ("C4.5", "accuracy"): 3,
                                      ("C4.5", "auc"): 2}
    assert s["undefined_folds"].to_dict() == {("NB", "accuracy"): 0, ("NB", "auc"): 1, ("C4.5", "accuracy"): 0,
                                              ("C4.5", "auc"): 1}
    assert (s["partial_folds"] == 0).all()
    summ = s.reset_index()
    avg = summ.groupby(["learner", "metric"], sort=False)["mean"].mean().rename("average").reset_index()
    wide = paper_layout(summ, avg.assign(published_average=80.0), ["NB", "C4.5"]).set_index("dataset")
    assert wide.loc["rare", "auc NB"] == f"87.5 ± 17.7 (80.0) {UNDEFINED_MARK}"
    assert wide.loc["rare", "accuracy NB"] == "72.2 ± 25.5 (80.0)"
    assert partial_notes(summ) == [
        f"{UNDEFINED_MARK} rare: in 1 of 3 test folds only one class is present (a class has fewer instances than "
        "folds); the AUC of such a fold is undefined, so the AUC mean and sd are over the other 2 folds (accuracy: "
        "over all 3)."]


def test_ttests_and_cde_leave_the_fold_out():
    metrics = _two_datasets()
    sig = significance_table(metrics, ["NB", "C4.5"], 0.05).set_index(["metric", "level"])
    # fold level, AUC: NB − C4.5 = −25, +50 (rare, fold 0 left out), 0, −25, +50 (other): mean 10,
    # sum of squared deviations 5750, so t = 10 / √(5750 / 4 / 5)
    assert sig.loc[("auc", "fold"), "n"] == 5
    assert sig.loc[("auc", "fold"), "mean_diff"] == pytest.approx(10.0, abs=1e-12)
    assert sig.loc[("auc", "fold"), "t"] == pytest.approx(10 / np.sqrt(287.5), abs=1e-12)
    assert sig.loc[("accuracy", "fold"), "n"] == 6  # accuracy keeps every fold
    # data-set level: rare's means are over its 2 defined folds (87.5 − 75); other's over 3 (235/3 − 210/3)
    assert sig.loc[("auc", "dataset"), "mean_diff"] == pytest.approx((12.5 + 25 / 3) / 2, abs=1e-12)
    cde = cde_table(_metrics(), [("NB", "C4.5")]).iloc[0]
    # fold 1: AUC and accuracy both lower for NB; fold 2: both higher — two consistent pairs, fold 0 left out
    assert (cde["R"], cde["S"], cde["P"], cde["Q"], cde["V"], cde["n"]) == (2, 0, 0, 0, 0, 2)


def test_main_tables_notes(tmp_path):
    """The main table, its t-tests and C/D/E are views of the study's tables (read back from CSV, as the workflow
    does): the notes and marks of the undefined fold come through."""
    metrics = _two_datasets()
    study = {"summary": A.summary(metrics, ["NB", "C4.5"]), "ttests": A.pairwise_ttests(metrics, ["NB", "C4.5"], 0.05),
             "auc_vs_accuracy": A.auc_vs_accuracy(metrics, [("NB", "C4.5")], alpha=0.05, n_boot=0, seed=1)}
    for name, table in study.items():
        table.data.to_csv(tmp_path / f"{name}.csv", index=False)
    study = {name: pd.read_csv(tmp_path / f"{name}.csv") for name in study}
    pub = pd.DataFrame([{"dataset": d, **{f"{p}_{m}{sd}": 80.0 for p in ("nb", "c45") for m in ("acc", "auc")
                                          for sd in ("", "_sd")}} for d in ("rare", "other")])
    avg = pd.DataFrame([{"table": "uci_nb_c44_c45", "learner": lrn, "metric": m, "average": 80.0}
                        for lrn in ("NB", "C4.5") for m in ("accuracy", "auc")])
    tables, _ = main_tables(study["summary"], study["ttests"], study["auc_vs_accuracy"], pub, avg,
                            pd.DataFrame(columns=["table", "metric", "a", "b", "published_outcome"]),
                            pd.DataFrame(columns=["pair"]), ["NB", "C4.5"], [("NB", "C4.5")], "whole_data", CLAIMS)
    head = (f"{UNDEFINED_MARK} rare: in 1 of 3 test folds only one class is present (a class has fewer instances "
            "than folds); the AUC of such a fold is undefined, so the AUC mean and sd are over the other 2 folds "
            "(accuracy: over all 3).")
    assert tables["table"].notes == [head]
    assert tables["sig"].notes == [head, f"{UNDEFINED_MARK} The AUC tests leave out the 1 test fold whose AUC is "
                                         "undefined (data-set means: over the other folds).", FOLD_POOLED]
    assert tables["cde"].notes[-1] == (f"{UNDEFINED_MARK} The tally leaves out the 1 test fold whose AUC is "
                                       "undefined, their accuracy too (a pair needs both).")
    assert tables["cde"].data.iloc[0]["n"] == 5  # 2 folds of rare + 3 of other
    shown = tables["table"].display.set_index("dataset")
    assert shown.loc["rare", "auc C4.5"] == f"75.0 ± 35.4 (80.0) {UNDEFINED_MARK}"
    assert shown.loc["other", "auc C4.5"] == "70.0 ± 26.5 (80.0)"  # sd of {60, 100, 50}: √700


def test_per_dataset_table_flags_auc_rows_only():
    metrics = _metrics()
    frame = pd.DataFrame({"dataset": ["rare", "rare"], "metric": ["accuracy", "auc"], "n_folds": [3, 2]})
    shown, notes = flag_datasets(frame, metrics)
    assert list(shown["dataset"]) == ["rare", f"rare {UNDEFINED_MARK}"]
    assert list(shown.columns) == ["dataset", "metric", "n_folds"]
    assert notes[0].startswith(f"{UNDEFINED_MARK} rare: in 1 of 3 test folds only one class is present")


def test_claims_tests_per_dataset_over_defined_folds():
    from aucacc.significance import claims_against_tests

    metrics = _two_datasets(("A", "B", "C"))
    claims = pd.DataFrame([{"table": "t", "metric": "auc", "a": "NB", "b": "C4.5",
                            "published_outcome": "not significant"}])
    res = claims_against_tests(metrics, claims, {"t": (["rare", "other"], ["NB", "C4.4", "C4.5"])}, alpha=0.05,
                               rope=1.0, decision=0.95, seed=0, nsamples=200)
    per = res["per_dataset"].set_index("dataset")
    assert per.loc["rare", "n_folds"] == 2 and per.loc["other", "n_folds"] == 3
    assert per.loc["rare", "mean_diff"] == pytest.approx(12.5, abs=1e-12)
    # Nadeau–Bengio over the 2 defined folds, with the protocol's k = 3: s² = 2 · 37.5² = 2812.5,
    # var = s² (1/2 + 1/(3 − 1)) (not 1/(2 − 1), the k that 2 values alone would give)
    assert per.loc["rare", "corrected_t"] == pytest.approx(12.5 / np.sqrt(2812.5), abs=1e-12)
    det = res["detail"].set_index("test")
    assert det.loc["paired_t", "n"] == 2


def test_repeated_cv_tests_with_a_left_out_fold():
    """Two repetitions of 3 folds, fold 0 of repetition 0 without AUC: 5 values, the correction's k stays 3."""
    from aucacc.significance import corrected_resampled_ttest, repeated_tests

    a, b = [np.nan, 75.0, 100.0, 80.0, 70.0, 90.0], [np.nan, 100.0, 50.0, 60.0, 70.0, 85.0]
    rows = [{"dataset": "rare", "learner": lrn, "repetition": r, "fold": k, "metric": "auc", "value": v[3 * r + k]}
            for lrn, v in (("NB", a), ("C4.5", b)) for r in range(2) for k in range(3)]
    res = repeated_tests(pd.DataFrame(rows), [("NB", "C4.5")], 0.05, 1.0, 0.95).iloc[0]
    d = np.array([-25.0, 50.0, 20.0, 0.0, 5.0])  # NB − C4.5 on the 5 defined folds
    assert res["folds"] == 5
    assert res["corrected_t"] == pytest.approx(d.mean() / np.sqrt(d.var(ddof=1) * (1 / 5 + 1 / 2)), abs=1e-12)
    assert res["delta_A"] == pytest.approx(((-25 + 50) / 2 + (20 + 0 + 5) / 3) / 2, abs=1e-12)
    with pytest.raises(ValueError, match="not divisible into 2 runs"):  # without k: refused, not guessed
        corrected_resampled_ttest(d + 1, d, runs=2)


def test_readings_leave_the_fold_out():
    from aucacc.auc_gap import reading_aucs

    sc = _scores("A")
    np.testing.assert_allclose(reading_aucs(sc, "standard"), [75.0, 100.0], rtol=0, atol=1e-12)
    np.testing.assert_allclose(reading_aucs(sc, "ovr_weighted"), [75.0, 100.0], rtol=0, atol=1e-12)
    # pooled over all 10 instances: 18 of the 3 × 7 positive–negative pairs ranked right
    np.testing.assert_allclose(reading_aucs(sc, "pooled"), [100 * 18 / 21], rtol=0, atol=1e-12)


def test_roc_check_counts_and_marks_the_fold():
    from aucacc.roc import roc_dataset
    from aucacc.roc.experiment import auc_check_table

    frames = {lrn: _scores(lrn) for lrn in ("A", "B")}
    metrics = {lrn: fold_metrics(frames[lrn]) for lrn in frames}
    res = roc_dataset("rare", ["no", "yes"], frames, metrics, None, "threshold", n_points=11, n_thresholds=11)
    check = res["check"]
    assert sorted(check["fold"].unique()) == [1, 2] and (check["folds_total"] == 3).all()
    np.testing.assert_allclose(check.sort_values(["learner", "fold"])["auc_points"], [0.75, 1.0, 1.0, 0.5],
                               rtol=0, atol=1e-12)
    t = auc_check_table(check)
    assert t.display["undefined_folds"].tolist() == [1, 1]
    assert t.display["dataset"].tolist() == [f"rare {UNDEFINED_MARK}"] * 2
    assert t.notes == [f"{UNDEFINED_MARK} rare (positive yes): 1 of 3 test folds lack the positive class or every "
                       "other class, so they have no ROC points and no AUC; the means are over the other folds."]


def test_source_metrics_count_the_fold_undefined():
    from aucacc.evaluation.source_metrics import fold_source_metrics, source_metrics_summary

    m = fold_source_metrics(_scores("A"))
    tpr = m[m["metric"] == "TPR"].set_index("fold")["value"]
    assert np.isnan(tpr[0]) and tpr[1] == 0.5 and tpr[2] == 1.0
    s = source_metrics_summary(m.assign(dataset="rare", learner="A")).set_index("metric")
    assert s.loc["TPR", "mean"] == 0.75 and s.loc["TPR", "n_undefined"] == 1 and s.loc["TPR", "n_folds"] == 3
    assert s.loc["average_precision", "n_undefined"] == 1


def test_scorecard_reason_names_the_left_out_folds():
    from types import SimpleNamespace

    from aucacc.report.scorecard.cells import _small_class_reason

    row = summary_table(_metrics()).set_index(["learner", "metric"]).loc[("NB", "auc")]
    assert _small_class_reason(SimpleNamespace(**row.to_dict())) == (
        f"{UNDEFINED_MARK} over 2 folds: 1 test fold with one class (AUC undefined) left out")
    assert _small_class_reason(SimpleNamespace(n_folds=3, undefined_folds=0)) == ""
    assert _small_class_reason(None) == ""


# --- the real workflow: a temporary copy of .test with a binary data set whose minority class has 3 instances

def _rare_data(n_no: int = 57, n_yes: int = 3, seed: int = 11) -> bytes:
    """A headerless .data file: a numeric attribute shifted by class, an integer and a nominal one, the class."""
    rng = np.random.default_rng(seed)
    rows = []
    for c in ["no"] * n_no + ["yes"] * n_yes:
        rows.append(f"{rng.normal(4 if c == 'yes' else 3, 1):.1f},{rng.integers(0, 4)},"
                    f"{rng.choice(['red', 'green', 'blue'])},{c}")
    return ("\n".join(rows) + "\n").encode()


@pytest.mark.slow
def test_workflow_with_a_one_class_fold(test_run_copy):
    """Every default target of the test configuration builds with the data set added to the main table, the SVM
    table (so t-tests, C/D/E, statistics, ROC, source metrics, the AUC-gap readings and the scorecard see it);
    the folds without ``yes`` have an accuracy, no AUC, and are marked wherever the data set's AUC is summarised.

    Starts from a copy of the session's finished run of ``.test`` (``test_run_copy``): Snakemake runs the jobs of
    the new data set and those whose inputs or parameters the change touches (every table that lists it)."""
    import hashlib

    import yaml

    work = test_run_copy
    data = _rare_data()
    (work / ".test/data/raw/rare.data").write_bytes(data)
    cfg_path = work / ".test/config/config.yaml"
    cfg = yaml.safe_load(cfg_path.read_text())
    cfg["datasets"]["rare"] = {"source": {"file": "rare.data", "sha256": hashlib.sha256(data).hexdigest(),
                                          "columns": ["a", "b", "colour", "outcome"],
                                          "nominal": ["colour", "outcome"]},
                               "recipe": {"target": "outcome", "missing": "drop_rows"}}
    paper = cfg["studies"]["huang_ling_2005"]  # the main table is a view of its study: rare joins both
    paper["datasets"] = [*paper["datasets"], "rare"]
    paper["main_table"]["datasets"] = [*cfg["datasets"]]
    paper["svm_table"]["datasets"] = [*paper["svm_table"]["datasets"], "rare"]
    cfg_path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    run_snakemake(work, cores=2, directory=".test", timeout=1800, check=True)
    check_one_class_results(work / ".test/results", cfg["protocol"]["n_folds"])


def check_one_class_results(res: Path, n_folds: int) -> None:
    """The outputs of the run above: the folds without ``yes``, and their marks in every table."""
    sc = pd.read_parquet(res / "scores/whole_data/rare/NB.parquet")
    lacking = sorted(int(k) for k, g in sc.groupby("fold") if not (g["y_true"] == "yes").any())
    assert len(lacking) == n_folds - 3  # each of the 3 'yes' in its own fold
    for lrn in ("NB", "C4.4", "C4.5", "SVM"):
        m = pd.read_csv(res / f"metrics/whole_data/rare/{lrn}.csv")
        auc = m[m["metric"] == "auc"].set_index("fold")
        assert sorted(auc.index[auc["value"].isna()]) == lacking
        assert all(str(auc.loc[k, "note"]).startswith(UNDEFINED_AUC_NOTE) for k in lacking)
        assert m[m["metric"] == "accuracy"]["value"].notna().all()
    main = pd.read_csv(res / "tables/uci_nb_c44_c45.csv")
    r = main[(main["dataset"] == "rare") & (main["metric"] == "auc")]
    assert len(r) == 3 and (r["undefined_folds"] == len(lacking)).all()
    assert (r["n_folds"] == n_folds - len(lacking)).all()
    note = f"{UNDEFINED_MARK} rare: in {len(lacking)} of {n_folds} test folds only one class is present"
    for table in ("uci_nb_c44_c45", "significance_uci", "cde_folds", "all_datasets", "svm_binary13",
                  "significance_svm13", "stats_per_dataset", "auc_hypotheses_by_dataset"):
        assert note in (res / f"tables/{table}.md").read_text(), table
    assert f"{UNDEFINED_MARK} rare (positive yes): {len(lacking)} of {n_folds} test folds" in (
        res / "tables/roc_auc_check.md").read_text()
    sm = pd.read_csv(res / "tables/source_metrics.csv")
    assert (sm[(sm["dataset"] == "rare") & (sm["metric"] == "TPR")]["n_undefined"] == len(lacking)).all()
    assert "undefined, left out of the AUC mean" in (res / "logs/folds/rare.log").read_text()
    assert (res / "report/scorecard.md").is_file()
