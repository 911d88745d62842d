"""The table writer of the report: :class:`aucacc.tables.Table` (``write``, ``write_csv``).

The table format lives in the bottom layer (:mod:`aucacc.tables`), so that experiments can return
tables without importing the report; this module keeps the report's import path.
"""

from aucacc.tables import Table, to_latex, to_markdown

__all__ = ["Table", "to_latex", "to_markdown"]
