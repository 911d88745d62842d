"""Synthetic experiments: ``synthetic`` config section → tidy tables (Huang & Ling 2005, §II; Knowl 3).

One function per workflow rule (:func:`binary_experiment`, :func:`multiclass_exact_experiment`,
:func:`multiclass_experiment`) returns the :class:`aucacc.tables.Table` that the rule's script
writes; the script draws the figure from the table's data (:mod:`aucacc.report.plots.synthetic`). The experiment names are defined here once; the workflow's rules
and final targets read them.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np
import pandas as pd

from aucacc.captions import caption
from aucacc.counting import pair_counts
from aucacc.synthetic.binary import CUT_MEASURES, PAPER_PAIR, binary_cde, measure_pair_cde
from aucacc.synthetic.multiclass import (bootstrap_cd, hand_till_denominator, histogram_from_values,
                                         multiclass_exact_ranks, multiclass_labels, sample_multiclass)
from aucacc.synthetic.published import matches_printed, published_values
from aucacc.tables import Table

#: The binary experiments (exact C/D/E by counting), each a table and a figure ``synthetic_<name>``;
#: the workflow's rules and final targets read these names.
BINARY_EXPERIMENTS = ("balanced", "imbalanced_25pct", "varying_n10", "balanced_extended",
                      "imbalanced_25pct_extended")


#: The sampled multi-class experiment (table and figure ``synthetic_multiclass``).
MULTICLASS_EXPERIMENT = "multiclass"


#: The exact multi-class C/D/E for the smallest c (table ``synthetic_multiclass_exact`` only).
MULTICLASS_EXACT = "multiclass_exact"


#: Every experiment with a table and a figure.
EXPERIMENTS = BINARY_EXPERIMENTS + (MULTICLASS_EXPERIMENT,)


#: C/D/E of the configured measure pairs over the binary lists (table ``synthetic_measure_pairs``, no figure).
MEASURE_PAIRS = "measure_pairs"


def _split(total: int, fraction: float) -> tuple[int, int]:
    n0 = total * fraction
    if abs(n0 - round(n0)) > 1e-9 or round(n0) < 1 or round(n0) >= total:
        raise ValueError(f"size {total} with positive fraction {fraction} is not a split into whole classes")
    return int(round(n0)), total - int(round(n0))


def binary_settings(experiment: str, cfg: Mapping[str, Any]) -> list[tuple[str, int, int]]:
    """The (setting label, n0, n1) of a binary experiment from the ``synthetic`` config section.

    Parameters
    ----------
    experiment : str
        One of :data:`BINARY_EXPERIMENTS`.
    cfg : mapping
        The ``synthetic`` config section (keys documented in ``docs/analyses.md``).

    Returns
    -------
    list of (str, int, int)
        Labels follow the paper's: ``"2n=16"``, ``"n=8"``, ``"2:8"``.

    Raises
    ------
    ValueError
        Unknown experiment or a size that does not split into whole classes.
    """
    if experiment in ("balanced", "balanced_extended"):
        sizes = list(cfg["balanced"]["sizes"])
        if experiment == "balanced_extended":
            sizes = list(range(min(sizes), int(cfg["extended"]["max_size"]) + 1, 2))
        return [(f"2n={s}", *_split(s, 0.5)) for s in sizes]
    if experiment in ("imbalanced_25pct", "imbalanced_25pct_extended"):
        frac = float(cfg["imbalanced_25pct"]["positive_fraction"])
        sizes = list(cfg["imbalanced_25pct"]["sizes"])
        if experiment == "imbalanced_25pct_extended":
            sizes = [s for s in range(min(sizes), int(cfg["extended"]["max_size"]) + 1)
                     if abs(s * frac - round(s * frac)) < 1e-9 and 1 <= round(s * frac) < s]
        return [(f"n={s}", *_split(s, frac)) for s in sizes]
    if experiment == "varying_n10":
        total = int(cfg["varying_n10"]["size"])
        out = []
        for p in cfg["varying_n10"]["positives"]:
            if not 1 <= int(p) < total:
                raise ValueError(f"varying_n10: {p} positives out of {total}")
            out.append((f"{int(p)}:{total - int(p)}", int(p), total - int(p)))
        return out
    raise ValueError(f"unknown binary experiment {experiment!r}; choose from {BINARY_EXPERIMENTS}")


def binary_table(experiment: str, cfg: Mapping[str, Any], published: pd.DataFrame) -> pd.DataFrame:
    """Exact C, D, E for every setting of a binary experiment, beside the published values.

    Parameters
    ----------
    experiment : str
        One of :data:`BINARY_EXPERIMENTS`.
    cfg : mapping
        ``synthetic`` config section.
    published : DataFrame
        ``synthetic_endpoints.csv`` (read with ``dtype=str``).

    Returns
    -------
    DataFrame
        One row per setting: ``experiment, setting, n0, n1, lists, R, S, P, Q, V, U, C, D, E,
        published_C, published_D, published_E, match_C, match_D, match_E`` (counts are exact
        Python ints; match = ours rounds to the printed value; NA where nothing is published).
    """
    pub = published_values(published, experiment)
    rows = []
    for label, n0, n1 in binary_settings(experiment, cfg):
        rec = {"experiment": experiment, "setting": label, **binary_cde(n0, n1)}
        for k in ("C", "D", "E"):
            printed = pub.get(label, {}).get(k)
            rec[f"published_{k}"] = float(printed) if printed else np.nan
            rec[f"match_{k}"] = matches_printed(rec[k], printed) if printed else pd.NA
        rows.append(rec)
    cols = ["experiment", "setting", "n0", "n1", "lists", "R", "S", "P", "Q", "V", "U", "C", "D", "E",
            "published_C", "published_D", "published_E", "match_C", "match_D", "match_E"]
    return pd.DataFrame(rows)[cols]


def measure_pairs(cfg: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The measure pairs ``(f, g)`` of the ``synthetic.measure_pairs.pairs`` config key, checked.

    Parameters
    ----------
    cfg : mapping
        The ``synthetic`` config section (schema defaults filled in).

    Returns
    -------
    list of (str, str)
        In config order, each a pair of different names of :data:`aucacc.synthetic.binary.CUT_MEASURES`.

    Raises
    ------
    ValueError
        A pair naming one measure twice, an unknown measure, or a pair listed twice.
    """
    out = []
    for pair in cfg["measure_pairs"]["pairs"]:
        f, g = (str(m) for m in pair)
        if f == g or f not in CUT_MEASURES or g not in CUT_MEASURES or (f, g) in out:
            raise ValueError(f"synthetic.measure_pairs.pairs: [{f}, {g}] is not a new pair of two different "
                             f"measures; list each pair once, from {list(CUT_MEASURES)}")
        out.append((f, g))
    return out


