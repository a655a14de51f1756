"""The combat round [001:44-48,108-122]: declared actions in tandas, Agilidad order, and
the resolution of an attack with its parry or dodge.

Each combatant declares an ordered list of actions, no longer than its Agilidad and than
each weapon allows [001:47,121]; the k-th action carries +(k-1) [001:47]. An action
declared `with_previous` uses another tool at the same time as the one before and shares
its tanda; its place in the list (the player's choice) says which of the two is the later
[001:122]. Parry and dodge are reflexes, instantaneous [001:112]: a parry declared k-th
parries a tanda-k attack whoever is faster; an attack declared k-th cannot be followed by
a parry in that tanda [001:113].
"""

from __future__ import annotations

from typing import Literal

from domain.asaltos.check import CheckResult, Term, check
from domain.asaltos.options import Options
from domain.asaltos.sheet import Sheet
from domain.asaltos.state import Action, Declared
from domain.dice import Dice
from domain.errors import InvalidCommand
from domain.structs import Stored


def declare(sheet: Sheet, agi: int, actions: list[Action], options: Options) -> list[Declared]:
    """The declared list with each action's number and tanda, or why it is refused."""
    if not actions:
        raise InvalidCommand("declare at least one action", "invalid_declaration")
    if len(actions) > agi:
        raise InvalidCommand(
            f"an Agilidad of {agi} allows {agi} actions a round, not {len(actions)}",
            "too_many_actions",
        )
    if actions[0].with_previous:
        raise InvalidCommand("the first action has no previous one", "invalid_declaration")
    per_weapon: dict[str, int] = {}
    for action in actions:
        if action.kind in ("attack", "parry"):
            if action.weapon is None:
                raise InvalidCommand(f"an {action.kind} names its weapon", "weapon_required")
            weapon = sheet.weapon(action.weapon)
            if action.kind == "parry" and weapon.reach != "melee":
                raise InvalidCommand(f"{weapon.name} cannot parry", "invalid_declaration")
            per_weapon[weapon.name] = per_weapon.get(weapon.name, 0) + 1
        elif action.weapon is not None:
            raise InvalidCommand(f"a {action.kind} uses no weapon", "invalid_declaration")
    for name, count in per_weapon.items():
        weapon = sheet.weapon(name)
        if count > weapon.actions:
            raise InvalidCommand(
                f"{name} allows {weapon.actions} actions a round, not {count}",
                "too_many_actions",
            )
        if options.skill_caps_actions and count > sheet.skill(weapon.skill):
            raise InvalidCommand(
                f"a skill of {sheet.skill(weapon.skill)} allows as many actions with {name}",
                "too_many_actions",
            )
    declared: list[Declared] = []
    tanda = 0
    for number, action in enumerate(actions, 1):
        if not action.with_previous:
            tanda += 1
        elif any(d.tanda == tanda and _tool(d.action) == _tool(action) for d in declared):
            raise InvalidCommand(
                "actions at the same time use different tools [001:122]", "invalid_declaration"
            )
        declared.append(Declared(action=action, number=number, tanda=tanda))
    return declared


def _tool(action: Action) -> str:
    return action.weapon if action.weapon is not None else f"body:{action.kind}"


def accumulation(number: int) -> Term:
    """+1 per action after the first [001:47,82,92]."""
    return Term(name="accumulation", amount=number - 1)


def sl_for_others(sl: int, options: Options) -> int:
    """The SL another roll adds (§1.2 GAP: a negative SL as is, or 0)."""
    return sl if options.negative_sl == "as_is" else max(0, sl)


Outcome = Literal["hit", "missed", "parried", "dodged"]


class Roller(Stored, kw_only=True):
    """What one side rolls: its value and the terms of its difficulty so far."""

    value: int
    terms: list[Term]


class AttackOutcome(Stored, kw_only=True):
    attack: CheckResult | None
    outcome: Outcome
    #: the SL the damage roll adds
    sl: int
    dodge: CheckResult | None = None
    #: the confirmation die after a natural 1, and whether it confirmed
    confirmation: int | None = None
    critical: bool = False
    parry: CheckResult | None = None


def resolve_attack(
    attack: Roller,
    reaction: Literal["none", "parry", "dodge"],
    defence: Roller | None,
    options: Options,
    dice: Dice,
    *,
    automatic: bool = False,
) -> AttackOutcome:
    """One attack and the defender's reaction, dice in the book's order.

    Dodge: the defender rolls first; a success adds its SL to the attack [001:111]. Parry:
    the attacker rolls first, the parry adds the attack's SL [001:110,117]. A natural 1 on
    the attack asks for a confirmation die ≤ skill at difficulty 0: a critical [001:39].
    An attack from behind or by surprise hits automatically [001:79], without reaction."""
    if automatic:
        if options.surprise_sl == "roll":
            face = dice.roll(10, "attack (SL only)")
            sl = attack.value - face
            result = CheckResult(
                value=attack.value,
                difficulty=0,
                terms=[],
                face=face,
                success=True,
                sl=sl,
                certain="success",
            )
        else:
            sl, result = 0, None
        return AttackOutcome(attack=result, outcome="hit", sl=sl_for_others(sl, options))
    if reaction != "none" and defence is None:
        raise ValueError("a reaction needs the defender's roll")
    terms = list(attack.terms)
    dodge = None
    if reaction == "dodge" and defence is not None:
        dodge = check(defence.value, defence.terms, dice, need_sl=True, purpose="dodge")
        if dodge.sl is not None and (dodge.success or options.failed_dodge_adds):
            terms.append(Term(name="dodge SL", amount=sl_for_others(dodge.sl, options)))
    rolled = check(
        attack.value,
        terms,
        dice,
        need_sl=True,
        purpose="attack",
        roll_failure=not options.critical_requires_success,
    )
    confirmation, critical = None, False
    if rolled.face == 1 and (rolled.success or not options.critical_requires_success):
        confirmation = dice.roll(10, "critical confirmation")
        critical = confirmation <= attack.value
    sl = sl_for_others(rolled.sl or 0, options)
    if not (rolled.success or critical):
        missed: Outcome = "dodged" if dodge is not None and dodge.success else "missed"
        return AttackOutcome(
            dodge=dodge, attack=rolled, confirmation=confirmation, outcome=missed, sl=sl
        )
    parry = None
    if reaction == "parry" and defence is not None:
        parry_terms = [*defence.terms, Term(name="attack SL", amount=sl)]
        parry = check(defence.value, parry_terms, dice, need_sl=False, purpose="parry")
    outcome: Outcome = "parried" if parry is not None and parry.success else "hit"
    return AttackOutcome(
        dodge=dodge,
        attack=rolled,
        confirmation=confirmation,
        critical=critical and outcome == "hit",
        parry=parry,
        outcome=outcome,
        sl=sl,
    )
