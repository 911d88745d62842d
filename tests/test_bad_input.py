"""Awkward but real inputs (issue 10): nothing is changed silently, and every error names its cause.

Each case writes its own small input. Errors are checked for the culprit they must name
(file, line, column, value, config key); kept values are checked exactly; ARFF rows ending in
a comma are checked against Weka 3.9's own ArffLoader.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aucacc.datasets import DataFormatError, RecipeError, apply_recipe, read_arff, read_raw, read_uci_data


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode())
    return p


def _sixty_rows(stray: str | None) -> str:
    """60 rows, a numeric attribute that separates the classes (x < 30 ⇔ class a), one stray token at line 17."""
    lines = [f"{i}.5,{'a' if i < 30 else 'b'}" for i in range(60)]
    if stray is not None:
        lines[16] = f"{stray},a"
    return "\n".join(lines) + "\n"


# --- column kinds: by declaration, never by the values ----------------------------------------------

@pytest.mark.parametrize("stray", ["n/a", "", "NaN", "inf", "1_000", "1x"])
def test_stray_token_in_numeric_column_stops(tmp_path, stray):
    """One stray token in a declared numeric column stops the read, naming file, line, column and value
    (before: the column silently became nominal, accuracy fell from 98.3 to 53.3)."""
    p = _write(tmp_path, "sixty.data", _sixty_rows(stray))
    with pytest.raises(DataFormatError) as exc:
        read_uci_data(p, ["x", "y"], nominal=["y"])
    msg = str(exc.value)
    assert str(p) in msg and "line 17" in msg and "column 'x'" in msg
    assert (f"value {stray!r} is not a number, and the column is declared numeric" if stray else
            "empty value — if an empty field marks a missing value") in msg
    assert "missing_tokens" in msg  # the fix


def test_declared_missing_tokens_count_as_missing(tmp_path):
    lines = _sixty_rows("n/a").splitlines()
    lines[3], lines[5] = ",a", "?,a"
    p = _write(tmp_path, "sixty.data", "\n".join(lines) + "\n")
    t = read_uci_data(p, ["x", "y"], nominal=["y"], missing_tokens=["?", "n/a", ""])
    assert t.kinds == {"x": "numeric", "y": "nominal"}
    x = t.frame["x"].to_numpy()
    assert np.isnan(x[[3, 5, 16]]).all() and int(np.isnan(x).sum()) == 3
    assert x[0] == 0.5 and x[59] == 59.5
    # the recipe key reaches the reader through read_raw / load_dataset
    t2 = read_raw(p, {"columns": ["x", "y"], "nominal": ["y"]}, ["?", "n/a", ""])
    pd.testing.assert_frame_equal(t2.frame, t.frame)
    with pytest.raises(DataFormatError, match=r"line 4, column 'x': empty value"):
        read_raw(p, {"columns": ["x", "y"], "nominal": ["y"]})  # default: only '?' is missing


def test_empty_value_in_nominal_column_stops(tmp_path):
    p = _write(tmp_path, "e.data", "1,a\n2, \n3,b\n")
    with pytest.raises(DataFormatError, match=r"e\.data: line 2, column 'y': empty value.*missing_tokens"):
        read_uci_data(p, ["x", "y"], nominal=["y"])
    t = read_uci_data(p, ["x", "y"], nominal=["y"], missing_tokens=["?", ""])
    assert t.frame["y"].isna().tolist() == [False, True, False]


def test_kinds_must_be_declared(tmp_path):
    p = _write(tmp_path, "k.data", "1,a\n2,b\n")
    with pytest.raises(DataFormatError, match=r"k\.data: declare the column kinds.*numeric: \[\.\.\.\]"):
        read_raw(p, {"columns": ["x", "y"]})
    with pytest.raises(DataFormatError, match=r"exactly one: in both \['x'\], in neither \[\]"):
        read_uci_data(p, ["x", "y"], nominal=["x", "y"], numeric=["x"])
    # numeric: [] reads every column nominal, digits included, as written
    t = read_uci_data(p, ["x", "y"], numeric=[])
    assert t.kinds == {"x": "nominal", "y": "nominal"} and list(t.frame["x"]) == ["1", "2"]


def test_numeric_column_in_nominal_list_keeps_text(tmp_path):
    """A text column declared nominal is nominal; a declared numeric column with text stops (no guessing)."""
    p = _write(tmp_path, "m.data", "1,x,a\n2,y,b\n")
    with pytest.raises(DataFormatError, match=r"line 1, column 'v': value 'x' is not a number"):
        read_uci_data(p, ["u", "v", "w"], nominal=["w"])
    assert read_uci_data(p, ["u", "v", "w"], nominal=["v", "w"]).kinds["v"] == "nominal"


# --- nominal values exactly as written ----------------------------------------------------------------

def test_data_nominal_spaces_and_quotes_kept(tmp_path):
    p = _write(tmp_path, "q.data", '"a, b",1\n  it\'s ,2\n"say ""hi""",1\n\'x\',2\n')
    t = read_uci_data(p, ["s", "c"], numeric=[])
    assert list(t.frame["s"]) == ["a, b", "it's", 'say "hi"', "'x'"]  # CSV quoting; spaces around stripped
    assert list(t.frame["c"]) == ["1", "2", "1", "2"]


