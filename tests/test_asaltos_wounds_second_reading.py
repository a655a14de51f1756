"""A second reading of the sheet and the wounds, through the application: innate skills at 1
at least [001:25], an incapacitated leg that keeps the character down until it heals and an
incapacitated arm that drops what it held [001:65]."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.asaltos import commands as cmd
from domain.asaltos.events import (
    CharacterCreated,
    ConditionsLifted,
    WeaponsDropped,
    WeaponTakenUp,
    WoundHealed,
)
from domain.asaltos.sheet import Weapon
from domain.asaltos.wounds import MONTH
from tests.asaltos_helpers import (
    GM,
    SWORD,
    actions,
    attack,
    check,
    events_of,
    live_state,
    new_session,
    refused,
    replayed_state,
    sheet,
)


def _create(name: str, skills: dict[str, int]) -> cmd.CreateCharacter:
    return cmd.CreateCharacter(name=name, sheet=sheet(skills=skills))


# -- innate skills [001:25] -------------------------------------------------------------------


def test_an_innate_skill_at_0_is_refused_naming_it_and_a_knowledge_skill_at_0_is_not() -> None:
    """Weapon skills and the dodge are innate: 0 is refused (`invalid_sheet`), naming the
    skill; Medicina (knowledge) and a skill the book does not name may be 0, unusable."""
    session = new_session(players=1)
    for skills, named in (
        ({"Espada": 0}, "Espada"),
        ({"Espada": 3, "Esquivar": 0}, "Esquivar"),
        ({"Espada": 3, "Escalada": 0}, "Escalada"),
    ):
        message = refused(session, "p1", _create("Nadie", skills), "invalid_sheet")
        assert repr(named) in message and "[001:25]" in message
    medic = session.create("p1", "Lego", sheet(skills={"Espada": 3, "Medicina": 0, "Cocina": 0}))
    patient = session.create(GM, "Herido", sheet())
    session.run(GM, cmd.InflictWound(character=patient, location="P", level=2, reason="x"))
    medicine = cmd.MedicineRoll(
        healer=medic, patient=patient, wound=1, base_difficulty=0, modifiers=[]
    )
    refused(session, GM, medicine, "skill_unusable")
    refused(session, GM, check(medic, "Cocina"), "skill_unusable")


def test_the_tables_dodge_skill_is_innate() -> None:
    """The skill the table's options roll to dodge [001:111] is innate whatever its name."""
    session = new_session(dodge_skill="Esquiva")
    refused(session, GM, _create("Nadie", {"Espada": 3, "Esquiva": 0}), "invalid_sheet")
    npc = session.create(GM, "Ágil", sheet(skills={}))
    assert session.state.characters[npc].sheet.skills["Esquiva"] == 1


def test_a_sheet_that_leaves_out_its_innate_skills_has_them_at_1_and_uses_them() -> None:
    """A sheet with no skills is created with its innate ones at 1, as its creation event
    says [001:25]: its sword attacks at 1 and its dodge rolls at 1 (both hit and dodge on a
    1, SL 0; the natural 1 of the attack asks for a confirmation, 5 > 1: no critical)."""
    session = new_session(1, 1, 5, players=2)
    ana = session.create("p1", "Ana", sheet(agi=6, skills={}))
    bea = session.create("p2", "Bea", sheet(skills={"Espada": 4}))
    created = [e.character.sheet.skills for e in events_of(session, CharacterCreated)]
    assert created == [
        {"Escalada": 1, "Espada": 1, "Esquivar": 1},
        {"Espada": 4, "Escalada": 1, "Esquivar": 1},
    ]
    assert session.resolve(GM, check(ana, "Escalada", base_difficulty=-9)).value == 1
    session.run(GM, cmd.StartCombat(combatants=[ana, bea]))
    session.run("p1", cmd.DeclareActions(character=ana, actions=actions("attack")))
    session.run("p2", cmd.DeclareActions(character=bea, actions=actions("dodge")))
    session.run(GM, cmd.StartTanda())
    outcome = session.resolve(GM, attack(ana, bea, reaction="dodge"))
    assert outcome.dodge is not None and outcome.attack is not None
    assert (outcome.dodge.value, outcome.dodge.success, outcome.dodge.sl) == (1, True, 0)
    assert (outcome.attack.value, outcome.attack.success, outcome.attack.sl) == (1, True, 0)
    assert (outcome.confirmation, outcome.critical, outcome.outcome) == (5, False, "hit")


# -- an incapacitated leg [001:65] ---------------------------------------------------------------


def _clear(character: str, condition: Any) -> cmd.ClearCondition:
    return cmd.ClearCondition(character=character, condition=condition, reason="helped up")


