"""Output of the pipeline: tables (:mod:`.tables`), figures (:mod:`.figures`, :mod:`.plots`),
the paper's table layouts (:mod:`.paper_tables`), the scorecard and the workflow scripts' logs."""

import os


def stem(path) -> str:
    """An output path without its extension (``results/tables/x.csv`` → ``results/tables/x``); of a list of
    paths (a rule's named output made with ``multiext``), the first one's."""
    if not isinstance(path, (str, os.PathLike)):
        path = path[0]
    return os.path.splitext(os.fspath(path))[0]
