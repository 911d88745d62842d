# Studies (config key `studies`; config/README.md, "studies"): every generic analysis of AUC against
# accuracy, per study, under results/studies/<study>/. A study reads the shared score and metric files
# (results/scores/<discretization>/<data set>/<learner>.*): a (data set, learner, discretization) named by
# several studies is trained once. The ROC stage (roc.smk) serves every study; the paper study's source metrics are
# its own stage (stats.smk), every other study gets its own by the same scripts. Library: aucacc.studies.
from aucacc.config import study_title
from aucacc.report.document import study_category
from aucacc.measures import MEASURES, study_measure_names
from aucacc.scores import study_files as scores_study_files

# The studies whose source metrics are made here and whose ROC outputs go under their folder (the paper study's
# under results/, roc.smk).
OWN_STUDIES = [s for s in STUDIES if s != PAPER]
RETEST_STUDIES = [s for s in STUDIES if STUDIES[s]["retest"]]
# the tables of study_measure_tests (every test for every measure, verdict and rank agreement)
MEASURE_TEST_TABLES = ["measure_tests", "measure_friedman", "measure_posthoc", "measure_agreement",
                       "measure_rank_agreement", "measure_tests_detail", "measure_tests_per_dataset"]
STUDY_TABLES = ["summary", "ttests", "exclusions", "tests", "tests_detail", "tests_per_dataset", "friedman",
                "auc_vs_accuracy", "measures_matrix", "measures_cde", *MEASURE_TEST_TABLES]
STUDY_FIGURES = ["cd_accuracy", "cd_auc", "auc_vs_accuracy", "measures_matrix", "measures_scatter", "measure_ranks"]
STUDY_ROC_TABLES = ROC_TABLES  # common.smk: the ROC stage's tables, the paper study's and every other's


def study_tables(study, *stems):
    """The CSV, Markdown and LaTeX files of a study's tables ``stems``."""
    return [f"{STUDY_DIR}/{study}/tables/{s}.{ext}" for s in stems for ext in ("csv", "md", "tex")]


def study_figures(study, *stems):
    """The PNG and PDF files of a study's figures ``stems``."""
    return [f"{STUDY_DIR}/{study}/figures/{s}.{ext}" for s in stems for ext in ("png", "pdf")]


def study_table_stems(study):
    """Every table a study makes, in the order its report chapter shows them."""
    own = ["source_metrics"] + STUDY_ROC_TABLES if study in OWN_STUDIES else []
    own += ["rocch_published", "rocch_dominance"] if study in OWN_STUDIES and STUDIES[study]["published_rocch"] else []
    compared = ["retest_changes"] if STUDIES[study]["compare_retest"] else []
    return STUDY_TABLES + (["retest"] if STUDIES[study]["retest"] else []) + compared + own


def study_figure_stems(study, per_measure=True):
    """Every figure a study makes: a learner-pairs figure per measure of the study (``per_measure``), and the ROC,
    DET and source-metric figures per data set for a study other than the paper's."""
    ds = STUDIES[study]["datasets"]
    measures = [f"learner_pairs/{m}" for m in study_measure_names(STUDIES[study])] if per_measure else []
    per_dataset = ([f"{kind}/{d}" for kind in ("roc", "det", "source_metrics") for d in ds]
                   if study in OWN_STUDIES else [])
    return STUDY_FIGURES + measures + per_dataset


def study_figure_outputs(study):
    """A study's figure files as Snakemake knows them: each figure's PNG and PDF, and the folder of the learner-pairs
    figures (one output of study_measure_figures, whose files differ by study)."""
    return (study_figures(study, *study_figure_stems(study, per_measure=False))
            + [f"{STUDY_DIR}/{study}/figures/learner_pairs"])


def study_files(study, kind):
    """A study's fold metrics (``kind="metrics"``), score records (``"records"``) or scores (``"scores"``):
    the shared files of each (data set, learner) it names, under its discretization; the metrics of its r × k
    folds for a study with ``repetitions`` r > 1 (aucacc.scores.study_files, which aucacc.load_study reads too)."""
    return scores_study_files(STUDIES[study], kind, RESULTS)


