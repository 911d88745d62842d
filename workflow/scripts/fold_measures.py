# Every measure of the registry per test fold of one learner on one data set, from its stored scores.
#
# snakemake.input.scores     the scores Parquet (results/[repeated_r<r>/]scores/<protocol>/<data set>/<learner>.parquet)
# snakemake.output.measures  CSV: dataset, learner, protocol, [repetition,] fold, measure, value, exact, n_test
from aucacc.measures import fold_measures
from aucacc.provenance import provenance
from aucacc.report.logs import setup_log
from aucacc.scores import read_scores, write_metrics

log = setup_log(snakemake)
wc = snakemake.wildcards
m = fold_measures(read_scores(snakemake.input.scores))
prov = provenance(config=snakemake.config, inputs=list(snakemake.input), dataset=wc.dataset, learner=wc.learner)
write_metrics(snakemake.output.measures, m, wc.dataset, wc.learner, wc.protocol, prov)
log.info("%s %s (%s): %d fold measures", wc.dataset, wc.learner, wc.protocol, len(m))
