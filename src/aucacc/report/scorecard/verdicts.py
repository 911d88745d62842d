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
from aucacc.report.scorecard.strict import widened
from aucacc.roc.rocch import ALWAYS_NEGATIVE, ALWAYS_POSITIVE, dominators, hull_auc

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


def _trend_steps(values, direction: str, tol: float):
    """Steps against ``direction`` larger than ``tol`` (the one trend rule), as (index, step) pairs."""
    d = np.diff(np.asarray(values, dtype=float))
    against = -d if direction == "increasing" else d
    return [(k, float(x)) for k, x in enumerate(d) if against[k] > tol]


def _check_trend(tables, v):
    """The one trend rule (``rules.trend`` of the claims file) on each column of ``relations``.

    The values of the column over the rows of ``table`` (those of ``settings``, in that order, or
    every row in table order; per ``group`` value when given, rows sorted by ``order_by``), leaving
    out the non-finite ones (D is undefined at the smallest sizes): the last beyond the first in the
    stated direction, and no step against the direction larger than the rule's tolerance for that
    column (half a unit of the paper's last printed digit: a reversal the printed values could not
    show). ``v["__tolerance__"]`` holds the rule's tolerances (:func:`verdict_rows` adds them).
    """
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    groups = [(None, t)] if "group" not in v else list(t.groupby(v["group"], sort=False))
    ok, parts = True, []
    for name, g in groups:
        if "settings" in v:
            g = g.set_index(g["setting"].astype(str), drop=False).loc[v["settings"]]
        elif "order_by" in v:
            g = g.sort_values(v["order_by"])
        label = f"{name}: " if name is not None else ""
        for col, direction in v["relations"].items():
            tol = float(v["__tolerance__"][col])
            vals = g[col].to_numpy(dtype=float)
            keep = np.isfinite(vals)
            s, at = vals[keep], list(g["setting"].astype(str).to_numpy()[keep])
            if len(s) < 2:
                return None, ""
            ends = bool(s[-1] > s[0]) if direction == "increasing" else bool(s[-1] < s[0])
            bad = _trend_steps(s, direction, tol)
            ok &= ends and not bad
            parts.append(f"{label}{col} {direction} (tolerance {tol:g}): " + " → ".join(f"{x:.4g}" for x in s)
                         + ("" if ends else "; last not beyond first")
                         + "".join(f"; against at {at[k]}→{at[k + 1]} by {abs(x):.3g}" for k, x in bad))
    return bool(ok), "; ".join(parts)


def _check_symmetric(tables, v):
    """Columns ``columns`` of rows ``a`` and ``b`` of ``table`` equal (to 1e-9): the paper's "and symmetrically"."""
    t = tables.get(v["table"])
    if t is None:
        return None, ""
    t = t.set_index(t["setting"].astype(str))
    ra, rb = t.loc[v["a"]], t.loc[v["b"]]
    ok = all(math.isclose(float(ra[c]), float(rb[c]), rel_tol=0, abs_tol=1e-9) for c in v["columns"])
    return bool(ok), "; ".join(f"{c} {float(ra[c]):.6g} at {v['a']}, {float(rb[c]):.6g} at {v['b']}"
                               for c in v["columns"])


def _check_limit(tables, v):
    """At the largest size of ``table``, each column of ``near`` within its half-width of the limit the paper names."""
    t = tables.get(v["table"])
    if t is None or not len(t):
        return None, ""
    last = t.iloc[-1]
    ok, parts = True, []
    for col, (limit, half) in v["near"].items():
        x = float(last[col])
        ok &= abs(x - float(limit)) <= float(half)
        parts.append(f"{col} {x:.4g} at {last['setting']} (the paper: about {limit:g}, ± {half:g})")
    fin = t[np.isfinite(t[list(v["near"])].to_numpy(dtype=float)).all(axis=1)]
    trail = "; ".join(f"{c} " + " → ".join(f"{s} {x:.3g}" for s, x in zip(fin["setting"], fin[c]))
                      for c in v["near"])
    return bool(ok), "; ".join(parts) + f" (along the table: {trail})"


def _check_hybrid_regret(tables, v):
    """Provost & Fawcett: the ROCCH-hybrid is at least as good as any single learner (``regret`` ≥ 0 in every row)."""
    t = tables.get(v["table"])
    if t is None or not len(t):
        return None, ""
    r = t["regret"].astype(float)
    bad = t[r < -float(v.get("tolerance", 1e-12))]
    return bool(bad.empty), (f"regret ≥ 0 in {len(t) - len(bad)} of {len(t)} rows ({t['dataset'].nunique()} data "
                             f"sets); smallest {r.min():.3g}, largest {r.max():.3g}"
                             + (f"; below 0: {', '.join(f'{b.dataset} {b.condition}' for b in bad.itertuples())}"
                                if len(bad) else ""))


