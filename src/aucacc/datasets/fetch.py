"""Finding a data set's raw file, checked by SHA-256 and cached by the content it should have.

Look-up order (the first that has the file wins):

1. the cache, ``<cache>/<data set>/<key>/<file>``, where ``<key>`` is ``sha256-`` and the first 16
   hex digits of the configured ``source.sha256`` (``unpinned`` without one), so a new checksum in
   the config is a new cache entry, never an old copy;
2. the mirror folder (``AUCACC_MIRROR`` or config ``mirror``), then the raw files committed with the
   repository (config ``raw_data``, ``data/raw``);
3. ``source.url``, downloaded with `pooch <https://www.fatiando.org/pooch>`_ (SHA-256 registry,
   retries, progress bar);
4. ``source.openml_id``, downloaded with the ``openml`` client (the server's MD5 checked by the
   client; the ARFF file's bytes are kept as served). Its SHA-256 is recorded in the lock file
   (config ``lock_file``) on first download and a later download with other bytes is an error.

A cached file is compared with the local file (mirror or ``raw_data``) it came from on every call:
a changed source file is copied again when no checksum is configured, and is an error naming both
checksums when one is. A cached file that does not have the configured or locked checksum
(:func:`expected_sha256`) is a damaged cache entry: never used, it is fetched again from the
sources above; the ``clean`` step checks it again each time it reads it (:func:`check_cached_raw`).

Every path stays inside its folder: ``source.file`` (and a name taken from a URL) must be a bare
file name (:func:`bare_file_name`), and each file read from the mirror or ``raw_data`` and each
file written to the cache is resolved (symlinks followed) and checked to lie inside that folder
(:func:`contained`). The config schema checks the file name too; this is the second check, for
callers that pass a config the schema never saw.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any, Iterator
from urllib.parse import urlsplit

from aucacc.schemas import schema_default, value_or_default
from aucacc.exceptions import FetchError  # noqa: F401  (re-exported: its old path)
from aucacc.provenance import atomic_write_text, sha256_file

log = logging.getLogger(__name__)

#: Download attempts after the first one fails (pooch waits 1 s, 2 s, ... between them).
DOWNLOAD_RETRIES = 2


def bare_file_name(value: Any, key: str) -> str:
    """``value`` if it is a bare file name, else :class:`FetchError` naming config key ``key``.

    A bare file name has no folder part: no ``/`` or ``\\``, not absolute, not empty, ``.`` or
    ``..``, no NUL byte. Data-set names (folders of the cache) and ``source.file`` must be bare, so
    that no config value can name a path outside the mirror, ``raw_data`` or the cache.
    """
    if (not isinstance(value, str) or value in ("", ".", "..") or any(c in value for c in "/\\\0")
            or os.path.isabs(value)):
        raise FetchError(f"config key '{key}': {value!r} is not a bare file name (no folder part: no '/' or '\\', "
                         f"not absolute, not '.' or '..'). Put the file in the mirror folder (AUCACC_MIRROR or config "
                         f"key 'mirror') or in data/raw (config key 'raw_data') and give its name only.")
    return value


def contained(path: str | os.PathLike, folder: str | os.PathLike, key: str, what: str) -> Path:
    """``path`` resolved (symlinks followed); :class:`FetchError` naming ``key`` if it is not inside ``folder``.

    ``what`` names the folder in the message (e.g. ``"the mirror folder /data/uci"``). A symlink in
    the folder that points outside it is refused like a ``../`` path: every read and write stays
    inside the folder the config names.
    """
    resolved, root = Path(path).resolve(), Path(folder).resolve()
    if not resolved.is_relative_to(root):
        raise FetchError(f"config key '{key}': {path} resolves to {resolved}, outside {what} ({root}); a file there "
                         f"must lie inside it (a symlink out of it is refused). Copy the file itself into the folder.")
    return resolved


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
    d = value_or_default(config, "raw_data", "raw_data")
    return Path(d) if d else None


def raw_file_name(name: str, source: dict[str, Any]) -> str:
    """File name of a data set's raw file: ``source.file``, else the URL's last part, else ``openml-<id>.arff``."""
    if source.get("file"):
        return bare_file_name(source["file"], f"datasets.{name}.source.file")
    if source.get("url"):
        base = Path(urlsplit(source["url"]).path).name
        return bare_file_name(base, f"datasets.{name}.source.url") if base else f"{name}.raw"
    return f"openml-{source['openml_id']}.arff"


def cache_key(source: dict[str, Any]) -> str:
    """Cache folder of one version of a raw file: ``sha256-<16 hex>`` of the expected content, or ``unpinned``."""
    sha = source.get("sha256")
    return f"sha256-{sha[:16]}" if sha else "unpinned"


def cache_path(name: str, source: dict[str, Any], config: dict[str, Any]) -> Path:
    """Where the raw file of data set ``name`` is cached: ``<cache>/<name>/<cache_key>/<file>``.

    Raises
    ------
    FetchError
        ``name`` or the file name is not a bare name (:func:`bare_file_name`).
    """
    bare_file_name(name, "datasets")
    return cache_folder(config) / name / cache_key(source) / raw_file_name(name, source)


def cache_folder(config: dict[str, Any]) -> Path:
    """The cache folder: config key ``cache`` (default: the schema's, ``resources/raw``)."""
    return Path(config.get("cache") or schema_default("cache"))


def local_source(name: str, source: dict[str, Any], config: dict[str, Any]) -> Path | None:
    """The local file the raw file is copied from: the mirror's, else ``raw_data``'s; ``None`` if neither has it."""
    fname = raw_file_name(name, source)
    for label, folder in (("the mirror folder", mirror_folder(config)), ("raw_data", raw_data_folder(config))):
        if folder is not None and (folder / fname).is_file():
            contained(folder / fname, folder, f"datasets.{name}.source.file", label)
            return folder / fname
    return None


def local_source_digest(name: str, source: dict[str, Any], config: dict[str, Any]) -> str:
    """SHA-256 of :func:`local_source` (``""`` if there is none).

    The workflow's ``fetch`` rule takes it as a parameter, so a changed mirror or ``raw_data`` file
    re-runs the fetch (and everything after it), while moving the same bytes elsewhere does not.
    """
    path = local_source(name, source, config)
    return sha256_file(path) if path is not None else ""


def raw_origin(name: str, source: dict[str, Any], config: dict[str, Any],
               cached: str | os.PathLike | None = None) -> str:
    """The file a data set's cached raw file came from, as read errors name it.

    The mirror's or ``raw_data``'s file (e.g. ``data/raw/glass.arff``) when one has it, else the
    file name with ``source.url`` and/or ``OpenML data set id <n>``. A read error names this and
    not the cache path: the cached copy has the same bytes (so the same line numbers), and it is
    the original that is to be repaired or replaced. When ``cached`` (the cached copy) is given
    and its bytes differ from the local file's, the cached copy is named instead: it is the one
    that is damaged.
    """
    try:
        local = local_source(name, source, config)
    except FetchError:  # a mirror folder that does not exist: the fetch step reports it
        local = None
    if local is not None and cached is not None and sha256_file(cached) != sha256_file(local):
        return (f"{cached} (the cached copy, which differs from {local}: delete the cached copy and re-run to "
                f"fetch it again)")
    if local is not None:
        return str(local)
    where = [f"downloaded from {source['url']}"] if source.get("url") else []
    if source.get("openml_id"):
        where.append(f"OpenML data set id {source['openml_id']}")
    fname = raw_file_name(name, source)
    return f"{fname} ({' or '.join(where)})" if where else fname


def verify_checksum(path: Path, name: str, source: dict[str, Any], origin: str = "") -> str:
    """Return the file's SHA-256; raise :class:`FetchError` if config records a different one."""
    digest = sha256_file(path)
    want = source.get("sha256")
    if want and digest != want:
        raise FetchError(
            f"data set {name!r}: {origin + ' ' if origin else ''}{path} has SHA-256 {digest}, but config key "
            f"'datasets.{name}.source.sha256' records {want}. The file is corrupt or a different version: replace "
            f"it with the right copy, or, if this version is intended, put its checksum in config.")
    return digest


def expected_sha256(name: str, source: dict[str, Any], config: dict[str, Any]) -> tuple[str | None, str]:
    """The SHA-256 a data set's raw file must have, and where it is recorded.

    ``source.sha256`` (key ``datasets.<name>.source.sha256``), else the lock file's entry of a
    download with no configured checksum (same ``url``, or same ``openml_id`` and server), else
    ``(None, "")``: nothing to check against.
    """
    if source.get("sha256"):
        return source["sha256"], f"config key 'datasets.{name}.source.sha256'"
    path = lock_file(config)
    try:
        entry = json.loads(path.read_text()).get(name) if path.is_file() else None
    except ValueError:
        entry = None  # a damaged lock file: the next download that needs it says so
    if not isinstance(entry, dict) or not entry.get("sha256"):
        return None, ""
    if "url" in entry:
        same = entry["url"] == source.get("url")
    else:
        same = (entry.get("openml_id") == source.get("openml_id")
                and entry.get("server") == config.get("openml_server"))
    return (entry["sha256"], f"the entry {name!r} of {path}") if same else (None, "")


def source_copies(name: str, source: dict[str, Any], config: dict[str, Any]) -> list[tuple[str, Path]]:
    """The local copies of a data set's raw file, as ``(label, path)``: the mirror's, then ``raw_data``'s."""
    fname = raw_file_name(name, source)
    try:
        folders = [("mirror", mirror_folder(config)), ("data/raw", raw_data_folder(config))]
    except FetchError:  # a mirror folder that does not exist: the fetch step reports it
        folders = [("data/raw", raw_data_folder(config))]
    copies = []
    for label, folder in folders:
        if folder is not None and (folder / fname).is_file():
            contained(folder / fname, folder, f"datasets.{name}.source.file", f"the {label} folder")
            copies.append((label, folder / fname))
    return copies


def _damaged_cache(name: str, source: dict[str, Any], config: dict[str, Any], cache: Path, have: str, want: str,
                   key: str) -> str:
    """Say which copy of a raw file is wrong: the cached one, and each source copy's state."""
    states = []
    for label, path in source_copies(name, source, config):
        digest = sha256_file(path)
        states.append(f"the {label} copy {path} is {'intact' if digest == want else f'wrong too (SHA-256 {digest})'}")
    return (f"the cached copy {cache} has SHA-256 {have}, but {key} records {want}: the cache entry is damaged "
            f"(changed after it was fetched)" + (f"; {'; '.join(states)}" if states else "; no mirror or data/raw copy"))


def check_cached_raw(name: str, path: str | os.PathLike, source: dict[str, Any], config: dict[str, Any]) -> str:
    """Check the cached raw file the ``clean`` step reads; replace a damaged one from an intact local copy.

    The file's SHA-256 is compared with :func:`expected_sha256` (configured or locked) each time
    it is read. A damaged cache entry is replaced, atomically, from the mirror's or ``data/raw``'s
    copy when that copy has the right checksum (a warning names the cache as the bad copy). With
    no intact local copy, the damaged entry is deleted and the job stops: the next run's ``fetch``
    job downloads the file again (``source.url``, OpenML), checked against the same checksum.

    Returns
    -------
    str
        The file's SHA-256 (recorded in the clean data's provenance).

    Raises
    ------
    FetchError
        The cache entry is damaged and no local copy is intact; the message names every copy
        (cache, mirror, ``data/raw``) with its checksum, and what to do.
    """
    path = Path(path)
    want, key = expected_sha256(name, source, config)
    have = sha256_file(path)
    if not want or have == want:
        return have
    what = _damaged_cache(name, source, config, path, have, want, key)
    # replaced or deleted below: only ever a file inside the cache folder
    contained(path, cache_folder(config), f"datasets.{name}.source.file", "the cache folder (config key 'cache')")
    for label, copy in source_copies(name, source, config):
        if sha256_file(copy) == want:
            _copy_atomic(copy, path)
            if sha256_file(path) == want:  # the copy itself could fail silently (a full disk is an OSError)
                log.warning("data set %r: %s. Replaced the cache entry from %s.", name, what, copy)
                return want
    path.unlink(missing_ok=True)
    _remove_empty_dirs(path.parent, stop=2)
    raise FetchError(
        f"data set {name!r}: {what}. No intact copy to replace it from, so the damaged entry was deleted. Re-run: "
        f"the fetch job gets the file again (source.url or OpenML, checked against the same checksum); or put the "
        f"right file in data/raw or in a folder named by AUCACC_MIRROR.")


def fetch_raw(name: str, source: dict[str, Any], config: dict[str, Any], dest: str | os.PathLike | None = None,
              progress: IO[str] | None = None) -> Path:
    """Make the raw file of data set ``name`` available in the cache and return its path.

    Parameters
    ----------
    name : str
        Data set name (key under ``datasets``), used in messages and the cache path.
    source : dict
        ``datasets.<name>.source``: ``file``, ``url``, ``openml_id``, ``sha256`` (see docs/datasets.md).
    config : dict
        Uses ``cache``, ``mirror`` (overridden by ``AUCACC_MIRROR``), ``raw_data``, ``openml``,
        ``openml_server``, ``lock_file``.
    dest : path, optional
        Where to put the file instead of :func:`cache_path` (the workflow's ``fetch`` output); it
        must lie inside the cache folder (config ``cache``).
    progress : text stream, optional
        Where a download's progress bar goes (the job's log); none without it.

    Returns
    -------
    Path
        The cached file, its SHA-256 checked when the config records one.

    Raises
    ------
    FetchError
        Nowhere to get the file from, a failed download (the message names the data set, the URL
        and what to do), a checksum mismatch, or a source file that changed after it was cached.
        Nothing is left in the cache then. Also a ``source.file`` (or data-set name) that is not a
        bare file name, or a file (or symlink) that resolves outside the mirror, ``raw_data`` or the
        cache; nothing is read or written then.
    """
    fname = raw_file_name(name, source)
    cache = Path(dest) if dest else cache_path(name, source, config)
    contained(cache, cache_folder(config), f"datasets.{name}.source.file", "the cache folder (config key 'cache')")
    local = local_source(name, source, config)
    if cache.is_file():
        want, key = expected_sha256(name, source, config)
        have = sha256_file(cache)
        if want and have != want:
            # A damaged cache entry: fetched again below (from an intact copy, the URL or OpenML,
            # each checked against the same checksum), never used.
            log.warning("data set %r: %s", name, _damaged_cache(name, source, config, cache, have, want, key))
            cache.unlink()
        elif local is None or sha256_file(local) == have:
            return cache
        else:
            if source.get("sha256"):
                verify_checksum(local, name, source, "source file")  # raises: the local file changed
            log.warning("data set %r: %s changed since it was cached; copying it again", name, local)
    tried = [f"cache {cache}"]
    if local is not None:
        verify_checksum(local, name, source, "source file")
        _copy_atomic(local, cache)
        return cache
    for label, folder in (("mirror", mirror_folder(config)), ("raw_data", raw_data_folder(config))):
        tried.append(f"{label} {folder / fname}{_not_a_file(folder / fname)}" if folder
                     else f"no {label} folder configured")
    errors = []
    if source.get("url"):
        try:
            return _download_url(name, source, cache, config, progress)
        except FetchError as exc:
            if not source.get("openml_id") or not value_or_default(config, "openml", "openml"):
                raise
            errors.append(str(exc))  # OpenML may still have it
    oid = source.get("openml_id")
    if oid and value_or_default(config, "openml", "openml"):
        return _fetch_openml(name, source, int(oid), cache, config, errors)
    if oid:
        tried.append("OpenML not tried (config key 'openml' is false)")
    raise FetchError(
        f"data set {name!r}: cannot find raw file {fname!r} (tried: {'; '.join(tried + errors)}). "
        f"Put {fname} in data/raw or in a folder named by AUCACC_MIRROR (or config key 'mirror'), or give "
        f"config key 'datasets.{name}.source' a 'url' or an 'openml_id'.")


def _not_a_file(path: Path) -> str:
    """Why an existing ``path`` was passed over (it is not a regular file), for the "cannot find" message."""
    if path.is_dir():
        return " (a folder, not a file)"
    if path.exists() and not path.is_file():
        return " (not a regular file, e.g. a named pipe: not read)"
    return ""


def _copy_atomic(src: Path, dest: Path) -> None:
    """Copy ``src`` to ``dest`` through a temporary file: no partial copy is left (disk full, interrupt)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.tmp")
    try:
        shutil.copyfile(src, tmp)
        os.replace(tmp, dest)
    except BaseException:
        tmp.unlink(missing_ok=True)
        _remove_empty_dirs(dest.parent, stop=2)
        raise


def _remove_empty_dirs(folder: Path, stop: int) -> None:
    """Remove ``folder`` and up to ``stop - 1`` of its parents while they are empty (a failed fetch leaves none)."""
    for _ in range(stop):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


# --- url: pooch ------------------------------------------------------------------------------------------

def _download_url(name: str, source: dict[str, Any], cache: Path, config: dict[str, Any],
                  progress: IO[str] | None) -> Path:
    """Download ``source.url`` with pooch into ``cache``, checked against ``source.sha256``."""
    import pooch
    import requests

    url, want = source["url"], source.get("sha256")
    key = f"datasets.{name}.source"
    # Pooch downloads to a temporary file beside the target and moves it only once the hash matched.
    fetcher = pooch.create(path=cache.parent, base_url="", registry={cache.name: f"sha256:{want}" if want else None},
                           urls={cache.name: url}, retry_if_failed=DOWNLOAD_RETRIES)
    bar: Any = False
    if progress is not None:
        from tqdm import tqdm

        # total=1 until pooch sets it from Content-Length (a tqdm with no total has no truth value)
        bar = tqdm(total=1, file=progress, unit="B", unit_scale=True, desc=f"{name}: {url}", mininterval=1.0,
                   ascii=True)
    log.info("data set %r: downloading %s", name, url)
    try:
        fetcher.fetch(cache.name, progressbar=bar)
    except ValueError as exc:  # pooch: the hash of the downloaded file does not match the registry
        _remove_empty_dirs(cache.parent, stop=2)
        raise FetchError(
            f"data set {name!r}: the file downloaded from {url} does not have the SHA-256 that config key "
            f"'{key}.sha256' records ({want}): {exc}. The server serves another version (or a wrong URL): check "
            f"'{key}.url', or, if the new file is intended, put its checksum in '{key}.sha256'.") from None
    except requests.exceptions.HTTPError as exc:
        _remove_empty_dirs(cache.parent, stop=2)
        status = exc.response.status_code if exc.response is not None else "?"
        raise FetchError(
            f"data set {name!r}: download of {url} failed with HTTP status {status} ({exc}). Check config key "
            f"'{key}.url' (the file may have moved), or put {cache.name} in a folder named by AUCACC_MIRROR.") from None
    except requests.exceptions.RequestException as exc:
        _remove_empty_dirs(cache.parent, stop=2)
        raise FetchError(
            f"data set {name!r}: cannot download {url} ({type(exc).__name__}: {exc}) after {1 + DOWNLOAD_RETRIES} "
            f"attempts. Check the network (or proxy) and config key '{key}.url', or put {cache.name} in a folder "
            f"named by AUCACC_MIRROR.") from None
    finally:
        if bar is not False:
            bar.close()
    _default_mode(cache)
    digest = sha256_file(cache)
    if not want:
        _check_lock(name, {"url": url}, digest, cache, config)
    log.info("data set %r: downloaded %s (SHA-256 %s)", name, url, digest)
    return cache


def _default_mode(path: Path) -> None:
    """Give ``path`` a new file's usual mode, 0644 under the usual umask (pooch's temporary file is 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    path.chmod(0o666 & ~umask)


# --- openml_id: the openml client ---------------------------------------------------------------------------

def _fetch_openml(name: str, source: dict[str, Any], oid: int, cache: Path, config: dict[str, Any],
                  errors: list[str]) -> Path:
    """Download OpenML data set ``oid`` into ``cache``; check config's SHA-256 or the lock file's."""
    key = f"datasets.{name}.source.openml_id"
    server = config.get("openml_server")
    try:
        md5 = _download_openml(oid, cache, server)
    except ImportError:
        raise FetchError(f"data set {name!r}: the 'openml' package is needed for {key} ({oid}): "
                         f"pip install openml") from None
    except Exception as exc:  # the client raises many types (server, network, hash)
        from openml.exceptions import OpenMLHashException, OpenMLServerNoResult

        where = server or "the OpenML server"
        if isinstance(exc, OpenMLServerNoResult):
            what = (f"{where} has no data set with id {oid} ({exc}). Check config key '{key}'; the id is in the "
                    f"data set's page address")
        elif isinstance(exc, OpenMLHashException):
            what = (f"the file {where} served for id {oid} fails the server's own MD5 check ({exc}). Try again "
                    f"later, or put the file in a folder named by AUCACC_MIRROR")
        else:
            what = (f"cannot download id {oid} from {where} ({type(exc).__name__}: {exc}). Check the network, or "
                    f"put the file in a folder named by AUCACC_MIRROR (or data/raw)")
        raise FetchError(f"data set {name!r}: {what}." + (f" Also: {'; '.join(errors)}" if errors else "")) from None
    try:
        digest = verify_checksum(cache, name, source, f"OpenML id {oid}:")
        _check_lock(name, {"openml_id": oid, "server": server, "md5": md5}, digest, cache, config)
    except FetchError:
        cache.unlink(missing_ok=True)
        _remove_empty_dirs(cache.parent, stop=2)
        raise
    log.info("data set %r: downloaded OpenML id %d (MD5 %s checked by the client, SHA-256 %s)", name, oid, md5, digest)
    return cache


def _download_openml(oid: int, path: Path, server: str | None = None) -> str:
    """Download OpenML data set ``oid``'s ARFF file to ``path`` (atomically, bytes as served); return its MD5.

    The ``openml`` client checks the file against the MD5 in the data set's description. Its own
    cache goes to a temporary folder that is removed afterwards (:func:`openml_client`), so nothing
    is kept outside ours. The ARFF (not the Parquet) copy is asked for, since only it has a
    checksum in the description.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with openml_client(server, path.parent) as openml:
            ds = openml.datasets.get_dataset(oid, download_data=True, download_qualities=False,
                                             download_features_meta_data=False)
            _copy_atomic(Path(ds.data_file), path)
            return str(ds.md5_checksum or "")
    except BaseException:
        _remove_empty_dirs(path.parent, stop=2)
        raise


@contextlib.contextmanager
def openml_client(server: str | None, cache_parent: str | os.PathLike | None = None) -> Iterator[Any]:
    """The ``openml`` module, pointed at ``server`` (``None``: the client's own) with its cache in a temporary folder.

    The client's cache folder is created under ``cache_parent`` (``None``: the system's temporary
    folder), named ``.openml-*``, and removed on exit; the client asks for ARFF files, not Parquet
    (``OPENML_SKIP_PARQUET``). The client's server, cache folder and that variable are restored on
    exit, so nothing of a call stays in the client's global settings or on disk.

    Raises
    ------
    ImportError
        The ``openml`` package is not installed.
    """
    import openml

    saved = (openml.config.server, openml.config._root_cache_directory, os.environ.get("OPENML_SKIP_PARQUET"))
    try:
        with tempfile.TemporaryDirectory(dir=cache_parent, prefix=".openml-") as tmp:
            if server:
                openml.config.server = server
            openml.config.set_root_cache_directory(tmp)
            os.environ["OPENML_SKIP_PARQUET"] = "true"
            yield openml
    finally:
        openml.config.server = saved[0]
        openml.config.set_root_cache_directory(saved[1])
        if saved[2] is None:
            os.environ.pop("OPENML_SKIP_PARQUET", None)
        else:
            os.environ["OPENML_SKIP_PARQUET"] = saved[2]


# --- the lock file of unpinned downloads --------------------------------------------------------------------

def lock_file(config: dict[str, Any]) -> Path:
    """The lock file recording the SHA-256 of downloads with no configured checksum (config ``lock_file``)."""
    return Path(config.get("lock_file") or schema_default("lock_file"))


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (parallel fetch jobs update the same lock file)."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lck"), "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _check_lock(name: str, origin: dict[str, Any], digest: str, cache: Path, config: dict[str, Any]) -> None:
    """Record ``digest`` for data set ``name`` on first download; raise if a later download differs."""
    path = lock_file(config)
    with locked(path):
        entries = json.loads(path.read_text()) if path.is_file() else {}
        old = entries.get(name)
        same_origin = old is not None and all(old.get(k) == v for k, v in origin.items() if k != "md5")
        if same_origin and old["sha256"] != digest:
            cache.unlink(missing_ok=True)
            raise FetchError(
                f"data set {name!r}: the download from {origin} has SHA-256 {digest}, but {path} recorded "
                f"{old['sha256']} on {old.get('recorded_utc', '?')}: the served file changed. If the new file is "
                f"intended, delete the entry {name!r} from {path}; to pin a version, put its checksum in config key "
                f"'datasets.{name}.source.sha256'.")
        if not same_origin:
            entries[name] = {**origin, "file": cache.name, "sha256": digest,
                             "recorded_utc": datetime.now(timezone.utc).isoformat(timespec="seconds")}
            atomic_write_text(path, json.dumps(entries, indent=2, sort_keys=True) + "\n")
