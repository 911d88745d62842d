"""The one-hot encoding of nominal attributes lives with the learners (:mod:`aucacc.learners.encoding`),
which the SVM and cross-validation share; this module keeps its old import path."""

from aucacc.learners.encoding import encode_features

__all__ = ["encode_features"]
