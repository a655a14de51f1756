"""What a stepdice client can ask of a table. Each Struct is one command.

Every judgement of the game master is a required field: the grade and its shifts with their
reasons, the attribute of a test (errata: outside combat the game master picks it), the help
accepted, the benefit, the complication, whether the enemy could reach. The server never
invents one.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.dice import Visibility
from domain.names import Name, Reason
from domain.stepdice.combat import AttackKind, Category
from domain.stepdice.ladder import Grade, Shifts
from domain.stepdice.magic import Level
from domain.stepdice.options import MAX_POOL
from domain.stepdice.state import Attribute, Attributes, Ranks

#: the most steps a clock may have
MAX_CLOCK = 12
#: the most Mana a spell attack may cost (Gran poder's)
MAX_COST = 3
Benefit = Literal["extra_wound", "refund_mana", "larger_effect", "extra_benefit"]


class Helper(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """An ally's help the game master accepted [003:93-103]: one helper per roll."""

    character: CharacterId
    #: how it helps: covering, tools, distraction, steadying, hints [003:103]
    how: Reason


class StepdiceCreateCharacter(Command, kw_only=True):
    """A player creates a character for its own seat; the game master for any seat, or an
    NPC of its own. The standard game gives `attributes`, the solo variant `ranks`. Every
    character starts with the table's Hearts and Mana (5 and 3 [003:235, 282]): other maxima
    are the game master's `SetMaxima`, not the player's pick. (Named with the system's name,
    as `StepdiceAttack`: the API document names a body after its class, and Frontera has a
    `CreateCharacter` and an `Attack`.)"""

    name: Name
    attributes: Attributes | None = None
    ranks: Ranks | None = None
    #: the character wears protection: 1 Armour token per scene [003:359]
    protected: bool = False
    seat: str | None = None


CreateCharacter = StepdiceCreateCharacter


class SetMaxima(Command, kw_only=True):
    """The game master sets a character's maximum Hearts, Mana or both, with the reason
    (errata: maxima are per character, and higher ones come from advancement or the game
    master, not from the player's choice at creation)."""

    character: CharacterId
    hearts_max: Annotated[int, msgspec.Meta(ge=1, le=MAX_POOL)] | None = None
    mana_max: Annotated[int, msgspec.Meta(ge=0, le=MAX_POOL)] | None = None
    reason: Reason


class AddEnemy(Command, kw_only=True):
    """The game master sets an enemy on the table; its grade and Hearts follow its category
    and the table's options."""

    name: Name
    category: Category


class BeginScene(Command, kw_only=True):
    """A new scene: Armour tokens come back, the last scene's clocks stop."""

    reason: Reason


class Test(Command, kw_only=True):
    """A test outside combat [003:59-125]: the game master's attribute, grade and shifts.

    The only roll that may be secret (`gm`, `blind`, `self`): its outcome is recorded, and the
    game master narrates it; a secret test moves no clock by itself (the game master advances
    clocks by hand, or reveals the roll first)."""

    character: CharacterId
    attribute: Attribute
    grade: Grade
    shifts: Shifts
    helper: Helper | None
    visibility: Visibility = "public"


class StepdiceAttack(Command, kw_only=True):
    """An attack on an enemy [003:157-161]: the weapon's kind fixes the attribute, the
    enemy's grade the TN; the game master's shifts (range, several opponents [003:201, 207]).
    Always public: it changes the enemy's and the attacker's Hearts at once."""

    character: CharacterId
    enemy: str
    kind: AttackKind
    shifts: Shifts
    helper: Helper | None
    #: a spell attack's Mana cost, which the game master assigns (0 for other attacks)
    mana: Annotated[int, msgspec.Meta(ge=0, le=MAX_COST)] = 0


Attack = StepdiceAttack


class Cast(Command, kw_only=True):
    """A cast [003:238-256]: the effect described, its level and cost as the game master
    assigned them. Always public: it spends Mana and may heal at once."""

    character: CharacterId
    effect: Reason
    level: Level
    cost: Annotated[int, msgspec.Meta(ge=0, le=MAX_COST)]
    shifts: Shifts
    helper: Helper | None
    #: a Fuerte healing spell's patient: +2 Hearts on a success [003:254]
    heals: str | None = None


class GrantBenefit(Command, kw_only=True):
    """The game master's extra benefit for an exceptional roll: `extra_wound` on an attack
    (the Boss takes 2 wounds [003:224]), `refund_mana` on magic [003:263], `larger_effect`
    or `extra_benefit` on any [003:72-73, 262-264]."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    benefit: Benefit
    description: Reason


class NameComplication(Command, kw_only=True):
    """The game master's complication: owed by a 1, a failed spell's consequence, or a
    fail-forward complication of any failed roll (the S1 example [003:119])."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    complication: Reason


class ResolveVenganza(Command, kw_only=True):
    """The game master's ruling on a missed attack [003:177-193]: whether the enemy could
    really reach, and if so whether the attacker loses a Heart or suffers a complication."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    reach: bool
    effect: Literal["heart", "complication", "none"]
    complication: Reason | None = None


class LoseHeart(Command, kw_only=True):
    """The game master rules a hit on a character (the book has no enemy attack procedure)."""

    character: CharacterId
    reason: Reason


class SpendArmour(Command, kw_only=True):
    """The character's player spends the Armour token on the pending hit [003:360]."""

    character: CharacterId


class DeclineArmour(Command, kw_only=True):
    """The character's player keeps the Armour token and loses the Heart."""

    character: CharacterId


class RaiseAlly(Command, kw_only=True):
    """An ally spends an Action (Help) to raise a downed character to 1 Heart [003:291]."""

    helper: CharacterId
    character: CharacterId
    how: Reason


class StartClock(Command, kw_only=True):
    """The game master sets a time-pressure clock [003:362-364]."""

    name: Name
    steps: Annotated[int, msgspec.Meta(ge=1, le=MAX_CLOCK)]
    consequence: Reason


class AdvanceClock(Command, kw_only=True):
    """The game master moves a clock one step for a failure outside the rolls."""

    clock: str
    reason: Reason


class Rest(Command, kw_only=True):
    """A safe rest after a scene [003:301-308]: the characters the game master names refill."""

    characters: Annotated[
        list[str],
        msgspec.Meta(min_length=1, max_length=64, extra_json_schema={"uniqueItems": True}),
    ]
    reason: Reason


class AdvanceCharacter(Command, kw_only=True):
    """Solo advancement [003:342-347], which the game master grants: one attribute's rank
    up, or +1 Heart or +1 Mana."""

    character: CharacterId
    advance: Literal["rank", "heart", "mana"]
    attribute: Attribute | None = None
    reason: Reason
