"""Simultaneous secret choices by different seats never conflict in a way a client sees.

Two applications on one store stand for two server processes; each player's choice goes
through a different one, at the same moment, many times over. Every choice succeeds (the
loser of a race is retried inside the server), and every test resolves once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from uuid import UUID

import pytest

from domain.application import Creation, Tables
from domain.commands import AddSeat, RotateCredential
from domain.errors import DomainError
from domain.frontera import commands as cmd
from domain.frontera import events as fe
from domain.frontera.character import Skill, Trait
from domain.frontera.gambling import SetMoney
from domain.keys import Bearer
from tests.frontera_helpers import MAYOR, SERVER_KEY, claimed, npc, protagonist
from tests.test_storage import store  # noqa: F401  (the store fixture: SQLite and PostgreSQL)

ROUNDS = 15


def _hero(name: str) -> cmd.CreateCharacter:
    return protagonist(
        name,
        {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
        ["aim", "agility", "cunning", "perception"],
    )


def _at_once(*actions: Callable[[], object]) -> list[BaseException]:
    barrier = threading.Barrier(len(actions))
    errors: list[BaseException] = []

    def run(action: Callable[[], object]) -> None:
        barrier.wait()
        try:
            action()
        except BaseException as error:  # collected, and the test fails on them
            errors.append(error)

    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return errors


def _race(
    mayor_app: Tables,
    table_id: UUID,
    seats: dict[str, str],
    apps: tuple[Tables, Tables],
) -> None:
    """One opposed test whose draws, then choices, are sent at the same moment."""
    contenders = [
        cmd.Contender(character=c, trait=Trait.SENSES, skill=Skill.PERCEPTION) for c in seats
    ]
    mayor_app.execute(table_id, MAYOR, cmd.OpenOpposedTest(participants=contenders))
    hands: dict[str, list[str]] = {}

    def draw(app: Tables, character: str) -> None:
        hands[character] = app.execute(
            table_id, seats[character], cmd.Draw(character=character)
        ).result

    def choose(app: Tables, character: str) -> None:
        played = [card for card in hands[character] if "JK" not in card][:1]
        app.execute(table_id, seats[character], cmd.Choose(character=character, cards=played))

    pairs = list(zip(apps, seats, strict=True))
    assert _at_once(*(partial(draw, app, c) for app, c in pairs)) == []
    assert _at_once(*(partial(choose, app, c) for app, c in pairs)) == []


@pytest.mark.parametrize("processes", [1, 2])
def test_simultaneous_choices_all_succeed_and_each_test_resolves_once(
    store: dict[str, str],  # noqa: F811
    processes: int,
) -> None:
    apps = [Tables(store, server_key=SERVER_KEY) for _ in range(processes)]
    first, second = apps[0], apps[-1]
    table_id = first.create_table("frontera", "Race", "Ana", {"mode": "no_management"}).table_id
    ann = first.execute(table_id, MAYOR, AddSeat(name="Ann")).result
    bob = first.execute(table_id, MAYOR, AddSeat(name="Bob")).result
    a = first.execute(table_id, ann, _hero("A")).result
    b = first.execute(table_id, bob, _hero("B")).result
    first.execute(
        table_id, MAYOR, npc("Dummy", {"hands": 1, "senses": 1, "muscle": 1, "head": 1}, [])
    )
    first.execute(table_id, MAYOR, cmd.StartTable())
    for _ in range(ROUNDS):
        _race(first, table_id, {a: ann, b: bob}, (first, second))
    events = list(first.table_events(table_id))
    assert [e.originator_version for e in events] == list(range(1, len(events) + 1))
    assert sum(isinstance(e, fe.TestResolved) for e in events) == ROUNDS
    for app in apps:
        app.close()


def test_a_process_with_a_stale_table_judges_a_command_on_the_fresh_one(
    store: dict[str, str],  # noqa: F811
) -> None:
    """Commands run on the cached table without reading the store first; a rejection by a
    table that another process has moved on is re-judged on the fresh table."""
    writer, stale = (Tables(store, server_key=SERVER_KEY) for _ in range(2))
    table_id = writer.create_table(
        "frontera", "Two workers", "Ana", {"mode": "no_management"}
    ).table_id
    stale.read(table_id, lambda table: table.version)  # now cached in `stale`
    ann = writer.execute(table_id, MAYOR, AddSeat(name="Ann")).result
    credential = claimed(writer, table_id, ann)
    hero = stale.execute(table_id, Bearer(credential), _hero("A")).result  # a seat it never saw
    writer.execute(table_id, MAYOR, cmd.StartTable())
    version = writer.execute(
        table_id, MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.SENSES)
    ).version
    drawn = stale.execute(table_id, ann, cmd.Draw(character=hero), expected_version=version)
    assert drawn.version > version and drawn.result
    with pytest.raises(DomainError) as refused:  # still wrong on the fresh table: refused
        stale.execute(table_id, ann, cmd.Draw(character=hero))
    assert refused.value.code == "already_drawn"
    for app in (writer, stale):
        app.close()


def test_a_process_with_a_stale_table_answers_a_command_that_changes_nothing_as_the_fresh_one(
    store: dict[str, str],  # noqa: F811
) -> None:
    """A command that changes nothing saves nothing, so no failed save tells a process that
    another one moved the table: it asks the store, and judges the command on the fresh table.
    A credential rotated out on the other process is refused at once, a stale If-Match too,
    and a command that holds answers with the table's version now."""
    writer, stale = (Tables(store, server_key=SERVER_KEY) for _ in range(2))
    table_id = writer.create_table("frontera", "Two workers", "Ana", {}).table_id
    keys = writer.keys(table_id)
    traits = {"hands": 2, "senses": 2, "muscle": 2, "head": 2}
    bandit = writer.execute(table_id, MAYOR, npc("B", traits, ["aim"])).result
    unchanged = SetMoney(character=bandit, money=0, reason="as he was")
    mayor = Bearer(keys.credential(MAYOR, 0))
    at = stale.execute(table_id, mayor, unchanged).version  # the table cached in `stale`
    rotation = writer.execute(table_id, mayor, RotateCredential())
    with pytest.raises(DomainError) as refused:
        stale.execute(table_id, mayor, unchanged)
    assert refused.value.code == "invalid_credential"
    new = Bearer(keys.credential(MAYOR, rotation.result.number))
    with pytest.raises(DomainError) as stale_tag:
        stale.execute(table_id, new, unchanged, expected_version=at)
    assert stale_tag.value.code == "stale_version"
    assert stale.execute(table_id, new, unchanged).version == rotation.version > at
    for app in (writer, stale):
        app.close()


def test_creations_sent_at_once_with_one_key_make_one_table_and_answer_alike(
    store: dict[str, str],  # noqa: F811
) -> None:
    """Processes create a table with the same idempotency key at the same moment: one saves
    it, and each other's, found or failing on the store's refusal, answers as a retry."""
    apps = [Tables(store, server_key=SERVER_KEY) for _ in range(4)]
    created: list[Creation] = []

    def create(app: Tables) -> None:
        created.append(app.create_table("fate", "T", "G", {}, idempotency_key="k" * 16))

    assert _at_once(*(partial(create, app) for app in apps)) == []
    assert len({creation.table_id for creation in created}) == 1
    assert sorted(creation.replayed for creation in created) == [False, True, True, True]
    for app in apps:
        app.close()