def test_an_incapacitated_leg_keeps_the_character_down_until_both_legs_heal() -> None:
    """PD3 and PI3: fallen and crawling, which the game master cannot end while a leg wound
    stands (`condition_from_wound`). PD3, treated, heals at 1 month: PI3 still keeps them
    on. PI3 heals at 2 months (not 1 s before), costing AGI: an explicit `ConditionsLifted`
    lifts both, and the state read back from the events agrees."""
    session = new_session()
    npc = session.create(GM, "Cojo", sheet(res=9))
    healer = session.create(GM, "Médico", sheet(skills={"Espada": 1, "Medicina": 10}))
    for location in ("PD", "PI"):
        session.run(GM, cmd.InflictWound(character=npc, location=location, level=3, reason="x"))
    treat = cmd.MedicineRoll(healer=healer, patient=npc, wound=1, base_difficulty=0, modifiers=[])
    session.run(GM, treat)
    character = session.state.characters[npc]
    assert character.conditions == ["fallen", "crawling"]
    for condition in ("fallen", "crawling"):
        message = refused(session, GM, _clear(npc, condition), "condition_from_wound")
        assert "PD3" in message
    session.run(GM, cmd.AdvanceTime(seconds=MONTH, reason="rest", losses=[]))
    assert [w.code for w in session.state.characters[npc].wounds] == ["PI3"]
    assert session.state.characters[npc].conditions == ["fallen", "crawling"]
    assert events_of(session, ConditionsLifted) == []
    assert "PI3" in refused(session, GM, _clear(npc, "fallen"), "condition_from_wound")
    session.run(GM, cmd.AdvanceTime(seconds=MONTH - 1, reason="rest", losses=[]))
    assert session.state.characters[npc].conditions == ["fallen", "crawling"]
    loss = cmd.Loss(character=npc, wound=2, characteristic="AGI")
    session.run(GM, cmd.AdvanceTime(seconds=1, reason="rest", losses=[loss]))
    (lifted,) = events_of(session, ConditionsLifted)
    assert (lifted.character, lifted.wound, lifted.conditions) == (npc, 2, ["fallen", "crawling"])
    healed = [e.originator_version for e in events_of(session, WoundHealed)]
    assert lifted.originator_version == healed[-1] + 1
    assert session.state.characters[npc].conditions == []
    assert replayed_state(session.events()) == live_state(session)


def test_a_healed_leg_lifts_only_what_it_imposed() -> None:
    """A fall the game master may end (a severed arm's [001:66]) and an arm's dropped
    weapons are not the leg's: PD3 treated heals at 1 month, lifting fallen and crawling;
    BI3 keeps `dropped_held`; a fallen from no standing leg wound the game master ends."""
    session = new_session()
    npc = session.create(GM, "Roto", sheet(res=9))
    healer = session.create(GM, "Médico", sheet(skills={"Espada": 1, "Medicina": 10}))
    session.run(GM, cmd.InflictWound(character=npc, location="PD", level=3, reason="x"))
    session.run(GM, cmd.InflictWound(character=npc, location="BI", level=3, reason="x"))
    session.run(
        GM, cmd.MedicineRoll(healer=healer, patient=npc, wound=1, base_difficulty=0, modifiers=[])
    )
    session.run(GM, cmd.AdvanceTime(seconds=MONTH, reason="rest", losses=[]))
    (lifted,) = events_of(session, ConditionsLifted)
    assert lifted.conditions == ["fallen", "crawling"]
    assert session.state.characters[npc].conditions == ["dropped_held"]
    severed = session.create(GM, "Manco", sheet(res=9))
    session.run(GM, cmd.InflictWound(character=severed, location="BD", level=4, reason="x"))
    session.run(GM, _clear(severed, "fallen"))
    assert session.state.characters[severed].conditions == ["unconscious"]


# -- an incapacitated arm [001:65] ---------------------------------------------------------------

RIGHT_HAND_SWORD = msgspec.structs.replace(SWORD, hand="BD")


