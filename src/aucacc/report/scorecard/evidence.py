"""What the outputs show about a declared reason: computed sentences appended to scorecard rows, and the card's own checks.

A ``status``, ``known_fail`` or ``notes`` entry of ``config/claims.yaml`` may name an ``evidence``
(a function of :data:`EVIDENCE`). The function reads the run's tables (never re-trains) and
returns a sentence that names the output it comes from; :func:`add_evidence` appends it to the
reason of every row the entry covers. :func:`systematic_shift_rows` and
:func:`impossible_but_passing` are checks of the card itself.

The bound behind the echocardio fold-sd cells is :func:`min_fold_accuracy_sd`.
"""

from __future__ import annotations

import fnmatch
import itertools
import math
from collections import Counter
from typing import Any, Callable, Mapping, Sequence

import numpy as np
import pandas as pd

from aucacc.auc_gap.hypotheses import claim_verdicts
from aucacc.report.claims import judge
from aucacc.report.scorecard.cells import LEARNERS
from aucacc.report.scorecard.ties import identical_learners

_PREFIX = {v: k for k, v in LEARNERS.items()}  # "C4.4" -> "c44"


# --- the smallest fold sd a set of fold accuracies can have ------------------------------------

def stratified_fold_sizes(n: int, k: int) -> list[int]:
    """Test-fold sizes of a ``k``-fold split of ``n`` instances: as equal as possible (they differ by at most one).

    Weka's and scikit-learn's stratified splits deal the instances of each class round the folds,
    so the fold sizes differ by at most one: ``n mod k`` folds of ``⌊n/k⌋ + 1``, the rest ``⌊n/k⌋``.

    Raises
    ------
    ValueError
        If ``k < 2`` or ``n < k`` (some fold would be empty).
    """
    if k < 2 or n < k:
        raise ValueError(f"{n} instances cannot be split into {k} non-empty folds")
    return [n // k + 1] * (n % k) + [n // k] * (k - n % k)


def min_fold_accuracy_sd(sizes: Sequence[int], mean: float, half_width: float = 0.0,
                         window: int = 3) -> tuple[float, np.ndarray]:
    """Smallest sample sd (ddof = 1, percentage points) of fold accuracies ``100·k_i/n_i`` with the given mean.

    Fold ``i`` has ``n_i = sizes[i]`` test instances, so its accuracy is ``100·k_i/n_i`` for an
    integer ``0 ≤ k_i ≤ n_i``. Among all such vectors whose mean lies in
    ``[mean − half_width, mean + half_width]`` (a printed mean stands for its rounding interval),
    the one with the smallest sample standard deviation is returned.

    Folds of equal size are interchangeable, so the search runs over multisets of counts per size.
    A fold of more than 12 instances only takes counts within ``window`` of ``mean·n_i/100``
    (the sd grows with the distance from the mean; folds of up to 12 instances are searched in full).

    Returns
    -------
    (sd, accuracies) : the smallest sd and one vector of fold accuracies attaining it;
        ``(nan, empty)`` if no vector has a mean in the interval.
    """
    groups = Counter(int(s) for s in sizes)
    choices = []
    for n, m in groups.items():
        centre = mean * n / 100
        lo, hi = (0, n) if n <= 12 else (max(0, math.floor(centre) - window), min(n, math.ceil(centre) + window))
        choices.append([np.asarray(c, dtype=float) * 100 / n
                        for c in itertools.combinations_with_replacement(range(lo, hi + 1), m)])
    best, arg = math.inf, np.array([])
    total = sum(groups.values())
    for combo in itertools.product(*choices):
        vals = np.concatenate(combo)
        mu = vals.sum() / total
        if abs(mu - mean) <= half_width + 1e-9:
            sd = float(vals.std(ddof=1))
            if sd < best:
                best, arg = sd, vals
    return (best if math.isfinite(best) else float("nan")), arg


# --- evidence functions: (row, card, tables, claims) -> sentence --------------------------------

def _step(printed: Any) -> float:
    s = str(printed)
    return 10.0 ** -(len(s.split(".")[1]) if "." in s else 0)


def _published_cell(published: Mapping[str, pd.DataFrame], table: str, dataset: str, column: str) -> str:
    p = published[table]
    return str(p.loc[p["dataset"] == dataset, column].iloc[0]).strip()


def _min_fold_sd(row, card, tables, claims):
    """The fold sd the published mean allows: smallest sd of fold accuracies on the paper's instance count."""
    published = tables["__published_frames__"]
    table, dataset, column = row["cell"].split(":")
    mean_printed = _published_cell(published, table, dataset, column.removesuffix("_sd"))
    n = int(float(_published_cell(published, "datasets", dataset, "instances")))
    k = int(claims["rules"]["fold_sd"]["folds"])
    sizes = stratified_fold_sizes(n, k)
    sd, vals = min_fold_accuracy_sd(sizes, float(mean_printed), _step(mean_printed) / 2)
    sizes_text = ", ".join(f"{c}×{s}" if c > 1 else f"{s}" for s, c in Counter(sizes).items())
    return (f"computed bound: {k} folds of {n} instances (the paper's count; sizes {sizes_text}) with mean "
            f"{mean_printed} have fold sd ≥ {sd:.1f} (published {row['published']:g}; attained by "
            f"{', '.join(f'{v:.1f}' for v in vals)})")


def _auc_gap_per_fold(row, card, tables, claims):
    """How far per-fold discretization closes the AUC gap, and the significance claims it keeps."""
    h = tables.get("auc_hypotheses")
    by = tables.get("auc_hypotheses_by_dataset")
    if h is None or by is None:
        return "the AUC-gap tables were not produced by this run"
    allrow = h[h["learner"] == "all"].set_index("reading")
    std, pf = float(allrow.loc["standard", "mean_diff"]), float(allrow.loc["per_fold_discretization", "mean_diff"])
    n = int(allrow.loc["per_fold_discretization", "n"])
    cv = claim_verdicts(by, tables["__published_frames__"]["significance"], tables["__alpha__"])
    cv = cv[cv["table"] == "uci_nb_c44_c45"]
    kept = {r: (int(g["kept"].sum()), len(g)) for r, g in cv.groupby("reading")}
    k_pf, m_pf = kept.get("per_fold_discretization", (0, 0))
    k_st, m_st = kept.get("standard", (0, 0))
    return (f"per-fold discretization (cut points from each training part) cuts the mean signed gap from "
            f"{std:+.2f} to {pf:+.2f} points over {n} data-set × learner cells and keeps {k_pf} of {m_pf} "
            f"§IV-B AUC significance claims (standard reading: {k_st} of {m_st}; the SVM is not run per fold) "
            "— auc_hypotheses.csv, auc_hypotheses_by_dataset.csv, report/auc_gap.md")


def _average_contributors(row, card, tables, claims):
    """Which data sets make an average differ from the paper's: each difference / number of data sets."""
    _, key, _ = row["cell"].split(":")
    table, metric, learner = key.split("/")
    stem = claims["tables"]["uci_averages"]["ours"].get(table)
    ours = tables.get(stem)
    published = tables["__published_frames__"]
    if ours is None:
        return ""
    # The per-data-set published value of this learner: its own table, or the main table (NB, C4.4, C4.5
    # on the SVM's 13 data sets are the main table's values).
    col = f"{_PREFIX[learner]}_{'acc' if metric == 'accuracy' else 'auc'}"
    pub = published[table] if col in published[table].columns else published["uci_nb_c44_c45"]
    pub = pub.set_index("dataset")
    sets = list(published[table]["dataset"])
    g = ours[(ours["learner"] == learner) & (ours["metric"] == metric)].set_index("dataset")
    diff = pd.Series({d: float(g.loc[d, "mean"]) - float(pub.loc[d, col]) for d in sets if d in g.index})
    top = diff.reindex(diff.abs().sort_values(ascending=False).index)[:4]
    parts = ", ".join(f"{d} {v:+.1f} (→ {v / len(sets):+.2f})" for d, v in top.items())
    return (f"largest contributors to ours − published (difference of the data set, and its share of the "
            f"{len(sets)}-data-set average): {parts}; sum of all shares {diff.sum() / len(sets):+.2f} ({table}.csv)")


def _profit_revenue_fit(row, card, tables, claims):
    """The profit rows pass with a revenue fitted to the same four published numbers: say so."""
    t = tables.get("profit_comparison")
    if t is None:
        return ""
    cut = float(str(row["dataset"]).rstrip("%")) / 100
    at = t[np.isclose(t["cutoff"], cut)]
    fit = at[at["quantity"] == "revenue_fit"]
    chi = at[at["quantity"] == "chi2_at_configured_revenue"]
    n_pub = int(at["published"].notna().sum() - (at["quantity"] == "max_profit_from_auc").sum())
    if not len(fit):
        return ""
    return (f"the revenue per responder is not printed in the paper: the configured one is the value that fits "
            f"these same {n_pub} published differences (fitted {float(fit.iloc[0]['exact']):.2f} ± "
            f"{float(fit.iloc[0]['mc_sd']):.2f}; χ² = {float(chi.iloc[0]['exact']):.2f} on {n_pub} points at the "
            "configured revenue), so these rows test the shape of the curve, not its scale (profit_comparison.csv)")


def _identical_predictions(row, card, tables, claims):
    """Data sets on which the learners predict and rank alike (score_ties.csv), and what that does to C/D/E."""
    ties, ds = tables.get("score_ties"), tables.get("datasets")
    if ties is None:
        return "score_ties.csv was not produced by this run"
    same = identical_learners(ties)
    if not same:
        return "no data set on which the learners predict and rank alike (score_ties.csv)"
    pub = tables["__published_frames__"].get("datasets")
    parts = []
    for d, learners in same.items():
        n_folds = int(ties.loc[ties["dataset"] == d, "folds"].iloc[0])
        kept = f"{int(ds.set_index('dataset').loc[d, 'attributes'])} attribute(s)" if ds is not None and d in set(ds["dataset"]) else ""
        paper = (f" (the paper's table: {pub.set_index('dataset').loc[d, 'attributes']})"
                 if pub is not None and d in set(pub["dataset"]) else "")
        parts.append(f"{d} keeps {kept} after whole-data discretization{paper} (datasets.csv): {', '.join(learners)} "
                     f"predict the same class for every instance and order every fold alike (score_ties.csv), so "
                     f"their accuracy and AUC are equal in each of its {n_folds} folds, which add {n_folds} identical "
                     "V folds (both equal) to every pair's C/D/E tally")
    return "; ".join(parts)


def tied_folds(folds: pd.DataFrame, pairs, datasets=None) -> dict[str, dict[str, dict[str, int]]]:
    """Per pair ``"a vs b"`` and data set: the folds whose accuracy ties, split by whether the AUC ties too.

    ``folds``: a study's ``fold_measures`` (``dataset, learner, fold, measure, value``). A fold
    with equal accuracy and unequal AUC is a P fold of the C/D/E tally (§IV-D), one with both equal a
    V fold; folds with an undefined AUC are left out, as the tally does
    (:func:`aucacc.studies.fold_tables.cde_table`). ``datasets`` restricts to those data sets.

    Returns
    -------
    ``{pair: {"P": {data set: folds}, "V": {data set: folds}}}``, data sets with no such fold omitted.
    """
    f = folds[folds["measure"].isin(["accuracy", "auc"])]
    if datasets is not None:
        f = f[f["dataset"].isin(list(datasets))]
    wide = f.pivot_table(index=["dataset", "fold"], columns=["measure", "learner"], values="value", aggfunc="first")
    out = {}
    for pair in pairs:
        a, b = [x.strip() for x in pair.split(" vs ")]
        need = [("auc", a), ("auc", b), ("accuracy", a), ("accuracy", b)]
        if not all(c in wide.columns for c in need):
            continue
        w = wide[need].dropna()
        acc_eq = np.isclose(w[("accuracy", a)], w[("accuracy", b)], rtol=0, atol=1e-12)
        auc_eq = np.isclose(w[("auc", a)], w[("auc", b)], rtol=0, atol=1e-12)
        ds = w.index.get_level_values("dataset")
        out[pair] = {k: {d: int(n) for d, n in pd.Series(m, index=ds).groupby(level=0, sort=False).sum().items() if n}
                     for k, m in (("P", acc_eq & ~auc_eq), ("V", acc_eq & auc_eq))}
    return out


def _tied_folds(row, card, tables, claims):
    """The C/D/E tally's P and V folds per data set, for the row's pair: every data set whose tied folds move P, V or E."""
    folds, cde = tables.get("fold_measures"), tables.get("cde_folds")
    if folds is None or cde is None:
        return "fold_measures.csv (the paper study's fold measures) was not given to the scorecard"
    sets = tables.get("__published__", {}).get("uci_nb_c44_c45")
    pair = row["learner"]
    ties = tied_folds(folds, [pair], sets).get(pair)
    if ties is None:
        return f"{pair}: not both learners in fold_measures.csv"
    pub = tables["__published_frames__"]["cde_folds"].set_index("pair").loc[pair]
    part = []
    for k, what in (("V", "accuracy and AUC both equal"), ("P", "accuracy equal, AUC not")):
        by = sorted(ties[k].items(), key=lambda x: (-x[1], x[0]))
        part.append(f"{k} ({what}) {sum(ties[k].values())} folds (the paper {pub[k]}): "
                    + (", ".join(f"{d} {n}" for d, n in by) or "none"))
    same = identical_learners(tables["score_ties"]) if tables.get("score_ties") is not None else {}
    whole = [d for d, lrns in same.items() if all(x in lrns for x in pair.split(" vs "))]
    return (f"{pair} by data set — " + "; ".join(part)
            + (f"; the learners predict and rank alike on every fold of {', '.join(whole)} (score_ties.csv)" if whole else "")
            + " (fold_measures.csv of the paper study)")


EVIDENCE: dict[str, Callable] = {
    "tied_folds": _tied_folds,
    "identical_predictions": _identical_predictions,
    "min_fold_sd": _min_fold_sd, "auc_gap_per_fold": _auc_gap_per_fold,
    "average_contributors": _average_contributors, "profit_revenue_fit": _profit_revenue_fit,
}

ROW_INDEPENDENT = {"auc_gap_per_fold", "identical_predictions"}


def _entries(claims: Mapping[str, Any]):
    for section in ("status", "known_fail", "notes"):
        for e in claims.get(section, []):
            yield section, e


def _evidence(name, row, card, tables, claims) -> str:
    try:
        return EVIDENCE[name](row, card, tables, claims)
    except (KeyError, IndexError, ValueError):
        # A reduced run (e.g. .test) lacks a table or a row the sentence needs: say so, never stop the card.
        return f"evidence '{name}': not computable from this run's tables"


def add_evidence(card: pd.DataFrame, tables: Mapping[str, Any], claims: Mapping[str, Any]) -> pd.DataFrame:
    """Append each entry's computed evidence (and a ``notes`` entry's reason) to the reason of its rows.

    Missing rows (ours not produced) get nothing: there is nothing to show.
    """
    card = card.copy()
    once: dict[str, str] = {}  # evidence that does not depend on the row, computed once
    for section, e in _entries(claims):
        name = e.get("evidence")
        if section != "notes" and not name:
            continue
        for i in card.index[card["cell"].map(lambda c: any(fnmatch.fnmatchcase(c, p) for p in e["cells"]))]:
            if card.at[i, "status"] == "missing":
                continue
            extra = [e["reason"]] if section == "notes" else []
            if name in ROW_INDEPENDENT:
                if name not in once:
                    once[name] = _evidence(name, card.loc[i], card, tables, claims)
                extra.append(once[name])
            elif name:
                extra.append(_evidence(name, card.loc[i], card, tables, claims))
            card.at[i, "reason"] = "; ".join(x for x in [card.at[i, "reason"], *extra] if x)
    return card


# --- checks of the card itself ---------------------------------------------------------------

def systematic_shift_rows(cells: pd.DataFrame, claims: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per (published fold table, data set): is every learner's mean shifted the same way beyond the threshold?

    Over the fold-mean cells (accuracy and AUC of every learner) of each table named under
    ``systematic_shift.tables`` of the claims file: FAIL when every difference (ours − published)
    has the same sign and exceeds ``rules.<systematic_shift.rule>.abs`` points, whatever the per-cell
    tolerance says; the row gives the mean shift. A data set with a missing cell is ``missing``.
    """
    spec = claims.get("systematic_shift")
    if not spec:
        return []
    r = claims["rules"][spec["rule"]]
    rows = []
    for table in spec["tables"]:
        g = cells[(cells["table"] == table) & (cells["stat"] == "mean")]
        for dataset, d in g.groupby("dataset", sort=False):
            cell = f"shift:{table}:{dataset}"
            diff = pd.to_numeric(d["difference"], errors="coerce")
            if diff.isna().any() or (d["status"] == "missing").any():
                ok, ours, mean = None, "", float("nan")
            else:
                mean = float(diff.mean())
                shifted = bool((diff > r["abs"]).all() or (diff < -r["abs"]).all())
                ok = not shifted
                ours = (f"mean shift {mean:+.1f} over {len(d)} cells: "
                        + ", ".join(f"{x.learner} {x.metric} {x.difference:+.1f}" for x in d.itertuples()))
            status, why = judge(cell, ok, claims)
            rows.append({"kind": "shift", "source": "Huang & Ling 2005", "table": "systematic_shift", "section": claims["tables"][table]["section"],
                         "cell": cell, "dataset": dataset, "learner": "every learner", "metric": "accuracy and AUC",
                         "stat": "mean shift", "published": "no same-sign shift of every cell", "ours": ours,
                         "difference": mean, "sd_units": float("nan"), "tolerance": f"not all same sign beyond {r['abs']:g}",
                         "accept_lo": -r["abs"], "accept_hi": r["abs"], "rule": r["text"], "status": status, "reason": why})
    return rows


def impossible_but_passing(card: pd.DataFrame, tables: Mapping[str, Any]) -> list[str]:
    """Cells listed in ``auc_impossible`` (a published AUC no ranking can give) that the card scores ``pass``.

    A listed cell is the published AUC mean and its sd of that learner on that data set in the
    paper's main table. An empty list is the consistent card.
    """
    imp = tables.get("auc_impossible")
    if imp is None or not len(imp):
        return []
    names = {f"uci_nb_c44_c45:{r.dataset}:{_PREFIX[r.learner]}_auc{s}" for r in imp.itertuples() for s in ("", "_sd")}
    hit = card[card["cell"].isin(names) & (card["status"] == "pass")]
    return list(hit["cell"])
