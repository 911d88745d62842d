# Synthetic consistency C, discriminancy D, indifferency E of AUC vs accuracy (Huang & Ling 2005, §II; Knowl 3).
# Library: src/aucacc/synthetic.py. Config: the `synthetic` section (config/README.md).
from aucacc import synthetic


@paper_output
def _synthetic_targets():
    stems = [f"synthetic_{e}" for e in synthetic.EXPERIMENTS]
    # Other measure pairs (synthetic.measure_pairs.pairs): a table only when more than the paper's AUC vs accuracy.
    extra = [f"synthetic_{synthetic.MEASURE_PAIRS}"] if synthetic.extra_measure_pairs(config["synthetic"]) else []
    return tables(*stems, f"synthetic_{synthetic.MULTICLASS_EXACT}", *extra) + figures(*stems)


# Exact C/D/E over all binary ranked lists of one experiment (counted, never enumerated), beside the published values.
rule synthetic_binary:
    input:
        published=published("synthetic_endpoints"),
    output:
        csv=f"{RESULTS}/tables/synthetic_{{experiment}}.csv",
        md=f"{RESULTS}/tables/synthetic_{{experiment}}.md",
        tex=f"{RESULTS}/tables/synthetic_{{experiment}}.tex",
        png=report(f"{RESULTS}/figures/synthetic_{{experiment}}.png", caption="../report/synthetic_figure.rst",
                   category=report_category("Synthetic (II)"), subcategory="Figures"),
        pdf=f"{RESULTS}/figures/synthetic_{{experiment}}.pdf",
    log:
        f"{RESULTS}/logs/synthetic/{{experiment}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/synthetic_binary/{{experiment}}.tsv"
    params:
        synthetic=config["synthetic"],
        seed=SEED,
    wildcard_constraints:
        experiment=one_of(synthetic.BINARY_EXPERIMENTS),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/synthetic_binary.py"


# Exact C/D/E of the configured measure pairs (AUC, accuracy, balanced accuracy, MCC, F1 at the cut) over the
# settings of the configured binary experiments, counted from the (k, AUC numerator) histogram like synthetic_binary.
rule synthetic_measure_pairs:
    output:
        csv=f"{RESULTS}/tables/synthetic_{synthetic.MEASURE_PAIRS}.csv",
        md=f"{RESULTS}/tables/synthetic_{synthetic.MEASURE_PAIRS}.md",
        tex=f"{RESULTS}/tables/synthetic_{synthetic.MEASURE_PAIRS}.tex",
    log:
        f"{RESULTS}/logs/synthetic/{synthetic.MEASURE_PAIRS}.log",
    benchmark:
        f"{RESULTS}/benchmarks/synthetic_{synthetic.MEASURE_PAIRS}.tsv"
    params:
        synthetic=config["synthetic"],
        seed=SEED,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/synthetic_measure_pairs.py"


# Exact multi-class C/D/E (model `ranks`) by enumerating every tuple of class rankings, for the smallest c.
rule synthetic_multiclass_exact:
    output:
        csv=f"{RESULTS}/tables/synthetic_multiclass_exact.csv",
        md=f"{RESULTS}/tables/synthetic_multiclass_exact.md",
        tex=f"{RESULTS}/tables/synthetic_multiclass_exact.tex",
    log:
        f"{RESULTS}/logs/synthetic/multiclass_exact.log",
    benchmark:
        f"{RESULTS}/benchmarks/synthetic_multiclass_exact.tsv"
    params:
        synthetic=config["synthetic"],
        seed=SEED,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/synthetic_multiclass_exact.py"


# Multi-class C/D of Hand-Till M vs accuracy over sampled lists, bootstrap uncertainty, exact and published marked.
rule synthetic_multiclass:
    input:
        published=published("synthetic_endpoints"),
        exact=f"{RESULTS}/tables/synthetic_multiclass_exact.csv",
    output:
        csv=f"{RESULTS}/tables/synthetic_multiclass.csv",
        md=f"{RESULTS}/tables/synthetic_multiclass.md",
        tex=f"{RESULTS}/tables/synthetic_multiclass.tex",
        png=report(f"{RESULTS}/figures/synthetic_multiclass.png", caption="../report/synthetic_multiclass_figure.rst",
                   category=report_category("Synthetic (II)"), subcategory="Figures"),
        pdf=f"{RESULTS}/figures/synthetic_multiclass.pdf",
    log:
        f"{RESULTS}/logs/synthetic/multiclass.log",
    benchmark:
        f"{RESULTS}/benchmarks/synthetic_multiclass.tsv"
    params:
        synthetic=config["synthetic"],
        seed=SEED,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/synthetic_multiclass.py"
