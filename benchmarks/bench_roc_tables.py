"""Benchmark: the ROC tables over a study's data sets (rule ``roc_tables``, every study's) grow linearly.

:func:`aucacc.roc.roc_tables` reads the stacked per-data-set frames (hull vertices, AUC checks, ROC
curves; a 26-class data set's curves have 1.5 million rows). Its ROCCH-hybrid table needs, for each
(data set, positive class), that pair's rows of the curves and checks. The baseline, measured in the
same run, selects them as the code did before (a comparison of the whole stacked frame per pair,
quadratic in the number of data sets); the library splits the frames once
(:func:`aucacc.tables.split_frame`). The two hybrid tables are checked equal to the byte (CSV).

To show the growth, the study's frames are stacked ``k`` times (copies of each data set under new
names), for each ``--copies`` k.

Usage (a finished run's study folder; the parameters are config/config.yaml's top-level ``roc`` settings, as
validated: the schema's defaults; nothing written)::

    python benchmarks/bench_roc_tables.py --roc results/studies/uci36/roc --copies 1 2
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench_study_analysis import _cpu  # the benchmarks' CPU-seconds helper (this folder is on sys.path)

ROOT = Path(__file__).resolve().parents[1]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--roc", required=True, help="a study's roc folder: <data set>/{hull,auc_check,curves}.csv")
    ap.add_argument("--copies", nargs="+", type=int, default=[1, 2])
    args = ap.parse_args(argv)

    import pandas as pd
    import yaml

    from aucacc.config import validate_config
    from aucacc.roc import experiment, roc_tables
    from aucacc.tables import FrameParts

    cfg = yaml.safe_load((ROOT / "config" / "config.yaml").read_text())
    validate_config(cfg)  # fills the roc keys' defaults
    roc = cfg["roc"]
    folders = sorted(p for p in Path(args.roc).iterdir() if (p / "hull.csv").is_file())
    base = {n: [pd.read_csv(f / f"{n}.csv") for f in folders] for n in ("hull", "auc_check", "curves")}

    def stacked(k):
        out = []
        for n in ("hull", "auc_check", "curves"):
            parts = [f.assign(dataset=f["dataset"].astype(str) + (f"~{c}" if c else ""))
                     for c in range(k) for f in base[n]]
            out.append(pd.concat(parts, ignore_index=True))
        return out

    def old_split(frame, by):  # the baseline: one comparison of the whole frame per key
        cols = [by] if isinstance(by, str) else list(by)

        class Scan(FrameParts):
            def __missing__(self, key):
                mask = pd.Series(True, index=frame.index)
                for col, value in zip(cols, key if isinstance(key, tuple) else (key,)):
                    mask &= frame[col] == value
                return frame[mask]
        return Scan({}, frame.iloc[:0])

    args_roc = (roc["slopes"], roc["target_fpr"], roc["workforce"], roc["min_precision"], roc["lift_fraction"])
    print(f"{'copies':>6} {'data sets':>9} {'curve rows':>11} {'baseline s':>11} {'library s':>10} {'ratio':>6} same")
    for k in args.copies:
        hull, check, curves = stacked(k)
        new, t_new = _cpu(lambda: roc_tables(hull, check, curves, *args_roc))
        real = experiment.split_frame
        experiment.split_frame = old_split
        try:
            old, t_old = _cpu(lambda: roc_tables(hull, check, curves, *args_roc))
        finally:
            experiment.split_frame = real
        same = all(new[t].data.to_csv(index=False) == old[t].data.to_csv(index=False) for t in new)
        print(f"{k:>6} {hull['dataset'].nunique():>9} {len(curves):>11} {t_old:>11.2f} {t_new:>10.2f} "
              f"{t_old / t_new:>6.1f} {same}")


if __name__ == "__main__":
    main()
