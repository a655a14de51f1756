"""Seat views are a function of the log: live equals rebuilt, and they show nothing unseen.

Random sessions (hypothesis) on normal, skip-phase-1 and wear tables; after every command,
for every seat, in play and (the Mayor) in audit:
- the view of the live, cached table equals the view of a table rebuilt from its events;
- every card the view lists was shown to that viewer by some event of its redacted log
  (the dead man's hand aside, which every seat knows);
- while the table is open, the Mayor's audit (view and log) names no card of a face-down deck
  or pile but those every seat saw, those of a past hand, choice or reveal, and those the
  Mayor may look at in play (his own deck): a deck listed in audit would tell the next draw;
and at the end the same holds for the table read back at every past version.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.commands import AddSeat
from domain.errors import DomainError
from domain.frontera import commands as cmd
from domain.frontera.cards import Suit, dead_mans_hand, sort_cards
from domain.frontera.character import Skill, Trait
from domain.frontera.exchange_commands import CancelExchange
from domain.table import Table
from projections.frontera.projection import open_test_number
from projections.frontera.views import table_view
from projections.redaction import redact
from projections.viewers import viewer_for
from projections.visibility import AFTER_CLOSING, Viewer
from tests.frontera_helpers import MAYOR, Session, in_memory_tables, npc, protagonist

CARD = re.compile(r"d\d+:(?:10|[2-9JQKA])[SCHD]|d\d+:JK[12]")
PUBLIC = set(dead_mans_hand(0))
STEPS = 40
#: the events that show the Mayor's audit a hand, a choice or a reveal, once its test is over
PLAYED = {"CardsDrawn", "CardsChosen", "CardsRevealed"}
TABLE_KEY = "views-property-test-table"


def _viewers(table: Table) -> list[Viewer]:
    viewers = [viewer_for(table, seat, audit=False) for seat in table.seats.values()]
    return [*viewers, viewer_for(table, table.gm_seat, audit=True)]


def _cards_in(value: Any) -> set[str]:
    return set(CARD.findall(msgspec.json.encode(value).decode()))


class Replica:
    """The table rebuilt from its events alone, and what each viewer was shown so far."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.table: Table | None = None
        self.shown: dict[tuple[str, bool], set[str]] = {}
        #: what audit may name of a face-down deck: every seat saw it, or it was played
        self.open_to_audit: set[str] = set(PUBLIC)
        self.log: list[Any] = []

    def catch_up(self, check_every_version: bool) -> None:
        """Fold the new events; check the views at the new version (or at every one)."""
        session = self.session
        after = self.table.version if self.table else 0
        events: list[Any] = list(session.app.table_events(session.table_id, after))
        for event in events:
            ended = self.table is not None and open_test_number(self.table)
            self.table = event.mutate(self.table)
            self.log.append(event)
            if ended and ended != open_test_number(self.table):
                self.reread_in_audit()
            # the lay-out at the start says where a card is now only in wear mode (each seat's
            # deck is a whole deck of its own)
            if type(event).__name__ != "TableStarted" or self.table.options["mode"] == "wear":
                self.open_to_audit |= _cards_in(redact(event, AFTER_CLOSING, closed=False))
            for viewer in _viewers(self.table):
                shown = self.shown.setdefault((viewer.seat, viewer.audit), set(PUBLIC))
                redacted = redact(event, viewer, closed=False)
                if viewer.audit and _of_a_past_hand(redacted):
                    self.open_to_audit |= _cards_in(redacted)
                if redacted.type != "TableStarted":
                    shown |= _cards_in(redacted)
                elif self.table.options["mode"] == "wear":  # a whole deck of one's own
                    shown |= {
                        card
                        for zone, cards in redacted.data["zones"].items()
                        if zone == f"player_deck:{viewer.seat}" or (viewer.audit and "deck" in zone)
                        for card in cards
                    }
            if check_every_version:
                self.check(session.table(self.table.version))
        if not check_every_version:
            self.check(session.table())

    def reread_in_audit(self) -> None:
        """A test just ended: audit reads its draws and choices now (the seal protects the
        present only), so reading the log again shows the Mayor's audit what it kept."""
        assert self.table is not None
        audit = viewer_for(self.table, self.table.gm_seat, audit=True)
        shown = self.shown.setdefault((audit.seat, True), set(PUBLIC))
        for event in self.log:
            redacted = redact(event, audit, closed=False)
            if redacted.type != "TableStarted":
                shown |= _cards_in(redacted)
            if _of_a_past_hand(redacted):
                self.open_to_audit |= _cards_in(redacted)

    def check(self, loaded: Table) -> None:
        """The loaded (live, or stored at a version) table shows what the replica shows."""
        assert self.table is not None and loaded.version == self.table.version
        for viewer in _viewers(loaded):
            view = table_view(loaded, viewer)
            assert view == table_view(self.table, viewer), viewer
            unseen = _cards_in([view.zones, view.test]) - self.shown[(viewer.seat, viewer.audit)]
            assert not unseen, f"{viewer} sees {sorted(unseen)} that no event showed it"
            if viewer.audit and not loaded.closed:
                audited = _cards_in(view) | self.shown[(viewer.seat, True)]
                in_play = self.shown[(viewer.seat, False)] | self.open_to_audit
                listed = (audited & _face_down_cards(loaded)) - in_play
                assert not listed, f"audit names {sorted(listed)} of a face-down deck"


