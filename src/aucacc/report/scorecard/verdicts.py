"""The published verdicts of the scorecard: the paper's claims that are not numbers, one check each.

Each entry under ``verdicts`` in ``config/claims.yaml`` names a check of :data:`VERDICTS` and its
parameters; ``count_pass`` instead counts the passing cells of a pattern (from
:mod:`aucacc.report.scorecard.cells`). A check returns ``(ok, ours as text)``, or ``(None, "")``
when its table is missing.
"""

from __future__ import annotations

import fnmatch
import math
from typing import Any, Callable

import numpy as np
import pandas as pd

from aucacc.report.claims import judge
from aucacc.report.scorecard.cells import LEARNERS

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


def _profit_curves(tables, v):
    """Per cutoff: expected profit given AUC and given accuracy at the metric values both have (exact rows)."""
    t = tables.get(v["table"])
    if t is None:
        return None
    t = t[(t["setting"] == v["setting"]) & (t["method"] == v["method"])]
    out = {}
    for cut, g in t.groupby("cutoff"):
        g = g.assign(v=g["metric_value"].round(9))
        auc = g[g["metric"] == "auc"].set_index("v")["expected_profit"]
        acc = g[g["metric"] == "acc"].set_index("v")["expected_profit"]
        common = [x for x in acc.index if x in auc.index and v["from"] - 1e-9 <= x <= v["to"] + 1e-9]
        out[float(cut)] = (auc[common], acc[common])
    return out


def _check_profit_widens(tables, v):
    """The AUC − accuracy profit difference rises at every step of the metric from ``from`` to ``to``."""
    curves = _profit_curves(tables, v)
    if not curves:
        return None, ""
    ok, parts = True, []
    for cut, (auc, acc) in curves.items():
        d = auc - acc
        falls = [f"{a:g}→{b:g}" for a, b, x, y in zip(d.index, d.index[1:], d, d.iloc[1:]) if not y > x]
        ok &= not falls
        parts.append(f"{cut:.0%}: " + " → ".join(f"{x:.2f}" for x in d)
                     + (f" (falls {', '.join(falls)})" if falls else " (rises throughout)"))
    return bool(ok), "; ".join(parts)


def _check_profit_steeper(tables, v):
    """On every step of the metric from ``from`` to ``to`` the profit curve in AUC rises faster than in accuracy."""
    curves = _profit_curves(tables, v)
    if not curves:
        return None, ""
    ok, parts = True, []
    for cut, (auc, acc) in curves.items():
        x = np.asarray(auc.index, dtype=float)
        s_auc, s_acc = np.diff(auc.to_numpy()) / np.diff(x), np.diff(acc.to_numpy()) / np.diff(x)
        ok &= bool((s_auc > s_acc).all())
        parts.append(f"{cut:.0%}: slopes AUC/acc per unit " + ", ".join(
            f"{a:g}–{b:g} {p:.0f}/{q:.0f}" for a, b, p, q in zip(x, x[1:], s_auc, s_acc)))
    return bool(ok), "; ".join(parts)


def _check_highest_row(tables, v):
    """Row ``row`` has the largest ``column`` of the table, strictly (a tie is not 'the highest')."""
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    s = t.set_index(v["key"])[v["column"]].astype(float)
    top = s[v["row"]]
    ok = bool((s.drop(v["row"]) < top).all())
    ties = [k for k, x in s.drop(v["row"]).items() if x == top]
    return ok, ", ".join(f"{k} {x:.3g}" for k, x in s.items()) + (f" (tied with {', '.join(ties)})" if ties else "")


