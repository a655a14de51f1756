"""Forking: a new table from another as it was at a version, with its own seed and lineage."""

import msgspec
import pytest

from domain.commands import CloseTable
from domain.errors import DomainError
from domain.frontera import commands as cmd
from domain.frontera.cards import sort_cards
from domain.frontera.character import Skill, Trait
from domain.frontera.events import CardsShuffled
from domain.table import GameCopied, SeatJoined
from tests.frontera_helpers import MAYOR, Session, claimed, new_session, protagonist

HERO = protagonist(
    "Hero",
    {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
    ["aim", "agility", "cunning", "perception"],
)


def _session_mid_test() -> tuple[Session, int]:
    session = new_session(players=("Ann", "Bob"), mode="normal")
    for seat in session.seats.values():
        claimed(session.app, session.table_id, seat)
    ann = session.seats["Ann"]
    hero = session.run(ann, HERO).result
    session.run(MAYOR, cmd.StartTable())
    session.run(MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.SENSES, skill=Skill.AIM))
    session.run(ann, cmd.Draw(character=hero))
    return session, session.version


def test_a_fork_copies_the_facts_at_a_version_and_reshuffles_what_is_face_down() -> None:
    session, version = _session_mid_test()
    past = session.table(version)
    session.run(MAYOR, cmd.CancelTest(reason="the source table goes on"))

    fork_id = session.app.fork(session.table_id, MAYOR, version, "What if")
    fork = session.app.read(fork_id, lambda table: table)

    assert fork.lineage is not None
    assert (fork.lineage.table_id, fork.lineage.version) == (str(session.table_id), version)
    assert fork.seed_commitment != past.seed_commitment
    assert {s.id: s.name for s in fork.seats.values()} == {
        s.id: s.name for s in past.seats.values()
    }
    # the Mayor's seat has a credential of its own; a player's waits to be claimed with the
    # credential that player holds at the source when claiming: no copy of a hash is kept
    assert fork.seats[MAYOR].credential_hash not in ("", past.seats[MAYOR].credential_hash)
    for seat in ("p1", "p2"):
        assert fork.seats[seat].credential_hash == ""
        assert fork.seats[seat].invitation_hash is None
        assert fork.waits_for_source(fork.seats[seat])
    assert msgspec.to_builtins(fork.game.characters) == msgspec.to_builtins(past.game.characters)
    assert fork.game.test is not None and fork.game.test.number == past.game.test.number
    for zone, cards in past.game.zones.items():
        assert sorted(fork.game.zones[zone]) == sorted(cards), zone
        if zone.startswith("hand:"):
            assert fork.game.zones[zone] == cards  # cards in hand stay as drawn
    assert fork.game.zones["pile"] != past.game.zones["pile"]  # a new order from a new seed
    events = list(session.app.table_events(fork_id))
    assert [type(e) for e in events[1:3]] == [SeatJoined, SeatJoined]
    assert isinstance(events[3], GameCopied)
    assert all(isinstance(e, CardsShuffled) for e in events[4:])
    # what the fork writes of the source holds no face-down order: canonical, never the next draws
    for zone, cards in events[3].game["zones"].items():
        assert cards == (past.game.zones[zone] if zone.startswith("hand:") else sort_cards(cards))


def test_a_closed_fork_verifies_its_own_shuffles() -> None:
    session, version = _session_mid_test()
    fork_id = session.app.fork(session.table_id, MAYOR, version, "What if")
    ann = session.seats["Ann"]
    hero = "c1"
    played = session.app.read(fork_id, lambda table: table.game.zones[f"hand:{hero}"][0])
    suits = {played: "spades"} if "JK" in played else {}
    session.app.execute(fork_id, ann, cmd.Choose(character=hero, cards=[played], joker_suits=suits))  # type: ignore[arg-type]
    session.run(MAYOR, CloseTable())
    session.app.execute(fork_id, MAYOR, CloseTable())
    report = session.app.verify(fork_id)
    assert report.commitment_matches and report.mismatches == []
    assert report.shuffles_checked > 0


def test_a_fork_closes_only_after_its_source() -> None:
    """Closing shows everything a table holds, and a fork holds what the source's seats held
    at the fork, still secret there while the source is open."""
    session, version = _session_mid_test()
    fork_id = session.app.fork(session.table_id, MAYOR, version, "What if")
    before = session.app.read(fork_id, lambda table: table.version)
    with pytest.raises(DomainError) as refused:
        session.app.execute(fork_id, MAYOR, CloseTable())
    assert refused.value.code == "source_open"
    assert session.app.read(fork_id, lambda table: table.version) == before
    session.run(MAYOR, CloseTable())
    session.app.execute(fork_id, MAYOR, CloseTable())
    assert session.app.read(fork_id, lambda table: table.closed)


@pytest.mark.parametrize(
    ("actor", "version", "code"),
    [("p1", 3, "not_game_master"), (MAYOR, 999, "unknown_version")],
)
def test_only_the_mayor_forks_and_only_from_an_existing_version(
    actor: str, version: int, code: str
) -> None:
    session, _ = _session_mid_test()
    with pytest.raises(DomainError) as refused:
        session.app.fork(session.table_id, actor, version, "What if")
    assert refused.value.code == code
