"""The published tables of the UCI experiments (``config/published/uci_nb_c44_c45.csv``, ``svm_binary13.csv``):
their wide layout (``nb_acc, nb_acc_sd, …``) read into one tidy frame."""

from __future__ import annotations

import pandas as pd

# Column prefixes of the published wide tables.
PUBLISHED_PREFIX = {"NB": "nb", "C4.4": "c44", "C4.5": "c45", "SVM": "svm"}
METRIC_SUFFIX = {"accuracy": "acc", "auc": "auc"}


def published_long(wide: pd.DataFrame) -> pd.DataFrame:
    """Published wide table (``nb_acc, nb_acc_sd, …``) → ``dataset, learner, metric, published_mean, published_sd``."""
    rows = []
    for _, r in wide.iterrows():
        for learner, pre in PUBLISHED_PREFIX.items():
            for metric, suf in METRIC_SUFFIX.items():
                col = f"{pre}_{suf}"
                if col in wide.columns:
                    rows.append({"dataset": r["dataset"], "learner": learner, "metric": metric,
                                 "published_mean": float(r[col]), "published_sd": float(r[col + "_sd"])})
    return pd.DataFrame(rows)
