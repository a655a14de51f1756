"""The rule systems this server plays: one registration line each.

Whoever looks a system up by name imports `rule_system` from here, so every system is
registered before the first lookup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from domain.asaltos.system import ASALTOS
from domain.fate.system import FATE
from domain.frontera.system import FRONTERA
from domain.portal.system import PORTAL
from domain.registry import RULE_SYSTEMS, register, rule_system
from domain.stepdice.system import STEPDICE

__all__ = ["DEFAULT_SYSTEM", "RULE_SYSTEMS", "SystemName", "rule_system"]

register(FRONTERA)
register(STEPDICE)
register(ASALTOS)
register(PORTAL)
register(FATE)

#: the system of a table whose creator names none: the first this server played, which every
#: client written before a second system came creates without naming it (a compatibility
#: choice: the API's document says so, and a new client names its system)
DEFAULT_SYSTEM = FRONTERA.name

if TYPE_CHECKING:
    SystemName = str
else:
    #: the name of a registered rule system: decoding refuses any other and the OpenAPI document
    #: lists them, from the registry (a system registered above is a name accepted here)
    SystemName = Literal[tuple(RULE_SYSTEMS)]
