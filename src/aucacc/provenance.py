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


def write_sidecar(output: str | os.PathLike, record: dict[str, Any]) -> Path:
    """Write ``record`` as JSON to ``<output>.provenance.json`` and return that path."""
    side = Path(str(output) + ".provenance.json")
    atomic_write_text(side, json.dumps(record, indent=2, sort_keys=True, default=str) + "\n")
    return side
