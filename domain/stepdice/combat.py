"""Combat [003:155-224, 280-299, 355-360]: attacks against an enemy's TN, what a hit does to
each category, Venganza on a miss, Hearts, Armour, downed and death.

The book has no turn order, actions per turn or enemy attack procedure [003:129-139]: turn
order and the action economy are the game master's, and a hit on a character is the game
master's `LoseHeart`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domain.stepdice.ladder import Grade
from domain.stepdice.options import Options
from domain.stepdice.resolution import FAILURES

#: Peón/Pacholek (pawn, minion), Élite, Jefe (boss) [003:169-170, 336-340]
Category = Literal["peon", "elite", "jefe"]
#: melee, ranged, spell: the weapon chosen fixes the attribute [003:159-160]
AttackKind = Literal["melee", "ranged", "spell"]
ATTACK_ATTRIBUTE: dict[str, str] = {"melee": "fuerza", "ranged": "destreza", "spell": "magia"}

EnemyStatus = Literal["standing", "downed", "out", "defeated"]
#: what a lost Heart does to a character
HeartLoss = Literal["armour_absorbs", "armour_offered", "heart_lost", "downed", "died"]


def enemy_grade(category: Category, options: Options) -> Grade:
    """The enemy's grade: its TN in the standard game, its threshold shift in solo."""
    grades: dict[str, Grade] = {
        "peon": options.peon_grade,
        "elite": options.elite_grade,
        "jefe": options.jefe_grade,
    }
    return grades[category]


def enemy_hearts(category: Category, options: Options) -> int:
    """A pawn is out on its first hit [003:169]; élite and boss Hearts are table options."""
    hearts = {"peon": 1, "elite": options.elite_hearts, "jefe": options.jefe_hearts}
    return hearts[category]


@dataclass(frozen=True)
class EnemyHit:
    #: Hearts left (a pawn keeps its count: it is out, whatever it had)
    hearts: int
    status: EnemyStatus


def hit_enemy(
    category: Category, hearts: int, status: EnemyStatus, wounds: int, options: Options
) -> EnemyHit:
    """A pawn dies or is out of the fight [003:169]; an élite or boss loses 1 Heart per
    wound [003:170] (2 with the exceptional benefit of [003:224]); at 0 Hearts it is defeated
    or downed as `enemy_at_zero` says (errata); a downed enemy hit again is defeated."""
    if category == "peon":
        return EnemyHit(hearts, "out")
    if status == "downed":
        return EnemyHit(0, "defeated")
    left = max(hearts - wounds, 0)
    if left > 0:
        return EnemyHit(left, "standing")
    return EnemyHit(0, "defeated" if options.enemy_at_zero == "defeated" else "downed")


def venganza_due(outcome: str) -> bool:
    """A miss (r < TN) or a 1 calls for Venganza: the failed attack's own effect [003:179-184].
    Whether the enemy could reach, and which effect, the game master rules [003:188-191]."""
    return outcome in FAILURES


def heart_loss(hearts: int, downed: bool, armour: bool, options: Options) -> HeartLoss:
    """What losing one Heart does: the Armour token, if the character holds it, absorbs it
    (automatically or if the player spends it, per the `armour` option; errata) [003:171,
    360]; else a downed character dies [003:292], and at 0 Hearts one is downed [003:287-289]."""
    if armour:
        return "armour_absorbs" if options.armour == "automatic" else "armour_offered"
    return lost_heart(hearts, downed)


def lost_heart(hearts: int, downed: bool) -> HeartLoss:
    """The Heart is lost: damage while downed kills [003:292]; the last Heart downs."""
    if downed:
        return "died"
    return "downed" if hearts <= 1 else "heart_lost"
