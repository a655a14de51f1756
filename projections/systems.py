"""The rule systems whose tables this server can show: one registration line each."""

from __future__ import annotations

from projections.asaltos.projection import ASALTOS
from projections.fate.projection import FATE
from projections.frontera.projection import FRONTERA
from projections.portal.projection import PORTAL
from projections.registry import PROJECTIONS, register
from projections.stepdice.projection import STEPDICE

register(FRONTERA)
register(STEPDICE)
register(ASALTOS)
register(PORTAL)
register(FATE)

__all__ = ["PROJECTIONS"]
