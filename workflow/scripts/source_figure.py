# One figure of the sources (Fawcett's Fig. 3, Tharwat's ROC/PR example and imbalance demonstration), PNG + PDF.
import os

from aucacc.report.figures import save_figure
from aucacc.report.logs import setup_log
from aucacc.report.plots.sources import source_figure

log = setup_log(snakemake)
save_figure(source_figure(snakemake.wildcards.figure), os.path.splitext(snakemake.output.png)[0])
log.info("source figure %s", snakemake.wildcards.figure)
