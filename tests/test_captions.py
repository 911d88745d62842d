"""aucacc.captions: every table caption in one place; none is written anywhere else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aucacc.captions import CAPTIONS, caption

REPO = Path(__file__).resolve().parents[1]


def test_fields_are_filled_and_missing_ones_refused():
    assert caption("all_datasets", protocol="whole_data").startswith("Every configured data set (whole_data discretization)")
    assert caption("claims_tests", alpha=0.05, rope=1.0, decision=0.95).startswith(
        "Every published significance claim under every test (α = 0.05; Bayesian: ROPE ±1.0 percentage points")
    with pytest.raises(KeyError):
        caption("all_datasets")
    with pytest.raises(KeyError):
        caption("no_such_table")


def test_no_caption_text_outside_the_module():
    # every Table caption comes from caption(...): no string literal is passed as caption= anywhere else
    literal = re.compile(r"caption\s*=\s*f?[\"']")
    files = list((REPO / "src" / "aucacc").rglob("*.py")) + list((REPO / "workflow" / "scripts").glob("*.py"))
    offenders = [str(f.relative_to(REPO)) for f in files if f.name != "captions.py" and literal.search(f.read_text())]
    assert offenders == []
    used = set()
    for f in files:
        used |= set(re.findall(r"caption\(\s*\"([^\"]+)\"", f.read_text()))
    used |= {"claims_tests_detail", "stats_per_dataset", "friedman"}  # named through a loop in claims_tests.py
    assert used == set(CAPTIONS)
