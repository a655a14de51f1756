"""Weapons are table data: the book's defaults at creation, and the Mayor edits them."""

from __future__ import annotations

import pytest

from domain.commands import AddSeat
from domain.errors import DomainError
from domain.frontera import commands as cmd
from domain.frontera.combat import Weapon
from domain.frontera.events import WeaponSet
from tests.frontera_helpers import MAYOR, in_memory_tables, new_session

DERRINGER = Weapon(
    name="derringer", damage=1, ranges={"long": None, "adjacent": 0, "short": 0, "medium": -2}
)


def test_a_new_table_has_the_books_weapons_in_its_creation_options() -> None:
    session = new_session()
    weapons = session.state.weapons
    assert (weapons["revolver"].damage, weapons["rifle"].damage, weapons["bow"].damage) == (1, 2, 1)
    assert all(weapons[name].ranges["medium"] == 0 for name in ("revolver", "rifle", "bow"))
    assert session.table().options["weapons"]["rifle"]["damage"] == 2  # recorded, not derived


def test_the_mayor_adds_changes_and_removes_weapons() -> None:
    session = new_session(players=("Ann",))
    session.run(MAYOR, cmd.SetWeapon(weapon=DERRINGER))
    assert list(session.state.weapons["derringer"].ranges) == [
        "adjacent",
        "short",
        "medium",
        "long",
    ]
    heavier = Weapon(name="rifle", damage=3, ranges=DERRINGER.ranges)
    session.run(MAYOR, cmd.SetWeapon(weapon=heavier))
    assert session.state.weapons["rifle"].damage == 3
    session.run(MAYOR, cmd.RemoveWeapon(name="bow"))
    assert "bow" not in session.state.weapons
    assert isinstance(session.events()[-3], WeaponSet)


@pytest.mark.parametrize(
    ("weapon", "code"),
    [
        (Weapon(name="", damage=1, ranges=DERRINGER.ranges), "invalid_weapon"),
        (Weapon(name="cannon", damage=9, ranges=DERRINGER.ranges), "invalid_weapon"),
        (Weapon(name="sling", damage=1, ranges={"short": 0}), "invalid_weapon"),
        (
            Weapon(name="sling", damage=1, ranges={**DERRINGER.ranges, "short": 20}),
            "invalid_weapon",
        ),
    ],
)
def test_a_malformed_weapon_is_refused_and_changes_nothing(weapon: Weapon, code: str) -> None:
    session = new_session()
    version = session.version
    with pytest.raises(DomainError) as refused:
        session.run(MAYOR, cmd.SetWeapon(weapon=weapon))
    assert refused.value.code == code and session.version == version


def test_only_the_mayor_edits_weapons_and_only_existing_ones_are_removed() -> None:
    session = new_session(players=("Ann",))
    with pytest.raises(DomainError) as refused:
        session.run(session.seats["Ann"], cmd.SetWeapon(weapon=DERRINGER))
    assert refused.value.code == "not_game_master"
    with pytest.raises(DomainError) as missing:
        session.run(MAYOR, cmd.RemoveWeapon(name="laser"))
    assert missing.value.code == "unknown_weapon"


def test_weapons_given_at_creation_are_checked_too() -> None:
    app = in_memory_tables()
    bad = {"weapons": {"cannon": {"name": "cannon", "damage": 9, "ranges": DERRINGER.ranges}}}
    with pytest.raises(DomainError) as refused:
        app.create_table("frontera", "T", "Ana", bad)
    assert refused.value.code == "invalid_weapon"
    table_id = app.create_table(
        "frontera",
        "T",
        "Ana",
        {"weapons": {"derringer": {"name": "derringer", "damage": 1, "ranges": DERRINGER.ranges}}},
    )
    app.execute(table_id, MAYOR, AddSeat(name="Ann"))
    assert list(app.read(table_id, lambda table: table.game.weapons)) == ["derringer"]
