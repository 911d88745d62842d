# A study's re-tested claims beside another study's (config key studies.<name>.compare_retest).
#
# snakemake.input.ours, .theirs   the two studies' retest.csv
# snakemake.params.study, .other  their names; .ours, .theirs their retest_learners ({}: none); .seed (provenance)
# snakemake.output.table          <stem>.csv; <stem>.{md,tex} are written beside it
import pandas as pd

from aucacc.provenance import provenance, verified
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.studies.analysis import retest_changes

log = setup_log(snakemake)
inp, out, par = snakemake.input, snakemake.output, snakemake.params
table = retest_changes(pd.read_csv(verified(inp.ours)), pd.read_csv(verified(inp.theirs)), par.study, par.other,
                       dict(par.ours), dict(par.theirs))
table.write(stem(out.table), provenance(config=snakemake.config, seed=par.seed, inputs=list(inp), study=par.study))
for note in table.notes:
    log.info("%s", note)
