"""The repeated-CV target of ``config/repeated.yaml`` (Aggarwal's test over b rounds, rules ``repeated_folds``,
``repeated_cv``, ``repeated_tests``) run through the workflow on ``.test``'s data with b = 2 rounds instead of the
committed file's 10, and its table recomputed from the stored scores: accuracy and AUC of every fold from the
scores (scikit-learn), the per-round means, Aggarwal's t against ``scipy.stats.ttest_rel`` over the rounds and the
naive t over the b × k folds, the Nadeau-Bengio corrected t by its formula. Round 0 must be the default run's
cross-validation, score for score. 20 jobs (4 fold files, 15 cross-validations, the table), 52 CPU seconds (their
benchmark files; mostly the jobs' start-up) on top of the shared `.test` run."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import yaml
from scipy import stats
from sklearn.metrics import roc_auc_score

from helpers import REPO_ROOT, run_snakemake

pytestmark = pytest.mark.slow

B = 2


@pytest.fixture(scope="module")
def repeated_run(test_run, tmp_path_factory):
    """A copy of the finished ``.test`` run with the repeated-CV table made from it under config/repeated.yaml, its
    ``protocol.repetitions`` set to 2; returns the ``results`` folder."""
    from helpers import copy_test_run

    committed = yaml.safe_load((REPO_ROOT / "config" / "repeated.yaml").read_text())
    assert committed == {"protocol": {"repetitions": 10}}  # the file sets b and nothing else
    work = copy_test_run(test_run, tmp_path_factory.mktemp("repeated") / "wf")
    small = work / "repeated_b2.yaml"
    small.write_text(yaml.safe_dump({**committed, "protocol": {**committed["protocol"], "repetitions": B}}))
    proc = run_snakemake(work, f"--configfile={small}", "results/tables/repeated_tests.csv", cores=2,
                         directory=".test", timeout=1800, check=True)
    assert "repeated_cv" in proc.stdout + proc.stderr
    return work / ".test" / "results"


def _fold_metrics_from_scores(scores: pd.DataFrame) -> pd.DataFrame:
    """Accuracy and AUC (%) of every (repetition, fold), recomputed from the scores: accuracy the share of
    ``y_pred == y_true``; AUC scikit-learn's (binary: the second class's probability; more classes: one-vs-one
    macro, Hand & Till's M), NaN for a binary fold with one class."""
    classes = [c[2:] for c in scores.columns if c.startswith("p:")]
    rows = []
    for (r, k), g in scores.groupby(["repetition", "fold"]):
        y = g["y_true"].astype(str).to_numpy()
        P = g[[f"p:{c}" for c in classes]].to_numpy()
        if len(classes) == 2:
            auc = roc_auc_score(y == classes[1], P[:, 1]) if len(set(y)) == 2 else np.nan
        else:
            auc = roc_auc_score(y, P, multi_class="ovo", labels=classes)
        acc = 100 * np.mean(y == g["y_pred"].astype(str))
        rows += [{"repetition": r, "fold": k, "metric": "accuracy", "value": acc},
                 {"repetition": r, "fold": k, "metric": "auc", "value": 100 * auc}]
    return pd.DataFrame(rows)


