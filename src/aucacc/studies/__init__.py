"""Studies: every generic analysis of a study (its data sets × learners) from tidy fold metrics.

:mod:`aucacc.studies.analysis` turns a study's fold metrics into its tables (accuracy and AUC,
t-tests, every pair under every test, C/D/E of AUC against accuracy with sign tests and bootstrap
intervals, re-tested claims, exclusions) and its front-page headline; no file I/O, no Snakemake.
:mod:`aucacc.studies.fold_tables` holds the tables over data sets and folds it is built on (means ± sd,
averages, paired t-tests, C/D/E tallies), on which the paper's layouts (:mod:`aucacc.report.paper_tables`)
put the published numbers: the studies layer never imports the report.
:mod:`aucacc.studies.results` holds the format of a study's fold results (one row per test fold, accuracy and AUC
in percent; docs/python-api.md) and loads a study the workflow ran (:func:`aucacc.studies.results.load_study`).
"""
