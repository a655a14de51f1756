"""Auditable shuffles: a closed table's seed explains every shuffle; nothing before closing."""

import pytest

from domain.commands import CloseTable
from domain.errors import DomainError
from domain.frontera import commands as cmd
from domain.frontera.cards import Suit
from domain.frontera.character import Skill, Trait
from domain.frontera.events import CardsShuffled
from domain.frontera.verify import shuffle_mismatches
from domain.keys import commitment
from tests.frontera_helpers import MAYOR, Session, new_session, protagonist

HERO = protagonist(
    "Hero",
    {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
    ["aim", "agility", "cunning", "perception"],
)


def _played_table(mode: str) -> Session:
    session = new_session(players=("Ann",), mode=mode)
    ann = session.seats["Ann"]
    hero = session.run(ann, HERO).result
    session.run(MAYOR, cmd.StartTable())
    for _ in range(4):
        session.run(MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.SENSES, skill=Skill.AIM))
        drawn = session.run(ann, cmd.Draw(character=hero)).result
        played = drawn[0]
        suits = {played: Suit.CLUBS} if "JK" in played else {}
        session.run(ann, cmd.Choose(character=hero, cards=[played], joker_suits=suits))
    return session


@pytest.mark.parametrize("mode", ["normal", "no_management", "wear"])
def test_every_shuffle_is_recomputed_from_the_revealed_seed(mode: str) -> None:
    session = _played_table(mode)
    assert any(isinstance(e, CardsShuffled) for e in session.events())
    with pytest.raises(DomainError) as refused:
        session.app.verify(session.table_id)
    assert refused.value.code == "table_open"
    session.run(MAYOR, CloseTable())
    report = session.app.verify(session.table_id)
    assert report.commitment_matches
    assert report.shuffles_checked == sum(isinstance(e, CardsShuffled) for e in session.events())
    assert report.mismatches == []
    assert commitment(bytes.fromhex(report.seed)) == session.table().seed_commitment


def test_a_tampered_shuffle_is_reported() -> None:
    session = _played_table("no_management")
    session.run(MAYOR, CloseTable())
    events = session.events()
    shuffle = next(e for e in events if isinstance(e, CardsShuffled))
    shuffle.order.reverse()  # the stored log, as a cheating server might have written it
    seed = bytes.fromhex(session.table().seed or "")
    checked, mismatches = shuffle_mismatches(events, seed)
    assert checked >= 1
    assert mismatches[0].startswith(f"version {shuffle.originator_version}:")
    assert "differs" in mismatches[0]


def test_the_seed_is_in_no_event_before_closing() -> None:
    session = _played_table("normal")
    seed = session.app.keys(session.table_id).reveal_seed()
    stored = [n.state for n in session.app.recorder.select_notifications(start=1, limit=1000)]
    assert stored and not any(seed.encode() in state for state in stored)
    session.run(MAYOR, CloseTable())
    stored = [n.state for n in session.app.recorder.select_notifications(start=1, limit=1000)]
    assert any(seed.encode() in state for state in stored)
