"""The reader's documents: the scorecard in Markdown, the report's front page (RST), HTML tables, ``REPORT.md``.

Every number printed here comes from a table of the run or from the scorecard
(:mod:`aucacc.report.scorecard`); nothing is typed by hand, so nothing goes stale.
"""

from __future__ import annotations

import html
import os
import shlex
from pathlib import Path
from typing import Any, Mapping, Sequence

import pandas as pd

from aucacc.provenance import verified
from aucacc.report.plots import SOURCE_FIGURES
from aucacc.report.scorecard import STATUSES, source_summary, summary, summary_line, tolerance_only
from aucacc.tables import to_markdown

# How to re-run, as REPORT.md, the provenance page and the front page print it: from a clone of the
# repository, which carries the raw files (data/raw), so no mirror needs naming. tests/workflow/test_rerun.py
# runs these commands in a fresh clone.
RERUN_COMMANDS = ("python3 -m venv .venv && .venv/bin/pip install -q -e .",
                  ".venv/bin/snakemake --cores 2",
                  ".venv/bin/snakemake --report results/report.html")
RERUN = "\n".join(RERUN_COMMANDS)


def rerun_commands(configfiles: Sequence[str] = (), replace_workflow_config: bool = False) -> tuple[str, ...]:
    """The re-run commands of a run given ``--configfile`` files (none: :data:`RERUN_COMMANDS`).

    Parameters
    ----------
    configfiles : the files named after ``--configfile`` on the command line, in order.
    replace_workflow_config : the run was given ``--replace-workflow-config`` (a config of one's own, without
        ``config/config.yaml``; docs/studies.md): the commands give it too, or they would run another config.

    Returns
    -------
    The set-up, workflow and report commands, each naming the files (``--configfile`` takes every word
    after it, so it ends the file list with ``--replace-workflow-config`` or the end of the workflow command,
    and precedes ``--report``).
    """
    if not configfiles:
        return RERUN_COMMANDS
    given = f"--configfile {' '.join(shlex.quote(str(f)) for f in configfiles)}"
    if replace_workflow_config:
        given += " --replace-workflow-config"
    return (RERUN_COMMANDS[0], f"{RERUN_COMMANDS[1]} {given}",
            f".venv/bin/snakemake {given} --report results/report.html")


def _short(v: Any) -> str:
    """A number (or a number read back as text) to 4 significant digits; text as it is; — for missing."""
    if v is None or (isinstance(v, float) and pd.isna(v)):
        return "—"
    try:
        return f"{float(v):.4g}"
    except (TypeError, ValueError):
        return str(v)


def _by_importance(card: pd.DataFrame) -> pd.DataFrame:
    """Verdicts, averages and t-tests first: a reader looks at the paper's claims before single cells."""
    order = {"verdicts": 0, "uci_averages": 1, "significance": 2}
    return card.iloc[sorted(range(len(card)), key=lambda i: (order.get(card["table"].iloc[i], 3), i))]


def _display(card: pd.DataFrame) -> pd.DataFrame:
    cols = ["cell", "published", "ours", "difference", "sd_units", "tolerance", "status", "reason"]
    d = card[cols].copy()
    for c in ("ours", "published"):
        d[c] = [_short(v) for v in d[c]]
    return d


def scorecard_markdown(card: pd.DataFrame, claims: Mapping[str, Any]) -> str:
    """The scorecard as Markdown: summary per table and overall, then every row, grouped by table."""
    out = ["# Reproduction scorecard — Huang & Ling (2005) and the other sources", "",
           f"{summary_line(card)}. One row per cell of `config/published/*.csv`, per verdict of "
           "`config/claims.yaml` (each names the source document whose claim it checks), per offset and shift "
           "check and per worked example of the sources; rules and tolerances are those of the claims file; "
           "`sd_units` is the difference in units of the paper's own uncertainty of that number.", "",
           "Per source (a *hand check* is a worked example whose reference is our own hand computation: the "
           "source gives the method, not the number, so it is no reproduction of a printed value):", "",
           to_markdown(source_summary(card)), "", "Per table:", "", to_markdown(summary(card)), ""]
    wide = tolerance_only(card, claims)
    if len(wide):
        c = wide["status"].value_counts()
        out += [f"**Passing only by the widened tolerance**: {len(wide)} fold-mean cells lie inside max(3 points, "
                "1.5 × published sd) but more than 3 points off the paper; none counts as a pass: "
                + ", ".join(f"{int(n)} {k}" for k, n in c.items()) + " (each row's reason says why).", ""]
    titles = {"verdicts": "published verdicts", "systematic_shift": "same-sign shift of every learner on a data set",
              "systematic_offset": "mean offset of a table's cells, one metric (paired t-test)",
              "worked_examples": "worked examples of the sources"}
    for table, g in card.groupby("table", sort=False):
        spec = claims["tables"].get(table, {})
        section = g["section"].iloc[0] if table not in titles else "see each row"
        out += [f"## {table}: {spec.get('title', titles.get(table, table))} ({section})",
                "", to_markdown(_display(g) if table not in ("verdicts", "worked_examples") else
                                g[["cell", "source", "section", "published", "ours", "status", "reason"]], ".3g"), ""]
    return "\n".join(out)


