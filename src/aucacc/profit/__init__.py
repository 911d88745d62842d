"""Direct-marketing profit of a classifier with a given AUC against one with the same accuracy.

Reproduces Huang & Ling (2005), §V "Optimizing profit with AUC and accuracy" ("Knowl 8" of the
seed document ``../shared/seeds/``). A *ranking* is an ordering of ``n`` customers, ``n0`` of them
responders (positives), top first; every ordering of the labels is equally likely. A campaign
contacts the top ``k`` customers (``k = round(cutoff * n)``) and earns

    profit = revenue * (responders among the top k) - cost * k.

"Expected profit given AUC = v" is the mean profit over all rankings whose AUC equals ``v``
exactly; "given accuracy = v" likewise, with accuracy computed as in §II (the top ``n0``
are classified positive, so ``acc = (2 t + n1 - n0) / n`` with ``t`` the responders in the top
``n0``). For ``n = 20`` the AUC takes the values ``u / 100`` and accuracy ``t / 10``, so the
paper's metric values 0.6 ... 0.9 are all attained exactly and no binning is needed: exact
conditioning reproduces "maximum profit from AUC >= 0.93", a bin of width 0.1 does not.

Three ways of obtaining the joint counts of (AUC numerator ``u``, ``t``, hits ``h`` in the top
``k``) are provided:

* :func:`enumerated_counts` — enumerate all ``C(n, n0)`` rankings (``n = 20``: 184,756);
* :func:`counted_counts` — exact integer counts without enumeration, from Gaussian binomial
  coefficients (q-binomials) of the list's segments (:func:`aucacc.counting.segment_counts`);
  works for lists of a few hundred;
* :func:`monte_carlo_counts` — the paper's protocol: ``N`` uniformly random rankings drawn
  with a seeded :class:`numpy.random.Generator`.

All three return :class:`JointCounts`; :func:`expected_profit_frame` turns any of them into
the tidy table of expected profits. :func:`joint_counts_3d` gives the full (u, t, h) joint, from
which :func:`monte_carlo_sd` computes how far one run of the paper's protocol strays from the
exact values.

Layers: :mod:`.counts` (exact joint counts) and :mod:`.monte_carlo` (the sampled protocol and
its noise), :mod:`.expectation` (expected profit given a metric value), :mod:`.published`
(comparison with the paper), :mod:`.experiment` (``profit`` config → tables, and the figure
names, and the data of each figure); figures drawn from that data by :mod:`aucacc.report.plots.profit`.
"""

from aucacc.profit.counts import (METHOD_COUNTING, METHOD_ENUMERATION, METHOD_MONTE_CARLO, JointCounts,
                                  contacts_for_cutoff, counted_counts, enumerate_rankings, enumerated_counts,
                                  joint_counts_3d, ranking_statistics)
from aucacc.profit.expectation import expected_profit_frame, max_profit_threshold, profit_study
from aucacc.profit.experiment import figure_stem, figure_stems, profit_comparison, profit_figure_data, profit_table
from aucacc.profit.monte_carlo import monte_carlo_counts, monte_carlo_sd
from aucacc.profit.published import compare_with_published, parse_published

__all__ = ["METHOD_COUNTING", "METHOD_ENUMERATION", "METHOD_MONTE_CARLO", "JointCounts", "contacts_for_cutoff",
           "counted_counts", "enumerate_rankings", "enumerated_counts", "joint_counts_3d", "ranking_statistics",
           "expected_profit_frame", "max_profit_threshold", "profit_study", "figure_stem", "figure_stems",
           "profit_comparison", "profit_figure_data", "profit_table", "monte_carlo_counts", "monte_carlo_sd",
           "compare_with_published", "parse_published"]
