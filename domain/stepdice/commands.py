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
    """The id of the ally's character who spends an Action to help"""
    how: Reason
    """How the ally helps, as the game master accepts it: covering, tools, distraction,
    steadying, hints [003:103]"""


class StepdiceCreateCharacter(Command, kw_only=True):
    """A player creates a character for its own seat; the game master for any seat, or an
    NPC of its own. The standard game gives `attributes`, the solo variant `ranks`. Every
    character starts with the table's Hearts and Mana (5 and 3 [003:235, 282]): other maxima
    are the game master's `SetMaxima`, not the player's pick. (Named with the system's name,
    as `StepdiceAttack`: the API document names a body after its class, and Frontera has a
    `CreateCharacter` and an `Attack`.)"""

    name: Name
    """The character's name as the table shows it"""
    attributes: Attributes | None = None
    """The standard game's die for each attribute; required there, null in solo-d6"""
    ranks: Ranks | None = None
    """The solo-d6 variant's rank for each attribute; required there, null in the standard game"""
    #: the character wears protection: 1 Armour token per scene [003:359]
    protected: bool = False
    seat: str | None = None
    """The seat id the character is for; null for the sender's own (the game master may name any
    seat)"""


CreateCharacter = StepdiceCreateCharacter


class SetMaxima(Command, kw_only=True):
    """The game master sets a character's maximum Hearts, Mana or both, with the reason
    (errata: maxima are per character, and higher ones come from advancement or the game
    master, not from the player's choice at creation)."""

    character: CharacterId
    """The id of the character whose maxima move"""
    hearts_max: Annotated[int, msgspec.Meta(ge=1, le=MAX_POOL)] | None = None
    """The new maximum Hearts (1-20); null keeps it (name this, mana_max or both)"""
    mana_max: Annotated[int, msgspec.Meta(ge=0, le=MAX_POOL)] | None = None
    """The new maximum Mana (0-20); null keeps it (name this, hearts_max or both)"""
    reason: Reason
    """The game master's reason for the new maxima (advancement, a boon, …)"""


class AddEnemy(Command, kw_only=True):
    """The game master sets an enemy on the table; its grade and Hearts follow its category
    and the table's options."""

    name: Name
    """The enemy's name as the table shows it"""
    category: Category
    """The enemy's category: peon (pawn), elite or jefe (boss); it fixes its grade and Hearts"""


class BeginScene(Command, kw_only=True):
    """A new scene: Armour tokens come back, the last scene's clocks stop."""

    reason: Reason
    """The game master's reason for the new scene"""


class DieRoll(Command, kw_only=True):
    """A character's die rolled against the game master's grade (a test, an attack, a cast):
    his shifts of it and the help he accepted."""

    shifts: Shifts
    """The game master's grade shifts with their reasons (range, cover, preparation, …); empty if
    none"""
    helper: Helper | None
    """The ally's help the game master accepted (its die steps up once); null if nobody helps"""


class Test(DieRoll, kw_only=True):
    """A test outside combat [003:59-125]: the game master's attribute, grade and shifts.

    The only roll that may be secret (`gm`, `blind`, `self`): its outcome is recorded, and the
    game master narrates it; a secret test moves no clock by itself (the game master advances
    clocks by hand, or reveals the roll first)."""

    character: CharacterId
    """The id of the character who rolls"""
    attribute: Attribute
    """The attribute the game master picks for the test: fuerza, agilidad, destreza or magia"""
    grade: Grade
    """The game master's grade of difficulty: facil (TN 4), normal (6), dificil (8) or heroico
    (12); in solo-d6 a threshold shift of -1 to +2"""
    visibility: Visibility = "public"


class StepdiceAttack(DieRoll, kw_only=True):
    """An attack on an enemy [003:157-161]: the weapon's kind fixes the attribute, the
    enemy's grade the TN; the game master's shifts (range, several opponents [003:201, 207]).
    Always public: it changes the enemy's and the attacker's Hearts at once."""

    character: CharacterId
    """The id of the attacking character"""
    enemy: str
    """The id of the enemy attacked (e1, e2, …); it must still be in the fight"""
    kind: AttackKind
    """The weapon's kind, which fixes the attribute: melee (fuerza), ranged (destreza) or spell
    (magia)"""
    #: a spell attack's Mana cost, which the game master assigns (0 for other attacks)
    mana: Annotated[int, msgspec.Meta(ge=0, le=MAX_COST)] = 0


Attack = StepdiceAttack


