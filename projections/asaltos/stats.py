"""Asaltos's figures of a table: what its events add to the shared tally (`projections.stats`).

The fold reads each event as the log shows it to the caller: a secret check's skill and
result (and an opposed check's winner) are null to a seat that may not see the roll; such a
check counts as made (`checks_hidden`, and the character's `hidden`), never by outcome.

What counts as what:
- **checks**: every roll against a value, one per character, by kind: `check` (a skill or
  characteristic check), `opposed` (each contender of an opposed check), `pain` (the RES
  roll against a light wound), `dodge`, `attack`, `parry` and `medicine`; by what was
  checked (the skill or characteristic; an attack's weapon; null where the event does not
  name it) and the check's whole difficulty (the game master's base, modifiers, wounds and
  accumulation), with `success` or `failure` (certain outcomes too). An automatic hit
  (surprise) rolls nothing and counts as an attack's `automatic`.
- **attacks**: by how they ended: `hit`, `missed`, `parried`, `dodged`.
- **wounds dealt**: the wound levels of the damage an attacker's hits rolled
  (`DamageRolled`, after armour), credited to the attacker; **wounds taken**: the wounds
  noted on a character's sheet (`WoundInflicted`: hits and the game master's wounds), by
  count and by levels.
- **deaths**: `Died`; **death timers**: started and stopped by a Medicine roll.
The dice's faces are judged for fairness by the shared figures (`projections.stats`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from projections.tally import (
    NONE,
    Counts,
    DamagePoint,
    LoggedEvent,
    Tally,
    by_character,
    name_character,
    outcome_rows,
    took_damage,
    whole,
    word,
    word_number,
    word_order,
    word_text,
)

#: the events that roll against a value, by the kind of check they count as
CHECKS = {
    "asaltos.CheckMade": "check",
    "asaltos.PainRolled": "pain",
    "asaltos.DodgeRolled": "dodge",
    "asaltos.AttackRolled": "attack",
    "asaltos.ParryRolled": "parry",
}


class AsaltosCheckFigures(msgspec.Struct, kw_only=True):
    """The outcomes of the checks of one kind, of one thing checked, at one difficulty."""

    kind: str
    """The kind of check: `check`, `opposed`, `pain`, `dodge`, `attack`, `parry` or `medicine`"""
    checked: str | None
    """The skill or characteristic checked, or an attack's weapon; null where the event does not
    name it"""
    difficulty: int | None
    """The check's whole difficulty (base, modifiers, wounds and accumulation); null for an
    automatic hit"""
    outcomes: dict[str, int]
    """By outcome (`success`, `failure`; `automatic` for an attack that hit without a roll): the
    number of checks"""


class AsaltosCombatFigures(msgspec.Struct, kw_only=True):
    """The combats of the table (or of closed tables added up): rounds, attacks, criticals and
    aims."""

    combats: int
    """Combats started"""
    rounds: int
    """Combat rounds started, each combat's first included"""
    attacks: dict[str, int]
    """Attacks by how they ended (`hit`, `missed`, `parried`, `dodged`): their number"""
    criticals: int
    """Natural 1s on attacks rolled again for confirmation"""
    criticals_confirmed: int
    """Criticals the confirmation die confirmed (maximum damage)"""
    aims: int
    """Rounds spent aiming"""


class AsaltosWoundFigures(msgspec.Struct, kw_only=True):
    """The wounds noted on the characters' sheets, and what came of them."""

    by_level: dict[str, int]
    """Wounds by level (`1` light, `2` serious, `3` incapacitated, `4` amputated or destroyed):
    their number"""
    by_location: dict[str, int]
    """Wounds by location (`PD`, `PI`, `BD`, `BI`, `A`, `P`, `C`): their number"""
    shocks: int
    """Times a character fainted from shock"""
    death_timers: int
    """Death timers started"""
    death_timers_stopped: int
    """Death timers a Medicine roll stopped"""
    deaths: int
    """Characters who died"""
    healed: int
    """Wounds that healed (gone from the sheet)"""
    characteristics_lost: int
    """Characteristic points lost for good to badly healed wounds"""


