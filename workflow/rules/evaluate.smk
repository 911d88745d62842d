# Stage 2: discretization, folds, cross-validation of every learner (every study's scores and metrics).
# The paper's main table, t-tests and C/D/E: paper.smk.
from aucacc.config import runs_per_fold
from aucacc.learners import code_digest, time_limit, uses_packages

PROTOCOL = config["protocol"]["discretization"]
# The researcher's own estimator packages (config key estimator_packages): their code's SHA-256 goes into the
# spec handed to the jobs of the learners that use them, so changed code re-runs those jobs (and the provenance
# records which code ran).
CODE_SHA256 = code_digest(config["estimator_packages"])


def learner_spec(name):
    """Learner ``name``'s config spec as its jobs get it: with ``code_sha256`` when it names an estimator of one of
    the researcher's own packages; without ``timeout``, which changes no result (a fold finishes with the same bytes
    or stops the run), so changing it re-runs nothing: the jobs read it from the config."""
    spec = {k: v for k, v in config["learners"][name].items() if k != "timeout"}
    if CODE_SHA256 and uses_packages(spec, config["estimator_packages"]):
        return {**spec, "code_sha256": CODE_SHA256}
    return spec


def runtime(minutes, folds):
    """A job's ``runtime`` resource (minutes; a cluster stops the job after it): ``minutes``, or for a learner with a
    ``timeout`` (seconds per fold, enforced in the job on any machine), at least ``folds(wc)`` such limits and 5
    minutes besides, so the cluster does not stop the job before the learner's own limit names the fold."""

    def minutes_of(wc):
        limit = time_limit(config["learners"][wc.learner])
        return minutes if limit is None else max(minutes, -(-int(folds(wc) * limit) // 60) + 5)

    return minutes_of

LEARNERS = list(config["learners"])


wildcard_constraints:
    learner=one_of(LEARNERS),
    protocol="whole_data|per_fold|none",


# Fayyad–Irani MDL cut points of the whole data set (the paper's protocol), recorded per attribute.
rule discretize:
    input:
        data=rules.clean.output.data,
        meta=rules.clean.output.meta,
    output:
        cuts=f"{RESULTS}/discretized/{{dataset}}.json",
    log:
        f"{RESULTS}/logs/discretize/{{dataset}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/discretize/{{dataset}}.tsv"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/discretize.py"


# Seeded stratified fold assignment, shared by every learner.
rule folds:
    input:
        meta=rules.clean.output.meta,
        data=rules.clean.output.data,
    output:
        folds=f"{RESULTS}/folds/{{dataset}}.csv",
    log:
        f"{RESULTS}/logs/folds/{{dataset}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/folds/{{dataset}}.tsv"
    params:
        n_folds=config["protocol"]["n_folds"],
        seed=SEED,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/folds.py"


def whole_data_cuts(wc):
    """The data set's whole-data cut points (rule `discretize`) under protocol whole_data: every learner's job
    reads them instead of searching them again (none under the other protocols)."""
    return rules.discretize.output.cuts if wc.protocol == "whole_data" else []


# One outer fold of one learner on one data set (learners that config key `fold_jobs` names for it, e.g. the SVM
# on mushroom): the fold's test rows' probability vectors and its record; `cross_validate` gathers the folds.
rule cv_fold:
    input:
        data=rules.clean.output.data,
        meta=rules.clean.output.meta,
        folds=rules.folds.output.folds,
        cuts=whole_data_cuts,
    output:
        scores=f"{RESULTS}/cv_folds/{{protocol}}/{{dataset}}/{{learner}}/{{fold}}.parquet",
        info=f"{RESULTS}/cv_folds/{{protocol}}/{{dataset}}/{{learner}}/{{fold}}.json",
    log:
        f"{RESULTS}/logs/cv_fold/{{protocol}}/{{dataset}}/{{learner}}/{{fold}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/cv_fold/{{protocol}}/{{dataset}}/{{learner}}/{{fold}}.tsv"
    params:
        spec=lambda wc: learner_spec(wc.learner),
    wildcard_constraints:
        fold=r"\d+",
    threads: 1
    resources:
        # measured: mushroom's SVM fold peaks at ~1.1 GB RSS and ~25 s CPU (full grid)
        mem_mb=2000,
        runtime=runtime(20, lambda wc: 1),
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/cv_fold.py"


def cv_fold_parts(wc):
    """Per-fold outputs gathered by `cross_validate` (none: the learner runs all folds in one job)."""
    if not runs_per_fold(config, wc.learner, wc.dataset):
        return []
    return expand(rules.cv_fold.output.scores, fold=range(config["protocol"]["n_folds"]), allow_missing=True)


# Cross-validate one learner on one data set (or gather its per-fold jobs); store every test
# instance's probability vector, the per-fold metrics and the per-fold record. One job per (protocol, data set,
# learner), whose params are that learner's spec only: adding, changing or removing a learner re-runs its own jobs
# and their readers, and a learner that fails leaves the others' results alone.
# Batching: a learner's jobs form the group `cross_validate_<learner>`. Run locally, each job is its own process
# (~1.5 s of CPU to start, mostly importing scikit-learn); on a cluster, the profile's `group-components`
# (profiles/slurm/config.yaml: cross_validate_{learner}=8) submits up to 8 of one learner's jobs as one job. One group
# per learner, because Snakemake removes the outputs of every job of a failed group job: a learner that fails then
# takes only its own fresh results with it, never another learner's. `cv_fold` stays out of the group: a group's
# connected jobs run in one submission, which would serialize the folds.
rule cross_validate:
    input:
        data=rules.clean.output.data,
        meta=rules.clean.output.meta,
        folds=rules.folds.output.folds,
        cuts=lambda wc: [] if cv_fold_parts(wc) else whole_data_cuts(wc),
        parts=cv_fold_parts,
        part_records=lambda wc: [p.removesuffix(".parquet") + ".json" for p in cv_fold_parts(wc)],
    output:
        scores=f"{RESULTS}/scores/{{protocol}}/{{dataset}}/{{learner}}.parquet",
        metrics=f"{RESULTS}/metrics/{{protocol}}/{{dataset}}/{{learner}}.csv",
        info=f"{RESULTS}/scores/{{protocol}}/{{dataset}}/{{learner}}.json",
    log:
        f"{RESULTS}/logs/cv/{{protocol}}/{{dataset}}/{{learner}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/cross_validate/{{protocol}}/{{dataset}}/{{learner}}.tsv"
    params:
        spec=lambda wc: learner_spec(wc.learner),  # a changed spec re-runs the job
    group:
        "cross_validate_{learner}"
    threads: 1
    resources:
        # measured (bench_workflow.py): at most 8.6 s and 220 MB (the SVM's 10 folds on credit in one job)
        mem_mb=1000,
        runtime=runtime(10, lambda wc: config["protocol"]["n_folds"]),
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/cross_validate.py"


# Repeated cross-validation of a study with `repetitions: r` (r > 1; config/README.md, "studies"): r seeded k-fold
# assignments of a data set (repetition 0 = the folds every study shares) and each learner cross-validated once per
# repetition, under results/repeated_r<r>/ (a study of r repetitions reads these metrics; its ROC and source metrics
# stay on repetition 0). The paper's protocol.repetitions keeps its own stage (stats.smk, results/repeated/).
STUDY_REPETITIONS = sorted({s["repetitions"] for s in STUDIES.values() if s["repetitions"] > 1})
if STUDY_REPETITIONS:

    rule study_repeated_folds:
        input:
            meta=rules.clean.output.meta,
            data=rules.clean.output.data,
        output:
            folds=f"{RESULTS}/repeated_r{{reps}}/folds/{{dataset}}.csv",
        log:
            f"{RESULTS}/logs/repeated_r{{reps}}/folds/{{dataset}}.log",
        benchmark:
            f"{RESULTS}/benchmarks/repeated_r{{reps}}/folds/{{dataset}}.tsv"
        params:
            n_folds=config["protocol"]["n_folds"],
            repetitions=lambda wc: int(wc.reps),
            seed=SEED,
        wildcard_constraints:
            reps=one_of(map(str, STUDY_REPETITIONS)),
        threads: 1
        resources:
            mem_mb=1000,
            runtime=10,
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/repeated_folds.py"

    rule cross_validate_repeated:
        input:
            data=rules.clean.output.data,
            meta=rules.clean.output.meta,
            folds=rules.study_repeated_folds.output.folds,
        output:
            scores=f"{RESULTS}/repeated_r{{reps}}/scores/{{protocol}}/{{dataset}}/{{learner}}.parquet",
            metrics=f"{RESULTS}/repeated_r{{reps}}/metrics/{{protocol}}/{{dataset}}/{{learner}}.csv",
        log:
            f"{RESULTS}/logs/repeated_r{{reps}}/cv/{{protocol}}/{{dataset}}/{{learner}}.log",
        benchmark:
            f"{RESULTS}/benchmarks/repeated_r{{reps}}/cv/{{protocol}}/{{dataset}}/{{learner}}.tsv"
        params:
            spec=lambda wc: learner_spec(wc.learner),
        wildcard_constraints:
            reps=one_of(map(str, STUDY_REPETITIONS)),
        threads: 1
        resources:
            # r × one cross-validation's cost
            mem_mb=2000,
            runtime=runtime(600, lambda wc: int(wc.reps) * config["protocol"]["n_folds"]),
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/repeated_cv.py"
