"""Stepdice's figures of a table: what its events add to the shared tally (`projections.stats`).

The fold reads each event as the log shows it to the caller: a secret test's attribute, die,
target, face and outcome are null to a seat that may not see the roll, and so is everything
the roll decides (a benefit, a complication, a Heart's cause). Such a roll counts as made
(`rolls_hidden`, and the character's `hidden`), never by outcome.

What counts as what:
- **rolls**: tests (`TestRolled`), attacks (`AttackRolled`) and casts (`SpellCast`), each by
  its attribute, die (after a helper's step up), grade and target number, with the outcome
  in the rules' words: `failure_complication` (a 1), `failure`, `success`, `exceptional`.
  A test's grade is the game master's grade before shifts; the target is after them (the
  solo variant's threshold).
- **wounds dealt**: the wounds an attack's hit costs an enemy (`EnemyHit`, 2 with an
  exceptional's extra wound), credited to the character whose attack the hit follows.
- **Hearts lost**: each Heart a character loses (`HeartLost`: Venganza, the game master's
  blows); a hit the Armour token absorbs counts as `armour_spent` instead, and damage while
  downed as a death (`Died`).
- **healed**: successful healing spells received (`HeartsHealed`); **raised**: raised by an
  ally from downed (`RaisedByAlly`).
The dice's faces are judged for fairness by the shared figures (`projections.stats`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from projections.tally import (
    Counts,
    DamagePoint,
    LoggedEvent,
    RollerFigures,
    Tally,
    by_character,
    key,
    name_character,
    outcome_rows,
    rolled,
    took_damage,
    whole,
    word,
    word_number,
    word_text,
)

#: labels `attack/<roll>`: the character whose attack rolled it, to credit the wounds it
#: deals (an exceptional's extra wound comes with the game master's later ruling)
ATTACK = "attack"
#: every cast rolls the Magia die
CAST_ATTRIBUTE = "magia"
ROLLS = {
    "stepdice.TestRolled": "test",
    "stepdice.AttackRolled": "attack",
    "stepdice.SpellCast": "cast",
}


class StepdiceRollFigures(msgspec.Struct, kw_only=True):
    """The outcomes of the rolls of one kind, attribute, die, grade and target."""

    kind: str
    """The rolls' kind: test, attack or cast"""
    attribute: str | None
    """The attribute rolled: fuerza, agilidad, destreza or magia (every cast)"""
    die: int | None
    """The sides of the die rolled, after a helper's step up (6 in solo-d6); null, like the
    target, for almost certain successes, which roll none [003:88]"""
    grade: str | None
    """The grade of difficulty before shifts: facil, normal, dificil or heroico (a cast's follows
    its level)"""
    target: int | None
    """The target number after shifts (the solo-d6 threshold); null for almost certain successes"""
    outcomes: dict[str, int]
    """How many rolls ended each way, by outcome: failure_complication, failure, success,
    exceptional"""


class StepdiceHeartFigures(msgspec.Struct, kw_only=True):
    """What the characters' Hearts went through, over every character."""

    lost: int
    """Hearts the characters lost (Venganza, the game master's blows)"""
    armour_spent: int
    """Hits the characters' Armour tokens absorbed"""
    downed: int
    """Times a character was downed (Derribado) at 0 Hearts"""
    died: int
    """Characters who died (hit while downed)"""
    raised: int
    """Times an ally raised a downed character to 1 Heart"""
    healed: int
    """Successful healing spells the characters received"""


class StepdiceEnemyFigures(msgspec.Struct, kw_only=True):
    """What the enemies went through: how many were set out, and the blows they took."""

    added: int
    """Enemies the game master set on the table"""
    strikes: int
    """Blows landed on enemies: each hit, and each extra wound an exceptional's benefit adds"""
    wounds: int
    """Wounds (Hearts) the strikes cost the enemies, a pawn's counting one"""
    by_status: dict[str, int]
    """Strikes by the enemy's status after them: standing, downed, out or defeated"""


