"""Supporting characters (*Personajes de Reparto*) and stacking [002:657-663, 1285-1419].

A supporting character rolls no dice against protagonists: its generic value G (1..6) is the
difficulty of every roll against it, and the default of its Group, Reflexes (G - 0.5),
Attack, Defence, Aguante and Damage [002:661-663, 1289-1299]. Damage lowers G only, never
the values it gave at creation [002:1301-1307]. The game master may roll a d6 for it each
turn: below G, +1 to every total; equal, nothing; above, -1 [002:1309-1319]. Between
supporting characters a tie hits with an excess of 0 [002:1337, 1341].
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.errors import InvalidCommand
from domain.portal.damage import ENVIRONMENT_DIE, Setting
from domain.portal.options import Options
from domain.portal.reading import raw_die
from domain.portal.sheet import Label
from domain.structs import Stored

Generic = Annotated[int, msgspec.Meta(ge=1, le=6)]
Value = Annotated[int, msgspec.Meta(ge=0, le=20)]
#: what a unit stacks for: one bonused attack, or the leader's defence [002:1377-1381]
Purpose = Literal["attack", "defence"]
StackKey = Literal["attack", "damage", "defence"]


class Supporting(Stored, kw_only=True, forbid_unknown_fields=True):
    """A supporting character as created, and the damage it has taken."""

    STORED_AS = "portal.Supporting"

    name: Label
    generic: Generic
    #: values the game master gives apart from G; None takes G [002:1289]
    group: Annotated[int, msgspec.Meta(ge=1, le=50)] | None = None
    reflexes: float | None = None
    attack: Value | None = None
    defence: Value | None = None
    aguante: Value | None = None
    damage: Value | None = None
    #: damage points taken: they lower G only [002:1301-1303]
    taken: Annotated[int, msgspec.Meta(ge=0)] = 0

    @property
    def current(self) -> int:
        """G after the damage taken; 0 or less is out of combat [002:1307]."""
        return self.generic - self.taken

    @property
    def out(self) -> bool:
        return self.current <= 0

    def value(self, name: Literal["attack", "defence", "aguante", "damage"]) -> int:
        own: int | None = getattr(self, name)
        return self.generic if own is None else own

    @property
    def unit_size(self) -> int:
        return self.generic if self.group is None else self.group

    @property
    def base_reflexes(self) -> float:
        """Never a whole number: G - 0.5 unless given, the phase it acts in [002:1291]."""
        return self.generic - 0.5 if self.reflexes is None else self.reflexes


def turn_modifier(current: int, roll: int) -> int:
    """The per-turn d6 [002:1309-1319]: below the current G +1, equal 0, above -1."""
    if not 1 <= roll <= 6:
        raise InvalidCommand("the turn die is a d6", "invalid_cast")
    return 1 if roll < current else 0 if roll == current else -1


class Totals(Stored, kw_only=True, forbid_unknown_fields=True):
    """A supporting character's totals for one turn: its values plus the turn's modifier,
    Reflexes included [002:1313]."""

    STORED_AS = "portal.Totals"

    attack: int
    defence: int
    aguante: int
    damage: int
    reflexes: float
    modifier: int = 0


def totals(cast: Supporting, roll: int | None = None) -> Totals:
    """This turn's totals; with no roll (the game master did not roll) the values as they
    are [002:1309]."""
    return with_modifier(cast, 0 if roll is None else turn_modifier(cast.current, roll))


def with_modifier(cast: Supporting, modifier: int) -> Totals:
    """Its values, Reflexes included, plus a turn die's modifier [002:1313]."""
    return Totals(
        attack=cast.value("attack") + modifier,
        defence=cast.value("defence") + modifier,
        aguante=cast.value("aguante") + modifier,
        damage=cast.value("damage") + modifier,
        reflexes=cast.base_reflexes + modifier,
        modifier=modifier,
    )


def hurt(cast: Supporting, damage_total: int, aguante: int) -> Supporting:
    """A damage total against a supporting character's aguante: what passes lowers G
    [002:1297-1299] (person G 3 takes 2: G 1, its Defence still 3 [002:1299, 1307])."""
    through = max(0, damage_total - aguante)
    return msgspec.structs.replace(cast, taken=cast.taken + through)


