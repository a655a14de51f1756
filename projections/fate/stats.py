"""FATE's figures of a table: what its events add to the shared tally (`projections.stats`).

The fold reads each event as the log shows it to the caller: a secret roll's skill and dice
are null to a seat that may not see the roll, and everything derived from it (invocations,
the settlement) is withheld from that seat. Such a roll counts as made (`rolls_hidden`, and
the character's `hidden`), never by outcome.

What counts as what:
- **rolls**: each roll thrown (`SkillRolled`); its **outcome** when settled (`RollSettled`:
  `success`, `failure`, `tie`), and **critical** successes (3 shifts or more [004:857]).
- **invocations** by effect (`reroll`, `plus_two`), **fate points spent** on rolls, and
  **compels** by answer (`accepted`, `refused`); and each character's.
The dice's faces are judged for fairness by the shared figures (`projections.stats`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from projections.tally import (
    Counts,
    LoggedEvent,
    RollerFigures,
    Tally,
    character_of,
    name_character,
    per_character,
    rolled,
    settled,
    whole,
    word,
)


#: a character's figures; its `outcomes` are its settled rolls': `success`, `failure`, `tie`
class FateCharacterFigures(RollerFigures, kw_only=True):
    """One character's figures at a table."""

    invocations: int
    """Invocations accepted on its rolls"""
    fate_points_spent: int
    """Fate points it spent on its rolls (paid invocations and +1s)"""


class FateFigures(msgspec.Struct, kw_only=True, tag_field="system", tag="fate"):
    """FATE's own figures of a table (or of closed tables added up)."""

    rolls: int
    """Rolls thrown (skill rolls, rerolls not counted)"""
    rolls_hidden: int
    """Rolls whose dice the caller was not shown"""
    outcomes: dict[str, int]
    """Settled rolls by outcome (`success`, `failure`, `tie`): how many of each"""
    critical: int
    """Critical successes: settled rolls of 3 shifts or more [004:857]"""
    invocations: dict[str, int]
    """Accepted invocations by effect (`reroll`, `plus_two`): how many of each"""
    fate_points_spent: int
    """Fate points spent on rolls (paid invocations and +1s)"""
    compels: dict[str, int]
    """Compels by answer (`accepted`, `refused`): how many of each"""
    characters: dict[str, FateCharacterFigures]
    """Each character's figures, by character id (a table's own figures: not added up across
    tables)"""


def _settled(tally: Tally, character: str, data: dict[str, Any]) -> None:
    verdict = data.get("verdict")
    if isinstance(verdict, dict) and isinstance(verdict.get("outcome"), str):
        settled(tally, character, verdict["outcome"])
        if verdict.get("critical") is True:
            tally.add("critical")
    result = data.get("result")
    spent = whole(result.get("fate_points_spent")) if isinstance(result, dict) else None
    if spent:
        tally.add("fate_points_spent", amount=spent)
        tally.add("character", character, "fate_points_spent", amount=spent)


def fold(tally: Tally, event: LoggedEvent) -> None:
    """Count what one of FATE's events says."""
    data = event.data
    kind = event.type.removeprefix("fate.")
    character = character_of(data)
    if kind == "CharacterCreated":
        name_character(tally, data.get("character"))
    elif kind == "SkillRolled" and character is not None:
        tally.add("rolls")
        rolled(tally, character, shown=data.get("dice") is not None)
    elif kind == "RollSettled" and character is not None:
        _settled(tally, character, data)
    elif kind == "AspectInvoked" and character is not None:
        invoked = data.get("invoked")
        effect = invoked.get("effect") if isinstance(invoked, dict) else None
        tally.add("invocations", word(effect))
        tally.add("character", character, "invocations")
    elif kind == "Compelled":
        compel = data.get("compel")
        if isinstance(compel, dict) and isinstance(compel.get("accepted"), bool):
            tally.add("compels", "accepted" if compel["accepted"] else "refused")


def figures(tally: Tally) -> FateFigures:
    count = Counts(tally)
    return count.filled(
        FateFigures,
        outcomes=count.by_word("outcome"),
        characters=per_character(tally, FateCharacterFigures),
    )


#: the event types whose fields `fold` reads
READS = frozenset(
    f"fate.{kind}"
    for kind in ("CharacterCreated", "SkillRolled", "RollSettled", "AspectInvoked", "Compelled")
)
#: what the figures' damage counts, in the book's words (`TableStats.damage_unit`)
DAMAGE_UNIT = "stress"
