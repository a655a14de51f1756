"""A table's figures folded on from a kept fold equal a fold of the whole log from scratch:
for every rule system, over random sessions, at several versions, for every seat in play and
the game master in audit, while rolls are revealed, tests open and resolve, and the table
closes (`projections.folds`).

The sessions are random commands of each registered system, built from the commands' own
types (`msgspec.inspect`), with ids drawn from those a table hands out, so that many are
accepted; refused ones change nothing.
"""

from __future__ import annotations

import contextlib
import functools
import re
from typing import Any
from uuid import UUID

import msgspec
import msgspec.inspect as mi
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.application import Tables
from domain.commands import AddSeat, CloseTable, RevealRolls
from domain.errors import DomainError
from domain.stepdice.commands import NameComplication, StepdiceCreateCharacter
from domain.systems import RULE_SYSTEMS
from domain.table import Table
from projections.folds import Fold, Folds, fold_log
from projections.log import log_page
from projections.stats import fold, table_stats
from projections.tally import Tally
from projections.viewers import viewer_for
from projections.visibility import Viewer, knowledge
from tests import stepdice_helpers as stepdice
from tests.frontera_helpers import MAYOR as FRONTERA_MAYOR
from tests.frontera_helpers import in_memory_tables
from tests.frontera_strategies import (
    Driver,
    cast_characters,
    no_management_options,
    normal_options,
    start_session,
    wear_options,
)

PLAYERS = ("p1", "p2")
#: ids a table hands out (characters, enemies, clocks, seats), for a command's id fields
IDS = ("c1", "c2", "c3", "e1", "k1", *PLAYERS)
#: the most items of a generated list or map, and the span of an unbounded integer
MOST = 3
SPAN = 12
#: characters a session tries to create before anything else: most commands name one
CHARACTERS = 3
ATTEMPTS = 30
ANY_MODE = st.one_of(normal_options(), no_management_options(), wear_options())


def _integers(info: mi.IntType) -> st.SearchStrategy[int]:
    low = info.ge if info.ge is not None else (info.gt + 1 if info.gt is not None else 0)
    high = info.le if info.le is not None else (info.lt - 1 if info.lt is not None else None)
    return st.integers(low, high if high is not None else low + SPAN)


def _text(info: mi.StrType, ids: tuple[str, ...]) -> st.SearchStrategy[str]:
    low, high = info.min_length or 0, info.max_length or SPAN
    fitting = [i for i in ids if low <= len(i) <= high]
    if info.pattern is not None:
        # an id where the pattern takes one (a name or a reason of visible text), as below;
        # a pattern no id fits (a card), from the pattern itself: drawing from the visible
        # text pattern's vast classes of characters cost ~30 ms a string, most of the time
        # of a session, for text no fold reads differently
        fitting = [i for i in fitting if re.fullmatch(info.pattern, i)]
        return st.sampled_from(fitting) if fitting else st.from_regex(info.pattern, fullmatch=True)
    words = st.text("abxyz ", min_size=max(low, 1), max_size=max(low, min(high, SPAN)))
    # an id wherever one fits: a command names what it acts on (a name may be one too)
    return st.sampled_from(fitting) if fitting else words


def _sizes(info: Any) -> tuple[int, int]:
    low = info.min_length or 0
    return low, max(low, min(info.max_length or MOST, MOST))


