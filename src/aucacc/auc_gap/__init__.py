"""Why the published AUCs differ from a standard computation: candidate readings, tested on stored scores.

Each *reading* is a way the paper might have computed AUC (Huang & Ling 2005, §IV-B and §IV-C). Every reading is
recomputed from the stored per-instance class-probability vectors — nothing is re-trained —
and compared with the published per-data-set AUCs. The standard reading (per-fold rank AUC
with mid-ranks; Hand & Till M for more than two classes) stays the default everywhere else.

Readings
--------
standard
    Per fold: binary rank AUC with mid-ranks for ties (Hand & Till 2001, eq. 3); multi-class
    Hand–Till M (eq. 7).
hard_label
    The predicted class label instead of the probability (a one-hot score), so the ROC curve
    has a single operating point: binary AUC = (TPR + TNR) / 2.
ties_pessimistic
    Tied positive–negative pairs count as wrongly ordered (0 instead of ½).
ties_random
    Ties broken by one seeded random order (the expectation equals ``standard``; one draw
    shows how much an arbitrary order can move a fold's AUC).
pooled
    One AUC over the scores of all folds pooled (Fawcett 2006, §8 "merging"), not the mean of
    per-fold AUCs.
ovr_unweighted, ovr_weighted
    Multi-class only: the mean of one-vs-rest AUCs, unweighted or weighted by class prevalence
    (Provost & Domingos 2001; Weka's "weighted AUC"); binary data sets as ``standard``.
per_fold_discretization
    ``standard`` on scores from the leakage-free protocol (cut points from each training part);
    ``per_fold_discretization+<reading>`` combines that protocol with each other reading.
weka342_<scope>_<positive>_<order>
    Weka 3.4.2's ``ThresholdCurve`` area, bug included (:mod:`aucacc.weka342`), the tool of
    the paper's time: ``scope`` ``fold`` (mean of per-fold areas) or ``pooled`` (one area of
    the predictions of all folds, as the Explorer showed it); ``positive`` the ``first``,
    ``last`` or ``minority`` class (one-vs-rest for a multi-class set, as Weka 3.4 had no
    multi-class AUC); ``order`` the order the predictions are given to Weka's unstable
    quicksort: ``stored`` (fold by fold, instances in data order), ``reversed``, or
    ``shuffled`` (one seeded permutation of the instances, shared by every learner).

Layers
------
:mod:`.readings` (the readings of AUC, :func:`reading_aucs`), :mod:`.weka_readings` (Weka 3.4.2's
own area, the inputs Weka would get), :mod:`.hypotheses` (every reading against the published
AUCs and claims: the tables), :mod:`.markdown` (the write-up ``report/auc_gap.md``).
"""

from aucacc.auc_gap.hypotheses import (claim_verdicts, hypothesis_tables, impossible_published, reading_claims,
                                       weka342_comparison)
from aucacc.auc_gap.markdown import gap_report
from aucacc.auc_gap.readings import READINGS, PairAUC, reading_aucs
from aucacc.auc_gap.weka_readings import (WEKA342_ORDERS, WEKA342_POSITIVES, WEKA342_READINGS, WEKA342_SCOPES,
                                          weka342_cases, weka342_inputs, weka342_reading)

__all__ = ["claim_verdicts", "hypothesis_tables", "impossible_published", "reading_claims", "weka342_comparison",
           "gap_report", "READINGS", "PairAUC", "reading_aucs", "WEKA342_ORDERS", "WEKA342_POSITIVES",
           "WEKA342_READINGS", "WEKA342_SCOPES", "weka342_cases", "weka342_inputs", "weka342_reading"]
