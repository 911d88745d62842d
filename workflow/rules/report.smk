# Last stage: the reproduction scorecard over every table the other stages wrote.
@final_output
def _report_targets():
    return [f"{RESULTS}/report/scorecard.md", f"{RESULTS}/report/scorecard.csv"]


# Every published claim the pipeline checks, ours beside it, pass or fail.
rule scorecard:
    input:
        # Read lazily, after every stage file has registered its targets.
        lambda wildcards: table_csvs(get_final_output()),
    output:
        md=f"{RESULTS}/report/scorecard.md",
        csv=f"{RESULTS}/report/scorecard.csv",
    log:
        f"{RESULTS}/logs/scorecard.log",
    params:
        tables=f"{RESULTS}/tables",
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/scorecard.py"
