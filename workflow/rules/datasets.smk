# Stage 1: raw files (cache → mirror → data/raw → url → OpenML) → clean tables → the data-set table.
from aucacc.config import raw_datasets

@final_output
def _dataset_targets():
    return tables("datasets")


# Fetch one raw file into the cache, checking its SHA-256. `local` is the SHA-256 of the mirror or
# data/raw file it is copied from: a changed source file re-runs the fetch (and all after it).
rule fetch:
    output:
        raw=f"{CACHE}/{{dataset}}/{{key}}/{{file}}",
    log:
        f"{RESULTS}/logs/fetch/{{dataset}}--{{key}}--{{file}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/fetch/{{dataset}}/{{key}}/{{file}}.tsv"
    params:
        source=lambda wc: config["datasets"][wc.dataset]["source"],
        local=lambda wc: local_source_digest(wc.dataset, config["datasets"][wc.dataset]["source"], config),
    wildcard_constraints:
        dataset=one_of(DATASETS),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/fetch.py"


# Clean one data set by its recipe: attributes + class as Parquet, schema and exclusions as JSON.
rule clean:
    input:
        raw=raw_path,
    output:
        data=f"{RESULTS}/data/{{dataset}}.parquet",
        meta=f"{RESULTS}/data/{{dataset}}.json",
    log:
        f"{RESULTS}/logs/clean/{{dataset}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/clean/{{dataset}}.tsv"
    params:
        source=lambda wc: config["datasets"][wc.dataset]["source"],
        recipe=lambda wc: config["datasets"][wc.dataset]["recipe"],
        seed=SEED,
    wildcard_constraints:
        dataset=one_of(DATASETS),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/clean.py"


# The data sets whose learners get them as they are (named only by studies with discretization none): the data-set
# table counts their attributes as they are, numeric and nominal, and does not discretize them.
RAW_DATASETS = raw_datasets(config)


# The data-set table (the paper's, regenerated, beside the published counts when a study has them).
rule dataset_table:
    input:
        metas=expand(f"{RESULTS}/data/{{dataset}}.json", dataset=DATASETS),
        cuts=expand(f"{RESULTS}/discretized/{{dataset}}.json", dataset=[d for d in DATASETS if d not in RAW_DATASETS]),
        # the published counts beside ours only with a paper study (published: [] without one; common.smk)
        published=published("datasets"),
    output:
        csv=f"{RESULTS}/tables/datasets.csv",
        md=f"{RESULTS}/tables/datasets.md",
        tex=f"{RESULTS}/tables/datasets.tex",
    log:
        f"{RESULTS}/logs/dataset_table.log",
    benchmark:
        f"{RESULTS}/benchmarks/dataset_table.tsv"
    params:
        raw=RAW_DATASETS,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/dataset_table.py"
