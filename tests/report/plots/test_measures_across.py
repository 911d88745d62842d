"""aucacc.report.plots.measures: the figures across data sets draw the expected panels, points, colours and labels,
and are saved as PNG and PDF."""

import matplotlib.colors as mcolors
import numpy as np
import pandas as pd

from aucacc.report.figures import learner_colours, save_figure
from aucacc.report.plots.measures import learner_pairs_figure, measure_ranks_figure, measure_scatter_figure
from aucacc.studies.measures import measure_ranks, pair_values


def _means() -> pd.DataFrame:
    """3 data sets × learners A, B, C; accuracy, AUC, Brier, MCC (one value per data set and learner)."""
    rng = np.random.default_rng(0)
    rows = []
    for d in ("d1", "d2", "d3"):
        for lrn in "ABC":
            for m in ("accuracy", "auc", "brier", "mcc"):
                rows.append({"dataset": d, "learner": lrn, "measure": m, "value": float(rng.uniform(0.2, 0.9)),
                             "folds": 5, "of": 5})
    return pd.DataFrame(rows)


def _visible(fig):
    return [ax for ax in fig.axes if ax.axison]


def test_scatter_panels_against_auc_then_accuracy(tmp_path):
    fig = measure_scatter_figure(_means(), ["accuracy", "auc", "brier", "mcc"], ["C", "A", "B"], "s")
    # x = AUC: accuracy, Brier, MCC; x = accuracy: Brier, MCC (AUC against accuracy drawn once): 5 panels of 2 × 3
    titles = [ax.get_title().split(":")[0] for ax in _visible(fig)]
    assert titles == ["accuracy vs AUC", "Brier vs AUC", "MCC vs AUC", "Brier vs accuracy", "MCC vs accuracy"]
    assert len(fig.axes) == 6
    ax = _visible(fig)[1]
    assert ax.get_ylabel() == "Brier (lower is better)" and ax.get_xlabel() == "AUC"
    # one collection per (learner, data set), in the study's colour of that learner (C first in the study's list)
    colours = learner_colours(["C", "A", "B"])
    got = [mcolors.to_hex(c.get_facecolor()[0], keep_alpha=False) for c in ax.collections]
    assert got == [mcolors.to_hex(colours[x], keep_alpha=False) for x in ("C", "A", "B") for _ in range(3)]
    assert [len(c.get_offsets()) for c in ax.collections] == [1] * 9
    m = _means().pivot_table(index=["dataset", "learner"], columns="measure", values="value")
    a = m.xs("A", level="learner")
    np.testing.assert_allclose([c.get_offsets()[0, 0] for c in ax.collections[3:6]], a["auc"].to_numpy())
    # AUC and accuracy only: one panel, no empty row for accuracy's block
    two = measure_scatter_figure(_means(), ["auc", "accuracy"], ["A", "B", "C"])
    assert len(two.axes) == 1 and two.axes[0].get_title().startswith("accuracy vs AUC")
    out = save_figure(fig, tmp_path / "scatter")
    assert out["png"].stat().st_size > 10_000 and out["pdf"].exists()


def _marker_paths(ax):
    return [tuple(map(tuple, np.round(c.get_paths()[0].vertices, 6))) for c in ax.collections]


def test_scatter_points_say_their_data_set():
    """The new-user trial: a point of the measures scatter did not say which data set it is. Up to 10 data sets each
    has its own marker (the same in every panel and for every learner), named in a key under the learners' legend;
    beyond, each point carries its data set's number (its label placed where it overlaps no other) and the key
    numbers the data sets."""
    fig = measure_scatter_figure(_means(), ["accuracy", "auc", "brier"], ["A", "B", "C"])
    ax = _visible(fig)[0]
    assert [len(c.get_offsets()) for c in ax.collections] == [1] * 9  # learners A, B, C x data sets d1, d2, d3
    paths = _marker_paths(ax)
    assert len({paths[k] for k in range(3)}) == 3  # A's three points: three shapes
    assert paths[:3] == paths[3:6] == paths[6:]  # the same shape per data set for B and C
    assert _marker_paths(_visible(fig)[1]) == paths  # and in every panel
    learners, key = fig.legends
    assert [t.get_text() for t in learners.get_texts()] == ["A", "B", "C"]
    assert [t.get_text() for t in key.get_texts()] == ["d1", "d2", "d3"] and key.get_title().get_text() == "data sets"
    # 12 data sets: circles, each point numbered by its data set; a number of a crowded point may be left out
    rows = []
    for k in range(12):
        for lrn, shift in (("A", 0.0), ("B", 0.3)):  # far apart: every label fits
            rows += [{"dataset": f"set{k}", "learner": lrn, "measure": "auc", "value": k / 12 + shift},
                     {"dataset": f"set{k}", "learner": lrn, "measure": "accuracy", "value": k / 12 - shift}]
    many = measure_scatter_figure(pd.DataFrame(rows), ["auc", "accuracy"], ["A", "B"])
    ax = many.axes[0]
    labels = {(round(t.xy[0], 6), round(t.xy[1], 6)): t.get_text() for t in ax.texts}
    assert labels == {(round(r0["value"], 6), round(r1["value"], 6)): str(int(r0["dataset"][3:]) + 1)
                      for r0, r1 in zip(rows[0::2], rows[1::2])}
    key = many.legends[1]
    assert [t.get_text() for t in key.get_texts()] == [f"set{k}" for k in range(12)]
    assert "number" in key.get_title().get_text()
    # 23 points in one spot and one far off: the outlier keeps its number, the crowd only some of theirs
    crowd = pd.DataFrame([{**r, "value": 1.0 if i < 2 else 0.5 + 1e-4 * i} for i, r in enumerate(rows)])
    texts = measure_scatter_figure(crowd, ["auc", "accuracy"], ["A", "B"]).axes[0].texts
    assert (1.0, 1.0) in {tuple(t.xy) for t in texts} and 1 < len(texts) < 12


