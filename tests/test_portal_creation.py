"""PORTAL's creation by character points [002:711-842]: the pure pricing of a new sheet
(`domain/portal/creation.py`)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import Conflict, InvalidCommand
from domain.portal.creation import price
from domain.portal.sheet import (
    CharacterPoints,
    Drives,
    Fortaleza,
    Limitation,
    Quirk,
    Sheet,
)


def sheet(**parts: Any) -> Sheet:
    return Sheet(**{"name": "Alex", "drives": Drives(names=["glory", "gold"]), **parts})


def test_every_part_is_priced_and_a_moderate_fortalezas_level_0_is_free() -> None:
    """[002:728, 745-758, 806-820, 838]: Sigilo (moderate) to 2 costs 6 + 2 + 6 less the free
    level 0 [002:758]; Historia (uncommon) to 1, 2 + 1; a specialty at level 2, 4; a third
    drive, 1; a quirk, 3. 19 spent; a moderate limitation gives 4: a pool of 15 covers it."""
    priced, after = price(
        sheet(
            fortalezas=[
                Fortaleza(name="Sigilo", level=2, specialty="trepar"),
                Fortaleza(name="Historia", level=1, frequency="uncommon"),
            ],
            limitations=[Limitation(name="Duro de oído")],
            drives=Drives(names=["glory", "gold", "love"]),
            quirks=[Quirk(name="ve en la oscuridad", cost=3)],
        ),
        15,
        "team_member",
    )
    assert (priced.fortalezas, priced.free_fortaleza, priced.specialties) == (11, "Sigilo", 4)
    assert (priced.drives, priced.quirks, priced.limitations, priced.concept) == (1, 3, 4, 0)
    assert (priced.unspent, priced.points) == (0, CharacterPoints())
    assert (after.drives.acquired, after.drives.removed) == (1, 0)


def test_only_a_moderate_fortaleza_comes_free() -> None:
    """[002:758]: a frequent Fortaleza at level 0 costs its 16 in full."""
    priced, _ = price(
        sheet(fortalezas=[Fortaleza(name="Ágil", level=0, frequency="frequent")]), 16, "team_member"
    )
    assert (priced.fortalezas, priced.free_fortaleza, priced.unspent) == (16, None, 0)


def test_unspent_points_divided_by_five_start_play_and_the_concept_costs_its_difference() -> None:
    """[002:715-718, 842, 856]: a free Sigilo 0 and 12 unspent give 2 points; lowered to an
    ordinary person, 5 more (17: 3); raised to a mythic hero from a team member, 40."""
    free = [Fortaleza(name="Sigilo", level=0)]
    priced, after = price(sheet(fortalezas=free), 12, "team_member")
    assert (priced.fortalezas, priced.unspent, after.points.in_hand) == (0, 12, 2)
    priced, after = price(sheet(fortalezas=free, concept="ordinary"), 12, "team_member")
    assert (priced.concept, priced.unspent, after.points.in_hand) == (-5, 17, 3)
    priced, _ = price(sheet(concept="mythic_hero"), 40, "team_member")
    assert (priced.concept, priced.unspent) == (40, 0)
    # a leftover past 5 in hand waits in the reserve [002:854]
    _, after = price(sheet(), 40, "team_member")
    assert after.points == CharacterPoints(in_hand=5, reserve=3)


def test_one_drive_short_of_two_costs_its_removal() -> None:
    """[002:816-820]: every character starts with two; one removed costs 1."""
    priced, after = price(sheet(drives=Drives(names=["glory"])), 1, "team_member")
    assert (priced.drives, after.drives.removed, after.drives.acquired) == (1, 1, 0)


def test_a_sheet_costing_more_than_the_pool_or_stating_its_points_is_refused() -> None:
    """[002:720, 842]: 1 short; points and drive counters are the method's to set."""
    with pytest.raises(Conflict) as short:
        price(sheet(fortalezas=[Fortaleza(name="Sigilo", level=1)]), 1, "team_member")
    assert short.value.code == "not_enough_points"
    for stated in (
        sheet(points=CharacterPoints(in_hand=1)),
        sheet(drives=Drives(names=["glory", "gold"], acquired=1)),
    ):
        with pytest.raises(InvalidCommand) as error:
            price(stated, 10, "team_member")
        assert error.value.code == "invalid_sheet"
