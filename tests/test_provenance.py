"""Writes of results and their provenance sidecars."""

from __future__ import annotations
import os
import stat
import pytest


# --- output files readable by others -------------------------------------------------------------------
@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_atomic_write_respects_umask(tmp_path, umask, mode):
    """Outputs get 0666 less the umask, as `open` gives (before: always 0600, from mkstemp)."""
    from aucacc.provenance import atomic_write_text, write_sidecar

    old = os.umask(umask)
    try:
        out = tmp_path / "sub" / "t.csv"
        atomic_write_text(out, "a\n1\n")
        side = write_sidecar(out, {"x": 1})
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert stat.S_IMODE(side.stat().st_mode) == mode
    assert out.read_text() == "a\n1\n"
    assert sorted(p.name for p in out.parent.iterdir()) == ["t.csv", "t.csv.provenance.json"]  # no temp left


def test_remove_orphan_sidecars_keeps_whole_pairs(tmp_path):
    from aucacc.provenance import remove_orphan_sidecars, write_sidecar

    (tmp_path / "a").mkdir()
    kept, gone = tmp_path / "a" / "kept.csv", tmp_path / "a" / "gone.csv"
    for f in (kept, gone):
        f.write_text("x\n1\n")
        write_sidecar(f, {})
    gone.unlink()  # as Snakemake removes a failed job's output
    assert remove_orphan_sidecars(tmp_path) == [tmp_path / "a" / "gone.csv.provenance.json"]
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["kept.csv", "kept.csv.provenance.json"]
    assert remove_orphan_sidecars(tmp_path) == []
