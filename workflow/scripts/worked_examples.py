# Every worked example of the sources, recomputed by the library, beside the printed (or hand) value.
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log
from aucacc.report.worked_examples import worked_examples

log = setup_log(snakemake)
table = worked_examples()
table.write(stem(snakemake.output[0]), provenance(config=snakemake.config, seed=snakemake.config["seed"], inputs=[]))
log.info("worked examples: %d of %d match", int(table.data["match"].sum()), len(table.data))
