# Stage 5: ROC analysis from the stored fold scores (Fawcett 2006; Provost & Fawcett 2001; SPEC §5):
# averaged ROC curves, the ROC convex hull over the learners, dominators by slope range, ROCCH-hybrid.
ROC = config.get("roc")
if ROC:
    ROC_LEARNERS = list(ROC.get("learners", LEARNERS))
    ROC_DATASETS = list(ROC.get("datasets") or config.get("svm_table", {}).get("datasets", DATASETS))
    for _name in ROC_LEARNERS:
        if _name not in config["learners"]:
            raise ValueError(f"config key 'roc.learners' names learner {_name!r}, which is not under 'learners'")
    for _d in ROC_DATASETS + list(ROC.get("positive", {})):
        if _d not in config["datasets"]:
            raise ValueError(f"config key 'roc' names data set {_d!r}, which is not under 'datasets'")
    ROC_TABLES = ["rocch_dominators", "rocch_hybrid", "rocch_fpr_targets", "roc_auc_check"]

    @final_output
    def _roc_targets():
        return figures(*(f"roc/{d}" for d in ROC_DATASETS)) + tables(*ROC_TABLES)

    # One data set: fold ROC curves of every learner, their averages, the ROCCH and the figure.
    rule roc_dataset:
        input:
            scores=lambda wc: expand(f"{RESULTS}/scores/{PROTOCOL}/{wc.dataset}/{{learner}}.parquet",
                                     learner=ROC_LEARNERS),
            metrics=lambda wc: expand(f"{RESULTS}/metrics/{PROTOCOL}/{wc.dataset}/{{learner}}.csv",
                                      learner=ROC_LEARNERS),
            meta=rules.clean.output.meta,
        output:
            png=f"{RESULTS}/figures/roc/{{dataset}}.png",
            pdf=f"{RESULTS}/figures/roc/{{dataset}}.pdf",
            curves=f"{RESULTS}/roc/{{dataset}}/curves.csv",
            hull=f"{RESULTS}/roc/{{dataset}}/hull.csv",
            check=f"{RESULTS}/roc/{{dataset}}/auc_check.csv",
        log:
            f"{RESULTS}/logs/roc/{{dataset}}.log",
        params:
            learners=ROC_LEARNERS,
            positive=lambda wc: ROC.get("positive", {}).get(wc.dataset),
            n_points=ROC.get("n_points", 101),
            n_thresholds=ROC.get("n_thresholds", 101),
            hull_points=ROC.get("hull_points", "threshold"),
        wildcard_constraints:
            dataset="|".join(ROC_DATASETS),
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/roc_dataset.py"

    # Tables over the data sets: dominators by slope range, ROCCH-hybrid choices by slope and by FPR, AUC check.
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
            md_tex=expand(f"{RESULTS}/tables/{{t}}.{{ext}}", t=ROC_TABLES, ext=["md", "tex"]),
        log:
            f"{RESULTS}/logs/roc/roc_tables.log",
        params:
            slopes=ROC.get("slopes", [0.1, 0.25, 0.5, 1, 2, 4, 10]),
            target_fpr=ROC.get("target_fpr", [0.01, 0.05, 0.1, 0.2]),
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/roc_tables.py"
