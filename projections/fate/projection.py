"""FATE's projections, as the shared layer finds them."""

from __future__ import annotations

from projections.fate import redaction, stats, views
from projections.registry import SystemProjection

FATE = SystemProjection.of("fate", redaction, views, stats)
