"""A hull beside a published table of dominators by slope range (Provost & Fawcett 2001, §4.2), on hand-made hulls.

The hull of the main case, by hand: learner A at (0.1, 0.5) and (0.3, 0.8), B at (0.05, 0.2) (under the chord from
(0, 0) to A's first point) and (0.6, 0.95), C at (0.2, 0.4) (inside). Vertices (0, 0) → A1 → A2 → B2 → (1, 1), segment
slopes 5, 1.5, 0.5, 0.125. So B is optimal for slopes [0.125, 0.5], A for [0.5, 5], the trivial classifiers at the
ends ([0, 0.125] always positive, [5, ∞) always negative): P&F's reading gives B [0, 0.5] and A [0.5, ∞).
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from aucacc.report.claims import load_claims
from aucacc.report.scorecard import load_published, scorecard
from aucacc.roc.published import (compare_published, dominance, dominator_ranges, primary_positive,
                                  published_rocch_tables, read_published)
from aucacc.roc.rocch import rocch_table

ROOT = Path(__file__).resolve().parents[2]
PUB = ROOT / "config" / "published"


def hull_of(points, dataset="x", positive="p", n_pos=10):
    pts = pd.DataFrame(points, columns=["learner", "fpr", "tpr"])
    return rocch_table(pts).assign(dataset=dataset, positive=positive, n_pos=n_pos)


MAIN = [("A", 0.1, 0.5), ("A", 0.3, 0.8), ("B", 0.05, 0.2), ("B", 0.6, 0.95), ("C", 0.2, 0.4)]


def test_dominator_ranges_give_the_trivial_ends_to_their_neighbours():
    r = dominator_ranges(hull_of(MAIN))
    assert r["learner"].tolist() == ["B", "A"]
    np.testing.assert_allclose(r["slope_min"], [0, 0.5])
    np.testing.assert_allclose(r["slope_max"], [0.5, np.inf])
    assert r["range"].tolist() == [1, 2] and r["n_vertices"].tolist() == [1, 2]


def test_dominance_with_and_without_ties():
    one = hull_of([("A", 0.1, 0.5), ("A", 0.3, 0.8), ("C", 0.2, 0.4)], dataset="one")
    # B has A's second point only and comes first: that vertex is B's (A tied with it), the other A's
    tied = hull_of([("B", 0.3, 0.8), ("A", 0.1, 0.5), ("A", 0.3, 0.8)], dataset="tied")
    d = dominance(pd.concat([hull_of(MAIN), one, tied], ignore_index=True)).set_index("dataset")
    assert d["dominated"].to_dict() == {"x": False, "one": True, "tied": False}
    assert d["dominated_with_ties"].to_dict() == {"x": False, "one": True, "tied": True}
    assert d.loc["one", "dominator"] == "A" and d.loc["x", "dominator"] == "" and d.loc["x", "hull_learners"] == "B, A"


def test_primary_positive_is_the_minority_class_ties_to_the_later():
    h = pd.concat([hull_of(MAIN, positive=p, n_pos=n) for p, n in (("p1", 5), ("p2", 3), ("p3", 3))])
    assert primary_positive(h) == {"x": "p3"}


def test_compare_published_range_by_range(tmp_path):
    f = tmp_path / "pub.csv"
    f.write_text("dataset,range,slope_min,slope_max,dominator,learner\n"
                 "x,1,0,0.4,Bee,B\nx,2,0.4,inf,Ay,A\ny,1,0,inf,Ay,A\n")
    cmp = compare_published(hull_of(MAIN), read_published(f))
    assert cmp["ours_learner"].tolist() == ["B", "A", ""]
    np.testing.assert_allclose(cmp["ours_slope_max"][:2], [0.5, np.inf])
    # over [0.4, ∞) ours is B (up to 0.5), then A: not A alone
    assert cmp["ours_over_range"].tolist() == ["B", "B, A", ""]
    assert cmp["same_learner_over_range"].tolist()[:2] == [True, False]
    assert cmp.loc[2, "positive"] == ""  # y was not run
    t = published_rocch_tables(hull_of(MAIN), read_published(f))
    assert t["published"].notes == ["Not run (no data): y."]
    assert "0 of 1 data sets" in t["dominance"].notes[0]
    # the published bounds with every digit the file has, a range open at ∞ (the new-user trial read "31.1", "∞]")
    assert t["published"].display["published range"].tolist() == ["[0, 0.4]", "[0.4, ∞)", "[0, ∞)"]
    assert t["published"].display["ours, same range no."].tolist() == ["B [0, 0.5]", "A [0.5, ∞)", "—"]
    f.write_text("dataset,range,slope_min,slope_max,dominator,learner\nx,1,0,31.14,Bee,B\nx,2,31.14,inf,Ay,A\n")
    t = published_rocch_tables(hull_of(MAIN), read_published(f))
    assert t["published"].display["published range"].tolist() == ["[0, 31.14]", "[31.14, ∞)"]


@pytest.mark.parametrize("rows,words", [
    ("x,1,0,0.4,B,B\nx,3,0.4,inf,A,A\n", "not 1, 2"),
    ("x,1,0,0.4,B,B\nx,2,0.5,inf,A,A\n", "do not tile"),
    ("x,1,0,0.4,B,B\nx,2,0.4,9,A,A\n", "do not tile"),
    ("x,1,0,four,B,B\n", "column slope_max"),
])
def test_a_malformed_published_table_is_refused(tmp_path, rows, words):
    f = tmp_path / "pub.csv"
    f.write_text("dataset,range,slope_min,slope_max,dominator,learner\n" + rows)
    with pytest.raises(ValueError, match=words):
        read_published(f)


def test_the_transcribed_table_reads_and_tiles_every_domain():
    pub = read_published(PUB / "provost_fawcett_slopes.csv")
    assert pub.groupby("dataset", sort=False).size().to_dict() == {"vehicle": 1, "road-grass": 2, "credit-a": 4,
                                                                     "satimage": 7}


def _card(hulls):
    hull = pd.concat(hulls, ignore_index=True)
    t = published_rocch_tables(hull, read_published(PUB / "provost_fawcett_slopes.csv"))
    tables = {"rocch_published": t["published"].data, "rocch_dominance": t["dominance"].data}
    pub = load_published([PUB / "provost_fawcett_slopes.csv", PUB / "provost_fawcett_dominance.csv"])
    return scorecard(tables, load_claims(ROOT / "config" / "claims.yaml"), pub, 0.05).set_index("cell")


def test_scorecard_rows_of_provost_and_fawcett():
    bag = [("Bagged-C4.5", 0.1, 0.7), ("Bagged-C4.5", 0.3, 0.9), ("IB5", 0.2, 0.6)]
    # CRX: hull (0, 0) → Bagged (0.1, 0.5) → NB (0.5, 0.9) → (1, 1), slopes 5, 1, 0.2: NB-FI [0, 1], Bagged [1, ∞)
    crx = [("NB-FI", 0.5, 0.9), ("Bagged-C4.5", 0.1, 0.5)]
    c = _card([hull_of(bag, "vehicle"), hull_of(crx, "credit-a")])
    s = c["status"]
    assert s["provost_fawcett_slopes:vehicle/1:dominator"] == "pass"
    assert s["provost_fawcett_slopes:vehicle/1:slope_min"] == "explained"  # an end of the axis
    assert s["provost_fawcett_slopes:road-grass/1:dominator"] == "not reproducible"
    assert s["provost_fawcett_slopes:satimage/3:dominator"] == "missing"  # not run here
    # CRX range 1: published Bagged-MC4 [0, 0.03], ours NB-FI [0, 1]: FAIL; its bound 1 against 0.03: beyond × 2
    assert c.loc["provost_fawcett_slopes:credit-a/1:dominator", "ours"] == "NB-FI"
    assert s["provost_fawcett_slopes:credit-a/1:dominator"] == "FAIL"
    assert c.loc["provost_fawcett_slopes:credit-a/1:slope_max", "ours"] == pytest.approx(1.0)
    assert s["provost_fawcett_slopes:credit-a/1:slope_max"] == "FAIL"
    # range 3 of 4 published; we have 2 ranges: its bound is a FAIL saying so
    assert s["provost_fawcett_slopes:credit-a/3:slope_max"] == "FAIL"
    assert "we have 2 ranges" in c.loc["provost_fawcett_slopes:credit-a/3:slope_max", "reason"]
    assert s["provost_fawcett_dominance:vehicle:dominated"] == "pass"
    assert s["provost_fawcett_dominance:credit-a:dominated"] == "pass"
    assert c.loc["provost_fawcett_dominance:all:dominated", "ours"] == "1 of 2"
    assert s["provost_fawcett_dominance:all:dominated"] == "pass"
    # a third domain with a dominator: 2 of 3 against the paper's 1 → FAIL
    c = _card([hull_of(bag, "vehicle"), hull_of(crx, "credit-a"), hull_of(bag, "satimage")])
    assert c.loc["provost_fawcett_dominance:all:dominated", "ours"] == "2 of 3"
    assert c.loc["provost_fawcett_dominance:all:dominated", "status"] == "FAIL"
    assert c.loc["provost_fawcett_dominance:satimage:dominated", "status"] == "FAIL"


def test_the_slope_bound_rule_at_its_boundary():
    # CRX: hull (0, 0) → Bagged (0.1, b) → NB (0.5, 0.995) → (1, 1): NB-FI over [0, m], Bagged over [m, ∞), m the
    # slope (0.995 − b) / 0.4 of the segment between them (the last segment's, 0.01, is flatter). Published range 1
    # ends at 0.03: ours passes within a factor 2, m in [0.015, 0.06]
    for b, ok in ((0.983, "pass"), (0.9711, "pass"), (0.9709, "FAIL"), (0.9889, "pass"), (0.9891, "FAIL")):
        crx = [("NB-FI", 0.5, 0.995), ("Bagged-C4.5", 0.1, b)]
        c = _card([hull_of(crx, "credit-a")])
        assert c.loc["provost_fawcett_slopes:credit-a/1:slope_max", "ours"] == pytest.approx((0.995 - b) / 0.4)
        assert c.loc["provost_fawcett_slopes:credit-a/1:slope_max", "status"] == ok, b
