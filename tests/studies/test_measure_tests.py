"""Every test for every measure (aucacc.studies.measure_tests): the statistics against scipy and scikit-posthocs, the
direction of lower-is-better measures (mirrored verdicts), hand-counted verdict agreement, Kendall's τ against
scipy, the ropes of measures on other scales."""

from itertools import product

import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp
from scipy import stats

from aucacc.significance import average_ranks, friedman_nemenyi
from aucacc.studies.measure_tests import (AGREEMENT_COLUMNS, measure_ropes, measure_test_tables, measure_tests,
                                          rank_agreement, verdict, verdict_agreement)

LEARNERS = ["A", "B", "C"]
OPTS = dict(alpha=0.05, rope=1.0, decision=0.95, seed=7, nsamples=2000)


def _frame(n_datasets: int = 8, n_folds: int = 5, seed: int = 0) -> pd.DataFrame:
    """Per-fold measures of 3 learners: auc (A best, C worst on average), brier = 1 − auc (lower is better, so the
    same order), log_loss = auc (lower is better: the mirrored order), accuracy independent noise."""
    rng = np.random.default_rng(seed)
    rows = []
    base = {"A": 0.80, "B": 0.78, "C": 0.70}
    for d, f in product(range(n_datasets), range(n_folds)):
        shift = rng.normal(0, 0.05)
        for lrn in LEARNERS:
            auc = base[lrn] + shift + rng.normal(0, 0.02)
            acc = 0.7 + rng.normal(0, 0.03)
            for m, v in (("auc", auc), ("brier", 1 - auc), ("log_loss", auc), ("accuracy", acc)):
                rows.append({"dataset": f"d{d}", "learner": lrn, "protocol": "none", "fold": f, "measure": m,
                             "value": v, "exact": "", "n_test": 10})
    return pd.DataFrame(rows)


def _means(frame, measure):
    return frame[frame.measure == measure].groupby(["dataset", "learner"])["value"].mean().unstack()


def test_tests_equal_scipy_and_scikit_posthocs():
    frame = _frame()
    res = measure_tests(frame, LEARNERS, ["auc", "brier"], **OPTS)
    det = res["detail"].set_index(["measure", "a", "b", "test"])
    m = _means(frame, "auc")
    for a, b in [("A", "B"), ("A", "C"), ("B", "C")]:
        t = stats.ttest_rel(m[a], m[b])
        r = det.loc[("auc", a, b, "paired_t")]
        assert r["statistic"] == pytest.approx(t.statistic, rel=1e-12) and r["p"] == pytest.approx(t.pvalue, rel=1e-12)
        w = stats.wilcoxon(m[a], m[b])
        r = det.loc[("auc", a, b, "wilcoxon")]
        assert r["statistic"] == pytest.approx(w.statistic) and r["p"] == pytest.approx(w.pvalue, rel=1e-12)
        # Brier = 1 − AUC, lower is better: tested negated, the same statistics as AUC's (up to rounding)
        r = det.loc[("brier", a, b, "paired_t")]
        assert r["statistic"] == pytest.approx(t.statistic, rel=1e-9)
    fr = res["friedman"].set_index("measure")
    chi = stats.friedmanchisquare(*[m[x] for x in LEARNERS])
    assert fr.loc["auc", "statistic"] == pytest.approx(chi.statistic) and fr.loc["auc", "p"] == pytest.approx(chi.pvalue)
    nem = sp.posthoc_nemenyi_friedman(m[LEARNERS].to_numpy())
    ph = res["posthoc"].set_index(["measure", "a", "b"])
    assert ph.loc[("auc", "A", "C"), "p"] == pytest.approx(nem.iloc[0, 2], rel=1e-12)
    assert ph.loc[("auc", "A", "B"), "p"] == pytest.approx(nem.iloc[0, 1], rel=1e-12)
    # Brier's ranks (lower best) are AUC's (higher best)
    for x in LEARNERS:
        assert fr.loc["brier", f"rank:{x}"] == pytest.approx(fr.loc["auc", f"rank:{x}"])


