"""PORTAL's projections, as the shared layer finds them."""

from __future__ import annotations

from projections.portal import redaction, stats, views
from projections.registry import SystemProjection

PORTAL = SystemProjection.of("portal", redaction, views, stats)
