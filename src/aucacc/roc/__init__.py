"""ROC analysis of scored test sets: ROC points with ties, AUC, fold averaging, the ROC convex hull.

Sources
-------
- Fawcett (2006), *An introduction to ROC analysis*, Pattern Recognition Letters 27:861–874:
  Alg. 2 (efficient ROC points; tied scores form one diagonal segment), Alg. 3 (AUC by
  trapezoids), §8 Alg. 4 (vertical averaging) and Alg. 5 (threshold averaging).
- Provost & Fawcett (2001), *Robust classification for imprecise environments*, Machine
  Learning 42:203–231: iso-performance lines of slope ``m = c(Y,n) p(n) / (c(N,p) p(p))``
  (§2.2.1), the ROC convex hull ROCCH (§2.2.2–2.2.3), the dominating classifier per slope range
  (§4.2, their Table 2) and the ROCCH-hybrid with interpolation between hull vertices (§3.1).

Conventions
-----------
A point is labelled with the threshold ``t`` for which "predict positive iff score >= t" gives
it; the first point (0, 0) has ``t = +inf``. (Fawcett labels each point with the *next* score and
uses "score > t"; the point sets are the same.) Rates are fractions in 0–1.

Layers
------
:mod:`.curves` (ROC points, AUC, averaging) and :mod:`.hull` (ROCCH, slopes, hybrid), both pure
numpy; :mod:`.rocch` (the same on tidy frames of several learners); :mod:`.experiment` (stored
fold scores → the frames of the rule ``roc_dataset`` and the tables of ``roc_tables``); the figure
is drawn from those frames by :mod:`aucacc.report.plots.roc` (the rule's script calls it). The
positive class of a binary reading is :func:`aucacc.scores.positive_class`.
"""

from aucacc.roc.curves import (RocCurve, ThresholdAverage, VerticalAverage, auc_from_points, point_at_threshold,
                               roc_points, threshold_average, tpr_at_fpr, vertical_average)
from aucacc.roc.experiment import AUC_TOL, HULL_POINTS, analyse, fold_curves, operating_points, roc_dataset, roc_tables
from aucacc.roc.hull import Hull, hybrid_for_fpr, hybrid_for_slope, iso_slope, roc_convex_hull, slope_ranges
from aucacc.roc.rocch import (ALWAYS_NEGATIVE, ALWAYS_POSITIVE, candidate_auc, dominators, hull_auc, hybrid_at_fprs,
                              hybrid_choices, rocch_table, zoom_box)
from aucacc.scores import positive_class  # the scores format (bottom layer); kept here, where the ROC stage uses it

__all__ = ["RocCurve", "ThresholdAverage", "VerticalAverage", "auc_from_points", "point_at_threshold", "roc_points",
           "threshold_average", "tpr_at_fpr", "vertical_average", "AUC_TOL", "HULL_POINTS", "analyse", "fold_curves",
           "operating_points", "positive_class", "roc_dataset", "roc_tables", "Hull", "hybrid_for_fpr",
           "hybrid_for_slope", "iso_slope", "roc_convex_hull", "slope_ranges", "ALWAYS_NEGATIVE", "ALWAYS_POSITIVE",
           "candidate_auc", "dominators", "hull_auc", "hybrid_at_fprs", "hybrid_choices", "rocch_table", "zoom_box"]