def _check_hull_area(tables, v):
    """Provost & Fawcett Knowl 7: the area under the ROCCH is at least every learner's AUC, on every data set.

    The hull of ``hull`` (``rocch_dominators``: its vertices) against each learner's area over the
    very points the hull is built from (``auc_table``: ``rocch_learner_auc``, column ``auc``;
    :func:`aucacc.roc.candidate_auc`), per data set and positive class. The claim is about the
    curves the hull is built from: a learner's mean fold AUC is the area of other curves (the
    folds'), which the hull over averaged points need not enclose.
    """
    hull, aucs = tables.get(v["hull"]), tables.get(v["auc_table"])
    if hull is None or aucs is None or not len(hull) or not len(aucs):
        return None, ""
    auc = aucs.set_index(["dataset", "positive", "learner"])["auc"].astype(float)
    tol = float(v.get("tolerance", 1e-9))
    margins = []
    for (d, pos), g in hull.groupby(["dataset", "positive"], sort=False):
        a = auc[(auc.index.get_level_values(0) == d) & (auc.index.get_level_values(1) == pos)]
        if len(a):
            margins.append((d, hull_auc(g) - float(a.max()), a.idxmax()[2]))
    if not margins:
        return None, ""
    bad = [m for m in margins if m[1] < -tol]
    small = min(margins, key=lambda m: m[1])
    return not bad, (f"hull area ≥ every learner's AUC over the hull's points on {len(margins) - len(bad)} of "
                     f"{len(margins)} data sets; smallest margin {small[1]:+.3g} ({small[0]}, {small[2]})"
                     + (f"; below: {', '.join(f'{d} ({lrn} {m:+.4f})' for d, m, lrn in bad)}" if bad else ""))


def _check_auc_formula(tables, v):
    """Huang & Ling Knowl 9: the rank formula (the metric module) equals the area under each fold's ROC points."""
    t = tables.get(v["table"])
    if t is None or not len(t):
        return None, ""
    d = t["abs_diff"].astype(float)
    tol = float(v["tolerance"])
    return bool((d <= tol).all()), (f"{len(t)} folds ({t['dataset'].nunique()} data sets, {t['learner'].nunique()} "
                                    f"learners): largest |difference| {d.max():.2g} (tolerance {tol:g}); "
                                    f"references: {', '.join(sorted(set(t['reference'].astype(str))))}")


def _check_dominance_rare(tables, v):
    """Provost & Fawcett Knowl 8: a single classifier spanning the whole ROCCH is rare (the paper: 1 of 10 domains).

    A data set is dominated when one learner forms every slope range of its hull
    (:func:`aucacc.roc.rocch.dominators`; the trivial always-negative/positive vertices aside) and
    no other learner shares any of its vertices; "counting exact ties" also counts a data set whose
    every range has one learner, alone or with others at the very same point (e.g. every learner
    perfect). Our strict count against the paper's (``published``: [k, n]) by Fisher's exact test,
    two-sided: consistent with the paper's rate when ``p ≥ alpha``.
    """
    from scipy.stats import fisher_exact

    t = tables.get(v["table"])
    if t is None or not len(t):
        return None, ""
    strict, tied, names = [], [], []
    for (d, pos), g in t.groupby(["dataset", "positive"], sort=False):
        dm = dominators(g)
        dm = dm[~dm["learner"].isin([ALWAYS_NEGATIVE, ALWAYS_POSITIVE])]
        names.append(d)
        others = [{x.strip() for x in str(r.tied_with).split(",") if x.strip() and x.strip() != "nan"}
                  for r in dm.itertuples()]
        if dm["learner"].nunique() == 1 and not any(others):
            strict.append(d)
        sets = [{r.learner} | o for r, o in zip(dm.itertuples(), others)]
        if sets and set.intersection(*sets):
            tied.append(d)
    n, k = len(names), len(strict)
    pk, pn = int(v["published"][0]), int(v["published"][1])
    p = float(fisher_exact([[k, n - k], [pk, pn - pk]]).pvalue)
    return bool(p >= float(v["alpha"])), (
        f"one learner spans the whole hull on {k} of {n} data sets ({', '.join(strict) or 'none'}); {len(tied)} "
        f"counting exact ties (also: {', '.join(x for x in tied if x not in strict) or 'none'}); the paper {pk} of "
        f"{pn}; Fisher exact p = {p:.2g}")


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
    "synthetic_consistent": _check_synthetic, "trend": _check_trend, "symmetric": _check_symmetric,
    "limit": _check_limit, "hybrid_regret": _check_hybrid_regret, "hull_area": _check_hull_area,
    "auc_formula": _check_auc_formula, "dominance_rare": _check_dominance_rare,
    "compare_rows": _check_compare_rows, "ordering": _check_ordering,
    "highest": _check_highest, "cde_all": _check_cde, "profit_positive": _check_profit_positive,
    "profit_cutoffs": _check_profit_cutoffs, "profit_max_acc": _check_profit_max_acc,
}


