# Reproduction of Huang & Ling (2005), "Using AUC and Accuracy in Evaluating Learning Algorithms".
# Thin entry point: the stages live in workflow/rules/, the science in src/aucacc/.
from snakemake.utils import min_version

min_version("8.0")


configfile: "config/config.yaml"


include: "workflow/rules/common.smk"


# Every table, figure and report of the reproduction (each stage file adds its targets).
rule all:
    input:
        lambda wildcards: ALL_TARGETS,
    default_target: True


include: "workflow/rules/datasets.smk"
include: "workflow/rules/evaluate.smk"
include: "workflow/rules/svm.smk"
include: "workflow/rules/profit.smk"
include: "workflow/rules/synthetic.smk"
include: "workflow/rules/report.smk"
include: "workflow/rules/roc.smk"
