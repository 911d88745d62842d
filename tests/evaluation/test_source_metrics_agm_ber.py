"""AGM and BER (Tharwat 2020) in the source metrics, against values worked by hand."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from aucacc.evaluation.source_metrics import (CONFUSION_METRICS, adjusted_geometric_mean, confusion_metrics,
                                              fold_source_metrics)


def _labels(tp, fn, fp, tn):
    y = ["P"] * (tp + fn) + ["N"] * (fp + tn)
    p = ["P"] * tp + ["N"] * fn + ["P"] * fp + ["N"] * tn
    return np.array(y), np.array(p)


def test_ber_and_agm_on_tharwats_binary_example():
    # TP 70, FN 30, FP 20, TN 80: TPR = 0.7, TNR = 0.8, BCR = 0.75 (Tharwat prints it), so
    # BER = 1 − 0.75 = 0.25. Nn = 100/200 = 0.5, GM = √0.56 = 0.748331477…,
    # AGM = (0.748331477 + 0.8·0.5) / 1.5 = 1.148331477 / 1.5 = 0.765554318…
    m = confusion_metrics(*_labels(70, 30, 20, 80), positive="P")
    assert m["BER"] == pytest.approx(0.25, abs=1e-15)
    assert m["AGM"] == pytest.approx(0.765554318, abs=1e-9)


def test_agm_weighs_tnr_by_the_negative_share():
    # TP 3, FN 1, FP 2, TN 14 (n = 20): TPR = 3/4, TNR = 14/16 = 7/8, Nn = 16/20 = 0.8.
    # GM = √(21/32) = √0.65625 = 0.810092587…; AGM = (0.810092587 + 0.875·0.8) / 1.8
    # = 1.510092587 / 1.8 = 0.838940326…; BER = 1 − (0.75 + 0.875)/2 = 0.1875.
    m = confusion_metrics(*_labels(3, 1, 2, 14), positive="P")
    assert m["AGM"] == pytest.approx(0.838940326, abs=1e-9)
    assert m["BER"] == pytest.approx(0.1875, abs=1e-15)
    assert m["AGM"] > m["GM"]  # TNR > GM here, so the adjustment raises it


def test_agm_is_zero_without_a_true_positive_and_nan_without_positives():
    # TP 0, FN 5, FP 0, TN 10: TPR = 0 → AGM = 0 by definition although TNR = 1; BER = 1 − 0.5 = 0.5.
    m = confusion_metrics(*_labels(0, 5, 0, 10), positive="P")
    assert m["AGM"] == 0.0 and m["BER"] == 0.5
    # No positive instance: TPR undefined, so AGM and BER are too (never 0).
    m = confusion_metrics(*_labels(0, 0, 3, 7), positive="P")
    assert math.isnan(m["AGM"]) and math.isnan(m["BER"])
    assert math.isnan(adjusted_geometric_mean(math.nan, 1.0, 0.5))
    # Perfect classifier: GM = 1, AGM = (1 + Nn)/(1 + Nn) = 1 for any Nn.
    assert adjusted_geometric_mean(1.0, 1.0, 0.3) == 1.0


def test_fold_source_metrics_rows_include_ber_and_agm():
    assert CONFUSION_METRICS[-2:] == ("BER", "AGM")
    # One fold, positive "b" (the minority): y = a a a b b, predicted a a b b a →
    # TP 1, FN 1, FP 1, TN 2: TPR 1/2, TNR 2/3, BER = 1 − 7/12 = 5/12, Nn = 3/5,
    # AGM = (√(1/3) + (2/3)(3/5)) / (8/5) = (0.577350269 + 0.4) / 1.6 = 0.610843918…
    sc = pd.DataFrame({"fold": 0, "row": range(5), "y_true": list("aaabb"), "y_pred": list("aabba"),
                       "p:a": [0.9, 0.8, 0.4, 0.3, 0.6], "p:b": [0.1, 0.2, 0.6, 0.7, 0.4]})
    m = fold_source_metrics(sc).set_index("metric")["value"]
    assert m["BER"] == pytest.approx(5 / 12, abs=1e-15)
    assert m["AGM"] == pytest.approx(0.610843918, abs=1e-9)