def _of_a_past_hand(event: Any) -> bool:
    """Whether an event shows audit a hand, a choice or a reveal, or where a finished hand's
    cards went."""
    leaves_a_hand = event.type == "CardsMoved" and event.data["source"].startswith("hand:")
    return event.type in PLAYED or leaves_a_hand


def _face_down_cards(table: Table) -> set[str]:
    """The cards of every deck and pile (not a hand, not the dead man's hand)."""
    return {
        card
        for zone, cards in table.game.zones.items()
        if not zone.startswith("hand:") and zone != "dead_mans_hand"
        for card in cards
    }


def _step(session: Session, data: st.DataObject) -> None:
    state = session.state
    test = state.test
    if test is None and state.exchange is not None:
        # a test's outcome started an exchange (loot, say): this driver plays tests only
        session.run(MAYOR, CancelExchange(reason="the story moves on"))
        return
    try:
        if test is None:
            kind = data.draw(st.sampled_from(["trait", "opposed", "dmh", "condition"]))
            characters = list(state.characters)
            if kind == "trait":
                session.run(
                    MAYOR,
                    cmd.OpenTraitTest(
                        character=data.draw(st.sampled_from(characters)),
                        trait=data.draw(st.sampled_from(list(Trait))),
                        difficulty=data.draw(st.none() | st.integers(2, 15)),
                    ),
                )
            elif kind == "opposed":
                chosen = data.draw(
                    st.lists(st.sampled_from(characters), min_size=2, max_size=3, unique=True)
                )
                session.run(
                    MAYOR,
                    cmd.OpenOpposedTest(
                        participants=[
                            cmd.Contender(character=c, trait=Trait.MUSCLE, skill=Skill.AGILITY)
                            for c in chosen
                        ]
                    ),
                )
            elif kind == "dmh":
                session.run(
                    MAYOR,
                    cmd.OpenDeadMansHandTest(
                        character=data.draw(st.sampled_from(characters)),
                        cards=data.draw(st.sampled_from([1, 2])),
                    ),
                )
            else:
                session.run(
                    MAYOR,
                    cmd.ChangeCondition(
                        character=data.draw(st.sampled_from(characters)),
                        track=data.draw(st.sampled_from(["health", "morale", "sobriety"])),
                        change=data.draw(st.sampled_from([-1, 1])),
                        reason="the story",
                    ),
                )
            return
        character = data.draw(st.sampled_from(test.waiting_for))
        participant = test.participants[character]
        if not participant.drawn:
            session.run(participant.seat, cmd.Draw(character=character))
            return
        held = state.zones[f"hand:{character}"]
        played = data.draw(st.sampled_from(held))
        suits = {played: data.draw(st.sampled_from(list(Suit)))} if "JK" in played else {}
        session.run(
            participant.seat, cmd.Choose(character=character, cards=[played], joker_suits=suits)
        )
    except DomainError as refused:  # e.g. a character that cannot act: the Mayor cancels
        assert refused.code in {"character_cannot_act"}, refused.code
        if session.state.test is not None:
            session.run(MAYOR, cmd.CancelTest(reason="cannot act"))


