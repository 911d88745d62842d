"""The published cells of the scorecard: one row per cell of ``config/published/*.csv``, ours beside it.

One function per published file (:data:`CELL_ROWS`) turns its printed cells into scorecard rows:
it looks up ours in the workflow's table, applies the cell's rule from the claims file
(:func:`aucacc.report.claims.rule_for`) and judges it (:func:`aucacc.report.claims.judge`).
The columns of a row are those of :data:`aucacc.report.scorecard.card.COLUMNS`.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Mapping

import numpy as np
import pandas as pd

from aucacc.report.claims import fold_mean_tolerance, fold_sd_bounds, judge, rule_for
from aucacc.synthetic.published import matches_printed  # the one printed-value rule (synthetic endpoints)

SOURCE = "Huang & Ling 2005"  # a published table's source unless its claims entry names another (sources.SOURCES)
# Column prefixes/suffixes of the published wide fold tables (uci_nb_c44_c45.csv, svm_binary13.csv).
LEARNERS = {"nb": "NB", "c44": "C4.4", "c45": "C4.5", "svm": "SVM"}
_METRIC = {"acc": "accuracy", "auc": "auc"}


def _step(printed: str) -> float:
    return 10.0 ** -(len(printed.split(".")[1]) if "." in printed else 0)


def _num(x: Any) -> float:
    try:
        return float(x)
    except (TypeError, ValueError):
        return float("nan")


def _row(claims: dict, table: str, cell: str, *, published: Any, ours: Any, ok: bool | None, rule: str,
         difference: float = float("nan"), sd: float = float("nan"), tolerance: str = "", reason: str = "",
         lo: float = float("nan"), hi: float = float("nan"), **ident: Any) -> dict[str, Any]:
    status, why = judge(cell, ok, claims)
    units = difference / sd if sd and np.isfinite(sd) and sd > 0 and np.isfinite(difference) else float("nan")
    spec = claims["tables"][table]
    return {"kind": "cell", "source": spec.get("source", SOURCE), "table": table, "section": spec["section"], "cell": cell,
            "dataset": ident.get("dataset", ""), "learner": ident.get("learner", ""), "metric": ident.get("metric", ""),
            "stat": ident.get("stat", ""), "published": published, "ours": ours, "difference": difference,
            "sd_units": units, "tolerance": tolerance, "accept_lo": lo, "accept_hi": hi,
            "rule": claims["rules"][rule]["text"] if rule else "",
            "status": status, "reason": "; ".join(x for x in (why, reason) if x)}


def _ours_table(spec: dict, first_key: str, tables: Mapping[str, pd.DataFrame]) -> pd.DataFrame | None:
    name = spec["ours"] if isinstance(spec["ours"], str) else spec["ours"].get(first_key)
    return None if name is None else tables.get(name)


def _value_columns(pub: pd.DataFrame, spec: dict) -> list[str]:
    return [c for c in pub.columns if c not in spec["key"] and c != "note"]


def _cells(name: str, pub: pd.DataFrame, spec: dict):
    """(row key values, row key string, column, printed value) of every non-empty published cell."""
    for _, r in pub.iterrows():
        keys = [str(r[k]) for k in spec["key"]]
        for col in _value_columns(pub, spec):
            printed = str(r[col]).strip()
            if printed:
                yield r, keys, "/".join(keys), col, printed


def _keyed_cells(name: str, pub: pd.DataFrame, spec: dict, tables: Mapping[str, pd.DataFrame], key: str):
    """:func:`_cells` with our row of the same ``key`` value (None if our table or that row is missing).

    For the published files whose ours is one table with one row per value of ``key``.
    """
    ours_t = _ours_table(spec, "", tables)
    look = None if ours_t is None else ours_t.set_index(key)
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        yield r, rk, col, printed, (look.loc[r[key]] if look is not None and r[key] in look.index else None)


# --- one function per published file: each returns the scorecard rows of its cells -------------

def _numeric_rule(claims: dict, rule: str, ours: float, pub: float, printed: str, pub_sd: float = float("nan"),
                  se: float = float("nan")) -> dict[str, Any]:
    """Apply a numeric rule: ``ok``, tolerance text, ``sd`` for the sd-units column, accepted range ``lo``–``hi``."""
    nan = float("nan")
    if ours is None or not np.isfinite(ours):
        return {"ok": None}
    p = claims["rules"][rule]
    if rule == "equal":
        return {"ok": bool(math.isclose(ours, pub, rel_tol=0, abs_tol=1e-9)), "tolerance": "= published",
                "lo": pub, "hi": pub}
    if rule in ("fold_mean", "average", "sampled"):
        tol = (float(fold_mean_tolerance(pub_sd, claims)) if rule == "fold_mean" else
               p["abs"] if rule == "average" else p["z"] * se + _step(printed) / 2)
        return {"ok": bool(abs(ours - pub) <= tol), "tolerance": f"± {tol:.3g}", "lo": pub - tol, "hi": pub + tol,
                "sd": pub_sd if rule == "fold_mean" else se if rule == "sampled" else nan}
    if rule == "fold_sd":
        lo, hi = fold_sd_bounds(pub, _step(printed), claims)
        return {"ok": bool(lo <= ours <= hi), "tolerance": f"[{lo:.2f}, {hi:.2f}]", "lo": lo, "hi": hi, "sd": pub}
    if rule == "printed":
        half = _step(printed) / 2
        return {"ok": matches_printed(ours, printed), "tolerance": f"rounds to {printed}", "lo": pub - half,
                "hi": pub + half}
    if rule == "above_one":
        return {"ok": bool(ours > 1), "tolerance": "> 1", "lo": 1.0, "hi": nan}
    raise ValueError(f"rule {rule!r} is not a numeric rule")


def _wide_fold_rows(name, pub, spec, tables, claims):
    ours_t = _ours_table(spec, "", tables)
    look = {} if ours_t is None else {(r.dataset, r.learner, r.metric): r for r in ours_t.itertuples()}
    rows = []
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        pre, suf = col.split("_")[:2]
        learner, metric, stat = LEARNERS[pre], _METRIC[suf], "sd" if col.endswith("_sd") else "mean"
        o = look.get((r["dataset"], learner, metric))
        ours = float(getattr(o, stat)) if o is not None else None
        pub_v = float(printed)
        pub_sd = _num(r[f"{pre}_{suf}_sd"])
        rl = rule_for(name, rk, col, claims)
        j = _numeric_rule(claims, rl, ours, pub_v, printed, pub_sd=pub_sd)
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=pub_v, ours=ours, rule=rl,
                         difference=(ours - pub_v) if ours is not None else float("nan"), **j,
                         reason=_small_class_reason(o), dataset=r["dataset"], learner=learner, metric=metric,
                         stat=stat))
    return rows


def _small_class_reason(o) -> str:
    """A cell of ours whose AUC folds include binary test folds with one class (docs/small-classes.md, "Small
    classes"): its mean is over the other folds, and the reason says so (‡)."""
    undefined = int(getattr(o, "undefined_folds", 0) or 0) if o is not None else 0
    if not undefined:
        return ""
    return (f"‡ over {int(o.n_folds)} folds: {undefined} test fold{'s' if undefined > 1 else ''} with one class "
            "(AUC undefined) left out")


def _datasets_rows(name, pub, spec, tables, claims):
    rows = []
    for r, rk, col, printed, o in _keyed_cells(name, pub, spec, tables, "dataset"):
        ours = float(o[col]) if o is not None else None
        rl = rule_for(name, rk, col, claims)
        j = _numeric_rule(claims, rl, ours, float(printed), printed)
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=float(printed), ours=ours, rule=rl,
                         difference=(ours - float(printed)) if ours is not None else float("nan"), **j,
                         dataset=r["dataset"], stat=col))
    return rows


