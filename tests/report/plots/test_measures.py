"""aucacc.report.plots.measures: the heat map of a study's measures matrix draws C, log2 D, ∞ and undefined cells."""

import numpy as np
import pandas as pd

from aucacc.report.plots.measures import LOG2_D_CAP, measures_matrix_figure


def test_measures_matrix_figure_cells():
    t = pd.DataFrame({"f": ["auc", "accuracy", "auc", "brier", "accuracy", "brier"],
                      "g": ["accuracy", "auc", "brier", "auc", "brier", "accuracy"],
                      "C": [0.9, 0.9, 0.4, 0.4, np.nan, np.nan], "D": [4.0, 0.25, np.inf, 0.0, np.nan, np.nan],
                      "consistent": ["yes", "yes", "no (p = 0.3)", "no (p = 0.3)", "undefined", "undefined"],
                      "more_discriminating": ["yes", "no (p = 1)", "yes", "no (p = 1)", "undefined", "undefined"]})
    fig = measures_matrix_figure(t, ["auc", "accuracy", "brier"], "s")
    c_ax, d_ax = fig.axes[:2]  # then the colour bars
    c = c_ax.images[0].get_array()
    d = d_ax.images[0].get_array()
    assert c[0, 1] == 0.9 and c.mask[0, 0] and c.mask[1, 2]  # diagonal and undefined masked
    assert d[0, 1] == 2.0 and d[1, 0] == -2.0  # log2 4, log2 1/4
    assert d[0, 2] == LOG2_D_CAP and d[2, 0] == -LOG2_D_CAP  # ∞ and 0 at the ends of the scale
    c_text = {(t.get_position()): t.get_text() for t in c_ax.texts}
    d_text = {(t.get_position()): t.get_text() for t in d_ax.texts}
    assert c_text[(1, 0)] == "0.90*" and c_text[(2, 1)] == "—"  # (x = column, y = row)
    assert d_text[(2, 0)] == "∞*" and d_text[(0, 2)] == "0" and d_text[(1, 0)] == "4*"
    assert [x.get_text() for x in c_ax.get_yticklabels()] == ["AUC", "accuracy", "Brier"]