def study_report_html(study):
    """The folder of the HTML renders of a study's tables (rule study_report_tables: one page per table, registered
    in the study's report category)."""
    return [f"{STUDY_DIR}/{study}/report"]


def study_category_of(study):
    """The report category of a study (``Study – <title>``, aucacc.report.document.study_category)."""
    return study_category(STUDIES[study]["title"])


@final_output
def _study_targets():
    out = []
    for s in STUDIES:
        out += study_tables(s, *study_table_stems(s), "ttests_common") + study_figure_outputs(s)
    return out + ([f"{RESULTS}/report/studies.rst", f"{RESULTS}/report/studies.csv"] if STUDIES else [])


wildcard_constraints:
    study=one_of(STUDIES),


# Accuracy and AUC (mean ± sd per data set and learner, † / ‡ marks, averages), paired t-tests of every pair (on the
# data sets both ran: ttests; on those every learner ran, as the averages: ttests_common), and the exclusions (a
# binary-only learner on a multi-class data set, ...).
rule study_summary:
    input:
        metrics=lambda wc: study_files(wc.study, "metrics"),
        records=lambda wc: study_files(wc.study, "records"),
        data=lambda wc: [f"{RESULTS}/data/{d}.json" for d in STUDIES[wc.study]["datasets"]],
    output:
        summary=f"{STUDY_DIR}/{{study}}/tables/summary.csv",
        ttests=f"{STUDY_DIR}/{{study}}/tables/ttests.csv",
        ttests_common=f"{STUDY_DIR}/{{study}}/tables/ttests_common.csv",
        exclusions=f"{STUDY_DIR}/{{study}}/tables/exclusions.csv",
        md_tex=expand(f"{STUDY_DIR}/{{{{study}}}}/tables/{{t}}.{{ext}}",
                      t=["summary", "ttests", "ttests_common", "exclusions"], ext=["md", "tex"]),
    log:
        f"{RESULTS}/logs/studies/{{study}}/summary.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/summary.tsv"
    params:
        study=lambda wc: wc.study,
        learners=lambda wc: STUDIES[wc.study]["learners"],
        # what each learner was given, said under the summary table
        specs=lambda wc: {x: config["learners"][x] for x in STUDIES[wc.study]["learners"]},
        alpha=config["protocol"]["alpha"],
        seed=SEED,
        # stop: a failure recorded under exclude is refused (learners.md, 'When a learner fails')
        on_learner_error=config["on_learner_error"],
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/study_summary.py"


# Every pair × metric under every test (paired t, Wilcoxon, Friedman–Nemenyi with critical-difference diagrams,
# Bayesian signed-rank, corrected t, Bayesian correlated t).
rule study_tests:
    input:
        metrics=lambda wc: study_files(wc.study, "metrics"),
        records=lambda wc: study_files(wc.study, "records"),
    output:
        tests=f"{STUDY_DIR}/{{study}}/tables/tests.csv",
        tests_detail=f"{STUDY_DIR}/{{study}}/tables/tests_detail.csv",
        tests_per_dataset=f"{STUDY_DIR}/{{study}}/tables/tests_per_dataset.csv",
        friedman=f"{STUDY_DIR}/{{study}}/tables/friedman.csv",
        md_tex=expand(f"{STUDY_DIR}/{{{{study}}}}/tables/{{t}}.{{ext}}",
                      t=["tests", "tests_detail", "tests_per_dataset", "friedman"], ext=["md", "tex"]),
        cd_accuracy=report(f"{STUDY_DIR}/{{study}}/figures/cd_accuracy.png", caption="../report/study_cd_figure.rst",
                           category=lambda wc: study_category_of(wc.study), subcategory="Figures"),
        cd_auc=report(f"{STUDY_DIR}/{{study}}/figures/cd_auc.png", caption="../report/study_cd_figure.rst",
                      category=lambda wc: study_category_of(wc.study), subcategory="Figures"),
        cd_pdf=[f"{STUDY_DIR}/{{study}}/figures/cd_{m}.pdf" for m in ("accuracy", "auc")],
    log:
        f"{RESULTS}/logs/studies/{{study}}/tests.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/tests.tsv"
    params:
        study=lambda wc: wc.study,
        title=lambda wc: study_title(STUDIES[wc.study], wc.study),  # the figures' titles
        learners=lambda wc: STUDIES[wc.study]["learners"],
        alpha=config["protocol"]["alpha"],
        rope=config["statistics"]["rope"],
        decision=config["statistics"]["decision"],
        nsamples=config["statistics"]["bayes_samples"],
        seed=SEED,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=30,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/study_tests.py"