def test_learner_pairs_panels_and_the_better_side():
    means = _means()
    pairs = [("A", "B"), ("A", "C"), ("B", "C"), ("C", "A")]
    fig = learner_pairs_figure(pair_values(means, "auc", pairs), "auc", pairs, ["A", "B", "C"], "s")
    assert len(_visible(fig)) == 4 and len(fig.axes) == 6  # 3 per row
    ax = _visible(fig)[0]
    texts = {t.get_text(): t.get_position() for t in ax.texts}
    assert texts["B better"] == (0.04, 0.96) and texts["A better"] == (0.96, 0.04)  # higher AUC: above = y's learner
    fig = learner_pairs_figure(pair_values(means, "brier", pairs), "brier", pairs[:1], ["A", "B", "C"], "s", "note")
    ax = _visible(fig)[0]
    texts = {t.get_text(): t.get_position() for t in ax.texts}
    assert texts["A better"] == (0.04, 0.96) and texts["B better"] == (0.96, 0.04)  # lower Brier: above = x's
    v = pair_values(means, "brier", pairs[:1])
    wins = (v["better"] == "a").sum(), (v["better"] == "b").sum()
    assert ax.get_title() == f"A vs B: A {wins[0]}, B {wins[1]}, tied 0"
    assert sum(len(c.get_offsets()) for c in ax.collections) == 3  # one point per data set
    assert fig._suptitle.get_text().endswith("\nnote")


def test_learner_pairs_points_above_the_side_labels_and_a_readable_span():
    """The new-user trial: a lopsided win lies in the corner of its side's label, which was drawn over it; and one
    data set (the H-measure on a study's one binary set) gave an axis span of 1e-4 with six-digit tick labels."""
    means = _means()
    pairs = [("A", "B")]
    fig = learner_pairs_figure(pair_values(means, "auc", pairs), "auc", pairs, ["A", "B", "C"])
    ax = _visible(fig)[0]
    assert min(c.get_zorder() for c in ax.collections) > max(t.get_zorder() for t in ax.texts)
    one = means[means.dataset == "d1"].copy()
    one.loc[one.learner == "B", "value"] = one.loc[one.learner == "A", "value"].to_numpy() + 1e-4
    fig = learner_pairs_figure(pair_values(one, "auc", pairs), "auc", pairs, ["A", "B", "C"])
    ax = _visible(fig)[0]
    lo, hi = ax.get_xlim()
    v = float(one[(one.learner == "A") & (one.measure == "auc")]["value"].iloc[0])
    assert hi - lo >= 0.02 and lo < v < hi  # at least 1 % of the scale (1) on each side
    assert sum(len(c.get_offsets()) for c in ax.collections) == 1


def test_rank_plot_one_line_per_learner():
    ranks = measure_ranks(_means(), ["accuracy", "auc", "brier", "mcc"], ["A", "B", "C"])
    fig = measure_ranks_figure(ranks, ["accuracy", "auc", "brier", "mcc"], ["A", "B", "C"], "s")
    (ax,) = fig.axes
    lines = ax.get_lines()
    assert [ln.get_label() for ln in lines] == ["A", "B", "C"]
    for ln in lines:
        want = ranks[ranks.learner == ln.get_label()]["rank"].to_numpy()
        np.testing.assert_allclose(ln.get_ydata(), want)
    assert ax.get_ylim()[0] > ax.get_ylim()[1]  # rank 1 at the top
    assert [t.get_text() for t in ax.get_xticklabels()][2] == "Brier\n(3 data sets)"
