"""stepdice's pure rules against `ScriptedDice`: the ladder, outcomes, help, combat, Hearts,
magic and the solo-d6 variant, with the digest's worked examples S1-S6 (§3.9)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.stepdice import combat, magic, solo
from domain.stepdice.ladder import LADDER, Shift, step_up, target_number, total_shift
from domain.stepdice.options import Options
from domain.stepdice.resolution import (
    helped_die,
    outcome,
    solo_outcome,
    solo_test,
    standard_test,
)
from domain.stepdice.system import STEPDICE

DEFAULT = Options()


def options(**changes: Any) -> Options:
    return msgspec.convert(changes, Options)


def code(call: Any, *args: Any) -> str:
    with pytest.raises(DomainError) as raised:
        call(*args)
    return raised.value.code


def shift(grades: int, reason: str = "conditions") -> Shift:
    return Shift(grades=grades, reason=reason)


# -- the ladder [003:57, 75-89] -----------------------------------------------------------------


def test_the_ladder_is_4_easy_6_normal_8_hard_12_heroic() -> None:
    assert LADDER == {"facil": 4, "normal": 6, "dificil": 8, "heroico": 12}


@pytest.mark.parametrize(
    ("grade", "moved", "tn"),
    [
        ("normal", 1, 8),  # worse conditions: 6 -> 8 [003:79]
        ("dificil", -1, 6),  # better conditions: 8 -> 6 [003:81]
        ("heroico", -1, 8),  # the boss example 12 -> 8 [003:223]
        ("facil", 2, 8),  # "extremadamente": two grades [003:84]
        ("normal", 2, 12),  # 6 -> 8 -> 12: whole grades, never +1 to the roll [003:77]
        ("facil", 0, 4),
        ("heroico", 0, 12),
    ],
)
def test_grade_shifts_move_the_tn_by_whole_grades(grade: Any, moved: int, tn: int) -> None:
    assert target_number(grade, moved, None, None) == tn


def test_below_4_is_almost_certain_no_roll_unless_the_table_gives_a_number() -> None:
    """[003:88]: the lowest rung is 4; one grade below it has no TN by default: no roll."""
    assert target_number("facil", -1, None, None) is None
    assert target_number("normal", -2, None, None) is None
    assert target_number("facil", -1, 2, None) == 2
    assert target_number("normal", -1, None, None) == 4  # the last rung still rolls


def test_above_12_is_almost_impossible_unless_the_table_gives_a_number() -> None:
    """[003:89]: the highest rung is 12; one grade above it is refused by default."""
    assert code(target_number, "heroico", 1, None, None) == "almost_impossible"
    assert code(target_number, "dificil", 2, None, None) == "almost_impossible"
    assert target_number("heroico", 1, None, 16) == 16
    assert target_number("dificil", 1, None, None) == 12


def test_a_shift_moves_one_or_two_grades_each() -> None:
    assert total_shift([shift(1), shift(-2), shift(1)]) == 0
    assert code(total_shift, [Shift(grades=0, reason="nothing")]) == "invalid_shift"
    assert code(total_shift, [Shift(grades=3, reason="too much")]) == "invalid_shift"


# -- outcomes [003:59-73] -----------------------------------------------------------------------


def test_a_1_is_failure_with_complication_even_against_tn_4() -> None:
    assert outcome(1, 6, 4, "exceptional") == "failure_complication"
    assert outcome(1, 20, 4, "exceptional") == "failure_complication"


def test_the_die_maximum_is_exceptional() -> None:
    assert outcome(10, 10, 6, "exceptional") == "exceptional"
    assert outcome(20, 20, 12, "failure") == "exceptional"  # a d20's max reaches any TN


def test_at_least_tn_succeeds_below_fails() -> None:
    assert outcome(6, 10, 6, "exceptional") == "success"
    assert outcome(5, 10, 6, "exceptional") == "failure"
    assert outcome(2, 6, 2, "exceptional") == "success"  # a table's TN 2 below the ladder


@pytest.mark.parametrize(
    ("policy", "expected"),
    [("exceptional", "exceptional"), ("success", "success"), ("failure", "failure")],
)
def test_the_maximum_below_the_tn_follows_the_policy(policy: str, expected: str) -> None:
    """GAP (§3.2): a d6 showing 6 against TN 8, and a d8 showing 8 against 12."""
    assert outcome(6, 6, 8, policy) == expected
    assert outcome(8, 8, 12, policy) == expected
    assert outcome(8, 8, 8, policy) == "exceptional"  # max at the TN is always exceptional


def test_the_default_policy_is_the_literal_reading() -> None:
    assert DEFAULT.max_below_tn == "exceptional"


# -- help [003:91-103] --------------------------------------------------------------------------


def test_help_steps_the_die_up_once() -> None:
    assert [step_up(d) for d in (6, 8, 10, 12, 20)] == [8, 10, 12, 20, None]
    assert helped_die(10, DEFAULT) == 12
    assert helped_die(12, DEFAULT) == 20


def test_help_on_a_d20_is_refused_or_changes_nothing_as_the_table_says() -> None:
    assert code(helped_die, 20, DEFAULT) == "help_on_d20"
    assert helped_die(20, options(help_on_d20="no_step")) == 20


def test_a_helped_test_rolls_the_bigger_die() -> None:
    dice = ScriptedDice([12])
    resolved = standard_test(dice, 10, "normal", 0, True, DEFAULT, "test")
    assert dice.rolled == [(12, 12, "test")]
    assert (resolved.die, resolved.target, resolved.outcome) == (12, 6, "exceptional")


def test_a_refused_test_rolls_no_die() -> None:
    dice = ScriptedDice([5])
    assert code(standard_test, dice, 10, "heroico", 1, False, DEFAULT, "t") == "almost_impossible"
    assert code(standard_test, dice, 20, "normal", 0, True, DEFAULT, "t") == "help_on_d20"
    assert dice.rolled == []


# -- the worked examples (§3.9) -----------------------------------------------------------------


def test_s1_stealth_agilidad_d10_tn_6_rolls_5_and_fails() -> None:
    """S1 [003:115-119]: dim light and obstacles give TN 6 (Normal); d10 = 5 is a failure.
    The book's GM narrates a complication though the roll was not a 1: the digest marks it
    as going beyond [003:69-70], so the rule gives a plain failure and the complication is
    the game master's input (`NameComplication` on any failure, see the table tests)."""
    resolved = standard_test(ScriptedDice([5]), 10, "normal", 0, False, DEFAULT, "stealth")
    assert (resolved.target, resolved.outcome) == (6, "failure")


