"""Fetching raw files (cache → mirror → OpenML, SHA-256 checked) and the workflow's behaviour when
a fetch or clean job fails (no partial outputs)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

import aucacc.datasets.fetch as fetch_mod
from aucacc.config import load_config
from aucacc.datasets import DataFormatError, FetchError, load_dataset
from aucacc.datasets.fetch import fetch_raw, mirror_folder
from aucacc.provenance import sha256_file
from helpers import copy_workflow, run_snakemake, snakemake_with

IRIS_SHA = "8337af8c82669892e870b8ce12740c919559b88a5f3c92e87097481b84581c89"  # SHA256SUMS of the mirror
WRONG_SHA = "0" * 64
IRIS_KEY = "sha256-" + IRIS_SHA[:16]  # the cache folder of this version of iris.arff


@pytest.fixture
def offline(monkeypatch):
    """Any attempt to reach OpenML fails as it would without internet."""
    calls = []

    def no_network(oid, path, server=None):
        calls.append(oid)
        raise ConnectionError("network is unreachable")

    monkeypatch.setattr(fetch_mod, "_download_openml", no_network)
    return calls


def _cfg(tmp_path, mirror=None, openml=False, raw_data=None):
    return {"cache": str(tmp_path / "cache"), "mirror": str(mirror) if mirror else None, "openml": openml,
            "raw_data": str(raw_data) if raw_data else None}


def test_mirror_checksum_matches_sha256sums(mirror):
    sums = dict(reversed(line.split()) for line in (mirror / "SHA256SUMS").read_text().splitlines() if line.strip())
    config = load_config()
    for name, entry in config["datasets"].items():
        src = entry["source"]
        assert src["sha256"] == sums[src["file"]], name


def test_checksum_mismatch_in_mirror(tmp_path, mirror, monkeypatch, offline):
    monkeypatch.setenv("AUCACC_MIRROR", str(mirror))
    src = {"file": "iris.arff", "openml_id": 61, "sha256": WRONG_SHA}
    with pytest.raises(FetchError) as exc:
        fetch_raw("iris", src, _cfg(tmp_path))
    msg = str(exc.value)
    assert "data set 'iris'" in msg and "'datasets.iris.source.sha256'" in msg
    assert IRIS_SHA in msg and WRONG_SHA in msg
    assert not (tmp_path / "cache").exists() or not any((tmp_path / "cache").iterdir())  # nothing copied
    assert offline == []  # a wrong checksum is an error, not a reason to try OpenML


def test_checksum_mismatch_in_cache(tmp_path, mirror, monkeypatch, offline, caplog):
    """A corrupt cached file is replaced from an intact mirror copy (a warning blames the cache), else reported."""
    monkeypatch.setenv("AUCACC_MIRROR", str(mirror))
    (tmp_path / "cache" / "iris" / IRIS_KEY).mkdir(parents=True)
    bad = tmp_path / "cache" / "iris" / IRIS_KEY / "iris.arff"  # <cache>/<dataset>/<key>/<file>
    bad.write_bytes((mirror / "iris.arff").read_bytes()[:-200])  # truncated copy
    assert fetch_raw("iris", {"file": "iris.arff", "sha256": IRIS_SHA}, _cfg(tmp_path)) == bad
    assert sha256_file(bad) == IRIS_SHA
    assert f"the cached copy {bad} has SHA-256" in caplog.text and "the cache entry is damaged" in caplog.text
    assert f"the mirror copy {mirror / 'iris.arff'} is intact" in caplog.text
    # no intact copy anywhere (no mirror, no raw_data, OpenML unreachable): an error, nothing left in the cache
    monkeypatch.delenv("AUCACC_MIRROR")
    bad.write_bytes(b"@relation truncated\n")
    with pytest.raises(FetchError, match=r"data set 'iris': cannot download id 61"):
        fetch_raw("iris", {"file": "iris.arff", "sha256": IRIS_SHA, "openml_id": 61}, _cfg(tmp_path, openml=True))
    assert not bad.exists()
    with pytest.raises(FetchError, match=r"data set 'iris'"):  # load_dataset passes it on
        load_dataset("iris", {"cache": str(tmp_path / "cache"), "seed": 1, "openml": False, "raw_data": None,
                              "datasets": {"iris": {"source": {"file": "iris.arff", "sha256": IRIS_SHA},
                                                    "recipe": {"target": "class"}}}})


def test_cache_before_mirror(tmp_path, mirror, monkeypatch, offline):
    """A cached file is used when no folder has the file; one copied from the mirror lands at <key>/<file>."""
    src = {"file": "iris.arff", "openml_id": 61}  # no checksum: any cached file is accepted
    (tmp_path / "cache" / "iris" / "unpinned").mkdir(parents=True)
    cached = tmp_path / "cache" / "iris" / "unpinned" / "iris.arff"  # <cache>/<dataset>/<key>/<file>
    cached.write_text("cached copy")
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    assert fetch_raw("iris", src, _cfg(tmp_path)) == cached
    assert cached.read_text() == "cached copy"
    monkeypatch.setenv("AUCACC_MIRROR", str(mirror))
    got = fetch_raw("iris", dict(src, sha256=IRIS_SHA), _cfg(tmp_path))
    assert got == tmp_path / "cache" / "iris" / IRIS_KEY / "iris.arff" and sha256_file(got) == IRIS_SHA
    assert sorted(p.name for p in got.parent.iterdir()) == ["iris.arff"]  # no temporary left
    assert offline == []


def test_failed_copy_leaves_nothing(tmp_path, mirror, monkeypatch, offline):
    """A copy from the mirror that fails part-way (disk full) leaves neither the file nor a temporary."""
    monkeypatch.setenv("AUCACC_MIRROR", str(mirror))

    def half_copy(src, dst):
        Path(dst).write_bytes(Path(src).read_bytes()[:100])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fetch_mod.shutil, "copyfile", half_copy)
    with pytest.raises(OSError, match="No space left"):
        fetch_raw("iris", {"file": "iris.arff", "sha256": IRIS_SHA}, _cfg(tmp_path))
    assert list((tmp_path / "cache").rglob("*")) == []  # neither the file nor its folders


def test_mirror_env_overrides_config(tmp_path, mirror, monkeypatch, offline):
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setenv("AUCACC_MIRROR", str(mirror))
    assert mirror_folder({"mirror": str(other)}) == mirror
    monkeypatch.delenv("AUCACC_MIRROR")
    assert mirror_folder({"mirror": str(other)}) == other
    assert mirror_folder({"mirror": None}) is None
    # config key `mirror` alone is enough
    got = fetch_raw("wine", {"file": "wine.arff"}, _cfg(tmp_path, mirror=mirror))
    assert got.read_bytes() == (mirror / "wine.arff").read_bytes()


def test_explicit_dest(tmp_path, mirror, monkeypatch, offline):
    """The workflow's fetch rule passes its output path as `dest`."""
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    dest = tmp_path / "cache" / "iris" / "iris.arff"  # inside the cache folder, as the workflow's output is
    assert fetch_raw("iris", {"file": "iris.arff", "sha256": IRIS_SHA}, _cfg(tmp_path, mirror), dest=dest) == dest
    assert sha256_file(dest) == IRIS_SHA


