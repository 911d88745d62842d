"""Test-only bridge to Weka 3.9 (python-weka-wrapper3): pandas frames → Weka Instances.

Nominal attributes (pandas Categorical) keep their declared category order, so Weka sees
the same attribute domains and class order as our learners.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pandas as pd


def _q(s: str) -> str:
    s = str(s).replace("\\", "\\\\").replace("'", "\\'")
    return f"'{s}'"


def frame_to_arff(X: pd.DataFrame, y: pd.Series | None, path: str | Path, relation: str = "data") -> Path:
    """Write ``X`` (+ class ``y`` last) as ARFF; Categorical → nominal, numbers → numeric, NaN → ?."""
    cols = list(X.columns)
    frame = X.copy()
    if y is not None:
        frame["__class__"] = y.values
        cols.append("__class__")
    lines = [f"@relation {_q(relation)}", ""]
    for c in cols:
        s = frame[c]
        if isinstance(s.dtype, pd.CategoricalDtype):
            lines.append(f"@attribute {_q(c)} {{" + ",".join(_q(v) for v in s.cat.categories) + "}")
        else:
            lines.append(f"@attribute {_q(c)} numeric")
    lines += ["", "@data"]
    for row in frame[cols].itertuples(index=False):
        vals = []
        for v in row:
            if v is None or (isinstance(v, float) and np.isnan(v)) or v is pd.NA:
                vals.append("?")
            elif isinstance(v, (float, np.floating)):
                vals.append(repr(float(v)))
            elif isinstance(v, (int, np.integer)):
                vals.append(str(int(v)))
            else:
                vals.append(_q(v))
        lines.append(",".join(vals))
    Path(path).write_text("\n".join(lines) + "\n")
    return Path(path)


def to_instances(X: pd.DataFrame, y: pd.Series | None = None, relation: str = "data"):
    """Weka ``Instances`` for ``X`` with ``y`` as the last attribute and class index."""
    from weka.core.converters import Loader

    with tempfile.TemporaryDirectory() as d:
        p = frame_to_arff(X, y, Path(d) / "data.arff", relation)
        data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(p))
    if y is not None:
        data.class_is_last()
    return data


def distributions(classifier, data) -> np.ndarray:
    """Class-probability matrix (n_instances × n_classes) of a built Weka classifier on ``data``."""
    return np.array([classifier.distribution_for_instance(inst) for inst in data])


def weka_dataset_counts(path: str | Path, target: str, drop=()) -> dict:
    """Weka 3.9's own reading of an ARFF file as a classification data set, in counts.

    The file is loaded by Weka's ``ArffLoader``, the attributes ``drop`` are removed by Weka's
    ``weka.filters.unsupervised.attribute.Remove`` and the class is set to ``target`` by name.

    Returns
    -------
    dict with ``n_instances``; ``attributes``: {name: "nominal" | "numeric" | Weka's type name}, in
    order, class excluded; ``missing``: {attribute: missing values}; ``class_counts``: {declared class
    value: instances}, in declared order (0 for a value that never occurs); ``class_missing``.
    """
    from weka.core.converters import Loader
    from weka.filters import Filter

    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(path))
    if drop:
        idx = sorted(data.attribute_by_name(c).index + 1 for c in drop)  # Remove counts from 1
        remove = Filter(classname="weka.filters.unsupervised.attribute.Remove",
                        options=["-R", ",".join(str(i) for i in idx)])
        remove.inputformat(data)
        data = remove.filter(data)
    data.class_index = data.attribute_by_name(target).index
    attributes, missing = {}, {}
    for j in range(data.num_attributes):
        if j == data.class_index:
            continue
        att = data.attribute(j)
        attributes[att.name] = "nominal" if att.is_nominal else "numeric" if att.is_numeric else att.type_str()
        missing[att.name] = int(data.attribute_stats(j).missing_count)
    stats = data.attribute_stats(data.class_index)
    return {"n_instances": int(data.num_instances), "attributes": attributes, "missing": missing,
            "class_counts": dict(zip(data.class_attribute.values, (int(c) for c in stats.nominal_counts))),
            "class_missing": int(stats.missing_count)}
