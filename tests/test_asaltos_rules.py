"""asaltos's pure rules against scripted dice: the digest's worked examples A1-A8 and the
boundary of every rule (digest §1, seed 001)."""

from __future__ import annotations

import pytest

from domain.asaltos.check import Term, certain_failure, certain_success, check, opposed
from domain.asaltos.combat import AttackOutcome, Roller, accumulation, declare, resolve_attack
from domain.asaltos.damage import highest_level, lookup, resolve_damage, roll_location
from domain.asaltos.healing import (
    costs_characteristic,
    heals_by,
    rest_needed,
    restarts_on_interruption,
)
from domain.asaltos.modifiers import MELEE, RANGED, Modifier, Other, gm_terms
from domain.asaltos.options import Options
from domain.asaltos.sheet import (
    LOCATION_TABLE,
    Armour,
    Protection,
    Weapon,
    checked_sheet,
    damage_modifier,
    parse_code,
)
from domain.asaltos.state import Action, Character, Step, Wound
from domain.asaltos.wounds import (
    DAY,
    HOUR,
    MINUTE,
    MONTH,
    WEEK,
    effect,
    in_shock,
    penalty,
    wound_penalty,
)
from domain.dice import DiceExhausted, ScriptedDice
from domain.errors import InvalidCommand
from tests.asaltos_helpers import AXE, BOW, SWORD, actions, sheet

DEFAULT = Options()


def base(amount: int) -> list[Term]:
    return [Term(name="base", amount=amount)]


# -- A1-A5: the core check ------------------------------------------------------------------


def test_a1_climb_5_at_minus_2_succeeds_on_7_and_fails_on_8() -> None:
    """[001:29] 7 + (-2) = 5 ≤ 5; 8 + (-2) = 6 > 5."""
    assert check(5, base(-2), ScriptedDice([7]), need_sl=False).success
    assert not check(5, base(-2), ScriptedDice([8]), need_sl=False).success


def test_a2_mechanics_7_at_plus_3_succeeds_on_2_and_fails_on_6() -> None:
    """[001:30] 2 + 3 = 5 ≤ 7; 6 + 3 = 9 > 7 (and 4 + 3 = 7 is the last success)."""
    assert check(7, base(3), ScriptedDice([2]), need_sl=False).success
    assert check(7, base(3), ScriptedDice([4]), need_sl=False).success
    assert not check(7, base(3), ScriptedDice([5]), need_sl=False).success
    assert not check(7, base(3), ScriptedDice([6]), need_sl=False).success


def test_a3_at_difficulty_0_a_value_succeeds_on_value_faces_of_ten() -> None:
    """[001:31] value 5 → 50 %, value 1 → 10 %, value 10 → 100 % without a roll."""
    for value, successes in ((5, 5), (1, 1)):
        wins = [
            f
            for f in range(1, 11)
            if check(value, base(0), ScriptedDice([f]), need_sl=False).success
        ]
        assert len(wins) == successes
        assert wins == list(range(1, value + 1))
    dice = ScriptedDice([])
    result = check(10, base(0), dice, need_sl=False)
    assert result.success and result.face is None and dice.rolled == []


def test_a4_success_level_is_value_minus_die_without_difficulty() -> None:
    """[001:37-38] skill 5 roll 5 → 0, roll 2 → 3; skill 10 roll 1 → 9; difficulty ignored."""
    assert check(5, base(0), ScriptedDice([5]), need_sl=True).sl == 0
    assert check(5, base(0), ScriptedDice([2]), need_sl=True).sl == 3
    assert check(10, base(0), ScriptedDice([1]), need_sl=True).sl == 9
    assert check(5, base(3), ScriptedDice([2]), need_sl=True).sl == 3


def test_a5_certain_success_rolls_only_for_sl_and_certain_failure_never_rolls() -> None:
    """[001:40] skill 8 at -4: 10 - 4 = 6 ≤ 8; skill 2 at +5: 1 + 5 = 6 > 2."""
    assert certain_success(8, -4) and not certain_success(8, -1)
    assert certain_success(8, -2)  # 10 - 2 = 8 ≤ 8: the boundary
    unrolled = ScriptedDice([])
    assert check(8, base(-4), unrolled, need_sl=False).certain == "success"
    assert unrolled.rolled == []
    rolled = check(8, base(-4), ScriptedDice([10]), need_sl=True)
    assert rolled.success and rolled.sl == -2 and rolled.certain == "success"
    assert certain_failure(2, 5) and not certain_failure(2, 1)
    failure = ScriptedDice([])
    result = check(2, base(5), failure, need_sl=True)
    assert not result.success and result.face is None and failure.rolled == []


