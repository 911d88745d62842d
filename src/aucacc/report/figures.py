"""Figure output: every figure is saved as PNG and PDF, atomically, with the Agg backend."""

from __future__ import annotations

import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no screen on CI or the cluster
import matplotlib.pyplot as plt  # noqa: E402

from aucacc.provenance import atomic_write_bytes  # noqa: E402


def save_figure(fig: "plt.Figure", stem: str | os.PathLike, dpi: int = 150) -> dict[str, Path]:
    """Save ``fig`` to ``<stem>.png`` and ``<stem>.pdf`` (no partial file on failure), then close it."""
    import io

    stem = Path(stem)
    out = {}
    for ext in ("png", "pdf"):
        buf = io.BytesIO()
        # Fixed metadata keeps the PDF byte-identical across runs.
        meta = {"CreationDate": None} if ext == "pdf" else {"Software": None}
        fig.savefig(buf, format=ext, dpi=dpi, bbox_inches="tight", metadata=meta)
        path = stem.with_suffix("." + ext)
        atomic_write_bytes(path, buf.getvalue())
        out[ext] = path
    plt.close(fig)
    return out