def _started(options: dict[str, Any]) -> Session:
    """A started table: Ann and Bob with a protagonist each, Billy the Mayor's NPC."""
    # a fixed idempotency key gives a fixed table id, hence the same shuffles on every replay
    app = in_memory_tables()
    table_id = app.create_table(
        "frontera", "Views", "Ana", options, idempotency_key=TABLE_KEY
    ).table_id
    session = Session(app, table_id)
    for name in ("Ann", "Bob"):
        session.seats[name] = session.run(MAYOR, AddSeat(name=name)).result
    hero = {"hands": 3, "senses": 3, "muscle": 3, "head": 3}
    skills = ["aim", "agility", "cunning", "perception"]
    session.run(session.seats["Ann"], protagonist("Ann's", hero, skills))
    session.run(session.seats["Bob"], protagonist("Bob's", hero, skills))
    session.run(MAYOR, npc("Billy", {"hands": 2, "senses": 2, "muscle": 4, "head": 2}, ["agility"]))
    session.run(MAYOR, cmd.StartTable())
    return session


OPTIONS = {
    "normal": {"mode": "normal"},
    "phase_2": {"mode": "normal", "skip_phase_1": True},
    "wear": {"mode": "wear"},
}


@pytest.mark.long
@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_views_equal_their_rebuild_and_show_only_what_the_log_showed(
    options: dict[str, Any], data: st.DataObject
) -> None:
    session = _started(options)
    replica = Replica(session)
    replica.catch_up(check_every_version=True)
    for _ in range(STEPS):
        _step(session, data)
        replica.catch_up(check_every_version=False)  # the live, cached table
    past = Replica(session)
    past.catch_up(check_every_version=True)  # every version read back from the store


# -- forks ---------------------------------------------------------------------------------------


def _known(app: Any, table_id: Any, viewer_of: Any, version: int | None = None) -> str:
    """Everything a viewer reads of a table (at a version): its view and its whole log, less
    the public lay-out of every card at the start."""
    table = app.read(table_id, lambda t: t, version=version)
    viewer = viewer_of(table)
    events = [redact(e, viewer, table.closed) for e in app.table_events(table_id, upto=version)]
    laid_out = [e for e in events if e.type != "TableStarted"]
    return msgspec.json.encode([table_view(table, viewer), laid_out]).decode()


def _face_down_orders(table: Table) -> list[list[str]]:
    """The order of every zone whose order nobody knows (not a hand; two cards or more, not
    already canonical)."""
    return [
        cards
        for zone, cards in table.game.zones.items()
        if not zone.startswith("hand:") and len(cards) > 1 and cards != sort_cards(cards)
    ]


@pytest.mark.parametrize("options", OPTIONS.values(), ids=OPTIONS.keys())
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_fork_seat_knows_no_more_than_the_same_seat_at_the_source_and_no_order(
    options: dict[str, Any], data: st.DataObject
) -> None:
    session = _started(options)
    app, table_id = session.app, session.table_id
    for _ in range(data.draw(st.integers(0, 25), "steps")):
        _step(session, data)
    at = data.draw(st.integers(1, session.version), "fork at")
    fork_id = app.fork(table_id, MAYOR, at, "What if")
    source, fork = session.table(at), app.read(fork_id, lambda t: t)

    readers = [(seat, False) for seat in source.seats] + [(MAYOR, True)]
    for seat, audit in readers:

        def viewer_of(table: Table, seat: str = seat, audit: bool = audit) -> Viewer:
            return viewer_for(table, table.seats[seat], audit)

        there = _known(app, table_id, viewer_of, at)
        here = _known(app, fork_id, viewer_of)
        learnt = CARD.findall(here)
        assert set(learnt) - set(CARD.findall(there)) - PUBLIC == set(), (seat, audit)
        for order in _face_down_orders(source) + _face_down_orders(fork):
            assert msgspec.json.encode(order).decode() not in here, (seat, audit, order)
