"""PORTAL's figures of a table: what its events add to the shared tally (`projections.stats`).

The fold reads each event as the log shows it to the caller: a secret roll's readings and
pool are null to a seat that may not see the roll, and everything derived from it (rerolls,
the settlement, the sequel) is withheld from that seat. Such a roll counts as made
(`rolls_hidden`, and the character's `hidden`), never by outcome.

What counts as what:
- **rolls**: each roll opened (`RollOpened`); its **outcome** when it is settled
  (`RollSettled`): `success`, `partial`, `failure` against a difficulty, `automatic_success`
  and `automatic_failure` granted with no dice, `none` for a roll read without a difficulty
  (an attack, a defence).
- **rerolls** by what paid them (`fortaleza`, `ace`, `point`); **blocked**: rolls whose 1s
  and 6s were blocked.
- **sequels** named, **character points** earned by a LOW success, **damage** points
  absorbed (`DamageAbsorbed`), and each character's.
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
    character_of,
    name_character,
    rolled,
    settled,
    took_damage,
    whole,
    word,
)


#: a character's figures; its `outcomes` are its settled rolls'
class PortalCharacterFigures(RollerFigures, kw_only=True):
    """One character's figures at a PORTAL table: its rolls and their outcomes, its rerolls, the
    damage it absorbed and its sequels."""

    rerolls: int
    """The dice it rolled again (`DieRerolled`), whatever paid for them"""
    damage: int
    """The damage points it absorbed (`DamageAbsorbed`)"""
    sequels: int
    """The sequels it was left with, once the game master named them (`SequelNamed`)"""


class PortalDamagePoint(DamagePoint, kw_only=True):
    """The damage points one character absorbed at one event of the table
    (`DamageAbsorbed`)."""


class PortalFigures(msgspec.Struct, kw_only=True, tag_field="system", tag="portal"):
    """PORTAL's own figures of a table (or of closed tables added up)."""

    rolls: int
    """The rolls opened (`RollOpened`), shown to the caller or not"""
    rolls_hidden: int
    """The rolls whose dice the caller was not shown"""
    outcomes: dict[str, int]
    """Settled rolls by outcome: `success`, `partial`, `failure`, `automatic_success`,
    `automatic_failure`, or `none` (no difficulty)"""
    rerolls: dict[str, int]
    """Rerolls by what paid them: `fortaleza`, `ace`, `point`"""
    blocked: int
    """The rolls whose 1s and 6s were blocked (`OnesAndSixesBlocked`)"""
    sequels: int
    """The sequels the game master named (`SequelNamed`)"""
    low_die_points: int
    """The character points earned by succeeding with the LOW die [002:575]"""
    damage: int
    """The damage points absorbed (`DamageAbsorbed`)"""
    damage_wounds: int
    """The wound dice those damage points made (a discomfort die turned into a wound die each)"""
    characters: dict[str, PortalCharacterFigures]
    """Each character's figures, by character id (a table's own: not added up across tables)"""
    damage_over_time: list[PortalDamagePoint]
    """What the characters absorbed, by version and character (a table's own: not added up across
    tables)"""


def _outcome(data: dict[str, Any]) -> str | None:
    verdict = data.get("verdict")
    if not isinstance(verdict, dict):
        return "none" if "verdict" in data and data.get("result") is not None else None
    outcome = verdict.get("outcome")
    if not isinstance(outcome, str):
        return None
    return f"automatic_{outcome}" if verdict.get("automatic") is True else outcome


def fold(tally: Tally, event: LoggedEvent) -> None:
    """Count what one of PORTAL's events says."""
    data = event.data
    kind = event.type.removeprefix("portal.")
    character = character_of(data)
    if kind == "CharacterCreated":
        name_character(tally, data.get("character"))
    elif kind == "RollOpened" and character is not None:
        tally.add("rolls")
        rolled(tally, character, shown=data.get("readings") is not None)
    elif kind == "RollSettled" and character is not None:
        outcome = _outcome(data)
        if outcome is not None:
            settled(tally, character, outcome)
        result = data.get("result")
        if isinstance(result, dict) and whole(result.get("points_gained")):
            tally.add("low_die_points", amount=whole(result.get("points_gained")) or 0)
    elif kind == "DieRerolled" and character is not None:
        tally.add("rerolls", word(data.get("source")))
        tally.add("character", character, "rerolls")
    elif kind == "OnesAndSixesBlocked":
        tally.add("blocked")
    elif kind == "SequelNamed" and character is not None:
        tally.add("sequels")
        tally.add("character", character, "sequels")
    elif kind == "DamageAbsorbed" and character is not None:
        absorption = data.get("absorption")
        if isinstance(absorption, dict):
            points = whole(absorption.get("points")) or 0
            tally.add("damage", amount=points)
            tally.add("character", character, "damage", amount=points)
            took_damage(tally, character, points)
            steps = absorption.get("steps")
            if isinstance(steps, list):
                tally.add("damage_wounds", amount=steps.count("wound"))


def figures(tally: Tally) -> PortalFigures:
    count = Counts(tally)
    return count.filled(
        PortalFigures,
        outcomes=count.by_word("outcome"),
        **by_character(tally, PortalCharacterFigures, PortalDamagePoint),
    )


#: the event types whose fields `fold` reads
READS = frozenset(
    f"portal.{kind}"
    for kind in (
        "CharacterCreated",
        "RollOpened",
        "RollSettled",
        "DieRerolled",
        "OnesAndSixesBlocked",
        "SequelNamed",
        "DamageAbsorbed",
    )
)
#: what the figures' damage counts, in the book's words (`TableStats.damage_unit`)
DAMAGE_UNIT = "damage points"
