"""Output of the pipeline: tables (:mod:`.tables`), figures (:mod:`.figures`, :mod:`.plots`),
the paper's table layouts (:mod:`.paper_tables`), the scorecard and the workflow scripts' logs."""

import os


def stem(path: str | os.PathLike) -> str:
    """An output path without its extension (``results/tables/x.csv`` → ``results/tables/x``)."""
    return os.path.splitext(os.fspath(path))[0]