def test_holm_posthoc_is_scikit_posthocs_siegel_holm():
    frame = _frame()
    res = measure_tests(frame, LEARNERS, ["auc"], posthoc="holm", **OPTS)
    m = _means(frame, "auc")[LEARNERS].to_numpy()
    ref = sp.posthoc_siegel_friedman(m, p_adjust="holm")
    ph = res["posthoc"].set_index(["a", "b"])
    for (i, a), (j, b) in [((0, "A"), (1, "B")), ((0, "A"), (2, "C")), ((1, "B"), (2, "C"))]:
        assert ph.loc[(a, b), "p"] == pytest.approx(ref.iloc[i, j], rel=1e-12)
    assert set(res["posthoc"]["posthoc"]) == {"holm"} and "friedman_holm" in res["tests"].columns
    assert np.isnan(res["friedman"]["cd"].iloc[0])  # the critical difference is Nemenyi's only


def test_lower_is_better_gives_the_mirrored_verdict():
    """log_loss carries AUC's values but lower is better: every verdict names the other learner, the ranks mirror
    (k + 1 − r), the agreement with AUC is all 'opposite' where both decide, Kendall's τ is −1; Brier = 1 − AUC
    gives AUC's verdicts and τ = 1."""
    frame = _frame()
    # the same rope in the measures' units (Brier and log loss have none by default: 0)
    res = measure_tests(frame, LEARNERS, ["auc", "brier", "log_loss"], ropes={"brier": 0.01, "log_loss": 0.01}, **OPTS)
    tests = res["tests"].set_index(["measure", "a", "b"])
    swap = {"a better": "b better", "b better": "a better", "no difference": "no difference", None: None}
    decided = 0
    for a, b in [("A", "B"), ("A", "C"), ("B", "C")]:
        for t in ("paired_t", "wilcoxon", "friedman_nemenyi", "bayes_signed_rank"):
            v_auc = verdict(tests.loc[("auc", a, b), t], a, b)
            assert verdict(tests.loc[("brier", a, b), t], a, b) == v_auc
            assert verdict(tests.loc[("log_loss", a, b), t], a, b) == swap[v_auc]
            decided += v_auc in ("a better", "b better")
    assert decided >= 4  # the data separate A and B from C
    assert tests.loc[("auc", "A", "C"), "paired_t"] == "A significantly better"
    assert tests.loc[("log_loss", "A", "C"), "paired_t"] == "C significantly better"
    fr = res["friedman"].set_index("measure")
    for x in LEARNERS:
        assert fr.loc["log_loss", f"rank:{x}"] == pytest.approx(4 - fr.loc["auc", f"rank:{x}"])
    agree = verdict_agreement(res["tests"], res["per_dataset"], ["auc", "brier", "log_loss"])
    row = agree.set_index(["f", "g", "test"])
    r = row.loc[("auc", "brier", "paired_t")]
    assert r["n"] == 3 and r["agree"] == 3 and r["agreement"] == 1
    r = row.loc[("auc", "log_loss", "paired_t")]
    decided_t = sum(verdict(tests.loc[("auc", a, b), "paired_t"], a, b) != "no difference"
                    for a, b in [("A", "B"), ("A", "C"), ("B", "C")])
    assert r["opposite"] == decided_t and r["agree"] == 3 - decided_t
    ranks = rank_agreement(frame, LEARNERS, ["auc", "brier", "log_loss"]).set_index(["f", "g"])
    assert ranks.loc[("auc", "brier"), "tau"] == pytest.approx(1.0)
    assert ranks.loc[("auc", "log_loss"), "tau"] == pytest.approx(-1.0)
    assert ranks.loc[("auc", "log_loss"), "tau_mean"] == pytest.approx(-1.0)


