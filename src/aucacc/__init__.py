"""aucacc: reproduce Huang & Ling (2005), *Using AUC and Accuracy in Evaluating Learning Algorithms*.

The package is a plain library (no Snakemake imports): data sets, Fayyad–Irani MDL
discretization, naive Bayes / C4.5 / C4.4 / SVM learners, cross-validation, metrics,
statistics, the synthetic consistency/discriminancy experiments, the profit study and
the report writers. The Snakemake workflow in ``workflow/`` calls into it.
"""

__version__ = "0.1.0"