def test_a_natural_1_is_not_a_success_nor_a_natural_10_a_failure() -> None:
    """[001:40-42] no automatic outcomes, no fumbles [001:39]."""
    assert not check(3, base(3), ScriptedDice([1]), need_sl=False).success
    assert check(10, base(0), ScriptedDice([10]), need_sl=True).success


def test_a_skill_at_0_cannot_be_used() -> None:
    """[001:24]"""
    with pytest.raises(InvalidCommand) as error:
        check(0, base(-5), ScriptedDice([1]), need_sl=False)
    assert error.value.code == "skill_unusable"


def test_opposed_compares_sl_only_when_both_succeed() -> None:
    """[001:37] GAP: a lone success wins, two failures nobody, ties per option."""
    high = check(6, base(0), ScriptedDice([1]), need_sl=True)  # SL 5
    low = check(6, base(0), ScriptedDice([4]), need_sl=True)  # SL 2
    fail = check(6, base(0), ScriptedDice([9]), need_sl=True)
    assert opposed(high, low) == 1 and opposed(low, high) == 2
    assert opposed(fail, low) == 2 and opposed(fail, fail) == 0
    tie_a = check(7, base(0), ScriptedDice([4]), need_sl=True)  # SL 3
    tie_b = check(6, base(0), ScriptedDice([3]), need_sl=True)  # SL 3
    assert opposed(tie_a, tie_b) == 0
    assert opposed(tie_a, tie_b, "higher_value") == 1


# -- the sheet -------------------------------------------------------------------------------


def test_damage_modifier_follows_the_fue_table() -> None:
    """[001:11-19] every row, boundaries included."""
    expected = {1: -3, 2: -2, 3: -1, 4: -1, 5: 0, 6: 0, 7: 1, 8: 1, 9: 2, 10: 3}
    assert {fue: damage_modifier(fue) for fue in range(1, 11)} == expected
    with pytest.raises(ValueError):
        damage_modifier(11)


def test_a_sheet_refuses_values_out_of_range_and_bad_codes() -> None:
    """Characteristics 1..10 [001:2], skills 0..10 (a knowledge skill at 0 [001:24-25]),
    four-group codes [001:126]."""
    checked_sheet(sheet(fue=10, skills={"Espada": 1, "Medicina": 0}), "Esquivar")
    for bad in (sheet(fue=0), sheet(agi=11), sheet(skills={"Espada": 11})):
        with pytest.raises(InvalidCommand):
            checked_sheet(bad, "Esquivar")
    for code in ("1/2/3", "3/2/4/5", "1/2-3/3-9/10", "-/-/-/-", "a/2/3/4"):
        with pytest.raises(InvalidCommand):
            parse_code(code)
    with pytest.raises(InvalidCommand):
        checked_sheet(sheet(weapons=[SWORD, SWORD]), "Esquivar")


# -- A6 and the declaration of actions ------------------------------------------------------


def test_a6_agility_9_declares_up_to_9_actions_and_accumulation_bars_the_5th() -> None:
    """[001:47-48] AGI 9, skill 4: 9 actions at most; the 4th (+3) succeeds only on a 1; the
    5th (+4) cannot succeed and is not rolled."""
    fists = Weapon(
        name="puños", code="1-5/6-8/9-10/-", type="contundente", skill="Pelea", actions=10
    )
    pc = sheet(agi=9, skills={"Pelea": 4}, weapons=[fists])
    declared = declare(pc, 9, actions(*["attack"] * 9, weapon="puños"), DEFAULT)
    assert [d.number for d in declared] == list(range(1, 10))
    assert [d.tanda for d in declared] == list(range(1, 10))
    with pytest.raises(InvalidCommand) as error:
        declare(pc, 9, actions(*["attack"] * 10, weapon="puños"), DEFAULT)
    assert error.value.code == "too_many_actions"
    fourth = [Term(name="base", amount=0), accumulation(4)]
    assert check(4, fourth, ScriptedDice([1]), need_sl=True).success
    assert not check(4, fourth, ScriptedDice([2]), need_sl=True).success
    fifth = ScriptedDice([])
    assert not check(4, [accumulation(5)], fifth, need_sl=True).success
    assert fifth.rolled == []


