"""Frontera's projections, as the shared layer finds them."""

from __future__ import annotations

from projections.frontera.redaction import RULES
from projections.frontera.stats import STATS
from projections.frontera.views import (
    CharacterView,
    TableView,
    find_character_view,
    table_view,
)
from projections.registry import SystemProjection

FRONTERA = SystemProjection(
    name="frontera",
    rules=RULES,
    view=table_view,
    view_type=TableView,
    character_view=find_character_view,
    character_type=CharacterView,
    stats=STATS,
)