class AsaltosCharacterFigures(msgspec.Struct, kw_only=True):
    """One character's figures at a table."""

    name: str
    """The name the character goes by at the table"""
    checks: int
    """Checks it rolled (or that needed no roll), their outcome shown to the caller or not"""
    hidden: int
    """Its checks whose outcome the caller was not shown"""
    outcomes: dict[str, int]
    """Its shown checks by outcome (`success`, `failure`, `automatic`): their number"""
    attacks: dict[str, int]
    """Its attacks by how they ended (`hit`, `missed`, `parried`, `dodged`): their number"""
    opposed_won: int
    """Opposed checks it won"""
    wounds_dealt: int
    """Wound levels its hits' damage rolls dealt, after armour"""
    wounds_taken: int
    """Wounds noted on its sheet (hits and the game master's wounds)"""
    levels_taken: int
    """The levels of the wounds noted on its sheet, summed"""
    died: int
    """Times it died (0 or 1 at a table)"""
    medicine_successes: int
    """Its Medicine rolls as a healer that succeeded"""


class AsaltosDamagePoint(DamagePoint, kw_only=True):
    """The wound levels one character took at one event of the table: noted on its sheet at
    that event (as `levels_taken` counts them)."""


class AsaltosFigures(msgspec.Struct, kw_only=True, tag_field="system", tag="asaltos"):
    """Asaltos's own figures of a table (or of closed tables added up)."""

    checks: list[AsaltosCheckFigures]
    """Shown checks by kind, thing checked and difficulty"""
    checks_hidden: int
    """Checks whose outcome the caller was not shown"""
    combat: AsaltosCombatFigures
    """The combats' figures: rounds, attacks, criticals and aims"""
    wounds: AsaltosWoundFigures
    """The wounds noted on the characters' sheets, and what came of them"""
    characters: dict[str, AsaltosCharacterFigures]
    """By character id: its figures (a table's own figures: not added up across tables)"""
    damage_over_time: list[AsaltosDamagePoint]
    """The wound levels noted on each character's sheet, by version and character (a table's own
    figures: not added up across tables)"""


# -- the fold ------------------------------------------------------------------------------


def _checked(tally: Tally, kind: str, character: Any, checked: Any, result: Any) -> None:
    """One character's roll against a value, counted by outcome when it is shown."""
    if not isinstance(character, str):
        return
    tally.add("character", character, "checks")
    if not isinstance(result, dict) or not isinstance(result.get("success"), bool):
        tally.add("checks_hidden")
        tally.add("character", character, "hidden")
        return
    outcome = "success" if result["success"] else "failure"
    tally.add("check", kind, word(checked), word(whole(result.get("difficulty"))), outcome)
    tally.add("character", character, "outcome", outcome)


def _check_event(tally: Tally, kind: str, data: dict[str, Any]) -> None:
    character = data.get("character")
    if kind == "check":
        _checked(tally, kind, character, data.get("checked"), data.get("result"))
    elif kind == "pain":
        _checked(tally, kind, character, "RES", data.get("result"))
    elif kind == "attack" and data.get("automatic") is True:
        if isinstance(character, str):
            tally.add("character", character, "checks")
            tally.add("check", kind, word(data.get("weapon")), NONE, "automatic")
            tally.add("character", character, "outcome", "automatic")
    elif kind == "attack":
        _checked(tally, kind, character, data.get("weapon"), data.get("result"))
    else:
        _checked(tally, kind, character, None, data.get("result"))


def _opposed(tally: Tally, data: dict[str, Any]) -> None:
    characters = data.get("characters") or []
    checked = data.get("checked")
    results = data.get("results")
    for index, character in enumerate(characters):
        what = checked[index] if isinstance(checked, list) else None
        result = results[index] if isinstance(results, list) else None
        _checked(tally, "opposed", character, what, result)
    if isinstance(data.get("winner"), str):
        tally.add("character", data["winner"], "opposed_won")


def _attack_ended(tally: Tally, attacker: Any, outcome: Any) -> None:
    if isinstance(attacker, str) and isinstance(outcome, str):
        tally.add("combat", "attacks", outcome)
        tally.add("character", attacker, "attacks", outcome)