def test_arff_nominal_codes_kept_as_written(tmp_path):
    long = "12345678901234567890"
    p = _write(tmp_path, "c.arff", "@relation c\n@attribute code {03,3,1,1.0,%s,'x y','it\\'s'}\n"
                                   "@attribute class {p,n}\n@data\n03,p\n3,n\n1.0,p\n1,n\n%s,p\n'x y',n\n'it\\'s',p\n"
               % (long, long))
    t = read_arff(p)
    assert list(t.frame["code"]) == ["03", "3", "1.0", "1", long, "x y", "it's"]
    assert list(t.frame["code"].cat.categories) == ["03", "3", "1", "1.0", long, "x y", "it's"]  # declared order


# --- ARFF rows ending in a comma: read as Weka 3.9 reads them -----------------------------------------

MOA = ("@relation moa\n@attribute num numeric\n@attribute code {01,1,1.0,'x y'}\n@attribute class {p,q}\n@data\n"
       "1,01,p,\n2.25,'x y',q,\n3.5,1.0,p , \n?,1,q,,\n-4e-1,?,p,\r\n")


def test_arff_trailing_commas_read(tmp_path):
    t = read_arff(_write(tmp_path, "moa.arff", MOA))
    assert t.frame.shape == (5, 3)
    assert list(t.frame["code"].astype(object).where(t.frame["code"].notna(), None)) == ["01", "x y", "1.0", "1", None]
    np.testing.assert_array_equal(t.frame["num"].to_numpy(), [1.0, 2.25, 3.5, np.nan, -0.4])
    assert t.notes == ["5 data rows end with a comma; read as Weka 3.9's ArffLoader does (as if it were not there)"]
    # recorded with the exclusions of the clean data set
    ds = apply_recipe(t, {"target": "class", "missing": "keep"}, "moa")
    assert ds.exclusions[0]["step"] == "read" and "5 data rows end with a comma" in ds.exclusions[0]["detail"]


@pytest.mark.weka
def test_arff_trailing_commas_equal_weka(tmp_path, weka):
    from weka.core.converters import Loader

    p = _write(tmp_path, "moa.arff", MOA)
    ours = read_arff(p).frame
    data = Loader(classname="weka.core.converters.ArffLoader").load_file(str(p))
    assert data.num_instances == len(ours) and data.num_attributes == ours.shape[1]
    for j, col in enumerate(ours.columns):
        att = data.attribute(j)
        assert att.name == col
        for i in range(len(ours)):
            inst = data.get_instance(i)
            ours_v = ours[col].iloc[i]
            if inst.is_missing(j):
                assert pd.isna(ours_v), (i, col)
            elif att.is_nominal:
                assert att.value(int(inst.get_value(j))) == ours_v, (i, col)
                assert list(ours[col].cat.categories) == att.values
            else:
                assert inst.get_value(j) == ours_v, (i, col)


@pytest.mark.parametrize("row, pattern", [
    ("1,,p", r"line 6: value 2 is empty"),  # Weka would read '1,p' and then fail or shift values
    (",1,01,p", r"line 6: value 1 is empty"),
    ("x,01,p", r"line 6, attribute 'num': value 'x' is not a number"),
    ("1,02,p", r"line 6, attribute 'code': value '02' is not declared"),
    ("1,01", r"line 6 has 2 values, expected 3"),
])
def test_arff_bad_rows_name_line_attribute_value(tmp_path, row, pattern):
    head = MOA.split("@data\n")[0] + "@data\n"
    p = _write(tmp_path, "bad.arff", head + row + "\n")
    with pytest.raises(DataFormatError, match=pattern) as exc:
        read_arff(p)
    assert str(p) in str(exc.value)


