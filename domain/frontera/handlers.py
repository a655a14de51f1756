"""Every Frontera command handler and test consequence, gathered from the modules that hold
them (`rules` for tests and conditions, one module per further part of the book)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.frontera import rules
from domain.frontera.state import OpenTest
from domain.keys import TableKeys
from domain.table import Table

#: what a resolved test with a `purpose` sets off: (table, actor, test, outcomes, keys)
Consequence = Callable[[Table, str, OpenTest, dict[str, str], TableKeys], None]

HANDLERS: dict[type, Any] = {**rules.HANDLERS}

CONSEQUENCES: dict[str, Consequence] = {}
