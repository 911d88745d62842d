# Last stage: the reproduction scorecard over every table the other stages wrote.
ALL_TARGETS.extend([f"{RESULTS}/report/scorecard.md", f"{RESULTS}/report/scorecard.csv"])


def scorecard_inputs(wildcards):
    """Every table CSV the workflow makes (read lazily, after all stages have added theirs)."""
    return sorted({t for t in ALL_TARGETS if "/tables/" in t and t.endswith(".csv")})


# Every published claim the pipeline checks, ours beside it, pass or fail.
rule scorecard:
    input:
        scorecard_inputs,
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
