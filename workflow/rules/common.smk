# Loads and validates the config, and defines what every stage shares.
import os
import re
from pathlib import Path

from aucacc.config import (STUDY_RULE, check_study_files, check_study_inputs, check_study_names, paper_study,
                           rule_names, study_pairs, validate_config)
from aucacc.report.claims import load_claims
from aucacc.report.document import report_category, rerun_commands
from aucacc.exceptions import ConfigError

# Every job's Python gets one fixed string-hash seed: iteration over sets of strings (e.g. the
# cliques that scikit-posthocs draws in a critical-difference diagram) then has the same order in
# every job, local or on a cluster, so outputs stay byte-identical. Remote jobs re-read this file.
os.environ.update({"PYTHONHASHSEED": "0"})
# No job draws progress bars (tqdm, e.g. the folds of a cross-validation) on the terminal, where they mixed into the
# one line per job (profiles/default: quiet); a job's messages go to its log. TQDM_DISABLE: tqdm >= 4.66.
os.environ.update({"TQDM_DISABLE": "1"})
from aucacc.datasets.fetch import cache_path, local_source_digest
from aucacc.datasets.openml_suites import expand_studies
from aucacc.datasets.store import check_clean_outputs


# The library's validator stops the run before any job, naming the offending key: schema,
# cross-references between keys, and every learner (import, predict_proba, params). It fills
# every default, also of sections the config leaves out, so rules read config keys directly. Paths
# in the config (cache, raw_data, lock_file, and each study's published, claims, retest) must lie inside
# the project: the Snakefile's folder or the working directory (--directory).
# A study naming an OpenML suite, tasks or data ids gets their data sets first, so the validator checks
# them and the names the study lists: from the lock file when recorded there (no server asked), else
# from the server, then recorded (config/README.md, "OpenML suites"). A config naming none asks no
# server. A cluster job re-reads this file: it reads the lock file the main run wrote, never rechecks.
# Each config file read again by the library's loader, which refuses a key given twice in one mapping
# (Snakemake's loader keeps the last one silently: a second `seed:` would replace the first).
# A study defined in two of them would be merged key by key into one: refused (check_study_files), first,
# so the merged study's own errors do not hide it; so is a data set or learner defined differently in two
# files, unless the later file lists it under `overrides`. With --replace-workflow-config the Snakefile's config
# file is discarded, so only the command line's files count.
# The re-run commands the report prints (REPORT.md, the front page, the provenance page): with the config files named
# on the command line (--configfile), so a study run with `--configfile config/uci36.yaml` is re-run with it, and with
# --replace-workflow-config when the run had it (a config of one's own alone; aucacc.report.document.rerun_commands).
CONFIG_FILES = [os.path.relpath(f) if Path(f).resolve().is_relative_to(Path.cwd().resolve()) else str(f)
                for f in (workflow.overwrite_configfiles or [])]
RERUN = rerun_commands(CONFIG_FILES, bool(workflow.config_settings.replace_workflow_config))
# In the order Snakemake merges them: the Snakefile's config file, then the command line's (--configfile).
_CLI_CONFIGS = list(workflow.overwrite_configfiles or [])
check_study_files([f for f in (_CLI_CONFIGS if workflow.config_settings.replace_workflow_config
                               else [f for f in workflow.configfiles if f not in _CLI_CONFIGS] + _CLI_CONFIGS)
                   if Path(f).is_file()])
expand_studies(config, recheck=False if workflow.remote_exec else None)
# Every learner (its class imported, its params and predict_proba checked) is checked by the main process only
# (workflow.is_main_process: a run, a dry run): a job process (a SLURM job, which parses this file again) skips
# it, so it does not import every learner's module (scikit-learn: ~1.5 s of CPU) before its own job; the job
# builds its own learner, checked again (aucacc.learners.factory.make_learner). benchmarks/bench_startup.py.
validate_config(config, check_learners=workflow.is_main_process, project=[workflow.basedir, os.getcwd()])
# Each study gets a target study_<name> (the Snakefile), so a study may not be named as one of the workflow's own
# study_* jobs (summary, tests, cde, ...; read from workflow/rules/*.smk, also those defined only for some configs).
# Refused here, naming its key, before Snakemake's CreateRuleException.
check_study_names(config["studies"], rule_names(sorted(Path(workflow.basedir, "workflow", "rules").glob("*.smk"))))
# The files each study names (published folder, claims file, retest CSV's columns and outcomes), before any job.
check_study_inputs(config)
STUDIES = config["studies"]
# The paper study: the one study with published numbers, or None. The paper's stages (its tables, the AUC gap,
# synthetic C/D/E, profit, ROC, the tests of its claims, the scorecard) hang off it: their rules are always
# defined, their targets asked for only with it (paper_output), and they read its keys (published, claims).
PAPER = paper_study(config)
WITH_PAPER = PAPER is not None
# The paper study's own keys (validated: each present), none set without a paper study.
_PAPER_KEYS = STUDIES.get(PAPER) or {"published": None, "claims": None, "main_table": None, "svm_table": None,
                                     "roc": {"learners": [], "datasets": []}, "positive": None}
