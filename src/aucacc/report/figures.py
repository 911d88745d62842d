"""Figure output and the conventions every figure shares.

Every figure is saved as PNG and PDF, atomically, with the Agg backend (:func:`save_figure`). The
figures of a study share one colour per learner (:func:`learner_colours`), keep their title clear of the
panels' (:func:`suptitle`), name in a panel's legend each learner without a curve and why
(:func:`absent_handles`), and bound their number of class panels (:func:`most_frequent`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")  # no screen on CI or the cluster
import matplotlib.pyplot as plt  # noqa: E402

from aucacc.provenance import atomic_write_bytes  # noqa: E402

MAX_CLASS_PANELS = 12
"""The most class panels (one-vs-rest) a figure draws: 4 rows of 3 panels; a data set with more classes shows its
most frequent ones, and a note says how many are left out (a 120-class set drew a 2,323 × 29,938 px figure)."""

MARK_COLOURS = ("k", "0.45")
"""The colours of marks that are not a learner (e.g. C and D in a study's AUC-against-accuracy figure): black and
grey, never a colour of :func:`learner_colours`."""


def learner_colours(learners: Sequence[str]) -> dict[str, tuple[float, float, float, float]]:
    """One colour per learner, by its position in a study's learner list (``studies.<name>.learners``).

    Every figure of a study takes its colours from here with the study's whole list, so that a learner
    has the same colour in every figure, also in one where other learners are missing.

    Parameters
    ----------
    learners : sequence of str
        The study's learners in their configured order (duplicates keep their first position).

    Returns
    -------
    dict
        learner → RGBA: Matplotlib's ``tab10`` for the first 10 (its default colour cycle, ``C0``…``C9``),
        the light shades of ``tab20`` for the next 10, then evenly spaced colours of ``turbo`` for a list
        of more than 20 (distinct, but harder to tell apart).
    """
    names = list(dict.fromkeys(learners))
    tab10, tab20 = plt.get_cmap("tab10"), plt.get_cmap("tab20")
    if len(names) <= 20:
        return {x: tab10(i) if i < 10 else tab20(2 * (i - 10) + 1) for i, x in enumerate(names)}
    turbo = plt.get_cmap("turbo")
    return {x: turbo(0.05 + 0.9 * i / (len(names) - 1)) for i, x in enumerate(names)}


def suptitle(fig: "plt.Figure", text: str, **kwargs) -> "plt.Text":
    """The figure's title: at Matplotlib's default 98 % of the height, or 0.1 inch below the top edge in a figure
    taller than 5 inches.

    At 98 % the title of a tall figure (many class panels) sits so far below the top edge that it prints over
    the first row's panel titles, since ``tight_layout`` reserves only the title's own height above them; in a
    figure up to 5 inches tall the two places agree (0.1 inch at 5 inches). ``kwargs`` go to
    :meth:`matplotlib.figure.Figure.suptitle` (e.g. ``fontsize``).
    """
    return fig.suptitle(text, y=1 - min(0.02, 0.1 / fig.get_figheight()), **kwargs)


def most_frequent(counts: Mapping[str, int], cap: int = MAX_CLASS_PANELS) -> tuple[list[str], str]:
    """The ``cap`` most frequent classes, in their given order, and a note on those left out.

    Parameters
    ----------
    counts : class → number of instances, in the data's class order.
    cap : how many to keep (ties broken by the class order).

    Returns
    -------
    (kept, note) : the kept classes in the order of ``counts``, and ``""`` when none is left out, else
        e.g. ``"the 12 most frequent of 120 classes shown (108 left out, the smallest with 3 instances)"``.
    """
    order = list(counts)
    if len(order) <= cap:
        return order, ""
    ranked = sorted(order, key=lambda c: (-counts[c], order.index(c)))
    kept = set(ranked[:cap])
    left = ranked[cap:]
    note = (f"the {cap} most frequent of {len(order)} classes shown ({len(left)} left out, at most "
            f"{counts[left[0]]} instances each)")
    return [c for c in order if c in kept], note


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


def absent_handles(absent: Mapping[str, str], colours: Mapping[str, object]) -> list[tuple[object, str]]:
    """Legend entries of the learners without a curve in a panel: a cross in the learner's colour and why.

    Parameters
    ----------
    absent : learner → why it has no curve (e.g. ``"not run on this data set: binary-only learner"``).
    colours : learner → colour (:func:`learner_colours`); a learner not in it gets grey.

    Returns
    -------
    list of (handle, label) : for ``ax.legend(handles, labels)``, in the order of ``absent``; a label is
        wrapped at 45 characters and shortened to 125 (an exclusion reason may list every class).
    """
    import textwrap

    from matplotlib.lines import Line2D

    def label(lrn: str, why: str) -> str:
        return textwrap.fill(textwrap.shorten(f"{lrn}: no curve, {why}", 125, placeholder=" […]"), 45)

    return [(Line2D([], [], color=colours.get(lrn, "0.5"), lw=0, marker="x", ms=5), label(lrn, why))
            for lrn, why in absent.items()]