def test_offline_without_mirror(tmp_path, monkeypatch, offline):
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    src = {"file": "iris.arff", "openml_id": 61, "sha256": IRIS_SHA}
    with pytest.raises(FetchError) as exc:
        fetch_raw("iris", src, _cfg(tmp_path, openml=False))
    msg = str(exc.value)
    assert "data set 'iris'" in msg and "AUCACC_MIRROR" in msg and "iris.arff" in msg and "'openml' is false" in msg
    assert offline == []  # openml: false → OpenML not tried
    # with OpenML allowed but unreachable, the OpenML failure is reported with what to do
    with pytest.raises(FetchError, match=r"data set 'iris': cannot download id 61 .*ConnectionError.*AUCACC_MIRROR"):
        fetch_raw("iris", src, _cfg(tmp_path, openml=True))
    assert offline == [61]
    assert not (tmp_path / "cache").exists() or list((tmp_path / "cache").rglob("*")) == []


def test_mirror_without_the_file(tmp_path, monkeypatch, offline):
    empty = tmp_path / "empty_mirror"
    empty.mkdir()
    monkeypatch.setenv("AUCACC_MIRROR", str(empty))
    with pytest.raises(FetchError, match=r"mirror .*empty_mirror.*iris\.arff.*AUCACC_MIRROR"):
        fetch_raw("iris", {"file": "iris.arff"}, _cfg(tmp_path))