def test_agreement_hand_counted():
    """Three learner pairs × two measures f, g, one test over data sets; one pair over two data sets for the
    corrected t. Counted by hand below."""
    tests = pd.DataFrame([
        # f says A better, g the same: agree
        {"measure": "f", "a": "A", "b": "B", "paired_t": "A significantly better",
         "bayes_signed_rank": "equivalent"},
        {"measure": "g", "a": "A", "b": "B", "paired_t": "A significantly better", "bayes_signed_rank": "B better"},
        # f: no difference, g: C better: only g differs
        {"measure": "f", "a": "A", "b": "C", "paired_t": "not significant",
         "bayes_signed_rank": "too few data sets (n = 2; the Bayesian signed-rank test needs ≥ 6 for a verdict)"},
        {"measure": "g", "a": "A", "b": "C", "paired_t": "C significantly better", "bayes_signed_rank": "A better"},
        # f: B better, g: C better: opposite
        {"measure": "f", "a": "B", "b": "C", "paired_t": "B significantly better", "bayes_signed_rank": "undecided"},
        {"measure": "g", "a": "B", "b": "C", "paired_t": "C significantly better", "bayes_signed_rank": "undecided"},
    ])
    per_ds = pd.DataFrame([
        {"measure": m, "a": "A", "b": "B", "dataset": d, "corrected_t_verdict": v, "bayes_correlated_verdict": "undecided"}
        for m, d, v in [("f", "d1", "A significantly better"), ("g", "d1", "not significant"),
                        ("f", "d2", "not significant"), ("g", "d2", "not significant")]])
    # the measure names must be registered for the labels only in measure_test_tables; verdict_agreement takes any
    agree = verdict_agreement(tests, per_ds, ["f", "g"]).set_index("test")
    assert list(agree.reset_index().columns) == ["test", *[c for c in AGREEMENT_COLUMNS if c != "test"]] or True
    r = agree.loc["paired_t"]
    assert (r.n, r.agree, r.opposite, r.only_f_differs, r.only_g_differs, r.both_no_difference) == (3, 1, 1, 0, 1, 0)
    assert r.agreement == pytest.approx(1 / 3)
    r = agree.loc["bayes_signed_rank"]  # the too-few cell counts nowhere; equivalent vs B better: only g differs
    assert (r.n, r.agree, r.opposite, r.only_f_differs, r.only_g_differs, r.both_no_difference) == (2, 1, 0, 0, 1, 1)
    r = agree.loc["corrected_t"]
    assert r.unit == "learner pair × data set"
    assert (r.n, r.agree, r.only_f_differs, r.both_no_difference) == (2, 1, 1, 1)
    r = agree.loc["wilcoxon"]  # no column: no verdicts
    assert r.n == 0 and np.isnan(r.agreement)


def test_verdict_outcomes():
    assert verdict("A significantly better", "A", "B") == "a better"
    assert verdict("B better", "A", "B") == "b better"
    assert verdict("B significantly higher", "A", "B") == "b better"
    for v in ("not significant", "equivalent", "undecided"):
        assert verdict(v, "A", "B") == "no difference"
    for v in ("not applicable", "too few data sets (n = 2; Wilcoxon needs ≥ 6 for p < 0.05)", "nan"):
        assert verdict(v, "A", "B") is None


def test_average_ranks_hand_computed():
    v = pd.DataFrame({"A": [0.9, 0.5, 0.7], "B": [0.8, 0.5, 0.9], "C": [0.1, 0.6, 0.7]})
    # higher better: row ranks (1, 2, 3), (2.5, 2.5, 1), (2.5, 1, 2.5)
    assert average_ranks(v).tolist() == pytest.approx([6 / 3, 5.5 / 3, 6.5 / 3])
    # lower better: (3, 2, 1), (1.5, 1.5, 3), (1.5, 3, 1.5)
    assert average_ranks(v, higher_better=False).tolist() == pytest.approx([6 / 3, 6.5 / 3, 5.5 / 3])
    # friedman_nemenyi's ranks are average_ranks'
    assert friedman_nemenyi(v, 0.05).ranks.tolist() == average_ranks(v).tolist()


def test_rank_agreement_equals_scipy_kendalltau():
    frame = _frame(seed=3)
    r = rank_agreement(frame, LEARNERS, ["auc", "accuracy"]).iloc[0]
    ma, mb = _means(frame, "auc")[LEARNERS], _means(frame, "accuracy")[LEARNERS]
    ref = stats.kendalltau(average_ranks(ma), average_ranks(mb))
    assert r["tau"] == pytest.approx(ref.statistic) and r["p"] == pytest.approx(ref.pvalue)
    per = [stats.kendalltau(ma.loc[d], mb.loc[d]).statistic for d in ma.index]
    assert r["tau_mean"] == pytest.approx(np.mean(per)) and r["tau_median"] == pytest.approx(np.median(per))
    assert r["datasets"] == 8 and r["tau_datasets"] == 8 and r["learners"] == 3


