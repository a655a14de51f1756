"""The litestar application: wiring only; every rule lives in `domain`."""

from __future__ import annotations

from litestar import Litestar, get
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme

from domain.application import Tables
from service.api import TablesController
from service.batcher import CommandBatcher
from service.command_routes import COMMAND_ROUTES
from service.fanout import FanOut, InProcessFanOut
from service.problems import EXCEPTION_HANDLERS
from service.settings import Settings
from service.stream import stream

DESCRIPTION = """An event-sourced game server for tabletop role-playing sessions.

Every command is an event of a table; each seat reads what it may see. Send the seat's
credential as `Authorization: Bearer <credential>`. Errors are RFC 9457 problem+json with a
stable `type`. Commands accept `If-Match` (the table's ETag) and `Idempotency-Key`.
"""


@get("/health", summary="Liveness: the process answers", tags=["operations"])
async def health() -> dict[str, str]:
    return {"status": "ok"}


def create_app(
    settings: Settings | None = None, tables: Tables | None = None, fanout: FanOut | None = None
) -> Litestar:
    settings = settings or Settings.from_env()
    tables = tables or Tables(settings.event_store_env(), server_key=settings.secret_key())
    batcher = CommandBatcher(tables)
    app = Litestar(
        route_handlers=[health, TablesController, *COMMAND_ROUTES, stream],
        on_startup=[batcher.start],
        on_shutdown=[batcher.stop],
        exception_handlers=EXCEPTION_HANDLERS,
        openapi_config=OpenAPIConfig(
            title="Saloon",
            version="0.1.0",
            description=DESCRIPTION,
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(
                        type="http", scheme="bearer", description="A seat's credential"
                    )
                }
            ),
        ),
    )
    app.state.tables = tables
    app.state.batcher = batcher
    app.state.fanout = fanout or InProcessFanOut()
    return app
