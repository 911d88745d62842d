"""The scorecard itself: every published cell and verdict in one frame, and its summaries.

:func:`scorecard` joins the cell rows (:mod:`aucacc.report.scorecard.cells`), the shift and offset
rows and the re-judged widened cells (:mod:`aucacc.report.scorecard.strict`), the verdict rows
(:mod:`aucacc.report.scorecard.verdicts`) and the sources' worked examples
(:mod:`aucacc.report.scorecard.sources`); :func:`summary`, :func:`source_summary`,
:func:`summary_line` and :func:`expectation_mismatches` read the finished card.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable, Mapping

import pandas as pd

from aucacc.provenance import verified
from aucacc.report.claims import declared_status, known_fail
from aucacc.report.scorecard.cells import cell_rows
from aucacc.report.scorecard.evidence import add_evidence, impossible_but_passing, systematic_shift_rows
from aucacc.report.scorecard.sources import HAND, SOURCES, worked_example_rows
from aucacc.report.scorecard.sources import source_summary as _source_summary
from aucacc.report.scorecard.strict import expected_widened, judge_widened, offset_rows, widened
from aucacc.report.scorecard.verdicts import verdict_rows

# "hand check": a worked example whose reference is the project's own hand computation agrees with the
# library; it is not a reproduction of a printed value (sources.worked_example_rows).
STATUSES = ("pass", "FAIL", "explained", "not reproducible", HAND, "missing")
# ``source``: the document the row checks (sources.SOURCES); rows added by other stages carry it too.
COLUMNS = ["kind", "source", "table", "section", "cell", "dataset", "learner", "metric", "stat", "published", "ours",
           "difference", "sd_units", "tolerance", "accept_lo", "accept_hi", "rule", "status", "reason"]


def load_tables(paths: Iterable[str | os.PathLike]) -> dict[str, pd.DataFrame]:
    """The table CSVs ``paths`` (e.g. a rule's declared inputs), keyed by file stem, in sorted order.

    Each is checked against the SHA-256 of its provenance record (:func:`aucacc.provenance.verified`).
    """
    return {Path(p).stem: pd.read_csv(verified(p)) for p in sorted(paths, key=lambda p: Path(p).name)}


def load_published(paths: Iterable[str | os.PathLike]) -> dict[str, pd.DataFrame]:
    """The published CSVs ``paths`` as text (the printed digits matter), keyed by stem, in sorted order."""
    return {Path(p).stem: pd.read_csv(p, dtype=str, keep_default_na=False)
            for p in sorted(paths, key=lambda p: Path(p).name)}


def scorecard(tables: Mapping[str, pd.DataFrame], claims: dict,
              published: Mapping[str, pd.DataFrame], alpha: float) -> pd.DataFrame:
    """Build the scorecard: one row per published cell and per verdict of the claims file.

    Parameters
    ----------
    tables : the workflow's tables, stem → frame (:func:`load_tables` of the rule's inputs).
        A table that is absent gives its cells status ``missing``; nothing is skipped.
    claims : the parsed claims file (:func:`aucacc.report.claims.load_claims`).
    published : the published tables, stem → frame read as text (:func:`load_published`).
    alpha : config ``protocol.alpha``, the level of the t-tests the evidence re-runs (the AUC
        significance claims under per-fold discretization).

    Returns
    -------
    DataFrame with the columns :data:`COLUMNS`, one row per cell of every published file that
    the claims file lists, then one per verdict.

    Raises
    ------
    ValueError
        If a published file has no entry in the claims file (every published number must be judged).
    """
    # The paper's data sets per table and its fold count, for checks that need the paper's scope.
    ctx = {**tables, "__published__": {k: set(v["dataset"]) for k, v in published.items() if "dataset" in v},
           "__published_frames__": published, "__alpha__": alpha}
    if "cde_folds" in published:
        ctx["__published__"]["cde_folds_n"] = int(sum(float(published["cde_folds"].iloc[0][k]) for k in "RSPQV"))
    rows: list[dict[str, Any]] = []
    for name, pub in published.items():
        rows += cell_rows(name, pub, ctx, claims, published)
    cells = pd.DataFrame(rows, columns=COLUMNS)
    # A published AUC that no ranking can give (auc_impossible) is never a pass, whatever the claims declare.
    bad = cells["cell"].isin(impossible_but_passing(cells, ctx))
    cells.loc[bad, "status"] = "not reproducible"
    cells.loc[bad, "reason"] = ("listed in auc_impossible.csv (published accuracy 100.0 ± 0.0 with an AUC below 100), "
                                "so a pass here is by tolerance only; declare it under 'status' in config/claims.yaml")
    shifts = pd.DataFrame(systematic_shift_rows(cells, claims), columns=COLUMNS)
    offsets = pd.DataFrame(offset_rows(cells, claims), columns=COLUMNS)
    # A cell that passes only by the widening of its tolerance is explained by a FAIL row, or fails.
    judged = judge_widened(pd.concat([cells, shifts, offsets], ignore_index=True), claims)
    card = pd.concat([judged, pd.DataFrame(verdict_rows(judged, ctx, claims), columns=COLUMNS),
                      pd.DataFrame(worked_example_rows(ctx, claims), columns=COLUMNS)], ignore_index=True)
    return add_evidence(card, ctx, claims)


def summary(card: pd.DataFrame) -> pd.DataFrame:
    """Counts of each status per table and overall (last row ``all``)."""
    tab = pd.crosstab(card["table"], card["status"]).reindex(columns=list(STATUSES), fill_value=0)
    order = list(dict.fromkeys(card["table"]))
    tab = tab.reindex(order)
    tab.loc["all"] = tab.sum()
    tab.insert(0, "rows", tab.sum(axis=1))
    return tab.reset_index().rename(columns={"index": "table"})


def source_summary(card: pd.DataFrame) -> pd.DataFrame:
    """Counts of each status per source document (the five of :data:`SOURCES` first) and overall (``all``)."""
    return _source_summary(card, STATUSES)


def tolerance_only(card: pd.DataFrame, claims: dict) -> pd.DataFrame:
    """The cells that pass their rule only by the widening of the tolerance, with the status each now has."""
    return card[widened(card, claims)][["cell", "published", "ours", "difference", "tolerance", "status", "reason"]]


def summary_line(card: pd.DataFrame) -> str:
    """One line: rows and the count of each status."""
    c = card["status"].value_counts()
    return f"{len(card)} rows: " + ", ".join(f"{int(c.get(s, 0))} {s}" for s in STATUSES if c.get(s, 0))


def expectation_mismatches(card: pd.DataFrame, claims: dict) -> list[str]:
    """Rows whose status differs from what the claims file expects.

    Expected: ``pass`` unless the cell is declared (``explained`` / ``not reproducible``), listed
    under ``known_fail`` (then ``FAIL``), passes only by the widening (then what ``widening`` in the
    claims file says: ``explained`` by a FAIL row, else ``FAIL`` if listed as a known fail) or is a
    hand-computed worked example (``hand check``). A row ``missing`` (its table was not made, or lacks the
    cell) is a difference too: the claims file expects every cell judged. An empty list means the
    run reproduces exactly what the claims file says it should.
    """
    out = []
    status_of = dict(zip(card["cell"], card["status"]))
    for r in card.itertuples():
        declared = declared_status(r.cell, claims)
        wide = None if declared else expected_widened(r, claims, status_of)
        hand = r.kind == "worked example" and r.stat != "printed"
        want = (declared[0] if declared else wide if wide else HAND if hand else
                "FAIL" if known_fail(r.cell, claims) else "pass")
        if r.status != want:
            out.append(f"{r.cell}: {r.status}, expected {want} (published {r.published}, ours {r.ours}, rule: {r.rule})")
    return out
