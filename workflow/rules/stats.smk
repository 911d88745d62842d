# Stage 6: statistics beyond the paired t-test and every metric of the sources, from the stored
# fold metrics and scores (nothing re-trained). Library: aucacc.significance, aucacc.evaluation.source_metrics.
STATS = config["statistics"]
SOURCE_METRICS = config["source_metrics"]
# The tables whose claims are re-tested: the data sets and learners each compares.
CLAIM_GROUPS = {"uci_nb_c44_c45": (MAIN_DATASETS, MAIN_LEARNERS)}
if SVM:
    CLAIM_GROUPS["svm_binary13"] = (list(SVM["datasets"]), [SVM["learner"]] + list(SVM["compare"]))
# One critical-difference diagram per published table and metric.
CD_FIGURES = [f"stats/cd_{t}_{m}" for t in CLAIM_GROUPS for m in ("accuracy", "auc")]
# Learners with extra metrics per data set: the main table's, and the SVM on its data sets.
SOURCE_PAIRS = [(d, l) for d in MAIN_DATASETS for l in MAIN_LEARNERS]
if SVM:
    SOURCE_PAIRS += [(d, SVM["learner"]) for d in SVM["datasets"]]
SOURCE_DATASETS = list(dict.fromkeys(d for d, _ in SOURCE_PAIRS))


def source_learners(dataset):
    """The learners of a source-metrics figure's legend: the paper study's on its data sets (their order sets each
    learner's colour; one not run there is named with its reason), else those of ``SOURCE_PAIRS``."""
    own = [l for d, l in SOURCE_PAIRS if d == dataset]
    paper = STUDIES[PAPER] if WITH_PAPER else None
    if paper and dataset in paper["datasets"] and paper["discretization"] == PROTOCOL:
        return list(dict.fromkeys(list(paper["learners"]) + own))
    return own


@paper_output
def _stats_targets():
    return (tables("claims_tests", "claims_tests_detail", "stats_per_dataset", "friedman", "source_metrics")
            + figures(*CD_FIGURES) + figures(*(f"source_metrics/{d}" for d in SOURCE_DATASETS)))


# Every published significance claim (Knowl 5 and 6) under every test: one row per claim, a column per test.
# The claims are the rows of the published table `significance` (keyed by table, metric, a, b, as the
# claims file's tables.significance declares; load_claims checks it), which the rule reads.
rule claims_tests:
    input:
        metrics=sorted({f"{RESULTS}/metrics/{PROTOCOL}/{d}/{l}.csv" for t, (ds, ls) in CLAIM_GROUPS.items()
                        for d in ds for l in ls}),
        claims=published("significance"),
    output:
        claims=f"{RESULTS}/tables/claims_tests.csv",
        claims_md=f"{RESULTS}/tables/claims_tests.md",
        claims_tex=f"{RESULTS}/tables/claims_tests.tex",
        detail=f"{RESULTS}/tables/claims_tests_detail.csv",
        detail_md=f"{RESULTS}/tables/claims_tests_detail.md",
        detail_tex=f"{RESULTS}/tables/claims_tests_detail.tex",
        per_dataset=f"{RESULTS}/tables/stats_per_dataset.csv",
        per_dataset_md=f"{RESULTS}/tables/stats_per_dataset.md",
        per_dataset_tex=f"{RESULTS}/tables/stats_per_dataset.tex",
        friedman=f"{RESULTS}/tables/friedman.csv",
        friedman_md=f"{RESULTS}/tables/friedman.md",
        friedman_tex=f"{RESULTS}/tables/friedman.tex",
        cd=[report(f, caption="../report/cd_figure.rst", category=report_category("Statistics beyond the t-test"),
                   subcategory="Figures") if f.endswith(".png") else f for f in figures(*CD_FIGURES)],
    log:
        f"{RESULTS}/logs/claims_tests.log",
    params:
        groups=CLAIM_GROUPS,
        # each learner's colour in every figure of the study: the paper study's learners, then any other of a group
        learners=list(dict.fromkeys((list(STUDIES[PAPER]["learners"]) if WITH_PAPER else [])
                                    + [l for _, ls in CLAIM_GROUPS.values() for l in ls])),
        alpha=config["protocol"]["alpha"],
        rope=STATS["rope"],
        decision=STATS["decision"],
        nsamples=STATS["bayes_samples"],
        seed=SEED,
    benchmark:
        f"{RESULTS}/benchmarks/claims_tests.tsv"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=30,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/claims_tests.py"


# One data set: every metric of the sources for each fold of each learner (from its stored scores),
# and the figure: precision–recall curves of each learner; one-vs-rest ROC beside Hand–Till M if multi-class.
# One job per data set, not per learner: the metrics take a fraction of a job's start-up.
rule source_metrics:
    input:
        scores=lambda wc: [f"{RESULTS}/scores/{PROTOCOL}/{wc.dataset}/{l}.parquet" for d, l in SOURCE_PAIRS
                           if d == wc.dataset],
        # the score records of the paper study's learners on the data set (those of its study): an exclusion
        # record names why a learner has no curve
        records=lambda wc: [f"{RESULTS}/scores/{PROTOCOL}/{wc.dataset}/{l}.json" for l in source_learners(wc.dataset)],
    output:
        metrics=f"{RESULTS}/metrics_extra/{PROTOCOL}/{{dataset}}.csv",
        png=report(f"{RESULTS}/figures/source_metrics/{{dataset}}.png", caption="../report/source_metrics_figure.rst",
                   category=report_category("Metrics of the sources"), subcategory="Figures"),
        pdf=f"{RESULTS}/figures/source_metrics/{{dataset}}.pdf",
    log:
        f"{RESULTS}/logs/source_metrics/{{dataset}}.log",
    params:
        protocol=PROTOCOL,
        learners=lambda wc: source_learners(wc.dataset),  # each learner's colour in every figure of the study
        # Look-ups in mappings by data set: no entry means the minority class, and a cost of 1 for every class.
        positive=lambda wc: (_PAPER_KEYS["positive"] or {}).get(wc.dataset),  # the paper study's
        costs=lambda wc: SOURCE_METRICS["costs"].get(wc.dataset, {}),
    benchmark:
        f"{RESULTS}/benchmarks/source_metrics/{{dataset}}.tsv"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/source_metrics.py"


