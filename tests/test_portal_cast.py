"""PORTAL: supporting characters and stacking [002:657-663, 1285-1419]."""

from __future__ import annotations

import pytest

from domain.errors import InvalidCommand
from domain.portal.cast import (
    Supporting,
    attack_protagonist,
    cast_attack,
    hurt,
    stack,
    totals,
    turn_modifier,
)
from domain.portal.damage import strike
from domain.portal.options import Options

DEFAULT = Options()


def colmillo() -> Supporting:
    """The wolf of [002:1389]: G 3, Reflexes 2.5, Attack 4, Damage 2, Defence 3, Aguante 4,
    Group 7."""
    return Supporting(
        name="Colmillo", generic=3, reflexes=2.5, attack=4, damage=2, defence=3, aguante=4, group=7
    )


def citizen(name: str = "citizen") -> Supporting:
    return Supporting(name=name, generic=3)


def zombie(name: str = "zombie") -> Supporting:
    """[002:1325]: G 5, Attack 4, Damage 3, Defence 1, Aguante 6, Reflexes 0.2."""
    return Supporting(name=name, generic=5, attack=4, damage=3, defence=1, aguante=6, reflexes=0.2)


def test_values_default_to_the_generic_value_and_reflexes_to_half_below() -> None:
    """[002:1289-1291]."""
    person = citizen()
    assert [person.value(v) for v in ("attack", "defence", "aguante", "damage")] == [3] * 4
    assert (person.base_reflexes, person.unit_size) == (2.5, 3)


def test_p24_damage_lowers_g_only() -> None:
    """P24 [002:1299, 1307]: a person of G 3 takes 2 damage points: G 1, its Defence still 3
    next turn; at 0 it is out."""
    person = hurt(citizen(), damage_total=5, aguante=3)
    assert (person.current, person.value("defence"), person.out) == (1, 3, False)
    assert hurt(person, 4, 3).out


@pytest.mark.parametrize(("roll", "modifier"), [(1, 1), (2, 1), (3, 0), (4, -1), (6, -1)])
def test_turn_die_below_g_helps_above_hurts(roll: int, modifier: int) -> None:
    """[002:1309-1319]: every total, Reflexes included."""
    assert turn_modifier(3, roll) == modifier
    turn = totals(citizen(), roll)
    assert (turn.attack, turn.reflexes) == (3 + modifier, 2.5 + modifier)


def test_the_turn_die_compares_with_the_current_g() -> None:
    """[002:1313]: a zombie at G 2 that rolls 4 is at -1 [002:1349]."""
    wounded = hurt(zombie(), 9, 6)
    assert wounded.current == 2
    assert totals(wounded, 4).modifier == -1


def test_p25_zombies_round_one_follows_the_rules() -> None:
    """P25 [002:1323-1345], round 1: C1 rolled 1 (+1: Attack 4, Damage 4) against the zombie
    that rolled 6 (-1: Defence 0, Aguante 5): 4 + 4 - 5 = 3, G 5 to 2; C2 rolled 2 against
    the zombie that rolled 5 (0): 3 + 4 - 6 = 1, G to 4. Then Z(6) Attack 3 misses C1's
    Defence 4; Z(5) Attack 4 ties C2's Defence 4: a hit of 0, Damage 3 under Aguante 4; Z3
    (+1: Attack 5, Damage 4) against the citizen who rolled 3: 2 + 4 - 3 = 3, out."""
    c1, c2, c3 = totals(citizen(), 1), totals(citizen(), 2), totals(citizen(), 3)
    z6, z5, z3 = totals(zombie(), 6), totals(zombie(), 5), totals(zombie(), 2)
    first = cast_attack(c1, z6)
    assert (first.excess, first.through) == (4, 3)
    assert hurt(zombie(), first.excess + c1.damage, z6.aguante).current == 2
    assert hurt(zombie(), 3 + c2.damage, z5.aguante).current == 4
    assert not cast_attack(z6, c1).hit
    tie = cast_attack(z5, c2)
    assert (tie.hit, tie.excess, tie.through) == (True, 0, 0)
    assert cast_attack(z3, c3).through == 3
    assert hurt(citizen(), 2 + z3.damage, c3.aguante).out


def test_p25_round_two_contra_a_five_against_g_three_is_minus_one() -> None:
    """P25 round 2 (CONTRA): the book says the humans who rolled 5 get +1; the rule gives -1
    (5 > G 3 [002:1317]). The rule is followed."""
    assert totals(citizen(), 5).modifier == -1


def test_pc_attack_on_a_supporting_character() -> None:
    """[002:1293-1299] and the Errata: an attack above the Defence hits; the damage total
    minus the Aguante lowers G. A tie is environment damage from the protagonist's own roll,
    also through the Aguante."""
    goblin = Supporting(name="goblin", generic=2, defence=3, aguante=1)
    hit = strike(5, totals(goblin).defence, [5, 2, 2], "normal")
    struck = hurt(goblin, hit.excess + 3, totals(goblin).aguante)
    assert (struck.taken, struck.out) == (4, True)
    tie = strike(3, 3, [3, 1, 1], "normal")
    assert tie.environment == 1
    assert hurt(goblin, tie.environment, totals(goblin).aguante).current == 2


