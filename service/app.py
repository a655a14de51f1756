"""The litestar application: wiring only; every rule lives in `domain`."""

from __future__ import annotations

import signal
import threading
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

import anyio
from litestar import Litestar
from litestar.openapi.plugins import JsonRenderPlugin, YamlRenderPlugin
from litestar.openapi.spec import Components, License, SecurityScheme
from litestar.static_files import create_static_files_router

from domain.application import Tables
from projections.authority import beyond_audit
from projections.folds import Folds
from service import reads
from service.analytics import Analytics
from service.api import TablesController, list_systems
from service.batcher import CommandBatcher
from service.browser_policy import with_browser_policy
from service.collector import PacedCollector, freeze_start_up_heap
from service.command_routes import SHARED_ROUTES
from service.contract import RequestStructSchemaPlugin
from service.exports import export_closed_tables
from service.fanout import FanOut, InProcessFanOut
from service.limits import RateLimiter, StreamSlots, rate_limit
from service.live import LiveTables
from service.logs import configure_logging
from service.metrics import Metrics
from service.openapi import DocumentConfig
from service.operations import ObserveRequests, health_live, health_ready, metrics
from service.operator import SCHEME, SECURITY_SCHEME
from service.problem_codes import problem_type
from service.problems import EXCEPTION_HANDLERS
from service.protocol import JsonBodyRequest, head_as_get, read_unread_body
from service.redis_fanout import RedisFanOut
from service.routes import SYSTEM_ROUTES
from service.settings import Settings
from service.stats import get_closed_tables_stats, get_table_stats
from service.stream import stream

#: the replay page (issue 13): static HTML, CSS and ES modules, a client of the API only
REPLAY = Path(__file__).parent / "replay"

#: the release of the API's contract (`info.version`; docs/contract.md says when it moves,
#: openapi/CHANGELOG.md what each release changed); not a table's version
CONTRACT_RELEASE = "0.3.0"
DESCRIPTION = """An event-sourced game server for tabletop role-playing sessions.

Every command is an event of a table; each seat reads what it may see. Send the seat's
credential as `Authorization: Bearer <credential>`. Errors are RFC 9457 problem+json with a
stable `type`. Commands accept `If-Match` (the table's ETag) and `Idempotency-Key`.
"""


def _start_live(app: Litestar) -> None:
    """At start-up, after `reads.start`: the tables' feeds, read on the read threads."""
    limiter = app.state.read_threads
    app.state.live = live = LiveTables(
        app.state.tables, app.state.fanout, partial(anyio.to_thread.run_sync, limiter=limiter)
    )
    _end_streams_on_exit(live)


def _end_streams_on_exit(live: LiveTables) -> None:
    """On SIGTERM or SIGINT uvicorn stops taking connections, then waits for every response
    to end before it runs the app's shutdown: so the streams are told first, by the signal
    itself, and end at once with a `closing` message. (Chained to the handlers uvicorn set,
    in the process's main thread; a server run from another thread, as in tests, has none.)"""
    if threading.current_thread() is not threading.main_thread():
        return
    for number in (signal.SIGINT, signal.SIGTERM):
        previous = signal.getsignal(number)
        if not callable(previous):
            continue

        def handler(signum: int, frame: FrameType | None, previous: Any = previous) -> None:
            live.close_soon()
            previous(signum, frame)

        signal.signal(number, handler)


async def _stop_live(app: Litestar) -> None:
    await app.state.live.stop()


def create_app(
    settings: Settings | None = None, tables: Tables | None = None, fanout: FanOut | None = None
) -> Litestar:
    settings = settings or Settings.from_env()
    configure_logging(settings.log_level)
    tables = tables or Tables(settings.event_store_env(), server_key=settings.secret_key())
    tables.seat_authority = beyond_audit  # judged by the one visibility policy
    batcher = CommandBatcher(tables)
    if fanout is None and settings.redis_url:
        fanout = RedisFanOut(settings.redis_url, tables, settings.redis_prefix)
    fanout = fanout or InProcessFanOut()
    redis_fanout = fanout if isinstance(fanout, RedisFanOut) else None
    analytics = Analytics(tables, drive=settings.analytics_inline, woken=settings.analytics_inline)
    collector = PacedCollector()
    app = Litestar(
        route_handlers=[
            health_live,
            health_ready,
            metrics,
            list_systems,
            TablesController,
            *SHARED_ROUTES,
            *SYSTEM_ROUTES,
            stream,
            get_table_stats,
            get_closed_tables_stats,
            export_closed_tables,
            problem_type,
            create_static_files_router(
                "/replay", [REPLAY], html_mode=True, include_in_schema=False
            ),
        ],
        on_startup=[
            collector.start,
            reads.start,
            _start_live,
            batcher.start,
            analytics.start,
            *([redis_fanout.start] if redis_fanout else []),
            freeze_start_up_heap,
        ],
        on_shutdown=[
            collector.stop,
            _stop_live,
            batcher.stop,
            analytics.stop,
            *([redis_fanout.stop] if redis_fanout else []),
        ],
        exception_handlers=EXCEPTION_HANDLERS,
        request_max_body_size=settings.max_body_bytes,
        request_class=JsonBodyRequest,
        before_request=read_unread_body,
        plugins=[RequestStructSchemaPlugin()],
        middleware=[ObserveRequests()],
        guards=[rate_limit],
        openapi_config=DocumentConfig(
            title="Saloon",
            version=CONTRACT_RELEASE,
            description=DESCRIPTION,
            license=License(name="MIT", identifier="MIT"),
            # the document as data only: no HTML viewer, whose scripts would run on the
            # replay page's origin (service/browser_policy.py)
            render_plugins=[JsonRenderPlugin(), YamlRenderPlugin()],
            # the tags, by resource and rule system: service.openapi sets them
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(
                        type="http", scheme="bearer", description="A seat's credential"
                    ),
                    SCHEME: SECURITY_SCHEME,
                }
            ),
        ),
    )
    app.asgi_handler = with_browser_policy(head_as_get(app.asgi_handler))
    app.state.tables = tables
    app.state.batcher = batcher
    app.state.analytics = analytics
    app.state.metrics = app_metrics = Metrics()
    app.state.folds = Folds()
    app.state.figures_turns = reads.Turns()
    app.state.rate_limiter = RateLimiter(settings.commands_per_second, settings.commands_burst)
    app.state.stream_slots = StreamSlots(
        settings.streams_per_seat, settings.streams_per_table, app_metrics.open_streams.inc
    )
    app.state.fanout = fanout
    app.state.operator_token = settings.operator_token
    app.state.redis = redis_fanout.redis if redis_fanout else None
    return app
