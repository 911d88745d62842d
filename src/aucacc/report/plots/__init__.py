"""Every figure of the report, drawn by the library (PNG and PDF via :func:`aucacc.report.figures.save_figure`).

The workflow's scripts draw every figure here from the data an experiment or the scorecard
returns. This package module itself holds only names (no Matplotlib): the workflow reads the
report figures' names when it parses its rules (``workflow/rules/report.smk``).
"""

# Panels of the ours-vs-published scatter: (title, cells) per published table; a panel holds
# the rows whose `metric`/`stat` match.
SCATTER_PANELS = {
    "uci_nb_c44_c45": [("accuracy (mean, %)", "accuracy", "mean"), ("AUC (mean, %)", "auc", "mean"),
                       ("accuracy (sd over folds)", "accuracy", "sd"), ("AUC (sd over folds)", "auc", "sd")],
    "svm_binary13": [("accuracy (mean, %)", "accuracy", "mean"), ("AUC (mean, %)", "auc", "mean"),
                     ("accuracy (sd over folds)", "accuracy", "sd"), ("AUC (sd over folds)", "auc", "sd")],
    "uci_averages": [("accuracy average (%)", "accuracy", None), ("AUC average (%)", "auc", None)],
    "datasets": [("attributes", None, "attributes"), ("classes", None, "classes"), ("instances", None, "instances")],
    "cde_folds": [("fold counts R, S, P, Q, V", None, tuple("RSPQV")), ("C and E", None, ("C", "E")), ("D", None, "D")],
    "synthetic_endpoints": [("C", None, "C"), ("D", None, "D"), ("E", None, "E")],
    "profit": [("profit(AUC) − profit(accuracy)", None, None)],
}
SCATTER_TABLES = tuple(SCATTER_PANELS)
REPORT_FIGURES = tuple(f"scatter_{t}" for t in SCATTER_TABLES) + ("per_dataset_uci", "per_dataset_svm", "auc_gap")
# The sources' own figures, redrawn from their printed data (aucacc.report.plots.sources; rule source_figure):
# results/figures/sources/<name>.png.
SOURCE_FIGURES = ("fawcett_fig3", "tharwat_roc_pr", "tharwat_imbalance")
