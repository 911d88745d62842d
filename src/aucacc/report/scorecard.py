"""The reproduction scorecard: every cell of ``config/published/*.csv`` and every published verdict, ours beside it.

Reads only the tables the workflow wrote (``results/tables``) and the claims file
(``config/claims.yaml``, :mod:`aucacc.report.claims`); it computes nothing new and holds no
threshold. One row per published cell (named ``<file>:<row key>:<column>``) and one per verdict
of the claims file, with columns

``kind, table, section, cell, dataset, learner, metric, stat, published, ours, difference,
sd_units, tolerance, rule, status, reason``

where ``difference = ours − published``, ``sd_units`` is the difference in units of the
paper's own uncertainty of that number (its fold sd, its Monte-Carlo sd, the binomial sd of a
fold count), and ``status`` is ``pass``, ``FAIL``, ``explained``, ``not reproducible`` (both
declared in the claims file with a reason) or ``missing`` (the table holding ours was not
produced by this run).
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np
import pandas as pd

from aucacc.report.claims import declared_status, fold_mean_tolerance, fold_sd_bounds, known_fail, load_claims, rule_for
from aucacc.synthetic.published import matches_printed  # the one printed-value rule (synthetic endpoints)

STATUSES = ("pass", "FAIL", "explained", "not reproducible", "missing")
COLUMNS = ["kind", "table", "section", "cell", "dataset", "learner", "metric", "stat", "published", "ours",
           "difference", "sd_units", "tolerance", "accept_lo", "accept_hi", "rule", "status", "reason"]
# Column prefixes/suffixes of the published wide fold tables (uci_nb_c44_c45.csv, svm_binary13.csv).
_LEARNER = {"nb": "NB", "c44": "C4.4", "c45": "C4.5", "svm": "SVM"}
_METRIC = {"acc": "accuracy", "auc": "auc"}


def _step(printed: str) -> float:
    return 10.0 ** -(len(printed.split(".")[1]) if "." in printed else 0)


def load_tables(folder: str | os.PathLike) -> dict[str, pd.DataFrame]:
    """Every ``*.csv`` table in ``folder``, keyed by file stem (a missing folder gives ``{}``)."""
    return {p.stem: pd.read_csv(p) for p in sorted(Path(folder).glob("*.csv"))}


def load_published(folder: str | os.PathLike) -> dict[str, pd.DataFrame]:
    """Every published table in ``folder`` as text (the printed digits matter), keyed by stem."""
    return {p.stem: pd.read_csv(p, dtype=str, keep_default_na=False) for p in sorted(Path(folder).glob("*.csv"))}


def _num(x: Any) -> float:
    try:
        return float(x)
    except (TypeError, ValueError):
        return float("nan")


def _judge(cell: str, ok: bool | None, claims: dict) -> tuple[str, str]:
    """Status and reason of a computed comparison (None = ours missing), after the claims' declarations."""
    declared = declared_status(cell, claims)
    if declared is not None:
        status, reason = declared
        if ok is not None:
            reason = f"{reason} [rule alone: {'pass' if ok else 'FAIL'}]"
        return status, reason
    if ok is None:
        return "missing", "the table holding ours was not produced by this run"
    why = known_fail(cell, claims)
    if not ok and why:
        return "FAIL", f"known: {why}"
    if ok and why:
        return "pass", f"listed as a known fail but passes: update config/claims.yaml ({why})"
    return ("pass" if ok else "FAIL"), ""


