"""asaltos's projections, as the shared layer finds them."""

from __future__ import annotations

from projections.asaltos import redaction, stats, views
from projections.registry import SystemProjection

ASALTOS = SystemProjection.of("asaltos", redaction, views, stats)