# A study's claims file (config key `retest`) re-tested on its data under every test over data sets: its own job,
# so that study_tests has one set of outputs for every study (a rule of fixed outputs; the wildcard constraint
# keeps it to the studies with `retest`).
rule study_retest:
    input:
        retest=lambda wc: STUDIES[wc.study]["retest"],
        metrics=lambda wc: study_files(wc.study, "metrics"),
        records=lambda wc: study_files(wc.study, "records"),
    output:
        retest=f"{STUDY_DIR}/{{study}}/tables/retest.csv",
        md_tex=[f"{STUDY_DIR}/{{study}}/tables/retest.{e}" for e in ("md", "tex")],
    log:
        f"{RESULTS}/logs/studies/{{study}}/retest.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/retest.tsv"
    params:
        study=lambda wc: wc.study,
        learners=lambda wc: STUDIES[wc.study]["learners"],
        alpha=config["protocol"]["alpha"],
        rope=config["statistics"]["rope"],
        decision=config["statistics"]["decision"],
        nsamples=config["statistics"]["bayes_samples"],
        seed=SEED,
        retest_learners=lambda wc: STUDIES[wc.study]["retest_learners"] or {},
    wildcard_constraints:
        study=one_of(RETEST_STUDIES),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=30,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/study_retest.py"


# The paper's question for every learner pair over all test folds: is AUC consistent with accuracy (C > 0.5)
# and more discriminating (D > 1)? Exact sign tests and bootstrap intervals over data sets; its figure.
rule study_cde:
    input:
        metrics=lambda wc: study_files(wc.study, "metrics"),
        records=lambda wc: study_files(wc.study, "records"),
    output:
        auc_vs_accuracy=f"{STUDY_DIR}/{{study}}/tables/auc_vs_accuracy.csv",
        md_tex=[f"{STUDY_DIR}/{{study}}/tables/auc_vs_accuracy.{e}" for e in ("md", "tex")],
        figure=report(f"{STUDY_DIR}/{{study}}/figures/auc_vs_accuracy.png", caption="../report/study_cde_figure.rst",
                      category=lambda wc: study_category_of(wc.study), subcategory="Figures"),
        pdf=f"{STUDY_DIR}/{{study}}/figures/auc_vs_accuracy.pdf",
    log:
        f"{RESULTS}/logs/studies/{{study}}/cde.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/cde.tsv"
    params:
        study=lambda wc: wc.study,
        title=lambda wc: study_title(STUDIES[wc.study], wc.study),  # the figures' titles
        learners=lambda wc: STUDIES[wc.study]["learners"],
        pairs=lambda wc: study_pairs(STUDIES[wc.study]),
        alpha=config["protocol"]["alpha"],
        n_boot=config["statistics"]["bootstrap_samples"],
        seed=SEED,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/study_cde.py"


