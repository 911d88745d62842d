"""Provenance records written beside every output: versions, seed, config hash, data checksums."""

from __future__ import annotations

import hashlib
import json
import os
import platform
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable


from aucacc.exceptions import IntegrityError  # noqa: F401  (re-exported: raised by verified)

def _packages() -> tuple[str, ...]:
    """``aucacc`` and its runtime requirements as the installed distribution declares them (pyproject's
    ``dependencies``, the one list of them), in that order; extras (``test``, ``cluster``) left out."""
    import re
    from importlib.metadata import PackageNotFoundError, requires

    try:
        reqs = requires("aucacc") or []
    except PackageNotFoundError:  # the source tree on sys.path without an install: nothing to read
        reqs = []
    names = [re.match(r"[A-Za-z0-9._-]+", r).group(0) for r in reqs if ";" not in r]
    return ("aucacc", *names)


def sha256_file(path: str | os.PathLike, chunk: int = 1 << 20) -> str:
    """Hex SHA-256 of a file's bytes."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def config_hash(config: Any) -> str:
    """SHA-256 of the config serialised as canonical JSON (sorted keys)."""
    blob = json.dumps(config, sort_keys=True, default=str).encode()
    return hashlib.sha256(blob).hexdigest()


def package_versions(names: Iterable[str] | None = None) -> dict[str, str]:
    """Installed versions of the packages that determine the results: by default ``aucacc`` and every
    runtime requirement of the installed distribution (:func:`_packages`)."""
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": platform.python_version()}
    for name in (_packages() if names is None else names):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = "not installed"
    return out


def provenance(config: Any = None, seed: int | None = None, inputs: Iterable[str | os.PathLike] = (),
               **extra: Any) -> dict[str, Any]:
    """A provenance record: versions, seed, config hash, and SHA-256 of each input file."""
    rec: dict[str, Any] = {
        "created_utc": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "versions": package_versions(),
        "platform": platform.platform(),
        "seed": seed,
        "config_sha256": config_hash(config) if config is not None else None,
        # The mirror actually used (the environment variable overrides config `mirror`).
        "mirror": os.environ.get("AUCACC_MIRROR") or (config.get("mirror") if isinstance(config, dict) else None),
        "inputs": {str(p): sha256_file(p) for p in inputs if Path(p).is_file()},
    }
    if config is not None:
        rec["config"] = config
    rec.update(extra)
    return rec


def _umask() -> int:
    """The process umask (read by setting and restoring it: Python has no getter)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then rename.

    A failure part-way leaves no partial file at ``path``. The file gets the permissions an
    ordinary ``open`` would give (0666 less the umask, e.g. ``-rw-r--r--`` under umask 022),
    not ``mkstemp``'s owner-only 0600.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Text version of :func:`atomic_write_bytes` (UTF-8)."""
    atomic_write_bytes(path, text.encode("utf-8"))


#: Suffix of the provenance record written beside an output (``<output>.provenance.json``).
SIDECAR = ".provenance.json"
#: A data-set or learner name may not end in one of these (in any case; ``aucacc.config`` refuses it, and
#: ``aucacc.datasets.openml_suites.dataset_name`` never makes one). Each of a name's files is ``<name><suffix>`` in a
#: folder of names of its kind (``results/scores/<protocol>/<data set>/<learner>.parquet``, ``<learner>.json``, ...),
#: each with its record ``<file>.provenance.json``, so two names' files coincide only when one name is the other
#: plus the head ``.<ext>.provenance`` of a record's suffix: learner ``NB.parquet.provenance`` would write
#: ``NB.parquet.provenance.json``, the record of NB's scores. A name ``X.provenance`` writes ``X.provenance.json``,
#: read as the record of a file ``X`` that does not exist (:func:`remove_orphan_sidecars` deletes it).
#: tests/test_config.py derives every such collision from the workflow's file suffixes and checks that it is refused.
RESERVED_NAME_SUFFIXES = (SIDECAR.removesuffix(".json"),)


