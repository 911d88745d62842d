"""Every error aucacc raises for bad input, in one place (a bottom-layer module: it imports nothing from aucacc).

Each one says what is wrong and what to do; the message names the data set, file, line or config
key. All derive from :class:`AucaccError`, itself a :class:`ValueError` (bad input is a bad value),
so ``except AucaccError`` catches every one of them and ``except ValueError`` keeps catching what it
caught before. :class:`FetchError` is also a :class:`RuntimeError`, its base before this module
existed, so an ``except RuntimeError`` written against it still catches it.

The modules that raise them re-export them under their old paths (``aucacc.config.ConfigError``,
``aucacc.datasets.FetchError``, ...).

A learner used before ``fit`` raises scikit-learn's
:class:`~sklearn.exceptions.NotFittedError` (through ``check_is_fitted``), and an invalid
constructor parameter scikit-learn's ``InvalidParameterError`` (``_parameter_constraints``):
those are scikit-learn's own conventions and are not redefined here.
"""

from __future__ import annotations

__all__ = ["AucaccError", "ClaimsError", "ConfigError", "DataFormatError", "FetchError", "IntegrityError",
           "LearnerFitError", "NotADataFrameError", "RecipeError"]


class AucaccError(ValueError):
    """Base of every aucacc input error; the message names what is wrong and what to do."""


class ConfigError(AucaccError):
    """The configuration does not fit the schema; the message names the offending key."""


class ClaimsError(AucaccError):
    """The claims file does not fit its schema; the message names the offending key."""


class FetchError(AucaccError, RuntimeError):
    """The raw file cannot be had, or its checksum is wrong; the message says what to do."""


class IntegrityError(AucaccError, RuntimeError):
    """A file does not have the SHA-256 its provenance record (or the config) gives, or two files
    written as one unit disagree; the message names the file and the fix (delete it and re-run)."""


class DataFormatError(AucaccError):
    """A raw data file cannot be read; the message names the file, the line and the fix."""


class RecipeError(AucaccError):
    """A recipe does not fit its data; the message names the data set and config key."""


class NotADataFrameError(AucaccError, TypeError):
    """An estimator that takes a pandas DataFrame of attributes (naive Bayes, C4.4/C4.5, the MDL
    discretizer) got something else; the message says what it got and what it takes.

    A :class:`TypeError` as well (the type of ``X`` is wrong), so both the ``TypeError`` naive
    Bayes and the ``ValueError`` C4.5 raised for it before are still caught.
    """


class LearnerFitError(AucaccError):
    """A learner failed inside cross-validation: building it, its fit, predict_proba or predict raised, its output
    failed the checks where it is produced (no ``classes_``; probabilities not finite, outside [0, 1], rows not
    summing to 1, columns not matching ``classes_``: ``aucacc.evaluation.cross_validate.check_probabilities``), or
    it ran past its time limit (``learners.<name>.timeout``; the cause a :class:`TimeoutError`). The message names
    the data set, the fold, the stage, the learner's config key and the fix (the cause is chained).

    Attributes
    ----------
    dataset, learner : str or None
        The data set and the learner's name under ``learners`` (None when not given).
    fold : int or None
        The outer fold whose fit or prediction raised.
    stage : str or None
        What the learner was doing, e.g. ``"fit on the 40 training instances"``.
    """

    def __init__(self, message: str, *, dataset: str | None = None, learner: str | None = None,
                 fold: int | None = None, stage: str | None = None) -> None:
        super().__init__(message)
        self.dataset, self.learner, self.fold, self.stage = dataset, learner, fold, stage