# Mean ± sd over folds of every source metric, per data set and learner.
rule source_metrics_table:
    input:
        metrics=[f"{RESULTS}/metrics_extra/{PROTOCOL}/{d}.csv" for d in SOURCE_DATASETS],
    output:
        table=f"{RESULTS}/tables/source_metrics.csv",
        md=f"{RESULTS}/tables/source_metrics.md",
        tex=f"{RESULTS}/tables/source_metrics.tex",
    params:
        pairs=SOURCE_PAIRS,  # the table's row order
    log:
        f"{RESULTS}/logs/source_metrics_table.log",
    benchmark:
        f"{RESULTS}/benchmarks/source_metrics_table.tsv"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/source_metrics_table.py"


# Cost-weighted accuracy (Aggarwal eq. 10.77) beside the plain accuracy on each data set given costs in config
# (source_metrics.costs): read from the source-metrics table. No costs: no table.
COST_DATASETS = [d for d in SOURCE_METRICS["costs"] if d in SOURCE_DATASETS]
if COST_DATASETS:

    @paper_output
    def _cost_accuracy_targets():
        return tables("cost_accuracy")

    rule cost_accuracy:
        input:
            summary=rules.source_metrics_table.output.table,
        output:
            table=f"{RESULTS}/tables/cost_accuracy.csv",
            md=f"{RESULTS}/tables/cost_accuracy.md",
            tex=f"{RESULTS}/tables/cost_accuracy.tex",
        log:
            f"{RESULTS}/logs/cost_accuracy.log",
        params:
            costs={d: SOURCE_METRICS["costs"][d] for d in COST_DATASETS},
        benchmark:
            f"{RESULTS}/benchmarks/cost_accuracy.tsv"
        threads: 1
        resources:
            mem_mb=1000,
            runtime=10,
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/cost_accuracy.py"


# Repeated cross-validation: b = protocol.repetitions rounds of the k-fold protocol, each with its
# own derived seed (repetition 0 = the paper's folds). b = 1 (the paper's) adds no job and no file.
REPETITIONS = int(config["protocol"]["repetitions"])
if REPETITIONS > 1:
    REPEATED_PAIRS = sorted({(a, b) for t, (ds, ls) in CLAIM_GROUPS.items() for i, a in enumerate(ls)
                             for b in ls[i + 1:]})
    REPEATED_LEARNERS = list(dict.fromkeys(l for t, (ds, ls) in CLAIM_GROUPS.items() for l in ls))

    @paper_output
    def _repeated_targets():
        return tables("repeated_tests")

    rule repeated_folds:
        input:
            meta=rules.clean.output.meta,
            data=rules.clean.output.data,
        output:
            folds=f"{RESULTS}/repeated/folds/{{dataset}}.csv",
        log:
            f"{RESULTS}/logs/repeated_folds/{{dataset}}.log",
        params:
            n_folds=config["protocol"]["n_folds"],
            repetitions=REPETITIONS,
            seed=SEED,
        benchmark:
            f"{RESULTS}/benchmarks/repeated_folds/{{dataset}}.tsv"
        threads: 1
        resources:
            mem_mb=1000,
            runtime=10,
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/repeated_folds.py"

    rule repeated_cv:
        input:
            data=rules.clean.output.data,
            meta=rules.clean.output.meta,
            folds=rules.repeated_folds.output.folds,
        output:
            scores=f"{RESULTS}/repeated/scores/{{protocol}}/{{dataset}}/{{learner}}.parquet",
            metrics=f"{RESULTS}/repeated/metrics/{{protocol}}/{{dataset}}/{{learner}}.csv",
        log:
            f"{RESULTS}/logs/repeated_cv/{{protocol}}/{{dataset}}/{{learner}}.log",
        params:
            spec=lambda wc: learner_spec(wc.learner),
        benchmark:
            f"{RESULTS}/benchmarks/repeated_cv/{{protocol}}/{{dataset}}/{{learner}}.tsv"
        threads: 1
        resources:
            # b × the single run's cost (the SVM's grid search dominates)
            mem_mb=2000,
            runtime=600,
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/repeated_cv.py"

    # Per data set and pair: Aggarwal's test over the b rounds, naive and corrected t over b × k folds,
    # Bayesian correlated t-test.
    rule repeated_tests:
        input:
            metrics=sorted({f"{RESULTS}/repeated/metrics/{PROTOCOL}/{d}/{l}.csv"
                            for t, (ds, ls) in CLAIM_GROUPS.items() for d in ds for l in ls}),
        output:
            table=f"{RESULTS}/tables/repeated_tests.csv",
            md=f"{RESULTS}/tables/repeated_tests.md",
            tex=f"{RESULTS}/tables/repeated_tests.tex",
        log:
            f"{RESULTS}/logs/repeated_tests.log",
        params:
            pairs=REPEATED_PAIRS,
            alpha=config["protocol"]["alpha"],
            rope=STATS["rope"],
            decision=STATS["decision"],
        benchmark:
            f"{RESULTS}/benchmarks/repeated_tests.tsv"
        threads: 1
        resources:
            mem_mb=1000,
            runtime=10,
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/repeated_tests.py"
