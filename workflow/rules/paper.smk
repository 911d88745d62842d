# The paper study's tables (Huang & Ling 2005, §IV): the main table, t-tests and C/D/E, every data set's
# table, the AUC gap, score ties: asked for only when a study has published numbers (paper_output, common.smk).
# The paper's comparisons (averages, t-tests, C/D/E) stay on the paper's data sets; a data set
# added to config gets its own scores and metrics, and joins these tables only when listed here.
# `studies.<paper>.main_table.datasets: null` (the default) means the configured data sets the published table has.
MAIN_DATASETS = MAIN["datasets"] if MAIN["datasets"] is not None else paper_datasets("uci_nb_c44_c45")

@paper_output
def _evaluate_targets():
    return (tables("uci_nb_c44_c45", "significance_uci", "cde_folds", "all_datasets", "auc_hypotheses", "score_ties")
            + [f"{RESULTS}/report/auc_gap.md"])


# The paper's main table (§IV-B; Knowl 5): accuracy and AUC of NB, C4.4, C4.5 per data set, beside the published
# values, with its t-tests and C/D/E tally: views of the paper study's tables (studies.smk), nothing recomputed.
# So the study must hold the table: its data sets are the table's, under the table's protocol, one repetition,
# its learners and C/D/E pairs include the table's (in the same order).
def _main_table_view_problems(study):
    """Why the paper study ``study`` cannot hold the main table (none: it can)."""
    return [p for p in [
        f"its data sets {study['datasets']} are not the main table's {MAIN_DATASETS}"
        if set(study["datasets"]) != set(MAIN_DATASETS) else "",
        f"its learners {study['learners']} do not include {MAIN_LEARNERS} in that order"
        if [x for x in study["learners"] if x in MAIN_LEARNERS] != list(MAIN_LEARNERS) else "",
        f"its discretization {study['discretization']!r} is not protocol.discretization {PROTOCOL!r}"
        if study["discretization"] != PROTOCOL else "",
        f"it has {study['repetitions']} repetitions (the paper's tables: one)" if study["repetitions"] != 1 else "",
        f"its C/D/E pairs {study_pairs(study)} do not include {MAIN['cde_pairs']}"
        if not all(list(p) in study_pairs(study) for p in MAIN["cde_pairs"]) else "",
    ] if p]


for _problems in [_main_table_view_problems(STUDIES[s]) for s in STUDIES if s == PAPER]:
    if _problems:
        raise ConfigError(f"config key 'studies.{PAPER}': the paper's main table is a view of this study's tables, "
                          f"but {'; '.join(_problems)}. Give the study the paper's data sets, learners and pairs "
                          f"(config/config.yaml), or change studies.{PAPER}.main_table to match it")


rule main_table:
    input:
        summary=paper_only(f"{STUDY_DIR}/{PAPER}/tables/summary.csv"),
        ttests=paper_only(f"{STUDY_DIR}/{PAPER}/tables/ttests.csv"),
        auc_vs_accuracy=paper_only(f"{STUDY_DIR}/{PAPER}/tables/auc_vs_accuracy.csv"),
        published=published("uci_nb_c44_c45"),
        averages=published("uci_averages"),
        significance=published("significance"),
        cde=published("cde_folds"),
        claims=CLAIMS,  # the tolerance of `within_tolerance`
    output:
        table=f"{RESULTS}/tables/uci_nb_c44_c45.csv",
        md=f"{RESULTS}/tables/uci_nb_c44_c45.md",
        tex=f"{RESULTS}/tables/uci_nb_c44_c45.tex",
        sig=f"{RESULTS}/tables/significance_uci.csv",
        sig_md=f"{RESULTS}/tables/significance_uci.md",
        sig_tex=f"{RESULTS}/tables/significance_uci.tex",
        cde=f"{RESULTS}/tables/cde_folds.csv",
        cde_md=f"{RESULTS}/tables/cde_folds.md",
        cde_tex=f"{RESULTS}/tables/cde_folds.tex",
    log:
        f"{RESULTS}/logs/main_table.log",
    benchmark:
        f"{RESULTS}/benchmarks/main_table.tsv"
    params:
        learners=MAIN_LEARNERS,
        pairs=MAIN["cde_pairs"],
        protocol=PROTOCOL,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/main_table.py"


