"""Figures a reader can trust: one colour per learner across a study's figures, no overlapping text, a note for
every missing curve, a bounded size for many classes (aucacc.report.figures and the figures of aucacc.report.plots).

The checks read the Matplotlib artists (their colours, their text boxes drawn by a renderer), not the PNG files."""

from __future__ import annotations

import itertools
import struct

import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_rgba

from aucacc.report.figures import MAX_CLASS_PANELS, learner_colours, most_frequent, save_figure
from aucacc.report.plots.det import det_figure
from aucacc.report.plots.roc import roc_dataset_figure
from aucacc.report.plots.scorecard import per_dataset
from aucacc.report.plots.significance import cd_diagram
from aucacc.report.plots.source_metrics import source_metrics_figure
from aucacc.report.plots.studies import auc_vs_accuracy_figure
from aucacc.roc import roc_dataset
from aucacc.significance import FriedmanResult, friedman_nemenyi

STUDY = ["NB", "C4.5", "LR", "SVM", "kNN"]  # a study's learners, in its configured order
SVM_WHY = "not run on this data set: binary-only learner on a data set of 10 classes"


def toy_scores(n_classes: int, learners, n: int = 300, folds: int = 5, seed: int = 0):
    """Stored-score frames (``row, fold, y_true, p:<class>…``) of ``learners`` on one data set of ``n_classes``
    classes, every class present; the later a learner, the better it separates the classes."""
    rng = np.random.default_rng(seed)
    classes = [f"c{i:03d}" for i in range(n_classes)]
    y = np.array(classes)[rng.integers(0, n_classes, n)]
    y[:n_classes] = classes
    frames = {}
    for j, lrn in enumerate(learners):
        s = rng.random((n, n_classes)) + (np.array(classes)[None, :] == y[:, None]) * (j + 1) / len(learners)
        s /= s.sum(axis=1, keepdims=True)
        frames[lrn] = pd.DataFrame({"row": np.arange(n), "fold": np.arange(n) % folds, "y_true": y,
                                    **{f"p:{c}": s[:, k] for k, c in enumerate(classes)}})
    return classes, frames


def roc_tables(n_classes: int, learners, **kw):
    """The frames of :func:`aucacc.roc.roc_dataset` on :func:`toy_scores` (fold metrics: scikit-learn's fold AUC)."""
    from sklearn.metrics import roc_auc_score

    classes, frames = toy_scores(n_classes, learners, **kw)
    metrics = {lrn: pd.DataFrame([{"fold": k, "metric": "auc",  # read for a binary set only
                                   "value": 100 * roc_auc_score(g["y_true"] == classes[-1], g[f"p:{classes[-1]}"])}
                                  for k, g in sc.groupby("fold")] if n_classes == 2 else [])
               for lrn, sc in frames.items()}
    return frames, roc_dataset("toy", classes, frames, metrics, None, "threshold", 11, 11)


def rgba(c):
    return tuple(float(v) for v in to_rgba(c))


def legend_colours(fig) -> dict[str, set]:
    """learner → the colours of its legend entries in every panel (a label names its learner before " (" or ":")."""
    out: dict[str, set] = {}
    for ax in fig.axes:
        leg = ax.get_legend()
        if leg is None:
            continue
        for handle, text in zip(leg.legend_handles, leg.get_texts()):
            name = text.get_text().split(" (")[0].split(":")[0].split(" ours")[0]
            colour = handle.get_color() if hasattr(handle, "get_color") else handle.get_facecolor()
            out.setdefault(name, set()).add(rgba(colour))
    return out


def cd_colours(fig) -> dict[str, set]:
    """learner → the colours of its label in a critical-difference diagram (``NB (2.5)`` or ``(2.5) NB``)."""
    out: dict[str, set] = {}
    for t in fig.axes[0].texts:
        words = [w for w in t.get_text().split() if not w.startswith("(")]
        if len(words) == 1 and words[0] in STUDY:
            out.setdefault(words[0], set()).add(rgba(t.get_color()))
    return out


