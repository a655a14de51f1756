"""The litestar application: wiring only; every rule lives in `domain`."""

from __future__ import annotations

from litestar import Litestar, get

from domain.application import Tables
from service.settings import Settings


@get("/health", summary="Liveness: the process answers", sync_to_thread=False)
def health() -> dict[str, str]:
    return {"status": "ok"}


def create_app(settings: Settings | None = None, tables: Tables | None = None) -> Litestar:
    settings = settings or Settings.from_env()
    tables = tables or Tables(settings.event_store_env(), server_key=settings.secret_key())
    app = Litestar(route_handlers=[health])
    app.state.tables = tables
    return app
