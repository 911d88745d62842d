"""Logging of the workflow scripts: each script's messages, warnings and traceback go to its rule's log."""

import logging
import sys


def setup_log(snakemake):
    """Send logging and warnings of a script to its rule's log file; return the rule's logger.

    ``snakemake`` is the object Snakemake injects into a script (only ``.log`` and ``.rule``
    are read; the library does not import Snakemake). An uncaught error prints its traceback and the log's path on
    standard error, and writes the traceback to the log.
    """
    path = snakemake.log[0] if snakemake.log else None
    logging.basicConfig(filename=path, level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", force=True)
    logging.captureWarnings(True)
    log = logging.getLogger(snakemake.rule)

    def excepthook(kind, value, tb):
        # A failed job's log file gets the traceback too, not only the console; the console gets the log's path as
        # well (the workflow's profile, quiet about rules, leaves out Snakemake's own "Error in rule" lines).
        log.error("job failed", exc_info=(kind, value, tb))
        sys.__excepthook__(kind, value, tb)
        if path:
            print(f"rule {snakemake.rule} failed: its log is {path}", file=sys.stderr)

    sys.excepthook = excepthook
    return log
