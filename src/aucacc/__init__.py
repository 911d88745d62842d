"""aucacc: reproduce Huang & Ling (2005), *Using AUC and Accuracy in Evaluating Learning Algorithms*.

The package is a plain library (no Snakemake imports): data sets, Fayyad–Irani MDL
discretization, naive Bayes / C4.5 / C4.4 / SVM learners, cross-validation, metrics,
statistics, the synthetic consistency/discriminancy experiments, the profit study and
the report writers. The Snakemake workflow in ``workflow/`` calls into it.

The public API of a study (docs/python-api.md), importable from here:

- :func:`load_study`, :func:`load_studies`: a study the workflow ran as one tidy frame, one row per test fold
  (:mod:`aucacc.studies.results`); :func:`study_settings`: how the workflow analysed it;
- :func:`fold_results`: that frame from one's own test-fold predictions; :func:`check_folds`: its format checked;
- :func:`analyse_study`: a study's tables and figures from such a frame, as the workflow makes them
  (:mod:`aucacc.report.study`).

They are imported on first use, so that ``import aucacc`` stays light.
"""

__version__ = "0.1.0"

#: Public name → the module that defines it.
_API = {"load_study": "aucacc.studies.results", "load_studies": "aucacc.studies.results",
        "study_settings": "aucacc.studies.results", "fold_results": "aucacc.studies.results",
        "check_folds": "aucacc.studies.results", "analyse_study": "aucacc.report.study",
        "StudyAnalysis": "aucacc.report.study"}
__all__ = sorted(_API)


def __getattr__(name: str):
    if name not in _API:
        raise AttributeError(f"module 'aucacc' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_API[name]), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + __all__)