# The paper's question for every pair of the study's measures (config key `measures`; aucacc.measures.MEASURES):
# each measure per test fold from the study's stored probability vectors (nothing retrained; in this one job, not a
# job per data set and learner, whose start-up cost more than the measures), then C, D, E of f against g over the
# test folds of each learner pair and pooled, sign tests, bootstrap intervals over data sets; the measures x measures
# matrix and its heat map.
rule study_measures:
    input:
        scores=lambda wc: study_files(wc.study, "scores"),
    output:
        fold_measures=f"{STUDY_DIR}/{{study}}/tables/fold_measures.csv",
        measures_cde=f"{STUDY_DIR}/{{study}}/tables/measures_cde.csv",
        measures_matrix=f"{STUDY_DIR}/{{study}}/tables/measures_matrix.csv",
        md_tex=expand(f"{STUDY_DIR}/{{{{study}}}}/tables/{{t}}.{{ext}}", t=["measures_cde", "measures_matrix"],
                      ext=["md", "tex"]),
        figure=report(f"{STUDY_DIR}/{{study}}/figures/measures_matrix.png",
                      caption="../report/study_measures_figure.rst",
                      category=lambda wc: study_category_of(wc.study), subcategory="Figures"),
        pdf=f"{STUDY_DIR}/{{study}}/figures/measures_matrix.pdf",
    log:
        f"{RESULTS}/logs/studies/{{study}}/measures.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/measures.tsv"
    params:
        study=lambda wc: wc.study,
        title=lambda wc: study_title(STUDIES[wc.study], wc.study),  # the figures' titles
        pairs=lambda wc: study_pairs(STUDIES[wc.study]),
        measures=lambda wc: study_measure_names(STUDIES[wc.study]),
        alpha=config["protocol"]["alpha"],
        n_boot=config["statistics"]["bootstrap_samples"],
        seed=SEED,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/study_measures.py"


# Every test for every measure of the study (paired t, Wilcoxon, Friedman with the post-hoc test of config
# statistics.posthoc, Bayesian signed-rank, corrected t, Bayesian correlated t; direction-aware), and how far two
# measures' verdicts and learner rankings agree (Kendall's tau), from the per-fold measures of study_measures
# (nothing re-read from the scores, nothing retrained).
rule study_measure_tests:
    input:
        fold_measures=f"{STUDY_DIR}/{{study}}/tables/fold_measures.csv",
    output:
        **{t: f"{STUDY_DIR}/{{study}}/tables/{t}.csv" for t in MEASURE_TEST_TABLES},
        md_tex=expand(f"{STUDY_DIR}/{{{{study}}}}/tables/{{t}}.{{ext}}", t=MEASURE_TEST_TABLES, ext=["md", "tex"]),
    log:
        f"{RESULTS}/logs/studies/{{study}}/measure_tests.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/measure_tests.tsv"
    params:
        study=lambda wc: wc.study,
        learners=lambda wc: STUDIES[wc.study]["learners"],
        measures=lambda wc: study_measure_names(STUDIES[wc.study]),
        alpha=config["protocol"]["alpha"],
        rope=config["statistics"]["rope"],
        decision=config["statistics"]["decision"],
        nsamples=config["statistics"]["bayes_samples"],
        posthoc=config["statistics"]["posthoc"],
        measure_ropes=config["statistics"]["measure_ropes"] or {},
        seed=SEED,
    threads: 1
    resources:
        mem_mb=1000,
        runtime=30,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/study_measure_tests.py"


# Figures across data sets, from the per-fold measures only (nothing retrained, no score re-read): each measure against
# AUC and accuracy, one point per (data set, learner), the learners' average ranks under each measure, and per measure
# learner against learner, each point a data set: the study's learner pairs (cde_pairs), or, beyond 12 pairs, each
# learner against the best-ranked one under the measure (aucacc.studies.measures.shown_pairs). One job per study (a
# job per measure cost more in start-up than in drawing).
rule study_measure_figures:
    input:
        fold_measures=f"{STUDY_DIR}/{{study}}/tables/fold_measures.csv",
    output:
        scatter=report(f"{STUDY_DIR}/{{study}}/figures/measures_scatter.png",
                       caption="../report/study_measures_scatter_figure.rst",
                       category=lambda wc: study_category_of(wc.study), subcategory="Figures"),
        ranks=report(f"{STUDY_DIR}/{{study}}/figures/measure_ranks.png",
                     caption="../report/study_measure_ranks_figure.rst",
                     category=lambda wc: study_category_of(wc.study), subcategory="Figures"),
        pdf=[f"{STUDY_DIR}/{{study}}/figures/{f}.pdf" for f in ("measures_scatter", "measure_ranks")],
        # one figure per measure of the study (<measure>.png and .pdf): a folder, since the measures differ by study
        learner_pairs=report(directory(f"{STUDY_DIR}/{{study}}/figures/learner_pairs"), patterns=["{measure}.png"],
                             caption="../report/study_learner_pairs_figure.rst",
                             category=lambda wc: study_category_of(wc.study), subcategory="Figures"),
    log:
        f"{RESULTS}/logs/studies/{{study}}/measure_figures.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/measure_figures.tsv"
    params:
        study=lambda wc: wc.study,
        title=lambda wc: study_title(STUDIES[wc.study], wc.study),  # the figures' titles
        learners=lambda wc: STUDIES[wc.study]["learners"],  # each learner's colour in every figure of the study
        measures=lambda wc: study_measure_names(STUDIES[wc.study]),
        pairs=lambda wc: study_pairs(STUDIES[wc.study]),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/study_measure_figures.py"