def _struct(info: mi.StructType, ids: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    required = {f.encode_name: values(f.type, ids) for f in info.fields if f.required}
    optional = {f.encode_name: values(f.type, ids) for f in info.fields if not f.required}
    tag = {info.tag_field: st.just(info.tag)} if info.tag_field else {}
    return st.fixed_dictionaries({**required, **tag}, optional=optional)


def values(info: mi.Type, ids: tuple[str, ...]) -> st.SearchStrategy[Any]:
    """Builtin values of a type as msgspec describes it, to convert to that type."""
    match info:
        case mi.Metadata():
            return values(info.type, ids)
        case mi.StructType():
            return _struct(info, ids)
        case mi.StrType():
            return _text(info, ids)
        case mi.IntType():
            return _integers(info)
        case mi.FloatType():
            return st.floats(-SPAN, SPAN)
        case mi.BoolType():
            return st.booleans()
        case mi.NoneType():
            return st.none()
        case mi.LiteralType():
            return st.sampled_from(info.values)
        case mi.EnumType():
            return st.sampled_from([member.value for member in info.cls])
        case mi.UnionType():
            return st.one_of([values(kind, ids) for kind in info.types])
        case mi.ListType() | mi.SetType() | mi.FrozenSetType() | mi.VarTupleType():
            low, high = _sizes(info)
            return st.lists(values(info.item_type, ids), min_size=low, max_size=high)
        case mi.TupleType():
            return st.tuples(*(values(item, ids) for item in info.item_types)).map(list)
        case mi.DictType():
            keys, items = values(info.key_type, ids), values(info.value_type, ids)
            low, high = _sizes(info)
            return st.dictionaries(keys, items, min_size=low, max_size=high)
    raise NotImplementedError(f"no values for {info!r}")


@functools.cache
def commands(system: str, creating: bool = False) -> st.SearchStrategy[tuple[type, Any]]:
    """A command of the system's own or a reveal of rolls, as a body to convert to its type;
    `creating`, only those that create a character (most others name one).

    Built once a system (a strategy is immutable, and what it draws depends only on the
    draws): building it walks every command's type (`msgspec.inspect`) and hypothesis
    validates each new strategy on its first draw, which, rebuilt for every step, cost the
    test almost all of its time."""
    kinds = sorted([*RULE_SYSTEMS[system].handlers, RevealRolls], key=lambda k: k.__name__)
    if creating:
        kinds = [kind for kind in kinds if "CreateCharacter" in kind.__name__]
    ids = (RULE_SYSTEMS[system].gm_seat, *IDS)
    return st.one_of([st.tuples(st.just(kind), values(mi.type_info(kind), ids)) for kind in kinds])


def characters(app: Tables, table_id: UUID) -> dict[str, Any]:
    found: dict[str, Any] = app.read(table_id, lambda table: table.game.characters)
    return found


def _viewers(table: Table) -> list[Viewer]:
    seats = [seat for seat in table.seats.values() if seat.active]
    return [
        *(viewer_for(table, seat, audit=False) for seat in seats),
        viewer_for(table, table.gm_seat, audit=True),
    ]


def from_scratch(app: Tables, table_id: UUID, viewer: Viewer, closed: bool) -> Tally:
    """The figures `GET /stats` promises: of the caller's whole log as `listEvents` shows it
    (`log_page`: the events withheld from it left out, the rest redacted), at the table's
    version."""
    events = list(app.table_events(table_id))
    tally = Tally()
    for event in log_page(events, viewer, closed, limit=len(events) + 1)[0]:
        fold(tally, event, event.version)
    tally.version = events[-1].originator_version
    return tally


def folded_on(app: Tables, folds: Folds, table: Table, viewer: Viewer) -> Tally:
    """The tally as `GET /stats` folds it: on from the kept fold of the same knowledge."""
    known = knowledge(viewer, table.closed)
    tally = folds.resume(table.id, known, table.version)
    events = app.table_events(table.id, tally.version, table.version)
    fold_log(tally, events, viewer, table.closed)
    folds.keep(table.id, known, Fold(tally, table_stats(table.id, tally, closed=table.closed)))
    return tally


def _check(app: Tables, folds: Folds, table_id: UUID) -> None:
    table = app.read(table_id, lambda table: table)
    for viewer in _viewers(table):
        expected = from_scratch(app, table_id, viewer, table.closed)
        assert folded_on(app, folds, table, viewer) == expected, viewer
        kept = folds.figures(table_id, knowledge(viewer, table.closed), table.version)
        assert kept == table_stats(table_id, expected, closed=table.closed), viewer


@pytest.mark.parametrize("system", sorted(RULE_SYSTEMS))
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_figures_folded_on_from_a_kept_fold_equal_a_fold_from_scratch(
    system: str, data: st.DataObject
) -> None:
    app = in_memory_tables()
    gm = RULE_SYSTEMS[system].gm_seat
    table_id = app.create_table(system, "Folded", "The GM", {}).table_id
    for name in PLAYERS:
        app.execute(table_id, gm, AddSeat(name=name))
    folds = Folds()

    def play(steps: int, creating: bool = False) -> None:
        for _ in range(steps):
            kind, body = data.draw(commands(system, creating), label="command")
            actor = data.draw(st.sampled_from([gm, gm, gm, *PLAYERS]), label="actor")
            # a refused command changes nothing, as the API would refuse it
            with contextlib.suppress(msgspec.ValidationError, DomainError):
                app.execute(table_id, actor, msgspec.convert(body, kind))

    for _ in range(ATTEMPTS):
        if len(characters(app, table_id)) >= CHARACTERS:
            break
        play(1, creating=True)
    for _ in range(data.draw(st.integers(2, 6), label="checks")):
        play(data.draw(st.integers(5, 30), label="steps"))
        _check(app, folds, table_id)
    if data.draw(st.booleans(), label="close"):
        app.execute(table_id, gm, CloseTable())
        _check(app, folds, table_id)


def _counted(folds: Folds, table: Table) -> dict[str, int | None]:
    """The events each seat's kept figures count, at the table's version (None: none kept)."""
    return {
        viewer.seat: getattr(
            folds.figures(table.id, knowledge(viewer, False), table.version), "events", None
        )
        for viewer in _viewers(table)
        if not viewer.audit
    }


def test_a_ruling_on_a_blind_roll_is_left_out_of_the_figures_of_whoever_may_not_see_it() -> None:
    """The game master names the complication of a blind test: the players may not know the
    ruling happened (`withheld`), so their figures, folded on from the fold kept before it,
    leave it out as their log does, and are kept at the table's version; once the roll is
    revealed their knowledge is another, folded afresh, that counts it.

    The random sessions once failed here (stepdice): their reference counted the withheld
    ruling, which `GET /stats` rightly leaves out; and a fold whose events ended in a withheld
    one stayed at the version before it, so its kept figures answered no read."""
    session = stepdice.new_session(scripted_rolls=[1])  # a 1: a failure owing a complication
    vera = session.run("p2", StepdiceCreateCharacter(name="Vera", attributes=stepdice.dice()))
    roll = session.run(stepdice.GM, stepdice.roll_test(vera.result, visibility="blind")).result
    folds = Folds()
    _check(session.app, folds, session.table_id)
    session.run(stepdice.GM, NameComplication(roll=roll, complication="a guard wakes"))
    _check(session.app, folds, session.table_id)
    assert _counted(folds, session.table()) == {"gm": 7, "p1": 6, "p2": 6}
    session.run(stepdice.GM, RevealRolls(rolls=[roll], reason="told"))
    _check(session.app, folds, session.table_id)
    assert _counted(folds, session.table()) == {"gm": 8, "p1": 8, "p2": 8}


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), setup=ANY_MODE)
def test_frontera_figures_folded_on_equal_a_fold_from_scratch_through_tests_and_audit(
    data: st.DataObject, setup: tuple[int, dict[str, Any]]
) -> None:
    """Frontera's own random sessions (`tests.frontera_strategies`) reach deeper: tests open,
    cards are drawn and chosen in secret, and resolve, which audit sees sealed, then open."""
    players, options = setup
    driver = Driver(data, start_session(in_memory_tables(), players, **options))
    cast_characters(driver)
    session, folds = driver.session, Folds()
    for _ in range(data.draw(st.integers(2, 6), label="checks")):
        driver.run(driver.number(2, 12, "steps"))
        _check(session.app, folds, session.table_id)
    if data.draw(st.booleans(), label="close"):
        driver.send(FRONTERA_MAYOR, CloseTable(), plain=True)
        _check(session.app, folds, session.table_id)


