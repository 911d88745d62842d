# Stage 3: the RBF SVM on the binary data sets (Huang & Ling 2005, §IV-C; Knowl 6), beside NB, C4.4 and C4.5.
# SVM = the paper study's svm_table (config key `studies.<paper>.svm_table`; common.smk); null (the default) runs
# no SVM table.
if SVM:

    @paper_output
    def _svm_targets():
        return tables("svm_binary13", "significance_svm13")

    # The SVM table: SVM per data set, the four learners' averages and t-tests, beside the paper's: views of the
    # paper study's summary and of its t-tests over the data sets every learner ran (ttests_common; studies.smk),
    # nothing recomputed. So those data sets (where the binary-only SVM ran) must be svm_table.datasets.
    rule svm_table:
        input:
            summary=paper_only(f"{STUDY_DIR}/{PAPER}/tables/summary.csv"),
            ttests_common=paper_only(f"{STUDY_DIR}/{PAPER}/tables/ttests_common.csv"),
            published=published("svm_binary13"),
            published_main=published("uci_nb_c44_c45"),
            averages=published("uci_averages"),
            significance=published("significance"),
            claims=CLAIMS,  # the tolerance of `within_tolerance`
        output:
            table=f"{RESULTS}/tables/svm_binary13.csv",
            md=f"{RESULTS}/tables/svm_binary13.md",
            tex=f"{RESULTS}/tables/svm_binary13.tex",
            sig=f"{RESULTS}/tables/significance_svm13.csv",
            sig_md=f"{RESULTS}/tables/significance_svm13.md",
            sig_tex=f"{RESULTS}/tables/significance_svm13.tex",
        log:
            f"{RESULTS}/logs/svm_table.log",
        benchmark:
            f"{RESULTS}/benchmarks/svm_table.tsv"
        params:
            learner=SVM["learner"],
            compare=SVM["compare"],
            datasets=SVM["datasets"],
        threads: 1
        resources:
            mem_mb=1000,
            runtime=10,
        conda:
            "../envs/aucacc.yaml"
        script:
            "../scripts/svm_table.py"
