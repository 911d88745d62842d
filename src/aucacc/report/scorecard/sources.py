"""The five source documents on the scorecard: every row names its source, and the sources' worked examples are rows.

Every scorecard row carries a ``source`` (one of :data:`SOURCES`): Huang & Ling's published cells,
shift, offset and verdict rows are ``Huang & Ling 2005``; a verdict of the claims file names its own
``source`` (the claims of Provost & Fawcett, Fawcett, Tharwat, Aggarwal that the outputs decide).
:func:`worked_example_rows` turns the table ``worked_examples``
(:func:`aucacc.report.worked_examples.worked_examples`) into rows: a value printed in the source is
judged ``pass``/``FAIL``; a reference that is the project's own hand computation (the source gives
the method, not the number) is a ``hand check`` when the library agrees with it (``FAIL`` when it does
not) and never counts as a reproduction of a printed value. :func:`source_summary` counts the
statuses per source.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

import pandas as pd

from aucacc.report.claims import judge

SOURCES = ("Huang & Ling 2005", "Fawcett 2006", "Provost & Fawcett 2001", "Aggarwal 2015", "Tharwat 2020")
HAND = "hand check"


def source_name(text: str) -> str:
    """The source of a citation such as ``"Tharwat 2020 §2.8"`` or ``"Provost & Fawcett 2001 §3.1"``.

    Raises
    ------
    ValueError
        If the text names none of :data:`SOURCES`.
    """
    for s in SOURCES:
        if str(text).startswith(s):
            return s
    raise ValueError(f"{text!r} names none of the scorecard's sources {SOURCES}")


def worked_example_rows(tables: Mapping[str, Any], claims: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One scorecard row per row of our ``worked_examples`` table (none when the run did not make it).

    The cell is named ``worked_examples:<source as printed>:<quantity>``; ``section`` is where in the
    source the example is. ``rule`` says whether the reference is printed in the source or hand-computed.
    """
    t = tables.get("worked_examples")
    if t is None:
        return []
    rows = []
    for r in t.itertuples(index=False):
        cell = f"worked_examples:{r.source}:{r.quantity}"
        printed = str(r.reference) == "printed"
        ok = bool(r.match) if str(r.match) not in ("True", "False") else str(r.match) == "True"
        if printed:
            status, why = judge(cell, ok, claims)
            rule = f"ours equals the value printed in the source ({r.precision})"
        else:
            status = HAND if ok else "FAIL"
            why = ("the source states the method, not this number: the reference is the project's own hand "
                   "computation, so agreement is a check of the library, not a reproduction of a printed value")
            rule = f"ours equals our hand computation ({r.precision})"
        m = re.match(r"^(.*?\d{4})\s*(.*)$", str(r.source))
        rows.append({"kind": "worked example", "source": source_name(r.source), "table": "worked_examples",
                     "section": (m.group(2) if m else "") or str(r.source), "cell": cell, "dataset": "",
                     "learner": str(r.example), "metric": str(r.quantity), "stat": str(r.reference),
                     "published": str(r.printed), "ours": float(r.ours), "difference": float("nan"),
                     "sd_units": float("nan"), "tolerance": str(r.precision), "accept_lo": float("nan"),
                     "accept_hi": float("nan"), "rule": rule, "status": status, "reason": why})
    return rows


def source_summary(card: pd.DataFrame, statuses) -> pd.DataFrame:
    """Counts of each status per source (every one of :data:`SOURCES`, then any other), and ``all``."""
    src = card["source"].fillna("")
    order = list(SOURCES) + [s for s in dict.fromkeys(src) if s not in SOURCES]
    tab = pd.crosstab(src, card["status"]).reindex(index=order, columns=list(statuses), fill_value=0)
    tab.loc["all"] = tab.sum()
    tab.insert(0, "rows", tab.sum(axis=1))
    return tab.reset_index().rename(columns={"index": "source", "row_0": "source"}).rename_axis(None, axis=1)