def test_a_broken_arm_drops_its_weapon_which_neither_strikes_nor_parries_until_taken_up() -> None:
    """Ana's sword (its hand not on the sheet) falls with her broken right arm; Bea's, in
    her right hand, stays when her left arm breaks. Ana's attack with it is refused
    (`weapon_dropped`); she takes it up with her left arm as her declared `other` action of
    tanda 2 (not with the broken one: `arm_disabled`) and strikes in tanda 3 (10 at +2 +4, a
    4: SL 6). The hit breaks Bea's right arm (location 3, 1 + 6 → L3): her sword falls, and
    her parry with it is refused."""
    session = new_session(9, 4, 3, 1, players=1)
    ana = session.create("p1", "Ana", sheet(agi=6, skills={"Espada": 10}))
    bea = session.create(GM, "Bea", sheet(res=10, weapons=[RIGHT_HAND_SWORD]))
    session.run(GM, cmd.InflictWound(character=ana, location="BD", level=3, reason="a fall"))
    session.run(GM, cmd.InflictWound(character=bea, location="BI", level=3, reason="a fall"))
    (dropped,) = events_of(session, WeaponsDropped)
    assert (dropped.character, dropped.wound, dropped.weapons) == (ana, 1, ["espada"])
    assert session.state.characters[ana].dropped == {"espada": 1}
    assert session.state.characters[bea].dropped == {}
    take_up = cmd.TakeUpWeapon(character=ana, weapon="espada", hand="BD")
    refused(session, "p1", take_up, "arm_disabled")
    refused(session, GM, msgspec.structs.replace(take_up, hand="BI"), "not_your_character")
    not_dropped = cmd.TakeUpWeapon(character=bea, weapon="espada", hand="BD")
    refused(session, GM, not_dropped, "weapon_not_dropped")

    session.run(GM, cmd.StartCombat(combatants=[ana, bea]))
    session.run(
        "p1", cmd.DeclareActions(character=ana, actions=actions("attack", "other", "attack"))
    )
    session.run(GM, cmd.DeclareActions(character=bea, actions=actions("attack", "attack")))
    session.run(GM, cmd.StartTanda())
    assert "[001:65]" in refused(session, GM, attack(ana, bea), "weapon_dropped")
    session.run("p1", cmd.PassActions(character=ana))
    assert session.resolve(GM, attack(bea, ana)).outcome == "missed"  # 9 at +4
    session.run(GM, cmd.StartTanda())
    session.run("p1", msgspec.structs.replace(take_up, hand="BI"))
    (taken,) = events_of(session, WeaponTakenUp)
    assert (taken.weapon, taken.hand, taken.action) == ("espada", "BI", 2)
    character = session.state.characters[ana]
    assert (character.dropped, character.hands) == ({}, {"espada": "BI"})
    session.run(GM, cmd.PassActions(character=bea))
    session.run(GM, cmd.StartTanda())
    struck = session.resolve(GM, attack(ana, bea))
    assert struck.attack is not None and struck.attack.difficulty == 2 + 4
    assert (struck.outcome, struck.sl) == ("hit", 6)
    damage = session.resolve(GM, cmd.RollDamage())
    assert (damage.location, damage.level) == ("BD", 3)
    assert session.state.characters[bea].dropped == {"espada": 2}

    session.run(GM, cmd.StartRound())
    session.run("p1", cmd.DeclareActions(character=ana, actions=actions("attack")))
    session.run(GM, cmd.DeclareActions(character=bea, actions=actions("parry")))
    session.run(GM, cmd.StartTanda())
    refused(session, GM, attack(ana, bea, reaction="parry"), "weapon_dropped")
    assert replayed_state(session.events()) == live_state(session)


def test_a_weapon_dropped_at_the_same_step_still_strikes() -> None:
    """Equal Agilidad acts at the same time [001:46]: B's arm broken by A's tanda-1 hit
    (location 3, 4 + 0 → L3) still swings the sword it held at that step (a 9: missed), not
    at the next."""
    session = new_session(5, 3, 4, 9)
    a = session.create(GM, "A", sheet())
    b = session.create(GM, "B", sheet(res=9))
    session.run(GM, cmd.StartCombat(combatants=[a, b]))
    session.run(GM, cmd.DeclareActions(character=a, actions=actions("attack")))
    session.run(GM, cmd.DeclareActions(character=b, actions=actions("attack", "attack")))
    session.run(GM, cmd.StartTanda())
    assert session.resolve(GM, attack(a, b)).outcome == "hit"
    assert session.resolve(GM, cmd.RollDamage()).location == "BD"
    assert session.state.characters[b].dropped == {"espada": 1}
    assert session.resolve(GM, attack(b, a)).outcome == "missed"
    session.run(GM, cmd.StartTanda())
    refused(session, GM, attack(b, a), "weapon_dropped")


def test_an_incapacitated_abdomen_drops_every_weapon() -> None:
    """[001:65] "suelta todo lo que llevara": both weapons, whatever hand holds them."""
    session = new_session()
    left = Weapon(name="daga", code="1-5/6-9/10/-", type="perforante", skill="Daga", hand="BI")
    npc = session.create(GM, "Tripas", sheet(res=9, weapons=[RIGHT_HAND_SWORD, left]))
    session.run(GM, cmd.InflictWound(character=npc, location="A", level=3, reason="a pike"))
    (dropped,) = events_of(session, WeaponsDropped)
    assert dropped.weapons == ["espada", "daga"]
