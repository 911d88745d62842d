# Direct-marketing profit, AUC against accuracy (Huang & Ling 2005, §V; Knowl 8).
from aucacc.profit import figure_stems

PROFIT_FIGURES = figures(*figure_stems(config["profit"]))


@paper_output
def _profit_targets():
    return tables("profit", "profit_comparison") + PROFIT_FIGURES


# Expected profit given AUC = v and given accuracy = v: exact for every setting, plus the paper's Monte Carlo.
rule profit_table:
    output:
        csv=f"{RESULTS}/tables/profit.csv",
        md=f"{RESULTS}/tables/profit.md",
        tex=f"{RESULTS}/tables/profit.tex",
    log:
        f"{RESULTS}/logs/profit/profit_table.log",
    benchmark:
        f"{RESULTS}/benchmarks/profit_table.tsv"
    params:
        profit=config["profit"],
        seed=SEED,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/profit_table.py"


# The published 15 % differences and max-profit threshold beside ours (exact and Monte Carlo).
rule profit_comparison:
    input:
        table=f"{RESULTS}/tables/profit.csv",
        published=published("profit"),
    output:
        csv=f"{RESULTS}/tables/profit_comparison.csv",
        md=f"{RESULTS}/tables/profit_comparison.md",
        tex=f"{RESULTS}/tables/profit_comparison.tex",
    log:
        f"{RESULTS}/logs/profit/profit_comparison.log",
    benchmark:
        f"{RESULTS}/benchmarks/profit_comparison.tsv"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/profit_comparison.py"


# Profit curves against metric value, one figure per setting and cut-off, published points marked.
rule profit_figures:
    input:
        table=f"{RESULTS}/tables/profit.csv",
        published=published("profit"),
    output:
        figures=[report(f, caption="../report/profit_figure.rst", category=report_category("Profit (V)"), subcategory="Figures")
                 if f.endswith(".png") else f for f in PROFIT_FIGURES],
    log:
        f"{RESULTS}/logs/profit/profit_figures.log",
    benchmark:
        f"{RESULTS}/benchmarks/profit_figures.tsv"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/profit_figures.py"
