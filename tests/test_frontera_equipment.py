"""Starting equipment and money [L671-L676], the Mayor's grants, and the weapon a protagonist
fights with, checked against what it carries."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.frontera import combat_commands as cc
from domain.frontera import commands as cmd
from domain.frontera import equipment as eq
from domain.frontera import gambling as gm
from domain.frontera.character import Purchase
from domain.frontera.events import CharacterCreated
from tests.frontera_helpers import MAYOR, Session, new_session, npc, protagonist
from tests.frontera_scripts import last

CLEMENTINE = {"hands": 2, "senses": 4, "muscle": 3, "head": 3}
SKILLS = ["aim", "agility", "cunning", "perception"]
# Clementine's kit [L699]: a horse and a revolver; a rifle ($20) and work clothes ($3)
PURCHASES = [Purchase(item="rifle", price=20), Purchase(item="work clothes", price=3)]


def clementine(money: int = 0, **kit: Any) -> cmd.CreateCharacter:
    sheet = protagonist("Clementine", CLEMENTINE, SKILLS)
    return msgspec.structs.replace(sheet, money=money, **kit)


def two_players() -> Session:
    return new_session(players=("Judit", "Bea"))


def test_a_protagonist_starts_with_a_horse_a_revolver_or_ten_knives_and_fifty_dollars() -> None:
    s = two_players()
    judit, bea = s.seats["Judit"], s.seats["Bea"]
    s.run(judit, clementine(money=27, purchases=PURCHASES))
    created = last(s, CharacterCreated)
    assert created.character.equipment == {
        "horse": 1,
        "revolver": 1,
        "rifle": 1,
        "work clothes": 1,
    }
    assert created.character.money == 27 and created.purchases == PURCHASES
    s.run(bea, protagonist("Policarpo", CLEMENTINE, SKILLS))  # the revolver, by default
    s.run(bea, clementine(money=50, kit="knives"))
    characters = s.state.characters
    assert characters["c2"].equipment == {"horse": 1, "revolver": 1}
    assert (characters["c3"].equipment, characters["c3"].money) == ({"horse": 1, "knife": 10}, 50)


def test_a_protagonist_buys_and_keeps_fifty_dollars_at_most() -> None:
    s = two_players()
    judit = s.seats["Judit"]
    # boundary: $23 of purchases and $28 kept is a dollar too many
    assert s.refused(judit, clementine(money=28, purchases=PURCHASES)).code == "over_budget"
    assert s.refused(judit, clementine(money=51)).code == "over_budget"
    assert s.refused(judit, clementine(money=1_000_000)).code == "over_budget"
    free = [Purchase(item="gatling gun", price=0)]
    assert s.refused(judit, clementine(purchases=free)).code == "invalid_purchase"
    assert s.refused(judit, clementine(kit="cannon")).code == "invalid_kit"
    hired_gun = npc("Billy", CLEMENTINE, ["aim"], kit="revolver")
    assert s.refused(MAYOR, hired_gun).code == "invalid_character"
    # the Mayor's characters carry what the Mayor gives them
    s.run(MAYOR, npc("Banker", CLEMENTINE, [], money=5000))
    assert s.state.characters["c1"].equipment == {}


def test_the_mayor_grants_money_and_gear_with_a_reason() -> None:
    s = two_players()
    judit = s.seats["Judit"]
    s.run(judit, clementine(money=12))
    s.run(MAYOR, gm.SetMoney(character="c1", money=1000, reason="the railroad's reward"))
    assert last(s, gm.MoneyChanged).reason == "the railroad's reward"
    found = eq.ChangeEquipment(character="c1", item="shotgun", change=1, reason="in the barn")
    assert s.run(MAYOR, found).result == 1
    changed = last(s, eq.EquipmentChanged)
    assert (changed.item, changed.before, changed.after, changed.reason) == (
        "shotgun",
        0,
        1,
        "in the barn",
    )
    s.run(MAYOR, eq.ChangeEquipment(character="c1", item="revolver", change=-1, reason="lost"))
    assert s.state.characters["c1"].equipment == {"horse": 1, "shotgun": 1}
    gone = eq.ChangeEquipment(character="c1", item="horse", change=-2, reason="sold")
    assert s.refused(MAYOR, gone).code == "not_carried"
    nothing = eq.ChangeEquipment(character="c1", item="horse", change=0, reason="?")
    assert s.refused(MAYOR, nothing).code == "invalid_change"
    unexplained = eq.ChangeEquipment(character="c1", item="rifle", change=1, reason=" ")
    assert s.refused(MAYOR, unexplained).code == "reason_required"
    mine = eq.ChangeEquipment(character="c1", item="rifle", change=1, reason="bought it")
    assert s.refused(judit, mine).code == "not_game_master"


def fight(attacker: cmd.CreateCharacter) -> tuple[Session, str]:
    """Judit's protagonist (c1) against the Mayor's Billy (c2) at short range, a turn started."""
    s = new_session(players=("Judit",), mode="no_management")
    judit = s.seats["Judit"]
    s.run(judit, attacker)
    s.run(MAYOR, npc("Billy", CLEMENTINE, ["aim"]))
    s.run(MAYOR, cmd.StartTable())
    combatants = [cc.CombatantSetup(character=c) for c in ("c1", "c2")]
    s.run(MAYOR, cc.OpenCombat(combatants=combatants, range="short"))
    s.run(MAYOR, cc.StartCombatTurn())
    return s, judit


def attack(character: str, weapon: str, technique: str = "quick_shot", **more: Any) -> Any:
    target = "c2" if character == "c1" else "c1"
    fields = {"technique": technique, "weapon": weapon, "targets": [target], **more}
    return msgspec.convert({"character": character, "action": "attack", **fields}, cc.DeclareAction)


def test_a_protagonist_fights_only_with_a_weapon_it_carries() -> None:
    s, judit = fight(clementine())
    # the Mayor's Billy wields what the Mayor announces
    s.run(MAYOR, attack("c2", "rifle", technique="aim"))
    assert s.refused(judit, attack("c1", "rifle")).code == "weapon_not_carried"
    s.run(judit, attack("c1", "revolver"))


def test_a_protagonist_throws_at_most_the_knives_it_carries() -> None:
    s, judit = fight(clementine(kit="knives"))
    s.run(MAYOR, eq.ChangeEquipment(character="c1", item="knife", change=-7, reason="lost"))
    s.run(MAYOR, cc.DeclareAction(character="c2", action="other"))
    four = attack("c1", "thrown knife", technique="thrown", weapons=4)
    assert s.refused(judit, four).code == "weapon_not_carried"
    assert s.refused(judit, attack("c1", "revolver")).code == "weapon_not_carried"
    s.run(judit, attack("c1", "thrown knife", technique="thrown", weapons=3))


def test_a_protagonist_duels_only_with_a_pistol_it_carries() -> None:
    s = new_session(players=("Judit",), mode="no_management")
    s.run(s.seats["Judit"], clementine(kit="knives"))
    s.run(MAYOR, npc("Billy", CLEMENTINE, ["quick_shot"]))
    s.run(MAYOR, cmd.StartTable())
    duel = cc.OpenPistolDuel(duellists=[cc.Duellist(character="c1"), cc.Duellist(character="c2")])
    assert s.refused(MAYOR, duel).code == "weapon_not_carried"
    s.run(MAYOR, eq.ChangeEquipment(character="c1", item="revolver", change=1, reason="a loan"))
    s.run(MAYOR, duel)
