"""The AUC-gap write-up (``results/report/auc_gap.md``): every number taken from the tables of :mod:`.hypotheses`."""

from __future__ import annotations

import pandas as pd

from aucacc.auc_gap.hypotheses import reading_claims, weka342_comparison
from aucacc.scores import mark_partial, partial_notes
from aucacc.tables import to_markdown


def _weka342_section(by_dataset: pd.DataFrame, significance: pd.DataFrame | None, alpha: float) -> list[str]:
    """Markdown lines: does Weka 3.4.2's own AUC explain the published AUCs better than the other readings?"""
    cmp = weka342_comparison(by_dataset, significance, alpha)
    cmp = cmp[~cmp["reading"].str.startswith("per_fold_discretization+weka342")]
    if not cmp["weka342"].any():
        return []
    full = cmp[cmp["n_nb_c44_c45"] == cmp["n_nb_c44_c45"].max()]
    wk, other = full[full["weka342"]], full[~full["weka342"]]
    bw, bo = wk.iloc[0], other.iloc[0]
    std = full[full["reading"] == "standard"]
    std_txt = f"; standard reading {std['mad_nb_c44_c45'].iloc[0]:.2f}" if len(std) else ""
    better = bw["mad_nb_c44_c45"] < bo["mad_nb_c44_c45"]
    sw = wk.sort_values("mad_svm", kind="stable").iloc[0]
    so = other.dropna(subset=["mad_svm"]).sort_values("mad_svm", kind="stable")
    so_txt = f"best other reading **{so.iloc[0]['reading']}** {so.iloc[0]['mad_svm']:.2f}" if len(so) else "no other reading"
    std_svm = f"; standard {std['mad_svm'].iloc[0]:.2f}" if len(std) else ""
    lines = [
        "## Weka 3.4.2's own AUC (ThresholdCurve with the bug fixed in 3.4.3)",
        "",
        "Each `weka342_<scope>_<positive>_<order>` reading is Weka 3.4.2's ROC area, bug included "
        "(`aucacc.weka342`, equal to the real class to 1e-12 in the tests): per fold (mean) or pooled over "
        "the folds; the first, last or minority class as positive; predictions in stored, reversed or "
        "one shuffled order before Weka's unstable quicksort. Nothing is tuned.",
        "",
        f"- Over the {int(bw['n_nb_c44_c45'])} NB/C4.4/C4.5 cells (mean |ours − published|, points): best Weka "
        f"3.4.2 reading **{bw['reading']}** {bw['mad_nb_c44_c45']:.2f}; best other reading **{bo['reading']}** "
        f"{bo['mad_nb_c44_c45']:.2f}{std_txt}. So the Weka 3.4.2 reading "
        f"{'explains the published AUCs better than every reading tested before' if better else 'does not explain the published AUCs better than the best reading tested before'}.",
        f"- Over the {int(sw['n_svm'])} SVM cells: best Weka 3.4.2 reading **{sw['reading']}** {sw['mad_svm']:.2f}; "
        f"{so_txt}{std_svm}.",
    ]
    if "claims_kept" in cmp.columns:
        allk = wk[wk["claims_kept"] == wk["claims_tested"]]
        lines.append(f"- AUC claims kept (paired t-tests over data-set means, the paper's test; of "
                     f"{int(bw['claims_tested'])}): {bw['reading']} keeps {int(bw['claims_kept'])} (not kept: "
                     f"{bw['claims_not_kept'] or 'none'}); {bo['reading']} keeps {int(bo['claims_kept'])}. "
                     + (f"Weka 3.4.2 readings that keep every AUC claim: "
                        + ", ".join(f"{r.reading} ({r.mad_nb_c44_c45:.2f} points)" for r in allk.itertuples()) + "."
                        if len(allk) else "No Weka 3.4.2 reading keeps every AUC claim."))
    lines += ["", to_markdown(cmp, ".2f")]
    return lines