#: a character's figures; its `rolls` are the tests, attacks and casts it rolled
class StepdiceCharacterFigures(RollerFigures, kw_only=True):
    """One character's figures: its tests, attacks and casts (rolls), help, wounds dealt, Hearts
    and Mana."""

    helped: int
    """Times it helped another character's roll"""
    wounds_dealt: int
    """Wounds its attacks dealt to enemies"""
    hearts_lost: int
    """Hearts it lost (Venganza, the game master's blows)"""
    armour_spent: int
    """Hits its Armour token absorbed"""
    downed: int
    """Times it was downed (Derribado) at 0 Hearts"""
    died: int
    """1 if it died (hit while downed), else 0"""
    raised: int
    """Times an ally raised it from downed"""
    healed: int
    """Successful healing spells it received"""
    mana_spent: int
    """Mana it spent on casts and spell attacks"""
    venganzas: int
    """Venganzas after its missed attacks in which the enemy could reach it"""


class StepdiceDamagePoint(DamagePoint, kw_only=True):
    """The Hearts one character lost at one event of the table (as `hearts_lost` counts
    them)."""


class StepdiceFigures(msgspec.Struct, kw_only=True, tag_field="system", tag="stepdice"):
    """Stepdice's own figures of a table (or of closed tables added up)."""

    rolls: list[StepdiceRollFigures]
    """The shown rolls, one entry per kind, attribute, die, grade and target, with their outcomes"""
    rolls_hidden: int
    """Rolls whose outcome the caller was not shown"""
    benefits: dict[str, int]
    """Benefits the game master granted for exceptional rolls, by benefit: extra_wound,
    refund_mana, larger_effect, extra_benefit"""
    complications: int
    """Complications named (after a 1, a failed spell, a fail-forward failure)"""
    venganza: dict[str, int]
    """Venganza rulings after missed attacks: reach (the enemy could reach) and no_reach"""
    hearts: StepdiceHeartFigures
    """What the characters' Hearts went through, over every character"""
    enemies: StepdiceEnemyFigures
    """What the enemies went through"""
    mana_spent: int
    """Mana spent on casts and spell attacks"""
    mana_refunded: int
    """Mana refunded for exceptional casts"""
    clocks: dict[str, int]
    """Time-pressure clocks: started, steps advanced, and those that ran_out"""
    scenes: int
    """Scenes begun after the first"""
    rests: int
    """Safe rests taken"""
    characters: dict[str, StepdiceCharacterFigures]
    """Each character's figures, by character id (a table's own: not added up across tables)"""
    damage_over_time: list[StepdiceDamagePoint]
    """The Hearts each character lost, event by event in the table's order (a table's own: not
    added up across tables)"""


# -- the fold ------------------------------------------------------------------------------


def _roll(tally: Tally, kind: str, data: dict[str, Any]) -> None:
    character = data.get("character")
    if not isinstance(character, str):
        return
    if kind == "attack" and whole(data.get("roll")) is not None:
        tally.label(character, ATTACK, data["roll"])
    outcome = data.get("outcome")
    rolled(tally, character, shown=isinstance(outcome, str))
    if not isinstance(outcome, str):
        return
    attribute = CAST_ATTRIBUTE if kind == "cast" else data.get("attribute")
    words = (attribute, whole(data.get("die")), data.get("grade"), whole(data.get("target")))
    tally.add("roll", kind, *map(word, words), outcome)
    tally.add("character", character, "outcome", outcome)


def _credited(tally: Tally, data: dict[str, Any]) -> str | None:
    """The character whose attack rolled this event's roll."""
    roll = whole(data.get("roll"))
    return None if roll is None else tally.labels.get(key(ATTACK, roll))


def _character_event(tally: Tally, figure: str, data: dict[str, Any]) -> None:
    character = data.get("character")
    if isinstance(character, str):
        tally.add("hearts", figure)
        tally.add("character", character, figure)


#: the events that count once each, under these words
COUNTED = {
    "EnemyAdded": ("enemies", "added"),
    "ClockStarted": ("clocks", "started"),
    "ClockAdvanced": ("clocks", "advanced"),
    "ClockRanOut": ("clocks", "ran_out"),
    "SceneBegun": ("scenes",),
    "RestCompleted": ("rests",),
}


