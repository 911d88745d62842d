# Last stage: the per-cell scorecard (config/claims.yaml), the comparison figures, every table as HTML
# for `snakemake --report results/report.html`, and results/REPORT.md. Library: aucacc.report.
from aucacc.report.plots import REPORT_FIGURES, SOURCE_FIGURES

# The workflow's own caption files, whatever the working directory (`--directory .test` runs elsewhere).
REPORT_DIR = Path(f"{workflow.basedir}/workflow/report")


@final_output
def _report_targets():
    return paper_only([f"{RESULTS}/report/scorecard.md", f"{RESULTS}/report/scorecard.csv"]) + [f"{RESULTS}/REPORT.md"]


def table_caption(stem):
    """Caption text of a table: workflow/report/tables/<longest matching prefix of stem>.rst."""
    folder = REPORT_DIR / "tables"
    for cut in range(len(stem), 0, -1):
        f = folder / f"{stem[:cut]}.rst"
        if f.exists():
            return f.read_text()
    return f"Table ``{stem}`` (``results/tables/{stem}.csv``; no caption file in workflow/report/tables/)."


def table_category(stem):
    """Report category of a table (aucacc.report.document.report_category), from the first word of its caption file
    name."""
    for prefix, cat in (("datasets", "Data sets"), ("uci", "NB, C4.4, C4.5 (IV-B)"),
                        ("significance", "NB, C4.4, C4.5 (IV-B)"), ("score_ties", "NB, C4.4, C4.5 (IV-B)"),
                        ("cde", "C/D/E on folds (IV-D)"),
                        ("all_datasets", "NB, C4.4, C4.5 (IV-B)"), ("svm", "SVM (IV-C)"),
                        ("auc_", "AUC gap"), ("synthetic", "Synthetic (II)"), ("profit", "Profit (V)"),
                        ("roc", "ROC analysis"), ("scorecard", "Scorecard"),
                        ("claims_tests", "Statistics beyond the t-test"), ("friedman", "Statistics beyond the t-test"),
                        ("stats_", "Statistics beyond the t-test"), ("repeated_", "Statistics beyond the t-test"),
                        ("source_metrics", "Metrics of the sources"), ("worked_examples", "Metrics of the sources"),
                        ("cost_accuracy", "Metrics of the sources")):
        if stem.startswith(prefix):
            return report_category(cat)
    return report_category("Other tables")


def report_table_csvs(wildcards):
    """Every table of the run under results/tables (any stage's, including those added later): the CSVs whose HTML
    renders rule report_tables writes."""
    return table_csvs(get_final_output())


# Tables the scorecard's evidence and the report figures read that are not final targets themselves:
# the AUC-gap readings per data set and the published AUCs no ranking can produce (rule auc_hypotheses).
REPORT_EXTRA_TABLES = [rules.auc_hypotheses.output.by_dataset, rules.auc_hypotheses.output.impossible]

# Provost & Fawcett's (2001) rows (config/claims.yaml: provost_fawcett_*): with a study that has `published_rocch`
# (config/provost_fawcett.yaml), the scorecard reads its hull beside the published slope table and its dominance;
# without one, those published files are not read and the scorecard has no rows of them.
PF_STUDY = next((s for s in STUDIES if s != PAPER and STUDIES[s]["published_rocch"]), None)
PF_TABLES = ([f"{STUDY_DIR}/{PF_STUDY}/tables/{t}.csv" for t in ("rocch_published", "rocch_dominance")]
             if PF_STUDY else [])
PF_PUBLISHED = ["provost_fawcett_slopes", "provost_fawcett_dominance"] if PF_STUDY else []


# Every published cell and verdict, ours beside it, with the rule of config/claims.yaml and a status.
# The paper study's only (asked for with it: paper_output, paper_only; common.smk): the scorecard and the
# comparison figures.
rule scorecard:
    input:
        # Read lazily, after every stage file has registered its targets.
        tables=lambda wildcards: table_csvs(get_final_output()) + REPORT_EXTRA_TABLES + PF_TABLES,
        # The paper study's accuracy and AUC per fold: which data sets' tied folds make the C/D/E tally's P, V, E.
        folds=f"{STUDY_DIR}/{PAPER}/tables/fold_measures.csv",
        claims=CLAIMS,
        published=[published(t) for t in ["datasets", "uci_nb_c44_c45", "svm_binary13", "uci_averages",
                                          "significance", "cde_folds", "synthetic_endpoints", "profit",
                                          *PF_PUBLISHED]],
    output:
        md=f"{RESULTS}/report/scorecard.md",
        csv=f"{RESULTS}/report/scorecard.csv",
        html=report(f"{RESULTS}/report/scorecard.html", caption="../report/tables/scorecard.rst",
                    category=report_category("Scorecard"), subcategory="Tables"),
        summary=f"{RESULTS}/report/scorecard_summary.csv",
        summary_md=f"{RESULTS}/report/scorecard_summary.md",
        summary_tex=f"{RESULTS}/report/scorecard_summary.tex",
        sources=f"{RESULTS}/report/scorecard_sources.csv",
        sources_md=f"{RESULTS}/report/scorecard_sources.md",
        sources_tex=f"{RESULTS}/report/scorecard_sources.tex",
        rst=f"{RESULTS}/report/front_page.rst",
        provenance=report(f"{RESULTS}/report/provenance.html", caption="../report/provenance.rst",
                          category=report_category("Scorecard"), subcategory="Provenance"),
    log:
        f"{RESULTS}/logs/scorecard.log",
    benchmark:
        f"{RESULTS}/benchmarks/scorecard.tsv"
    params:
        alpha=config["protocol"]["alpha"],  # the t-tests the scorecard's evidence re-runs
        rerun=RERUN,  # the re-run commands printed (common.smk)
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/scorecard.py"


