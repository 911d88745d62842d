"""Integrity end to end (issue 22): every copy of a raw file and every intermediate is checked by
SHA-256 when it is read, and a damaged one is named, replaced or refused, never used.

The workflow cases run the real Snakemake workflow in a scratch copy on one tiny data set
(``toy.data`` in a scratch mirror, its SHA-256 in the config: tests/helpers.py ``toy_workflow``, as
tests/workflow/test_failed_run.py does);
the others call the library functions the rules call.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest
import yaml

from aucacc.datasets import DataFormatError, FetchError, clean_raw_file
from aucacc.datasets.fetch import check_cached_raw, expected_sha256
from aucacc.datasets.io import read_raw
from aucacc.datasets.recipes import apply_recipe
from aucacc.datasets.store import check_clean_outputs, read_dataset, read_meta, save_dataset
from aucacc.provenance import IntegrityError, sha256_file, sidecar_path, verified, write_intermediate
from helpers import run_snakemake, toy_workflow

ROWS = "".join(f"{i}.5,{i % 7},{'a' if i < 15 else 'b'}\n" for i in range(30))  # 30 rows, 15 per class
TRUNCATED = "".join(ROWS.splitlines(keepends=True)[:24])  # the trial's fault: 30 rows become 24
SHA = hashlib.sha256(ROWS.encode()).hexdigest()
SOURCE = {"file": "toy.data", "columns": ["x", "z", "class"], "nominal": ["class"], "sha256": SHA}
RECIPE = {"target": "class"}


# --- a scratch workflow ------------------------------------------------------------------------------------

def _setup(tmp_path: Path, source: dict | None = None) -> tuple[Path, Path]:
    """A scratch workflow whose only data set is ``toy`` (:func:`helpers.toy_workflow`); returns (work, mirror)."""
    return toy_workflow(tmp_path, ROWS, dict(source or SOURCE), RECIPE, protocol={"n_folds": 5})


def _run(wf: "Workflow", *args: str) -> tuple[int, str]:
    proc = run_snakemake(wf.work, *args, timeout=300)
    return proc.returncode, proc.stdout + proc.stderr


def _files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) if root.exists() else []


def _no_partial(wf: "Workflow") -> list[str]:
    """Every file left in results/ and the cache; asserts none is a temporary."""
    left = _files(wf / "results") + [f"cache/{f}" for f in _files(wf / "resources")]
    assert not [f for f in left if f.endswith(".tmp") or Path(f).name.startswith(".")], left
    return left


@dataclass
class Workflow:
    work: Path  # the scratch folder (the workflow's working directory)
    mirror: Path

    def __truediv__(self, rel: str) -> Path:
        return self.work / rel

    @property
    def cache(self) -> Path:
        return self.work / "resources" / "raw" / "toy" / f"sha256-{SHA[:16]}" / "toy.data"


@pytest.fixture
def wf(tmp_path):
    return Workflow(*_setup(tmp_path))


FOLDS = "results/folds/toy.csv"


# --- the raw file: cache, mirror, data/raw ---------------------------------------------------------------

@pytest.mark.slow
def test_truncated_cache_entry_is_replaced_in_the_workflow(wf):
    """The trial's case: the cached file truncated after a successful fetch (30 rows → 24) is not read."""
    rc, out = _run(wf, FOLDS)
    assert rc == 0, out
    assert read_meta(wf / "results/data/toy.json")["n_instances"] == 30
    wf.cache.write_text(TRUNCATED)  # newer than the clean data: Snakemake re-runs `clean`
    rc, out = _run(wf, FOLDS)
    assert rc == 0, out
    log = (wf / "results/logs/clean/toy.log").read_text()
    assert f"the cached copy resources/raw/toy/sha256-{SHA[:16]}/toy.data has SHA-256 " \
           f"{hashlib.sha256(TRUNCATED.encode()).hexdigest()}" in log
    assert f"config key 'datasets.toy.source.sha256' records {SHA}: the cache entry is damaged" in log
    assert f"the mirror copy {wf.mirror / 'toy.data'} is intact" in log and "Replaced the cache entry" in log
    assert wf.cache.read_text() == ROWS  # replaced from the intact mirror copy
    meta = read_meta(wf / "results/data/toy.json")
    assert meta["n_instances"] == 30 and meta["provenance"]["raw_sha256"] == SHA
    assert len(pd.read_csv(wf / FOLDS)) == 30
    _no_partial(wf)