def test_the_weapon_limits_actions_and_skill_does_not_unless_the_option_says() -> None:
    """[001:47,121] and errata (no hard cap from skill, suggested)."""
    pc = sheet(agi=7, skills={"Espada": 1})
    assert len(declare(pc, 7, actions("attack", "parry"), DEFAULT)) == 2
    with pytest.raises(InvalidCommand):
        declare(pc, 7, actions("attack", "attack", "parry"), DEFAULT)
    with pytest.raises(InvalidCommand):
        declare(pc, 7, actions("attack", "parry"), Options(skill_caps_actions=True))
    assert len(declare(pc, 7, actions("attack", "dodge", "other"), DEFAULT)) == 3


def test_actions_with_another_tool_share_a_tanda_in_the_players_order() -> None:
    """[001:122] attack and dodge at the same time: the later in the list takes +1."""
    pc = sheet(agi=5)
    declared = declare(
        pc,
        5,
        [Action(kind="attack", weapon="espada"), Action(kind="dodge", with_previous=True)],
        DEFAULT,
    )
    assert [(d.number, d.tanda) for d in declared] == [(1, 1), (2, 1)]
    with pytest.raises(InvalidCommand):  # the same weapon cannot do two things at once
        declare(
            pc,
            5,
            [
                Action(kind="attack", weapon="espada"),
                Action(kind="parry", weapon="espada", with_previous=True),
            ],
            DEFAULT,
        )
    with pytest.raises(InvalidCommand):
        declare(pc, 5, [Action(kind="dodge", with_previous=True)], DEFAULT)


def test_a_ranged_weapon_cannot_parry_and_attacks_name_their_weapon() -> None:
    pc = sheet(skills={"Arco": 5}, weapons=[BOW])
    with pytest.raises(InvalidCommand):
        declare(pc, 5, [Action(kind="parry", weapon="arco")], DEFAULT)
    with pytest.raises(InvalidCommand):
        declare(pc, 5, [Action(kind="attack")], DEFAULT)


# -- modifiers -----------------------------------------------------------------------------


def test_every_named_modifier_has_the_books_value() -> None:
    """[001:80-100,107]"""
    assert MELEE == {
        Modifier.FIGHTING_BLIND: 2,
        Modifier.OFF_HAND: 4,
        Modifier.DREW_WEAPON: 2,
        Modifier.OPPONENT_PRONE: -4,
        Modifier.MOUNTED: 2,
        Modifier.MOUNTED_VS_FOOT: -2,
        Modifier.IDEAL_CONDITIONS: -5,
    }
    assert RANGED == {
        Modifier.PARTIAL_COVER: 2,
        Modifier.TOTAL_COVER: 4,
        Modifier.OFF_HAND: 4,
        Modifier.MOVING_TARGET: 2,
        Modifier.MOVING_SHOOTER: 2,
        Modifier.SHORT_RANGE: -3,
        Modifier.MEDIUM_RANGE: 0,
        Modifier.LONG_RANGE: 3,
        Modifier.DREW_WEAPON: 2,
    }


def test_modifiers_are_cumulative_and_checked_against_their_table() -> None:
    """[001:101] cumulative; mounted-vs-foot only on the attack [001:87]; GM other with reason."""
    terms = gm_terms(
        1,
        [Modifier.MOUNTED, Modifier.MOUNTED_VS_FOOT],
        [Other(amount=3, reason="eye slit")],
        ranged=False,
        attack=True,
    )
    assert sum(t.amount for t in terms) == 1 + 2 - 2 + 3
    assert terms[-1].reason == "eye slit"
    for names, ranged, attack in (
        ([Modifier.SHORT_RANGE], False, True),
        ([Modifier.OPPONENT_PRONE], True, True),
        ([Modifier.MOUNTED_VS_FOOT], False, False),
        ([Modifier.OFF_HAND, Modifier.OFF_HAND], False, True),
    ):
        with pytest.raises(InvalidCommand):
            gm_terms(0, names, [], ranged=ranged, attack=attack)
    with pytest.raises(InvalidCommand):
        gm_terms(0, [], [Other(amount=0, reason="nothing")], ranged=False, attack=True)


# -- parry, dodge, criticals, surprise ------------------------------------------------------


def roller(value: int, *amounts: int) -> Roller:
    return Roller(value=value, terms=[Term(name="t", amount=a) for a in amounts])


def purposes(dice: ScriptedDice) -> list[str]:
    return [purpose for _, _, purpose in dice.rolled]


