"""tests/helpers.shared_reference: a missing reference skips naming it, and fails under CI=true."""

from __future__ import annotations

import pytest

import helpers


def test_missing_reference_skips_with_its_name(monkeypatch, tmp_path):
    monkeypatch.setattr(helpers, "SHARED", tmp_path)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"^missing reference: reference/weka-3\.4\.2/x\.jar \(looked for "):
        helpers.shared_reference("reference", "weka-3.4.2", "x.jar")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"^missing reference: published "):
        helpers.shared_reference("published")
    (tmp_path / "published").mkdir()
    assert helpers.shared_reference("published") == tmp_path / "published"