def fold(tally: Tally, event: LoggedEvent) -> None:
    """Count what one of Stepdice's events says."""
    data = event.data
    kind = event.type.removeprefix("stepdice.")
    if event.type in ROLLS:
        _roll(tally, ROLLS[event.type], data)
    elif kind == "CharacterCreated":
        name_character(tally, data.get("character"))
    elif kind == "HelpGiven" and isinstance(data.get("helper"), str):
        tally.add("character", data["helper"], "helped")
    elif kind == "EnemyHit":
        wounds, status = whole(data.get("wounds")), data.get("status")
        tally.add("enemies", "strikes")
        if wounds is not None:
            tally.add("enemies", "wounds", amount=wounds)
            attacker = _credited(tally, data)
            if attacker is not None:
                tally.add("character", attacker, "wounds_dealt", amount=wounds)
        if isinstance(status, str):
            tally.add("enemies", "status", word(status))
    elif kind == "BenefitGranted" and isinstance(data.get("benefit"), str):
        tally.add("benefits", word(data["benefit"]))
    elif kind == "ComplicationNamed" and isinstance(data.get("complication"), str):
        tally.add("complications")
    elif kind == "VenganzaResolved" and isinstance(data.get("reach"), bool):
        tally.add("venganza", "reach" if data["reach"] else "no_reach")
        if data["reach"] and isinstance(data.get("character"), str):
            tally.add("character", data["character"], "venganzas")
    elif kind == "ManaSpent" and isinstance(data.get("character"), str):
        amount = whole(data.get("amount")) or 0
        tally.add("mana", "spent", amount=amount)
        tally.add("character", data["character"], "mana_spent", amount=amount)
    elif kind == "ManaRefunded":
        tally.add("mana", "refunded", amount=whole(data.get("amount")) or 0)
    elif kind == "HeartLost":
        _character_event(tally, "lost", data)
        if isinstance(data.get("character"), str):
            took_damage(tally, data["character"])
    elif kind in ("ArmourSpent", "Downed", "Died", "HeartsHealed", "RaisedByAlly"):
        figure = {
            "ArmourSpent": "armour_spent",
            "Downed": "downed",
            "Died": "died",
            "HeartsHealed": "healed",
            "RaisedByAlly": "raised",
        }[kind]
        _character_event(tally, figure, data)
    elif kind in COUNTED:
        tally.add(*COUNTED[kind])


# -- the figures ---------------------------------------------------------------------------


def _rolls(tally: Tally) -> list[StepdiceRollFigures]:
    ordered = outcome_rows(tally, "roll", order=lambda found: found.zfill(3))
    return [
        StepdiceRollFigures(
            kind=kind,
            attribute=word_text(attribute),
            die=word_number(die),
            grade=word_text(grade),
            target=word_number(target),
            outcomes=outcomes,
        )
        for (kind, attribute, die, grade, target), outcomes in ordered
    ]


def _hearts_lost(character: Counts) -> int:
    """A character's Hearts lost, counted under `lost` as the table's are (`hearts/lost`)."""
    return character("lost")


def figures(tally: Tally) -> StepdiceFigures:
    count, enemies = Counts(tally), Counts(tally, ("enemies",))
    return count.filled(
        StepdiceFigures,
        rolls=_rolls(tally),
        hearts=Counts(tally, ("hearts",)).filled(StepdiceHeartFigures),
        enemies=enemies.filled(StepdiceEnemyFigures, by_status=enemies.by_word("status")),
        mana_spent=count("mana", "spent"),
        mana_refunded=count("mana", "refunded"),
        **by_character(
            tally, StepdiceCharacterFigures, StepdiceDamagePoint, hearts_lost=_hearts_lost
        ),
    )


#: the event types whose fields `fold` reads
READS = frozenset(
    {
        *ROLLS,
        *(
            f"stepdice.{kind}"
            for kind in (
                "CharacterCreated",
                "EnemyAdded",
                "HelpGiven",
                "EnemyHit",
                "BenefitGranted",
                "ComplicationNamed",
                "VenganzaResolved",
                "ManaSpent",
                "ManaRefunded",
                "HeartLost",
                "ArmourSpent",
                "Downed",
                "Died",
                "HeartsHealed",
                "RaisedByAlly",
                "ClockStarted",
                "ClockAdvanced",
                "ClockRanOut",
                "SceneBegun",
                "RestCompleted",
            )
        ),
    }
)
#: what the figures' damage counts, in the book's words (`TableStats.damage_unit`)
DAMAGE_UNIT = "Hearts"