def _check_within_2n(tables, v):
    """``learner``'s distinct probability vectors in a fold never exceed the attribute-value combinations.

    The paper's bound is ``2ⁿ`` for ``n`` binary attributes; for attributes of ``k_i`` values it is
    ``∏ k_i`` (``value_combinations`` of ``score_ties``). Data sets above ``2ⁿ`` are named (non-binary
    attributes), but only exceeding ``∏ k_i`` would contradict the claim.
    """
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    g = t[t["learner"] == v["learner"]]
    if g["value_combinations"].isna().any():
        return None, ""
    over = g[g["distinct_max"] > g["value_combinations"]]
    over_2n = g[g["distinct_max"] > g["paper_bound_2n"]]
    return bool(over.empty), (f"{v['learner']}: largest fold's distinct posteriors ≤ ∏ k_i on {len(g) - len(over)} of "
                              f"{len(g)} data sets"
                              + (f" (above: {', '.join(over['dataset'])})" if len(over) else "")
                              + "; above 2ⁿ (non-binary attributes): "
                              + (", ".join(f"{r.dataset} {r.distinct_max} > {r.paper_bound_2n} (∏ k_i = {r.value_combinations})"
                                           for r in over_2n.itertuples()) or "none"))


def _check_tie_order(tables, v):
    """On every data set the tied share grows along ``order`` (fewest ties first); ties between learners allowed."""
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    w = t.pivot(index="dataset", columns="learner", values=v["column"])[v["order"]]
    steps = [w[a] <= w[b] for a, b in zip(v["order"], v["order"][1:])]
    holds = pd.Series(np.logical_and.reduce(steps), index=w.index)
    strict = pd.Series(np.logical_and.reduce([w[a] < w[b] for a, b in zip(v["order"], v["order"][1:])]), index=w.index)
    equal = [d for d in w.index if holds[d] and not strict[d]]
    mean = w.mean()
    return bool(holds.all()), (f"mean {v['column']}: " + ", ".join(f"{k} {mean[k]:.3f}" for k in v["order"])
                               + f"; order holds on {int(holds.sum())} of {len(w)} data sets, strictly on {int(strict.sum())}"
                               + (f" (with equal shares: {', '.join(equal)})" if equal else "")
                               + (f"; not on {', '.join(w.index[~holds])}" if (~holds).any() else ""))


VERDICTS: dict[str, Callable] = {
    "within_2n": _check_within_2n, "tie_order": _check_tie_order,
    "profit_widens": _check_profit_widens, "profit_steeper": _check_profit_steeper, "highest_row": _check_highest_row,
    "synthetic_consistent": _check_synthetic, "monotone": _check_monotone, "endpoints": _check_endpoints,
    "compare_rows": _check_compare_rows, "multiclass_trends": _check_multiclass, "ordering": _check_ordering,
    "highest": _check_highest, "cde_all": _check_cde, "profit_positive": _check_profit_positive,
    "profit_cutoffs": _check_profit_cutoffs, "profit_max_acc": _check_profit_max_acc,
}


def verdict_rows(cells: pd.DataFrame, tables, claims) -> list[dict[str, Any]]:
    """One scorecard row per entry under ``verdicts`` of the claims file.

    ``cells`` are the scorecard's cell rows (for ``count_pass``); ``tables`` maps our table stems
    to frames, with ``__published__`` (the paper's scope) as in
    :func:`aucacc.report.scorecard.card.scorecard`.
    """
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
                parts.append(f"{LEARNERS[lrn]} {k} of {len(g)}")
            ours, rule_text = "; ".join(parts), f"≥ {v['at_least']} pass"
        else:
            try:
                ok, ours = VERDICTS[v["check"]](tables, v)
            except (KeyError, IndexError):
                # The run has the table but not the settings the claim is about (a reduced config).
                ok, ours = None, ""
            rule_text = v["check"]
        status, why = judge(cell, ok, claims)
        rows.append({"kind": "verdict", "table": "verdicts", "section": v["section"], "cell": cell, "dataset": "",
                     "learner": "", "metric": "", "stat": "verdict", "published": v["claim"], "ours": ours,
                     "difference": float("nan"), "sd_units": float("nan"), "tolerance": "", "rule": rule_text,
                     "status": status, "reason": why})
    return rows