def test_s2_helped_fuerza_rolls_d12_12_exceptional() -> None:
    """S2 [003:121-125]: TN 6, an ally helps, d12 = 12. The digest marks the base die as
    unstated (implied d10 -> d12): the test takes a d10 and the help steps it up."""
    dice = ScriptedDice([12])
    resolved = standard_test(dice, 10, "normal", 0, True, DEFAULT, "mechanism")
    assert dice.rolled[0][0] == 12
    assert resolved.outcome == "exceptional"


def test_s3_warrior_misses_a_pawn_and_venganza_costs_a_heart() -> None:
    """S3 [003:214-218]: S d10 vs pawn TN 6, d10 = 4: failure, melee Venganza, -1 Heart."""
    grade = combat.enemy_grade("peon", DEFAULT)
    resolved = standard_test(ScriptedDice([4]), 10, grade, 0, False, DEFAULT, "melee")
    assert (resolved.target, resolved.outcome) == (6, "failure")
    assert combat.venganza_due(resolved.outcome)
    assert combat.heart_loss(5, False, False, DEFAULT) == "heart_lost"


def test_s4_helped_rogue_with_position_rolls_12_and_the_boss_takes_2_wounds() -> None:
    """S4 [003:220-224]: boss TN 12, good position -> 8, help d10 -> d12, d12 = 12:
    exceptional; the second wound is the GM's chosen benefit."""
    grade = combat.enemy_grade("jefe", DEFAULT)
    resolved = standard_test(ScriptedDice([12]), 10, grade, -1, True, DEFAULT, "ranged")
    assert (resolved.die, resolved.target, resolved.outcome) == (12, 8, "exceptional")
    hearts = combat.enemy_hearts("jefe", DEFAULT)
    hit = combat.hit_enemy("jefe", hearts, "standing", 2, DEFAULT)
    assert (hearts, hit.hearts, hit.status) == (3, 1, "standing")


