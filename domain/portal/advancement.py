"""What creation and advancement cost in character points [002:711-838], the game master
approving every improvement [002:846]."""

from __future__ import annotations

import msgspec

from domain.errors import Conflict, InvalidCommand
from domain.portal.sheet import MAX_FORTALEZA, ConceptRank, Drives, Frequency

#: cost of each level, from acquiring it at 0 to level 5, by frequency [002:734-794]
FORTALEZA_COSTS: dict[str, tuple[int, ...]] = {
    "uncommon": (2, 1, 2, 3, 4, 5),
    "moderate": (6, 2, 6, 12, 20, 30),
    "frequent": (16, 4, 16, 40, 80, 140),
    "constant": (40, 8, 40, 120, 240, 320),
}
#: what a limitation gives at creation, and what removing it costs [002:743-796]; players
#: cannot take a constant one [002:796]
LIMITATION_GIVES: dict[str, int] = {"uncommon": 1, "moderate": 4, "frequent": 10}
LIMITATION_REMOVAL: dict[str, int] = {"uncommon": 3, "moderate": 12, "frequent": 40}
#: a specialty's cost by its Fortaleza's level [002:806-810]
SPECIALTY_COSTS: dict[int, int] = {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}
CONCEPT_RANKS: tuple[ConceptRank, ...] = ("ordinary", "team_member", "mythic_hero")
#: raising the concept one rank costs, lowering it gives back [002:715-718]
CONCEPT_RAISE = {"team_member": 10, "mythic_hero": 40}
CONCEPT_LOWER = {"team_member": 5, "mythic_hero": 20}


def fortaleza_cost(frequency: Frequency, current: int | None, target: int) -> int:
    """Raising a Fortaleza from `current` (None: not held) to `target`, every level in
    between bought in turn [002:728]."""
    start = -1 if current is None else current
    if not -1 <= start < target <= MAX_FORTALEZA:
        raise InvalidCommand(
            f"a Fortaleza rises from {current} to a higher level up to {MAX_FORTALEZA}",
            "invalid_advancement",
        )
    return sum(FORTALEZA_COSTS[frequency][start + 1 : target + 1])


def limitation_gives(frequency: Frequency) -> int:
    """Points a limitation gives when taken at creation [002:745, 766, 783]."""
    if frequency not in LIMITATION_GIVES:
        raise InvalidCommand(
            "players cannot take a limitation of constant frequency [002:796]",
            "invalid_advancement",
        )
    return LIMITATION_GIVES[frequency]


def limitation_removal(frequency: Frequency) -> int:
    """Points removing a limitation costs, if its nature allows it [002:743, 764, 781]."""
    if frequency not in LIMITATION_REMOVAL:
        raise InvalidCommand(
            "no player holds a constant limitation [002:796]", "invalid_advancement"
        )
    return LIMITATION_REMOVAL[frequency]


def specialty_cost(level: int) -> int:
    """Only a Fortaleza of level 1 or more takes a specialty [002:802]."""
    if level not in SPECIALTY_COSTS:
        raise InvalidCommand(
            "a specialty needs a Fortaleza of level 1..5 [002:802]", "invalid_advancement"
        )
    return SPECIALTY_COSTS[level]


def concept_change(current: ConceptRank, target: ConceptRank) -> int:
    """Character points a change of concept rank costs (negative: gives) [002:715-718]."""
    here, there = CONCEPT_RANKS.index(current), CONCEPT_RANKS.index(target)
    if here <= there:
        return sum(CONCEPT_RAISE[rank] for rank in CONCEPT_RANKS[here + 1 : there + 1])
    return -sum(CONCEPT_LOWER[rank] for rank in CONCEPT_RANKS[there + 1 : here + 1])


def drive_cost(nth: int) -> int:
    """The n-th drive acquired, or removed, costs the n-th triangular number: 1, 3, 6, 10,
    15, 21… [002:818-820], counted over the character's whole history [002:822]."""
    if nth < 1:
        raise InvalidCommand("drives are counted from 1", "invalid_advancement")
    return nth * (nth + 1) // 2


def acquire_drive(drives: Drives, name: str) -> tuple[Drives, int]:
    """A new drive and its cost (the next acquisition's number)."""
    if name in drives.names:
        raise Conflict(f"{name!r} is already a drive", "drive_held")
    cost = drive_cost(drives.acquired + 1)
    acquired = msgspec.structs.replace(
        drives, names=[*drives.names, name], acquired=drives.acquired + 1
    )
    return acquired, cost


def remove_drive(drives: Drives, name: str) -> tuple[Drives, int]:
    """A drive dropped and its cost; one always remains [002:816]."""
    if name not in drives.names:
        raise Conflict(f"{name!r} is not a drive", "unknown_drive")
    if len(drives.names) == 1:
        raise Conflict(
            "a character keeps one drive at least: acquire another first [002:816, 828]",
            "last_drive",
        )
    cost = drive_cost(drives.removed + 1)
    names = [drive for drive in drives.names if drive != name]
    return msgspec.structs.replace(drives, names=names, removed=drives.removed + 1), cost