def _fold(table_id: UUID, tally: Tally) -> Fold:
    return Fold(tally, table_stats(table_id, tally, closed=False))


def test_the_kept_folds_stay_within_their_bound() -> None:
    folds = Folds(kept_keys=50)
    viewer = Viewer(seat="p1", is_gm=False)
    for number in range(20):
        counts: dict[str, float] = {f"k{n}": 1 for n in range(9)}
        tally = Tally(counts=counts, labels={"system": "frontera"}, version=number + 1)
        folds.keep(UUID(int=number), viewer, _fold(UUID(int=number), tally))
    assert folds.resume(UUID(int=0), viewer, 100) == Tally()  # the oldest went first
    assert folds.resume(UUID(int=19), viewer, 100).version == 20
    assert folds.resume(UUID(int=19), viewer, 19) == Tally()  # kept further on than asked


def test_kept_figures_answer_only_the_version_they_were_folded_to() -> None:
    folds, viewer, table_id = Folds(), Viewer(seat="p1", is_gm=False), UUID(int=1)
    tally = Tally(counts={"events": 7}, labels={"system": "frontera"}, version=7)
    folds.keep(table_id, viewer, _fold(table_id, tally))
    kept = folds.figures(table_id, viewer, 7)
    assert kept is not None and kept.events == 7
    assert folds.figures(table_id, viewer, 8) is None  # an event came since: fold on
    assert folds.figures(table_id, Viewer(seat="p2", is_gm=False), 7) is None