def test_the_attacker_rolls_before_a_parry_whose_difficulty_adds_the_attack_sl() -> None:
    """[001:110,117] parry 5 against an attack of SL 3: the parry needs d10 + 3 ≤ 5."""
    dice = ScriptedDice([2, 2])
    outcome = resolve_attack(roller(5, 0), "parry", roller(5, 0), DEFAULT, dice)
    assert purposes(dice) == ["attack", "parry"]
    assert outcome.parry is not None and outcome.parry.difficulty == 3
    assert outcome.outcome == "parried"
    dice = ScriptedDice([2, 3])
    assert resolve_attack(roller(5, 0), "parry", roller(5, 0), DEFAULT, dice).outcome == "hit"


def test_a_failed_attack_needs_no_parry_roll() -> None:
    dice = ScriptedDice([9])
    outcome = resolve_attack(roller(5, 0), "parry", roller(5, 0), DEFAULT, dice)
    assert outcome.outcome == "missed" and outcome.parry is None and purposes(dice) == ["attack"]


def test_the_defender_dodges_first_and_its_sl_makes_the_attack_harder() -> None:
    """[001:111] dodge SL 2 → attack +2: 4 + 2 = 6 > 5 dodged; 3 + 2 = 5 ≤ 5 hits."""
    dice = ScriptedDice([3, 4])
    outcome = resolve_attack(roller(5, 0), "dodge", roller(5, 0), DEFAULT, dice)
    assert purposes(dice) == ["dodge", "attack"]
    assert outcome.attack is not None and outcome.attack.difficulty == 2
    assert outcome.outcome == "dodged"
    assert (
        resolve_attack(roller(5, 0), "dodge", roller(5, 0), DEFAULT, ScriptedDice([3, 3])).outcome
        == "hit"
    )


def test_a_failed_dodge_adds_nothing_unless_the_option_says() -> None:
    """§1.3 GAP: failed dodge (SL -3) adds nothing; `failed_dodge_adds` adds it."""
    outcome = resolve_attack(roller(5, 0), "dodge", roller(5, 0), DEFAULT, ScriptedDice([8, 5]))
    assert outcome.attack is not None and outcome.attack.difficulty == 0
    assert outcome.outcome == "hit"
    adds = Options(failed_dodge_adds=True)
    outcome = resolve_attack(roller(5, 0), "dodge", roller(5, 0), adds, ScriptedDice([8, 5]))
    assert outcome.attack is not None and outcome.attack.difficulty == -3


def test_a_natural_1_on_an_attack_is_confirmed_by_a_die_at_most_the_skill() -> None:
    """[001:39] confirmation ≤ skill at difficulty 0: 5 ≤ 5 critical, 6 not."""
    outcome = resolve_attack(roller(5, 2), "none", None, DEFAULT, ScriptedDice([1, 5]))
    assert outcome.confirmation == 5 and outcome.critical and outcome.outcome == "hit"
    outcome = resolve_attack(roller(5, 2), "none", None, DEFAULT, ScriptedDice([1, 6]))
    assert outcome.confirmation == 6 and not outcome.critical and outcome.outcome == "hit"


def test_a_critical_needs_the_attack_to_succeed_unless_the_option_says() -> None:
    """§1.3 GAP (a): against skill 3 at +5 even a 1 fails, so (default) the attack is not
    rolled and cannot crit; with the option off it is rolled, and a confirmed 1 hits."""
    dice = ScriptedDice([1])
    outcome = resolve_attack(roller(3, 5), "none", None, DEFAULT, dice)
    assert outcome.outcome == "missed" and outcome.confirmation is None and dice.left == 1
    loose = Options(critical_requires_success=False)
    dice = ScriptedDice([1, 2])
    outcome = resolve_attack(roller(3, 5), "none", None, loose, dice)
    assert outcome.attack is not None and not outcome.attack.success
    assert outcome.critical and outcome.outcome == "hit" and dice.left == 0
    outcome = resolve_attack(roller(3, 5), "none", None, loose, ScriptedDice([1, 4]))
    assert not outcome.critical and outcome.outcome == "missed"


def test_a_parry_roll_of_1_is_no_critical() -> None:
    """Criticals belong to attacks (§1.3 GAP (c), A8's parry on a 1): no confirmation die."""
    dice = ScriptedDice([4, 1])
    outcome = resolve_attack(roller(5, 0), "parry", roller(3, 0), DEFAULT, dice)
    assert outcome.outcome == "parried" and purposes(dice) == ["attack", "parry"]


