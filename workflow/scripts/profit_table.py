# Expected-profit table of every configured setting (exact, plus the paper's Monte Carlo).
from aucacc.profit import profit_table
from aucacc.provenance import provenance
from aucacc.report import stem
from aucacc.report.logs import setup_log

log = setup_log(snakemake)
cfg, seed = snakemake.params.profit, int(snakemake.params.seed)
table = profit_table(cfg, seed)
table.write(stem(snakemake.output.csv), provenance(config=snakemake.config, seed=seed, profit=cfg))
log.info("%d rows (settings: %s; methods: %s)", len(table.data), sorted(table.data["setting"].unique()),
         sorted(table.data["method"].unique()))