def _averages_rows(name, pub, spec, tables, claims, published):
    rows = []
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        t = _ours_table(spec, r["table"], tables)
        ours = None
        if t is not None:
            # The paper's data sets only (an added data set never changes a compared number).
            sets = set(published[r["table"]]["dataset"]) if r["table"] in published else set(t["dataset"])
            g = t[(t["learner"] == r["learner"]) & (t["metric"] == r["metric"]) & t["dataset"].isin(sets)]
            # An average over fewer data sets than the paper's is not its average: left missing.
            ours = float(g["mean"].mean()) if len(g) and set(g["dataset"]) == sets else None
        rl = rule_for(name, rk, col, claims)
        j = _numeric_rule(claims, rl, ours, float(printed), printed)
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=float(printed), ours=ours, rule=rl,
                         difference=(ours - float(printed)) if ours is not None else float("nan"), **j,
                         learner=r["learner"], metric=r["metric"], stat="average", dataset=f"({r['table']})"))
    return rows


def verdicts_agree(ours: str, published: str) -> bool:
    """Same t-test verdict: both 'not significant', or both '<the same learner> significantly higher'."""
    if (ours == "not significant") != (published == "not significant"):
        return False
    return ours == "not significant" or ours.split()[0] == published.split()[0]


def _n_datasets(tables: Mapping[str, Any], table: str) -> int | None:
    """Number of data sets in the paper's table ``table`` (from the published files given), if known."""
    sets = tables.get("__published__", {}).get(table)
    return len(sets) if sets else None