def test_s5_barrier_tn_6_cost_1_rolls_9_success_and_costs_1_mana() -> None:
    """S5 [003:268-273]: Estándar, M d10 = 9: success (not the maximum)."""
    cost = magic.checked_cost("estandar", 1)
    assert magic.mana_paid(3, cost, DEFAULT) == 1
    grade = magic.LEVEL_GRADE["estandar"]
    resolved = standard_test(ScriptedDice([9]), 10, grade, 0, False, DEFAULT, "magic")
    assert (resolved.target, resolved.outcome) == (6, "success")


def test_s6_immobilize_elite_tn_8_cost_2_rolls_3_fails_and_loses_2_mana() -> None:
    """S6 [003:275-278]: Fuerte, roll 3: failure, the 2 Mana paid before the roll are lost.
    The book does not name the die; a d8 is taken."""
    paid = magic.mana_paid(3, magic.checked_cost("fuerte", 2), DEFAULT)
    resolved = standard_test(ScriptedDice([3]), 8, "dificil", 0, False, DEFAULT, "magic")
    assert (paid, resolved.target, resolved.outcome) == (2, 8, "failure")


# -- combat and Hearts --------------------------------------------------------------------------


def test_enemy_categories_have_the_digest_grades_and_hearts() -> None:
    grades = [combat.enemy_grade(c, DEFAULT) for c in ("peon", "elite", "jefe")]
    assert [LADDER[g] for g in grades] == [6, 8, 12]
    assert [combat.enemy_hearts(c, DEFAULT) for c in ("peon", "elite", "jefe")] == [1, 2, 3]


def test_a_pawn_is_out_on_any_hit() -> None:
    assert combat.hit_enemy("peon", 1, "standing", 1, DEFAULT).status == "out"


def test_elite_and_boss_lose_a_heart_per_wound_and_fall_at_0() -> None:
    assert combat.hit_enemy("elite", 2, "standing", 1, DEFAULT) == combat.EnemyHit(1, "standing")
    assert combat.hit_enemy("elite", 1, "standing", 1, DEFAULT) == combat.EnemyHit(0, "defeated")
    assert combat.hit_enemy("jefe", 1, "standing", 2, DEFAULT) == combat.EnemyHit(0, "defeated")
    downing = options(enemy_at_zero="downed")
    assert combat.hit_enemy("jefe", 1, "standing", 1, downing) == combat.EnemyHit(0, "downed")
    assert combat.hit_enemy("jefe", 0, "downed", 1, downing) == combat.EnemyHit(0, "defeated")


def test_venganza_follows_a_miss_or_a_1_only() -> None:
    assert combat.venganza_due("failure") and combat.venganza_due("failure_complication")
    assert not combat.venganza_due("success") and not combat.venganza_due("exceptional")


def test_armour_absorbs_automatically_or_is_offered() -> None:
    assert combat.heart_loss(5, False, True, options(armour="automatic")) == "armour_absorbs"
    assert combat.heart_loss(5, False, True, DEFAULT) == "armour_offered"
    assert DEFAULT.armour == "optional"


def test_the_last_heart_downs_and_damage_while_downed_kills() -> None:
    assert combat.heart_loss(2, False, False, DEFAULT) == "heart_lost"
    assert combat.heart_loss(1, False, False, DEFAULT) == "downed"
    assert combat.heart_loss(0, True, False, DEFAULT) == "died"
    assert combat.heart_loss(0, True, True, DEFAULT) == "armour_offered"  # armour still absorbs


def test_attacks_use_fuerza_melee_destreza_ranged_magia_spells() -> None:
    assert combat.ATTACK_ATTRIBUTE == {"melee": "fuerza", "ranged": "destreza", "spell": "magia"}


# -- magic [003:233-264] ------------------------------------------------------------------------