def test_openml_file_name(tmp_path, monkeypatch, offline):
    """A source with only an OpenML id is cached as openml-<id>.arff."""
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    assert fetch_mod.raw_file_name("iris", {"openml_id": 61}) == "openml-61.arff"
    assert fetch_mod.cache_path("iris", {"openml_id": 61}, _cfg(tmp_path)) == tmp_path / "cache/iris/unpinned/openml-61.arff"
    with pytest.raises(FetchError, match=r"id 61"):
        fetch_raw("iris", {"openml_id": 61}, _cfg(tmp_path, openml=True))


# --- the workflow after a failed job -------------------------------------------------------------------

@pytest.mark.slow
def test_workflow_leaves_no_partial_outputs(tmp_path, mirror):
    """In a copy of the workflow: iris has a wrong SHA-256 (fetch fails), glass's raw file is truncated
    (clean fails), wine is fine (control). The failed rules leave none of their outputs."""
    work = tmp_path / "wf"
    copy_workflow(work)
    mir = tmp_path / "mirror"
    mir.mkdir()
    for f in ("iris.arff", "wine.arff"):
        shutil.copy(mirror / f, mir / f)
    lines = (mirror / "glass.arff").read_bytes().splitlines(keepends=True)
    lines[-1] = b"1.5,13.2\r\n"  # the last row cut short
    (mir / "glass-cut.arff").write_bytes(b"".join(lines))
    override = {"datasets": {
        "iris": {"source": {"sha256": WRONG_SHA}},
        "glass": {"source": {"file": "glass-cut.arff", "sha256": sha256_file(mir / "glass-cut.arff")}},
    }}
    targets = ["results/data/iris.json", "results/data/glass.json", "results/data/wine.json"]
    proc = snakemake_with(work, override, "--keep-going", *targets, env={"AUCACC_MIRROR": str(mir)}, timeout=300)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert "Error in rule fetch" in out and "Error in rule clean" in out
    # the control data set went through
    meta = json.loads((work / "results/data/wine.json").read_text())
    assert meta["n_instances"] == 178
    # fetch of iris failed: no raw file, nothing downstream
    assert not list((work / "resources/raw/iris").rglob("*.arff")) if (work / "resources/raw/iris").exists() else True
    assert not (work / "results/data/iris.json").exists() and not (work / "results/data/iris.parquet").exists()
    # the glass raw file was fetched, its clean job failed on the truncated row and left no output
    assert len(list((work / "resources/raw/glass").rglob("glass-cut.arff"))) == 1
    assert not (work / "results/data/glass.json").exists() and not (work / "results/data/glass.parquet").exists()
    # no temporary files of the atomic writers anywhere
    leftovers = [p for d in (work / "results", work / "resources") for p in d.rglob("*.tmp")]
    assert leftovers == []
    # the failures are the ones we caused
    fetch_log = work / f"results/logs/fetch/iris--sha256-{WRONG_SHA[:16]}--iris.arff.log"
    assert "datasets.iris.source.sha256" in out + (fetch_log.read_text() if fetch_log.exists() else "")
    assert DataFormatError.__name__ in out or "Bad @DATA" in out
    # the clean job's error names the data set and the mirror file, not the cached copy it read
    clean_log = work / "results/logs/clean/glass.log"
    said = out + (clean_log.read_text() if clean_log.exists() else "")
    assert f"data set 'glass', {mir / 'glass-cut.arff'}: line {len(lines)}" in said


