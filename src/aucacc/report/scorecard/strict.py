"""The strict judgements of the card: a systematic offset is a finding, and no cell passes by the tolerance alone.

:func:`offset_rows` gives one row per (published fold table, metric): the mean signed difference
ours − published over the data sets, with a paired t-test against 0; a significant offset is a FAIL
row of its own, whatever the cells say. :func:`judge_widened` re-judges the fold-mean cells that
pass only because the tolerance was widened to 1.5 × the published sd (|ours − published| beyond
the rule's ``abs`` points): each is ``explained`` by an entry under ``widening`` of the claims file
(which names the FAIL row carrying the finding, e.g. the offset or the shift row), or ``FAIL``.
"""

from __future__ import annotations

import fnmatch
import math
from typing import Any, Mapping

import numpy as np
import pandas as pd

from aucacc.report.claims import judge, known_fail
from aucacc.report.scorecard.cells import SOURCE as SOURCE_HL


def offset_rows(cells: pd.DataFrame, claims: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per (table, metric) of ``systematic_offset`` in the claims file: is ours offset from the paper?

    Over the fold-mean cells of the table and metric (every learner), leaving out the cells declared
    ``not reproducible`` (a published value no computation can give): per data set the mean over its
    learners of ours and of the published value, then the two-sided paired t-test of ours against
    published over the data sets (:func:`scipy.stats.ttest_rel`; the same as a one-sample t-test
    of the differences against 0). FAIL when ``p < alpha`` of the rule (``systematic_offset.rule``),
    whatever the cells' own statuses. ``accept_lo``–``accept_hi`` is the range of mean offsets the
    test would not call significant (± t_crit × its standard error). A table or metric with a
    missing cell, or fewer than 3 data sets, is ``missing``.
    """
    from scipy import stats

    spec = claims.get("systematic_offset")
    if not spec:
        return []
    r = claims["rules"][spec["rule"]]
    alpha = float(r["alpha"])
    rows = []
    for table in spec["tables"]:
        for metric in spec["metrics"]:
            cell = f"offset:{table}:{metric}"
            g = cells[(cells["table"] == table) & (cells["stat"] == "mean") & (cells["metric"] == metric)]
            used = g[g["status"] != "not reproducible"]
            ours_t, mean, lo, hi, diff = "", float("nan"), float("nan"), float("nan"), float("nan")
            if not len(g) or (g["status"] == "missing").any() or used["dataset"].nunique() < 3:
                ok = None
            else:
                per = used.assign(ours=pd.to_numeric(used["ours"]), published=pd.to_numeric(used["published"])
                                  ).groupby("dataset", sort=False)[["ours", "published"]].mean()
                d = per["ours"] - per["published"]
                n = len(d)
                se = float(d.std(ddof=1) / math.sqrt(n))
                crit = float(stats.t.ppf(1 - alpha / 2, n - 1))
                mean, lo, hi, diff = float(d.mean()), -crit * se, crit * se, float(d.mean())
                if se > 1e-9:
                    t = stats.ttest_rel(per["ours"], per["published"])
                    tstat, p = float(t.statistic), float(t.pvalue)
                else:  # every data set off by the same amount: no spread, the offset is certain (or zero)
                    tstat, p = (math.copysign(math.inf, mean), 0.0) if abs(mean) > 1e-9 else (0.0, 1.0)
                ok = not p < alpha
                by = used.assign(d=pd.to_numeric(used["ours"]) - pd.to_numeric(used["published"])
                                 ).groupby("learner", sort=False)["d"].agg(["mean", "count"])
                left = sorted(set(g["cell"]) - set(used["cell"]))
                ours_t = (f"mean offset {mean:+.2f} points over {n} data sets (t = {tstat:.2f}, "
                          f"p = {p:.2g}); above the paper on {int((d > 0).sum())} of {n}; per learner: "
                          + ", ".join(f"{k} {v['mean']:+.2f} ({int(v['count'])} cells)" for k, v in by.iterrows())
                          + (f"; left out (not reproducible): {', '.join(c.split(':')[1] + ' ' + c.split(':')[2] for c in left)}"
                             if left else ""))
            status, why = judge(cell, ok, claims)
            rows.append({"kind": "offset", "source": SOURCE_HL, "table": "systematic_offset",
                         "section": claims["tables"][table]["section"], "cell": cell, "dataset": f"({table})",
                         "learner": "every learner", "metric": metric, "stat": "mean offset",
                         "published": "mean signed difference 0", "ours": ours_t, "difference": diff,
                         "sd_units": float("nan"), "tolerance": f"paired t-test p ≥ {alpha:g}", "accept_lo": lo,
                         "accept_hi": hi, "rule": r["text"], "status": status, "reason": why})
    return rows


def _widening_entry(cell: str, claims: Mapping[str, Any]) -> dict | None:
    for e in claims.get("widening", {}).get("explained", []):
        if any(fnmatch.fnmatchcase(cell, p) for p in e["cells"]):
            return e
    return None


def widened(card: pd.DataFrame, claims: Mapping[str, Any]) -> pd.Series:
    """Boolean mask: fold-mean cells inside their tolerance but more than the rule's ``abs`` points off the paper.

    Only the rule named by ``widening.rule`` (``fold_mean``: max(abs, sd × published sd)) widens
    with the published sd; a cell within ``abs`` points passes on its own.
    """
    spec = claims.get("widening")
    if not spec or card.empty:
        return pd.Series(False, index=card.index)
    r = claims["rules"][spec["rule"]]
    d = pd.to_numeric(card["difference"], errors="coerce")
    ours = pd.to_numeric(card["ours"], errors="coerce")
    inside = (ours >= pd.to_numeric(card["accept_lo"], errors="coerce") - 1e-9) & (
        ours <= pd.to_numeric(card["accept_hi"], errors="coerce") + 1e-9)
    return (card["kind"] == "cell") & (card["rule"] == r["text"]) & (d.abs() > r["abs"] + 1e-9) & inside


def judge_widened(card: pd.DataFrame, claims: Mapping[str, Any]) -> pd.DataFrame:
    """Re-judge the cells that pass only through the widening (:func:`widened`) and are not declared otherwise.

    A cell matched by an entry under ``widening.explained`` becomes ``explained`` when the row the
    entry names under ``by`` (e.g. ``offset:uci_nb_c44_c45:auc``, ``shift:uci_nb_c44_c45:pima``) is a
    FAIL on this card: the finding is counted once, on that row. Otherwise (no entry, or the named
    row is not a FAIL) the cell is a ``FAIL``. The reason says which.
    """
    card = card.copy()
    spec = claims.get("widening")
    if not spec:
        return card
    r = claims["rules"][spec["rule"]]
    status = card.set_index("cell")["status"]
    for i in card.index[widened(card, claims) & (card["status"] == "pass")]:
        cell = card.at[i, "cell"]
        lead = (f"passes only through the widening of the tolerance to {card.at[i, 'tolerance']} "
                f"(|ours − published| = {abs(float(card.at[i, 'difference'])):.2f} > {r['abs']:g} points)")
        e = _widening_entry(cell, claims)
        by = e.get("by") if e else None
        if e and by and status.get(by) == "FAIL":
            card.at[i, "status"] = "explained"
            why = f"{lead}; explained: {e['reason']} (the finding is the FAIL row {by})"
        elif e:
            card.at[i, "status"] = "FAIL"
            why = f"{lead}; {e['reason']}, but the row {by} is {status.get(by, 'absent')} on this card"
        else:
            card.at[i, "status"] = "FAIL"
            known = known_fail(cell, claims)
            why = (f"{lead}; known: {known}" if known else
                   f"{lead}, and no entry under 'widening.explained' or 'known_fail' in config/claims.yaml explains it")
            card.at[i, "reason"] = why  # the rule's "listed as a known fail but passes" no longer holds
            continue
        card.at[i, "reason"] = "; ".join(x for x in (why, card.at[i, "reason"]) if x)
    return card


def expected_widened(row, claims: Mapping[str, Any], status_of: Mapping[str, str]) -> str | None:
    """The status the claims file expects of a widened cell (:func:`judge_widened`), or None if ``row`` is not one."""
    spec = claims.get("widening")
    if not spec or row.kind != "cell" or row.rule != claims["rules"][spec["rule"]]["text"]:
        return None
    r = claims["rules"][spec["rule"]]
    try:
        d, o, lo, hi = float(row.difference), float(row.ours), float(row.accept_lo), float(row.accept_hi)
    except (TypeError, ValueError):
        return None
    if not (abs(d) > r["abs"] + 1e-9 and lo - 1e-9 <= o <= hi + 1e-9):
        return None
    e = _widening_entry(row.cell, claims)
    if e:
        return "explained" if status_of.get(e.get("by")) == "FAIL" else "FAIL"
    return "FAIL" if known_fail(row.cell, claims) else None  # unlisted: the claims file expects a pass
