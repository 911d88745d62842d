"""The reproduction scorecard: every cell of ``config/published/*.csv`` and every published verdict, ours beside it.

Reads only the tables the workflow wrote (``results/tables``) and the claims file
(``config/claims.yaml``, :mod:`aucacc.report.claims`); it computes nothing new and holds no
threshold. One row per published cell (named ``<file>:<row key>:<column>``), per verdict of the
claims file (each names its source document: Huang & Ling 2005, Fawcett 2006, Provost & Fawcett
2001, Aggarwal 2015, Tharwat 2020), per shift and offset check, and per worked example of the
sources, with columns

``kind, source, table, section, cell, dataset, learner, metric, stat, published, ours, difference,
sd_units, tolerance, rule, status, reason``

where ``difference = ours − published``, ``sd_units`` is the difference in units of the
paper's own uncertainty of that number (its fold sd, its Monte-Carlo sd, the binomial sd of a
fold count), and ``status`` is ``pass``, ``FAIL``, ``explained``, ``not reproducible`` (both
declared in the claims file with a reason), ``hand check`` (a worked example whose reference is
our own hand computation, not a printed value) or ``missing`` (the table holding ours was not
produced by this run).

Layers: :mod:`.cells` (one row per published cell: ours looked up, the rule applied),
:mod:`.strict` (the offset per table and metric, the cells that pass only by the widened tolerance),
:mod:`.verdicts` (the checks of the published verdicts), :mod:`.sources` (the source of each row,
the worked examples, the summary per source), :mod:`.card` (the card and its summaries);
the status of a comparison after the claims' declarations is :func:`aucacc.report.claims.judge`.
"""

from aucacc.report.scorecard.card import (COLUMNS, STATUSES, expectation_mismatches, load_published, load_tables,
                                          scorecard, source_summary, summary, summary_line, tolerance_only)
from aucacc.report.scorecard.cells import verdicts_agree
from aucacc.report.scorecard.sources import SOURCES
from aucacc.report.scorecard.verdicts import VERDICTS

__all__ = ["COLUMNS", "SOURCES", "STATUSES", "expectation_mismatches", "load_published", "load_tables", "scorecard",
           "source_summary", "summary", "summary_line", "tolerance_only", "verdicts_agree", "VERDICTS"]
