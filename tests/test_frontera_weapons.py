"""Weapons are table data: the book's defaults at creation, and the Mayor edits them."""

from __future__ import annotations

import msgspec
import pytest

from domain.commands import AddSeat
from domain.errors import DomainError
from domain.frontera import commands as cmd
from domain.frontera.combat import Technique, Weapon, check_weapon_kind
from domain.frontera.events import WeaponSet
from domain.frontera.state import Options
from tests.frontera_helpers import MAYOR, in_memory_tables, new_session

DERRINGER = Weapon(
    name="derringer", damage=1, ranges={"long": None, "adjacent": 0, "short": 0, "medium": -2}
)


def test_a_new_table_has_the_books_weapons_in_its_creation_options() -> None:
    session = new_session()
    weapons = session.state.weapons
    assert (weapons["revolver"].damage, weapons["rifle"].damage, weapons["bow"].damage) == (1, 2, 1)
    kinds = {name: weapon.kind for name, weapon in weapons.items()}
    assert kinds == {
        "revolver": "ranged",
        "rifle": "ranged",
        "shotgun": "ranged",
        "bow": "ranged",
        "knife": "melee",
        "thrown knife": "thrown",
        "lasso": "thrown",  # thrown to grapple [L1087]
        "whip": "thrown",  # with the thrown weapons' multiple attack [L993]
    }
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
    # the damage's range is part of the options' type (Weapon's Meta), so decoding them says it
    assert refused.value.code == "invalid_options" and "damage" in str(refused.value)
    table_id = app.create_table(
        "frontera",
        "T",
        "Ana",
        {"weapons": {"derringer": {"name": "derringer", "damage": 1, "ranges": DERRINGER.ranges}}},
    ).table_id
    app.execute(table_id, MAYOR, AddSeat(name="Ann"))
    assert list(app.read(table_id, lambda table: table.game.weapons)) == ["derringer"]


def test_a_weapon_given_without_a_kind_keeps_the_kind_of_its_name_else_is_ranged() -> None:
    session = new_session()
    sharper = Weapon(name="knife", damage=2, ranges=DERRINGER.ranges)
    session.run(MAYOR, cmd.SetWeapon(weapon=sharper))
    session.run(MAYOR, cmd.SetWeapon(weapon=DERRINGER))
    tomahawk = Weapon(name="tomahawk", kind="thrown", damage=1, ranges=DERRINGER.ranges)
    session.run(MAYOR, cmd.SetWeapon(weapon=tomahawk))
    weapons = session.state.weapons
    assert (weapons["knife"].kind, weapons["derringer"].kind) == ("melee", "ranged")
    assert weapons["tomahawk"].kind == "thrown"
    app = in_memory_tables()
    given = {"lasso": {"name": "lasso", "damage": 0, "ranges": DERRINGER.ranges}}
    table_id = app.create_table("frontera", "T", "Ana", {"weapons": given}).table_id
    assert app.read(table_id, lambda table: table.game.weapons["lasso"].kind) == "thrown"


def test_a_weapon_stored_before_kinds_existed_still_serves_any_technique() -> None:
    # an old table's creation options hold weapons without a kind
    stored = {"name": "knife", "damage": 1, "ranges": DERRINGER.ranges}
    options = msgspec.convert({"weapons": {"knife": stored}}, Options)
    knife = options.weapons["knife"]
    assert knife.kind is None
    for technique in Technique:
        if technique is not Technique.BRAWL:
            check_weapon_kind(technique, knife)