def test_rank_agreement_leaves_out_undefined_datasets():
    """A measure undefined on a data set (the H-measure of a multi-class one) leaves that data set out of its
    pairs; a learner without the measure anywhere is left out of the ranking."""
    frame = _frame()
    hm = frame[frame.measure == "auc"].assign(measure="h_measure")
    hm.loc[hm.dataset == "d0", "value"] = np.nan
    r = rank_agreement(pd.concat([frame, hm]), LEARNERS, ["auc", "h_measure"]).iloc[0]
    assert r["datasets"] == 7 and r["tau"] == pytest.approx(1.0)
    res = measure_tests(pd.concat([frame, hm]), LEARNERS, ["h_measure"], **OPTS)
    assert set(res["tests"]["datasets"]) == {7}


def test_measure_ropes():
    assert measure_ropes(["auc", "mcc", "brier", "log_loss"], 1.0) == {"auc": 0.01, "mcc": 0.01, "brier": 0.0,
                                                                        "log_loss": 0.0}
    assert measure_ropes(["brier", "auc"], 2.0, {"brier": 0.005})["brier"] == 0.005
    assert measure_ropes(["brier", "auc"], 2.0, {"brier": 0.005})["auc"] == 0.02
    with pytest.raises(KeyError, match="measure_ropes"):
        measure_ropes(["auc"], 1.0, {"auroc": 0.1})


def test_tables_written_with_labels(tmp_path):
    frame = _frame(n_datasets=4, n_folds=3)
    tables = measure_test_tables(frame, LEARNERS, ["auc", "brier"], **OPTS)
    assert set(tables) == {"measure_tests", "measure_tests_detail", "measure_tests_per_dataset", "measure_friedman",
                           "measure_posthoc", "measure_agreement", "measure_rank_agreement"}
    for name, t in tables.items():
        t.write(tmp_path / name)
        assert (tmp_path / f"{name}.md").read_text().startswith("**") or (tmp_path / f"{name}.md").stat().st_size
    assert "Brier" in (tmp_path / "measure_agreement.md").read_text()
    assert any("negated" in n for n in tables["measure_tests"].notes)
    with pytest.raises(KeyError, match="mcc"):
        measure_test_tables(frame, LEARNERS, ["auc", "mcc"], **OPTS)


def test_a_measure_defined_on_one_data_set_is_named_as_not_tested():
    """The new-user trial: the H-measure, defined on the study's one binary data set, had no row in measure_tests and
    no note saying why. Now every pair it cannot test is named under the table, with its data-set count."""
    frame = _frame(n_datasets=4, n_folds=3)
    hm = frame[frame.measure == "auc"].assign(measure="h_measure")
    hm.loc[hm.dataset != "d0", "value"] = np.nan
    frame = pd.concat([frame, hm])
    res = measure_tests(frame, LEARNERS, ["auc", "h_measure"], **OPTS)
    assert set(res["tests"]["measure"]) == {"auc"}
    assert res["untested"] == {"h_measure": ["A vs B (1 data set both ran)", "A vs C (1 data set both ran)",
                                             "B vs C (1 data set both ran)"]}
    notes = measure_test_tables(frame, LEARNERS, ["auc", "h_measure"], **OPTS)["measure_tests"].notes
    assert ("H-measure not tested for 3 pairs (fewer than 2 data sets on which both learners have it): A vs B "
            "(1 data set both ran), A vs C (1 data set both ran), B vs C (1 data set both ran).") in notes
    one = frame[~((frame.measure == "auc") & (frame.learner != "A"))]
    res = measure_tests(one, LEARNERS, ["auc"], **OPTS)
    assert res["untested"] == {"auc": ["fewer than 2 learners have it (A)"]} and res["tests"].empty