# --- the raw files committed in data/raw ----------------------------------------------------------------

RAW_DATA = Path(__file__).resolve().parents[2] / "data" / "raw"


def test_committed_raw_files_match_config_and_sums():
    """data/raw holds exactly the files config/config.yaml, config/uci36.yaml (Weka's UCI collection) and
    config/provost_fawcett.yaml (Satimage) name, with the configs' SHA-256 (and SHA256SUMS's), each with its
    provenance in SOURCES.md."""
    from aucacc.config import read_config_file

    sums = dict(reversed(line.split()) for line in (RAW_DATA / "SHA256SUMS").read_text().splitlines() if line.strip())
    config = load_config()
    entries = [*config["datasets"].values(),
               *(e for f in ("uci36.yaml", "provost_fawcett.yaml")
                 for e in read_config_file(RAW_DATA.parents[1] / "config" / f)["datasets"].values())]
    files = {e["source"]["file"]: e["source"]["sha256"] for e in entries}
    assert len(files) == len({(e["source"]["file"], e["source"]["sha256"]) for e in entries})  # one checksum a file
    assert sums == files
    assert sorted(p.name for p in RAW_DATA.iterdir()) == sorted([*files, "SHA256SUMS", "SOURCES.md"])
    for f, want in files.items():
        assert sha256_file(RAW_DATA / f) == want, f
    sources = (RAW_DATA / "SOURCES.md").read_text()
    assert "CC BY 4.0" in sources and all(f"`{f}`" in sources for f in files)
    assert config["raw_data"] == "data/raw"  # the default source


def test_raw_data_is_the_default_source(tmp_path, monkeypatch, offline):
    """Without a mirror, the file comes from the committed folder, checked against the config's SHA-256."""
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    got = fetch_raw("iris", {"file": "iris.arff", "openml_id": 61, "sha256": IRIS_SHA},
                    _cfg(tmp_path, raw_data=RAW_DATA))
    assert sha256_file(got) == IRIS_SHA and got.is_relative_to(tmp_path / "cache")
    assert offline == []
    with pytest.raises(FetchError, match=r"data set 'iris'.*datasets\.iris\.source\.sha256"):
        fetch_raw("iris", {"file": "iris.arff", "sha256": WRONG_SHA}, _cfg(tmp_path / "b", raw_data=RAW_DATA))


def test_mirror_before_raw_data(tmp_path, monkeypatch, offline):
    """A mirror overrides the committed files; a mirror without the file falls back to them."""
    mir = tmp_path / "mir"
    mir.mkdir()
    (mir / "iris.arff").write_text("my own iris")
    monkeypatch.setenv("AUCACC_MIRROR", str(mir))
    got = fetch_raw("iris", {"file": "iris.arff"}, _cfg(tmp_path, raw_data=RAW_DATA))
    assert got.read_text() == "my own iris"
    got = fetch_raw("wine", {"file": "wine.arff"}, _cfg(tmp_path, raw_data=RAW_DATA))
    assert got.read_bytes() == (RAW_DATA / "wine.arff").read_bytes()


def test_mirror_that_does_not_exist(tmp_path, monkeypatch, offline):
    monkeypatch.setenv("AUCACC_MIRROR", str(tmp_path / "nope"))
    with pytest.raises(FetchError, match=rf"AUCACC_MIRROR={tmp_path / 'nope'}: no such folder"):
        fetch_raw("iris", {"file": "iris.arff"}, _cfg(tmp_path, raw_data=RAW_DATA))
    monkeypatch.delenv("AUCACC_MIRROR")
    with pytest.raises(FetchError, match=r"config key 'mirror' \(.*nope\): no such folder"):
        fetch_raw("iris", {"file": "iris.arff"}, _cfg(tmp_path, mirror=tmp_path / "nope", raw_data=RAW_DATA))


