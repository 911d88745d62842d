"""Every figure of the report, drawn by the library (PNG and PDF via :func:`aucacc.report.figures.save_figure`)."""