def extra_measure_pairs(cfg: Mapping[str, Any]) -> bool:
    """Whether ``synthetic.measure_pairs.pairs`` asks for more than the paper's pair (AUC, accuracy): then the
    workflow makes table ``synthetic_measure_pairs`` (with the default, the paper's outputs only)."""
    return set(measure_pairs(cfg)) != {PAPER_PAIR}


def measure_pairs_table(cfg: Mapping[str, Any]) -> pd.DataFrame:
    """Exact C, D, E of every configured measure pair over every setting of the configured binary experiments.

    Parameters
    ----------
    cfg : mapping
        The ``synthetic`` config section: ``measure_pairs.pairs`` (:func:`measure_pairs`) and
        ``measure_pairs.experiments`` (names in :data:`BINARY_EXPERIMENTS`, their settings from
        :func:`binary_settings`).

    Returns
    -------
    DataFrame
        One row per (experiment, setting, pair): ``experiment, setting, n0, n1, f, g, lists, R, S, P, Q, V, U,
        C, D, E`` (counts exact Python ints; :func:`aucacc.synthetic.binary.measure_pair_cde`).

    Raises
    ------
    ValueError
        A bad pair (:func:`measure_pairs`) or bad sizes (:func:`binary_settings`).
    """
    pairs = measure_pairs(cfg)
    rows = []
    for experiment in cfg["measure_pairs"]["experiments"]:
        for label, n0, n1 in binary_settings(experiment, cfg):
            for f, g in pairs:
                rows.append({"experiment": experiment, "setting": label, **measure_pair_cde(n0, n1, f, g)})
    cols = ["experiment", "setting", "n0", "n1", "f", "g", "lists", "R", "S", "P", "Q", "V", "U", "C", "D", "E"]
    return pd.DataFrame(rows, columns=cols)