def study_figures():
    """The figures of one study of the learners ``STUDY`` in which some learners are missing: a 10-class data set
    without the SVM (binary-only) and kNN (not trained), a binary one with all but kNN, the critical-difference
    diagram of four learners, the per-data-set figure of three, in another order."""
    frames, tables = roc_tables(10, ["NB", "C4.5", "LR"])
    absent = {"SVM": SVM_WHY, "kNN": "no scores on this data set"}
    _, binary = roc_tables(2, ["NB", "LR", "SVM"], seed=1)
    values = pd.DataFrame(np.random.default_rng(2).random((6, 4)), columns=["SVM", "LR", "C4.5", "NB"])
    summary = pd.DataFrame([{"dataset": d, "learner": lrn, "metric": m, "mean": 80.0, "sd": 2.0}
                            for d in ("a", "b") for lrn in ("SVM", "LR", "NB") for m in ("accuracy", "auc")])
    return {"roc": roc_dataset_figure("toy", tables, STUDY, absent),
            "det": det_figure("toy", tables["det"], STUDY, absent),
            "roc binary": roc_dataset_figure("bin", binary, STUDY),
            "det binary": det_figure("bin", binary["det"], STUDY),
            "source metrics": source_metrics_figure(frames, title="toy", learners=STUDY, absent=absent),
            "cd": cd_diagram(friedman_nemenyi(values, 0.05), "toy: auc", STUDY),
            "per data set": per_dataset(summary, palette=STUDY)}


@pytest.fixture(scope="module")
def figures():
    return study_figures()


def test_learner_colours_by_position_in_the_study():
    c = learner_colours(["A", "B", "C"])
    assert c == {"A": to_rgba("C0"), "B": to_rgba("C1"), "C": to_rgba("C2")}  # Matplotlib's tab10 cycle
    many = learner_colours([f"L{i}" for i in range(20)])
    assert len(set(many.values())) == 20 and many["L10"] == to_rgba("#aec7e8")  # tab20's light blue
    assert len(set(learner_colours([f"L{i}" for i in range(30)]).values())) == 30


def test_one_colour_per_learner_across_the_study_figures(figures):
    want = {k: rgba(v) for k, v in learner_colours(STUDY).items()}
    seen: dict[str, set] = {}
    for name, fig in figures.items():
        found = cd_colours(fig) if name == "cd" else legend_colours(fig)
        found = {k: v for k, v in found.items() if k in STUDY}
        for lrn, colours in found.items():
            assert colours == {want[lrn]}, (name, lrn, colours, want[lrn])
            seen.setdefault(lrn, set()).add(name)
    # every learner is met in several figures, among them some where learners before it are missing
    assert seen["LR"] == set(figures) and seen["SVM"] >= {"roc", "det", "cd", "per data set", "roc binary"}
    assert seen["kNN"] == {"roc", "det", "source metrics"}  # only as a note: no scores anywhere
    # the lines themselves, not only the legend: LR's ROC curve in the binary figure (NB, LR, SVM) is green (C2)
    ax = figures["roc binary"].axes[0]
    lr = [ln for ln in ax.lines if ln.get_label().startswith("LR (AUC")]
    assert len(lr) == 1 and rgba(lr[0].get_color()) == rgba("C2")


def test_cd_diagram_lines_take_the_study_colours(figures):
    ax = figures["cd"].axes[0]
    want = {rgba(c) for k, c in learner_colours(STUDY).items() if k != "kNN"}
    elbows = {rgba(ln.get_color()) for ln in ax.lines if len(ln.get_xdata()) == 3}
    assert elbows == want


def text_boxes(fig):
    """(where, text, box in pixels) of every drawn, non-empty text of ``fig``: titles, axis labels, tick labels
    inside the view, texts and legends of each panel, the figure's texts and title."""
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    texts = ([("suptitle", fig._suptitle)] if fig._suptitle else []) + [("figure", t) for t in fig.texts
                                                                          if t is not fig._suptitle]
    for i, ax in enumerate(fig.axes):
        if not ax.get_visible():
            continue
        texts += [(f"axes {i} title", t) for t in (ax.title, ax._left_title, ax._right_title)]
        texts += [(f"axes {i} label", ax.xaxis.label), (f"axes {i} label", ax.yaxis.label)]
        for axis, view in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            lo, hi = sorted(view)
            texts += [(f"axes {i} tick", t) for tick, t in zip(axis.get_majorticklocs(), axis.get_majorticklabels())
                      if lo <= tick <= hi and axis.get_visible()]
        texts += [(f"axes {i} text", t) for t in ax.texts]
        leg = ax.get_legend()
        if leg is not None:
            texts += [(f"axes {i} legend", t) for t in [leg.get_title(), *leg.get_texts()]]
    return [(w, t.get_text(), t.get_window_extent(r)) for w, t in texts if t.get_visible() and t.get_text().strip()]


def overlaps(fig, tol: float = 1.0):
    """Pairs of text boxes of ``fig`` that overlap by more than ``tol`` pixels both ways."""
    out = []
    for (w1, t1, b1), (w2, t2, b2) in itertools.combinations(text_boxes(fig), 2):
        dx = min(b1.x1, b2.x1) - max(b1.x0, b2.x0)
        dy = min(b1.y1, b2.y1) - max(b1.y0, b2.y0)
        if dx > tol and dy > tol:
            out.append(((w1, t1), (w2, t2)))
    return out


