# Reproduction of Huang & Ling (2005), "Using AUC and Accuracy in Evaluating Learning Algorithms".
# Thin entry point: the stages live in workflow/rules/, the science in src/aucacc/.
from snakemake.utils import min_version

min_version("8.0")


configfile: "config/config.yaml"


# Front page of `snakemake --report results/report.html`.
report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"


include: "workflow/rules/datasets.smk"
include: "workflow/rules/evaluate.smk"


# The paper's own stages hang off the paper study (a study with published numbers; PAPER, common.smk): its
# main, SVM and AUC-gap tables, synthetic C/D/E, profit, its ROC and source-metric stages, the tests of its
# claims, the scorecard and the report's comparison figures. Their rules are always defined; their targets
# (paper_output, common.smk) are asked for only with a paper study. Every other stage is generic.
include: "workflow/rules/paper.smk"
include: "workflow/rules/svm.smk"
include: "workflow/rules/profit.smk"
include: "workflow/rules/synthetic.smk"
include: "workflow/rules/report.smk"
include: "workflow/rules/roc.smk"
include: "workflow/rules/stats.smk"
include: "workflow/rules/studies.smk"


# Every table, figure and report of the reproduction: get_final_output() (common.smk) collects the
# targets each stage file above registered with @final_output, so stage files are included first.
rule all:
    input:
        get_final_output(),
    default_target: True


# One target per study: `snakemake --cores N study_<name>` makes that study's tables and figures only
# (a study with `published` also needs the paper's stages: use the default target for it). common.smk refuses a study
# named as one of the workflow's own study_* rules (check_study_names).
for _s in STUDIES:

    rule:
        name:
            STUDY_RULE.format(_s)
        input:
            study_tables(_s, *study_table_stems(_s)) + study_figure_outputs(_s),
