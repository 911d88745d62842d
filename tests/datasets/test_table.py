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
