"""Synthetic consistency (C), discriminancy (D) and indifferency (E) of AUC against accuracy.

Huang & Ling (2005), *Using AUC and Accuracy in Evaluating Learning Algorithms*, IEEE TKDE
17(3):299-310: §II (definitions of C, D, E and the synthetic tables; "Knowl 1" and
"Knowl 3" of the seed document ``../shared/seeds/``).

Layers:

* :mod:`~aucacc.counting` — the counting core (q-binomials, joint histograms, pair counts);
* :mod:`.binary` — exact C/D/E over all binary ranked lists (pure numpy / Python ints), of AUC against
  accuracy and of any pair of AUC, accuracy, balanced accuracy, MCC and F1 at the paper's cut;
* :mod:`.multiclass` — Hand-Till M against accuracy: sampled lists, exact enumeration, bootstrap;
* :mod:`.published` — the published values and whether ours round to them;
* :mod:`.experiments` — config settings → tidy tables (one function per workflow rule);
* figures: :mod:`aucacc.report.plots.synthetic`, drawn from those tables by the rules' scripts.

Binary domain. A *ranked list* of ``n0`` positives and ``n1`` negatives is an ordering of the
``N = n0 + n1`` examples by score (all scores distinct); the domain Ψ holds all ``C(N, n0)``
lists. ``AUC = A / (n0 n1)`` with the *AUC numerator* ``A`` = number of (positive, negative)
pairs in which the positive is ranked higher. Accuracy classifies the top ``n0`` examples as
positive, so it is fixed by ``k``, the number of positives above the cut:
``correct = k + (n1 - n0 + k)``.

Pairs. ``R, S, P, Q, V, U`` count *unordered pairs of distinct lists* (``f`` = AUC, ``g`` =
accuracy), see :mod:`aucacc.counting` (where the rule for undefined C, D, E is stated). C and D
are the same for ordered pairs; E needs distinct lists: for ``n0 = n1 = 2`` only the distinct
lists (+ - - +) and (- + + -) tie on both measures, so ``E = 1/15 = 0.067`` as published, while
counting a list with itself would give ``(2*1 + 6)/36 = 0.222``.
"""

from aucacc.counting import JointHistogram, PairCounts, gaussian_binomial, pair_counts
from aucacc.synthetic.binary import (CUT_MEASURES, PAPER_PAIR, binary_cde, confusion_at_cut, confusion_key,
                                     joint_histogram, measure_pair_cde, pair_histogram)
from aucacc.synthetic.experiments import (BINARY_EXPERIMENTS, EXPERIMENTS, MEASURE_PAIRS, MULTICLASS_EXACT,
                                          MULTICLASS_EXPERIMENT, binary_experiment, binary_settings, binary_table,
                                          examples_per_class, extra_measure_pairs, measure_pairs,
                                          measure_pairs_experiment, measure_pairs_table,
                                          multiclass_exact_experiment, multiclass_exact_table, multiclass_experiment,
                                          multiclass_table)
from aucacc.synthetic.multiclass import (MULTICLASS_MODELS, bootstrap_cd, hand_till_denominator, hand_till_numerator,
                                         histogram_from_values, multiclass_exact_ranks, multiclass_labels,
                                         sample_multiclass)
from aucacc.synthetic.published import PUBLISHED_EXPERIMENT, decimals, matches_printed, published_values

__all__ = ["JointHistogram", "PairCounts", "gaussian_binomial", "pair_counts", "binary_cde", "joint_histogram",
           "CUT_MEASURES", "PAPER_PAIR", "confusion_at_cut", "confusion_key", "measure_pair_cde", "pair_histogram",
           "BINARY_EXPERIMENTS", "EXPERIMENTS", "MULTICLASS_EXACT", "MULTICLASS_EXPERIMENT", "binary_experiment",
           "binary_settings", "binary_table", "examples_per_class", "MEASURE_PAIRS", "extra_measure_pairs",
           "measure_pairs", "measure_pairs_experiment", "measure_pairs_table", "multiclass_exact_experiment",
           "multiclass_exact_table", "multiclass_experiment", "multiclass_table", "MULTICLASS_MODELS", "bootstrap_cd",
           "hand_till_denominator",
           "hand_till_numerator", "histogram_from_values", "multiclass_exact_ranks", "multiclass_labels",
           "sample_multiclass", "PUBLISHED_EXPERIMENT", "decimals", "matches_printed", "published_values"]