def test_truncated_cache_entry_without_intact_copy_stops(tmp_path):
    """No intact copy to replace it from: the job stops naming every copy, and the damaged entry is deleted."""
    mirror, raw, cache = tmp_path / "mirror", tmp_path / "raw", tmp_path / "cache" / "toy.data"
    for folder in (mirror, raw, cache.parent):
        folder.mkdir(parents=True)
    (mirror / "toy.data").write_text(ROWS.replace("3.5,", "3.6,"))  # the mirror is wrong too
    cache.write_text(TRUNCATED)
    config = {"cache": str(cache.parent), "mirror": str(mirror), "raw_data": str(raw)}  # raw_data lacks the file
    with pytest.raises(FetchError) as exc:
        check_cached_raw("toy", cache, SOURCE, config)
    msg = str(exc.value)
    assert f"the cached copy {cache} has SHA-256 {hashlib.sha256(TRUNCATED.encode()).hexdigest()}" in msg
    assert f"the mirror copy {mirror / 'toy.data'} is wrong too (SHA-256 " in msg
    assert "No intact copy to replace it from, so the damaged entry was deleted. Re-run" in msg
    assert not cache.exists()


def test_intact_cache_is_read_as_is(tmp_path):
    cache = tmp_path / "toy.data"
    cache.write_text(ROWS)
    assert check_cached_raw("toy", cache, SOURCE, {"mirror": None, "raw_data": None}) == SHA
    # without a configured or locked checksum there is nothing to check against
    assert check_cached_raw("toy", cache, {k: v for k, v in SOURCE.items() if k != "sha256"},
                            {"raw_data": None, "lock_file": str(tmp_path / "lock.json")}) == SHA


def test_garbled_cache_line_blames_the_cache_not_the_mirror(tmp_path, caplog):
    mirror, cache = tmp_path / "mirror", tmp_path / "cache" / "toy.data"
    mirror.mkdir()
    cache.parent.mkdir()
    (mirror / "toy.data").write_text(ROWS)
    garbled = ROWS.replace("7.5,0,a\n", "7.5,0\x00\x7f,a\n")
    config = {"cache": str(cache.parent), "mirror": str(mirror), "raw_data": None}
    # with the checksum configured: the cache is named as the damaged copy and replaced from the mirror
    cache.write_text(garbled)
    ds = clean_raw_file("toy", cache, SOURCE, RECIPE, 0, config)
    assert len(ds.y) == 30 and cache.read_text() == ROWS
    assert f"the cached copy {cache} has SHA-256" in caplog.text
    assert f"the mirror copy {mirror / 'toy.data'} is intact" in caplog.text
    # without a checksum: the read error names the cached copy (it differs from the mirror's), not the mirror
    cache.write_text(garbled)
    unpinned = {k: v for k, v in SOURCE.items() if k != "sha256"}
    with pytest.raises(DataFormatError) as exc:
        clean_raw_file("toy", cache, unpinned, RECIPE, 0, {**config, "lock_file": str(tmp_path / "lock.json")})
    msg = str(exc.value)
    assert msg.startswith(f"data set 'toy', {cache} (the cached copy, which differs from {mirror / 'toy.data'}: "
                          f"delete the cached copy and re-run to fetch it again): line 8"), msg