def _row(claims: dict, table: str, cell: str, *, published: Any, ours: Any, ok: bool | None, rule: str,
         difference: float = float("nan"), sd: float = float("nan"), tolerance: str = "", reason: str = "",
         lo: float = float("nan"), hi: float = float("nan"), **ident: Any) -> dict[str, Any]:
    status, why = _judge(cell, ok, claims)
    units = difference / sd if sd and np.isfinite(sd) and sd > 0 and np.isfinite(difference) else float("nan")
    return {"kind": "cell", "table": table, "section": claims["tables"][table]["section"], "cell": cell,
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
        learner, metric, stat = _LEARNER[pre], _METRIC[suf], "sd" if col.endswith("_sd") else "mean"
        o = look.get((r["dataset"], learner, metric))
        ours = float(getattr(o, stat)) if o is not None else None
        pub_v = float(printed)
        pub_sd = _num(r[f"{pre}_{suf}_sd"])
        rl = rule_for(name, rk, col, claims)
        j = _numeric_rule(claims, rl, ours, pub_v, printed, pub_sd=pub_sd)
        rows.append(_row(claims, name, f"{name}:{rk}:{col}", published=pub_v, ours=ours, rule=rl,
                         difference=(ours - pub_v) if ours is not None else float("nan"), **j,
                         dataset=r["dataset"], learner=learner, metric=metric, stat=stat))
    return rows


def _datasets_rows(name, pub, spec, tables, claims):
    ours_t = _ours_table(spec, "", tables)
    look = {} if ours_t is None else ours_t.set_index("dataset")
    rows = []
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        ours = float(look.loc[r["dataset"], col]) if ours_t is not None and r["dataset"] in look.index else None
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
    ours_t = _ours_table(spec, "", tables)
    look = {} if ours_t is None else ours_t.set_index("pair")
    rows = []
    for r, keys, rk, col, printed in _cells(name, pub, spec):
        o = look.loc[r["pair"]] if ours_t is not None and r["pair"] in look.index else None
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


_CELL_ROWS: dict[str, Callable] = {
    "datasets": _datasets_rows, "uci_nb_c44_c45": _wide_fold_rows, "svm_binary13": _wide_fold_rows,
    "significance": _significance_rows, "cde_folds": _cde_rows, "synthetic_endpoints": _synthetic_rows,
    "profit": _profit_rows,
}


# --- verdicts: each check returns (ok, ours as text), or (None, "") when its table is missing -------

def _check_synthetic(tables, v):
    parts, ok = [], True
    for name in v["tables"]:
        t = tables.get(name)
        if t is None:
            return None, ""
        bad = t[(t["C"] <= 0.5) | (t["D"].notna() & (t["D"] <= 1))]
        ok &= bad.empty
        parts.append(f"{name.removeprefix('synthetic_')}: C ≥ {t['C'].min():.3f}, D ≥ {t['D'].min():.2f}")
    return ok, "; ".join(parts)


def _check_monotone(tables, v):
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    s = t[v["column"]].dropna().to_numpy(dtype=float)
    d = np.diff(s)
    ok = bool((d < 0).all() if v["direction"] == "decreasing" else (d > 0).all())
    return ok, " → ".join(f"{x:.4g}" for x in s)


def _check_endpoints(tables, v):
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    t = t.set_index(t["setting"].astype(str))
    ok, parts = True, []
    for col, direction in v["relations"].items():
        a, b = float(t.loc[v["first"], col]), float(t.loc[v["last"], col])
        ok &= (b < a) if direction == "decreasing" else (b > a)
        parts.append(f"{col} {a:.4g} → {b:.4g}")
    return bool(ok), "; ".join(parts)


def _check_compare_rows(tables, v):
    ta, tb = tables.get(v["a"]["table"]), tables.get(v["b"]["table"])
    if ta is None or tb is None:
        return None, ""
    ra = ta[ta["setting"].astype(str) == v["a"]["setting"]].iloc[0]
    rb = tb[tb["setting"].astype(str) == v["b"]["setting"]].iloc[0]
    ok, parts = True, []
    for col, rel in v["relations"].items():
        ok &= (ra[col] < rb[col]) if rel == "lower" else (ra[col] > rb[col])
        parts.append(f"{col} {ra[col]:.4g} vs {rb[col]:.4g}")
    return bool(ok), "; ".join(parts)


def _check_multiclass(tables, v):
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    ok, parts = True, []
    for model, g in t.groupby("model", sort=False):
        g = g.sort_values("c")
        lo, hi = g.iloc[0], g.iloc[-1]
        ok &= bool(hi["C"] < lo["C"] and hi["D"] > lo["D"])
        parts.append(f"{model}: C {lo['C']:.3f} → {hi['C']:.3f}, D {lo['D']:.2f} → {hi['D']:.2f}")
    return bool(ok), "; ".join(parts)


def _averages_of(tables, name, metric):
    """Per-learner averages over the paper's data sets of table ``name``; None unless all are present."""
    t = tables.get(name)
    if t is None:
        return None
    sets = tables["__published__"].get(name)
    t = t[t["metric"] == metric]
    if sets is not None:
        t = t[t["dataset"].isin(sets)]
        if any(set(g["dataset"]) != sets for _, g in t.groupby("learner")) or t.empty:
            return None
    return t.groupby("learner", sort=False)["mean"].mean()


def _check_ordering(tables, v):
    avg = _averages_of(tables, v["table"], v["metric"])
    if avg is None or not set(v["order"]) <= set(avg.index):
        return None, ""
    vals = [float(avg[x]) for x in v["order"]]
    return bool(all(a > b for a, b in zip(vals, vals[1:]))), " > ".join(f"{x} {y:.2f}" for x, y in zip(v["order"], vals))


def _check_highest(tables, v):
    avg = _averages_of(tables, v["table"], v["metric"])
    if avg is None:
        return None, ""
    return bool(avg.idxmax() == v["learner"]), ", ".join(f"{k} {x:.2f}" for k, x in avg.items())


def _check_cde(tables, v):
    t = tables.get(v["table"])
    pub = tables["__published__"].get("cde_folds_n")
    if t is None or ("n" in t.columns and pub is not None and (t["n"] != pub).any()):
        return None, ""  # not produced, or a tally over fewer folds than the paper's
    ok = bool(((t["C"] > 0.5) & (t["D"] > 1)).all())
    return ok, "; ".join(f"{r.pair}: C {r.C:.3f}, D {r.D:.1f}" for r in t.itertuples())


def _check_profit_positive(tables, v):
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    d = t[(t["quantity"] == "difference") & (t["metric_value"] > 0.5) & (t["metric_value"] < 1)]
    return bool((d["exact"] > 0).all()), f"smallest difference {d['exact'].min():.3g} (at {len(d)} values)"


def _check_profit_cutoffs(tables, v):
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    d = t[(t["quantity"] == "difference") & (t["metric_value"] > 0.5) & (t["metric_value"] < 1)]
    a = d[np.isclose(d["cutoff"], v["smaller"])].set_index("metric_value")["exact"]
    b = d[np.isclose(d["cutoff"], v["larger"])].set_index("metric_value")["exact"]
    common = a.index.intersection(b.index)
    worse = [f"{m:g}: {a[m]:.2f} ≤ {b[m]:.2f}" for m in common if not a[m] > b[m]]
    return not worse, ("larger at every value" if not worse else "not at " + "; ".join(worse))


def _check_profit_max_acc(tables, v):
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    g = t[(t["quantity"] == "max_profit_from_acc") & np.isclose(t["cutoff"], v["cutoff"])]
    if not len(g):
        return None, ""
    x = float(g.iloc[0]["exact"])
    return bool(math.isclose(x, v["value"])), f"maximum profit from accuracy {x:g}"


VERDICTS: dict[str, Callable] = {
    "synthetic_consistent": _check_synthetic, "monotone": _check_monotone, "endpoints": _check_endpoints,
    "compare_rows": _check_compare_rows, "multiclass_trends": _check_multiclass, "ordering": _check_ordering,
    "highest": _check_highest, "cde_all": _check_cde, "profit_positive": _check_profit_positive,
    "profit_cutoffs": _check_profit_cutoffs, "profit_max_acc": _check_profit_max_acc,
}


def _verdict_rows(cells: pd.DataFrame, tables, claims) -> list[dict[str, Any]]:
    import fnmatch

    rows = []
    for v in claims.get("verdicts", []):
        cell = f"verdict:{v['id']}"
        if v["check"] == "count_pass":
            parts, ok = [], True
            for lrn in v["learners"]:
                pat = v["cells"].format(learner=lrn)
                g = cells[cells["cell"].map(lambda c: fnmatch.fnmatchcase(c, pat))]
                if (g["status"] == "missing").any():  # a count over fewer data sets than the paper's
                    ok = None
                    break
                k = int((g["status"] == "pass").sum())
                ok &= k >= v["at_least"]
                parts.append(f"{_LEARNER[lrn]} {k} of {len(g)}")
            ours, rule_text = "; ".join(parts), f"≥ {v['at_least']} pass"
        else:
            try:
                ok, ours = VERDICTS[v["check"]](tables, v)
            except (KeyError, IndexError):
                # The run has the table but not the settings the claim is about (a reduced config).
                ok, ours = None, ""
            rule_text = v["check"]
        status, why = _judge(cell, ok, claims)
        rows.append({"kind": "verdict", "table": "verdicts", "section": v["section"], "cell": cell, "dataset": "",
                     "learner": "", "metric": "", "stat": "verdict", "published": v["claim"], "ours": ours,
                     "difference": float("nan"), "sd_units": float("nan"), "tolerance": "", "rule": rule_text,
                     "status": status, "reason": why})
    return rows


def scorecard(tables: str | os.PathLike | Mapping[str, pd.DataFrame], claims: dict | None = None,
              published: str | os.PathLike | Mapping[str, pd.DataFrame] | None = None) -> pd.DataFrame:
    """Build the scorecard: one row per published cell and per verdict of the claims file.

    Parameters
    ----------
    tables : folder of the workflow's tables (``results/tables``) or a mapping stem → frame.
        A table that is absent gives its cells status ``missing``; nothing is skipped.
    claims : the parsed claims file (default :func:`aucacc.report.claims.load_claims`).
    published : folder of the published CSVs or a mapping stem → frame read as text
        (default ``config/published``).

    Returns
    -------
    DataFrame with the columns :data:`COLUMNS`, one row per cell of every published file that
    the claims file lists, then one per verdict.

    Raises
    ------
    ValueError
        If a published file has no entry in the claims file (every published number must be judged).
    """
    claims = claims or load_claims()
    if not isinstance(tables, Mapping):
        tables = load_tables(tables)
    if published is None:
        from aucacc.report.claims import REPO_ROOT

        published = REPO_ROOT / "config" / "published"
    if not isinstance(published, Mapping):
        published = load_published(published)
    # The paper's data sets per table and its fold count, for checks that need the paper's scope.
    ctx = {**tables, "__published__": {k: set(v["dataset"]) for k, v in published.items() if "dataset" in v}}
    if "cde_folds" in published:
        ctx["__published__"]["cde_folds_n"] = int(sum(float(published["cde_folds"].iloc[0][k]) for k in "RSPQV"))
    rows: list[dict[str, Any]] = []
    for name, pub in published.items():
        if name not in claims["tables"]:
            raise ValueError(f"published table {name}.csv has no entry under 'tables' in the claims file")
        spec = claims["tables"][name]
        if name == "uci_averages":
            rows += _averages_rows(name, pub, spec, ctx, claims, published)
        else:
            rows += _CELL_ROWS[name](name, pub, spec, ctx, claims)
    cells = pd.DataFrame(rows, columns=COLUMNS)
    card = pd.concat([cells, pd.DataFrame(_verdict_rows(cells, ctx, claims), columns=COLUMNS)], ignore_index=True)
    return card


def summary(card: pd.DataFrame) -> pd.DataFrame:
    """Counts of each status per table and overall (last row ``all``)."""
    tab = pd.crosstab(card["table"], card["status"]).reindex(columns=list(STATUSES), fill_value=0)
    order = list(dict.fromkeys(card["table"]))
    tab = tab.reindex(order)
    tab.loc["all"] = tab.sum()
    tab.insert(0, "rows", tab.sum(axis=1))
    return tab.reset_index().rename(columns={"index": "table"})


def summary_line(card: pd.DataFrame) -> str:
    """One line: rows and the count of each status."""
    c = card["status"].value_counts()
    return f"{len(card)} rows: " + ", ".join(f"{int(c.get(s, 0))} {s}" for s in STATUSES if c.get(s, 0))


def expectation_mismatches(card: pd.DataFrame, claims: dict | None = None) -> list[str]:
    """Rows whose status differs from what the claims file expects.

    Expected: ``pass`` unless the cell is declared (``explained`` / ``not reproducible``) or listed
    under ``known_fail`` (then ``FAIL``). Rows ``missing`` are not judged. An empty list means
    the run reproduces exactly what the claims file says it should.
    """
    claims = claims or load_claims()
    out = []
    for r in card.itertuples():
        if r.status == "missing":
            continue
        declared = declared_status(r.cell, claims)
        want = declared[0] if declared else ("FAIL" if known_fail(r.cell, claims) else "pass")
        if r.status != want:
            out.append(f"{r.cell}: {r.status}, expected {want} (published {r.published}, ours {r.ours}, rule: {r.rule})")
    return out