def _significance_rows(name, pub, spec, tables, claims):
    rows = []
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        t = _ours_table(spec, r["table"], tables)
        ok, ours, reason = None, None, ""
        if t is not None:
            pair = (t["metric"] == r["metric"]) & (((t["a"] == r["a"]) & (t["b"] == r["b"]))
                                                   | ((t["a"] == r["b"]) & (t["b"] == r["a"])))
            d, f = t[pair & (t["level"] == "dataset")], t[pair & (t["level"] == "fold")]
            need = _n_datasets(tables, r["table"])
            if len(d) and need and "n" in d.columns and int(d.iloc[0]["n"]) != need:
                # A test over fewer data sets than the paper's is not its test.
                reason = f"this run's test pairs {int(d.iloc[0]['n'])} data sets, the paper's {need}"
                d = d.iloc[0:0]
            if len(d):
                d = d.iloc[0]
                ours = f"{d['verdict']} (p = {d['p']:.2g})"
                ok = verdicts_agree(d["verdict"], printed)
                if len(f):
                    f = f.iloc[0]
                    agree = "agrees" if verdicts_agree(f["verdict"], printed) else "differs"
                    reason = f"fold level: {f['verdict']} (p = {f['p']:.2g}), {agree}"
        rl = rule_for(name, rk, col, claims)
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=printed, ours=ours, ok=ok, rule=rl,
                         reason=reason, metric=r["metric"], learner=f"{r['a']} vs {r['b']}",
                         dataset=f"({r['table']})", stat="verdict"))
    return rows


def _cde_rows(name, pub, spec, tables, claims):
    rows = []
    for r, rk, col, printed, o in _keyed_cells(name, pub, spec, tables, "pair"):
        n = sum(float(r[k]) for k in "RSPQV")
        reason = ""
        if o is not None and "n" in o and int(o["n"]) != n:
            # A tally over fewer folds than the paper's 180 is not its tally.
            reason, o = f"this run tallies {int(o['n'])} folds, the paper {int(n)}", None
        ours = _num(o[col]) if o is not None else None
        pub_v = float(printed)
        rl = rule_for(name, rk, col, claims)
        if rl == "proportion":
            z = claims["rules"][rl]["z"]
            if col == "C":
                m = float(r["R"]) + float(r["S"])
                sd = math.sqrt(pub_v * (1 - pub_v) / m)
            elif col == "E":
                sd = math.sqrt(pub_v * (1 - pub_v) / n)
            else:
                sd = math.sqrt(n * (pub_v / n) * (1 - pub_v / n))
            ok = None if ours is None or not np.isfinite(ours) else bool(abs(ours - pub_v) <= z * sd)
            j = {"ok": ok, "tolerance": f"± {z * sd:.3g}", "sd": sd, "lo": pub_v - z * sd, "hi": pub_v + z * sd}
        else:
            j = _numeric_rule(claims, rl, ours, pub_v, printed)
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=pub_v, ours=ours, rule=rl,
                         difference=(ours - pub_v) if ours is not None else float("nan"), **j, reason=reason,
                         learner=r["pair"], stat=col, metric="AUC vs accuracy"))
    return rows