def _flagged(cells: pd.DataFrame, table: str) -> list[str]:
    """Data sets of ``table`` whose same-sign shift row (``shift:<table>:<data set>``) is a FAIL on the card."""
    f = cells[(cells["table"] == "systematic_shift") & (cells["status"] == "FAIL")]
    return [c.split(":", 2)[2] for c in f["cell"] if c.split(":")[1] == table]


def _count_pass(cells: pd.DataFrame, v, claims) -> tuple[bool | None, str]:
    """At least ``at_least`` cells per learner within their rule's tolerance; a data set its shift row flags never counts.

    Within the tolerance: a ``pass``, or a cell re-judged only because it needed the widened
    tolerance (:func:`aucacc.report.scorecard.strict.widened`; the claim counts cells within
    max(3 points, 1.5 sd), which is what such a cell is). The denominator stays every cell of the
    pattern: a flagged data set is a finding (its shift row), not a pass, whatever its cells say alone.
    """
    wide = widened(cells, claims)
    parts, ok = [], True
    for lrn in v["learners"]:
        pat = v["cells"].format(learner=lrn)
        g = cells[cells["cell"].map(lambda c: fnmatch.fnmatchcase(c, pat))]
        if (g["status"] == "missing").any() or not len(g):  # a count over fewer data sets than the paper's
            return None, ""
        flagged = _flagged(cells, pat.split(":")[0])
        within = (g["status"] == "pass") | wide.reindex(g.index, fill_value=False)
        k = int((within & ~g["dataset"].isin(flagged)).sum())
        left = sorted(set(g.loc[within & g["dataset"].isin(flagged), "dataset"]))
        n_wide = int((wide.reindex(g.index, fill_value=False) & ~g["dataset"].isin(flagged)).sum())
        ok &= k >= v["at_least"]
        parts.append(f"{LEARNERS[lrn]} {k} of {len(g)}"
                     + (f" ({n_wide} of them only through the widened tolerance)" if n_wide else "")
                     + (f" (not counted, shift row FAIL: {', '.join(left)})" if left else ""))
    return bool(ok), "; ".join(parts)


def verdict_rows(cells: pd.DataFrame, tables, claims) -> list[dict[str, Any]]:
    """One scorecard row per entry under ``verdicts`` of the claims file.

    ``cells`` are the scorecard's cell rows and its shift rows (for ``count_pass``, which leaves out
    the data sets a shift row flags); ``tables`` maps our table stems to frames, with
    ``__published__`` (the paper's scope) as in :func:`aucacc.report.scorecard.card.scorecard`.
    A verdict's ``source`` (default Huang & Ling 2005) is the document whose claim it checks; a
    ``trend`` check takes its tolerances from ``rules.trend`` of the claims file.
    """
    rows = []
    for v in claims.get("verdicts", []):
        cell = f"verdict:{v['id']}"
        if v["check"] == "count_pass":
            ok, ours = _count_pass(cells, v, claims)
            rule_text = f"≥ {v['at_least']} within tolerance (cells of a data set whose shift row FAILs do not count)"
        else:
            if v["check"] == "trend":
                v = {**v, "__tolerance__": claims["rules"]["trend"]["tolerance"]}
            try:
                ok, ours = VERDICTS[v["check"]](tables, v)
            except (KeyError, IndexError):
                # The run has the table but not the settings the claim is about (a reduced config).
                ok, ours = None, ""
            rule_text = claims["rules"]["trend"]["text"] if v["check"] == "trend" else v["check"]
        status, why = judge(cell, ok, claims)
        rows.append({"kind": "verdict", "source": v.get("source", "Huang & Ling 2005"), "table": "verdicts",
                     "section": v["section"], "cell": cell, "dataset": "", "learner": "", "metric": "",
                     "stat": "verdict", "published": v["claim"], "ours": ours, "difference": float("nan"),
                     "sd_units": float("nan"), "tolerance": "", "accept_lo": float("nan"), "accept_hi": float("nan"),
                     "rule": rule_text, "status": status, "reason": why})
    return rows