def test_missing_tokens_refused_for_arff(tmp_path):
    p = _write(tmp_path, "m.arff", MOA)
    with pytest.raises(DataFormatError, match=r"missing_tokens \['\?', 'n/a'\] applies to headerless \.data"):
        read_raw(p, {"file": "m.arff"}, ["?", "n/a"])


# --- why a data set ended up empty or with one class --------------------------------------------------

def _table(tmp_path, text, **kinds):
    return read_uci_data(_write(tmp_path, "t.data", text), ["a", "dead", "class"], **kinds)


def test_empty_after_missing_values_names_step_and_attribute(tmp_path):
    rows = "".join(f"{i},?,{'x' if i % 2 else 'y'}\n" for i in range(42))
    raw = _table(tmp_path, rows, nominal=["class"])
    with pytest.raises(RecipeError) as exc:
        apply_recipe(raw, {"target": "class", "missing": "drop_rows"}, "toy")
    msg = str(exc.value)
    assert msg.startswith("data set 'toy': no rows left after cleaning (config key 'datasets.toy.recipe')")
    assert ("missing_values removed 42 of 42 rows (all of classes 'x', 'y'); attribute 'dead' is missing in "
            "every row: drop it (config key 'datasets.toy.recipe.drop_columns') or keep missing values "
            "('datasets.toy.recipe.missing': keep)") in msg
    # the fix works
    ok = apply_recipe(raw, {"target": "class", "drop_columns": {"dead": "always missing"}}, "toy")
    assert len(ok.y) == 42


def test_one_class_after_missing_values(tmp_path):
    rows = "".join(f"{i},{'?' if i < 5 else 1},{'x' if i < 5 else 'y'}\n" for i in range(20))
    raw = _table(tmp_path, rows, nominal=["class"])
    with pytest.raises(RecipeError) as exc:
        apply_recipe(raw, {"target": "class"}, "toy")
    assert ("one class ('y': 15 rows) left after cleaning (config key 'datasets.toy.recipe'): missing_values removed "
            "5 of 20 rows (all of class 'x'); most missing: 'dead' in 5 of 20 rows: drop it") in str(exc.value)


def test_one_class_after_drop_classes_and_missing_class(tmp_path):
    rows = "1,1,x\n2,1,y\n3,1,y\n4,1,?\n5,1,z\n"
    raw = _table(tmp_path, rows, nominal=["class"])
    with pytest.raises(RecipeError) as exc:
        apply_recipe(raw, {"target": "class", "drop_classes": {"x": "rare", "z": "rare"}}, "toy")
    assert "drop_classes removed 2 of 5 rows (all of classes 'x', 'z')" in str(exc.value)
    raw = _table(tmp_path, "1,1,?\n2,1,?\n", nominal=["class"])
    with pytest.raises(RecipeError) as exc:
        apply_recipe(raw, {"target": "class"}, "toy")
    msg = str(exc.value)
    assert "the raw file t.data has 2 rows and no class value in 'datasets.toy.recipe.target' = 'class'" in msg
    assert "missing_class removed 2 of 2 rows; the class column 'class' is missing in every row" in msg


def test_one_class_after_class_map(tmp_path):
    raw = _table(tmp_path, "1,1,x\n2,1,y\n", nominal=["class"])
    with pytest.raises(RecipeError, match=r"class_map left the classes \['c'\] of \['x', 'y'\]"):
        apply_recipe(raw, {"target": "class", "class_map": {"x": "c", "y": "c"}}, "toy")


# --- output files readable by others -------------------------------------------------------------------

@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_atomic_write_respects_umask(tmp_path, umask, mode):
    """Outputs get 0666 less the umask, as `open` gives (before: always 0600, from mkstemp)."""
    from aucacc.provenance import atomic_write_text, write_sidecar

    old = os.umask(umask)
    try:
        out = tmp_path / "sub" / "t.csv"
        atomic_write_text(out, "a\n1\n")
        side = write_sidecar(out, {"x": 1})
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert stat.S_IMODE(side.stat().st_mode) == mode
    assert out.read_text() == "a\n1\n"
    assert sorted(p.name for p in out.parent.iterdir()) == ["t.csv", "t.csv.provenance.json"]  # no temp left


