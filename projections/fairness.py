"""Whether what fell was fair: observed counts against the expected shares, by chi-square.

Pearson's chi-square goodness-of-fit test (scipy's `chisquare`): a small p-value says the
counts are unlikely under the expected shares. Scripted faces and orders count too (what
fell is what is judged), and the figures say how many of them there were.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
from scipy.stats import chisquare

#: below this many observations a chi-square says nothing worth printing
MIN_OBSERVED = 1


class Fairness(msgspec.Struct, kw_only=True):
    """One distribution: what was observed, what was expected, and the test's verdict."""

    #: what is counted, e.g. `suit`, `value`, `d6`
    distribution: str
    observed: dict[str, int]
    #: the expected count of each category, for as many observations
    expected: dict[str, float]
    #: null with fewer than two categories or no observation
    chi_square: float | None
    degrees_of_freedom: int
    #: the probability of counts at least this far from the expected ones if the draws
    #: were fair; null when `chi_square` is
    p_value: float | None
    #: observations set by a script (a scripted order or scripted rolls), not by the seed
    scripted: int = 0


def fairness(
    distribution: str,
    observed: Mapping[str, float],
    shares: Mapping[str, float],
    scripted: float = 0,
) -> Fairness:
    """Observed counts per category against each category's expected share (any positive
    weights; they are normalised). A category observed but never expected makes the
    distribution impossible: p is 0."""
    categories = sorted({*shares, *observed}, key=_category_order)
    total_share = sum(shares.values())
    count = sum(observed.values())
    expected = {c: count * shares.get(c, 0) / total_share for c in categories}
    seen = {c: int(observed.get(c, 0)) for c in categories}
    degrees = max(len(categories) - 1, 0)
    chi: float | None = None
    p: float | None = None
    if count >= MIN_OBSERVED and degrees > 0:
        if any(seen[c] and not expected[c] for c in categories):
            p = 0.0
        else:
            possible = [c for c in categories if expected[c]]
            result = chisquare([seen[c] for c in possible], [expected[c] for c in possible])
            chi, p = float(result.statistic), float(result.pvalue)
    return Fairness(
        distribution=distribution,
        observed=seen,
        expected={c: round(v, 6) for c, v in expected.items()},
        chi_square=chi,
        degrees_of_freedom=degrees,
        p_value=p,
        scripted=int(scripted),
    )


def _category_order(category: str) -> tuple[int, str]:
    """Numbers in numeric order (faces, values), then words."""
    return (int(category), "") if category.isdigit() else (1 << 30, category)