def test_no_text_overlaps_in_a_study_figures(figures):
    t = pd.DataFrame({"pair": ["B vs A", "C vs A", "C vs B"], "C": [0.8, 0.6, np.nan], "C_lo": [0.7, 0.4, np.nan],
                      "C_hi": [0.9, 0.8, np.nan], "D": [3.0, np.inf, np.nan], "D_lo": [1.5, 2.0, np.nan],
                      "D_hi": [np.inf, np.inf, np.nan], "consistent": ["yes", "no", "undefined"],
                      "more_discriminating": ["yes", "yes", "undefined"]})
    for name, fig in {**figures, "auc_vs_accuracy": auc_vs_accuracy_figure(t, "toy")}.items():
        assert overlaps(fig) == [], name


def test_the_overlap_check_finds_a_title_printed_over_a_panel_title():
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(4, 3, figsize=(15.6, 20))
    for ax in axes.flat:
        ax.set_title("positive = c1 vs rest (32 of 400)", fontsize=10)
    fig.suptitle("a title at Matplotlib's default height " * 3, fontsize=11)
    fig.tight_layout()
    assert [(a[0], b[0]) for a, b in overlaps(fig)] == [("suptitle", "axes 0 title"), ("suptitle", "axes 1 title")]
    plt.close(fig)


def test_many_class_titles_stay_clear_of_the_panel_titles(figures):
    """The tall ROC and DET figures of 10 classes (digits; vowel has 11): the title above every panel title."""
    r = figures["roc"].canvas.get_renderer()
    for name in ("roc", "det"):
        fig = figures[name]
        top = max(ax.title.get_window_extent(r).y1 for ax in fig.axes if ax.get_visible())
        assert fig._suptitle.get_window_extent(r).y0 > top, name


def test_a_tied_learner_has_a_visible_line_in_the_cd_diagram():
    # A and B tie for the best mean rank, D and E for the worst: scikit-posthocs draws each elbow from the label to
    # the rank and up; the tied learners share the vertical part, so the horizontal run is what shows each.
    ranks = pd.Series({"A": 1.5, "B": 1.5, "C": 3.0, "D": 4.5, "E": 4.5})
    nem = pd.DataFrame(1.0, index=ranks.index, columns=ranks.index)
    fig = cd_diagram(FriedmanResult(5.0, 0.2, ranks, nem, 2.7, 6, 0.05), "ties", list("ABCDE"))
    ax = fig.axes[0]
    fig.canvas.draw()
    colours = learner_colours(list("ABCDE"))
    for lrn in ranks.index:
        (elbow,) = [ln for ln in ax.lines if len(ln.get_xdata()) == 3 and rgba(ln.get_color()) == rgba(colours[lrn])]
        (x0, y0), (x1, _), _ = ax.transData.transform(np.c_[elbow.get_xdata(), elbow.get_ydata()])
        assert abs(x1 - x0) >= 10, (lrn, x1 - x0)  # pixels of its own line beside the shared vertical one
    assert overlaps(fig) == []


def legend_texts(ax):
    leg = ax.get_legend()
    return [leg.get_title().get_text()] + [t.get_text() for t in leg.get_texts()]


def test_every_missing_curve_is_named_with_its_reason(figures):
    for name in ("roc", "det"):
        for ax in [a for a in figures[name].axes if a.get_visible()]:
            texts = " ".join(legend_texts(ax)).replace("\n", " ")
            assert "SVM: no curve, not run on this data set: binary-only learner" in texts, name
            assert "kNN: no curve, no scores on this data set" in texts, name
    left, right = figures["source metrics"].axes
    assert any(t.startswith("SVM: no curve, not run") for t in legend_texts(left))
    # the one-learner panel says whose curves it shows and where the others are
    assert legend_texts(right)[0] == ("one learner: NB, the first of the study's learners here\n"
                                      "(C4.5, LR: precision–recall, left)")


