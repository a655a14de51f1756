"""The rule systems whose tables this server can show: one registration line each."""

from __future__ import annotations

from projections.frontera.projection import FRONTERA
from projections.registry import PROJECTIONS, register
from projections.stepdice.projection import STEPDICE

register(FRONTERA)
register(STEPDICE)

__all__ = ["PROJECTIONS"]
