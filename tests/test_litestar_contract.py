"""What the command routes (service/command_routes.py) take from litestar beyond its public API.

`CommandRoute` overrides litestar's `authorize_connection` to hand the guards the route itself
instead of a copy of it per guard. That holds only while litestar's own step does nothing
else: a release that makes it do more fails here, before the command routes skip it.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from typing import Any

from litestar.handlers.base import BaseRouteHandler

from service.command_routes import SHARED_ROUTES, CommandRoute

#: litestar's `authorize_connection`: each guard of the route, awaited with a copy of it
LITESTAR_AUTHORIZE = """
for guard in self.resolve_guards():
    await guard(connection, copy(self))
"""


def _body(function: Any) -> str:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    (definition,) = tree.body
    assert isinstance(definition, ast.AsyncFunctionDef)
    statements = [s for s in definition.body if not isinstance(s, ast.Expr)]  # no docstring
    return "\n".join(ast.unparse(statement) for statement in statements)


def test_litestar_still_only_awaits_each_guard_with_a_copy_of_the_route() -> None:
    assert _body(BaseRouteHandler.authorize_connection) == ast.unparse(
        ast.parse(LITESTAR_AUTHORIZE)
    ), "litestar's authorize_connection changed: bring CommandRoute's in line with it"


def test_a_command_route_awaits_the_same_guards_with_the_route_itself() -> None:
    assert _body(CommandRoute.authorize_connection) == ast.unparse(
        ast.parse(LITESTAR_AUTHORIZE.replace("copy(self)", "self"))
    )
    assert all(isinstance(route, CommandRoute) for route in SHARED_ROUTES)