def test_repeated_tests_table_recomputed_from_the_scores(repeated_run):
    res = repeated_run
    table = pd.read_csv(res / "tables" / "repeated_tests.csv", keep_default_na=False, na_values=[""])
    cfg = yaml.safe_load((REPO_ROOT / ".test" / "config" / "config.yaml").read_text())
    study = cfg["studies"]["huang_ling_2005"]
    main, svm = study["main_table"]["learners"], study["svm_table"]
    groups = [(study["datasets"], main), (svm["datasets"], [svm["learner"], *svm["compare"]])]
    expected_rows = {(d, m, a, b) for ds, ls in groups for d in ds for i, a in enumerate(ls) for b in ls[i + 1:]
                     for m in ("accuracy", "auc")}
    assert set(zip(table["dataset"], table["metric"], table["a"], table["b"])) == expected_rows
    assert (table["rounds"] == B).all()
    protocol = "whole_data"
    seen_constant = 0
    for d in sorted({d for ds, _ in groups for d in ds}):
        folds = pd.read_csv(res / "repeated" / "folds" / f"{d}.csv")
        assert sorted(folds["repetition"].unique()) == list(range(B))
        single_folds = pd.read_csv(res / "folds" / f"{d}.csv")
        metrics = {}
        for learner in sorted({l for ds, ls in groups if d in ds for l in ls}):
            scores = pd.read_parquet(res / "repeated" / "scores" / protocol / d / f"{learner}.parquet")
            # round 0 is the default run's cross-validation, score for score
            single = pd.read_parquet(res / "scores" / protocol / d / f"{learner}.parquet")
            first = scores[scores["repetition"] == 0].drop(columns="repetition").reset_index(drop=True)
            pd.testing.assert_frame_equal(first, single.reset_index(drop=True), check_like=True)
            metrics[learner] = _fold_metrics_from_scores(scores)
            stored = pd.read_csv(res / "repeated" / "metrics" / protocol / d / f"{learner}.csv")
            mine = metrics[learner].merge(stored, on=["repetition", "fold", "metric"], suffixes=("", "_stored"))
            assert len(mine) == len(stored) == 2 * len(folds[["repetition", "fold"]].drop_duplicates())
            np.testing.assert_allclose(mine["value"], mine["value_stored"], rtol=0, atol=1e-9)
        for _, row in table[table["dataset"] == d].iterrows():
            a = metrics[row["a"]].query("metric == @row.metric").set_index(["repetition", "fold"])["value"]
            b = metrics[row["b"]].query("metric == @row.metric").set_index(["repetition", "fold"])["value"]
            both = pd.concat({"a": a, "b": b}, axis=1).dropna(how="all")  # a fold with no AUC for either: left out
            rounds = both.groupby(level="repetition").mean()
            delta = (rounds["a"] - rounds["b"]).to_numpy()
            assert row["delta_A"] == pytest.approx(delta.mean(), rel=1e-12, abs=1e-12)
            ref = stats.ttest_rel(rounds["a"], rounds["b"])
            if np.ptp(delta) <= 1e-12 * max(1.0, np.abs(delta).max()):  # σ = 0: scipy's t = ±∞ or NaN
                seen_constant += 1
                c = delta.mean()
                assert row["rounds_note"].startswith(f"σ = 0: every round differs by {c:.6g}")
                if abs(c) <= 1e-12:
                    assert np.isnan(row["rounds_t"]) and np.isnan(row["rounds_p"])
                else:
                    assert row["rounds_t"] == np.sign(c) * np.inf and row["rounds_p"] == 0.0
            else:
                assert pd.isna(row["rounds_note"])
                assert row["rounds_t"] == pytest.approx(ref.statistic, rel=1e-9)
                # (Aggarwal eq. 10.79 by hand)
                assert row["rounds_t"] == pytest.approx(delta.mean() * np.sqrt(B) / delta.std(ddof=1), rel=1e-9)
                assert row["rounds_p"] == pytest.approx(ref.pvalue, rel=1e-9)
            # naive and corrected t over the b × k folds (both learners with a value)
            f = both.dropna()
            diff = (f["a"] - f["b"]).to_numpy()
            k = int(folds["fold"].nunique())
            if diff.std(ddof=1) > 0:
                naive = stats.ttest_rel(f["a"], f["b"])
                assert row["naive_t"] == pytest.approx(naive.statistic, rel=1e-9)
                corrected = diff.mean() / np.sqrt((1 / len(diff) + 1 / (k - 1)) * diff.var(ddof=1))
                assert row["corrected_t"] == pytest.approx(corrected, rel=1e-9)
            assert row["folds"] == len(f)
    print(f"{seen_constant} rows with σ = 0")