def test_supporting_attack_on_a_protagonist() -> None:
    """[002:1292, 1295]: the Attack is the difficulty the defence must exceed; below, the
    excess plus Daño is the damage total for the protagonist's aguante."""
    wolf = totals(colmillo())
    assert not attack_protagonist(wolf, 5, [5, 3, 1], "normal", DEFAULT).hit
    hit = attack_protagonist(wolf, 2, [2, 2, 1], "normal", DEFAULT)
    assert (hit.excess, hit.damage_total) == (2, 4)


def test_errata_gap_a_defence_equal_to_the_attack() -> None:
    """Errata GAP `sc_attack_tie`: "hit" (default) is a hit of 0 excess, Daño only;
    "environment" is the general tie, the defender's raw die of the setting."""
    wolf = totals(colmillo())
    hit = attack_protagonist(wolf, 4, [4, 3, 1], "normal", DEFAULT)
    assert (hit.hit, hit.excess, hit.damage_total) == (True, 0, 2)
    options = Options(sc_attack_tie="environment")
    environment = attack_protagonist(wolf, 4, [4, 3, 1], "dangerous", options)
    assert (environment.hit, environment.environment) == (False, 4)


@pytest.mark.parametrize(
    ("roll", "attack", "damage"), [(1, 1, 1), (2, 1, 0), (3, 4, 2), (4, 0, 0), (6, 0, 0)]
)
def test_p26_colmillo_helping_an_attack(roll: int, attack: int, damage: int) -> None:
    """P26 [002:1389-1395]: 1: +1 Attack and Damage; 2: +1 Attack only (Damage 2 is not
    above 2); 3 (= G): its whole Attack 4 and Damage 2; 4-6: nothing."""
    unit = stack("attack", {"attack": 0, "damage": 0}, 6, [(colmillo(), roll)])
    assert (unit.totals["attack"], unit.totals["damage"]) == (attack, damage)


@pytest.mark.parametrize(("roll", "defence"), [(1, 1), (2, 1), (3, 3), (4, 0), (5, 0)])
def test_p26_colmillo_helping_a_defence(roll: int, defence: int) -> None:
    """P26 [002:1397-1399]: 3: +3; 1 or 2: +1; 4-6: nothing."""
    assert stack("defence", {"defence": 0}, 6, [(colmillo(), roll)]).totals["defence"] == defence


def test_p27_seven_wolves_attack_as_one() -> None:
    """P27 [002:1401-1411]: the leader rolls 4 (-1: Attack 3, Damage 1); the six members roll
    1..6: Attack 9, Damage 4."""
    leader = totals(colmillo(), 4)
    assert (leader.attack, leader.damage) == (3, 1)
    members = [(colmillo(), roll) for roll in (3, 2, 1, 4, 5, 6)]
    unit = stack("attack", {"attack": leader.attack, "damage": leader.damage}, 1.5, members)
    assert unit.totals == {"attack": 9, "damage": 4}
    assert [c.added for c in unit.contributions[:3]] == [
        {"attack": 4, "damage": 2},
        {"attack": 1},
        {"attack": 1, "damage": 1},
    ]


def test_p28_seven_wolves_defend_their_leader() -> None:
    """P28 [002:1413-1417]: the leader rolls 2 (+1: Defence 4); members 1..6: Defence 9. The
    members keep their own Defence: 4 when they rolled 1 or 2, 3 for 3, 2 for 4-6."""
    leader = totals(colmillo(), 2)
    members = [(colmillo(), roll) for roll in range(1, 7)]
    assert stack("defence", {"defence": leader.defence}, 3.5, members).totals["defence"] == 9
    own = [totals(colmillo(), roll).defence for roll in range(1, 7)]
    assert own == [4, 4, 3, 2, 2, 2]


def test_a_unit_acts_in_its_slowest_members_phase() -> None:
    """[002:1419]."""
    slow = Supporting(name="old wolf", generic=3, reflexes=1.5, group=7)
    unit = stack("attack", {"attack": 3, "damage": 1}, 6, [(colmillo(), 4), (slow, 4)])
    assert unit.reflexes == 1.5


def test_units_hold_their_group_at_most_and_group_one_never_stacks() -> None:
    """[002:1371-1375]."""
    with pytest.raises(InvalidCommand):
        stack("attack", {"attack": 1, "damage": 1}, 3, [(colmillo(), 1)] * 7)
    loner = Supporting(name="troll", generic=5, group=1)
    with pytest.raises(InvalidCommand):
        stack("defence", {"defence": 5}, 4, [(loner, 2)])
    with pytest.raises(InvalidCommand):
        stack("defence", {"attack": 5}, 4, [(colmillo(), 2)])