def _synthetic_rows(name, pub, spec, tables, claims):
    rows = []
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        t = _ours_table(spec, r["experiment"], tables)
        ours, se, reason = None, float("nan"), ""
        if t is not None:
            g = t[t["setting"].astype(str) == r["setting"]]
            if "model" in t.columns:
                others = g[g["model"] != spec.get("multiclass_model")]
                reason = "other models: " + ", ".join(f"{m} {v:.4g}" for m, v in zip(others["model"], others[col]))
                g = g[g["model"] == spec.get("multiclass_model")]
            if len(g):
                ours = _num(g.iloc[0][col])
                se = _num(g.iloc[0].get(f"{col}_se"))
        rl = rule_for(name, rk, col, claims)
        j = _numeric_rule(claims, rl, ours, float(printed), printed, se=se)
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=float(printed), ours=ours, rule=rl,
                         difference=(ours - float(printed)) if ours is not None else float("nan"), **j,
                         reason=reason, dataset=r["experiment"], learner=r["setting"], stat=col,
                         metric="AUC vs accuracy"))
    return rows


def _profit_rows(name, pub, spec, tables, claims):
    t = _ours_table(spec, "", tables)
    rows = []
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        cutoff = float(r["cutoff"].rstrip("%")) / 100
        rl = rule_for(name, rk, col, claims)
        ours, j = None, {"ok": None}
        if t is not None:
            at = t[np.isclose(t["cutoff"], cutoff)]
            if r["metric_value"] == "max_profit_reached_at_auc":
                g = at[at["quantity"] == "max_profit_from_auc"]
                if len(g):
                    ours = float(g.iloc[0]["exact"])
                    j = _numeric_rule(claims, rl, ours, float(printed), printed)
            else:
                g = at[(at["quantity"] == "difference") & np.isclose(at["metric_value"], float(r["metric_value"]))]
                if len(g) and np.isfinite(g.iloc[0]["mc_sd"]):
                    ours, sd = float(g.iloc[0]["exact"]), float(g.iloc[0]["mc_sd"])  # the paper's MC sd
                    z, pv = claims["rules"][rl]["z"], float(printed)
                    j = {"ok": bool(abs(ours - pv) <= z * sd), "tolerance": f"± {z * sd:.2f}", "sd": sd,
                         "lo": pv - z * sd, "hi": pv + z * sd}
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=float(printed), ours=ours, rule=rl,
                         difference=(ours - float(printed)) if ours is not None else float("nan"), **j, dataset=r["cutoff"], learner=r["metric_value"], stat=col, metric="profit"))
    return rows


def _pf_slope_rows(name, pub, spec, tables, claims):
    """Provost & Fawcett's dominators by slope range (config/published/provost_fawcett_slopes.csv) against the study's
    ``rocch_published`` table (:func:`aucacc.roc.published.compare_published`), one row per bound and dominator."""
    t = _ours_table(spec, "", tables)
    look = {} if t is None else {(str(r["dataset"]), int(r["range"])): r for _, r in t.iterrows()}
    rows = []
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        if col == "learner":  # the study's learner standing for the printed dominator: an identifier, not a value
            continue
        o = look.get((str(r["dataset"]), int(r["range"])))
        run = o is not None and str(o["positive"]) not in ("", "nan")
        rl = rule_for(name, rk, col, claims)
        ident = dict(dataset=r["dataset"], learner=r["learner"], stat=col, metric="ROCCH slope range")
        if col == "dominator":
            ours = (str(o["ours_over_range"]) if str(o["ours_over_range"]) not in ("", "nan") else "(no range)") \
                if run else None
            ok = None if not run else ours == str(r["learner"])
            reason = (f"positive {o['positive']}; our range {int(r['range'])} of {int(o['ours_n_ranges'])}: "
                      f"{o['ours_learner'] or 'none'}") if run else ""
            rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=printed, ours=ours, ok=ok, rule=rl,
                             tolerance="the same learner alone", reason=reason, **ident))
            continue
        pub_v = float(printed)
        ours = _num(o[f"ours_{col}"]) if run else None
        j: dict[str, Any] = {"ok": None}
        reason = ""
        if run:
            f = float(claims["rules"][rl]["factor"]) if rl in claims["rules"] and "factor" in claims["rules"][rl] \
                else float("nan")
            if not np.isfinite(ours) and not np.isinf(ours):
                j = {"ok": False}
                reason = f"we have {int(o['ours_n_ranges'])} ranges, no range {int(r['range'])}"
            elif pub_v == 0 or np.isinf(pub_v):
                j = {"ok": bool(ours == pub_v), "tolerance": "= published", "lo": pub_v, "hi": pub_v}
            else:
                j = {"ok": bool(pub_v / f <= ours <= pub_v * f), "tolerance": f"× {f:g}", "lo": pub_v / f,
                     "hi": pub_v * f}
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=pub_v, ours=ours, rule=rl, reason=reason,
                         difference=(ours - pub_v) if ours is not None and np.isfinite(ours) and np.isfinite(pub_v)
                         else float("nan"), **j, **ident))
    return rows


