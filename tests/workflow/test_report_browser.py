"""The reader's report end to end: a small workflow run, `snakemake --report`, opened in headless Chromium.

Checks that the page loads without console errors, that every figure registered with
``report()`` renders in the page (non-zero natural size), that the front page carries the
scorecard summary, and that perturbing one stored result flips the scorecard. The run is the
committed test configuration (``.test/``: four tiny data sets, the whole DAG); the screenshot of
the front page is kept in ``test-artefacts/report_front_page.png``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pandas as pd
import pytest
from cdp import Browser, find_chromium

from aucacc.provenance import sidecar_path, write_intermediate
from aucacc.report.claims import known_fail, load_claims
from helpers import REPO_ROOT, copy_workflow

ARTEFACTS = Path(os.environ.get("AUCACC_TEST_ARTEFACTS", REPO_ROOT / "test-artefacts"))


def _snakemake(exe: Path, work: Path, *args: str, timeout: int = 900) -> str:
    p = subprocess.run([str(exe), "--cores", "2", "--directory", ".test", *args], cwd=work, capture_output=True,
                       text=True, timeout=timeout)
    assert p.returncode == 0, f"snakemake {' '.join(args)} failed:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"
    return p.stdout + p.stderr


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The committed test configuration (.test/) run in a copy; results .ci/run already made are reused."""
    work = tmp_path_factory.mktemp("report_run")
    exe = copy_workflow(work)
    shutil.copytree(REPO_ROOT / ".test", work / ".test", ignore=shutil.ignore_patterns(".snakemake"))
    log = _snakemake(exe, work)
    _snakemake(exe, work, "--report", "results/report.html")
    return work / ".test", exe, log


@pytest.mark.slow
def test_run_prints_the_scorecard_summary(run):
    work, exe, log = run
    summary = pd.read_csv(work / "results" / "report" / "scorecard_summary.csv").set_index("table")
    total = summary.loc["all", "rows"]
    if "Scorecard summary" not in log:
        # Results reused from .ci/run and nothing to do (no onsuccess): any run that executes a job prints it.
        log = _snakemake(exe, work.parent, "results/report/scorecard.csv", "--forcerun", "scorecard")
    assert "Scorecard summary" in log and f"| all | {total} |" in log
    # A row for every published cell and verdict, also in a reduced run (the rest is 'missing').
    card = pd.read_csv(work / "results" / "report" / "scorecard.csv")
    claims = load_claims(work.parent / "config" / "claims.yaml")  # .test's config key `claims`: ../config/claims.yaml
    assert len(card) == total and total > 400
    assert (card["status"] == "pass").sum() > 0 and "REPORT.md" in os.listdir(work / "results")


@pytest.mark.slow
def test_report_in_headless_chromium(run):
    work, _, _ = run
    chromium = find_chromium()
    if chromium is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (.ci/run installs Debian's chromium package)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    report = work / "results" / "report.html"
    summary = pd.read_csv(work / "results" / "report" / "scorecard_summary.csv").set_index("table")
    pngs = sorted(p.relative_to(work).as_posix() for p in (work / "results").rglob("*.png"))
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
        assert b.console_errors == [], b.console_errors


@pytest.mark.slow
def test_perturbed_stored_result_fails_the_workflow_scorecard(run):
    """Flip one claim by perturbing one stored result: the workflow's scorecard says FAIL and names it."""
    work, exe, _ = run
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
    args = ["--cores", "2", "--directory", ".test", "results/report/scorecard.csv", "--forcerun", "scorecard",
            "--rerun-triggers", "mtime"]
    p = subprocess.run([str(exe), *args], cwd=work.parent, capture_output=True, text=True, timeout=900)
    assert p.returncode != 0
    assert "uci_nb_c44_c45.csv" in (work / "results" / "logs" / "scorecard.log").read_text() + p.stdout + p.stderr
    # The same change written as a result (with its record, as a job writes it) flips the cell.
    record.pop("sha256", None)
    write_intermediate(table, t.to_csv(index=False), record)
    _snakemake(exe, work.parent, *args[4:])
    after = pd.read_csv(work / "results" / "report" / "scorecard.csv").set_index("cell").loc[r["cell"]]
    assert after["status"] == "FAIL"
    log = (work / "results" / "logs" / "scorecard.log").read_text()
    assert f"status differs from config/claims.yaml: {r['cell']}: FAIL, expected pass" in log
