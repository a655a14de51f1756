"""Fairness's p-values for small samples (issue 24, item 10), against scipy.

Pearson's chi-square holds only when every category expects at least 5 observations; below
that the figures give the exact multinomial test, or its Monte-Carlo estimate when the
outcomes are too many to enumerate. Each p-value here is checked against one computed
independently: every outcome enumerated by hand, its probability from
`scipy.stats.multinomial`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

import numpy as np
import pytest
from scipy.stats import chisquare, multinomial

from projections.fairness import EXACT_MAX_OUTCOMES, Method, fairness, multinomial_p_value

D6 = {str(face): 1.0 for face in range(1, 7)}
D12 = {str(face): 1.0 for face in range(1, 13)}


def exact_by_scipy(observed: list[int], shares: list[float]) -> float:
    """The exact multinomial p-value by brute force: every sequence of as many draws,
    counted, each outcome's probability from scipy, summed over those no more likely."""
    n, k = sum(observed), len(observed)
    probabilities = np.array(shares) / sum(shares)
    outcomes = {tuple(np.bincount(seq, minlength=k)) for seq in product(range(k), repeat=n)}
    pmf = {outcome: float(multinomial.pmf(outcome, n, probabilities)) for outcome in outcomes}
    cutoff = float(multinomial.pmf(observed, n, probabilities)) * (1 + 1e-9)
    return sum(p for p in pmf.values() if p <= cutoff)


def compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every way of counting n observations into k categories."""
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in compositions(n - first, k - 1):
            yield (first, *rest)


def test_a_d12_rolled_three_times_with_a_face_twice_is_p_0_236_not_the_chi_squares_0_108() -> None:
    judged = fairness("d12", {"5": 2, "9": 1}, D12)
    assert judged.method == Method.EXACT
    assert judged.p_value == pytest.approx(exact_by_scipy([2, 1] + [0] * 10, [1.0] * 12))
    assert judged.p_value == pytest.approx(0.236, abs=5e-4)
    # what the asymptotic test says, and the figures no longer give for 3 rolls
    chi = chisquare([2, 1] + [0] * 10, [0.25] * 12)
    assert float(chi.pvalue) == pytest.approx(0.108, abs=5e-4)
    assert judged.chi_square == pytest.approx(float(chi.statistic))


@pytest.mark.parametrize(
    ("observed", "shares"),
    [
        ({"1": 1}, D6),
        ({"1": 3, "2": 1, "6": 2}, D6),
        ({"4": 5}, D6),
        (
            {"spades": 3, "hearts": 1, "joker": 1},
            {"spades": 13, "hearts": 13, "clubs": 13, "diamonds": 13, "joker": 2},
        ),
        ({"1": 2, "2": 2, "3": 2, "4": 1}, {"1": 1, "2": 2, "3": 3, "4": 4}),
    ],
)
def test_below_five_expected_the_p_value_is_the_exact_multinomial_tests(
    observed: dict[str, int], shares: dict[str, float]
) -> None:
    judged = fairness("counted", observed, shares)
    assert judged.method == Method.EXACT
    order = list(judged.expected)
    counts = [judged.observed[c] for c in order]
    assert judged.p_value == pytest.approx(exact_by_scipy(counts, [shares[c] for c in order]))


def test_with_five_expected_everywhere_the_p_value_is_pearsons() -> None:
    observed = {"1": 7, "2": 4, "3": 6, "4": 5, "5": 3, "6": 5}
    judged = fairness("d6", observed, D6)
    assert judged.method == Method.CHI_SQUARE
    expected = chisquare([7, 4, 6, 5, 3, 5])
    assert judged.p_value == pytest.approx(float(expected.pvalue))
    assert judged.chi_square == pytest.approx(float(expected.statistic))


def test_too_many_outcomes_to_enumerate_are_estimated_near_the_exact_p_and_always_the_same() -> (
    None
):
    """24 rolls of a d6 (3 expected a face) have 118,755 possible outcomes."""
    observed = {"1": 8, "2": 5, "3": 4, "4": 3, "5": 3, "6": 1}
    judged = fairness("d6", observed, D6)
    assert judged.method == Method.MONTE_CARLO
    counts = np.array([8, 5, 4, 3, 3, 1])
    # the exact p by scipy, over every composition of 24 into 6 (not the 6 ** 24 sequences)
    outcomes = np.array(list(compositions(24, 6)), dtype=np.int_)
    assert len(outcomes) > EXACT_MAX_OUTCOMES
    pmf = multinomial.pmf(outcomes, 24, [1 / 6] * 6)
    exact = float(pmf[pmf <= multinomial.pmf(counts, 24, [1 / 6] * 6) * (1 + 1e-9)].sum())
    assert judged.p_value == pytest.approx(exact, abs=0.015)
    assert fairness("d6", observed, D6).p_value == judged.p_value
    # the same estimate when drawn again, not only as the figures keep it (a fixed seed)
    again = multinomial_p_value(counts, np.full(6, 1 / 6))
    assert again == (judged.p_value, Method.MONTE_CARLO)


def test_a_category_never_expected_makes_p_zero_and_no_observation_judges_nothing() -> None:
    impossible = fairness("d6", {"7": 1, "1": 1}, D6)
    assert impossible.p_value == 0.0 and impossible.method == Method.EXACT
    nothing = fairness("d6", {}, D6)
    assert nothing.p_value is None and nothing.method is None and nothing.chi_square is None
