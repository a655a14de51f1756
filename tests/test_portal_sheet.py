"""PORTAL: the sheet [002:97-99, 400-462, 522-566, 687-858]."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import InvalidCommand
from domain.portal.sheet import (
    CharacterPoints,
    Drives,
    Fortaleza,
    Limitation,
    NpcPool,
    Quirk,
    Sequel,
    Sheet,
    Thorn,
    checked_sheet,
)


def sheet(**fields: Any) -> Sheet:
    return Sheet(name="Jack", drives=Drives(names=["Ganar dinero", "Hacerse famoso"]), **fields)


def refused(built: Sheet) -> str:
    with pytest.raises(InvalidCommand) as error:
        checked_sheet(built)
    return error.value.code


def test_a_new_protagonist_holds_three_luck_dice_and_no_harm() -> None:
    """[002:99]: 3 basic dice and, probably, 3 luck dice; no discomfort or wound yet."""
    s = checked_sheet(sheet())
    assert (s.luck_held, s.luck_lost, s.discomfort, s.wound) == (3, 0, 0, 0)


def test_sheet_round_trips_through_its_stored_form() -> None:
    s = sheet(
        fortalezas=[Fortaleza(name="Disparar", level=2, specialty="Rifle de caza")],
        limitations=[Limitation(name="Pobre")],
        quirks=[Quirk(name="Visión nocturna", cost=3)],
        sequels=[Sequel(level=2, kind="Agilidad")],
        thorns=[Thorn(name="Muela picada", gives="discomfort", every="each cold drink")],
        points=CharacterPoints(in_hand=5, reserve=7),
    )
    assert msgspec.convert(msgspec.to_builtins(s), Sheet) == s
    assert s.sequels[0].expiry == "story"


@pytest.mark.parametrize(
    "fields",
    [
        {"discomfort": 4},  # 0..3 of each kind [002:97]
        {"wound": -1},
        {"luck_held": 2, "luck_lost": 2},  # three luck dice in all
        {"fortalezas": [Fortaleza(name="Genio", level=6)]},  # 0..5 [002:400]
        {"fortalezas": [Fortaleza(name="Genio", level=0, specialty="Física")]},  # [002:802]
        {"fortalezas": [Fortaleza(name="A", level=1), Fortaleza(name="A", level=2)]},
        {"limitations": [Limitation(name=n) for n in "abc"]},  # two at most [002:798]
        {"limitations": [Limitation(name="Torpe", frequency="constant")]},  # type: ignore[arg-type]
        {"quirks": [Quirk(name="q", cost=2)]},  # 3..30 [002:838]
        {"points": CharacterPoints(in_hand=6)},  # 5 in hand [002:854]
        {"kind": "principal"},  # no luck for a principal NPC [002:647]
        {"npc_pool": NpcPool(pays_with="harm")},  # a protagonist has no NPC pool [002:649]
        {"kind": "principal", "luck_held": 0, "npc_pool": NpcPool(pays_with="pool", pool=6)},
    ],
)
def test_sheet_out_of_the_rules_is_refused(fields: dict[str, Any]) -> None:
    assert refused(sheet(**fields)) == "invalid_sheet"


def test_a_character_keeps_one_drive_at_least() -> None:
    """[002:816]."""
    assert refused(Sheet(name="Jack", drives=Drives(names=[]))) == "invalid_sheet"
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"name": "Jack", "drives": {"names": []}}, Sheet)


def test_a_principal_npc_without_luck_is_accepted() -> None:
    """[002:647]: principal NPCs hold neither luck nor character points."""
    assert checked_sheet(sheet(kind="principal", luck_held=0)).kind == "principal"


def test_a_principal_npc_pays_with_a_purpose_pool_or_its_harm() -> None:
    """[002:649-651] and Errata: Markus's 6 luck-equivalents for spells only; or discomfort
    and wound dice instead."""
    markus = NpcPool(pays_with="pool", pool=6, purpose="spells")
    assert checked_sheet(sheet(kind="principal", luck_held=0, npc_pool=markus)).npc_pool == markus
    harm = NpcPool(pays_with="harm")
    assert checked_sheet(sheet(kind="principal", luck_held=0, npc_pool=harm)).npc_pool == harm


def test_thorns_may_penalise_reflexes() -> None:
    """Errata [002:623, 629]: Vilvis's poison takes reflexes off, a thorn kind of its own."""
    poison = Thorn(name="Veneno", gives="reflex", every="each reflex roll, per wound die")
    assert checked_sheet(sheet(thorns=[poison])).thorns == [poison]


def test_decoding_refuses_what_the_types_bound() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"name": "J", "drives": {"names": ["x"]}, "discomfort": 4}, Sheet)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"name": "J", "drives": {"names": ["x"]}, "concept": "god"}, Sheet)


def test_fortaleza_by_name() -> None:
    s = sheet(fortalezas=[Fortaleza(name="Sigilo", level=2)])
    assert s.fortaleza("Sigilo").level == 2
    with pytest.raises(InvalidCommand):
        s.fortaleza("Alerta")
