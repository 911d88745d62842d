# Stage 2: discretization, folds, cross-validation of every learner (every study's scores and metrics).
# The paper's main table, t-tests and C/D/E: paper.smk.
from aucacc.learners import code_digest, runs_per_fold, uses_packages

PROTOCOL = config["protocol"]["discretization"]
# The researcher's own estimator packages (config key estimator_packages): their code's SHA-256 goes into the
# spec handed to the jobs of the learners that use them, so changed code re-runs those jobs (and the provenance
# records which code ran).
CODE_SHA256 = code_digest(config["estimator_packages"])


def learner_spec(name):
    """Learner ``name``'s config spec as its jobs get it: with ``code_sha256`` when it names an estimator of one of
    the researcher's own packages."""
    spec = config["learners"][name]
    if CODE_SHA256 and uses_packages(spec, config["estimator_packages"]):
        return {**spec, "code_sha256": CODE_SHA256}
    return spec

LEARNERS = list(config["learners"])
MAIN_LEARNERS = MAIN["learners"]


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


# One outer fold of one learner on one data set (learners whose `fold_jobs` covers it, e.g. the SVM on mushroom):
# the fold's test rows' probability vectors and its record; `cross_validate` gathers the folds.
rule cv_fold:
    input:
        data=rules.clean.output.data,
        meta=rules.clean.output.meta,
        folds=rules.folds.output.folds,
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
        runtime=20,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/cv_fold.py"


def cv_fold_parts(wc):
    """Per-fold outputs gathered by `cross_validate` (none: the learner runs all folds in one job)."""
    if not runs_per_fold(config["learners"][wc.learner], wc.dataset):
        return []
    return expand(rules.cv_fold.output.scores, fold=range(config["protocol"]["n_folds"]), allow_missing=True)


# Cross-validate one learner on one data set (or gather its per-fold jobs); store every test
# instance's probability vector, the per-fold metrics and the per-fold record.
rule cross_validate:
    input:
        data=rules.clean.output.data,
        meta=rules.clean.output.meta,
        folds=rules.folds.output.folds,
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
        learners=lambda wc: [wc.learner],
        specs=lambda wc: {wc.learner: learner_spec(wc.learner)},  # a changed spec re-runs the job
    threads: 1
    resources:
        # measured (bench_workflow.py): at most 8.6 s and 220 MB (the SVM's 10 folds on credit in one job)
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/cross_validate.py"


# Several learners on one data set in one job, writing the same files as `cross_validate` would for each
# (byte for byte, tests/workflow/test_studies.py): one start-up (~1.7 s of CPU, scikit-learn's imports) and
# one whole-data discretization instead of one per learner.
# - `cross_validate_main`: the main table's learners (those without per-fold jobs), on every data set: every
#   table that needs one needs them all.
# - `cross_validate_bundle_<n>`: the other learners a study names on a data set (the SVM, LR, RF, HGB of the
#   uci36 study), where two or more of them run there without per-fold jobs. One rule per distinct set of
#   learners, each for the data sets that have it (a rule's outputs are fixed); the default reproduction has
#   none (its one such learner, the SVM, keeps its `cross_validate` jobs).
MAIN_JOB_LEARNERS = [x for x in MAIN_LEARNERS if not any(runs_per_fold(config["learners"][x], d) for d in DATASETS)]


def _bundled_learners(in_main):
    """{(discretization, learners): data sets}: the learners of every study naming a data set, in config order,
    less ``in_main`` (`cross_validate_main`'s) and those with per-fold jobs there; only sets of two or more."""
    named = {}
    for s in STUDIES.values():
        for d in s["datasets"]:
            named.setdefault((s["discretization"], d), set()).update(s["learners"])
    groups = {}
    for (protocol, d), learners in named.items():
        own = tuple(x for x in LEARNERS if x in learners and x not in in_main
                    and not runs_per_fold(config["learners"][x], d))
        if len(own) > 1:
            groups.setdefault((protocol, own), []).append(d)
    return groups


# (rule, learners, wildcard constraints, folder of its logs and benchmarks)
# the main table's protocols only: under none (a study's data as it is) each learner runs in its own job or bundle
_MAIN_JOB = ([("cross_validate_main", MAIN_JOB_LEARNERS, {"protocol": "whole_data|per_fold"}, "cross_validate_main")]
             if len(MAIN_JOB_LEARNERS) > 1 else [])
_MULTI_LEARNER_JOBS = _MAIN_JOB + [
    (f"cross_validate_bundle_{i}", list(learners), {"protocol": re.escape(protocol), "dataset": one_of(datasets)},
     "cross_validate_bundle")
    for i, ((protocol, learners), datasets) in enumerate(_bundled_learners(_MAIN_JOB[0][1] if _MAIN_JOB else []).items(),
                                                          start=1)]
for _name, _learners, _constraints, _folder in _MULTI_LEARNER_JOBS:

    rule:
        name:
            _name
        input:
            data=rules.clean.output.data,
            meta=rules.clean.output.meta,
            folds=rules.folds.output.folds,
        output:
            scores=[f"{RESULTS}/scores/{{protocol}}/{{dataset}}/{x}.parquet" for x in _learners],
            metrics=[f"{RESULTS}/metrics/{{protocol}}/{{dataset}}/{x}.csv" for x in _learners],
            info=[f"{RESULTS}/scores/{{protocol}}/{{dataset}}/{x}.json" for x in _learners],
        log:
            # not under logs/cv/<protocol>/<data set>/, where a learner's own log is: a learner may be named anything
            f"{RESULTS}/logs/{_folder}/{{protocol}}/{{dataset}}.log",
        benchmark:
            f"{RESULTS}/benchmarks/{_folder}/{{protocol}}/{{dataset}}.tsv"
        params:
            learners=_learners,
            specs={x: learner_spec(x) for x in _learners},
        wildcard_constraints:
            **_constraints,
        threads: 1
        resources:
            # measured: NB, C4.4 and C4.5 together at most 2.7 s and 230 MB (mushroom, bench_workflow.py);
            # the SVM, LR, RF and HGB of uci36 at most 24 s and 262 MB (waveform5000)
            mem_mb=1000,
            runtime=10,
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/cross_validate.py"

    # what the `ruleorder: a > b` directive compiles to, for a rule whose name is computed
    workflow.ruleorder(_name, "cross_validate")


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
            runtime=600,
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/repeated_cv.py"
