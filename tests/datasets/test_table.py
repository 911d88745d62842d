"""aucacc.datasets.table: the cut-point record's file format (written and read in one module) and the data-set table."""

from __future__ import annotations

import pandas as pd

from aucacc.datasets.table import cut_point_record, dataset_table, read_cut_points, write_cut_points


def test_cut_point_file_round_trip_and_layout(tmp_path):
    rec = cut_point_record("iris", 4, {"cut_points": {"petallength": [2.45, 4.75], "sepalwidth": []},
                                       "single_interval": ["sepalwidth"]})
    assert list(rec) == ["dataset", "n_attributes", "n_informative", "cut_points", "single_interval"]
    assert rec["n_informative"] == 3
    path = tmp_path / "iris.json"
    write_cut_points(path, rec)
    assert path.read_text().startswith('{\n  "dataset": "iris",\n  "n_attributes": 4,\n  "n_informative": 3,\n')
    assert path.read_text().endswith('  "single_interval": [\n    "sepalwidth"\n  ]\n}\n')
    assert read_cut_points([path]) == {"iris": rec}


def test_single_interval_attributes_leave_the_attribute_count():
    meta = {"name": "iris", "kinds": dict.fromkeys("abcd", "numeric"), "n_instances": 150,
            "classes": ["x", "y", "z"], "class_distribution": {"x": 50, "y": 50, "z": 50}, "exclusions": []}
    pub = pd.DataFrame({"dataset": ["iris"], "attributes": [3], "classes": [3], "instances": [150]})
    row = dataset_table([meta], pub, {"iris": {"single_interval": ["b"]}}).iloc[0]
    assert (row["attributes"], row["attributes_raw"], bool(row["match_attributes"])) == (3, 4, True)


def test_a_data_set_given_as_it_is_counts_its_attributes_as_they_are():
    """The new-user trial: a study with discretization none (its learners get the clean data) had its attribute
    count taken after the whole-data discretization. A data set of ``raw`` counts the clean data's attributes,
    numeric and nominal, whatever cut points exist for it; the others keep the paper's count."""
    kinds = {"a": "numeric", "b": "numeric", "c": "nominal", "d": "numeric", "e": "nominal"}
    metas = [{"name": n, "kinds": kinds, "n_instances": 10, "classes": ["x", "y"], "class_distribution": {"x": 5, "y": 5},
              "exclusions": []} for n in ("mine", "paper")]
    cuts = {n: {"single_interval": ["a", "c"]} for n in ("mine", "paper")}
    table = dataset_table(metas, None, cuts, raw=["mine"]).set_index("dataset")
    assert table.loc["mine", ["attributes", "attributes_raw", "numeric", "nominal"]].tolist() == [5, 5, 3, 2]
    assert pd.isna(table.loc["mine", "attributes_informative"])
    assert table.loc["paper", ["attributes", "attributes_raw", "numeric", "nominal"]].tolist() == [3, 5, 3, 2]
    # no raw data set: the paper's table, column for column
    assert list(dataset_table(metas, None, cuts).columns) == [c for c in table.reset_index().columns
                                                              if c not in ("numeric", "nominal")]