def test_surprise_is_an_automatic_hit_with_the_sl_the_option_says() -> None:
    """[001:79] automatic hit, no reaction; errata GAP: SL rolled (default) or 0."""
    dice = ScriptedDice([3])
    outcome = resolve_attack(roller(6, 9), "none", None, DEFAULT, dice, automatic=True)
    assert outcome.outcome == "hit" and outcome.sl == 3 and purposes(dice) == ["attack (SL only)"]
    zero = Options(surprise_sl="zero")
    dice = ScriptedDice([])
    outcome = resolve_attack(roller(6, 9), "none", None, zero, dice, automatic=True)
    assert outcome.outcome == "hit" and outcome.sl == 0 and dice.rolled == []


def test_a_negative_sl_counts_as_is_or_as_zero() -> None:
    """§1.2 GAP: value 5 at -2 rolling 7 succeeds with SL -2."""
    outcome = resolve_attack(roller(5, -2), "none", None, DEFAULT, ScriptedDice([7]))
    assert outcome.outcome == "hit" and outcome.sl == -2
    outcome = resolve_attack(
        roller(5, -2), "none", None, Options(negative_sl="zero"), ScriptedDice([7])
    )
    assert outcome.sl == 0


# -- A7 and damage --------------------------------------------------------------------------


def test_a7_the_books_two_codes_map_every_result() -> None:
    """[001:128-129]"""
    first = parse_code("1/2-3/4-9/10")
    assert [lookup(first, x, DEFAULT) for x in range(1, 11)] == [1, 2, 2, 3, 3, 3, 3, 3, 3, 4]
    second = parse_code("-/1-4/5-10/-")
    assert [lookup(second, x, DEFAULT) for x in range(1, 11)] == [2, 2, 2, 2, 3, 3, 3, 3, 3, 3]
    assert highest_level(first) == 4 and highest_level(second) == 3


def test_results_outside_the_code_follow_the_options() -> None:
    """§1.4 GAP: below → none (or lowest), above → highest (or none), gap → lower (or higher)."""
    code = parse_code("-/2-4/7-9/-")
    assert lookup(code, 1, DEFAULT) == 0 and lookup(code, 0, DEFAULT) == 0
    assert lookup(code, 1, Options(damage_below_code="lowest_level")) == 2
    assert lookup(code, 13, DEFAULT) == 3
    assert lookup(code, 13, Options(damage_above_code="no_wound")) == 0
    assert lookup(code, 5, DEFAULT) == 2 and lookup(code, 6, DEFAULT) == 2
    assert lookup(code, 5, Options(damage_in_gap="higher_level")) == 3


def test_the_location_table_covers_the_d10() -> None:
    """[001:52-61]"""
    assert [LOCATION_TABLE[f] for f in range(1, 11)] == [
        "PD",
        "PI",
        "BD",
        "BI",
        "A",
        "A",
        "P",
        "P",
        "P",
        "C",
    ]
    assert roll_location(ScriptedDice([10])) == (10, "C")


def test_damage_adds_fue_modifier_on_melee_and_the_attack_sl() -> None:
    """[001:78,130] FUE 9 (+2), SL 1, d10 3 → 6 → L3 on 1/2-3/4-9/10; the chosen location
    needs no die."""
    dice = ScriptedDice([3])
    damage = resolve_damage(
        SWORD, 9, 1, critical=False, chosen="C", armour=None, options=DEFAULT, dice=dice
    )
    assert (damage.strength, damage.sl, damage.total, damage.level) == (2, 1, 6, 3)
    assert damage.location == "C" and damage.location_face is None and purposes(dice) == ["damage"]


def test_the_fue_modifier_and_sl_are_options_and_projectiles_never_add_fue() -> None:
    """§1.4 GAP "se le pueden sumar" [001:130]; errata GAP for thrown weapons."""
    plain = Options(add_strength_modifier=False, add_success_level=False)
    damage = resolve_damage(
        SWORD, 10, 4, critical=False, chosen="P", armour=None, options=plain, dice=ScriptedDice([1])
    )
    assert damage.total == 1 and damage.level == 1
    damage = resolve_damage(
        BOW, 10, 0, critical=False, chosen="P", armour=None, options=DEFAULT, dice=ScriptedDice([1])
    )
    assert damage.strength == 0
    knife = Weapon(
        name="cuchillo", code="1-3/4-6/7-9/10", type="perforante", reach="thrown", skill="Lanzar"
    )
    damage = resolve_damage(
        knife,
        10,
        0,
        critical=False,
        chosen="P",
        armour=None,
        options=DEFAULT,
        dice=ScriptedDice([1]),
    )
    assert damage.strength == 3
    no_thrown = Options(thrown_strength_modifier=False)
    damage = resolve_damage(
        knife,
        10,
        0,
        critical=False,
        chosen="P",
        armour=None,
        options=no_thrown,
        dice=ScriptedDice([1]),
    )
    assert damage.strength == 0


