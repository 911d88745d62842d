# Stage 5: ROC analysis from the stored fold scores (Fawcett 2006; Provost & Fawcett 2001):
# averaged ROC curves, the ROC convex hull over the learners, dominators by slope range, ROCCH-hybrid.
ROC = config["roc"]  # every key filled by validate_config (a config without `roc:` gets its defaults)
# Learner and data-set names are checked, and their defaults filled, by validate_config.
ROC_LEARNERS = list(ROC["learners"])
ROC_DATASETS = list(ROC["datasets"])

@paper_output
def _roc_targets():
    return figures(*(f"roc/{d}" for d in ROC_DATASETS)) + tables(*ROC_TABLES) + figures(*(f"det/{d}" for d in ROC_DATASETS))

# One data set: fold ROC curves of every learner, their averages, the ROCCH and the figure; DET points and figure.
rule roc_dataset:
    input:
        scores=lambda wc: expand(f"{RESULTS}/scores/{PROTOCOL}/{wc.dataset}/{{learner}}.parquet",
                                 learner=ROC_LEARNERS),
        metrics=lambda wc: expand(f"{RESULTS}/metrics/{PROTOCOL}/{wc.dataset}/{{learner}}.csv",
                                  learner=ROC_LEARNERS),
        meta=rules.clean.output.meta,
    output:
        png=report(f"{RESULTS}/figures/roc/{{dataset}}.png", caption="../report/roc_figure.rst",
                   category="9 ROC analysis", subcategory="Figures"),
        pdf=f"{RESULTS}/figures/roc/{{dataset}}.pdf",
        curves=f"{RESULTS}/roc/{{dataset}}/curves.csv",
        hull=f"{RESULTS}/roc/{{dataset}}/hull.csv",
        check=f"{RESULTS}/roc/{{dataset}}/auc_check.csv",
        # DET curves beside the ROC figure (Tharwat 2020): the same stored scores, pooled over folds.
        det_png=report(f"{RESULTS}/figures/det/{{dataset}}.png", caption="../report/det_figure.rst",
                       category="9 ROC analysis", subcategory="DET figures"),
        det_pdf=f"{RESULTS}/figures/det/{{dataset}}.pdf",
        det=f"{RESULTS}/roc/{{dataset}}/det.csv",
    log:
        f"{RESULTS}/logs/roc/{{dataset}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/roc_dataset/{{dataset}}.tsv"
    params:
        learners=ROC_LEARNERS,
        positive=lambda wc: ROC["positive"].get(wc.dataset),
        n_points=ROC["n_points"],
        n_thresholds=ROC["n_thresholds"],
        hull_points=ROC["hull_points"],
    wildcard_constraints:
        dataset=one_of(ROC_DATASETS),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/roc_dataset.py"

# Tables over the data sets: dominators by slope range, ROCCH-hybrid choices by slope, by FPR and under the
# workforce, precision and lift constraints, AUC check.
rule roc_tables:
    input:
        hull=expand(f"{RESULTS}/roc/{{dataset}}/hull.csv", dataset=ROC_DATASETS),
        check=expand(f"{RESULTS}/roc/{{dataset}}/auc_check.csv", dataset=ROC_DATASETS),
        curves=expand(f"{RESULTS}/roc/{{dataset}}/curves.csv", dataset=ROC_DATASETS),
    output:
        dominators=f"{RESULTS}/tables/rocch_dominators.csv",
        hybrid=f"{RESULTS}/tables/rocch_hybrid.csv",
        fpr_targets=f"{RESULTS}/tables/rocch_fpr_targets.csv",
        check=f"{RESULTS}/tables/roc_auc_check.csv",
        constraints=f"{RESULTS}/tables/rocch_constraints.csv",
        md_tex=expand(f"{RESULTS}/tables/{{t}}.{{ext}}", t=ROC_TABLES, ext=["md", "tex"]),
    log:
        f"{RESULTS}/logs/roc_tables.log",  # not in logs/roc/, where a data set named roc_tables logs
    benchmark:
        f"{RESULTS}/benchmarks/roc_tables.tsv"
    params:
        slopes=ROC["slopes"],
        target_fpr=ROC["target_fpr"],
        workforce=ROC["workforce"],
        min_precision=ROC["min_precision"],
        lift_fraction=ROC["lift_fraction"],
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/roc_tables.py"
