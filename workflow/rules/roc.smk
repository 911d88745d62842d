# Stage 5: ROC analysis from the stored fold scores (Fawcett 2006; Provost & Fawcett 2001): averaged ROC curves,
# the ROC convex hull over the learners, dominators by slope range, ROCCH-hybrid; DET curves. One pair of rules
# for every study: the paper study's under results/ (its published layout: figures/roc/, roc/, tables/rocch_*),
# every other study's under results/studies/<study>/ (ROC_ROOTS). Library: aucacc.roc.
ROC = config["roc"]  # the analysis settings of every study's ROC stage (validate_config fills the defaults)
# The paper study's ROC learners and data sets (`studies.<paper>.roc`; checked, and their defaults filled, by
# validate_config); another study's are its own.
ROC_LEARNERS = list(_PAPER_KEYS["roc"]["learners"])
ROC_DATASETS = list(_PAPER_KEYS["roc"]["datasets"])
# The folder of each study's ROC outputs -> the study (the paper study's: the results folder itself).
ROC_ROOTS = {(RESULTS if s == PAPER else f"{STUDY_DIR}/{s}"): s for s in STUDIES}


def roc_of(root):
    """(study, learners, discretization) of the ROC outputs under ``root``: the paper study's with its `roc`
    learners (`studies.<paper>.roc.learners`), any other study's with its own learners."""
    study = ROC_ROOTS[root]
    learners = ROC_LEARNERS if study == PAPER else STUDIES[study]["learners"]
    return study, learners, STUDIES[study]["discretization"]


def roc_category(root):
    """Report category of the ROC figures under ``root``."""
    return report_category("ROC analysis") if ROC_ROOTS[root] == PAPER else study_category_of(ROC_ROOTS[root])


@paper_output
def _roc_targets():
    return figures(*(f"roc/{d}" for d in ROC_DATASETS)) + tables(*ROC_TABLES) + figures(*(f"det/{d}" for d in ROC_DATASETS))


# One data set: fold ROC curves of every learner, their averages, the ROCCH and the figure; DET points and figure.
rule roc_dataset:
    input:
        scores=lambda wc: [f"{RESULTS}/scores/{roc_of(wc.root)[2]}/{wc.dataset}/{l}.parquet" for l in roc_of(wc.root)[1]],
        metrics=lambda wc: [f"{RESULTS}/metrics/{roc_of(wc.root)[2]}/{wc.dataset}/{l}.csv" for l in roc_of(wc.root)[1]],
        # the score records: a learner's exclusion record names why it has no curve
        records=lambda wc: [f"{RESULTS}/scores/{roc_of(wc.root)[2]}/{wc.dataset}/{l}.json" for l in roc_of(wc.root)[1]],
        meta=rules.clean.output.meta,
    output:
        png=report("{root}/figures/roc/{dataset}.png", caption="../report/roc_figure.rst",
                   category=lambda wc: roc_category(wc.root), subcategory="ROC figures"),
        pdf="{root}/figures/roc/{dataset}.pdf",
        curves="{root}/roc/{dataset}/curves.csv",
        hull="{root}/roc/{dataset}/hull.csv",
        check="{root}/roc/{dataset}/auc_check.csv",
        # DET curves beside the ROC figure (Tharwat 2020): the same stored scores, pooled over folds.
        det_png=report("{root}/figures/det/{dataset}.png", caption="../report/det_figure.rst",
                       category=lambda wc: roc_category(wc.root), subcategory="DET figures"),
        det_pdf="{root}/figures/det/{dataset}.pdf",
        det="{root}/roc/{dataset}/det.csv",
    log:
        "{root}/logs/roc/{dataset}.log",
    benchmark:
        "{root}/benchmarks/roc_dataset/{dataset}.tsv"
    params:
        learners=lambda wc: roc_of(wc.root)[1],
        palette=lambda wc: STUDIES[ROC_ROOTS[wc.root]]["learners"],  # each learner's colour in every figure of the study
        positive=lambda wc: (STUDIES[ROC_ROOTS[wc.root]]["positive"] or {}).get(wc.dataset),
        n_points=ROC["n_points"],
        n_thresholds=ROC["n_thresholds"],
        hull_points=ROC["hull_points"],
    wildcard_constraints:
        root=one_of(ROC_ROOTS),
        dataset=one_of(DATASETS),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/roc_dataset.py"


def roc_datasets_of(root):
    """The data sets of the ROC tables under ``root``: the paper study's `roc.datasets`, or another study's own."""
    study = ROC_ROOTS[root]
    return ROC_DATASETS if study == PAPER else STUDIES[study]["datasets"]


# Tables over the data sets: dominators by slope range, ROCCH-hybrid choices by slope, by FPR and under the
# workforce, precision and lift constraints, AUC check, each learner's area over the hull's candidate points.
rule roc_tables:
    input:
        hull=lambda wc: [f"{wc.root}/roc/{d}/hull.csv" for d in roc_datasets_of(wc.root)],
        check=lambda wc: [f"{wc.root}/roc/{d}/auc_check.csv" for d in roc_datasets_of(wc.root)],
        curves=lambda wc: [f"{wc.root}/roc/{d}/curves.csv" for d in roc_datasets_of(wc.root)],
    output:
        dominators="{root}/tables/rocch_dominators.csv",
        hybrid="{root}/tables/rocch_hybrid.csv",
        fpr_targets="{root}/tables/rocch_fpr_targets.csv",
        check="{root}/tables/roc_auc_check.csv",
        constraints="{root}/tables/rocch_constraints.csv",
        learner_auc="{root}/tables/rocch_learner_auc.csv",
        md_tex=expand("{{root}}/tables/{t}.{ext}", t=ROC_TABLES, ext=["md", "tex"]),
    log:
        "{root}/logs/roc_tables.log",  # not in logs/roc/, where a data set named roc_tables logs
    benchmark:
        "{root}/benchmarks/roc_tables.tsv"
    params:
        slopes=ROC["slopes"],
        target_fpr=ROC["target_fpr"],
        workforce=ROC["workforce"],
        min_precision=ROC["min_precision"],
        lift_fraction=ROC["lift_fraction"],
    wildcard_constraints:
        root=one_of(ROC_ROOTS),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/roc_tables.py"


# The folders of the studies with `published_rocch` (a study other than the paper's).
PUBLISHED_ROCCH_ROOTS = [r for r, s in ROC_ROOTS.items() if s != PAPER and STUDIES[s]["published_rocch"]]


def published_rocch_of(root):
    """The study under ``root`` and its `published_rocch` CSV (a study other than the paper's)."""
    return STUDIES[ROC_ROOTS[root]]["published_rocch"]


# A study with `published_rocch`: its hull beside the published dominators by slope range, range by range, and
# each data set's dominance (Provost & Fawcett 2001, §4.2; aucacc.roc.published).
rule roc_published:
    input:
        hull="{root}/tables/rocch_dominators.csv",
        published=lambda wc: published_rocch_of(wc.root),
    output:
        published="{root}/tables/rocch_published.csv",
        dominance="{root}/tables/rocch_dominance.csv",
        md_tex=expand("{{root}}/tables/{t}.{ext}", t=["rocch_published", "rocch_dominance"], ext=["md", "tex"]),
    log:
        "{root}/logs/roc_published.log",
    benchmark:
        "{root}/benchmarks/roc_published.tsv"
    wildcard_constraints:
        root=one_of(PUBLISHED_ROCCH_ROOTS) if PUBLISHED_ROCCH_ROOTS else "(?!)",
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/roc_published.py"