def test_armour_subtracts_from_the_roll_or_levels_per_weapon_type() -> None:
    """[001:131-134] mail: -2 to the roll against cutting, -1 level against piercing, nothing
    against blunt; only where it covers."""
    mail = Armour(
        name="cota de mallas",
        kind="flexible",
        protection={
            "cortante": Protection(mode="roll", amount=2),
            "perforante": Protection(mode="levels", amount=1),
        },
        covers=["P", "A"],
    )
    cut = resolve_damage(
        SWORD,
        5,
        0,
        critical=False,
        chosen="P",
        armour=mail,
        options=DEFAULT,
        dice=ScriptedDice([4]),
    )
    assert (cut.armour_roll, cut.total, cut.level) == (2, 2, 2)
    spear = Weapon(name="lanza", code="1/2-3/4-9/10", type="perforante", skill="Lanza")
    pierce = resolve_damage(
        spear,
        5,
        0,
        critical=False,
        chosen="P",
        armour=mail,
        options=DEFAULT,
        dice=ScriptedDice([4]),
    )
    assert (pierce.code_level, pierce.armour_levels, pierce.level) == (3, 1, 2)
    club = Weapon(name="maza", code="1/2-3/4-9/10", type="contundente", skill="Maza")
    blunt = resolve_damage(
        club, 5, 0, critical=False, chosen="P", armour=mail, options=DEFAULT, dice=ScriptedDice([4])
    )
    assert blunt.level == 3
    head = resolve_damage(
        SWORD,
        5,
        0,
        critical=False,
        chosen="C",
        armour=mail,
        options=DEFAULT,
        dice=ScriptedDice([4]),
    )
    assert head.armour_roll == 0 and head.level == 3
    one = resolve_damage(
        spear,
        5,
        0,
        critical=False,
        chosen="P",
        armour=mail,
        options=DEFAULT,
        dice=ScriptedDice([1]),
    )
    assert one.level == 0


def test_a_critical_does_the_codes_highest_level_and_ignores_armour() -> None:
    """[001:39] and §1.3 GAP (b): highest level, no damage die; or 10 + modifiers."""
    plate = Armour(
        name="placas", kind="rigid", protection={"cortante": Protection(mode="levels", amount=3)}
    )
    dice = ScriptedDice([])
    damage = resolve_damage(
        AXE, 5, 0, critical=True, chosen="P", armour=plate, options=DEFAULT, dice=dice
    )
    assert damage.level == 3 and damage.face is None and dice.rolled == []
    top = Options(critical_damage="top_roll")
    damage = resolve_damage(
        SWORD, 3, 0, critical=True, chosen="P", armour=plate, options=top, dice=ScriptedDice([])
    )
    assert damage.total == 9 and damage.level == 3 and damage.armour_levels == 0


# -- wounds, shock, healing -----------------------------------------------------------------


def wound(location: str, level: int, **fields: object) -> Wound:
    return Wound(id=1, location=location, level=level, at=0, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("location", "level", "dies", "conditions", "timer", "seconds"),
    [
        ("C", 1, False, [], None, 0),
        ("P", 2, False, [], None, 0),
        ("C", 3, True, [], None, 0),
        ("P", 3, True, [], None, 0),
        ("BD", 3, False, ["dropped_held"], None, 0),
        ("BI", 3, False, ["dropped_held"], None, 0),
        ("PD", 3, False, ["fallen", "crawling"], None, 0),
        ("A", 3, False, ["dropped_everything", "fallen"], "abdomen", 6 * HOUR),
        ("C", 4, True, [], None, 0),
        ("P", 4, True, [], None, 0),
        ("A", 4, True, [], None, 0),
        ("PI", 4, False, ["unconscious", "fallen"], "severed_limb", 6),
        ("BD", 4, False, ["unconscious", "fallen"], "severed_limb", 6),
    ],
)
def test_each_wound_level_does_what_the_book_says_where_it_lands(
    location: str, level: int, dies: bool, conditions: list[str], timer: str | None, seconds: int
) -> None:
    """[001:63-66] with RES 6: abdomen RES hours, severed limb RES rounds (1 s each)."""
    happens = effect(location, level, 6)  # type: ignore[arg-type]
    assert (happens.dies, happens.conditions, happens.timer, happens.seconds) == (
        dies,
        conditions,
        timer,
        seconds,
    )


