"""Every table's caption, in one place: the heading of its Markdown and the comment line of its LaTeX.

A caption is looked up by the table's name (its file stem under ``results/tables/``, or
``report/scorecard_summary``; ``synthetic_<experiment>`` for each binary synthetic experiment) and
filled with the run's values (``str.format`` fields, e.g. ``{alpha}``). The function that returns a
:class:`~aucacc.report.tables.Table` passes ``caption=caption(name, ...)``; no caption is written
anywhere else. (The Snakemake report's longer descriptions of the tables are its caption files,
``workflow/report/tables/*.rst``.) A bottom-layer module: it imports nothing from aucacc.
"""

from __future__ import annotations

__all__ = ["CAPTIONS", "caption"]

CAPTIONS: dict[str, str] = {
    # data sets (rule dataset_table)
    "datasets": "Data sets (Huang & Ling 2005, data-set table): ours beside the published counts",
    "datasets_own": "Data sets: instances, attributes (after discretization and raw), classes and every row or "
                    "column removed by the recipe",
    "datasets_raw": "Data sets: instances, attributes as the learners get them (numeric and nominal; after the "
                    "whole-data discretization only for a data set of a study that discretizes), classes and every "
                    "row or column removed by the recipe",
    # the paper's tables (aucacc.report.paper_tables)
    "uci_nb_c44_c45": "Accuracy and AUC (%) (Huang & Ling 2005, §IV-B): mean ± sd over the folds, {protocol} "
                      "discretization (published mean in brackets)",
    "significance_uci": "Two-tailed paired t-tests (§IV-B): over per-data-set means (level=dataset) and over folds "
                        "(level=fold)",
    "cde_folds": "C/D/E of AUC against accuracy over the test folds (Huang & Ling 2005, §IV-D), beside the "
                 "published tally",
    "svm_binary13": "SVM, NB, C4.4, C4.5 on the binary data sets (Huang & Ling 2005, §IV-C): mean ± sd over 10 folds "
                    "(published mean in brackets)",
    "significance_svm13": "Two-tailed paired t-tests on the binary data sets (§IV-C): data-set level and fold level",
    "all_datasets": "Every configured data set ({protocol} discretization): mean and sd over folds, published "
                    "values where the paper has them",
    "score_ties": "Distinct probability vectors and ties per test fold, per data set and learner, from the stored "
                  "scores (Huang & Ling 2005, §IV-B: trees tie the instances of a leaf; NB, 2n + 1 parameters, up to "
                  "2ⁿ posteriors)",
    # the sources' worked examples (aucacc.report.worked_examples)
    "worked_examples": "Every worked example of the sources (Tharwat 2020, Fawcett 2006, Aggarwal 2015, Provost & "
                       "Fawcett 2001) recomputed by the library: the printed (or hand-computed) value beside ours, exact "
                       "or at the printed precision; {n_match} of {n} match",
    # the AUC gap (aucacc.auc_gap.experiment)
    "auc_hypotheses": "Mean absolute difference to the published AUCs under each reading of how AUC was computed",
    "auc_hypotheses_by_dataset": "Per data set and learner: mean fold AUC under each reading, beside the published AUC",
    "auc_impossible": "Published AUCs no ranking-based binary AUC can produce",
    # synthetic experiments (aucacc.synthetic.experiments)
    "synthetic_<experiment>": "Exact C, D, E of AUC vs accuracy: {experiment} (Huang & Ling 2005, §II; Knowl 3)",
    "synthetic_measure_pairs": "Exact C, D, E of measure f against measure g over all ranked lists, the "
                               "classification measures at the paper's cut (top n0 predicted positive; Huang & "
                               "Ling 2005, Knowl 1 and 3)",
    "synthetic_multiclass_exact": "Exact population C, D, E of Hand-Till M vs accuracy (model ranks)",
    "synthetic_multiclass": "Sampled C, D of Hand-Till M vs accuracy, {per_class} (bootstrap se; Huang & Ling 2005, §II)",
    # profit (aucacc.profit.experiment)
    "profit": "Expected profit given AUC = v and given accuracy = v (Huang & Ling 2005, §V; revenue {revenue}, cost "
              "{cost} per contact); paper setting n={list_size}, {positives} responders. Full table (all settings, "
              "all attained values) in the CSV.",
    "profit_comparison": "AUC profit minus accuracy profit (and where maximum profit starts; Huang & Ling 2005, §V): "
                         "published vs exact enumeration vs one Monte-Carlo run; mc_sd = sd of a Monte-Carlo estimate "
                         "with the paper's number of rankings; z = (published - exact) / mc_sd.",
    # ROC analysis (aucacc.roc.experiment)
    "roc_auc_check": "Fold AUC from the ROC points (trapezoids, Fawcett Alg. 2–3) against the metric module (mean "
                     "over folds; max |difference|)",
    "rocch_dominators": "ROC convex hull over the learners: which learner is optimal for which range of "
                        "iso-performance slopes m = c(Y,n)p(n) / (c(N,p)p(p)) (Provost & Fawcett 2001)",
    "rocch_published": "A published table of dominators by iso-performance slope range (Provost & Fawcett 2001, §4.2) "
                       "beside this study's ROC convex hull, range by range, on each data set's primary reading (its "
                       "minority class as positive): the published range and learner, ours of the same number, and "
                       "our learners over the published slope interval",
    "rocch_dominance": "Does one learner span the whole ROC convex hull (a dominating classifier, Provost & Fawcett "
                       "2001, §4.2)? Per data set and positive class (one-vs-rest on a multi-class data set); "
                       "'primary' marks the reading compared with the published table",
    "rocch_hybrid": "ROCCH-hybrid: the learner and score threshold optimal at each slope m; accuracy at the data's "
                    "class distribution; beside it the learner of highest mean AUC at its own best threshold and the "
                    "hybrid's advantage over it in TP − m·FP (thresholds chosen on the test folds: optimistic)",
    "rocch_fpr_targets": "ROCCH-hybrid at a target FPR: use the right vertex's decision with probability q, the "
                         "left's otherwise; expected TPR on the hull",
    "rocch_learner_auc": "Each learner's area over the points the ROC convex hull is built from (config roc.hull_points, "
                         "closed by (0, 0) and (1, 1), by trapezoids): the curves whose areas the hull's area bounds "
                         "(Provost & Fawcett 2001); beside it the mean fold AUC, the area of other curves (one per "
                         "fold), which the hull need not exceed",
    "rocch_constraints": "ROCCH-hybrid under Provost & Fawcett's (2001) other constraints: workforce (at most K "
                         "instances predicted positive), minimum precision, lift at a fraction f of the instances "
                         "presented; the highest TPR on the hull, mixing the left and right vertices with "
                         "probability q (thresholds chosen on the test folds: optimistic)",
    # statistics beyond the t-test (rule claims_tests, repeated_tests)
    "claims_tests": "Every published significance claim under every test (α = {alpha}; Bayesian: ROPE ±{rope} "
                    "percentage points, verdict when a posterior probability > {decision})",
    "claims_tests_detail": "Statistic, p-value or posterior probabilities of each claim under each test over data sets",
    "stats_per_dataset": "Per data set, over its folds: Nadeau–Bengio corrected t-test and Bayesian correlated t-test",
    "friedman": "Friedman test per table and metric: statistic, p, Nemenyi critical difference, average ranks",
    "repeated_tests": "Repeated CV: Aggarwal's paired test over b rounds, naive and Nadeau–Bengio corrected t over "
                      "b × k folds, Bayesian correlated t-test, per data set and learner pair",
    # the analyses of a study (aucacc.studies.analysis): generic text, no paper's label
    "study_summary": "Accuracy and AUC (%): mean ± sd over the test folds per data set and learner, and the average "
                     "over data sets",
    "study_ttests": "Two-tailed paired t-tests of every pair of learners (α = {alpha}): over the per-data-set means "
                    "(level=dataset) and over the folds (level=fold)",
    "study_ttests_common": "Two-tailed paired t-tests of every pair of learners (α = {alpha}) over the data sets on "
                           "which every learner ran: over the per-data-set means (level=dataset) and over the folds "
                           "(level=fold)",
    "study_retest_changes": "The re-tested claims beside those of study {other} (the same claims, other data or "
                            "protocol): which tests over data sets change their verdict",
    "study_tests": "Every pair of learners under every test (α = {alpha}; Bayesian: ROPE ±{rope} percentage points, "
                   "verdict when a posterior probability > {decision})",
    "study_tests_detail": "Statistic, p-value or posterior probabilities of each pair under each test over data sets",
    "study_tests_per_dataset": "Per data set, over its folds: Nadeau–Bengio corrected t-test and Bayesian correlated "
                               "t-test of each pair",
    "study_friedman": "Friedman test per metric: statistic, p, Nemenyi critical difference, average ranks (1 = best)",
    "study_auc_vs_accuracy": "Is AUC consistent with accuracy (C > 0.5) and more discriminating (D > 1)? C, D, E over "
                             "the test folds for each pair of learners, exact one-sided sign tests and bootstrap "
                             "intervals over data sets",
    "study_measures_cde": "Is f consistent with g (C > 0.5) and more discriminating (D > 1)? C, D, E of every pair "
                          "of the study's measures over the test folds of each pair of learners, exact one-sided sign "
                          "tests and bootstrap intervals over data sets",
    "study_measures_matrix": "Measures × measures: C / D of the row's measure against the column's over the test "
                             "folds of every pair of learners",
    "study_measure_tests": "Every pair of learners under every test, for each of the study's measures (α = {alpha}; "
                           "Friedman with {posthoc}'s post-hoc test; Bayesian: ROPE in the measure's units, verdict "
                           "when a posterior probability > {decision})",
    "study_measure_tests_detail": "Statistic, p-value or posterior probabilities of each measure, pair and test over "
                                  "data sets (statistics of the values oriented so that higher is better)",
    "study_measure_tests_per_dataset": "Per measure and data set, over its folds: Nadeau–Bengio corrected t-test and "
                                       "Bayesian correlated t-test of each pair",
    "study_measure_friedman": "Friedman test per measure (α = {alpha}): statistic, p, average ranks (1 = best, each "
                              "measure's direction), post-hoc {posthoc}",
    "study_measure_posthoc": "{posthoc}'s post-hoc test after Friedman's, per measure and every pair of learners: "
                             "average ranks and p",
    "study_measure_agreement": "Verdict agreement: how often the same test under measures f and g says the same of a "
                               "learner pair (a better, b better, no difference)",
    "study_measure_rank_agreement": "Kendall's τ between the learner rankings of measures f and g: of the average "
                                    "ranks over data sets, and per data set",
    "study_retest": "Each claim re-tested on this study's data under every test (α = {alpha}; Bayesian: ROPE ±{rope} "
                    "percentage points, verdict when a posterior probability > {decision}), the claimed outcome beside",
    "study_exclusions": "Data set and learner pairs left out of the analyses, and why",
    # metrics of the sources (rule source_metrics_table)
    "source_metrics": "Every metric of the sources (Tharwat §2, Aggarwal eq. 10.77, Fawcett §9): mean and sd over "
                      "folds, fractions in 0–1 (counts for TP, FN, FP, TN), with Tharwat's BER = 1 − BCR and "
                      "AGM = (GM + TNR·Nn)/(1 + Nn) (0 if TPR = 0); positive class per data set",
    # cost-weighted accuracy (rule cost_accuracy)
    "cost_accuracy": "Cost-weighted accuracy A = Σ cᵢnᵢaᵢ / Σ cᵢnᵢ (Aggarwal 2015, eq. 10.77) beside the plain "
                     "accuracy, mean and sd over the test folds, with the costs of config key source_metrics.costs",
    # the scorecard's summary (rule scorecard)
    "scorecard_summary": "Scorecard summary: {summary}; {n_changed} differ from what config/claims.yaml expects (see "
                         "results/logs/scorecard.log)",
    "scorecard_sources": "Scorecard per source document: {summary}. A 'hand check' is a worked example whose reference "
                         "is our own hand computation (the source gives the method, not the number): not a reproduction "
                         "of a printed value",
}


def caption(name: str, **fields) -> str:
    """The caption of table ``name``, its ``{field}`` placeholders filled from ``fields``.

    Raises
    ------
    KeyError
        ``name`` has no caption, or a placeholder has no value in ``fields``.
    """
    return CAPTIONS[name].format(**fields)