def test_a_det_curve_not_seen_says_why():
    # on normal-deviate axes clipped at ±3 (scikit-learn draws a rate of 0 or 1 at ±8.1): "A" has the same points
    # as "D", drawn after it; "B" has a rate of 0 at both thresholds, its segment far off the axes; "C" has an
    # error-free threshold; "E" (constant scores) runs from (1, 0) to (0, 1): the chance line, seen.
    det = pd.DataFrame({"positive": "p", "n_pos": 5, "n_neg": 5,
                        "learner": ["A"] * 3 + ["B"] * 2 + ["C"] + ["D"] * 3 + ["E"] * 2,
                        "fpr": [0.6, 0.4, 0.2, 0.06, 0.0, 0.0, 0.6, 0.4, 0.2, 1.0, 0.0],
                        "fnr": [0.2, 0.4, 0.6, 0.0, 0.06, 0.0, 0.2, 0.4, 0.6, 0.0, 1.0]})
    fig = det_figure("toy", det, list("ABCDE"))
    assert [t.replace("\n", " ") for t in legend_texts(fig.axes[0])[1:]] == [
        "A (the same points as D: under its curve)",
        "B (no segment within the rates 0.13 %–99.87 % of the axes: not seen)",
        "C (error-free threshold: at −∞, not drawn)", "D", "E"]
    e = [ln for ln in fig.axes[0].lines if ln.get_label() == "E"][0]
    np.testing.assert_allclose(e.get_xydata(), [[8.125890664701906, -8.125890664701906],
                                                [-8.125890664701906, 8.125890664701906]])  # Φ⁻¹(1 − eps), Φ⁻¹(eps)
    assert overlaps(fig) == []


def test_a_roc_curve_under_another_says_so():
    _, tables = roc_tables(2, ["NB", "LR"], seed=3)
    t = {k: v.copy() for k, v in tables.items()}
    same = t["curves"][t["curves"]["learner"] == "LR"].assign(learner="C4.5")  # C4.5: LR's curves, drawn after it
    t["curves"] = pd.concat([t["curves"], same], ignore_index=True)
    t["check"] = pd.concat([t["check"], t["check"][t["check"]["learner"] == "LR"].assign(learner="C4.5")])
    labels = legend_texts(roc_dataset_figure("toy", t, STUDY).axes[0])
    assert [x.split(" (AUC")[0] + x.partition("\n")[2] for x in labels if "(AUC " in x and not x.startswith("random")] == [
        "NB", "LR  the same curve as C4.5: under it", "C4.5"]


def test_missing_learners_reads_the_exclusion_reasons(tmp_path):
    from aucacc.scores import missing_learners, write_exclusion_record, write_fold_records

    write_exclusion_record(tmp_path / "SVM.json", "iris", "SVM", "binary-only learner on 3 classes", {"x": 1})
    write_fold_records(tmp_path / "LR.json", [{"fold": 0}], {"x": 1})
    records = [tmp_path / "SVM.json", tmp_path / "LR.json"]
    assert missing_learners(["NB", "SVM", "LR", "kNN"], ["NB"], records) == {
        "SVM": "not run on this data set: binary-only learner on 3 classes",
        "LR": "not among this figure's learners", "kNN": "no scores on this data set"}
    assert missing_learners(["NB", "NB"], ["NB"]) == {}


def test_most_frequent_classes_by_hand():
    counts = {"a": 3, "b": 9, "c": 9, "d": 1, "e": 4}
    assert most_frequent(counts, 3) == (["b", "c", "e"], "the 3 most frequent of 5 classes shown "
                                                         "(2 left out, at most 3 instances each)")
    assert most_frequent(counts, 5) == (list("abcde"), "")
    assert most_frequent({"x": 2, "y": 2, "z": 2}, 2)[0] == ["x", "y"]  # ties: the class order


def png_size(path) -> tuple[int, int]:
    head = open(path, "rb").read(24)
    return struct.unpack(">II", head[16:24])


def test_figure_size_is_bounded_for_120_classes(tmp_path):
    """A 120-class data set drew a 2,323 × 29,938 px ROC figure (40 rows of panels): now at most 4 rows of the
    most frequent classes, the title saying how many are left out."""
    frames, tables = roc_tables(120, ["NB", "LR"], n=240)
    rows = int(np.ceil(MAX_CLASS_PANELS / 3))
    for name, fig in (("roc", roc_dataset_figure("toy", tables, STUDY)), ("det", det_figure("toy", tables["det"])),
                      ("source", source_metrics_figure(frames, title="toy"))):
        assert sum(ax.get_visible() for ax in fig.axes) <= MAX_CLASS_PANELS
        title = fig._suptitle.get_text() if name != "source" else fig.axes[1].get_legend().get_title().get_text()
        assert f"the {MAX_CLASS_PANELS} most frequent of 120 classes shown" in title
        w, h = png_size(save_figure(fig, tmp_path / name)["png"])
        assert w <= 3 * 5.2 * 150 + 100 and h <= (rows * 5.0 + 1) * 150, (name, w, h)
