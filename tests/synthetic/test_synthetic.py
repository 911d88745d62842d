"""Synthetic C/D/E of AUC vs accuracy (Huang & Ling 2005, §II; Knowl 1 and 3)."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from aucacc import synthetic as sy
from aucacc.counting import PairCounts
from oracles import (binary_list_measures, joint_histogram_bruteforce, measure_pair_counts_bruteforce,
                     multiclass_exact_ranks_slow, pair_counts_bruteforce)

REPO = Path(__file__).resolve().parents[2]
PUBLISHED = REPO / "config" / "published" / "synthetic_endpoints.csv"


def test_hand_computed_n2_n2():
    # n0 = n1 = 2, positives at ranks (0 = top), cut after rank 1:
    #   {0,1} ++--  correct 4  AUC 4/4
    #   {0,2} +-+-  correct 2  AUC 3/4
    #   {0,3} +--+  correct 2  AUC 2/4
    #   {1,2} -++-  correct 2  AUC 2/4
    #   {1,3} -+-+  correct 2  AUC 1/4
    #   {2,3} --++  correct 0  AUC 0/4
    # 15 pairs. V: only ({0,3},{1,2}) ties on both -> 1, E = 1/15 = 0.067.
    # Q: no pair ties on AUC with different accuracy -> 0.
    # S: no pair disagrees -> 0.  P: pairs among the four correct-2 lists with different AUC
    # = C(4,2) - 1 = 5.  R = 15 - 5 - 1 = 9 (the top/bottom lists against everything else).
    hand = {(0, 1): (4, 4), (0, 2): (2, 3), (0, 3): (2, 2), (1, 2): (2, 2), (1, 3): (2, 1), (2, 3): (0, 0)}
    for pos, expected in hand.items():
        assert binary_list_measures(pos, 2, 2) == expected
    pc = sy.pair_counts(sy.joint_histogram(2, 2).counts)
    assert (pc.R, pc.S, pc.P, pc.Q, pc.V, pc.U) == (9, 0, 5, 0, 1, 15)
    # P = 5 > 0 = Q: AUC separates pairs accuracy ties and never the reverse, so D = inf.
    assert pc.D == math.inf and pc.C == 1 and pc.E == Fraction(1, 15)


def test_gaussian_binomial_small():
    # [4 choose 2]_q = 1 + q + 2q^2 + q^3 + q^4 (the 6 words with two ones).
    assert sy.gaussian_binomial(4, 2) == (1, 1, 2, 1, 1)
    assert sy.gaussian_binomial(5, 0) == (1,)
    assert sum(sy.gaussian_binomial(20, 7)) == math.comb(20, 7)
    with pytest.raises(ValueError):
        sy.gaussian_binomial(3, 4)


BRUTE_SIZES = sorted({(a, n - a) for n in range(2, 13) for a in range(1, n)}
                     | {(7, 7), (8, 8), (4, 12), (2, 14), (12, 4), (5, 11)})


@pytest.mark.parametrize("n0,n1", BRUTE_SIZES)
def test_joint_histogram_equals_bruteforce(n0, n1):
    fast = sy.joint_histogram(n0, n1)
    slow = joint_histogram_bruteforce(n0, n1)
    assert fast.counts.shape == slow.counts.shape
    assert (fast.counts == slow.counts).all()
    assert fast.total == math.comb(n0 + n1, n0)


@pytest.mark.parametrize("n0,n1", [(2, 2), (3, 3), (4, 4), (5, 5), (1, 4), (2, 5), (3, 6), (6, 3), (2, 8), (4, 6)])
def test_pair_counts_equal_pair_by_pair(n0, n1):
    import itertools

    lists = list(itertools.combinations(range(n0 + n1), n0))
    meas = [binary_list_measures(p, n0, n1) for p in lists]
    slow = pair_counts_bruteforce([a for _, a in meas], [c for c, _ in meas])
    fast = sy.pair_counts(sy.joint_histogram(n0, n1).counts)
    assert fast == slow


def test_pair_counts_random_histograms():
    rng = np.random.default_rng(5)
    for _ in range(20):
        h = rng.integers(0, 4, size=(rng.integers(1, 5), rng.integers(1, 6)))
        g = np.repeat(np.arange(h.shape[0])[:, None], h.shape[1], 1)
        f = np.repeat(np.arange(h.shape[1])[None, :], h.shape[0], 0)
        reps = h.ravel()
        slow = pair_counts_bruteforce(np.repeat(f.ravel(), reps).tolist(), np.repeat(g.ravel(), reps).tolist())
        assert sy.pair_counts(h) == slow
        assert sy.pair_counts(h.astype(object)) == slow
        # Independent-draw version: same C and D, ordered pairs with self-pairs.
        ind = sy.pair_counts(h, distinct=False)
        assert (ind.C, ind.D) == (slow.C, slow.D)
        assert ind.U == int(h.sum()) ** 2 and ind.R + ind.S + ind.P + ind.Q + ind.V == ind.U


def test_pair_counts_rejects_bad_input():
    with pytest.raises(ValueError):
        sy.pair_counts(np.zeros(3))
    with pytest.raises(ValueError):
        sy.pair_counts(np.array([[1, -1]]))


def _published_binary():
    df = pd.read_csv(PUBLISHED, dtype=str)
    out = []
    for _, row in df.iterrows():
        exp, setting = row["experiment"], row["setting"]
        if exp == "multiclass_2_per_class":
            continue
        for k in ("C", "D", "E"):
            if isinstance(row[k], str) and row[k].strip():
                out.append((exp, setting, k, row[k].strip()))
    return out


def _sizes(exp, setting):
    if exp == "balanced":
        n = int(setting.split("=")[1])
        return n // 2, n // 2
    if exp == "imbalanced_25pct":
        n = int(setting.split("=")[1])
        return n // 4, n - n // 4
    a, b = setting.split(":")
    return int(a), int(b)


@pytest.mark.parametrize("exp,setting,key,printed", _published_binary())
def test_every_published_binary_value(exp, setting, key, printed):
    n0, n1 = _sizes(exp, setting)
    value = sy.binary_cde(n0, n1)[key]
    assert sy.matches_printed(value, printed), f"{exp} {setting} {key}: ours {value}, published {printed}"


def test_published_file_is_fully_covered():
    # 13 filled binary C, D, E cells in the CSV; a new row must show up here too.
    assert len(_published_binary()) == 13


def test_published_tie_statements():
    # 2n = 4: Q = 0 < P (D = inf; the paper leaves the cell blank), E = 0.067; 25 % at n = 4: C = 1.0, no S.
    d = sy.binary_cde(2, 2)
    assert d["Q"] == 0 < d["P"] and math.isinf(d["D"])
    d = sy.binary_cde(1, 3)
    assert d["S"] == 0 and d["C"] == 1.0


def test_matches_printed_can_fail():
    assert sy.matches_printed(0.93469, "0.935")
    assert not sy.matches_printed(0.93449, "0.935")
    assert not sy.matches_printed(18.951, "18.9")
    assert not sy.matches_printed(float("nan"), "1.0")


def test_swapping_classes_is_a_symmetry():
    # Reverse the list and swap labels: AUC and accuracy unchanged, so 8:2 equals 2:8.
    for n0, n1 in [(2, 8), (3, 7), (1, 5)]:
        a, b = sy.binary_cde(n0, n1), sy.binary_cde(n1, n0)
        assert all(a[k] == b[k] for k in "RSPQVU")


def test_large_sizes_exact_integers():
    d = sy.binary_cde(50, 50)
    assert d["lists"] == math.comb(100, 50)
    assert d["U"] == math.comb(100, 50) * (math.comb(100, 50) - 1) // 2 > 2 ** 64
    assert d["R"] + d["S"] + d["P"] + d["Q"] + d["V"] == d["U"]
    assert 0.5 < d["C"] < 1 and d["D"] > 1


def test_bad_sizes():
    with pytest.raises(ValueError):
        sy.joint_histogram(0, 3)
    with pytest.raises(ValueError):
        sy.binary_settings("imbalanced_25pct", {"imbalanced_25pct": {"sizes": [6], "positive_fraction": 0.25}})
    with pytest.raises(ValueError):
        sy.binary_settings("nope", {})


def test_binary_settings_from_config():
    from aucacc.config import load_config

    cfg = load_config()["synthetic"]
    assert sy.binary_settings("balanced", cfg)[-1] == ("2n=16", 8, 8)
    assert ("n=16", 4, 12) in sy.binary_settings("imbalanced_25pct", cfg)
    assert ("2:8", 2, 8) in sy.binary_settings("varying_n10", cfg)
    ext = sy.binary_settings("balanced_extended", cfg)
    assert ext[-1] == (f"2n={cfg['extended']['max_size']}", cfg["extended"]["max_size"] // 2,
                       cfg["extended"]["max_size"] // 2)


# ---------------------------------------------------------------------------- multi-class

@pytest.mark.parametrize("c", [2, 3, 5])
def test_hand_till_equals_sklearn(c):
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(c)
    y = sy.multiclass_labels(c, 3)
    den = sy.hand_till_denominator(y)
    for _ in range(10):
        p = rng.dirichlet(np.ones(c), size=len(y))
        p = np.round(p, 1)  # coarse values create ties, which count 1/2
        p[:, -1] = 1 - p[:, :-1].sum(axis=1)
        if (p < 0).any():
            continue
        ours = sy.hand_till_numerator(p, y) / den
        ref = roc_auc_score(y, p, multi_class="ovo") if c > 2 else roc_auc_score(y, p[:, 1])
        assert ours == pytest.approx(ref, abs=1e-12)


def test_hand_till_perfect_and_reversed():
    y = sy.multiclass_labels(3)
    s = np.eye(3)[y]
    assert sy.hand_till_numerator(s, y) == sy.hand_till_denominator(y)
    assert sy.hand_till_numerator(-s, y) == 0


def test_multiclass_exact_equals_slow_oracle():
    fast = sy.multiclass_exact_ranks(2)
    slow = multiclass_exact_ranks_slow(2)
    assert (fast.counts == slow.counts).all()
    assert fast.total == 2 ** 4 * math.factorial(4) ** 2
    with pytest.raises(ValueError):
        sy.multiclass_exact_ranks(4)


@pytest.mark.parametrize("model", sorted(sy.MULTICLASS_MODELS))
def test_sampling_is_seeded_and_centred(model):
    a = sy.sample_multiclass(4, 4000, np.random.default_rng(1), model)
    b = sy.sample_multiclass(4, 4000, np.random.default_rng(1), model)
    assert all((x == y).all() for x, y in zip(a, b))
    correct, m = a
    y = sy.multiclass_labels(4)
    M = m / sy.hand_till_denominator(y)
    # Scores carry no class information: E[M] = 1/2 and E[acc] = 1/c.
    assert abs(M.mean() - 0.5) < 4 * M.std() / np.sqrt(len(M))
    acc = correct / len(y)
    assert abs(acc.mean() - 0.25) < 4 * acc.std() / np.sqrt(len(acc))
    with pytest.raises(ValueError):
        sy.sample_multiclass(3, 10, np.random.default_rng(0), "bogus")


def test_sample_estimate_near_exact_c2():
    # The sampled C and D of model "ranks" must agree with the exact values within 4 bootstrap se.
    exact = sy.pair_counts(sy.multiclass_exact_ranks(2).counts, distinct=False)
    rng = np.random.default_rng(11)
    correct, m = sy.sample_multiclass(2, 20000, rng, "ranks")
    y = sy.multiclass_labels(2)
    hist = sy.histogram_from_values(correct, m, len(y), sy.hand_till_denominator(y))
    est = sy.pair_counts(hist.counts)
    unc = sy.bootstrap_cd(hist, 200, rng)
    assert abs(float(est.C) - float(exact.C)) < 4 * unc["C_se"]
    assert abs(float(est.D) - float(exact.D)) < 4 * unc["D_se"]
    assert unc["C_lo"] < float(est.C) < unc["C_hi"]


@pytest.mark.parametrize("per_class, words", [(1, "1 example per class"), (2, "2 examples per class")])
def test_multiclass_caption_and_axis_state_the_configured_examples_per_class(per_class, words):
    """The table caption and the figure's axis name the configured per_class (the .test config uses 1),
    not the paper's 2."""
    import matplotlib.pyplot as plt

    from aucacc.report.plots.synthetic import plot_multiclass
    from aucacc.synthetic.experiments import examples_per_class, multiclass_experiment

    cfg = {"multiclass": {"classes": [3], "per_class": per_class, "samples": 40, "bootstrap": 5, "models": ["ranks"]}}
    table = multiclass_experiment(cfg, pd.read_csv(PUBLISHED, dtype=str), seed=1)
    fig = plot_multiclass(table.data, examples_per_class(cfg))  # as the rule's script draws it
    assert words in table.caption
    other = "2 examples per class" if per_class == 1 else "1 example per class"
    assert other not in table.caption
    assert all(ax.get_xlabel() == f"classes c ({words})" for ax in fig.axes)
    assert set(table.data["examples"] // table.data["c"]) == {per_class}
    plt.close(fig)


# ----------------------------------------------------------------------------------------
# Other measures at the paper's cut: C/D/E for any pair (f, g)
# ----------------------------------------------------------------------------------------

MEASURE_PAIRS = [(f, g) for f in sy.CUT_MEASURES for g in sy.CUT_MEASURES if f != g]


@pytest.mark.parametrize("n0,n1", [(a, n - a) for n in range(2, 11) for a in range(1, n)])
def test_measure_pairs_equal_bruteforce(n0, n1):
    # Every ordered pair of the five measures, n = n0 + n1 <= 10: the counts by (k, AUC numerator)
    # classes equal the pair-by-pair tally over every ranked list (exact, MCC compared as a/sqrt(b)).
    slow = measure_pair_counts_bruteforce(n0, n1, MEASURE_PAIRS)
    for f, g in MEASURE_PAIRS:
        fast = sy.measure_pair_cde(n0, n1, f, g)
        assert PairCounts(*(fast[k] for k in "RSPQVU")) == slow[(f, g)], (f, g)
        assert fast["lists"] == math.comb(n0 + n1, n0)


def test_paper_pair_unchanged():
    # The pair path gives the paper's counts for AUC against accuracy (binary_cde, the published tables).
    for n0, n1 in [(2, 2), (8, 8), (4, 12), (3, 7), (7, 3), (25, 25)]:
        old, new = sy.binary_cde(n0, n1), sy.measure_pair_cde(n0, n1, "auc", "accuracy")
        assert {k: old[k] for k in "RSPQVU"} == {k: new[k] for k in "RSPQVU"}


def test_measure_pairs_hand_computed_n2_n2():
    # The six lists of test_hand_computed_n2_n2 have k = 2, 1, 1, 1, 1, 0 positives above the cut:
    # TP = k, FP = FN = 2 - k, TN = k, so accuracy = BA = F1 = k/2 and MCC = (k^2 - (2-k)^2)/4 = k - 1:
    # every cut measure orders them by k. AUC vs MCC is AUC vs accuracy: R 9, S 0, P 5, Q 0, V 1.
    pc = sy.measure_pair_cde(2, 2, "auc", "mcc")
    assert [pc[k] for k in "RSPQVU"] == [9, 0, 5, 0, 1, 15]
    # MCC vs balanced accuracy: the pairs with different k (1*4 + 1*4 + 1*1 = 9) agree, the
    # C(4, 2) = 6 pairs among the k = 1 lists tie on both; P = Q = 0, so D is undefined.
    pc = sy.measure_pair_cde(2, 2, "mcc", "balanced_accuracy")
    assert [pc[k] for k in "RSPQVU"] == [9, 0, 0, 0, 6, 15]
    assert pc["C"] == 1 and math.isnan(pc["D"]) and pc["E"] == pytest.approx(6 / 15)


def test_confusion_key_values():
    # Tharwat (2020) worked example TP 70, TN 80, FP 20, FN 30: accuracy 0.75, BCR 0.75,
    # F1 = 140/190; MCC = 5000/sqrt(90*100*100*110) whose key is 5000^2/99,000,000 = 25/99.
    tp, fp, fn, tn = 70, 20, 30, 80
    assert sy.confusion_key("accuracy", tp, fp, fn, tn) == Fraction(3, 4)
    assert sy.confusion_key("balanced_accuracy", tp, fp, fn, tn) == Fraction(3, 4)
    assert sy.confusion_key("f1", tp, fp, fn, tn) == Fraction(14, 19)
    assert sy.confusion_key("mcc", tp, fp, fn, tn) == Fraction(25, 99)
    # A negative MCC keeps its sign: TP 1, FP 3, FN 3, TN 1 -> (1 - 9)/sqrt(4^4) = -1/2 -> key -1/4.
    assert sy.confusion_key("mcc", 1, 3, 3, 1) == Fraction(-1, 4)
    with pytest.raises(ValueError, match="undefined"):
        sy.confusion_key("mcc", 0, 0, 3, 4)  # nothing predicted positive
    with pytest.raises(ValueError, match="unknown measure"):
        sy.confusion_key("kappa", 1, 1, 1, 1)


def test_mcc_key_orders_as_sklearn():
    # The key sign(a) a^2 / b orders random confusion matrices as scikit-learn's MCC does, ties included.
    from sklearn.metrics import matthews_corrcoef

    rng = np.random.default_rng(3)
    mats = [tuple(int(v) for v in rng.integers(1, 6, size=4)) for _ in range(60)] + [(2, 1, 1, 2), (4, 2, 2, 4)]
    def mcc(tp, fp, fn, tn):
        y = [1] * (tp + fn) + [0] * (fp + tn)
        p = [1] * tp + [0] * fn + [1] * fp + [0] * tn
        return matthews_corrcoef(y, p)
    vals = [(mcc(*m), sy.confusion_key("mcc", *m)) for m in mats]
    for (x1, k1), (x2, k2) in zip(vals, vals[1:] + vals[:1]):
        if abs(x1 - x2) > 1e-12:
            assert (k1 > k2) == (x1 > x2)
        else:
            assert k1 == k2
    assert vals[-2][1] == vals[-1][1]  # (2,1,1,2) and (4,2,2,4): the same MCC 1/3


def test_cut_measures_at_the_cut():
    # At the paper's cut TP = k, FP = FN = n0 - k, TN = n1 - n0 + k: F1 = k/n0 and
    # MCC = (k N - n0^2)/(n0 n1), so MCC's key is sign * MCC^2.
    n0, n1 = 3, 7
    for k in range(0, 4):
        assert sy.confusion_at_cut(n0, n1, k) == (k, 3 - k, 3 - k, 4 + k)
        assert sy.confusion_key("f1", *sy.confusion_at_cut(n0, n1, k)) == Fraction(k, 3)
        m = Fraction(10 * k - 9, 21)
        assert sy.confusion_key("mcc", *sy.confusion_at_cut(n0, n1, k)) == (1 if m > 0 else -1) * m * m
    with pytest.raises(ValueError, match="impossible"):
        sy.confusion_at_cut(7, 3, 2)  # 7 positives, 3 negatives: at least 4 positives sit above the cut
    with pytest.raises(ValueError, match="two different"):
        sy.measure_pair_cde(3, 3, "auc", "auc")
    with pytest.raises(ValueError, match="unknown measure"):
        sy.pair_histogram(3, 3, "auc", "brier")


def test_measure_pairs_config_default_is_the_papers_pair():
    from aucacc.config import load_config
    from aucacc.schemas import CONFIG_SCHEMA

    cfg = load_config()["synthetic"]
    assert sy.measure_pairs(cfg) == [("auc", "accuracy")] and not sy.extra_measure_pairs(cfg)
    # The schema's names are the library's (one list each).
    schema = yaml.safe_load(CONFIG_SCHEMA.read_text())
    mp = schema["properties"]["synthetic"]["properties"]["measure_pairs"]["properties"]
    assert tuple(mp["pairs"]["items"]["items"]["enum"]) == sy.CUT_MEASURES
    assert tuple(mp["experiments"]["items"]["enum"]) == sy.BINARY_EXPERIMENTS
    for bad in ([["mcc", "mcc"]], [["auc", "f1"], ["auc", "f1"]], [["auc", "brier"]]):
        with pytest.raises(ValueError, match="synthetic.measure_pairs.pairs"):
            sy.measure_pairs({**cfg, "measure_pairs": {**cfg["measure_pairs"], "pairs": bad}})


def test_measure_pairs_table():
    from aucacc.config import load_config

    cfg = load_config()["synthetic"]
    cfg = {**cfg, "measure_pairs": {"pairs": [["auc", "accuracy"], ["auc", "mcc"], ["f1", "balanced_accuracy"]],
                                    "experiments": ["balanced", "varying_n10"]}}
    assert sy.extra_measure_pairs(cfg)
    df = sy.measure_pairs_table(cfg)
    assert len(df) == 3 * (len(cfg["balanced"]["sizes"]) + len(cfg["varying_n10"]["positives"]))
    row = df[(df.setting == "2n=16") & (df.f == "auc") & (df.g == "mcc")].iloc[0]
    # The paper's 2n = 16 values (C = 0.935, D = 18.9, E = 0.016): MCC at the cut orders lists as accuracy does.
    assert (round(row.C, 3), round(row.D, 1), round(row.E, 3)) == (0.935, 18.9, 0.016)
    paper = sy.binary_table("balanced", cfg, pd.read_csv(PUBLISHED, dtype=str)).set_index("setting")
    auc_acc = df[(df.experiment == "balanced") & (df.g == "accuracy")].set_index("setting")
    assert (auc_acc[list("RSPQVU")] == paper.loc[auc_acc.index, list("RSPQVU")]).all().all()
    table = sy.measure_pairs_experiment(cfg)
    assert list(table.display.columns) == ["experiment", "setting", "n0", "n1", "f", "g", "C", "D", "E"]


def test_merge_equal_sums_tied_rows_and_columns():
    # Keys with ties and out of order: rows keyed (2, 1, 2) -> key 1: row 1; key 2: rows 0 + 2.
    from aucacc.synthetic.binary import _merge_equal

    grid = np.array([[1, 2], [3, 4], [5, 6]], dtype=object)
    assert _merge_equal(grid, [Fraction(2), Fraction(1), Fraction(2)], axis=0).tolist() == [[3, 4], [6, 8]]
    assert _merge_equal(grid, [Fraction(1, 3), Fraction(1, 3)], axis=1).tolist() == [[3], [7], [11]]
    assert _merge_equal(grid, [0, 1, 2], axis=0) is grid


@pytest.mark.slow
def test_measure_pairs_rule_only_when_asked(tmp_path):
    # The .test config plans no synthetic_measure_pairs job (the paper's pair only); listing more pairs adds the
    # table to the default target, and the rule writes one row per (setting, pair).
    from helpers import copy_test_workflow, run_snakemake

    work, _ = copy_test_workflow(tmp_path)
    plan = run_snakemake(work, "-n", cores=2, directory=".test", check=True)
    assert "synthetic_measure_pairs" not in plan.stdout + plan.stderr
    extra = ["--config", "synthetic={measure_pairs: {pairs: [[auc, accuracy], [auc, mcc], [mcc, f1]], "
                         "experiments: [balanced]}}"]
    plan = run_snakemake(work, "-n", *extra, cores=2, directory=".test", check=True)
    assert "rule synthetic_measure_pairs:" in plan.stdout + plan.stderr
    run_snakemake(work, "results/tables/synthetic_measure_pairs.csv", *extra, directory=".test", check=True)
    df = pd.read_csv(work / ".test" / "results" / "tables" / "synthetic_measure_pairs.csv")
    assert list(df.setting.unique()) == ["2n=4", "2n=6", "2n=8"] and len(df) == 9  # .test: balanced sizes 4, 6, 8
    row = df[(df.setting == "2n=6") & (df.f == "auc") & (df.g == "mcc")].iloc[0]
    assert row.D == 15.5  # the paper's 2n = 6 value of AUC against accuracy: MCC at the cut orders lists as it does
    assert (df[df.f == "mcc"].C == 1).all() and df[df.f == "mcc"].D.isna().all()
    assert (work / ".test" / "results" / "tables" / "synthetic_measure_pairs.md").read_text().startswith(
        "Exact C, D, E of measure f against measure g")