def _wound(tally: Tally, data: dict[str, Any]) -> None:
    character, wound = data.get("character"), data.get("wound")
    if not isinstance(character, str) or not isinstance(wound, dict):
        return
    level = whole(wound.get("level"))
    tally.add("wounds", "level", word(level))
    tally.add("wounds", "location", word(wound.get("location")))
    tally.add("character", character, "wounds_taken")
    tally.add("character", character, "levels_taken", amount=level or 0)
    took_damage(tally, character, level or 0)


#: the events that count once each, under these words
COUNTED = {
    "CombatStarted": ("combat", "combats"),
    "RoundStarted": ("combat", "rounds"),
    "AimTaken": ("combat", "aims"),
    "ShockSuffered": ("wounds", "shocks"),
    "DeathTimerStarted": ("wounds", "death_timers"),
    "DeathTimerStopped": ("wounds", "death_timers_stopped"),
    "WoundHealed": ("wounds", "healed"),
    "CharacteristicLost": ("wounds", "characteristics_lost"),
}


def fold(tally: Tally, event: LoggedEvent) -> None:
    """Count what one of Asaltos's events says."""
    data = event.data
    kind = event.type.removeprefix("asaltos.")
    if event.type in CHECKS:
        _check_event(tally, CHECKS[event.type], data)
    elif kind == "CharacterCreated":
        name_character(tally, data.get("character"))
    elif kind == "OpposedCheckMade":
        _opposed(tally, data)
    elif kind == "MedicineRolled":
        healer, result = data.get("healer"), data.get("result")
        _checked(tally, "medicine", healer, None, result)
        if isinstance(healer, str) and isinstance(result, dict) and result.get("success") is True:
            tally.add("character", healer, "medicine_successes")
    elif kind in COUNTED:
        tally.add(*COUNTED[kind])
    elif kind == "CriticalRolled":
        tally.add("combat", "criticals")
        if data.get("confirmed") is True:
            tally.add("combat", "criticals_confirmed")
    elif kind == "AttackHit" and isinstance(data.get("hit"), dict):
        _attack_ended(tally, data["hit"].get("attacker"), "hit")
    elif kind == "AttackFailed":
        _attack_ended(tally, data.get("character"), data.get("outcome"))
    elif kind == "DamageRolled" and isinstance(data.get("damage"), dict):
        level = whole(data["damage"].get("level"))
        if isinstance(data.get("attacker"), str) and level is not None:
            tally.add("character", data["attacker"], "wounds_dealt", amount=max(level, 0))
    elif kind == "WoundInflicted":
        _wound(tally, data)
    elif kind == "Died" and isinstance(data.get("character"), str):
        tally.add("wounds", "deaths")
        tally.add("character", data["character"], "died")


# -- the figures ---------------------------------------------------------------------------


def _checks(tally: Tally) -> list[AsaltosCheckFigures]:
    return [
        AsaltosCheckFigures(
            kind=kind,
            checked=word_text(checked),
            difficulty=word_number(difficulty),
            outcomes=outcomes,
        )
        for (kind, checked, difficulty), outcomes in outcome_rows(tally, "check", order=word_order)
    ]


def figures(tally: Tally) -> AsaltosFigures:
    wounds = Counts(tally, ("wounds",))
    return Counts(tally).filled(
        AsaltosFigures,
        checks=_checks(tally),
        combat=Counts(tally, ("combat",)).filled(AsaltosCombatFigures),
        wounds=wounds.filled(
            AsaltosWoundFigures,
            by_level=wounds.by_word("level"),
            by_location=wounds.by_word("location"),
        ),
        **by_character(tally, AsaltosCharacterFigures, AsaltosDamagePoint),
    )


#: the event types whose fields `fold` reads
READS = frozenset(
    {
        *CHECKS,
        *(
            f"asaltos.{kind}"
            for kind in (
                "CharacterCreated",
                "OpposedCheckMade",
                "MedicineRolled",
                "CombatStarted",
                "RoundStarted",
                "AimTaken",
                "CriticalRolled",
                "AttackHit",
                "AttackFailed",
                "DamageRolled",
                "WoundInflicted",
                "ShockSuffered",
                "DeathTimerStarted",
                "DeathTimerStopped",
                "Died",
                "WoundHealed",
                "CharacteristicLost",
            )
        ),
    }
)
#: what the figures' damage counts, in the book's words (`TableStats.damage_unit`)
DAMAGE_UNIT = "wound levels"
