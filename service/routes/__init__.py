"""Every rule system's routes: one registration line each; and the former paths of the routes
a system renamed (its `FORMER_PATHS`), still answered and deprecated (docs/contract.md's
policy)."""

from __future__ import annotations

from litestar.datastructures import ResponseHeader
from litestar.handlers import HTTPRouteHandler

from service.routes import asaltos, fate, frontera, portal, stepdice

#: a command's path under its table
TABLE = "/tables/{table_id:uuid}"
#: a deprecated operation's id: its successor's, and this
DEPRECATED_SUFFIX = "Deprecated"
#: RFC 9745's `Deprecation` of every response of a former path: when it was deprecated
#: (2026-11-27T00:00:00Z, as `@<Unix time>`)
DEPRECATION = ResponseHeader(
    name="Deprecation",
    value="@1795737600",
    description="When this operation was deprecated (RFC 9745): use its successor",
)


def former_routes(routes: list[HTTPRouteHandler]) -> list[HTTPRouteHandler]:
    """A route at each former path of a renamed one: the same handler, its operationId
    followed by `Deprecated`, answering `Deprecation` too."""
    formers: list[HTTPRouteHandler] = []
    for handler in routes:
        renamed = [
            RENAMED[tail]
            for path in handler.paths
            if (tail := path.removeprefix(TABLE)) in RENAMED and path.startswith(TABLE)
        ]
        for former in renamed:
            alias = HTTPRouteHandler(
                f"{TABLE}{former}",
                http_method=sorted(handler.http_methods),
                operation_id=f"{handler.operation_id}{DEPRECATED_SUFFIX}",
                summary=handler.summary,
                description=handler.description,
                operation_class=handler.operation_class,
                status_code=handler.status_code,
                responses=handler.responses,
                response_headers=[*(handler.response_headers or ()), DEPRECATION],
                security=handler.security,
                tags=handler.tags,
                guards=handler.guards,
                opt=dict(handler.opt),
                deprecated=True,
            )
            formers.append(alias(handler.fn))
    missing = set(RENAMED) - {
        path.removeprefix(TABLE) for handler in routes for path in handler.paths
    }
    if missing:
        raise LookupError(f"renamed paths no route has: {sorted(missing)}")
    return formers


SYSTEMS = (frontera, stepdice, asaltos, portal, fate)
SYSTEM_ROUTES: list[HTTPRouteHandler] = [route for system in SYSTEMS for route in system.ROUTES]
#: each renamed path's former path, under its table, by the new one: a system's routes module
#: declares those it renamed (`FORMER_PATHS`)
RENAMED: dict[str, str] = {
    new: former for system in SYSTEMS for new, former in getattr(system, "FORMER_PATHS", {}).items()
}
#: the enums a client names that each system declares (`ENUMS`: `service.named_enums`)
SYSTEM_ENUMS = [enum for system in SYSTEMS for enum in getattr(system, "ENUMS", [])]
#: the former paths of the renamed routes, deprecated
FORMER_ROUTES = former_routes(SYSTEM_ROUTES)
SYSTEM_ROUTES += FORMER_ROUTES
