"""stepdice's projections, as the shared layer finds them."""

from __future__ import annotations

from projections.registry import SystemProjection
from projections.stepdice import redaction, stats, views

STEPDICE = SystemProjection.of("stepdice", redaction, views, stats)