# Every metric of the sources per fold of each of a study's learners on one data set, and its figure.
rule study_source_metrics:
    input:
        scores=lambda wc: [f"{RESULTS}/scores/{STUDIES[wc.study]['discretization']}/{wc.dataset}/{l}.parquet"
                           for l in STUDIES[wc.study]["learners"]],
        records=lambda wc: [f"{RESULTS}/scores/{STUDIES[wc.study]['discretization']}/{wc.dataset}/{l}.json"
                            for l in STUDIES[wc.study]["learners"]],
    output:
        metrics=f"{STUDY_DIR}/{{study}}/metrics_extra/{{dataset}}.csv",
        png=report(f"{STUDY_DIR}/{{study}}/figures/source_metrics/{{dataset}}.png",
                   caption="../report/study_source_metrics_figure.rst",
                   category=lambda wc: study_category_of(wc.study), subcategory="Figures"),
        pdf=f"{STUDY_DIR}/{{study}}/figures/source_metrics/{{dataset}}.pdf",
    log:
        f"{RESULTS}/logs/studies/{{study}}/source_metrics/{{dataset}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/source_metrics/{{dataset}}.tsv"
    params:
        protocol=lambda wc: STUDIES[wc.study]["discretization"],
        learners=lambda wc: STUDIES[wc.study]["learners"],  # each learner's colour in every figure of the study
        positive=lambda wc: (STUDIES[wc.study]["positive"] or {}).get(wc.dataset),
        costs=lambda wc: config["source_metrics"]["costs"].get(wc.dataset, {}),
    wildcard_constraints:
        study=one_of(OWN_STUDIES),
        dataset=one_of(DATASETS),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/source_metrics.py"


# Mean ± sd over folds of every source metric, per data set and learner of a study.
rule study_source_metrics_table:
    input:
        metrics=lambda wc: [f"{STUDY_DIR}/{wc.study}/metrics_extra/{d}.csv" for d in STUDIES[wc.study]["datasets"]],
    output:
        table=f"{STUDY_DIR}/{{study}}/tables/source_metrics.csv",
        md=f"{STUDY_DIR}/{{study}}/tables/source_metrics.md",
        tex=f"{STUDY_DIR}/{{study}}/tables/source_metrics.tex",
    params:
        pairs=lambda wc: [(d, l) for d in STUDIES[wc.study]["datasets"] for l in STUDIES[wc.study]["learners"]],
    log:
        f"{RESULTS}/logs/studies/{{study}}/source_metrics_table.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/source_metrics_table.tsv"
    wildcard_constraints:
        study=one_of(OWN_STUDIES),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/source_metrics_table.py"


