"""stepdice's projections, as the shared layer finds them."""

from __future__ import annotations

from projections.registry import SystemProjection
from projections.stepdice.redaction import RULES
from projections.stepdice.stats import STATS
from projections.stepdice.views import (
    StepdiceCharacterView,
    StepdiceView,
    find_character_view,
    table_view,
)

STEPDICE = SystemProjection(
    name="stepdice",
    rules=RULES,
    view=table_view,
    view_type=StepdiceView,
    character_view=find_character_view,
    character_type=StepdiceCharacterView,
    stats=STATS,
)
