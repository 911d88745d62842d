"""Studies: every generic analysis of a study (its data sets × learners) from tidy fold metrics.

:mod:`aucacc.studies.analysis` turns a study's fold metrics into its tables (accuracy and AUC,
t-tests, every pair under every test, C/D/E of AUC against accuracy with sign tests and bootstrap
intervals, re-tested claims, exclusions) and its front-page headline; no file I/O, no Snakemake.
"""
