"""Numbers as Weka prints them (the model descriptions of naive Bayes and the MDL discretizer's labels)."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal


def weka_number(x: float, precision: int) -> str:
    """Weka's ``Utils.doubleToString(x, precision)``: Java ``DecimalFormat`` with at most
    ``precision`` decimals, HALF_UP on the exact binary value, no grouping, no trailing zeros."""
    x = float(x)
    exact = Decimal(x)
    if Decimal(1).scaleb(-precision - 1) <= abs(exact) < Decimal(1).scaleb(-precision):
        # Leading digit right after the last kept decimal: Java's DigitList takes a separate
        # path that rounds the shortest decimal representation HALF_UP (5e-7 -> 0.000001).
        exact = Decimal(repr(x))
    d = exact.quantize(Decimal(1).scaleb(-precision), rounding=ROUND_HALF_UP)
    s = format(d, "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    if s in ("-0", "0") and math.copysign(1.0, x) < 0:
        s = "-0"  # DecimalFormat keeps the sign of a negative number that rounds to zero
    return s
