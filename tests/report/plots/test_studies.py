"""aucacc.report.plots.studies: the C/D figure of a study draws finite, infinite and undefined values."""

import numpy as np
import pandas as pd

from aucacc.report.plots.studies import auc_vs_accuracy_figure, message_figure


def test_auc_vs_accuracy_figure_log_d_and_reference_lines():
    t = pd.DataFrame({"pair": ["B vs A", "C vs A", "C vs B"], "C": [0.8, 0.6, np.nan], "C_lo": [0.7, 0.4, np.nan],
                      "C_hi": [0.9, 0.8, np.nan], "D": [3.0, np.inf, np.nan], "D_lo": [1.5, 2.0, np.nan],
                      "D_hi": [np.inf, np.inf, np.nan], "consistent": ["yes", "not shown", "undefined"],
                      "more_discriminating": ["yes", "yes", "undefined"]})
    fig = auc_vs_accuracy_figure(t, "s")
    c_ax, d_ax = fig.axes
    assert d_ax.get_xscale() == "log"
    assert [ln.get_xdata()[0] for ln in c_ax.lines if ln.get_linestyle() == "--"] == [0.5]
    assert [ln.get_xdata()[0] for ln in d_ax.lines if ln.get_linestyle() == "--"] == [1.0]
    # the infinite D is drawn (a triangle at the top edge) and labelled
    tri = [ln for ln in d_ax.lines if ln.get_marker() == "^"]
    assert len(tri) == 1 and tri[0].get_xdata()[0] < d_ax.get_xlim()[1]
    assert d_ax.get_xticklabels()[-1].get_text() == "∞" and d_ax.get_xticks()[-1] == tri[0].get_xdata()[0]
    labels = [x.get_text() for x in c_ax.get_yticklabels()]
    assert labels == ["B vs A", "C vs A", "C vs B (C, D undefined)"]  # ticks y = 2, 1, 0: first pair on top


def test_message_figure():
    fig = message_figure("does not apply")
    assert fig.axes[0].texts[0].get_text() == "does not apply"


def test_the_reference_line_has_its_tick_left_of_infinity():
    t = pd.DataFrame({"pair": ["B vs A"], "C": [1.0], "C_lo": [1.0], "C_hi": [1.0], "D": [np.inf], "D_lo": [0.5],
                      "D_hi": [np.inf], "consistent": ["not shown"], "more_discriminating": ["not shown"]})
    d_ax = auc_vs_accuracy_figure(t).axes[1]
    labels = [x.get_text() for x in d_ax.get_xticklabels()]
    assert "1" in labels and labels[-1] == "∞"
    assert d_ax.get_xticks()[-1] >= 3  # ∞ drawn well right of D = 1