def test_locked_checksum_is_checked_like_a_configured_one(tmp_path):
    """A download with no `sha256` is pinned by the lock file; its cached copy is checked against it."""
    lock = tmp_path / "lock.json"
    url = "https://example.org/toy.data"
    lock.write_text(json.dumps({"toy": {"url": url, "file": "toy.data", "sha256": SHA}}))
    source = {"url": url, "columns": SOURCE["columns"], "nominal": ["class"]}
    config = {"lock_file": str(lock), "cache": str(tmp_path), "mirror": None, "raw_data": None}
    assert expected_sha256("toy", source, config) == (SHA, f"the entry 'toy' of {lock}")
    assert expected_sha256("toy", {**source, "url": url + "?v=2"}, config) == (None, "")  # another download
    cache = tmp_path / "toy.data"
    cache.write_text(TRUNCATED)
    with pytest.raises(FetchError, match=f"but the entry 'toy' of {lock} records {SHA}"):
        check_cached_raw("toy", cache, source, config)


# --- intermediates: checked against their provenance record ---------------------------------------------

@pytest.mark.slow
def test_hand_edited_parquet_stops_the_next_job(wf):
    rc, out = _run(wf, "results/data/toy.json")
    assert rc == 0, out
    parquet = wf / "results/data/toy.parquet"
    frame = pd.read_parquet(parquet)
    frame.loc[0, "x"] = 99.0  # a hand edit, written back as a valid Parquet file
    frame.to_parquet(parquet, index=False)
    rc, out = _run(wf, FOLDS)
    assert rc != 0
    assert f"results/data/toy.parquet has SHA-256 {sha256_file(parquet)}, but its provenance record " \
           f"results/data/toy.parquet.provenance.json records " in out
    assert "Delete results/data/toy.parquet and re-run" in out
    assert not (wf / FOLDS).exists()
    _no_partial(wf)
    parquet.unlink()  # the fix the message gives
    rc, out = _run(wf, FOLDS)
    assert rc == 0, out
    assert pd.read_parquet(parquet).loc[0, "x"] == 0.5


def _saved(tmp_path: Path, text: str = ROWS) -> tuple[Path, Path]:
    (tmp_path / "toy.data").write_text(text)
    ds = apply_recipe(read_raw(tmp_path / "toy.data", SOURCE), RECIPE, "toy")
    parquet, meta = tmp_path / "toy.parquet", tmp_path / "toy.json"
    save_dataset(ds, parquet, meta, extra={"provenance": {"raw_sha256": hashlib.sha256(text.encode()).hexdigest()}})
    return parquet, meta


