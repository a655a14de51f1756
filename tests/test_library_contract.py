"""What `Tables` (domain/application.py) takes from eventsourcing beyond its public API.

`Tables.save` repeats the steps of the library's `Application.save` (it collects a save's
events without the library's runtime Protocol checks, costly on Python 3.11), so it calls the
library's private `_record` and `_notify` and its own override of the private
`_take_snapshots` (a snapshot taken from the table in hand, not rebuilt from the store); and
`Tables._cached` and `_evict` use the repository's cache directly, the object a command then
changes in place. None of it is documented, so pyproject.toml pins eventsourcing to the
minor release this was written against; an upgrade that changes any of it fails here, saying
what changed, before it can change what a save does. Bring `Tables` in line (or, where the
library has grown a public way, use it), then move the pin.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
import tomllib
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.application import Application, Cache, ProcessingEvent
from packaging.requirements import Requirement

from domain.application import Tables
from domain.commands import AddSeat
from tests.frontera_helpers import MAYOR, in_memory_tables

PYPROJECT = Path(__file__).parent.parent / "pyproject.toml"

#: the calls of eventsourcing's `Application.save`, in order, that `Tables.save` repeats
#: (less the deprecated no-op `notify`, which `Tables` does not override)
SAVE_STEPS = [
    "ProcessingEvent",
    "processing_event.collect_events",
    "self._record",
    "self._take_snapshots",
    "self._notify",
    "self.notify",
]

#: the private methods `Tables` calls or overrides: their parameters (name, kind)
PRIVATE_METHODS = {
    "_record": [("self", "POSITIONAL_OR_KEYWORD"), ("processing_event", "POSITIONAL_OR_KEYWORD")],
    "_take_snapshots": [
        ("self", "POSITIONAL_OR_KEYWORD"),
        ("processing_event", "POSITIONAL_OR_KEYWORD"),
    ],
    "_notify": [("self", "POSITIONAL_OR_KEYWORD"), ("recordings", "POSITIONAL_OR_KEYWORD")],
}


def _parameters(function: Any) -> list[tuple[str, str]]:
    return [(p.name, p.kind.name) for p in inspect.signature(function).parameters.values()]


def _calls(function: Any) -> list[str]:
    """The functions a function's body calls, in the order they appear."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    calls.sort(key=lambda node: (node.lineno, node.col_offset))
    return [ast.unparse(node.func) for node in calls]


def test_the_installed_eventsourcing_is_within_the_pinned_range() -> None:
    dependencies = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    (pin,) = [Requirement(d) for d in dependencies if Requirement(d).name == "eventsourcing"]
    installed = version("eventsourcing")
    assert pin.specifier.contains(installed), (
        f"eventsourcing {installed} is installed, outside the pin {pin.specifier}: this test "
        "module says what Tables relies on; check it against the new release, then move the pin"
    )
    upper = [s for s in pin.specifier if s.operator == "<"]
    assert upper, f"the pin {pin.specifier} has no upper bound: a new minor release would pass"


def test_application_save_still_takes_the_steps_tables_save_repeats() -> None:
    steps = _calls(Application.save)
    assert steps == SAVE_STEPS, (
        f"eventsourcing's Application.save now calls {steps}, not {SAVE_STEPS}: Tables.save "
        "repeats its steps, so make it take the new ones too"
    )


def test_tables_save_takes_the_same_steps_in_the_same_order() -> None:
    repeated = [c for c in _calls(Tables.save) if c.startswith("self._")]
    assert repeated == ["self._record", "self._take_snapshots", "self._notify"], repeated


@pytest.mark.parametrize("name", sorted(PRIVATE_METHODS))
def test_the_private_methods_tables_relies_on_keep_their_signatures(name: str) -> None:
    method = Application.__dict__.get(name)
    assert method is not None, f"eventsourcing's Application has no {name} any more"
    assert _parameters(method) == PRIVATE_METHODS[name], (
        f"eventsourcing's Application.{name} now takes {_parameters(method)}, "
        f"not {PRIVATE_METHODS[name]}"
    )


def test_tables_overrides_take_snapshots_with_the_same_parameters() -> None:
    assert Tables._take_snapshots is not Application._take_snapshots
    assert _parameters(Tables._take_snapshots) == PRIVATE_METHODS["_take_snapshots"]
    # the steps Tables.save leaves out or calls as they are stay the library's own
    assert "_record" not in Tables.__dict__ and "_notify" not in Tables.__dict__
    assert "notify" not in Tables.__dict__, "Tables.save skips notify: it must stay a no-op"


def test_a_processing_event_still_holds_what_tables_save_fills() -> None:
    processing_event: ProcessingEvent[Any] = ProcessingEvent()
    assert processing_event.tracking is None
    assert processing_event.events == [], "ProcessingEvent.events is no longer a list"
    assert processing_event.aggregates == {}, "ProcessingEvent.aggregates is no longer a dict"
    assert processing_event.saved_kwargs == {}, "ProcessingEvent.saved_kwargs is no longer a dict"


def test_the_repository_cache_holds_the_table_itself_and_evicts_it() -> None:
    app = in_memory_tables()
    cache = app.repository.cache
    assert isinstance(cache, Cache), "the repository's cache is no longer an eventsourcing Cache"
    assert _parameters(cache.get) == [("key", "POSITIONAL_OR_KEYWORD"), ("evict", "KEYWORD_ONLY")]
    table_id = app.create_table("frontera", "Cached", "Ana", {"mode": "no_management"}).table_id
    # a command changes the cached table in place: the cache and a load without a deep copy
    # must give that very object
    cached = app._cached(table_id)
    assert cache.get(table_id) is cached
    assert app._load(table_id) is cached
    app.execute(table_id, MAYOR, AddSeat(name="Ann"))
    assert app._cached(table_id) is cached and cached.version == 2
    app._evict(table_id)
    with pytest.raises(KeyError):
        cache.get(table_id)
    assert app._cached(table_id) is not cached
    assert app._cached(table_id).version == 2