# --- folds: n_folds larger than a class; a training part that lacks a class ----------------------------

def test_n_folds_larger_than_every_class_names_dataset_class_and_key():
    from aucacc.evaluation.folds import stratified_folds

    y = ["a"] * 4 + ["b"] * 3
    with pytest.raises(ValueError) as exc:
        stratified_folds(y, 5, seed=0, dataset="tiny")
    assert str(exc.value).startswith("data set 'tiny': config key 'protocol.n_folds' = 5 is larger than every class "
                                     "(class 'a' has 4, class 'b' has 3 instances)")
    assert "Lower protocol.n_folds to at most 4" in str(exc.value)
    with pytest.raises(ValueError, match=r"data set 'tiny': config key 'protocol.n_folds' = 8 must be between 2 and "
                                         r"the number of instances \(7\)"):
        stratified_folds(y, 8, seed=0, dataset="tiny")
    assert sorted(np.bincount(stratified_folds(y + ["a"], 5, seed=0))) == [1, 1, 2, 2, 2]  # one class of 5: allowed


def _singleton_dataset():
    from aucacc.datasets import CleanDataset

    rng = np.random.default_rng(0)
    n = 31
    y = ["p"] * 15 + ["q"] * 15 + ["r"]  # 'r' has one instance: the training part of its fold lacks it
    a = [("u" if c == "p" else "v") if rng.random() < 0.8 else "w" for c in y]
    X = pd.DataFrame({"a": pd.Categorical(a, categories=["u", "v", "w"])})
    return CleanDataset(name="tiny", X=X, y=pd.Series(pd.Categorical(y, categories=["p", "q", "r"]), name="class"),
                        kinds={"a": "nominal"})


@pytest.mark.parametrize("estimator", ["aucacc.learners.naive_bayes.NaiveBayes", "aucacc.learners.c45.C44",
                                       "sklearn.linear_model.LogisticRegression", "sklearn.tree.DecisionTreeClassifier"])
def test_training_part_lacking_a_class(estimator):
    """Every learner runs; the fold's record names the fold and the class, and says what the learner gave it."""
    from aucacc.evaluation.cross_validate import cross_validate, fold_metrics
    from aucacc.evaluation.folds import stratified_folds
    from aucacc.learners import make_learner

    ds = _singleton_dataset()
    folds = stratified_folds(ds.y, 3, seed=1, dataset="tiny")
    k = int(folds[30])
    scores, info = cross_validate(ds, folds, lambda: make_learner({"estimator": estimator}), discretization="none")
    notes = {r["fold"]: r.get("note") for r in info}
    sk = estimator.startswith("sklearn")
    how = "the learner gives it probability 0" if sk else "the learner keeps it (declared classes)"
    assert notes == {f: (f"class ['r'] absent from the training part of fold {k}: {how} "
                         + ("(it only knows the classes it was trained on)" if sk else "")).strip() if f == k else None
                     for f in range(3)}
    in_k = scores["fold"] == k
    assert (scores.loc[in_k, "p:r"] == 0).all() if sk else (scores.loc[in_k, "p:r"] > 0).all()
    np.testing.assert_allclose(scores[["p:p", "p:q", "p:r"]].sum(axis=1), 1.0)
    m = fold_metrics(scores)
    assert m["value"].notna().all()


# --- Hand–Till M over the class pairs present: flagged in every table ----------------------------------

def _metrics_with_partial_fold() -> pd.DataFrame:
    rows = []
    for ds, absent_fold in (("glass", 6), ("iris", None)):
        for lrn in ("NB", "C4.5"):
            for k in range(10):
                note = ("classes absent from the test fold: ['tableware']; Hand-Till M over 10 of 15 pairs"
                        if k == absent_fold else "")
                rows.append({"dataset": ds, "learner": lrn, "fold": k, "metric": "accuracy", "value": 70.0 + k,
                             "note": ""})
                rows.append({"dataset": ds, "learner": lrn, "fold": k, "metric": "auc", "value": 80.0 + k, "note": note})
    return pd.DataFrame(rows)


