"""The reader's report end to end: a small workflow run, `snakemake --report`, opened in headless Chromium.

Checks that the page loads without console errors, that every figure registered with
``report()`` renders in the page (non-zero natural size), that the front page carries the
scorecard summary, and that perturbing one stored result flips the scorecard. The run is a copy of
the session's one run of the committed test configuration (``.test/``: four tiny data sets, the whole
DAG; the ``test_run`` fixture, tests/conftest.py); the screenshot of the front page is kept in
``test-artefacts/report_front_page.png``.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pandas as pd
import pytest
from cdp import Browser, find_chromium

from aucacc.provenance import sidecar_path, write_intermediate
from aucacc.report.claims import known_fail, load_claims
from aucacc.report.document import REPORT_CATEGORIES, report_category
from helpers import REPO_ROOT, copy_test_run, run_snakemake

ARTEFACTS = Path(os.environ.get("AUCACC_TEST_ARTEFACTS", REPO_ROOT / "test-artefacts"))


def _snakemake(work: Path, *args: str, timeout: int = 900) -> str:
    p = run_snakemake(work, *args, cores=2, directory=".test", timeout=timeout, check=True)
    return p.stdout + p.stderr


@pytest.fixture(scope="module")
def run(test_run, tmp_path_factory):
    """A copy of the session's finished run of the test configuration (.test/), and its report."""
    work = copy_test_run(test_run, tmp_path_factory.mktemp("report_run") / "wf")
    log = _snakemake(work)  # nothing to do: the copy is up to date
    _snakemake(work, "--report", "results/report.html")
    return work / ".test", log


@pytest.mark.slow
def test_run_prints_the_scorecard_summary(run):
    work, log = run
    summary = pd.read_csv(work / "results" / "report" / "scorecard_summary.csv").set_index("table")
    total = summary.loc["all", "rows"]
    if "Scorecard summary" not in log:
        # A copy of a finished run has nothing to do (no onsuccess): any run that executes a job prints it.
        log = _snakemake(work.parent, "results/report/scorecard.csv", "--forcerun", "scorecard")
    assert "Scorecard summary" in log and f"| all | {total} |" in log
    # A row for every published cell and verdict, also in a reduced run (the rest is 'missing').
    card = pd.read_csv(work / "results" / "report" / "scorecard.csv")
    claims = load_claims(work.parent / "config" / "claims.yaml")  # .test's config key `claims`: ../config/claims.yaml
    assert len(card) == total and total > 400
    assert (card["status"] == "pass").sum() > 0 and "REPORT.md" in os.listdir(work / "results")


