"""Building a learner for a job: :func:`make_learner`, the config's spec built, wrapped as its ``nominal`` key asks.

Kept apart from :mod:`aucacc.learners`, which checks and describes specs without building them: the workflow's
parse (the config's check, ``workflow/rules/*.smk``) imports that package and so never loads scikit-learn for
the wrapper below; the jobs that build learners import this module (``benchmarks/bench_startup.py``).
"""

from __future__ import annotations

from typing import Any, Sequence

from aucacc.learners import build, nominal_encoding
from aucacc.learners.encoding import CategoricalCodes


def make_learner(spec: dict[str, Any], name: str | None = None, packages: Sequence[str] = ()):
    """A fresh estimator from a config spec ``{"estimator": "pkg.mod.Class", "params": {...}}``.

    The class is resolved and its params checked first (:func:`aucacc.learners.resolve_estimator`,
    :func:`aucacc.learners.check_params`); only then is it built (:func:`aucacc.learners.build`; nested specs in ``params``, such as a
    pipeline's steps, are built too). The workflow builds learners in its jobs; the start-up check
    (``aucacc.config.check_learner``) builds none.

    Parameters
    ----------
    spec : dict
        ``learners.<name>`` of the config: ``estimator``, ``params`` and optionally ``nominal``.
    name : str, optional
        The learner's name, for the config keys the messages name (``learners.<name>...``).
    packages : sequence of str
        The researcher's own packages the config allows (``estimator_packages``; :func:`aucacc.learners.local_package`).

    Raises
    ------
    ConfigError
        See :func:`aucacc.learners.resolve_estimator` and :func:`aucacc.learners.check_params`.

    With ``spec["nominal"] == "categorical"`` the estimator comes wrapped in
    :class:`aucacc.learners.encoding.CategoricalCodes` (:func:`aucacc.learners.nominal_encoding`).
    """
    key = f"learners.{name}" if name else "learner"
    est = build({"estimator": spec["estimator"], "params": spec.get("params") or {}}, key, packages)
    if nominal_encoding(spec) == "categorical":
        return CategoricalCodes(est, learner=name)
    return est
