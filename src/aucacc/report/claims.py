"""The claims file (config key ``claims``, ``config/claims.yaml``): the rule and tolerance of every published number and verdict.

One source for every threshold of the comparison with Huang & Ling (2005): the scorecard, the
tables' ``within_tolerance`` columns and the regression tests all read it through
:func:`load_claims`, whose path the caller gives (the workflow: an input of every rule that reads
it). The file is checked against ``src/aucacc/schemas/claims.schema.yaml`` (package data).
"""

from __future__ import annotations

import fnmatch
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from aucacc.exceptions import ClaimsError  # noqa: F401  (re-exported: its old path)

SCHEMA = Path(__file__).resolve().parents[1] / "schemas" / "claims.schema.yaml"  # package data


def load_claims(path: str | os.PathLike) -> dict[str, Any]:
    """Read and validate the claims file ``path`` (the config key ``claims``, e.g. ``config/claims.yaml``).

    Raises
    ------
    ClaimsError
        If the file is missing, does not fit the schema, names a rule that ``rules`` does not
        define, or lacks ``tables.significance`` keyed by ``[table, metric, a, b]`` (the published
        claims that ``claims_tests`` re-tests).
    """
    return _load(str(path))


@lru_cache(maxsize=8)
def _load(path: str) -> dict[str, Any]:
    import jsonschema

    if not Path(path).is_file():
        raise ClaimsError(f"claims file {path} not found (config key 'studies.<name>.claims' of the paper study): "
                          "point the key at the claims file, config/claims.yaml of the repository")
    claims = yaml.safe_load(Path(path).read_text())
    if not isinstance(claims, dict):  # e.g. a CSV given as the claims file: the schema error would print it whole
        raise ClaimsError(f"{path}: not a claims file (a YAML mapping with 'rules' and 'tables', as "
                          "config/claims.yaml of the repository); check config key 'studies.<name>.claims'")
    schema = yaml.safe_load(SCHEMA.read_text())
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(claims), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        key = ".".join(str(p) for p in e.path) or "(top level)"
        raise ClaimsError(f"{path}: key '{key}': {e.message}")
    rules = claims["rules"]
    for name, t in claims["tables"].items():
        used = list(t["columns"].values()) + [r for o in t.get("overrides", []) for r in o["columns"].values()]
        for r in used:
            if r not in rules:
                raise ClaimsError(f"{path}: key 'tables.{name}' uses rule {r!r}, which 'rules' does not define")
    for key, need, what in (("systematic_shift", "abs", "an 'abs' threshold"),
                            ("systematic_offset", "alpha", "an 'alpha' level")):
        section = claims.get(key)
        if not section:
            continue
        if section["rule"] not in rules or need not in rules[section["rule"]]:
            raise ClaimsError(f"{path}: key '{key}.rule' names {section['rule']!r}, which 'rules' does not "
                              f"define with {what}")
        for t in section["tables"]:
            if t not in claims["tables"]:
                raise ClaimsError(f"{path}: key '{key}.tables' names {t!r}, which 'tables' does not define")
    wide = claims.get("widening")
    if wide and (wide["rule"] not in rules or "abs" not in rules[wide["rule"]]):
        raise ClaimsError(f"{path}: key 'widening.rule' names {wide['rule']!r}, which 'rules' does not define with "
                          "an 'abs' threshold")
    for i, v in enumerate(claims.get("verdicts", [])):
        if v.get("check") == "trend":
            tol = rules.get("trend", {}).get("tolerance", {})
            missing = [c for c in v.get("relations", {}) if c not in tol]
            if missing:
                raise ClaimsError(f"{path}: key 'verdicts.{i}' ({v.get('id')}) is a trend of {missing}, for which "
                                  "'rules.trend.tolerance' gives no tolerance")
    sig = claims["tables"].get("significance")
    if sig is None or list(sig["key"]) != ["table", "metric", "a", "b"]:
        raise ClaimsError(f"{path}: key 'tables.significance' (key [table, metric, a, b]) is needed: the published "
                          "significance claims that claims_tests re-tests")
    return claims


def rule(name: str, claims: dict[str, Any]) -> dict[str, Any]:
    """The parameters of rule ``name`` in the parsed claims file ``claims`` (:func:`load_claims`)."""
    return claims["rules"][name]


def fold_mean_tolerance(published_sd: Any, claims: dict[str, Any]) -> Any:
    """Allowed |ours − published| of a fold mean: ``max(abs, sd × published sd)`` (rule ``fold_mean``).

    ``published_sd`` may be a scalar or an array (percentage points).
    """
    r = rule("fold_mean", claims)
    return np.maximum(r["abs"], r["sd"] * np.asarray(published_sd, dtype=float))


def fold_sd_bounds(published: float, step: float, claims: dict[str, Any]) -> tuple[float, float]:
    """Accepted range of our fold sd given the printed published sd (rule ``fold_sd``).

    Two sample standard deviations of ``folds`` values each come from one variance when their
    squared ratio lies inside the two-sided F-test acceptance region,
    ``[1/F, F]`` with ``F = F_{1−α/2}(folds − 1, folds − 1)``. The printed value stands for the
    interval ``published ± step/2``, so the range is ``[(p − step/2)/√F, (p + step/2)·√F]``.
    """
    from scipy.stats import f

    r = rule("fold_sd", claims)
    df = r["folds"] - 1
    root = float(np.sqrt(f.ppf(1 - r["alpha"] / 2, df, df)))
    return max(published - step / 2, 0.0) / root, (published + step / 2) * root


def declared_status(cell: str, claims: dict[str, Any]) -> tuple[str, str] | None:
    """``(status, reason)`` declared for ``cell`` under ``status`` in the claims file, or None."""
    for entry in claims.get("status", []):
        if any(fnmatch.fnmatchcase(cell, pat) for pat in entry["cells"]):
            return entry["status"], entry["reason"]
    return None


def known_fail(cell: str, claims: dict[str, Any]) -> str | None:
    """The reason ``cell`` is listed under ``known_fail`` (it is expected to FAIL), or None."""
    for entry in claims.get("known_fail", []):
        if any(fnmatch.fnmatchcase(cell, pat) for pat in entry["cells"]):
            return entry["reason"]
    return None


def judge(cell: str, ok: bool | None, claims: dict[str, Any]) -> tuple[str, str]:
    """Status and reason of a computed comparison (``ok``; None = ours missing), after the claims' declarations.

    A status declared under ``status`` wins (the rule's own outcome is added to the reason);
    a missing comparison is ``missing``; otherwise ``pass`` or ``FAIL``, with the ``known_fail``
    reason when there is one (and a note to update the claims file when a known fail passes).
    """
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


def rule_for(table: str, row_key: str, column: str, claims: dict[str, Any]) -> str | None:
    """The rule judging ``column`` of row ``row_key`` in published table ``table``.

    For the wide fold tables the column names map onto ``mean`` and ``sd``; an ``overrides``
    entry whose ``rows`` glob matches ``row_key`` takes precedence.
    """
    t = claims["tables"][table]
    for o in t.get("overrides", []):
        if fnmatch.fnmatchcase(row_key, o["rows"]) and column in o["columns"]:
            return o["columns"][column]
    cols = t["columns"]
    if column in cols:
        return cols[column]
    if "mean" in cols:
        return cols["sd"] if column.endswith("_sd") else cols["mean"]
    return None