class Cast(DieRoll, kw_only=True):
    """A cast [003:238-256]: the effect described, its level and cost as the game master
    assigned them. Always public: it spends Mana and may heal at once."""

    character: CharacterId
    """The id of the casting character"""
    effect: Reason
    """The effect the player describes"""
    level: Level
    """The effect's level, as the game master assigns it: truco (TN 4), estandar (6), fuerte (8)
    or gran_poder (12)"""
    cost: Annotated[int, msgspec.Meta(ge=0, le=MAX_COST)]
    """The Mana cost the game master assigns, within the level's: truco 0-1, estandar 1, fuerte
    2, gran_poder 3"""
    heals: str | None = None
    """The id of a Fuerte healing spell's patient, who gets 2 Hearts back on a success [003:254];
    null for any other effect"""


class GrantBenefit(Command, kw_only=True):
    """The game master's extra benefit for an exceptional roll: `extra_wound` on an attack
    (the Boss takes 2 wounds [003:224]), `refund_mana` on magic [003:263], `larger_effect`
    or `extra_benefit` on any [003:72-73, 262-264]."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    """The number of the exceptional roll the benefit is for"""
    benefit: Benefit
    """The benefit: extra_wound (an attack on an élite or boss), refund_mana (magic),
    larger_effect or extra_benefit"""
    description: Reason
    """The game master's description of the benefit"""


class NameComplication(Command, kw_only=True):
    """The game master's complication: owed by a 1, a failed spell's consequence, or a
    fail-forward complication of any failed roll (the S1 example [003:119])."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    """The number of the failed roll the complication is for"""
    complication: Reason
    """The game master's description of the complication (or a failed spell's consequence)"""


class ResolveVenganza(Command, kw_only=True):
    """The game master's ruling on a missed attack [003:177-193]: whether the enemy could
    really reach, and if so whether the attacker loses a Heart or suffers a complication."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    """The number of the missed attack's roll"""
    reach: bool
    """Whether the enemy could really reach the attacker; false: no Venganza (effect none)"""
    effect: Literal["heart", "complication", "none"]
    """What Venganza does: heart (the attacker loses 1 Heart), complication, or none (the enemy
    could not reach)"""
    complication: Reason | None = None
    """The complication, required when the effect is complication; null otherwise"""


class LoseHeart(Command, kw_only=True):
    """The game master rules a hit on a character (the book has no enemy attack procedure)."""

    character: CharacterId
    """The id of the character hit"""
    reason: Reason
    """The game master's reason for the hit (the blow that lands)"""


class SpendArmour(Command, kw_only=True):
    """The character's player spends the Armour token on the pending hit [003:360]."""

    character: CharacterId
    """The id of the character whose Armour token absorbs the pending hit"""


class DeclineArmour(Command, kw_only=True):
    """The character's player keeps the Armour token and loses the Heart."""

    character: CharacterId
    """The id of the character who keeps its Armour token and loses the Heart"""


class RaiseAlly(Command, kw_only=True):
    """An ally spends an Action (Help) to raise a downed character to 1 Heart [003:291]."""

    helper: CharacterId
    """The id of the ally's character who spends the Action to raise"""
    character: CharacterId
    """The id of the downed character to raise to 1 Heart"""
    how: Reason
    """How the ally raises the character, as described"""


class StartClock(Command, kw_only=True):
    """The game master sets a time-pressure clock [003:362-364]."""

    name: Name
    """The clock's name as the table shows it (what the time pressure is)"""
    steps: Annotated[int, msgspec.Meta(ge=1, le=MAX_CLOCK)]
    """The failures (1-12) that run the clock out"""
    consequence: Reason
    """What happens when the clock runs out (alarm, the target escapes, the passage collapses, …)"""


class AdvanceClock(Command, kw_only=True):
    """The game master moves a clock one step for a failure outside the rolls."""

    clock: str
    """The id of the clock to move one step (k1, k2, …); it must still be running"""
    reason: Reason
    """The game master's reason: the failure outside the rolls that moves it"""


class Rest(Command, kw_only=True):
    """A safe rest after a scene [003:301-308]: the characters the game master names refill."""

    characters: Annotated[
        list[str],
        msgspec.Meta(min_length=1, max_length=64, extra_json_schema={"uniqueItems": True}),
    ]
    """The ids of the characters who rest (1-64, each once): their Hearts and Mana refill"""
    reason: Reason
    """The game master's description of the safe rest"""


class AdvanceCharacter(Command, kw_only=True):
    """Solo advancement [003:342-347], which the game master grants: one attribute's rank
    up, or +1 Heart or +1 Mana."""

    character: CharacterId
    """The id of the character advanced"""
    advance: Literal["rank", "heart", "mana"]
    """What the advance gives: rank (one attribute's rank up), heart (+1 maximum Heart) or mana
    (+1 maximum Mana)"""
    attribute: Attribute | None = None
    """The attribute whose rank goes up, for a rank advance; null for a heart or mana advance"""
    reason: Reason
    """The game master's reason for granting the advance"""
