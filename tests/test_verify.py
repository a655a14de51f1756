"""Auditable shuffles: a closed table's seed explains every shuffle; nothing before closing."""

import hashlib
import hmac
from collections.abc import Iterator

import pytest

from domain.commands import CloseTable
from domain.errors import DomainError
from domain.frontera import commands as cmd
from domain.frontera.cards import Suit
from domain.frontera.character import Skill, Trait
from domain.frontera.events import CardsShuffled
from domain.frontera.verify import shuffle_mismatches
from domain.keys import commitment
from domain.randomness import die_face, shuffled
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


def _documented_words(seed: bytes, index: int) -> Iterator[int]:
    """The byte stream of random operation `index`, as the module docstring states it:
    HMAC-SHA256(seed, "index:counter") for counter 0, 1, ..., read as 4-byte big-endian words."""
    counter = 0
    while True:
        block = hmac.new(seed, f"{index}:{counter}".encode(), hashlib.sha256).digest()
        for start in range(0, 32, 4):
            yield int.from_bytes(block[start : start + 4], "big")
        counter += 1


def _documented_below(words: Iterator[int], n: int) -> int:
    limit = (1 << 32) - ((1 << 32) % n)
    return next(word % n for word in words if word < limit)


@pytest.mark.parametrize("index", [0, 1, 7, 123456])
def test_shuffles_and_dice_are_the_documented_algorithm(index: int) -> None:
    """Anyone holding a revealed seed can recompute every shuffle and die from the docstring
    alone: an independent implementation of it agrees with the server's."""
    seed = bytes(range(32))
    for size in (1, 2, 5, 54, 108):
        expected = list(range(size))
        words = _documented_words(seed, index)
        for i in range(size - 1, 0, -1):
            j = _documented_below(words, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffled(range(size), seed, index) == expected
    for sides in (2, 6, 10, 20, 100):
        face = _documented_below(_documented_words(seed, index), sides) + 1
        assert die_face(seed, index, sides) == face