# --- no stale copies: a source file that changed after it was cached --------------------------------------

def test_changed_mirror_file_is_noticed(tmp_path, monkeypatch, offline):
    """With a configured checksum a changed mirror file stops with both checksums; without one it is copied again."""
    mir = tmp_path / "mir"
    mir.mkdir()
    shutil.copy(RAW_DATA / "iris.arff", mir / "iris.arff")
    monkeypatch.setenv("AUCACC_MIRROR", str(mir))
    pinned = {"file": "iris.arff", "sha256": IRIS_SHA}
    assert sha256_file(fetch_raw("iris", pinned, _cfg(tmp_path))) == IRIS_SHA
    unpinned = {"file": "iris.arff"}
    assert sha256_file(fetch_raw("iris", unpinned, _cfg(tmp_path))) == IRIS_SHA
    with open(mir / "iris.arff", "ab") as fh:
        fh.write(b"% a fix in the mirror\n")
    new = sha256_file(mir / "iris.arff")
    with pytest.raises(FetchError) as exc:
        fetch_raw("iris", pinned, _cfg(tmp_path))
    msg = str(exc.value)
    assert "data set 'iris'" in msg and new in msg and IRIS_SHA in msg and str(mir / "iris.arff") in msg
    assert "'datasets.iris.source.sha256'" in msg
    got = fetch_raw("iris", unpinned, _cfg(tmp_path))  # no checksum: the new version replaces the old copy
    assert sha256_file(got) == new
    # the config records the new checksum: a new cache entry, the old one untouched
    got2 = fetch_raw("iris", {"file": "iris.arff", "sha256": new}, _cfg(tmp_path))
    assert got2.parent.name == f"sha256-{new[:16]}" and sha256_file(got2) == new


@pytest.mark.slow
def test_workflow_notices_changed_mirror_file(tmp_path):
    """A run, then the mirror's iris.arff changes: the next run stops with a clear message for the pinned
    data set (and leaves no stale cached copy), and re-fetches and re-cleans the unpinned one."""
    work = tmp_path / "wf"
    copy_workflow(work)
    mir = tmp_path / "mirror"
    mir.mkdir()
    shutil.copy(RAW_DATA / "iris.arff", mir / "iris.arff")
    extra = tmp_path / "override.yaml"
    extra.write_text(yaml.safe_dump({"datasets": {
        "iris_unpinned": {"source": {"file": "iris.arff"}, "recipe": {"target": "class"}}}}))

    def run(*targets):
        return run_snakemake(work, f"--configfile={extra}", *targets, env={"AUCACC_MIRROR": str(mir)}, timeout=300)

    proc = run("results/data/iris.json", "results/data/iris_unpinned.json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert run("results/data/iris.json", "results/data/iris_unpinned.json").stdout.count("rule fetch") == 0
    # a class value fixed in the mirror: same rows, other bytes
    (mir / "iris.arff").write_bytes((mir / "iris.arff").read_bytes().replace(b"Iris-setosa", b"Iris-Setosa"))
    new = sha256_file(mir / "iris.arff")
    proc = run("results/data/iris_unpinned.json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    cached = list((work / "resources/raw/iris_unpinned").rglob("iris.arff"))
    assert [sha256_file(p) for p in cached] == [new]
    meta = json.loads((work / "results/data/iris_unpinned.json").read_text())
    assert "Iris-Setosa" in json.dumps(meta)  # cleaned again from the new file
    proc = run("results/data/iris.json")
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "data set 'iris'" in out and new in out and IRIS_SHA in out and "datasets.iris.source.sha256" in out, out
    assert not list((work / "resources/raw/iris").rglob("iris.arff"))  # the old copy is not kept as if current
