"""Operations: liveness, readiness, Prometheus metrics, and the log line of every request
that is a command or failed."""

from __future__ import annotations

import contextlib
import inspect
import logging
import time
from typing import Any

import anyio
import msgspec
from eventsourcing.persistence import PersistenceError
from litestar import Request, Response, get
from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.openapi import ResponseSpec
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from domain.application import Tables
from service.api import RESPONSES
from service.contract import PublicOperation
from service.credentials import genuine_seat
from service.limits import command_name
from service.logs import logger
from service.metrics import metrics_of
from service.operator import OPERATOR_IF_CONFIGURED, OPERATOR_RESPONSES, operator_if_configured
from service.problems import MEDIA_TYPE, Problem, Refused

#: seconds each readiness check may take before it counts as failed
READY_TIMEOUT = 3.0
#: one store probe at a time: a probe stuck on a dead store must not pile up threads
_PROBES = anyio.CapacityLimiter(1)


class Liveness(msgspec.Struct):
    """The process answers."""

    status: str
    """Always ok: the process answers"""


class Readiness(msgspec.Struct):
    """The dependencies answer: the event store, and Redis when configured."""

    status: str
    """Always ready (a dependency that does not answer makes it a 503 problem instead)"""
    checks: dict[str, str]
    """Each dependency checked, by name (store, redis): ok, or skipped when not configured"""


@get(
    ["/health/live", "/health"],
    # one handler, two paths, an operationId each
    operation_id=lambda _, __, path: "getLiveness" if len(path) > 1 else "getHealth",
    summary="Liveness: the process answers (/health is an alias)",
    description="For the orchestrator: 200 while the process answers, whatever its dependencies.",
    tags=["operations"],
    operation_class=PublicOperation,
    responses={405: RESPONSES[405]},
)
async def health_live() -> Liveness:
    return Liveness(status="ok")


@get(
    "/health/ready",
    operation_id="getReadiness",
    summary="Readiness: the event store answers (and Redis, when configured)",
    description="For the load balancer: 200 when the event store (and Redis, when "
    "configured) answers within a few seconds, else 503 with each failed check.",
    tags=["operations"],
    operation_class=PublicOperation,
    responses={
        405: RESPONSES[405],
        503: ResponseSpec(
            Problem,
            description="A dependency does not answer (`/problems/not_ready`); see detail",
            media_type=MEDIA_TYPE,
            generate_examples=False,
        ),
    },
)
async def health_ready(request: Request[Any, Any, Any]) -> Readiness:
    tables: Tables = request.app.state.tables
    checks: dict[str, str] = {}
    try:
        with anyio.fail_after(READY_TIMEOUT):
            await anyio.to_thread.run_sync(
                tables.last_notification_id, abandon_on_cancel=True, limiter=_PROBES
            )
        checks["store"] = "ok"
    except Exception as error:
        checks["store"] = f"unavailable ({type(error).__name__})"
    redis = getattr(request.app.state, "redis", None)
    if redis is None:
        checks["redis"] = "skipped"
    else:
        try:
            with anyio.fail_after(READY_TIMEOUT):
                answer = redis.ping()
                if inspect.isawaitable(answer):
                    await answer
            checks["redis"] = "ok"
        except Exception as error:
            checks["redis"] = f"unavailable ({type(error).__name__})"
    failed = {name: state for name, state in checks.items() if state not in ("ok", "skipped")}
    if failed:
        detail = "; ".join(f"{name}: {state}" for name, state in failed.items())
        raise Refused(503, "not_ready", f"not ready: {detail}", retry_after=5)
    return Readiness(status="ready", checks=checks)


@get(
    "/metrics",
    operation_id="getMetrics",
    summary="Prometheus metrics of this process (text exposition format)",
    description="For the operator's monitoring: commands by name and outcome with their "
    "latency, and the open streams, of this worker process only; and the events the analytics "
    "read model has not counted yet (`saloon_analytics_lag_events`, read from the store). "
    "With an operator token configured (`SALOON_OPERATOR_TOKEN`), only with that token; "
    "without one, open to whoever reaches the server.",
    tags=["operations"],
    guards=[operator_if_configured],
    security=OPERATOR_IF_CONFIGURED,
    media_type="text/plain",
    responses={status: OPERATOR_RESPONSES[status] for status in (400, 401, 405)},
)
async def metrics(request: Request[Any, Any, Any]) -> Response[str]:
    registry = metrics_of(request.app)
    with contextlib.suppress(PersistenceError):  # store or view unreadable: the last lag stays
        registry.analytics_lag.set(await anyio.to_thread.run_sync(request.app.state.analytics.lag))
    text = generate_latest(registry.registry).decode()
    # litestar appends the charset of a text/ type to the media type: give it none
    media_type, _, _ = CONTENT_TYPE_LATEST.rpartition("; charset=")
    return Response(text, media_type=media_type)


class ObserveRequests(ASGIMiddleware):
    """Times every request; commands get a `command` log line and their metrics, any other
    failed request an `error` line. The outcome is the answer's status and problem code."""

    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        start = time.perf_counter()
        status = 500
        problem: list[bytes] | None = None

        async def observe(message: Message) -> None:
            nonlocal status, problem
            if message["type"] == "http.response.start":
                status = message["status"]
                for name, value in message.get("headers", ()):
                    if name == b"content-type":  # the last one counts, as in a dict of them
                        problem = [] if value.startswith(_PROBLEM_TYPE) else None
            elif message["type"] == "http.response.body" and problem is not None:
                problem.append(message.get("body", b""))
            await send(message)

        try:
            await next_app(scope, receive, observe)
        finally:
            self._record(scope, status, problem, time.perf_counter() - start)

    @staticmethod
    def _record(scope: Scope, status: int, problem: list[bytes] | None, seconds: float) -> None:
        """Count a command in the metrics; the log's line only at a level that writes it."""
        code = "ok" if status < 400 else "http_error"
        if problem is not None:
            with contextlib.suppress(msgspec.DecodeError, KeyError, TypeError):
                code = str(msgspec.json.decode(b"".join(problem))["code"])
        command = command_name(scope["route_handler"])
        log = logger()
        if command is not None:
            app = scope["litestar_app"]
            metrics_of(app).command(command, code, seconds)
            if log.isEnabledFor(logging.INFO):  # the seat costs an HMAC: only if logged
                fields = _fields(scope, status, code, seconds)
                genuine = genuine_seat(scope, app.state.tables)
                fields["seat"] = genuine[0] if genuine is not None else None
                fields["command"] = command
                log.info("command", extra=fields)
        elif status >= 400:
            (log.error if status >= 500 else log.warning)(
                "error", extra=_fields(scope, status, code, seconds)
            )


#: the content type of a problem answer, as a response's raw header starts
_PROBLEM_TYPE = MEDIA_TYPE.encode()


def _fields(scope: Scope, status: int, code: str, seconds: float) -> dict[str, Any]:
    """What every log line of a request says of it."""
    table_id = scope.get("path_params", {}).get("table_id")
    return {
        "method": scope.get("method"),
        "route": scope.get("path_template", scope["path"]),
        "table": str(table_id) if table_id is not None else None,
        "status": status,
        "outcome": code,
        "latency_ms": round(seconds * 1000, 1),
    }
