"""Bad input in the `studies` block is refused before any job runs, naming the config key (issue 18).

Each case was a traceback, a failure inside a job, or a silent acceptance before: a missing `published`
folder (FileNotFoundError while the workflow was parsed), a malformed `retest` CSV (ValueError in the
tests job), a pair listed twice (duplicate rows), a study name too long for a folder (OSError in the
first job), a CSV given as the claims file (its whole text printed in the message).
"""

from __future__ import annotations

import copy

import pytest

from aucacc.config import ConfigError, check_study_inputs, load_config, raw_datasets, study_title, validate_config
from aucacc.exceptions import ClaimsError
from aucacc.report.claims import load_claims

VALID = load_config()  # the repository config, validated (tests run from the repository root)


@pytest.fixture
def cfg():
    """A validated copy of the repository config with a study of one's own, ``mine``."""
    config = copy.deepcopy(VALID)
    config["studies"]["mine"] = {**config["studies"]["huang_ling_2005"], "published": None, "claims": None,
                                 "learners": ["NB", "C4.5"], "datasets": ["iris", "voting"], "title": "mine"}
    return config


def _inputs_error(config) -> str:
    with pytest.raises(ConfigError) as exc:
        check_study_inputs(config)
    return str(exc.value)


def test_the_repository_studies_pass(cfg):
    cfg["studies"]["mine"]["retest"] = "config/published/significance.csv"  # uci36's retest: the paper's claims
    check_study_inputs(cfg)


@pytest.mark.parametrize("key, value, found", [("published", "no/such/folder", "does not exist"),
                                               ("published", "config/claims.yaml", "is a file"),
                                               ("claims", "no_such.yaml", "does not exist"),
                                               ("claims", "config", "is a folder")])
def test_a_missing_published_folder_or_claims_file_names_the_key(cfg, key, value, found):
    cfg["studies"]["huang_ling_2005"][key] = value
    msg = _inputs_error(cfg)
    assert msg.startswith(f"config key 'studies.huang_ling_2005.{key}': {value!r} {found}")


@pytest.mark.parametrize("text, expected", [
    (None, r"nothere\.csv' does not exist"),
    ("foo,bar\n1,2\n", r"has no column\(s\) metric, a, b, published_outcome \(its header: foo, bar\)"),
    ("", r"has no column\(s\) metric, a, b, published_outcome \(its header: none\)"),
    ("metric,a,b,published_outcome\nauc,NB,C4.5,not significant\nAUC,NB,C4.5,not significant\n",
     r"line 3: metric 'AUC' is not one of accuracy, auc"),
    ("metric,a,b,published_outcome\naccuracy,NB,C4.5,a>b\n",
     r"line 2: published_outcome 'a>b' is not one of 'not significant', 'NB significantly higher', "
     r"'C4.5 significantly higher'"),
    (b"metric,a,b,published_outcome\n\xff\xfe\n", r"is not a UTF-8 CSV file"),
])
def test_a_malformed_retest_csv_names_the_key_and_line(cfg, tmp_path, text, expected):
    path = tmp_path / "nothere.csv"
    if isinstance(text, bytes):
        path.write_bytes(text)
    elif text is not None:
        path.write_text(text)
    cfg["studies"]["mine"]["retest"] = str(path)
    with pytest.raises(ConfigError, match=r"^config key 'studies\.mine\.retest': .*" + expected):
        check_study_inputs(cfg)


def test_a_retest_folder_is_refused(cfg, tmp_path):
    cfg["studies"]["mine"]["retest"] = str(tmp_path)
    assert _inputs_error(cfg).startswith(f"config key 'studies.mine.retest': {str(tmp_path)!r} is a folder")


@pytest.mark.parametrize("pairs, i, first", [([["NB", "C4.5"], ["NB", "C4.5"]], 1, 0),
                                             ([["C4.5", "NB"], ["C4.4", "NB"], ["NB", "C4.5"]], 2, 0)])
def test_a_cde_pair_listed_twice_is_refused(pairs, i, first):
    raw = copy.deepcopy(VALID)
    raw["studies"] = {"mine": {"datasets": ["iris", "voting"], "learners": ["NB", "C4.4", "C4.5"], "cde_pairs": pairs}}
    with pytest.raises(ConfigError, match=rf"^config key 'studies\.mine\.cde_pairs\[{i}\]': .* compares the same two "
                                          rf"learners as 'studies\.mine\.cde_pairs\[{first}\]'"):
        validate_config(raw)


@pytest.mark.parametrize("length, ok", [(100, True), (101, False), (500, False)])
def test_a_study_name_fits_a_folder_name(length, ok):
    raw = copy.deepcopy(VALID)
    raw["studies"] = {"s" * length: {"datasets": ["iris", "voting"], "learners": ["NB", "C4.5"]}}
    if ok:
        validate_config(raw)
    else:
        with pytest.raises(ConfigError, match=r"^config key 'studies': 's+.*at most 100 characters"):
            validate_config(raw)


def test_a_csv_given_as_the_claims_file_says_so():
    with pytest.raises(ClaimsError, match=r"^config/published/significance\.csv: not a claims file \(a YAML mapping") \
            as exc:
        load_claims("config/published/significance.csv")
    assert "uci_nb_c44_c45,accuracy" not in str(exc.value)