class CastAttack(Stored, kw_only=True, forbid_unknown_fields=True):
    """One supporting character's attack on another [002:1337-1341]: a tie hits."""

    STORED_AS = "portal.CastAttack"

    hit: bool
    excess: int
    #: excess + Damage - Aguante, never below 0: what the target's G loses
    through: int


def cast_attack(attacker: Totals, target: Totals) -> CastAttack:
    hit = attacker.attack >= target.defence
    excess = attacker.attack - target.defence if hit else 0
    through = max(0, excess + attacker.damage - target.aguante) if hit else 0
    return CastAttack(hit=hit, excess=excess, through=through)


class AgainstProtagonist(Stored, kw_only=True, forbid_unknown_fields=True):
    """A supporting character's attack on a protagonist's defence roll: the damage total
    the protagonist's aguante (and armour) then meets [002:1292, 1295, 1100, 1199]."""

    STORED_AS = "portal.AgainstProtagonist"

    hit: bool
    excess: int = 0
    damage_total: int = 0
    #: on a tie under `sc_attack_tie="environment"`, the defender's raw die of the setting
    environment: int | None = None


def attack_protagonist(
    attacker: Totals,
    defence: int,
    defender_basic: list[int],
    setting: Setting,
    options: Options,
) -> AgainstProtagonist:
    """The Attack is the difficulty the defence must exceed [002:1292]; below it, the excess
    plus Daño is the damage total. A defence equal to it is Errata GAP
    `Options.sc_attack_tie`."""
    if defence > attacker.attack:
        return AgainstProtagonist(hit=False)
    if defence == attacker.attack and options.sc_attack_tie == "environment":
        environment = raw_die(defender_basic, ENVIRONMENT_DIE[setting])
        return AgainstProtagonist(hit=False, environment=environment)
    excess = attacker.attack - defence
    return AgainstProtagonist(hit=True, excess=excess, damage_total=excess + attacker.damage)


class Contribution(Stored, kw_only=True, forbid_unknown_fields=True):
    """What one stacked member's die added to its unit [002:1383-1399]."""

    STORED_AS = "portal.Contribution"

    name: str
    roll: int
    added: dict[str, int]


class Stack(Stored, kw_only=True, forbid_unknown_fields=True):
    """A unit's totals: the leader's plus every member's contribution."""

    STORED_AS = "portal.Stack"

    purpose: Purpose
    totals: dict[str, int]
    contributions: list[Contribution]
    #: the unit acts in the phase of its slowest member [002:1419]
    reflexes: float


def stack(
    purpose: Purpose,
    leader: dict[str, int],
    leader_reflexes: float,
    members: list[tuple[Supporting, int]],
) -> Stack:
    """Stack `members` (each with its d6) on a leader's totals (a supporting leader's
    `totals`, or a protagonist's results) [002:1383-1419]. A member's roll equal to its
    current G adds its whole values; below, +1 to each total its own value exceeds the roll
    by; above, nothing. Attack stacks Attack and Damage, defence Defence (for the leader
    only [002:1413])."""
    keys: tuple[StackKey, ...] = ("attack", "damage") if purpose == "attack" else ("defence",)
    if sorted(leader) != sorted(keys):
        raise InvalidCommand(f"a unit stacked for {purpose} sums {keys}", "invalid_stack")
    if not members:
        raise InvalidCommand("a unit stacks one member at least", "invalid_stack")
    size = min(member.unit_size for member, _ in members)
    if size < 2 or len(members) + 1 > size:
        raise InvalidCommand(
            f"this unit holds {size} at most, its leader included (Group 1 never stacks) "
            "[002:1371-1375]",
            "invalid_stack",
        )
    result = dict(leader)
    contributions = []
    for member, roll in members:
        if not 1 <= roll <= 6:
            raise InvalidCommand("a member's die is a d6", "invalid_stack")
        added: dict[str, int] = {}
        for key in keys:
            own = member.value(key)
            if roll == member.current:
                added[key] = own
            elif roll < member.current and own > roll:
                added[key] = 1
        for name, amount in added.items():
            result[name] += amount
        contributions.append(Contribution(name=member.name, roll=roll, added=added))
    slowest = min([leader_reflexes, *(member.base_reflexes for member, _ in members)])
    return Stack(purpose=purpose, totals=result, contributions=contributions, reflexes=slowest)