def gap_report(summary: pd.DataFrame, by_dataset: pd.DataFrame, impossible: pd.DataFrame,
               significance: pd.DataFrame | None, n_folds: int, alpha: float) -> str:
    """A short Markdown write-up of the AUC-gap analysis, with every number taken from the tables.

    A data set of ``by_dataset`` with ``partial_folds`` > 0 (a test fold lacks a class, so its AUC is
    Hand–Till M over the class pairs present) is marked † in the per-data-set table, with the note
    of :func:`aucacc.scores.partial_notes` (``n_folds``: config ``protocol.n_folds``).
    ``alpha`` (config ``protocol.alpha``) is the level of the t-tests behind each reading's claims.
    """
    allrows = summary[summary["learner"] == "all"].sort_values("mean_abs_diff")
    claims = reading_claims(by_dataset, alpha)
    best = allrows.iloc[0]
    std = allrows[allrows["reading"] == "standard"].iloc[0]
    per_learner = summary.pivot(index="reading", columns="learner", values="mean_abs_diff").loc[allrows["reading"]]
    signed = summary.pivot(index="reading", columns="learner", values="mean_diff").loc[allrows["reading"]]
    lines = [
        "# The AUC gap: how might the paper have computed AUC?",
        "",
        "Our accuracies are close to the paper's (see `results/report/scorecard.md`); our AUCs (standard "
        "per-fold rank AUC, Hand–Till M for multi-class) are clearly higher than the published ones. Each reading below recomputes the fold AUCs "
        "from the stored class-probability vectors (nothing is re-trained) and compares the per-data-set "
        "means with the published AUCs (`results/tables/auc_hypotheses*.csv`).",
        "",
        f"- Standard reading: mean absolute difference {std['mean_abs_diff']:.2f} points, mean signed "
        f"difference {std['mean_diff']:+.2f} (ours − published) over {int(std['n'])} data-set × learner cells.",
        f"- Closest reading: **{best['reading']}**, mean absolute difference {best['mean_abs_diff']:.2f}, "
        f"signed {best['mean_diff']:+.2f}.",
        f"- Readings that also reproduce the paper's AUC claims (ordering and significance, next section): "
        f"{', '.join(claims.loc[claims['claims_reproduced'] == True, 'reading']) or 'none'}.",  # noqa: E712
        "",
        "## Mean absolute difference to the published AUC (points), per reading and learner",
        "",
        "`all` averages over the learners every reading has (the SVM is run under the paper's "
        "protocol only), so the readings are ranked on the same cells.",
        "",
        to_markdown(per_learner.reset_index(), ".2f"),
        "## Mean signed difference (ours − published)",
        "",
        to_markdown(signed.reset_index(), ".2f"),
        "## Does a reading reproduce the paper's AUC claims?",
        "",
        "Values alone are not enough: a reading should also give the published ordering "
        "NB ≥ C4.4 > C4.5 and the data-set-level significance (NB > C4.5 and C4.4 > C4.5 significant, "
        "NB vs C4.4 not), on the 18 data sets.",
        "",
        to_markdown(claims, ".4g"),
        "## Published values no ranking-based binary AUC can produce",
        "",
    ]
    if len(impossible):
        lines += [to_markdown(impossible, ".1f"),
                  "On a binary data set, 100 % accuracy in every fold means the predicted label separates "
                  "the classes perfectly, so the class probability ranks them perfectly and the rank AUC "
                  "is 100 % in every fold. These published AUCs therefore cannot be per-fold rank AUCs of "
                  "class probabilities, whatever the tie handling.", ""]
    else:
        lines += ["None.", ""]
    worst = by_dataset[by_dataset["reading"] == "standard"].assign(a=lambda d: d["diff"].abs())
    worst = worst.sort_values("a", ascending=False).head(8)
    shown = mark_partial(worst)[["dataset", "learner", "auc", "published_auc", "diff"]]
    lines += ["## Largest differences under the standard reading", "", to_markdown(shown, ".1f")]
    lines += [note + "\n" for note in partial_notes(worst, n_folds)]
    lines += _weka342_section(by_dataset, significance, alpha)
    return "\n".join(lines) + "\n"
