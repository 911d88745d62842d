"""Shared by the thin workflow scripts: log redirection and the provenance record."""

import logging
import sys


def setup_log(snakemake):
    """Send logging and warnings of a script to its rule's log file."""
    path = snakemake.log[0] if snakemake.log else None
    logging.basicConfig(filename=path, level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", force=True)
    logging.captureWarnings(True)
    return logging.getLogger(snakemake.rule)
