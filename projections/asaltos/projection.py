"""asaltos's projections, as the shared layer finds them."""

from __future__ import annotations

from projections.asaltos.redaction import RULES
from projections.asaltos.stats import STATS
from projections.asaltos.views import (
    AsaltosCharacterView,
    AsaltosView,
    find_character_view,
    table_view,
)
from projections.registry import SystemProjection

ASALTOS = SystemProjection(
    name="asaltos",
    rules=RULES,
    view=table_view,
    view_type=AsaltosView,
    character_view=find_character_view,
    character_type=AsaltosCharacterView,
    stats=STATS,
)