def multiclass_table(cfg: Mapping[str, Any], published: pd.DataFrame, seed: int,
                     exact: pd.DataFrame | None = None) -> pd.DataFrame:
    """Sampled C, D, E of Hand-Till M against accuracy, with bootstrap uncertainty.

    For each model in ``cfg["multiclass"]["models"]`` and each ``c``, ``samples`` lists are
    drawn (generator seeded by ``SeedSequence([seed, c, model index])``); R..U count the
    unordered pairs of distinct sampled lists from their joint histogram; ``bootstrap``
    multinomial resamples of the lists give the standard errors and 95 % percentile intervals.

    Parameters
    ----------
    cfg : mapping
        ``synthetic`` config section (``multiclass``: classes, per_class, samples, bootstrap,
        models).
    published : DataFrame
        ``synthetic_endpoints.csv`` (``dtype=str``).
    seed : int
        Master seed.
    exact : DataFrame, optional
        Output of :func:`multiclass_exact_table`; adds ``exact_C, exact_D`` and the distance
        of the sample estimate from them in standard errors.

    Returns
    -------
    DataFrame
        One row per (model, c).
    """
    mc = cfg["multiclass"]
    per_class = int(mc["per_class"])
    pub = published_values(published, "multiclass")
    rows = []
    for mi, model in enumerate(mc["models"]):
        for c in mc["classes"]:
            c = int(c)
            rng = np.random.default_rng(np.random.SeedSequence([int(seed), c, mi]))
            y = multiclass_labels(c, per_class)
            correct, m_num = sample_multiclass(c, int(mc["samples"]), rng, model, per_class)
            hist = histogram_from_values(correct, m_num, len(y), hand_till_denominator(y))
            rec = {"experiment": "multiclass", "model": model, "c": c, "setting": f"c={c}",
                   "examples": len(y), "samples": int(mc["samples"]), **pair_counts(hist.counts).as_dict()}
            rec.update(bootstrap_cd(hist, int(mc["bootstrap"]), rng))
            for k in ("C", "D"):
                printed = pub.get(f"c={c}", {}).get(k)
                rec[f"published_{k}"] = float(printed) if printed else np.nan
                rec[f"published_{k}_in_ci"] = (rec[f"{k}_lo"] <= float(printed) <= rec[f"{k}_hi"]) if printed else pd.NA
                rec[f"published_minus_ours_{k}_se"] = ((float(printed) - rec[k]) / rec[f"{k}_se"]) if printed else np.nan
            if exact is not None:
                hit = exact[(exact["model"] == model) & (exact["c"] == c)]
                for k in ("C", "D"):
                    ex = float(hit[k].iloc[0]) if len(hit) else np.nan
                    rec[f"exact_{k}"] = ex
                    rec[f"ours_minus_exact_{k}_se"] = (rec[k] - ex) / rec[f"{k}_se"] if len(hit) else np.nan
            rows.append(rec)
    return pd.DataFrame(rows)