# One comparison figure: ours vs published per table, accuracy/AUC per data set, the AUC gap.
rule report_figure:
    # formats one table or figure: on a cluster it runs on the submitting host (profiles/slurm)
    localrule: True
    input:
        scorecard=rules.scorecard.output.csv,
        # The run's tables (the `auc_gap` figure draws the per-data-set readings).
        tables=lambda wildcards: table_csvs(get_final_output()) + REPORT_EXTRA_TABLES,
    output:
        png=report(f"{RESULTS}/report/figures/{{figure}}.png", caption="../report/figure.rst",
                   category=report_category("Scorecard"), subcategory="Figures"),
        pdf=f"{RESULTS}/report/figures/{{figure}}.pdf",
    log:
        f"{RESULTS}/logs/report/figure_{{figure}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/report_figure/{{figure}}.tsv"
    params:
        outdir=lambda wildcards, output: os.path.dirname(output.png),
        learners=STUDIES[PAPER]["learners"] if WITH_PAPER else [],  # each learner's colour in the paper study's figures
    wildcard_constraints:
        figure=one_of(REPORT_FIGURES),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/report_figures.py"


# Every table of the run as HTML, one page per table (results/report/tables/<table>.html), registered in the
# Snakemake report with its caption and category: one job for all of them (formatting a table takes a fraction of
# the start of a job), whose output is the folder; the report finds its pages by the pattern below.
rule report_tables:
    # formats the tables: on a cluster it runs on the submitting host (profiles/slurm)
    localrule: True
    input:
        csv=report_table_csvs,
    output:
        folder=report(directory(f"{RESULTS}/report/tables"), patterns=["{stem}.html"], caption="../report/table.rst",
                      category=lambda wc: table_category(wc.stem), subcategory="Tables"),
    log:
        f"{RESULTS}/logs/report/tables.log",
    benchmark:
        f"{RESULTS}/benchmarks/report_tables.tsv"
    params:
        # each page's caption (workflow/report/table.rst picks the one of the page's table)
        captions=lambda wildcards, input: {Path(t).stem: table_caption(Path(t).stem) for t in input.csv},
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/report_tables.py"


# results/REPORT.md: the scorecard summary and each part of the paper (with a paper study), then a
# section per study (STUDY_REPORT, studies.smk), tables inline, figures linked.
rule report_md:
    # writes REPORT.md from the tables: on a cluster it runs on the submitting host (profiles/slurm)
    localrule: True
    input:
        scorecard=paper_only(rules.scorecard.output.csv),
        summary=paper_only(rules.scorecard.output.summary),
        figures=paper_only(expand(f"{RESULTS}/report/figures/{{f}}.png", f=REPORT_FIGURES)),
        # the sources' figures, linked in REPORT.md's worked-examples section
        sources=paper_only(expand(f"{RESULTS}/figures/sources/{{f}}.png", f=SOURCE_FIGURES)),
        tables=rules.report_tables.output.folder,
        studies=lambda wildcards: study_report_inputs(),
    output:
        md=f"{RESULTS}/REPORT.md",
    log:
        f"{RESULTS}/logs/report/report_md.log",
    benchmark:
        f"{RESULTS}/benchmarks/report_md.tsv"
    params:
        results=lambda wildcards, output: os.path.dirname(output.md),
        studies=lambda wildcards: study_report_sections(),
        rerun=RERUN,  # the re-run commands printed (common.smk)
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/report_md.py"


onerror:
    # A failed job's outputs are removed by Snakemake, their provenance records (not declared) by us.
    from aucacc.provenance import remove_orphan_sidecars

    for _p in remove_orphan_sidecars(RESULTS):
        print(f"removed {_p}: the provenance record of an output the failed run removed")


onsuccess:
    # The scorecard summary at the end of every run that produced it; every learner failure a study left out
    # (on_learner_error: exclude), which is otherwise only in its exclusions table and the job's log.
    from aucacc.scores import failure_notices

    _s = Path(f"{RESULTS}/report/scorecard_summary.md")
    if _s.exists():
        print(f"\n{_s.read_text()}")
    for _line in failure_notices(STUDY_DIR, STUDIES):
        print(_line)


# Every worked example of the sources (Tharwat, Fawcett, Aggarwal, Provost & Fawcett) recomputed by the library: the
# reproduction's check of its metrics against the sources, so the paper study's (a study of one's own has no table
# of the paper's sources).
@paper_output
def _worked_examples_targets():
    return tables("worked_examples") + figures(*(f"sources/{f}" for f in SOURCE_FIGURES))


rule worked_examples:
    output:
        tables("worked_examples"),
    log:
        f"{RESULTS}/logs/worked_examples.log",
    benchmark:
        f"{RESULTS}/benchmarks/worked_examples.tsv"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/worked_examples.py"


# One figure of the sources, redrawn from the data they print (Fawcett's Fig. 3, Tharwat's ROC and PR example and his
# imbalance demonstration) by the library's ROC and metric code: the worked examples as figures.
rule source_figure:
    output:
        png=report(f"{RESULTS}/figures/sources/{{figure}}.png", caption="../report/source_figure.rst",
                   category=report_category("Metrics of the sources"), subcategory="Figures of the sources"),
        pdf=f"{RESULTS}/figures/sources/{{figure}}.pdf",
    log:
        f"{RESULTS}/logs/source_figure/{{figure}}.log",
    benchmark:
        f"{RESULTS}/benchmarks/source_figure/{{figure}}.tsv"
    wildcard_constraints:
        figure=one_of(SOURCE_FIGURES),
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        "../envs/aucacc.yaml"
    script:
        "../scripts/source_figure.py"