@pytest.mark.parametrize("title, ok", [("Huang & Ling (2005), §IV", True), ("a\n\nb", False), ("", False),
                                       ("tab\there", False)])
def test_a_study_title_is_one_line(title, ok):
    """A title becomes a report category, an RST front-page line and a REPORT.md heading: a newline broke them."""
    raw = copy.deepcopy(VALID)
    raw["studies"] = {"mine": {"title": title, "datasets": ["iris", "voting"], "learners": ["NB", "C4.5"]}}
    if ok:
        assert validate_config(raw)["studies"]["mine"]["title"] == title
    else:
        with pytest.raises(ConfigError, match=r"^config key 'studies\.mine\.title': .*\(expected: display title.*one "
                                              r"line, not empty"):
            validate_config(raw)


def test_an_unknown_positive_class_names_the_config_keys():
    """Checked in the ROC job (the classes come from the clean data); the message said only that the class was unknown."""
    from aucacc.scores import positive_class

    with pytest.raises(ValueError, match=r"^positive class 'nonclass' is not a class of the data \(\['a', 'b'\]\): set "
                                         r"config key studies\.<name>\.positive \(of the study that names this data "
                                         r"set\) to one of them$"):
        positive_class(["a", "b"], ["a", "b", "b"], "nonclass")


def test_a_study_defaults_to_the_data_as_it_is_and_the_paper_study_to_its_protocol():
    """A study without published numbers gives its learners the data as it is (discretization none) unless it says
    otherwise; the paper's study keeps protocol.discretization (whole_data)."""
    config = copy.deepcopy(VALID)
    config["studies"]["mine"] = {"datasets": ["iris"], "learners": ["NB-FI", "C4.5"]}
    config["studies"]["theirs"] = {"datasets": ["iris"], "learners": ["NB", "C4.5"], "discretization": "per_fold"}
    config["studies"]["huang_ling_2005"]["discretization"] = None
    out = validate_config(config)
    assert out["studies"]["mine"]["discretization"] == "none"
    assert out["studies"]["theirs"]["discretization"] == "per_fold"
    assert out["studies"]["huang_ling_2005"]["discretization"] == "whole_data"


def test_a_studys_display_name_is_its_title_else_its_key():
    """The figures' titles and the report chapter name a study by its title (issue: the new-user trial found its key,
    ``my_study``, in every figure title); the key where it has none."""
    assert study_title(VALID["studies"]["huang_ling_2005"], "huang_ling_2005") == "Huang & Ling (2005), §IV"
    assert study_title({"title": None}, "my_study") == "my_study" and study_title({}, "my_study") == "my_study"
    config = copy.deepcopy(VALID)
    config["studies"]["my_study"] = {"title": "Three CSV files", "datasets": ["iris"], "learners": ["NB", "C4.5"]}
    config["studies"]["untitled"] = {"datasets": ["iris"], "learners": ["NB", "C4.5"]}
    out = validate_config(config)
    assert [study_title(out["studies"][s], s) for s in ("my_study", "untitled")] == ["Three CSV files", "untitled"]


def test_raw_datasets_are_those_only_studies_without_discretization_name():
    """The data sets the data-set table counts as they are: named by a study with discretization none and by no
    study that discretizes (the paper's config: none)."""
    assert raw_datasets(VALID) == []
    config = copy.deepcopy(VALID)
    config["studies"]["mine"] = {"datasets": ["pima", "iris"], "learners": ["NB-FI", "C4.5"]}  # none by default
    config["studies"]["theirs"] = {"datasets": ["pima"], "learners": ["NB-FI", "C4.5"], "discretization": "per_fold"}
    out = validate_config(config)
    assert raw_datasets(out) == []  # the paper study discretizes iris and pima too
    del out["studies"]["huang_ling_2005"]
    assert raw_datasets(out) == ["iris"]  # pima: also theirs, per fold; in the order of config["datasets"]
    del out["studies"]["theirs"]
    assert raw_datasets(out) == [d for d in out["datasets"] if d in ("iris", "pima")]


@pytest.mark.parametrize("study,key,words", [
    ({"retest_learners": {"NB": "NB-FI"}}, "studies.mine.retest_learners", "has no 'retest'"),
    ({"retest": "config/published/significance.csv", "retest_learners": {"NB": "LR"}},
     "studies.mine.retest_learners.NB", "'LR' is not one of the study's learners"),
    ({"compare_retest": "mine"}, "studies.mine.compare_retest", "is not another study"),
    ({"compare_retest": "nowhere"}, "studies.mine.compare_retest", "is not another study"),
    ({"compare_retest": "huang_ling_2005"}, "studies.mine.compare_retest", "study 'mine' has no 'retest'"),
    ({"retest": "config/published/significance.csv", "compare_retest": "huang_ling_2005"},
     "studies.mine.compare_retest", "study 'huang_ling_2005' has no 'retest'"),
])
def test_retest_learners_and_compare_retest_name_their_key(study, key, words):
    config = copy.deepcopy(VALID)
    config["studies"]["mine"] = {"datasets": ["iris"], "learners": ["NB", "C4.5"], **study}
    with pytest.raises(ConfigError) as exc:
        validate_config(config)
    assert f"config key '{key}'" in str(exc.value) and words in str(exc.value), str(exc.value)