def multiclass_exact_table(cfg: Mapping[str, Any]) -> pd.DataFrame:
    """Exact population C, D, E of the ``"ranks"`` model for each ``c`` in ``exact_classes``.

    Population = two independent lists (ordered pairs, self-pairs included; see
    :func:`pair_counts` with ``distinct=False``), the value the sampled estimate converges to.

    Returns
    -------
    DataFrame
        ``experiment, model, c, examples, lists (sum of integer weights), R..U, C, D, E`` and
        ``C_exact, D_exact`` as reduced fractions (strings).
    """
    mc = cfg["multiclass"]
    rows = []
    for c in mc["exact_classes"]:
        hist = multiclass_exact_ranks(int(c), int(mc["per_class"]))
        pc = pair_counts(hist.counts, distinct=False)
        rows.append({"experiment": "multiclass_exact", "model": "ranks", "c": int(c), "examples": hist.n,
                     "lists": hist.total, **pc.as_dict(), "C_fraction": str(pc.C), "D_fraction": str(pc.D)})
    return pd.DataFrame(rows)


def _display(df: pd.DataFrame, cols: Sequence[str]) -> pd.DataFrame:
    return df[[c for c in cols if c in df.columns]]


def binary_experiment(experiment: str, cfg: Mapping[str, Any], published: pd.DataFrame):
    """One binary experiment (rule ``synthetic_binary``): its table.

    Parameters
    ----------
    experiment : str
        One of :data:`BINARY_EXPERIMENTS`.
    cfg : mapping
        The ``synthetic`` config section.
    published : DataFrame
        ``synthetic_endpoints.csv`` read with ``dtype=str``.

    Returns
    -------
    Table
        Table ``synthetic_<experiment>`` (tidy: :func:`binary_table`); its figure is
        :func:`aucacc.report.plots.synthetic.plot_binary` of the table's data.

    Raises
    ------
    ValueError
        Unknown experiment or bad sizes (see :func:`binary_settings`).
    """
    df = binary_table(experiment, cfg, published)
    shown = _display(df, ["setting", "n0", "n1", "C", "published_C", "D", "published_D", "E", "published_E"])
    return Table(df, display=shown, caption=caption("synthetic_<experiment>", experiment=experiment))


def measure_pairs_experiment(cfg: Mapping[str, Any]) -> Table:
    """C/D/E of the configured measure pairs (rule ``synthetic_measure_pairs``): table
    :func:`measure_pairs_table`, shown as ``experiment, setting, n0, n1, f, g, C, D, E``."""
    df = measure_pairs_table(cfg)
    return Table(df, display=_display(df, ["experiment", "setting", "n0", "n1", "f", "g", "C", "D", "E"]),
                 caption=caption("synthetic_measure_pairs"))


def multiclass_exact_experiment(cfg: Mapping[str, Any]) -> Table:
    """Exact multi-class C, D, E (model ``ranks``) for the configured ``exact_classes`` (rule
    ``synthetic_multiclass_exact``): table :func:`multiclass_exact_table`."""
    df = multiclass_exact_table(cfg)
    return Table(df, floatfmt=".4f", display=_display(df, ["model", "c", "examples", "C", "D", "E"]),
                 caption=caption("synthetic_multiclass_exact"))


def multiclass_experiment(cfg: Mapping[str, Any], published: pd.DataFrame, seed: int,
                          exact: pd.DataFrame | None = None):
    """Sampled multi-class experiment (rule ``synthetic_multiclass``): its table.

    Parameters are those of :func:`multiclass_table`; returns the :class:`~aucacc.tables.Table`.
    Its figure is :func:`aucacc.report.plots.synthetic.plot_multiclass` of the table's data and
    :func:`examples_per_class`.
    """
    df = multiclass_table(cfg, published, seed, exact)
    shown = _display(df, ["model", "c", "C", "C_se", "published_C", "exact_C", "D", "D_se", "published_D", "exact_D",
                          "E"])
    per_class = examples_per_class(cfg)  # the configured number (the paper's is 2), never a typed one
    return Table(df, display=shown, caption=caption("synthetic_multiclass", per_class=per_class))


def examples_per_class(cfg: Mapping[str, Any]) -> str:
    """``"<n> example(s) per class"`` for the ``synthetic`` config section's ``multiclass.per_class``
    (captions and axis labels of the multi-class experiment)."""
    n = int(cfg["multiclass"]["per_class"])
    return f"{n} example{'' if n == 1 else 's'} per class"
