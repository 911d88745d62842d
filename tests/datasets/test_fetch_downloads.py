"""Real downloads against real servers on 127.0.0.1: a ``url:`` source through pooch (http.server in a
thread serving a folder) and an ``openml_id:`` source through the openml client pointed at a loopback
stand-in of the OpenML API (tests/openml_standin.py: a data-set description XML and its ARFF file).
Nothing is mocked: the requests go over TCP, pooch checks the SHA-256, the openml client checks the MD5."""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import re
import shutil
import socket
from http.server import SimpleHTTPRequestHandler
from pathlib import Path

import pytest

from aucacc.datasets import FetchError, load_dataset
from aucacc.datasets.fetch import cache_path, fetch_raw
from aucacc.provenance import sha256_file
from helpers import copy_workflow, snakemake_with
from openml_standin import openml_server, serve  # noqa: F401  (openml_server: a fixture)

RAW = Path(__file__).resolve().parents[2] / "data" / "raw"
IRIS = RAW / "iris.arff"
IRIS_SHA = "8337af8c82669892e870b8ce12740c919559b88a5f3c92e87097481b84581c89"
WRONG_SHA = "0" * 64


class _Handler(SimpleHTTPRequestHandler):
    """Serves ``directory``; counts requests; quiet."""

    def log_message(self, *args):
        self.server.requests.append(self.path)  # type: ignore[attr-defined]


@pytest.fixture
def www(tmp_path):
    """A folder served over HTTP on 127.0.0.1: (folder, base URL, server)."""
    root = tmp_path / "www"
    root.mkdir()
    httpd, base = serve(functools.partial(_Handler, directory=str(root)))
    yield root, base, httpd
    httpd.shutdown()
    httpd.server_close()