def test_wound_penalties_per_level_and_location() -> None:
    """[001:63-65] +1, +2, +4 on limbs; GAP options for abdomen L3 and severed limbs."""
    assert penalty(wound("P", 1), DEFAULT, 0) == 1
    assert penalty(wound("P", 1, suppressed=True), DEFAULT, 0) == 0
    assert penalty(wound("P", 2), DEFAULT, 0) == 2
    assert penalty(wound("BD", 3), DEFAULT, 0) == 4
    assert penalty(wound("A", 3), Options(abdomen_l3_penalty=2), 0) == 2
    assert penalty(wound("PD", 4), Options(limb_l4_penalty=6), 0) == 6


def test_shock_comes_when_penalties_exceed_res_strictly() -> None:
    """[001:67] Σ > RES: RES 5 with +4 +1 is not in shock, +4 +2 is."""
    pc = Character(
        id="c1", name="x", seat="gm", sheet=sheet(res=5), wounds=[wound("BD", 3), wound("P", 1)]
    )
    assert wound_penalty(pc, DEFAULT, 0) == 5 and not in_shock(pc, DEFAULT, 0)
    pc.wounds = [wound("BD", 3), wound("P", 2)]
    assert in_shock(pc, DEFAULT, 0)


def test_a_suppressed_light_wound_counts_for_shock_unless_the_option_says() -> None:
    """§1.4 GAP: pain ignored, blood still lost (default)."""
    pc = Character(
        id="c1",
        name="x",
        seat="gm",
        sheet=sheet(res=5),
        wounds=[wound("BD", 3), wound("P", 1, suppressed=True), wound("A", 1)],
    )
    assert wound_penalty(pc, DEFAULT, 0) == 5
    assert in_shock(pc, DEFAULT, 0)
    assert not in_shock(pc, Options(suppressed_counts_for_shock=False), 0)


def test_wounds_dealt_at_the_same_step_do_not_penalise() -> None:
    """Errata: equal AGI acts at the same time [001:46]."""
    step = Step(round=1, tanda=1, agi=5)
    pc = Character(id="c1", name="x", seat="gm", sheet=sheet(), wounds=[wound("P", 2, step=step)])
    assert wound_penalty(pc, DEFAULT, 0, step=step) == 0
    assert wound_penalty(pc, DEFAULT, 0, step=Step(round=1, tanda=1, agi=4)) == 2


def test_healing_times_per_level() -> None:
    """[001:71-74] L1 minutes (option), L2 3 weeks / 2 with Medicine, L3 2 months / 1, L4 never."""
    assert rest_needed(wound("P", 1), DEFAULT) == 5 * MINUTE
    assert rest_needed(wound("P", 2), DEFAULT) == 3 * WEEK
    assert rest_needed(wound("P", 2, medicine=True), DEFAULT) == 2 * WEEK
    assert rest_needed(wound("BD", 3), DEFAULT) == 2 * MONTH
    assert rest_needed(wound("BD", 3, medicine=True), DEFAULT) == MONTH
    assert rest_needed(wound("BD", 4), DEFAULT) is None
    resting = wound("P", 2, rest_since=0)
    assert not heals_by(resting, DEFAULT, 3 * WEEK - 1) and heals_by(resting, DEFAULT, 3 * WEEK)
    assert not heals_by(wound("P", 2), DEFAULT, 10 * WEEK)  # never rested
    assert costs_characteristic(wound("BD", 3)) and not costs_characteristic(
        wound("BD", 3, medicine=True)
    )


def test_a_serious_wound_keeps_its_plus_2_for_two_weeks_of_rest_or_one_with_medicine() -> None:
    """[001:72]"""
    resting = wound("P", 2, rest_since=0)
    assert penalty(resting, DEFAULT, 2 * WEEK - 1) == 2 and penalty(resting, DEFAULT, 2 * WEEK) == 0
    treated = wound("P", 2, rest_since=0, medicine=True)
    assert penalty(treated, DEFAULT, WEEK - 1) == 2 and penalty(treated, DEFAULT, WEEK) == 0
    assert DAY * 7 == WEEK


def test_interruptions_restart_serious_wounds_and_incapacitated_ones_per_option() -> None:
    """[001:72] and its GAP for level 3."""
    assert restarts_on_interruption(wound("P", 2), DEFAULT)
    assert restarts_on_interruption(wound("BD", 3), DEFAULT)
    assert not restarts_on_interruption(wound("BD", 3), Options(interruption_restarts_l3=False))
    assert not restarts_on_interruption(wound("BD", 4), DEFAULT)