def _rst_table(df: pd.DataFrame) -> str:
    """A docutils list-table."""
    lines = [".. list-table::", "   :header-rows: 1", ""]
    for i, row in enumerate([list(df.columns)] + df.astype(str).values.tolist()):
        lines.append("   * - " + str(row[0]).replace("*", r"\*"))
        lines += [f"     - {str(c).replace('*', chr(92) + '*')}" for c in row[1:]]
    return "\n".join(lines) + "\n"


def provenance_frame(prov: Mapping[str, Any], config: Mapping[str, Any]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(key/value frame: versions, seed, config hash, mirror; data set → raw file and SHA-256)."""
    kv = [("seed", prov.get("seed")), ("config SHA-256", prov.get("config_sha256")),
          ("created (UTC)", prov.get("created_utc")), ("mirror", prov.get("mirror"))]
    kv += [(k, v) for k, v in prov.get("versions", {}).items()]
    data = [(name, d.get("source", {}).get("file", ""), d.get("source", {}).get("sha256", "(not pinned)"))
            for name, d in config.get("datasets", {}).items()]
    return (pd.DataFrame(kv, columns=["item", "value"]),
            pd.DataFrame(data, columns=["data set", "raw file", "SHA-256 (checked at fetch)"]))


def front_page_rst(card: pd.DataFrame, prov: Mapping[str, Any], config: Mapping[str, Any],
                   rerun: Sequence[str] = RERUN_COMMANDS) -> str:
    """RST included by the Snakemake report's front page: scorecard summary, provenance in brief, how to re-run.

    Short on purpose: the report centres its front page vertically, so text beyond one screen
    would be cut off at the top. The full provenance (every data SHA-256) is the registered
    ``provenance`` page, the failing cells the ``scorecard`` table. ``rerun``: the run's re-run commands
    (:func:`rerun_commands`).
    """
    fails = _by_importance(card[card["status"] == "FAIL"])
    verdicts = fails[fails["table"] == "verdicts"]["cell"].str.removeprefix("verdict:").tolist()
    v = prov.get("versions", {})
    lines = ["Scorecard summary", "-----------------", "", f"**{summary_line(card)}**", "", _rst_table(summary(card)), "",
             f"FAIL: {len(fails)} rows" + (f", of them the verdicts {', '.join(verdicts)}" if verdicts else "")
             + f" (reasons in the *scorecard* table under *{report_category('Scorecard')}*).", "",
             f"**Provenance**: seed {prov.get('seed')}, config SHA-256 ``{str(prov.get('config_sha256'))[:12]}…``, "
             f"aucacc {v.get('aucacc', '?')}, Snakemake {v.get('snakemake', '?')}; every version and raw-file "
             f"SHA-256: *provenance* under *{report_category('Scorecard')}*. **Re-run** (from a clone of the repository): "
             + ", then ".join(f"``{c}``" for c in rerun) + ".", ""]
    return "\n".join(lines)


def provenance_html(prov: Mapping[str, Any], config: Mapping[str, Any], rerun: Sequence[str] = RERUN_COMMANDS) -> str:
    """The run's provenance as an HTML page: versions, seed, config hash, each data set's raw file and SHA-256,
    and the re-run commands ``rerun`` (:func:`rerun_commands`)."""
    kv, data = provenance_frame(prov, config)
    page = table_html(kv, "Provenance of this run")
    return page.replace("</body>", data.to_html(index=False, border=0) + f"<h3>How to re-run</h3><pre>{html.escape(chr(10).join(rerun))}</pre></body>")


def table_html(df: pd.DataFrame, title: str) -> str:
    """A self-contained HTML page holding one table (the Snakemake report shows HTML inline)."""
    body = df.to_html(index=False, na_rep="—", float_format=lambda x: f"{x:.4g}", border=0, escape=True)
    style = ("body{font-family:sans-serif;font-size:13px}table{border-collapse:collapse}"
             "td,th{padding:2px 6px;border-bottom:1px solid #ddd;text-align:right}th{background:#f4f4f4}")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{style}</style></head><body><h3>{html.escape(title)}</h3>{body}</body></html>\n")


# The order and the words of REPORT.md: (heading, paper section, tables, figures).
SECTIONS = [
    ("Data sets", "§IV-B (data-set table)", ["datasets"], ["report/figures/scatter_datasets.png"]),
    ("NB, C4.4 and C4.5 on 18 data sets", "§IV-B, Knowl 5", ["uci_nb_c44_c45", "significance_uci", "score_ties"],
     ["report/figures/scatter_uci_nb_c44_c45.png", "report/figures/per_dataset_uci.png",
      "report/figures/scatter_uci_averages.png"]),
    ("SVM on 13 binary data sets", "§IV-C, Knowl 6", ["svm_binary13", "significance_svm13"],
     ["report/figures/scatter_svm_binary13.png", "report/figures/per_dataset_svm.png"]),
    ("C/D/E of AUC against accuracy over the test folds", "§IV-D, Knowl 4", ["cde_folds"],
     ["report/figures/scatter_cde_folds.png"]),
    ("The AUC gap", "project analysis of the published AUCs, §IV-B, §IV-C", ["auc_hypotheses", "auc_impossible"], ["report/figures/auc_gap.png"]),
    ("Synthetic C, D, E", "§II, Knowl 3", ["synthetic_balanced", "synthetic_imbalanced_25pct",
                                            "synthetic_varying_n10", "synthetic_multiclass"],
     ["report/figures/scatter_synthetic_endpoints.png", "figures/synthetic_balanced.png",
      "figures/synthetic_imbalanced_25pct.png", "figures/synthetic_varying_n10.png",
      "figures/synthetic_multiclass.png"]),
    ("Profit", "§V, Knowl 8", ["profit_comparison"],
     ["report/figures/scatter_profit.png", "figures/profit_15.png", "figures/profit_25.png"]),
    ("ROC analysis", "Fawcett 2006; Provost & Fawcett 2001", ["rocch_dominators", "rocch_hybrid"], []),
    ("Worked examples of the sources", "Tharwat 2020; Fawcett 2006; Aggarwal 2015; Provost & Fawcett 2001",
     ["worked_examples"], [f"figures/sources/{f}.png" for f in SOURCE_FIGURES]),
    ("Aggarwal on data", "Aggarwal 2015 §10.9: cost-weighted accuracy, the test over b rounds of cross-validation",
     ["cost_accuracy", "repeated_tests"], []),
]


def study_headline_frame(rows: list[tuple[str, str, str]]) -> pd.DataFrame:
    """``(study, title, headline)`` rows as the frame ``results/report/studies.csv`` holds."""
    return pd.DataFrame(rows, columns=["study", "title", "headline"])


#: The paper's report categories (chapters of the Snakemake report's menu) in reading order; each study's chapter
#: (:func:`study_category`) follows them. Named through :func:`report_category`, which numbers them.
REPORT_CATEGORIES = ("Scorecard", "Data sets", "NB, C4.4, C4.5 (IV-B)", "SVM (IV-C)", "C/D/E on folds (IV-D)",
                     "AUC gap", "Synthetic (II)", "Profit (V)", "ROC analysis", "Other tables",
                     "Statistics beyond the t-test", "Metrics of the sources")


def report_category(name: str) -> str:
    """The Snakemake report category of the paper's chapter ``name``: its place in :data:`REPORT_CATEGORIES`, two
    digits, then the name (``"01 Scorecard"``, ``"12 Metrics of the sources"``).

    Two digits because the report's menu sorts the category names as text (Snakemake 9's ``menu.js``:
    ``localeCompare``), which puts ``"10 …"`` before ``"2 …"``; zero-padded, text order is reading order, and every
    ``Study – <title>`` (a letter after the digits) comes after the paper's chapters.

    Raises
    ------
    ValueError
        ``name`` is not one of :data:`REPORT_CATEGORIES`.
    """
    if name not in REPORT_CATEGORIES:
        raise ValueError(f"report category {name!r} is not one of aucacc.report.document.REPORT_CATEGORIES: "
                         f"{', '.join(REPORT_CATEGORIES)}")
    return f"{REPORT_CATEGORIES.index(name) + 1:02d} {name}"


def study_category(title: str) -> str:
    """The Snakemake report category of a study: ``Study – <title>``.

    No colon: Snakemake makes an RST link target of each category name (``.. _<name>: …``), which a
    colon would cut short; a colon in the title becomes a dash.
    """
    return "Study – " + str(title).replace(":", " –")


def studies_rst(headlines: pd.DataFrame, folded: bool = False) -> str:
    """RST for the report's front page: one line per study, its title and headline (:func:`study_headline_frame`).

    ``folded`` (a run with the paper study, whose scorecard summary fills the first screen): the lines
    sit in an HTML ``<details>`` element, one line high until opened, since the report centres its
    front page vertically and a taller page loses its top (``front_page_rst``).
    """
    if folded:
        items = "".join(f"<li><strong>{html.escape(str(r.title))}</strong> (category "
                        f"<em>{html.escape(study_category(r.title))}</em>): {html.escape(str(r.headline))}</li>"
                        for r in headlines.itertuples())
        names = ", ".join(html.escape(str(t)) for t in headlines["title"])
        return (".. raw:: html\n\n   <details><summary><strong>Studies</strong> (one line each): "
                f"{names}</summary><ul>{items}</ul></details>\n")
    lines = ["Studies", "-------", ""]
    lines += [f"- **{r.title}** (category *{study_category(r.title)}*): {r.headline}" for r in headlines.itertuples()]
    return "\n".join(lines + [""])


def study_sections(results: str | os.PathLike, sections: list[Mapping[str, Any]],
                   headlines: pd.DataFrame | None) -> list[str]:
    """REPORT.md's lines of each study: its title and headline, its tables inline, other tables and figures linked.

    Parameters
    ----------
    results : the results folder (paths in ``sections`` are relative to it).
    sections : one mapping per study: ``study``, ``title``, ``tables`` (Markdown tables shown inline),
        ``links`` (tables linked), ``figures`` (PNGs linked).
    headlines : :func:`study_headline_frame` of the run, or None.
    """
    res = Path(results)
    lines = {r.study: r.headline for r in headlines.itertuples()} if headlines is not None else {}
    out: list[str] = []
    for sec in sections:
        out += [f"## Study: {sec['title']}", "", f"Results in `studies/{sec['study']}/`."
                + (f" {lines[sec['study']]}" if sec["study"] in lines else ""), ""]
        figs = [f for f in sec["figures"] if (res / f).exists()]
        main = [f for f in figs if f.count("/") == 3]  # studies/<s>/figures/<stem>.png; per data set one level deeper
        out += [f"![{Path(f).stem}]({f})" for f in main] + [""]
        per_measure = [f for f in figs if f not in main and Path(f).parent.name == "learner_pairs"]
        if per_measure:  # figures/learner_pairs/<measure>.png
            out += ["Per measure: " + ", ".join(f"[{Path(f).parent.name} {Path(f).stem}]({f})" for f in per_measure), ""]
        per_dataset = [f for f in figs if f not in main and f not in per_measure]
        if per_dataset:
            out += ["Per data set: " + ", ".join(f"[{Path(f).parent.name} {Path(f).stem}]({f})" for f in per_dataset), ""]
        for t in sec["tables"]:
            if (res / t).exists():
                out += [f"### `{Path(t).stem}`", "", verified(res / t).read_text().strip(), ""]
        links = [t for t in sec["links"] if (res / t).exists()]
        if links:
            out += ["Other tables: " + ", ".join(f"[`{Path(t).stem}`]({t})" for t in links), ""]
    return out


def report_markdown(card: pd.DataFrame | None, results: str | os.PathLike, prov: Mapping[str, Any],
                    config: Mapping[str, Any], studies: list[Mapping[str, Any]] = (),
                    headlines: pd.DataFrame | None = None, rerun: Sequence[str] = RERUN_COMMANDS) -> str:
    """``results/REPORT.md``: scorecard summary, each part of the paper with its tables inline and figures linked,
    then a section per study (:func:`study_sections`).

    Parameters
    ----------
    card : the scorecard, or None (a run without a study of published numbers: no scorecard, no
        paper section, no paper label).
    results : the results folder (tables are read from ``<results>/tables/<stem>.md``; links are
        relative to it, so the file reads on a code-hosting site).
    prov, config : the provenance record and the run's config.
    studies, headlines : the study sections and the headlines of :func:`study_sections`.
    rerun : the run's re-run commands (:func:`rerun_commands`).
    """
    res = Path(results)
    kv, data = provenance_frame(prov, config)
    if card is not None:
        out = ["# Reproduction report — Huang & Ling (2005), *Using AUC and Accuracy in Evaluating Learning Algorithms*",
               "", "Written by the workflow from its own tables (nothing here is typed by hand). "
               "The per-cell scorecard is [`report/scorecard.md`](report/scorecard.md); the browsable report is "
               "`results/report.html` (`snakemake --report results/report.html`).", "",
               "## Scorecard", "", f"**{summary_line(card)}**", "", "Per source document:", "",
               to_markdown(source_summary(card)), "", "Per table:", "", to_markdown(summary(card)), ""]
        fails = _by_importance(card[card["status"].isin(["FAIL", "explained", "not reproducible"])])
    else:
        out = ["# Report — AUC and accuracy, study by study", "",
               "Written by the workflow from its own tables (nothing here is typed by hand); the browsable report "
               "is `results/report.html` (`snakemake --report results/report.html`).", ""]
        fails = []
    if len(fails):
        out += ["### Every cell that does not pass", "",
                to_markdown(_display(fails)[["cell", "published", "ours", "tolerance", "status", "reason"]], ".3g"), ""]
    for heading, section, tables, figures in SECTIONS:
        have_t = [t for t in tables if (res / "tables" / f"{t}.md").exists()]
        have_f = [f for f in figures if (res / f).exists()]
        if not have_t and not have_f:
            continue
        if card is None:  # no paper study: no paper section named
            out += [f"## {heading}", ""]
            for t in have_t:
                out += [f"### `{t}`", "", verified(res / "tables" / f"{t}.md").read_text().strip(), ""]
            continue
        out += [f"## {heading} ({section})", ""]
        g = card[card["section"].str.contains(section.split(",")[0], regex=False)]
        if len(g) and heading != "The AUC gap":
            c = g["status"].value_counts()
            out += ["Scorecard: " + ", ".join(f"{int(c.get(s, 0))} {s}" for s in STATUSES if c.get(s, 0)) + ".", ""]
        out += [f"![{Path(f).stem}]({f})" for f in have_f] + [""]
        for t in have_t:
            out += [f"### `{t}`", "", verified(res / "tables" / f"{t}.md").read_text().strip(), ""]
    gap = res / "report" / "auc_gap.md"
    if gap.exists():
        out += ["The AUC-gap analysis in full: [`report/auc_gap.md`](report/auc_gap.md).", ""]
    rocs = sorted((res / "figures" / "roc").glob("*.png"))
    if rocs:
        out += ["ROC curves per data set: " + ", ".join(f"[{p.stem}](figures/roc/{p.name})" for p in rocs), ""]
    dets = sorted((res / "figures" / "det").glob("*.png"))
    if dets:
        out += ["DET curves per data set: " + ", ".join(f"[{p.stem}](figures/det/{p.name})" for p in dets), ""]
    others = sorted(p.stem for p in (res / "tables").glob("*.md")
                    if p.stem not in {t for s in SECTIONS for t in s[2]})
    if others:
        out += ["## Other tables", "", ", ".join(f"[`{s}`](tables/{s}.md)" for s in others), ""]
    out += study_sections(res, list(studies), headlines)
    out += ["## Provenance", "", to_markdown(kv), "", to_markdown(data), "", "## How to re-run", "", "```bash",
            *rerun, "```", ""]
    return "\n".join(out)