def _free_port() -> int:
    """A loopback port with nothing listening on it (a connection there is refused)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cfg(tmp_path, **kw):
    return {"cache": str(tmp_path / "cache"), "mirror": None, "raw_data": None, "openml": False,
            "lock_file": str(tmp_path / "resources" / "datasets.lock.json"), **kw}


def _empty(folder: Path) -> bool:
    return not folder.exists() or not any(folder.rglob("*"))


# --- url: pooch ---------------------------------------------------------------------------------------------

def test_url_download_cached_and_verified(tmp_path, www, monkeypatch):
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    root, base, httpd = www
    shutil.copy(IRIS, root / "iris.arff")
    src = {"file": "iris.arff", "url": f"{base}/iris.arff", "sha256": IRIS_SHA}
    progress = io.StringIO()
    got = fetch_raw("iris", src, _cfg(tmp_path), progress=progress)
    assert got == cache_path("iris", src, _cfg(tmp_path)) == tmp_path / "cache/iris" / f"sha256-{IRIS_SHA[:16]}/iris.arff"
    assert got.read_bytes() == IRIS.read_bytes()
    umask = os.umask(0)
    os.umask(umask)
    assert got.stat().st_mode & 0o777 == 0o666 & ~umask  # readable like any new file (pooch's temp file is 0600)
    assert "iris" in progress.getvalue() and re.search(r"\d", progress.getvalue())  # the progress bar was drawn
    assert httpd.requests == ["/iris.arff"]
    assert fetch_raw("iris", src, _cfg(tmp_path)) == got and httpd.requests == ["/iris.arff"]  # cached: no request
    # with no file name the URL's last part names the file; load_dataset reads it through the same path
    ds = load_dataset("iris", {**_cfg(tmp_path), "seed": 1, "datasets": {
        "iris": {"source": {"url": f"{base}/iris.arff", "sha256": IRIS_SHA}, "recipe": {"target": "class"}}}})
    assert len(ds.y) == 150


def test_url_without_checksum_is_recorded_in_the_lock_file(tmp_path, www, monkeypatch):
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    root, base, _ = www
    shutil.copy(IRIS, root / "iris.arff")
    got = fetch_raw("iris", {"url": f"{base}/iris.arff"}, _cfg(tmp_path))
    assert got.parent.name == "unpinned"
    lock = json.loads((tmp_path / "resources/datasets.lock.json").read_text())
    assert lock["iris"]["sha256"] == IRIS_SHA and lock["iris"]["url"] == f"{base}/iris.arff"


@pytest.mark.parametrize("case", ["wrong checksum", "404", "refused"])
def test_url_failures_stop_with_a_message_and_leave_nothing(tmp_path, www, monkeypatch, case):
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    root, base, _ = www
    shutil.copy(IRIS, root / "iris.arff")
    url, sha = {"wrong checksum": (f"{base}/iris.arff", WRONG_SHA),
                "404": (f"{base}/no-such-file.arff", IRIS_SHA),
                "refused": (f"http://127.0.0.1:{_free_port()}/iris.arff", IRIS_SHA)}[case]
    with pytest.raises(FetchError) as exc:
        fetch_raw("iris", {"file": "iris.arff", "url": url, "sha256": sha}, _cfg(tmp_path))
    msg = str(exc.value)
    assert "data set 'iris'" in msg and url in msg and "'datasets.iris.source" in msg, msg
    assert {"wrong checksum": f"SHA-256 that config key 'datasets.iris.source.sha256' records ({WRONG_SHA})",
            "404": "HTTP status 404", "refused": "Check the network"}[case] in msg, msg
    assert _empty(tmp_path / "cache"), list((tmp_path / "cache").rglob("*"))


# --- openml_id: the openml client against a loopback stand-in ------------------------------------------------

def test_openml_download_md5_and_lock_file(tmp_path, openml_server):
    data = IRIS.read_bytes()
    openml_server.add(42, data)
    cfg = _cfg(tmp_path, openml=True, openml_server=openml_server.server)
    got = fetch_raw("standin", {"openml_id": 42}, cfg)
    assert got == tmp_path / "cache/standin/unpinned/openml-42.arff"
    assert got.read_bytes() == data  # the file's bytes as served, not a re-encoding
    lock = json.loads((tmp_path / "resources/datasets.lock.json").read_text())
    assert lock["standin"]["sha256"] == hashlib.sha256(data).hexdigest() == IRIS_SHA
    assert lock["standin"]["md5"] == hashlib.md5(data).hexdigest() and lock["standin"]["openml_id"] == 42
    assert [p.name for p in got.parent.iterdir()] == ["openml-42.arff"]  # the client's own cache is gone
    # a fresh cache, the same file served: accepted (same SHA-256 as the lock file)
    shutil.rmtree(tmp_path / "cache")
    assert fetch_raw("standin", {"openml_id": 42}, cfg).read_bytes() == data
    # the server now serves other bytes for the same id (MD5 updated, so the client accepts them)
    shutil.rmtree(tmp_path / "cache")
    openml_server.add(42, data.replace(b"Iris-setosa", b"Iris-setosA"))
    with pytest.raises(FetchError, match=r"data set 'standin'.*datasets\.lock\.json recorded " + IRIS_SHA
                       + r".*the served file changed.*delete the entry 'standin'"):
        fetch_raw("standin", {"openml_id": 42}, cfg)
    assert _empty(tmp_path / "cache")


def test_openml_md5_mismatch(tmp_path, openml_server):
    openml_server.add(43, IRIS.read_bytes(), md5="0" * 32)
    cfg = _cfg(tmp_path, openml=True, openml_server=openml_server.server)
    with pytest.raises(FetchError, match=r"data set 'standin'.*fails the server's own MD5 check"):
        fetch_raw("standin", {"openml_id": 43}, cfg)
    assert _empty(tmp_path / "cache") and not (tmp_path / "resources/datasets.lock.json").exists()


def test_openml_unknown_id(tmp_path, openml_server):
    cfg = _cfg(tmp_path, openml=True, openml_server=openml_server.server)
    with pytest.raises(FetchError) as exc:
        fetch_raw("standin", {"openml_id": 999999}, cfg)
    msg = str(exc.value)
    assert "data set 'standin'" in msg and "has no data set with id 999999" in msg
    assert "'datasets.standin.source.openml_id'" in msg and openml_server.server in msg
    assert _empty(tmp_path / "cache")


def test_openml_checksum_in_config_checked(tmp_path, openml_server):
    openml_server.add(44, IRIS.read_bytes())
    cfg = _cfg(tmp_path, openml=True, openml_server=openml_server.server)
    with pytest.raises(FetchError, match=r"OpenML id 44.*datasets\.standin\.source\.sha256"):
        fetch_raw("standin", {"openml_id": 44, "sha256": WRONG_SHA}, cfg)
    assert _empty(tmp_path / "cache")
    assert sha256_file(fetch_raw("standin", {"openml_id": 44, "sha256": IRIS_SHA}, cfg)) == IRIS_SHA


# --- through the workflow ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_workflow_url_and_openml_sources(tmp_path, www, openml_server):
    """In a copy of the workflow, with no local copies (raw_data: null): iris by url (pooch), a data set
    added with only an openml_id and no sha256 (the stand-in), then a 404 url that stops the run with
    the message and leaves nothing behind."""
    root, base, _ = www
    shutil.copy(IRIS, root / "iris.arff")
    work = tmp_path / "wf"
    copy_workflow(work)
    openml_server.add(42, IRIS.read_bytes())
    override = {"raw_data": None, "openml_server": openml_server.server,
                "datasets": {"iris": {"source": {"url": f"{base}/iris.arff"}},
                             "standin": {"source": {"openml_id": 42}, "recipe": {"target": "class"}}}}
    proc = snakemake_with(work, override, "results/data/iris.json", "results/data/standin.json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name in ("iris", "standin"):
        assert json.loads((work / f"results/data/{name}.json").read_text())["n_instances"] == 150
    assert len(list((work / "resources/raw/iris").rglob("iris.arff"))) == 1
    lock = json.loads((work / "resources/datasets.lock.json").read_text())
    assert lock["standin"]["sha256"] == IRIS_SHA and "iris" not in lock  # iris is pinned by config
    logs = "".join(p.read_text() for p in (work / "results/logs/fetch").glob("iris--*.log"))
    assert f"{base}/iris.arff" in logs  # the download (and its progress bar) is in the job's log

    # a broken URL for another data set: the run stops naming data set and URL; no cache entry, no result
    bad = f"{base}/gone/wine.arff"
    override["datasets"]["wine"] = {"source": {"url": bad}}
    override["openml"] = False
    proc = snakemake_with(work, override, "results/data/wine.json")
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "data set 'wine'" in out and bad in out and "HTTP status 404" in out, out
    assert not (work / "resources/raw/wine").exists() or not list((work / "resources/raw/wine").rglob("*.arff"))
    assert not (work / "results/data/wine.json").exists() and not (work / "results/data/wine.parquet").exists()