# -- A8: the duel, step by step -------------------------------------------------------------


def test_a8_the_duel_of_the_french_and_spanish_knights() -> None:
    """[001:114-120], as the digest walks it. French AGI 7, skill 3; Spanish AGI 5, skill 5;
    broadswords (two actions); the book gives no damage rolls, so the damage dice here are
    chosen to give the wounds it names.

    Omissions, following the rule: the Spanish 2nd attack of round 1 carries +1
    accumulation (4 + 1 = 5 ≤ 5, still a hit); the French natural 1 on a parry is no
    critical; the Spanish natural 1 of round 2 asks for a confirmation die, which the text
    skips: only the hit and SL 4 are asserted, not the kill."""
    french, spanish = sheet(agi=7, skills={"Espada": 3}), sheet(agi=5, skills={"Espada": 5})
    assert [d.action.kind for d in declare(french, 7, actions("attack", "parry"), DEFAULT)] == [
        "attack",
        "parry",
    ]
    assert len(declare(spanish, 5, actions("attack", "attack"), DEFAULT)) == 2

    # R1 tanda 1: French first (AGI 7) rolls 8: miss; Spanish rolls 5: hit, a light leg wound
    assert (
        resolve_attack(roller(3, 0), "none", None, DEFAULT, ScriptedDice([8])).outcome == "missed"
    )
    hit = resolve_attack(roller(5, 0), "none", None, DEFAULT, ScriptedDice([5]))
    assert hit.outcome == "hit" and hit.sl == 0
    leg = resolve_damage(
        SWORD,
        5,
        hit.sl,
        critical=False,
        chosen=None,
        armour=None,
        options=DEFAULT,
        dice=ScriptedDice([1, 1]),
    )
    assert (leg.location, leg.level) == ("PD", 1)
    # the French passes the RES roll: the +1 is gone for this combat
    assert check(
        5, [*base(0), Term(name="wounds", amount=1)], ScriptedDice([3]), need_sl=False
    ).success
    assert penalty(wound("PD", 1, suppressed=True), DEFAULT, 0) == 0

    # R1 tanda 2: the Spanish rolls first (4, +1 accumulation: SL 1); the French parry at
    # +2 (+1 accumulation, +1 SL) rolls 1: 3 ≤ 3, parried, no critical
    dice = ScriptedDice([4, 1])
    parried = resolve_attack(
        roller(5, accumulation(2).amount), "parry", roller(3, accumulation(2).amount), DEFAULT, dice
    )
    assert parried.attack is not None and parried.attack.sl == 1 and parried.attack.success
    assert parried.parry is not None and parried.parry.difficulty == 2
    assert parried.outcome == "parried" and purposes(dice) == ["attack", "parry"]

    # R2 tanda 1: French precision strike at the head (+1) rolls 2: 3 ≤ 3, hit, serious
    head = resolve_attack(roller(3, 0, 1), "none", None, DEFAULT, ScriptedDice([2]))
    assert head.outcome == "hit" and head.sl == 1
    serious = resolve_damage(
        SWORD,
        5,
        head.sl,
        critical=False,
        chosen="C",
        armour=None,
        options=DEFAULT,
        dice=ScriptedDice([1]),
    )
    assert (serious.location, serious.level) == ("C", 2)
    assert not effect("C", 2, 5).dies
    # the Spanish attacks with the +2 of his wound and fails (the book gives no roll: 6)
    assert (
        resolve_attack(roller(5, 0, 2), "none", None, DEFAULT, ScriptedDice([6])).outcome
        == "missed"
    )

    # R2 tanda 2: French (+1 accumulation) rolls 9: miss; Spanish at +1 +2 rolls 1:
    # 4 ≤ 5, hit with SL 4; the natural 1 asks for a confirmation die
    assert (
        resolve_attack(roller(3, 1), "none", None, DEFAULT, ScriptedDice([9])).outcome == "missed"
    )
    dice = ScriptedDice([1, 7])
    last: AttackOutcome = resolve_attack(roller(5, 1, 2), "none", None, DEFAULT, dice)
    assert last.outcome == "hit" and last.sl == 4
    assert last.attack is not None and last.attack.difficulty == 3
    assert purposes(dice) == ["attack", "critical confirmation"]
    with pytest.raises(DiceExhausted):
        resolve_attack(roller(5, 1, 2), "none", None, DEFAULT, ScriptedDice([1]))