def _pf_dominance_rows(name, pub, spec, tables, claims):
    """Provost & Fawcett's domains with a dominating classifier (config/published/provost_fawcett_dominance.csv)
    against the study's ``rocch_dominance`` table (:func:`aucacc.roc.published.dominance`): one row per domain
    (the primary reading, the other positive classes in the reason) and one for the count over the domains run."""
    t = _ours_table(spec, "", tables)
    prim = None if t is None else t[t["primary"].astype(str).str.lower() == "true"].set_index("dataset")
    rows = []
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        rl = rule_for(name, rk, col, claims)
        d = str(r["dataset"])
        ours, ok, reason = None, None, ""
        if prim is not None and d == "all":
            run = [x for x in pub["dataset"] if x != "all" and x in prim.index]
            k = int(sum(bool(str(prim.loc[x, "dominated"]).lower() == "true") for x in run))
            want = int(sum(pub.set_index("dataset").loc[x, "dominated"] == "yes" for x in run))
            ties = int(sum(bool(str(prim.loc[x, "dominated_with_ties"]).lower() == "true") for x in run))
            ours, ok = f"{k} of {len(run)}", k == want
            reason = (f"the domains run: {', '.join(run)}; the paper's statement makes {want} of them dominated; "
                      f"{ties} of {len(run)} counting learners tied at every vertex; every data set of the study: "
                      f"{int(sum(str(v).lower() == 'true' for v in prim['dominated']))} of {len(prim)}")
        elif prim is not None and d in prim.index:
            o = prim.loc[d]
            dominated = str(o["dominated"]).lower() == "true"
            ours = "yes" if dominated else "no"
            ok = ours == printed
            every = t[t["dataset"] == d]
            others = every[every["primary"].astype(str).str.lower() != "true"]
            reason = (f"positive {o['positive']}: hull {o['hull_learners']}"
                      + (f"; one-vs-rest, the other classes: {int(sum(str(v).lower() == 'true' for v in others['dominated']))}"
                         f" of {len(others)} dominated" if len(others) else ""))
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=printed, ours=ours, ok=ok, rule=rl,
                         tolerance="same", reason=reason, dataset=d, stat=col, metric="ROCCH dominance"))
    return rows


CELL_ROWS: dict[str, Callable] = {
    "datasets": _datasets_rows, "uci_nb_c44_c45": _wide_fold_rows, "svm_binary13": _wide_fold_rows,
    "significance": _significance_rows, "cde_folds": _cde_rows, "synthetic_endpoints": _synthetic_rows,
    "profit": _profit_rows, "provost_fawcett_slopes": _pf_slope_rows, "provost_fawcett_dominance": _pf_dominance_rows,
}


def cell_rows(name: str, pub: pd.DataFrame, tables: Mapping[str, Any], claims: dict,
              published: Mapping[str, pd.DataFrame]) -> list[dict[str, Any]]:
    """The scorecard rows of every cell of published file ``name`` (read as text: ``pub``).

    ``tables`` maps our table stems to frames (and ``__published__`` to the paper's data sets
    per table, see :func:`aucacc.report.scorecard.card.scorecard`); ``published`` holds every
    published file, for the averages, which are taken over the paper's data sets only.

    Raises
    ------
    ValueError
        If ``name`` has no entry under ``tables`` in the claims file.
    """
    if name not in claims["tables"]:
        raise ValueError(f"published table {name}.csv has no entry under 'tables' in the claims file")
    spec = claims["tables"][name]
    if name == "uci_averages":
        return _averages_rows(name, pub, spec, tables, claims, published)
    return CELL_ROWS[name](name, pub, spec, tables, claims)
