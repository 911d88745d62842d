"""Finding a data set's raw file: local cache → mirror folder → committed raw-data folder → OpenML,
with SHA-256 checks."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from aucacc.provenance import atomic_write_text, sha256_file


class FetchError(RuntimeError):
    """The raw file cannot be had, or its checksum is wrong; the message says what to do."""


def mirror_folder(config: dict[str, Any]) -> Path | None:
    """The mirror folder: environment variable ``AUCACC_MIRROR``, else config key ``mirror``.

    Raises
    ------
    FetchError
        The folder named does not exist (a typo should not fall through to another source silently).
    """
    env = os.environ.get("AUCACC_MIRROR")
    m = env or config.get("mirror")
    if not m:
        return None
    if not Path(m).is_dir():
        where = f"AUCACC_MIRROR={env}" if env else f"config key 'mirror' ({m})"
        raise FetchError(f"{where}: no such folder. Point it at a folder of raw files, or unset it to use "
                         f"the files committed in data/raw (config key 'raw_data').")
    return Path(m)


def raw_data_folder(config: dict[str, Any]) -> Path | None:
    """The folder of raw files committed with the repository: config key ``raw_data`` (default ``data/raw``)."""
    d = config.get("raw_data", "data/raw")
    return Path(d) if d else None


def raw_file_name(name: str, source: dict[str, Any]) -> str:
    """File name of a data set's raw file (``source.file``, else ``openml-<id>.arff``)."""
    return source.get("file") or f"openml-{source['openml_id']}.arff"


def verify_checksum(path: Path, name: str, source: dict[str, Any]) -> str:
    """Return the file's SHA-256; raise :class:`FetchError` if config records a different one."""
    digest = sha256_file(path)
    want = source.get("sha256")
    if want and digest != want:
        raise FetchError(
            f"data set {name!r}: {path} has SHA-256 {digest}, but config key 'datasets.{name}.source.sha256' "
            f"records {want}. The file is corrupt or a different version: replace it with the right copy "
            f"(delete it from the cache to fetch again), or, if this version is intended, update the checksum in config.")
    return digest


def fetch_raw(name: str, source: dict[str, Any], config: dict[str, Any], dest: str | os.PathLike | None = None) -> Path:
    """Make the raw file of data set ``name`` available in the cache and return its path.

    Look-up order: the cache (``<cache>/<name>/<file>``, config ``cache``), then the mirror (``AUCACC_MIRROR`` or
    config ``mirror``), then the raw files committed with the repository (config ``raw_data``, ``data/raw``), then OpenML by ``source.openml_id`` (needs internet and the ``openml``
    package). The file's SHA-256 is checked against ``source.sha256`` when given.

    Raises
    ------
    FetchError
        Nowhere to get the file from (e.g. offline without a mirror), or a checksum mismatch.
    """
    fname = raw_file_name(name, source)
    # The same layout as the workflow's cache: <cache>/<dataset>/<file>.
    cache = Path(dest) if dest else Path(config.get("cache", "resources/raw")) / name / fname
    if cache.is_file():
        verify_checksum(cache, name, source)
        return cache
    tried = [f"cache {cache}"]
    mirror = mirror_folder(config)
    if mirror is None:
        tried.append("no mirror configured (AUCACC_MIRROR or config key 'mirror')")
    folders = [("mirror", mirror), ("raw_data", raw_data_folder(config))]
    for label, folder in folders:
        if folder is None:
            continue
        cand = folder / fname
        if cand.is_file():
            verify_checksum(cand, name, source)
            _copy_atomic(cand, cache)
            return cache
        tried.append(f"{label} {cand}")
    oid = source.get("openml_id")
    if oid and config.get("openml", True):
        try:
            _download_openml(int(oid), cache)
        except Exception as exc:  # network errors come in many types
            tried.append(f"OpenML id {oid}: {type(exc).__name__}: {exc}")
        else:
            verify_checksum(cache, name, source)
            return cache
    if not oid:
        tried.append(f"no OpenML id configured (config key 'datasets.{name}.source.openml_id')")
    raise FetchError(
        f"data set {name!r}: cannot find raw file {fname!r} (tried: {'; '.join(tried)}). "
        f"If offline, set AUCACC_MIRROR (or config key 'mirror') to a folder holding {fname}.")


def _copy_atomic(src: Path, dest: Path) -> None:
    """Copy ``src`` to ``dest`` through a temporary file: no partial copy is left (disk full, interrupt)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.tmp")
    try:
        shutil.copyfile(src, tmp)
        os.replace(tmp, dest)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _download_openml(oid: int, path: Path) -> None:
    """Download OpenML data set ``oid`` and save it as ARFF at ``path`` (atomically)."""
    import arff
    import openml

    ds = openml.datasets.get_dataset(oid, download_data=True, download_qualities=False,
                                     download_features_meta_data=False)
    df, *_ = ds.get_data(dataset_format="dataframe")
    attrs = []
    for col in df.columns:
        s = df[col]
        if hasattr(s, "cat"):
            attrs.append((str(col), [str(c) for c in s.cat.categories]))
        else:
            attrs.append((str(col), "REAL"))
    rows = [[None if (v is None or v != v) else (str(v) if isinstance(a[1], list) else float(v))
             for v, a in zip(r, attrs)] for r in df.itertuples(index=False)]
    atomic_write_text(path, arff.dumps({"relation": ds.name, "attributes": attrs, "data": rows}))