def test_levels_have_their_tn_and_cost() -> None:
    tns = {level: LADDER[grade] for level, grade in magic.LEVEL_GRADE.items()}
    assert tns == {"truco": 4, "estandar": 6, "fuerte": 8, "gran_poder": 12}
    assert magic.checked_cost("truco", 0) == 0 and magic.checked_cost("truco", 1) == 1
    assert magic.checked_cost("gran_poder", 3) == 3
    assert code(magic.checked_cost, "truco", 2) == "invalid_cost"
    assert code(magic.checked_cost, "fuerte", 1) == "invalid_cost"


def test_mana_0_casts_only_a_free_trick_unless_the_table_spends_all() -> None:
    assert magic.mana_paid(0, 0, DEFAULT) == 0
    assert code(magic.mana_paid, 0, 1, DEFAULT) == "insufficient_mana"
    assert code(magic.mana_paid, 2, 3, DEFAULT) == "insufficient_mana"
    assert magic.mana_paid(2, 3, options(insufficient_mana="spend_all")) == 2


def test_a_refund_is_capped_at_the_maximum_unless_the_table_allows_more() -> None:
    assert magic.refunded(1, 3, DEFAULT) == 2
    assert magic.refunded(3, 3, DEFAULT) == 3
    assert magic.refunded(3, 3, options(mana_above_max="allowed")) == 4


# -- the solo-d6 variant [003:312-347] ----------------------------------------------------------


def test_ranks_have_their_thresholds() -> None:
    assert solo.THRESHOLD == {"maestro": 3, "entrenado": 4, "novato": 5, "sin_habilidad": 6}
    assert solo.threshold("novato", "normal", 0, 0) == 5


def test_grades_shift_the_threshold_and_it_clamps_to_2_and_6() -> None:
    assert solo.threshold("entrenado", "dificil", 0, 0) == 5  # élite +1 [003:339]
    assert solo.threshold("entrenado", "heroico", 0, 0) == 6  # jefe +2 [003:340]
    assert solo.threshold("maestro", "facil", 0, 0) == 2
    assert solo.threshold("maestro", "facil", -2, 0) == 2  # min 2+ [003:330]
    assert solo.threshold("sin_habilidad", "heroico", 1, 0) == 6  # max 6 [003:330]


def test_solo_help_lowers_the_threshold_by_the_option() -> None:
    assert DEFAULT.solo_help_shift == -1
    dice = ScriptedDice([4])
    resolved = solo_test(dice, "novato", "normal", 0, True, DEFAULT, "test")
    assert (resolved.die, resolved.target, resolved.outcome) == (6, 4, "success")
    assert dice.rolled == [(6, 4, "test")]


def test_solo_1_and_6_follow_the_option() -> None:
    assert solo_outcome(1, 2, "as_main_game") == "failure_complication"
    assert solo_outcome(6, 6, "as_main_game") == "exceptional"
    assert solo_outcome(1, 2, "none") == "failure"
    assert solo_outcome(6, 6, "none") == "success"
    assert solo_outcome(3, 4, "none") == "failure"


def test_advancement_raises_one_rank_up_to_maestro() -> None:
    assert solo.rank_up("sin_habilidad") == "novato"
    assert solo.rank_up("novato") == "entrenado"
    assert solo.rank_up("entrenado") == "maestro"
    assert code(solo.rank_up, "maestro") == "rank_at_top"


# -- options ------------------------------------------------------------------------------------


def test_options_refuse_faces_no_die_of_the_table_shows() -> None:
    parse_options = STEPDICE.parse_options  # as the server decodes a new table's
    assert parse_options({"scripted_rolls": [20, 1]})["scripted_rolls"] == [20, 1]
    assert code(parse_options, {"scripted_rolls": [21]}) == "invalid_options"
    assert code(parse_options, {"variant": "solo-d6", "scripted_rolls": [7]}) == "invalid_options"
    assert code(parse_options, {"no_such_option": 1}) == "invalid_options"
    assert code(parse_options, {"tn_above_ladder": 12}) == "invalid_options"


def test_a_healing_spell_gives_2_hearts_up_to_the_maximum() -> None:
    assert magic.healed(0, 5) == 2
    assert magic.healed(4, 5) == 5
    assert magic.healed(5, 5) == 5
