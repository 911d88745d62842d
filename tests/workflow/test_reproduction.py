"""Regression against the published numbers: the main job (NB, C4.4, C4.5 on 18 data sets) end to end.

Runs the library pipeline exactly as the workflow does — clean, whole-data Fayyad–Irani
discretization, the seeded 10 folds, cross-validation, fold metrics — builds the tables the
workflow builds (main table, t-tests, C/D/E) and judges every published cell and verdict they
hold with the scorecard, i.e. with the rules and tolerances of ``config/claims.yaml``; no
threshold is written here. Claims that pass must pass; claims the claims file lists as
``known_fail`` must still fail (with their reason), so any change is noticed either way.
"""

from pathlib import Path

import pandas as pd
import pytest

from aucacc.config import load_config
from aucacc.datasets import load_dataset
from aucacc.evaluation.cross_validate import cross_validate, fold_metrics
from aucacc.evaluation.folds import derive_seed, stratified_folds
from aucacc.learners.factory import make_learner
from aucacc.report.paper_tables import beside_published, published_long
from aucacc.studies.fold_tables import cde_table, significance_table, summary_table
from aucacc.report.claims import load_claims
from aucacc.report.scorecard import expectation_mismatches, load_published, scorecard

PUB = Path(__file__).resolve().parents[2] / "config" / "published"
LEARNERS = ["NB", "C4.4", "C4.5"]
PAIRS = [("C4.4", "NB"), ("C4.5", "NB"), ("C4.5", "C4.4")]
CLAIMS = load_claims(PUB.parent / "claims.yaml")
PUBLISHED = load_published(PUB.glob("*.csv"))
ALPHA = load_config()["protocol"]["alpha"]


@pytest.fixture(scope="module")
def metrics(mirror, tmp_path_factory):
    import os

    os.environ.setdefault("AUCACC_MIRROR", str(mirror))
    cfg = load_config()
    cfg["cache"] = str(tmp_path_factory.mktemp("cache"))
    frames = []
    for name in pd.read_csv(PUB / "uci_nb_c44_c45.csv")["dataset"]:
        ds = load_dataset(name, cfg)
        folds = stratified_folds(ds.y, cfg["protocol"]["n_folds"], derive_seed(cfg["seed"], "folds", name))
        for lrn in LEARNERS:
            scores, _ = cross_validate(ds, folds, lambda: make_learner(cfg["learners"][lrn]), "whole_data")
            frames.append(fold_metrics(scores).assign(dataset=name, learner=lrn))
    return pd.concat(frames, ignore_index=True)


def paper_tables(metrics: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The tables the workflow's main_table rule writes, from fold metrics (same library calls)."""
    pub = published_long(pd.read_csv(PUB / "uci_nb_c44_c45.csv"))
    return {"uci_nb_c44_c45": beside_published(summary_table(metrics), pub, CLAIMS),
            "significance_uci": significance_table(metrics, LEARNERS, ALPHA),
            "cde_folds": cde_table(metrics, PAIRS)}


def assert_reproduces(card: pd.DataFrame) -> None:
    """Every judged claim has the status the claims file expects (pass, or its known FAIL)."""
    bad = expectation_mismatches(card[card["status"] != "missing"], CLAIMS)  # only the tables made here
    assert not bad, "claims whose status changed:\n" + "\n".join(bad)


@pytest.fixture(scope="module")
def card(metrics):
    return scorecard(paper_tables(metrics), CLAIMS, PUBLISHED, ALPHA)


def test_every_claim_of_the_main_job_as_the_claims_file_expects(card):
    judged = card[card["status"] != "missing"]
    # All 216 cells of the main table, its 6 averages, its 6 verdicts, the 24 C/D/E cells and
    # the verdicts computed from them (AUC ordering, C/D/E, accuracy per data set).
    assert (judged["table"].value_counts().reindex(["uci_nb_c44_c45", "uci_averages", "significance", "cde_folds"])
            .tolist() == [216, 6, 6, 24])
    assert set(judged.loc[judged["kind"] == "verdict", "cell"]) == {
        "verdict:auc_ordering_18", "verdict:cde_folds", "verdict:accuracy_per_dataset_18",
        "verdict:cde_c45_c44_highest_e", "verdict:cde_c45_c44_highest_d"}
    # One systematic-shift row per data set of the main table, one offset row per metric.
    assert (judged["table"] == "systematic_shift").sum() == 18
    assert set(judged.loc[judged["kind"] == "offset", "cell"]) == {"offset:uci_nb_c44_c45:accuracy",
                                                                 "offset:uci_nb_c44_c45:auc"}
    assert_reproduces(card)


def test_offsets_and_the_cells_that_pass_only_by_the_widened_tolerance(card):
    from aucacc.report.scorecard import tolerance_only

    c = card.set_index("cell")
    # The AUC offset (the AUC gap) is significant; the accuracy offset is not.
    assert c.loc["offset:uci_nb_c44_c45:auc", "status"] == "FAIL" and c.loc["offset:uci_nb_c44_c45:auc", "difference"] > 4
    assert c.loc["offset:uci_nb_c44_c45:accuracy", "status"] == "pass"
    # No cell more than 3 points off the paper is a pass: each is explained by a FAIL row or fails.
    wide = tolerance_only(card, CLAIMS)
    assert len(wide) > 0 and set(wide["status"]) <= {"explained", "FAIL"}
    assert c.loc["uci_nb_c44_c45:hepatitis:c45_auc", "status"] == "explained"


def test_headline_claims(card):
    c = card.set_index("cell")["status"]
    # The paper's AUC ordering NB > C4.4 > C4.5 and its significance (§IV-B) reproduce.
    assert c["verdict:auc_ordering_18"] == "pass"
    assert c["significance:uci_nb_c44_c45/auc/NB/C4.5:published_outcome"] == "pass"
    assert c["significance:uci_nb_c44_c45/auc/C4.4/C4.5:published_outcome"] == "pass"
    for pair in ("NB/C4.4", "NB/C4.5", "C4.4/C4.5"):
        assert c[f"significance:uci_nb_c44_c45/accuracy/{pair}:published_outcome"] == "pass"
    assert c["verdict:cde_folds"] == "pass"
    # Accuracy averages within 1.5 points for the trees (NB: see the claims file).
    assert c["uci_averages:uci_nb_c44_c45/accuracy/C4.4:average"] == "pass"
    assert c["uci_averages:uci_nb_c44_c45/accuracy/C4.5:average"] == "pass"


def test_a_perturbed_result_fails_the_scorecard_and_this_test(metrics):
    """Flip one published claim by perturbing one stored result: both the scorecard and the check fail."""
    m = metrics.copy()
    hit = (m["dataset"] == "breast") & (m["learner"] == "NB") & (m["metric"] == "accuracy")
    m.loc[hit, "value"] -= 10.0  # breast NB accuracy 97.5 ± 2.9 published: 10 points is outside max(3, 4.35)
    card = scorecard(paper_tables(m), CLAIMS, PUBLISHED, ALPHA)
    row = card.set_index("cell").loc["uci_nb_c44_c45:breast:nb_acc"]
    assert row["status"] == "FAIL" and row["difference"] < -4.35
    with pytest.raises(AssertionError, match="uci_nb_c44_c45:breast:nb_acc: FAIL, expected pass"):
        assert_reproduces(card)
