"""Stepdice's figures of a table: what its events add to the shared tally (`projections.stats`)."""

from __future__ import annotations

import msgspec

from projections.fairness import Fairness
from projections.registry import SystemStats
from projections.tally import LoggedEvent, Tally


class StepdiceFigures(msgspec.Struct, kw_only=True, tag_field="system", tag="stepdice"):
    """Stepdice's own figures of a table (or of closed tables added up)."""


def fold(tally: Tally, event: LoggedEvent) -> None:
    """Count what one of Stepdice's events says."""


def figures(tally: Tally) -> StepdiceFigures:
    return StepdiceFigures()


def judged(tally: Tally) -> list[Fairness]:
    return []


STATS = SystemStats(fold=fold, figures=figures, figures_type=StepdiceFigures, fairness=judged)