def test_partial_hand_till_cells_flagged(tmp_path):
    """glass has a test fold without 'tableware': its AUC cells carry the mark, and a note under the table says why;
    the CSV records the count; nothing else is marked. Read back through CSV, as the workflow does."""
    from aucacc.report.paper_tables import PARTIAL_MARK, averages, paper_layout, partial_notes, summary_table
    from aucacc.report.tables import Table

    csv = tmp_path / "m.csv"
    _metrics_with_partial_fold().to_csv(csv, index=False)
    metrics = pd.read_csv(csv)  # empty notes come back as NaN
    pub = pd.DataFrame([{"dataset": d, "learner": lrn, "metric": m, "published_mean": 50.0, "published_sd": 1.0}
                        for d in ("glass", "iris") for lrn in ("NB", "C4.5") for m in ("accuracy", "auc")])
    from aucacc.report.claims import load_claims

    summ = summary_table(metrics, pub, load_claims(Path(__file__).resolve().parents[1] / "config" / "claims.yaml"))
    got = summ.set_index(["dataset", "learner", "metric"])["partial_folds"].to_dict()
    assert got == {(d, lrn, m): int(d == "glass" and m == "auc") for d in ("glass", "iris")
                   for lrn in ("NB", "C4.5") for m in ("accuracy", "auc")}
    avg = averages(summ).assign(published_average=50.0)
    wide = paper_layout(summ, avg, ["NB", "C4.5"]).set_index("dataset")
    assert wide.loc["glass", "auc NB"] == f"84.5 ± 3.0 (50.0) {PARTIAL_MARK}"
    assert wide.loc["glass", "accuracy NB"] == "74.5 ± 3.0 (50.0)"
    assert PARTIAL_MARK not in "".join(wide.loc["iris"].astype(str))
    notes = partial_notes(summ)
    assert notes == [f"{PARTIAL_MARK} glass: in 1 of 10 test folds a class is absent (a class has fewer instances than "
                     "folds); its multi-class AUC is over the classes present there (Hand–Till M: over the class "
                     "pairs present)."]
    paths = Table(summ, display=wide.reset_index(), notes=notes).write(tmp_path / "t")
    md, tex = paths["md"].read_text(), paths["tex"].read_text()
    assert md.rstrip().endswith(notes[0]) and f"(50.0) {PARTIAL_MARK}" in md
    assert "\\par\\footnotesize † glass: in 1 of 10 test folds" in tex


# --- encodings: never replace bytes silently --------------------------------------------------------

def test_latin1_bytes_stop_with_line(tmp_path):
    """Two Latin-1 values would both become 'caf\\ufffd' under errors='replace' and merge: stop instead."""
    p = tmp_path / "l.data"
    p.write_bytes("1,caf\u00e9\n2,caf\u00e8\n".encode("latin-1"))
    with pytest.raises(DataFormatError, match=r"l\.data: line 1: byte 0xe9 is not UTF-8.*iconv"):
        read_uci_data(p, ["x", "y"], nominal=["y"])
    a = tmp_path / "l.arff"
    a.write_bytes("@relation r\n@attribute y {caf\u00e9,b}\n@data\nb\ncaf\u00e9\n".encode("latin-1"))
    with pytest.raises(DataFormatError, match=r"l\.arff: line 2: byte 0xe9 is not UTF-8"):
        read_arff(a)


def test_utf8_bom_and_utf8_values_kept(tmp_path):
    p = tmp_path / "b.data"
    p.write_bytes(b"\xef\xbb\xbf" + "1,caf\u00e9\n2,cafe\u0301\n".encode("utf-8"))
    t = read_uci_data(p, ["x", "y"], nominal=["y"])
    assert t.frame["x"].tolist() == [1.0, 2.0]
    assert t.frame["y"].tolist() == ["caf\u00e9", "cafe\u0301"]  # not normalised: two values, as written


def test_partial_flag_in_tidy_tables():
    """Tidy tables (all data sets, AUC-gap readings) flag the data set of such rows, and count the folds from the scores."""
    from aucacc.evaluation.cross_validate import absent_class_folds
    from aucacc.report.paper_tables import PARTIAL_MARK, mark_partial, partial_notes

    scores = pd.DataFrame({"fold": [0, 0, 0, 1, 1, 2, 2, 2], "y_true": list("abcabab") + ["c"],
                           "p:a": 0.2, "p:b": 0.3, "p:c": 0.5})
    assert absent_class_folds(scores) == 1  # fold 1 lacks 'c'
    assert absent_class_folds(scores[scores["fold"] != 1]) == 0
    by = pd.DataFrame({"reading": ["r1", "r2", "r1"], "dataset": ["glass", "glass", "iris"], "auc": [80.0, 81.0, 95.0],
                       "partial_folds": [1, 1, 0]})
    shown = mark_partial(by)
    assert list(shown["dataset"]) == [f"glass {PARTIAL_MARK}", f"glass {PARTIAL_MARK}", "iris"]
    assert list(by["dataset"]) == ["glass", "glass", "iris"]  # the CSV keeps the plain name
    assert partial_notes(by, n_folds=10)[0].startswith(f"{PARTIAL_MARK} glass: in 1 of 10 test folds a class is absent")


