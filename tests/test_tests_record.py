"""A test's record reads the log from where the test opened, a page of events at a time."""

from __future__ import annotations

import pytest

from domain import application
from domain.frontera import commands as cmd
from domain.frontera import events as ev
from domain.frontera.character import Skill, Trait
from projections.frontera.tests_record import opened_at
from projections.frontera.tests_record import test_record as record_of
from projections.viewers import viewer_for
from tests.frontera_helpers import MAYOR, Session, new_session, npc, protagonist


def two_chases() -> Session:
    session = new_session(players=("Ann",), mode="no_management")
    ann = session.seats["Ann"]
    session.run(
        ann,
        protagonist(
            "Ulises",
            {"hands": 3, "senses": 3, "muscle": 2, "head": 4},
            ["quick_shot", "agility", "perception", "cunning"],
        ),
    )
    session.run(MAYOR, npc("Billy", {"hands": 3, "senses": 2, "muscle": 4, "head": 2}, []))
    session.run(MAYOR, cmd.StartTable())
    for _ in range(2):
        contenders = [
            cmd.Contender(character=c, trait=Trait.MUSCLE, skill=Skill.AGILITY)
            for c in ("c1", "c2")
        ]
        session.run(MAYOR, cmd.OpenOpposedTest(participants=contenders))
        for seat, character in ((ann, "c1"), (MAYOR, "c2")):
            drawn = session.run(seat, cmd.Draw(character=character)).result
            card = next(c for c in drawn if "JK" not in c)
            session.run(seat, cmd.Choose(character=character, cards=[card]))
    return session


def test_the_state_remembers_where_each_test_opened_and_the_record_starts_there() -> None:
    session = two_chases()
    opened = [e for e in session.events() if isinstance(e, ev.TestOpened)]
    state = session.state
    assert [opened_at(state, n) for n in (1, 2)] == [e.originator_version for e in opened]
    table = session.table()
    viewer = viewer_for(table, table.seats[MAYOR], audit=False)
    from_start = record_of(session.app.table_events(session.table_id), 2, viewer, False)
    since = opened_at(state, 2) - 1
    indexed = record_of(session.app.table_events(session.table_id, since), 2, viewer, False)
    assert indexed is not None and indexed == from_start
    assert indexed.opened_at == opened[1].originator_version


def test_reading_a_log_page_by_page_gives_every_event_once_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = two_chases()
    everything = [e.originator_version for e in session.events()]
    monkeypatch.setattr(application, "EVENT_PAGE", 7)  # many small pages
    paged = [e.originator_version for e in session.app.table_events(session.table_id)]
    assert paged == everything and len(everything) > 3 * 7
    tail = [e.originator_version for e in session.app.table_events(session.table_id, 10, 20)]
    assert tail == list(range(11, 21))