def sidecar_path(output: str | os.PathLike) -> Path:
    """The provenance record of ``output``: ``<output>.provenance.json``."""
    return Path(str(output) + SIDECAR)


def remove_orphan_sidecars(root: str | os.PathLike) -> list[Path]:
    """Delete every provenance record under ``root`` whose file is gone; return their paths.

    A job that fails after writing one of its outputs leaves that output's record behind when
    Snakemake removes the output (the record is not a declared output): the workflow's ``onerror``
    handler calls this so that a failed run leaves nothing half-written in ``results/``.
    """
    gone = []
    for side in sorted(Path(root).rglob(f"*{SIDECAR}")):
        target = Path(str(side)[: -len(SIDECAR)])
        if not target.exists():
            side.unlink(missing_ok=True)
            gone.append(side)
    return gone


def write_sidecar(output: str | os.PathLike, record: dict[str, Any]) -> Path:
    """Write ``record`` as JSON to ``<output>.provenance.json``, with the SHA-256 of ``output``, and return that path.

    The checksum (key ``sha256``) is what :func:`verified` compares a later reader's copy with.
    """
    side = sidecar_path(output)
    record = {**record, "sha256": sha256_file(output)}
    atomic_write_text(side, json.dumps(record, indent=2, sort_keys=True, default=str) + "\n")
    return side


def write_intermediate(path: str | os.PathLike, data: bytes | str, record: dict[str, Any] | None = None) -> Path:
    """Write an intermediate file (atomically) and its provenance record with its SHA-256.

    The one way a workflow job writes a file that a later job reads (clean data and its schema,
    folds, scores, metrics, ...): the later job reads it through :func:`verified`.

    Parameters
    ----------
    path : the file.
    data : its content (text is written as UTF-8).
    record : provenance (e.g. :func:`provenance`); ``sha256`` is added. A minimal record (the
        creation time) without it.

    Returns
    -------
    Path
        ``path``.
    """
    atomic_write_bytes(path, data.encode("utf-8") if isinstance(data, str) else data)
    if record is None:
        record = {"created_utc": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    write_sidecar(path, record)
    return Path(path)


def verified(path: str | os.PathLike) -> Path:
    """Return ``path`` once its SHA-256 equals the one its provenance record (``<path>.provenance.json``) gives.

    Every reader of an intermediate file calls this first, so a file changed after the job that
    wrote it (a hand edit, a disk fault, a copy cut short) stops the job instead of being used.
    Cost: one SHA-256 of the file (about 10 ms per MB on a loaded 2-core machine; intermediates are at most
    about 1 MB).

    Raises
    ------
    IntegrityError
        The checksums differ, or the record is missing or has no ``sha256``. The message names
        the file and the fix: delete it and re-run (Snakemake then makes it again).
    """
    path = Path(path)
    side = sidecar_path(path)
    fix = (f"Delete {path} and re-run: the workflow makes it again (and everything made from it). "
           f"Do not edit intermediate files by hand")
    if not path.is_file():
        raise IntegrityError(f"{path}: no such file (an input of this job). Re-run the workflow to make it.")
    try:
        want = json.loads(side.read_text()).get("sha256")
    except FileNotFoundError:
        raise IntegrityError(f"{path} has no provenance record {side}, so it cannot be checked. {fix} (after an "
                             f"upgrade, `snakemake --forceall` re-makes every file without one).") from None
    except (ValueError, AttributeError) as exc:
        raise IntegrityError(f"{path}: its provenance record {side} is not valid JSON ({exc}). {fix}.") from None
    if not want:
        raise IntegrityError(f"{path}: its provenance record {side} gives no SHA-256 (written by an older "
                             f"version). {fix} (after an upgrade, `snakemake --forceall` re-makes every such file).")
    have = sha256_file(path)
    if have != want:
        raise IntegrityError(f"{path} has SHA-256 {have}, but its provenance record {side} records {want}: the "
                             f"file changed after the job that wrote it. {fix}.")
    return path