GAP_LEARNERS = MAIN_LEARNERS


# Every data set of the paper study, each learner of the main table: mean ± sd beside the published values, in long
# form: a view of the paper study's summary table (studies.smk), nothing recomputed.
rule all_datasets_table:
    input:
        summary=paper_only(f"{STUDY_DIR}/{PAPER}/tables/summary.csv"),
        published=published("uci_nb_c44_c45"),
        claims=CLAIMS,  # the tolerance of `within_tolerance`
    output:
        table=f"{RESULTS}/tables/all_datasets.csv",
        md=f"{RESULTS}/tables/all_datasets.md",
        tex=f"{RESULTS}/tables/all_datasets.tex",
    log:
        f"{RESULTS}/logs/all_datasets_table.log",
    benchmark:
        f"{RESULTS}/benchmarks/all_datasets_table.tsv"
    params:
        learners=MAIN_LEARNERS,
        protocol=PROTOCOL,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/all_datasets_table.py"

# The AUC gap: recompute fold AUCs under each candidate reading of how the paper computed AUC
# (NB, C4.4, C4.5 under both discretization protocols; the SVM under the paper's).
rule auc_hypotheses:
    input:
        whole=expand(f"{RESULTS}/scores/whole_data/{{dataset}}/{{learner}}.parquet", dataset=MAIN_DATASETS,
                     learner=GAP_LEARNERS),
        per_fold=expand(f"{RESULTS}/scores/per_fold/{{dataset}}/{{learner}}.parquet", dataset=MAIN_DATASETS,
                        learner=GAP_LEARNERS),
        extra=[f"{RESULTS}/scores/whole_data/{d}/{SVM['learner']}.parquet" for d in (SVM["datasets"] if SVM else [])],
        published=published("uci_nb_c44_c45"),
        published_svm=published("svm_binary13"),
        datasets=published("datasets"),
        significance=published("significance"),
    output:
        table=f"{RESULTS}/tables/auc_hypotheses.csv",
        md=f"{RESULTS}/tables/auc_hypotheses.md",
        tex=f"{RESULTS}/tables/auc_hypotheses.tex",
        by_dataset=f"{RESULTS}/tables/auc_hypotheses_by_dataset.csv",
        by_dataset_md=f"{RESULTS}/tables/auc_hypotheses_by_dataset.md",
        by_dataset_tex=f"{RESULTS}/tables/auc_hypotheses_by_dataset.tex",
        impossible=f"{RESULTS}/tables/auc_impossible.csv",
        impossible_md=f"{RESULTS}/tables/auc_impossible.md",
        impossible_tex=f"{RESULTS}/tables/auc_impossible.tex",
        report=f"{RESULTS}/report/auc_gap.md",
    log:
        f"{RESULTS}/logs/auc_hypotheses.log",
    benchmark:
        f"{RESULTS}/benchmarks/auc_hypotheses.tsv"
    params:
        seed=SEED,
        alpha=config["protocol"]["alpha"],  # the t-tests behind each reading's AUC claims
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/auc_hypotheses.py"


# How finely each learner ranks (§IV-B; Knowl 7): distinct probability vectors and ties per fold, and
# the learners that predict and rank alike, counted from the stored scores (nothing re-trained).
rule score_ties:
    input:
        scores=expand(f"{RESULTS}/scores/{PROTOCOL}/{{dataset}}/{{learner}}.parquet", dataset=MAIN_DATASETS,
                      learner=MAIN_LEARNERS),
        datasets=f"{RESULTS}/tables/datasets.csv",
        metas=expand(f"{RESULTS}/data/{{dataset}}.json", dataset=MAIN_DATASETS),
        cuts=expand(f"{RESULTS}/discretized/{{dataset}}.json", dataset=MAIN_DATASETS),
    output:
        tables("score_ties"),
    log:
        f"{RESULTS}/logs/score_ties.log",
    benchmark:
        f"{RESULTS}/benchmarks/score_ties.tsv"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/score_ties.py"