def test_corrupted_parquet_is_refused(tmp_path):
    parquet, meta = _saved(tmp_path)
    assert len(read_dataset(parquet, meta).y) == 30
    data = bytearray(parquet.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one flipped byte
    parquet.write_bytes(bytes(data))
    with pytest.raises(IntegrityError, match=f"{parquet} has SHA-256 .* but its provenance record "
                                             f"{parquet}.provenance.json records"):
        read_dataset(parquet, meta)


def test_json_schema_that_disagrees_with_its_parquet(tmp_path):
    """A domain edited in the JSON: refused by checksum, and (checksum recomputed) by the pair check,
    instead of the values outside the domain silently becoming missing."""
    parquet, meta = _saved(tmp_path)
    info = json.loads(meta.read_text())
    info["domains"] = {}
    info["classes"] = ["a"]  # 'b' dropped from the declared classes
    meta.write_text(json.dumps(info))
    with pytest.raises(IntegrityError, match=f"{meta} has SHA-256 .* records"):
        read_dataset(parquet, meta)
    write_intermediate(meta, json.dumps(info))  # a schema whose own record agrees: the pair still disagrees
    with pytest.raises(IntegrityError) as exc:
        read_dataset(parquet, meta)
    assert str(exc.value) == (f"{parquet} and {meta} disagree: row 15 has class = 'b', which is not in the classes "
                              f"the JSON schema declares (['a']). Delete {parquet} and {meta} and re-run: the clean "
                              f"step writes them again, as one unit.")
    info["n_instances"] = 29
    info["classes"] = ["a", "b"]
    write_intermediate(meta, json.dumps(info))
    with pytest.raises(IntegrityError, match="the Parquet file has 30 rows, the JSON schema says n_instances = 29"):
        read_dataset(parquet, meta)


def test_verified_names_file_and_fix(tmp_path):
    f = tmp_path / "folds.csv"
    write_intermediate(f, "row,fold\n0,1\n")
    assert verified(f) == f and json.loads(sidecar_path(f).read_text())["sha256"] == sha256_file(f)
    f.write_text("row,fold\n0,2\n")
    with pytest.raises(IntegrityError) as exc:
        verified(f)
    assert str(exc.value).startswith(f"{f} has SHA-256 {sha256_file(f)}, but its provenance record "
                                     f"{f}.provenance.json records ")
    assert f"Delete {f} and re-run" in str(exc.value)
    sidecar_path(f).unlink()
    with pytest.raises(IntegrityError, match=f"{f} has no provenance record {f}.provenance.json"):
        verified(f)


# --- stale results ------------------------------------------------------------------------------------------

@pytest.mark.slow
def test_stale_result_from_a_since_replaced_raw_file(wf):
    """Clean data made from a truncated raw file (as before this check existed) stop every run, even when
    Snakemake would have nothing to do; following the message's fix re-makes them from the pinned file."""
    rc, out = _run(wf, FOLDS)
    assert rc == 0, out
    # what an unchecked clean step left: data cleaned from the 24-row file, its provenance saying so
    (wf / "t").mkdir()
    parquet, meta = _saved(wf / "t", TRUNCATED)
    assert read_meta(meta)["n_instances"] == 24
    for f in (parquet, meta):
        for g in (f, sidecar_path(f)):
            os.replace(g, wf / "results" / "data" / g.name)
    rc, out = _run(wf, FOLDS)
    assert rc != 0
    assert (f"data set 'toy': results/data/toy.json (and the Parquet file beside it) was cleaned from a raw file "
            f"with SHA-256 {hashlib.sha256(TRUNCATED.encode()).hexdigest()}, but config key "
            f"'datasets.toy.source.sha256' records {SHA}: it and every result made from it are stale. Delete "
            f"results/data/toy.json and results/data/toy.parquet, then re-run with "
            f"`--forcerun results/data/toy.parquet`") in out
    rc, out = _run(wf, "-n", FOLDS)  # a dry run too
    assert rc != 0 and "are stale" in out
    # the library's reader refuses it as well (a job started by hand, or on a cluster node)
    with pytest.raises(IntegrityError, match="are stale"):
        read_dataset(wf / "results/data/toy.parquet", wf / "results/data/toy.json",
                     yaml.safe_load((wf / "config/config.yaml").read_text()))
    for f in ("toy.json", "toy.parquet"):  # the fix the message gives
        (wf / "results" / "data" / f).unlink()
    rc, out = _run(wf, FOLDS, "--forcerun", "results/data/toy.parquet")  # targets first: -R takes several
    assert rc == 0, out
    assert read_meta(wf / "results/data/toy.json")["n_instances"] == 30
    assert len(pd.read_csv(wf / FOLDS)) == 30


def test_check_clean_outputs_reads_only_the_schemas(tmp_path):
    (tmp_path / "data").mkdir()
    parquet, meta = _saved(tmp_path / "data")
    config = {"datasets": {"toy": {"source": SOURCE}}, "lock_file": str(tmp_path / "lock.json")}
    check_clean_outputs(tmp_path, config)  # made from the pinned file: nothing to say
    parquet.write_bytes(b"not read at start-up")
    check_clean_outputs(tmp_path, config)
    other = {"datasets": {"toy": {"source": {**SOURCE, "sha256": "f" * 64}}}, "lock_file": config["lock_file"]}
    with pytest.raises(IntegrityError, match="are stale"):
        check_clean_outputs(tmp_path, other)