# Its claims file (config key `studies.<paper>.claims`; [] without a paper study) is checked before any job too;
# every rule that reads it has it as an input, so editing a tolerance re-runs exactly those rules.
CLAIMS = _PAPER_KEYS["claims"] or []
if CLAIMS:
    load_claims(CLAIMS)

DATASETS = list(config["datasets"])
SEED = int(config["seed"])
RESULTS = "results"
# Each study's tables, figures and report pages: results/studies/<study>/ (studies.smk; the paper's main table
# reads its study's, paper.smk).
STUDY_DIR = f"{RESULTS}/studies"
CACHE = config["cache"]
# The paper study's tables (config keys `studies.<paper>.main_table` and `.svm_table`): its main table and C/D/E
# (paper.smk; without a paper study none) and its SVM table (None: no SVM table, svm.smk).
MAIN = _PAPER_KEYS["main_table"] or {"learners": [], "datasets": None, "cde_pairs": []}
MAIN_LEARNERS = MAIN["learners"]
SVM = _PAPER_KEYS["svm_table"]

# Clean data made from a raw file other than the pinned one (configured or locked SHA-256) stops
# every run, dry runs included: otherwise, once nothing is left to do, results made from a damaged
# raw file would stay as if valid. One small JSON read per data set.
check_clean_outputs(RESULTS, config)


# ---- Final targets ------------------------------------------------------------------------------
# `rule all` asks for get_final_output(). A stage file contributes its targets with one function
# decorated by @final_output that returns paths built by tables()/figures() from the names the
# library defines (for example aucacc.synthetic.EXPERIMENTS, aucacc.profit.figure_stems):
#
#     @final_output
#     def _stats_targets():
#         return tables("friedman", "nemenyi") + figures("critical_difference")
_FINAL_OUTPUT = []


def final_output(targets):
    """Register ``targets`` (a function returning a list of paths) as part of the final output."""
    _FINAL_OUTPUT.append(targets)
    return targets


def paper_output(targets):
    """Register ``targets`` as final output of the paper study: asked for only when a study has ``published``."""
    return final_output(lambda: paper_only(targets()))


def paper_only(paths):
    """``paths`` with a paper study (a study with ``published``), else none: the inputs of a generic rule that the
    paper study adds to."""
    return paths if WITH_PAPER else []


def get_final_output():
    """Every table, figure and report of the run: the registered stages' targets, in include order."""
    return [path for targets in _FINAL_OUTPUT for path in targets()]


def one_of(names):
    """A wildcard constraint matching exactly one of ``names`` (each escaped: `a+b` or `C4.5` is literal)."""
    return "|".join(re.escape(n) for n in names)


def tables(*stems):
    """The CSV, Markdown and LaTeX files of the tables ``stems`` under ``results/tables``."""
    return [f"{RESULTS}/tables/{stem}.{ext}" for stem in stems for ext in ("csv", "md", "tex")]


def figures(*stems):
    """The PNG and PDF files of the figures ``stems`` under ``results/figures``."""
    return [f"{RESULTS}/figures/{stem}.{ext}" for stem in stems for ext in ("png", "pdf")]


def published(name):
    """Path of a published table (CSV) under the paper study's `published` folder ([] without a paper study)."""
    return paper_only(str(Path(_PAPER_KEYS["published"] or ".") / f"{name}.csv"))


def raw_path(wildcards):
    """Cached raw file of a data set (input of `clean`, output of `fetch`)."""
    # <cache>/<dataset>/sha256-<16 hex>/<file>: a new checksum in config is a new cache entry.
    return str(cache_path(wildcards.dataset, config["datasets"][wildcards.dataset]["source"], config))


# The tables of the ROC stage (roc.smk), every study's.
ROC_TABLES = ["rocch_dominators", "rocch_hybrid", "rocch_fpr_targets", "roc_auc_check", "rocch_constraints",
              "rocch_learner_auc"]


def table_csvs(targets):
    """The table CSVs among ``targets`` in ``results/tables`` (a study's own tables: studies.smk)."""
    return sorted({t for t in targets if Path(t).parent == Path(RESULTS, "tables") and t.endswith(".csv")})


def paper_datasets(table):
    """Configured data sets that the published table ``table`` has a row for, in config order."""
    import pandas as pd

    path = published(table)
    if not path:  # no paper study: no paper table
        return []
    if not Path(path).is_file():  # read while the workflow is parsed: stop naming the key, not with a traceback
        raise ConfigError(f"config key 'studies.{PAPER}.published': {path} not found; the paper study's folder holds "
                          f"the paper's tables as CSV files (as config/published of the repository)")
    have = set(pd.read_csv(path)["dataset"])
    return [d for d in DATASETS if d in have]
