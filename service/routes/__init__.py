"""Every rule system's routes: one registration line each."""

from __future__ import annotations

from litestar.handlers import HTTPRouteHandler

from service.routes import asaltos, fate, frontera, portal, stepdice

SYSTEM_ROUTES: list[HTTPRouteHandler] = [
    *frontera.ROUTES,
    *stepdice.ROUTES,
    *asaltos.ROUTES,
    *portal.ROUTES,
    *fate.ROUTES,
]