# A study's re-tested claims beside another study's of the same claims (config key `compare_retest`): which tests
# over data sets change their verdict (e.g. uci36_raw, the data as it is, against uci36, the paper's protocol).
COMPARED_STUDIES = [s for s in STUDIES if STUDIES[s]["compare_retest"]]
if COMPARED_STUDIES:

    rule study_retest_changes:
        input:
            ours=f"{STUDY_DIR}/{{study}}/tables/retest.csv",
            theirs=lambda wc: f"{STUDY_DIR}/{STUDIES[wc.study]['compare_retest']}/tables/retest.csv",
        output:
            table=f"{STUDY_DIR}/{{study}}/tables/retest_changes.csv",
            md_tex=[f"{STUDY_DIR}/{{study}}/tables/retest_changes.{e}" for e in ("md", "tex")],
        log:
            f"{RESULTS}/logs/studies/{{study}}/retest_changes.log",
        benchmark:
            f"{RESULTS}/benchmarks/studies/{{study}}/retest_changes.tsv"
        params:
            study=lambda wc: wc.study,
            other=lambda wc: STUDIES[wc.study]["compare_retest"],
            ours=lambda wc: STUDIES[wc.study]["retest_learners"] or {},
            theirs=lambda wc: STUDIES[STUDIES[wc.study]["compare_retest"]]["retest_learners"] or {},
            seed=SEED,
        wildcard_constraints:
            study=one_of(COMPARED_STUDIES),
        threads: 1
        resources:
            mem_mb=500,
            runtime=10,
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/study_retest_changes.py"


# Every table of a study as HTML (results/studies/<study>/report/<table>.html), registered in the study's report
# category: one job per study (report_tables' script), whose output is the folder.
rule study_report_tables:
    # formats the tables: on a cluster it runs on the submitting host (profiles/slurm)
    localrule: True
    input:
        csv=lambda wc: [f"{STUDY_DIR}/{wc.study}/tables/{t}.csv" for t in study_table_stems(wc.study)],
    output:
        folder=report(directory(f"{STUDY_DIR}/{{study}}/report"), patterns=["{stem}.html"],
                      caption="../report/study_table.rst", category=lambda wc: study_category_of(wc.study),
                      subcategory="Tables"),
    log:
        f"{RESULTS}/logs/studies/{{study}}/report_tables.log",
    benchmark:
        f"{RESULTS}/benchmarks/studies/{{study}}/report_tables.tsv"
    params:
        tables=lambda wc: f"{STUDY_DIR}/{wc.study}/tables",  # named in each page's caption (study_table.rst)
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/report_tables.py"


# One line per study for the report's front page (results/report/studies.rst) and REPORT.md (studies.csv):
# each study's headline from its summary and AUC-versus-accuracy tables.
rule study_headlines:
    input:
        summary=[f"{STUDY_DIR}/{s}/tables/summary.csv" for s in STUDIES],
        cde=[f"{STUDY_DIR}/{s}/tables/auc_vs_accuracy.csv" for s in STUDIES],
    output:
        rst=f"{RESULTS}/report/studies.rst",
        csv=f"{RESULTS}/report/studies.csv",
    log:
        f"{RESULTS}/logs/report/study_headlines.log",
    benchmark:
        f"{RESULTS}/benchmarks/study_headlines.tsv"
    params:
        studies={s: STUDIES[s]["title"] for s in STUDIES},
        folded=bool(PAPER),  # beside the paper's scorecard summary: folded, so that it stays on the first screen
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/study_headlines.py"


def study_report_inputs():
    """What REPORT.md's study sections read: each study's tables (Markdown), its report pages, the headlines."""
    out = []
    for s in STUDIES:
        out += [f"{STUDY_DIR}/{s}/tables/{t}.md" for t in study_table_stems(s)] + study_report_html(s)
        out += [f for f in study_figure_outputs(s) if not f.endswith(".pdf")]
    return out + ([f"{RESULTS}/report/studies.csv"] if STUDIES else [])


def study_report_sections():
    """REPORT.md's section of each study: title, tables shown inline and linked, figures linked (paths
    relative to results/)."""
    rel = lambda p: os.path.relpath(p, RESULTS)
    inline = ["summary", "ttests", "tests", "friedman", "auc_vs_accuracy", "measures_matrix", "measure_friedman",
              "retest", "retest_changes", "exclusions"]
    return [{"study": s, "title": STUDIES[s]["title"],
             "tables": [rel(f"{STUDY_DIR}/{s}/tables/{t}.md") for t in study_table_stems(s) if t in inline],
             "links": [rel(f"{STUDY_DIR}/{s}/tables/{t}.md") for t in study_table_stems(s) if t not in inline],
             "figures": [rel(f) for f in study_figures(s, *study_figure_stems(s)) if f.endswith(".png")]}
            for s in STUDIES]
