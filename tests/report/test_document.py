"""REPORT.md and the report's front page with studies (aucacc.report.document): hand-made inputs."""

from __future__ import annotations

import pandas as pd
import pytest

from aucacc.provenance import write_intermediate
from aucacc.report.document import report_markdown, studies_rst, study_category, study_headline_frame


def _headlines():
    return study_headline_frame([("mine", "My study", "2 data sets × 2 learners (NB, LR)."),
                                 ("other", "Other: one", "1 data set × 2 learners (NB, C4.5).")])


def test_study_category_has_no_colon():
    # Snakemake makes an RST link target of each category name: a colon would cut it
    assert study_category("My study") == "Study – My study"
    assert study_category("Other: one") == "Study – Other – one"


def test_front_page_lines_one_per_study():
    rst = studies_rst(_headlines())
    assert rst.splitlines()[:3] == ["Studies", "-------", ""]
    assert rst.splitlines()[3] == "- **My study** (category *Study – My study*): 2 data sets × 2 learners (NB, LR)."
    assert len(rst.splitlines()) == 5
    folded = studies_rst(_headlines(), folded=True)
    assert folded.startswith(".. raw:: html\n\n   <details><summary>") and folded.count("<li>") == 2


def test_report_without_a_paper_study_has_a_section_per_study(tmp_path):
    res = tmp_path / "results"
    write_intermediate(res / "studies" / "mine" / "tables" / "summary.md", "| a |\n|---|\n| 1 |\n")
    write_intermediate(res / "tables" / "datasets.md", "| dataset |\n|---|\n| iris |\n")
    (res / "studies" / "mine" / "figures" / "roc").mkdir(parents=True)
    (res / "studies" / "mine" / "figures" / "cd_auc.png").write_bytes(b"png")
    (res / "studies" / "mine" / "figures" / "roc" / "iris.png").write_bytes(b"png")
    sections = [{"study": "mine", "title": "My study", "tables": ["studies/mine/tables/summary.md"], "links": [],
                 "figures": ["studies/mine/figures/cd_auc.png", "studies/mine/figures/roc/iris.png",
                             "studies/mine/figures/cd_accuracy.png"]}]
    md = report_markdown(None, res, {"seed": 1}, {"datasets": {}}, sections, _headlines())
    assert md.startswith("# Report — AUC and accuracy, study by study")
    assert "Scorecard" not in md and "Huang" not in md and "§" not in md
    assert "## Data sets\n" in md and "| iris |" in md
    i = md.index("## Study: My study")
    assert md[i:].splitlines()[2] == "Results in `studies/mine/`. 2 data sets × 2 learners (NB, LR)."
    assert "![cd_auc](studies/mine/figures/cd_auc.png)" in md and "cd_accuracy" not in md  # absent: not linked
    assert "Per data set: [roc iris](studies/mine/figures/roc/iris.png)" in md
    assert "### `summary`\n\n| a |" in md
    assert md.index("## Study: My study") < md.index("## Provenance")


def test_rerun_commands_name_the_config_files():
    """A run given --configfile files is re-run with them; Snakemake's own parser reads the commands so."""
    from snakemake.cli import get_argument_parser

    from aucacc.report.document import RERUN_COMMANDS, rerun_commands

    assert rerun_commands() == RERUN_COMMANDS
    cmds = rerun_commands(["config/uci36.yaml", "my study.yaml"])
    assert cmds == (RERUN_COMMANDS[0], ".venv/bin/snakemake --cores 2 --configfile config/uci36.yaml 'my study.yaml'",
                    ".venv/bin/snakemake --configfile config/uci36.yaml 'my study.yaml' --report results/report.html")
    import shlex

    run, rep = (get_argument_parser().parse_args(shlex.split(c)[1:]) for c in cmds[1:])
    assert run.configfile == rep.configfile and [str(p) for p in run.configfile] == ["config/uci36.yaml", "my study.yaml"]
    assert run.cores == 2 and not run.targets and str(rep.report) == "results/report.html"


def test_rerun_commands_of_a_config_of_ones_own_replace_the_workflows():
    """A run given --replace-workflow-config (a config of one's own alone: docs/studies.md) is re-run with it: without
    it the printed commands would merge config/config.yaml in, and plan the paper's reproduction (issue 37)."""
    import shlex

    from snakemake.cli import get_argument_parser

    from aucacc.report.document import RERUN_COMMANDS, rerun_commands

    cmds = rerun_commands(["mine.yaml"], replace_workflow_config=True)
    assert cmds == (RERUN_COMMANDS[0], ".venv/bin/snakemake --cores 2 --configfile mine.yaml --replace-workflow-config",
                    ".venv/bin/snakemake --configfile mine.yaml --replace-workflow-config --report results/report.html")
    run, rep = (get_argument_parser().parse_args(shlex.split(c)[1:]) for c in cmds[1:])
    assert [str(p) for p in run.configfile] == [str(p) for p in rep.configfile] == ["mine.yaml"]
    assert run.replace_workflow_config and rep.replace_workflow_config and not run.targets and not rep.targets


def test_report_categories_sort_as_text_in_reading_order():
    """Snakemake's report menu sorts the category names as text (menu.js: localeCompare): the paper's chapters
    numbered with two digits come out in reading order (unpadded, "10 …" and "11 …" came before "2 …"), then each
    study's chapter."""
    from aucacc.report.document import REPORT_CATEGORIES, report_category, study_category

    names = [report_category(c) for c in REPORT_CATEGORIES]
    assert names[0] == "01 Scorecard" and names[1] == "02 Data sets" and names[-1] == "12 Metrics of the sources"
    studies = [study_category("Three CSV files"), study_category("Another one")]
    assert sorted(names + studies) == names + sorted(studies)
    with pytest.raises(ValueError, match="'Scorecards' is not one of .*REPORT_CATEGORIES"):
        report_category("Scorecards")
