"""Whether what fell was fair: observed counts against the expected shares.

A small p-value says the counts are unlikely under the expected shares. Which test gives it
depends on the sample: Pearson's chi-square (scipy's `chisquare`) holds only asymptotically,
when every category expects at least `ASYMPTOTIC_MIN_EXPECTED` observations (Cochran's
rule); below that, the exact multinomial test (the probability of every outcome no more
likely than the one observed) when its outcomes are few enough to enumerate, else a
Monte-Carlo estimate of that same probability from a fixed seed, so a table's figures read
the same at every request and after every rebuild. Scripted faces and orders count too (what
fell is what is judged), and the figures say how many of them there were.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import lru_cache
from itertools import combinations
from math import comb

import msgspec
import numpy as np
from numpy.typing import NDArray
from scipy.special import gammaln
from scipy.stats import chisquare

#: below this many observations there is nothing to judge
MIN_OBSERVED = 1
#: the smallest expected count of every category at which chi-square's p-value is trusted
ASYMPTOTIC_MIN_EXPECTED = 5.0
#: the most outcomes the exact test enumerates; beyond, the Monte-Carlo estimate
EXACT_MAX_OUTCOMES = 50_000
#: samples of the Monte-Carlo estimate: its standard error is at most 0.0036
MONTE_CARLO_SAMPLES = 20_000
#: the estimate's fixed seed: the same counts always give the same p-value
MONTE_CARLO_SEED = 0
#: outcomes whose log-probability is this close to the observed one's count as as likely
#: (float sums of the same terms in another order differ in their last bits)
LOG_TOLERANCE = 1e-9


class Method(StrEnum):
    """How the p-value was computed."""

    CHI_SQUARE = "chi_square"
    EXACT = "exact"
    MONTE_CARLO = "monte_carlo"


class Fairness(msgspec.Struct, kw_only=True):
    """One distribution: what was observed, what was expected, and the test's verdict."""

    distribution: str
    """What is counted: suit, value, d6, d10, …"""
    observed: dict[str, int]
    """How many times each category came up, by category (a suit, a value, a face)"""
    expected: dict[str, float]
    """The expected count of each category, for as many observations, by category"""
    chi_square: float | None
    """Pearson's chi-square statistic; null with fewer than two categories or no observation"""
    degrees_of_freedom: int
    """The test's degrees of freedom: the number of categories less one"""
    p_value: float | None
    """The probability of counts at least this far from the expected ones if the draws were fair;
    null when there is nothing to judge"""
    method: Method | None = None
    """How p_value was computed: chi_square (every category expects 5 or more), exact (the exact
    multinomial test) or monte_carlo (20,000 samples of a fixed seed); null with p_value"""
    scripted: int = 0
    """Observations set by a script (a scripted order or scripted rolls), not by the seed"""


def fairness(
    distribution: str,
    observed: Mapping[str, float],
    shares: Mapping[str, float],
    scripted: float = 0,
) -> Fairness:
    """Observed counts per category against each category's expected share (any positive
    weights; they are normalised). A category observed but never expected makes the
    distribution impossible: p is 0, by every method."""
    categories = sorted({*shares, *observed}, key=_category_order)
    total_share = sum(shares.values())
    count = sum(observed.values())
    expected = {c: count * shares.get(c, 0) / total_share for c in categories}
    seen = {c: int(observed.get(c, 0)) for c in categories}
    degrees = max(len(categories) - 1, 0)
    chi: float | None = None
    p: float | None = None
    method: Method | None = None
    if count >= MIN_OBSERVED and degrees > 0:
        possible = [c for c in categories if expected[c]]
        counts = [seen[c] for c in possible]
        if any(seen[c] and not expected[c] for c in categories):
            p, method = 0.0, Method.EXACT
        else:
            pearson = chisquare(counts, [expected[c] for c in possible])
            chi = float(pearson.statistic)
            if min(expected[c] for c in possible) >= ASYMPTOTIC_MIN_EXPECTED:
                p, method = float(pearson.pvalue), Method.CHI_SQUARE
            else:
                probabilities = tuple(shares[c] / total_share for c in possible)
                p, method = _multinomial_p_value(tuple(counts), probabilities)
    return Fairness(
        distribution=distribution,
        observed=seen,
        expected={c: round(v, 6) for c, v in expected.items()},
        chi_square=chi,
        degrees_of_freedom=degrees,
        p_value=p,
        method=method,
        scripted=int(scripted),
    )


@lru_cache(maxsize=4096)
def _multinomial_p_value(
    counts: tuple[int, ...], probabilities: tuple[float, ...]
) -> tuple[float, Method]:
    """`multinomial_p_value`, computed once for the same counts and shares: the figures of
    every seat, character and knowledge, and of each read at an unchanged tally, judge the
    same small samples again, each costing an enumeration of up to `EXACT_MAX_OUTCOMES`
    outcomes or `MONTE_CARLO_SAMPLES` samples."""
    return multinomial_p_value(np.array(counts), np.array(probabilities))


def multinomial_p_value(
    counts: NDArray[np.int_], probabilities: NDArray[np.float64]
) -> tuple[float, Method]:
    """The exact multinomial test's p-value: the probability, under `probabilities`, of every
    outcome of as many observations no more likely than `counts`; enumerated when there are
    at most `EXACT_MAX_OUTCOMES` outcomes, else estimated by Monte-Carlo."""
    n, k = int(counts.sum()), len(counts)
    log_p = np.log(probabilities)
    threshold = _log_pmf(counts[np.newaxis, :], log_p, n)[0] + LOG_TOLERANCE
    if comb(n + k - 1, k - 1) <= EXACT_MAX_OUTCOMES:
        outcomes = _compositions(n, k)
        likelihoods = _log_pmf(outcomes, log_p, n)
        p = float(np.exp(likelihoods[likelihoods <= threshold]).sum())
        return min(p, 1.0), Method.EXACT
    generator = np.random.default_rng(MONTE_CARLO_SEED)
    samples = generator.multinomial(n, probabilities, size=MONTE_CARLO_SAMPLES)
    as_unlikely = int((_log_pmf(samples, log_p, n) <= threshold).sum())
    return (as_unlikely + 1) / (MONTE_CARLO_SAMPLES + 1), Method.MONTE_CARLO


def _log_pmf(outcomes: NDArray[np.int_], log_p: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    """The multinomial log-probability of each row of `outcomes` (a category never observed
    adds nothing, whatever its share)."""
    terms = np.where(outcomes > 0, outcomes * log_p, 0.0)
    result: NDArray[np.float64] = (
        gammaln(n + 1) - gammaln(outcomes + 1).sum(axis=1) + terms.sum(axis=1)
    )
    return result


def _compositions(n: int, k: int) -> NDArray[np.int_]:
    """Every way of counting `n` observations into `k` categories, a row each: the gaps
    between `k - 1` bars placed among `n + k - 1` slots (stars and bars)."""
    bars = np.array(list(combinations(range(n + k - 1), k - 1)), dtype=np.int_).reshape(-1, k - 1)
    ends = np.full((len(bars), 1), -1, dtype=np.int_), np.full((len(bars), 1), n + k - 1)
    result: NDArray[np.int_] = np.diff(np.hstack([ends[0], bars, ends[1]]), axis=1) - 1
    return result


def _category_order(category: str) -> tuple[int, str]:
    """Numbers in numeric order (faces, values), then words."""
    return (int(category), "") if category.isdigit() else (1 << 30, category)