def test_space_separated_and_header_row_named(tmp_path):
    """Two real-file mistakes get their own message: UCI's space-separated files (ecoli.data) and a header row."""
    p = _write(tmp_path, "ecoli.data", "AAT_ECOLI   0.49  0.29  cp\nACEA_ECOLI  0.07  0.40  cp\n")
    with pytest.raises(DataFormatError, match=r"ecoli\.data: line 1 has 1 fields, expected 4 .* separated by spaces, "
                                              r"not commas"):
        read_uci_data(p, ["name", "mcg", "gvh", "class"], numeric=["mcg", "gvh"])
    p = _write(tmp_path, "h.data", "x,class\n1.5,a\n")
    with pytest.raises(DataFormatError, match=r"h\.data: line 1 holds the column names: a header row"):
        read_uci_data(p, ["x", "class"], nominal=["class"])


def test_arff_repeated_nominal_value_named(tmp_path):
    p = _write(tmp_path, "d.arff", "@relation r\n@attribute a numeric\n@attribute c {x,x,y}\n@data\n1,x\n2,y\n")
    with pytest.raises(DataFormatError, match=r"d\.arff: line 3 \('@attribute c \{x,x,y\}'\), attribute 'c' "
                                              r"declares the nominal values \['x'\] more than once"):
        read_arff(p)


# --- a learner that fails inside cross-validation: the key, the data set and the fold -------------------------

def test_fit_error_names_the_params_key_data_set_and_fold():
    """`n_neighbors` larger than a training part fails only at fit time (scikit-learn); the error says where."""
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.evaluation.folds import stratified_folds
    from aucacc.exceptions import LearnerFitError
    from aucacc.learners import make_learner

    ds = _singleton_dataset()  # 31 instances: 20 or 21 train in each of 3 folds
    folds = stratified_folds(ds.y, 3, seed=1, dataset="tiny")
    spec = {"estimator": "sklearn.neighbors.KNeighborsClassifier", "params": {"n_neighbors": 25}}
    with pytest.raises(LearnerFitError) as exc:
        cross_validate(ds, folds, lambda: make_learner(spec, "KNN"), discretization="none", learner="KNN")
    msg = str(exc.value)
    n_test = int((folds == 0).sum())
    # scikit-learn's KNN stores the training part in fit and finds it too small when it predicts
    assert msg.startswith(f"data set 'tiny', fold 0: learner 'KNN' (KNeighborsClassifier) failed in predict_proba on "
                          f"the {n_test} test instances: ValueError: Expected n_neighbors <= n_samples_fit")
    assert "Check config key 'learners.KNN.params'" in msg
    assert isinstance(exc.value.__cause__, ValueError) and "n_neighbors" in str(exc.value.__cause__)


def test_predict_proba_error_names_the_stage():
    from aucacc.evaluation.cross_validate import cross_validate
    from aucacc.evaluation.folds import stratified_folds
    from aucacc.exceptions import LearnerFitError
    from sklearn.naive_bayes import CategoricalNB

    class Broken(CategoricalNB):
        def predict_proba(self, X):
            raise FloatingPointError("overflow in exp")

    ds = _singleton_dataset()
    folds = stratified_folds(ds.y, 3, seed=1, dataset="tiny")
    with pytest.raises(LearnerFitError, match=r"^data set 'tiny', fold 0: learner 'NB2' \(Broken\) failed in "
                                              r"predict_proba on the \d+ test instances: FloatingPointError: overflow "
                                              r"in exp\. Check config key 'learners\.NB2\.params'") as exc:
        cross_validate(ds, folds, Broken, discretization="none", learner="NB2")
    assert isinstance(exc.value.__cause__, FloatingPointError)