@pytest.mark.slow
def test_report_in_headless_chromium(run):
    work, _ = run
    chromium = find_chromium()
    if chromium is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (.ci/run installs Debian's chromium package)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    report = work / "results" / "report.html"
    summary = pd.read_csv(work / "results" / "report" / "scorecard_summary.csv").set_index("table")
    pngs = sorted(p.relative_to(work).as_posix() for p in (work / "results").rglob("*.png"))
    # The front page of the paper and a study: the scorecard's page and the studies' lines both rendered (issue 37:
    # the second `.. include::` showed as raw text), the study's line under *Studies*.
    desc = json.loads(re.search(r"var workflow_desc = (\".*?\");\n", report.read_text()).group(1))
    assert ".. include::" not in desc and "Scorecard summary" in desc, desc[:3000]
    assert "<summary><strong>Studies</strong>" in desc and "<li><strong>tiny</strong> (category" in desc, desc[-3000:]
    with Browser(chromium) as b:
        b.open(report.as_uri())
        b.wait_for("document.querySelector('#app') && document.querySelector('#app').innerText.includes('Scorecard summary')")
        front = b.eval("document.querySelector('#app').innerText")
        # The front page: the summary line and the overall counts of the scorecard.
        assert "Scorecard summary" in front and "Provenance" in front and "Re-run" in front
        line = f"{summary.loc['all', 'rows']} rows: {summary.loc['all', 'pass']} pass"
        assert line in front, front[:2000]
        # On the first screen, without scrolling: the report centres its front page vertically,
        # so a page taller than the window would lose its top.
        time.sleep(1.5)  # the rule graph beside it renders after the text
        box = b.eval("(() => { const e = Array.from(document.querySelectorAll('#app strong'))"
                     f".find(x => x.innerText.startsWith({line!r}));"
                     " const r = e.getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight] })()")
        assert 0 <= box[0] and box[1] <= box[2], f"scorecard summary outside the first screen: {box}"
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        shot = b.screenshot(ARTEFACTS / "report_front_page.png")
        assert shot.stat().st_size > 10_000
        # Every registered figure is in the report and renders with a non-zero size.
        images = b.eval("Object.keys(results).filter(k => results[k].mime_type.startsWith('image/'))")
        assert sorted(images) == [p for p in pngs if p != "results/report.html"], "registered figures differ from the run's PNGs"
        sizes = {}
        for path in images:
            b.eval(f"app.setView({{content: 'img', contentPath: results[{path!r}].data_uri, resultPath: {path!r}}})")
            sizes[path] = b.wait_for(
                "(() => { const i = Array.from(document.querySelectorAll('#app img'))"
                ".find(x => x.src === results[%r].data_uri);"
                " return i && i.complete ? [i.naturalWidth, i.naturalHeight] : null })()"
                % path)
        assert all(w > 0 and h > 0 for w, h in sizes.values()), sizes
        # Every table page is registered too (HTML, shown inline).
        html = b.eval("Object.keys(results).filter(k => results[k].mime_type === 'text/html')")
        assert "results/report/scorecard.html" in html and len(html) >= 10
        # The menu lists the categories in reading order: sorted as Snakemake's menu.js sorts them (localeCompare, in
        # this browser), the paper's chapters by their number, then each study's chapter (issue 37: "11 …" came
        # before "2 …").
        menu = b.eval("Object.keys(categories).sort((a, b) => a.localeCompare(b))")
        paper = [c for c in menu if not c.startswith("Study – ")]
        assert [c.split(" ", 1)[1] for c in paper] == [c for c in REPORT_CATEGORIES if report_category(c) in paper]
        assert menu == paper + [c for c in menu if c.startswith("Study – ")] and len(paper) >= 10, menu
        assert b.console_errors == [], b.console_errors


@pytest.mark.slow
def test_perturbed_stored_result_fails_the_workflow_scorecard(run):
    """Flip one claim by perturbing one stored result: the workflow's scorecard says FAIL and names it."""
    work, _ = run
    card = pd.read_csv(work / "results" / "report" / "scorecard.csv")
    claims = load_claims(work.parent / "config" / "claims.yaml")  # .test's config key `claims`: ../config/claims.yaml
    passing = card[(card["table"] == "uci_nb_c44_c45") & (card["stat"] == "mean") & (card["status"] == "pass")
                   & card["cell"].map(lambda c: known_fail(c, claims) is None)]
    assert len(passing), "the test run has no passing main-table cell to flip"
    r = passing.iloc[0]
    table = work / "results" / "tables" / "uci_nb_c44_c45.csv"
    t = pd.read_csv(table)
    hit = (t["dataset"] == r["dataset"]) & (t["learner"] == r["learner"]) & (t["metric"] == r["metric"])
    t.loc[hit, "mean"] = float(r["accept_hi"]) + 5.0  # outside the range the cell's rule accepts
    # A hand edit is refused: the table's SHA-256 no longer matches its provenance record.
    record = json.loads(sidecar_path(table).read_text())
    t.to_csv(table, index=False)
    args = ["results/report/scorecard.csv", "--forcerun", "scorecard", "--rerun-triggers", "mtime"]
    p = run_snakemake(work.parent, *args, cores=2, directory=".test", timeout=900)
    assert p.returncode != 0
    assert "uci_nb_c44_c45.csv" in (work / "results" / "logs" / "scorecard.log").read_text() + p.stdout + p.stderr
    # The same change written as a result (with its record, as a job writes it) flips the cell.
    record.pop("sha256", None)
    write_intermediate(table, t.to_csv(index=False), record)
    _snakemake(work.parent, *args)
    after = pd.read_csv(work / "results" / "report" / "scorecard.csv").set_index("cell").loc[r["cell"]]
    assert after["status"] == "FAIL"
    log = (work / "results" / "logs" / "scorecard.log").read_text()
    assert f"status differs from config/claims.yaml: {r['cell']}: FAIL, expected pass" in log
