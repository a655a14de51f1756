"""Wound levels and their effects per location, shock, and the death timers [001:62-67]."""

from __future__ import annotations

from domain.asaltos.options import Options
from domain.asaltos.sheet import ARMS, LEGS, LIMBS, Arm, Location, Weapon
from domain.asaltos.state import Character, Condition, Step, TimerCause, Wound
from domain.structs import Stored

MINUTE = 60
HOUR = 3600
DAY = 24 * HOUR
WEEK = 7 * DAY
#: a month of rest, in days (the book counts months [001:73])
MONTH = 30 * DAY
ROUND = 1  # a round lasts one second [001:45]
#: an incapacitated leg: the character falls, cannot stand up again and only crawls, until
#: the wound heals [001:65]
LEG_DOWN: tuple[Condition, ...] = ("fallen", "crawling")


def penalty(wound: Wound, options: Options, now: int, *, for_shock: bool = False) -> int:
    """What a wound adds to the difficulty of every action [001:63-66,72-73]."""
    if wound.level == 1:
        if wound.suppressed and not (for_shock and options.suppressed_counts_for_shock):
            return 0
        return 1
    if wound.level == 2:
        # +2 during the first two weeks of rest, the first week with Medicine [001:72]
        weeks = 1 if wound.medicine else 2
        if wound.rest_since is not None and now - wound.rest_since >= weeks * WEEK:
            return 0
        return 2
    if wound.level == 3:
        return options.abdomen_l3_penalty if wound.location == "A" else 4
    return options.limb_l4_penalty if wound.location in LIMBS else 0


def wound_penalty(
    character: Character,
    options: Options,
    now: int,
    *,
    step: Step | None = None,
    for_shock: bool = False,
) -> int:
    """The sum of a character's wound penalties; wounds dealt at `step` (the same instant
    as the action) do not count [001:46 and the errata]."""
    return sum(
        penalty(wound, options, now, for_shock=for_shock)
        for wound in character.wounds
        if step is None or wound.step != step
    )


class Effect(Stored, kw_only=True):
    """What a new wound does at once: by default, nothing."""

    dies: bool = False
    conditions: list[Condition] = []
    #: a death timer's cause and length in game seconds
    timer: TimerCause | None = None
    seconds: int = 0


def effect(location: Location, level: int, res: int) -> Effect:
    """The immediate effect of a wound of `level` at `location` [001:63-66]."""
    if level <= 2:
        return Effect()
    if level == 3:
        if location in ("C", "P"):
            return Effect(dies=True)
        if location in ARMS:
            return Effect(conditions=["dropped_held"])
        if location in LEGS:
            return Effect(conditions=list(LEG_DOWN))
        return Effect(
            conditions=["dropped_everything", "fallen"], timer="abdomen", seconds=res * HOUR
        )
    if location in ("C", "P", "A"):
        return Effect(dies=True)
    return Effect(conditions=["unconscious", "fallen"], timer="severed_limb", seconds=res * ROUND)


def in_shock(character: Character, options: Options, now: int) -> bool:
    """Σ wound penalties > RES: hypovolemic shock [001:67]."""
    return wound_penalty(character, options, now, for_shock=True) > character.value("RES")


SHOCK_SECONDS_PER_RES = MINUTE  # RES minutes [001:67]


def imposed(wound: Wound) -> frozenset[Condition]:
    """The conditions a wound keeps on for as long as it stands: an incapacitated leg keeps
    the character down and crawling "hasta que se cure" [001:65]. What else a wound does at
    once (a fall from a severed limb, dropping everything, fainting) the game master may end,
    as the book binds none of it to the healing."""
    if wound.level == 3 and wound.location in LEGS:
        return frozenset(LEG_DOWN)
    return frozenset()


def imposing(character: Character, condition: str) -> Wound | None:
    """The standing wound that keeps the character in `condition`, if any."""
    return next((w for w in character.wounds if condition in imposed(w)), None)


def no_longer_imposed(character: Character, healed: Wound) -> list[Condition]:
    """The conditions a healed wound imposed that the character has and that no wound it
    still has imposes [001:65]; `character.wounds` no longer lists `healed`."""
    kept = frozenset().union(*(imposed(w) for w in character.wounds))
    return [c for c in character.conditions if c in imposed(healed) and c not in kept]


def held_in(character: Character, weapon: Weapon) -> Arm | None:
    """The arm that holds a weapon: the one that took it up again, else the sheet's (None:
    the sheet does not say)."""
    return character.hands.get(weapon.name, weapon.hand)


def drops(character: Character, location: Location, level: int) -> list[str]:
    """The weapons a new wound makes the character let go [001:65]: an incapacitated (or
    severed) arm drops what it held, and a weapon the sheet puts in no hand may be in that
    one; an incapacitated abdomen drops everything."""
    held = [w for w in character.sheet.weapons if w.name not in character.dropped]
    if location in ARMS and level >= 3:
        return [w.name for w in held if held_in(character, w) in (location, None)]
    if location == "A" and level == 3:
        return [w.name for w in held]
    return []


def arm_works(character: Character, arm: Arm) -> bool:
    """An arm with no incapacitating or severing wound standing [001:65-66]."""
    return not any(w.location == arm and w.level >= 3 for w in character.wounds)
