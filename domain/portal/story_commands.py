"""What a PORTAL client asks of the story outside combat: confrontations and collaborations
between rolls already settled at the table (each named by its number, its results read from
the state), advancement bought with character points, and a spell's roll. Every one is the
game master's, every judgement a required field with its reason [002:846, 884-1012, 1604]."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.dice import Visibility
from domain.names import Reason
from domain.portal.cast import Generic, Value
from domain.portal.collaboration import MAX_MEMBERS
from domain.portal.commands import PortalOpenRoll
from domain.portal.confrontation import Side
from domain.portal.magic import Purpose, Rank
from domain.portal.sheet import (
    MAX_CP_IN_HAND,
    MAX_DICE,
    ConceptRank,
    DiceCount,
    Frequency,
    Label,
    Level,
)

RollNumber = Annotated[int, msgspec.Meta(ge=1)]
#: a virtual advantage or a difficulty's change: far beyond any result [002:107, 948]
Shift = Annotated[int, msgspec.Meta(ge=-99, le=99)]


class PortalRollRef(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A settled roll of the table, and which of its readings counts."""

    roll: RollNumber
    """The table's number of the settled roll (the one `RollOpened` names)"""
    reading: Label | None = None
    """The name of the reading that counts; absent or null: the roll's first, primary one"""


class PortalCutRerolls(Command, kw_only=True):
    """The confrontation reduction [002:924-930]: two opposed characters' open rolls, none
    rerolled yet, cut each other's Fortaleza levels until one side has none (Stealth 2
    against Alert 1: 1 reroll against none [002:928]); in combat aces too [002:1094]. A
    specialty's bonus is cut as well, by the table's `confrontation_cuts_specialty`. The game
    master may skip it [002:930]: it is asked for."""

    first: RollNumber
    """The table's number of the first side's open roll"""
    second: RollNumber
    """The table's number of the second side's open roll"""
    aces: bool
    """Whether the aces in the sleeve are cut with the Fortaleza levels, as in combat
    [002:1094]"""
    reason: Reason
    """The game master's reason: what the two confront"""


class PortalConfront(Command, kw_only=True):
    """A simple or unequal confrontation [002:922-954]: two settled rolls of two characters
    compared, `first` against `second`. The game master's virtual advantage goes on the
    difference, never on a result (it cannot prevent a fumble) [002:948-950]; or the
    advantaged side's result is doubled [002:954]."""

    first: PortalRollRef
    """The first side's settled roll (the one acting)"""
    second: PortalRollRef
    """The second side's settled roll (the one resisting)"""
    advantage: Shift = 0
    """The game master's virtual advantage to the first side, added to the difference
    (negative: to the second side); 0: none [002:948]"""
    doubled: Side | None = None
    """The side whose result the game master doubles instead (`first` or `second`) [002:954];
    null: none"""
    reason: Reason
    """The game master's reason: what is confronted, and why any advantage"""


class PortalStartExtended(Command, kw_only=True):
    """The game master opens an extended confrontation between two characters: the success
    differential that wins, banked over several exchanges [002:932-942]."""

    first: CharacterId
    """The id of the first side's character"""
    second: CharacterId
    """The id of the second side's character"""
    target: Annotated[int, msgspec.Meta(ge=1, le=99)]
    """The banked differential that wins, 1..99 [002:934]"""
    reason: Reason
    """The game master's reason for the differential: what the contest is"""


class PortalExchange(Command, kw_only=True):
    """One exchange of an extended confrontation: a settled roll of each side, the
    difference banked [002:938]."""

    confrontation: RollNumber
    """The extended confrontation's number (its `ExtendedStarted`)"""
    first: PortalRollRef
    """The first side's settled roll"""
    second: PortalRollRef
    """The second side's settled roll"""


class PortalBuyAces(Command, kw_only=True):
    """The side ahead in an extended confrontation spends banked success levels on aces for
    a later roll [002:940], at the table's `levels_per_ace` (1 by default); the game master
    grants them when opening that roll."""

    confrontation: RollNumber
    """The extended confrontation's number (its `ExtendedStarted`)"""
    side: Side
    """The side that buys: `first` or `second`, the one ahead"""
    aces: Annotated[int, msgspec.Meta(ge=1, le=20)]
    """How many aces, 1..20"""
    reason: Reason
    """The roll the aces are for, in the game master's words"""


class PortalPsychological(Command, kw_only=True):
    """A psychological confrontation [002:964-1006]: the manipulator's settled roll against
    the victim's, the manipulator paying the luck die that buys the right [002:966]. What
    discomfort the victim takes for resisting is the game master's, given as any discomfort
    dice (`portalGiveDice`) [002:972-986]."""

    manipulator: PortalRollRef
    """The manipulator's settled roll; its character pays 1 held luck die"""
    victim: PortalRollRef
    """The victim's settled roll, resisting"""
    reason: Reason
    """The game master's reason: what the manipulator wants"""


class PortalTeams(Command, kw_only=True):
    """Team against team [002:1008-1012]: each side's settled results summed, the
    difference decides."""

    first: Annotated[list[PortalRollRef], msgspec.Meta(min_length=1, max_length=MAX_MEMBERS)]
    """The first team's settled rolls, one per member, 1..12"""
    second: Annotated[list[PortalRollRef], msgspec.Meta(min_length=1, max_length=MAX_MEMBERS)]
    """The second team's settled rolls, one per member, 1..12"""
    reason: Reason
    """The game master's reason: what the teams contend for"""


class PortalCollaborate(Command, kw_only=True):
    """A collaborative challenge [002:884-918]: the members' settled rolls against the
    difficulty less the game master's reduction; the success levels of those who reach it
    pooled, each point a member falls short costing the pool 2; the members the group covers,
    in order."""

    members: Annotated[list[PortalRollRef], msgspec.Meta(min_length=2, max_length=MAX_MEMBERS)]
    """The members' settled rolls, one per character, 2..12"""
    difficulty: Annotated[int, msgspec.Meta(ge=0, le=99)]
    """The challenge's difficulty before the reduction, 0 to the table's maximum"""
    reduction: Shift
    """How much the game master lowers the difficulty for the collaboration (0, or negative
    to raise it) [002:886-900]"""
    cover: Annotated[list[CharacterId], msgspec.Meta(max_length=MAX_MEMBERS)]
    """The members short of the difficulty the group covers with its pooled excess, in order
    (the group's choice [002:906]); empty: none"""
    shared_task: bool
    """The game master's: whether the task fails as a whole with any member uncovered (the
    rock [002:912]), rather than that member failing alone [002:906]"""
    reason: Reason
    """The game master's reason for the reduction and for the task's nature"""


Improvement = Literal[
    "fortaleza", "specialty", "remove_limitation", "concept", "acquire_drive", "remove_drive"
]


class PortalAdvance(Command, kw_only=True):
    """The game master approves an improvement [002:846] and its price in character points
    is paid [002:711-838]: a Fortaleza raised or acquired (every level in between bought in
    turn), a specialty, a limitation removed, the concept changed (lowering it gives points
    back), a drive acquired or removed (the n-th costs the n-th triangular number, counted
    over the character's life). In play only the hand pays; at the adventure's end the reserve
    too, the next adventure starting with 5 in hand at most [002:844, 854-856]."""

    character: CharacterId
    """The id of the protagonist who improves"""
    improvement: Improvement
    """What is bought: `fortaleza`, `specialty`, `remove_limitation`, `concept`,
    `acquire_drive` or `remove_drive`"""
    name: Label | None = None
    """The Fortaleza (`fortaleza`, `specialty`), limitation (`remove_limitation`) or drive
    (`acquire_drive`, `remove_drive`) it concerns; null for `concept`"""
    level: Level | None = None
    """The Fortaleza's new level, 0..5, above its present one (`fortaleza` only)"""
    frequency: Frequency | None = None
    """A newly acquired Fortaleza's frequency (`fortaleza` only, when not held yet): it prices
    the levels [002:724-796]"""
    specialty: Label | None = None
    """The specialty's name (`specialty` only)"""
    concept: ConceptRank | None = None
    """The new concept rank (`concept` only)"""
    at_adventure_end: bool
    """Whether the adventure is over: the reserve pays too, and the next adventure starts with
    5 points in hand at most [002:844, 856]; false: in play, the hand pays alone"""
    approval: Reason
    """The game master's reason for approving the improvement [002:846]"""


class PortalElements(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A spell's elements paid from the caster's sheet before its roll [002:1604]: each kind
    paid is one required element the caster has. A principal NPC pays the luck and the
    points as its sheet says (`npc_pool`: its pool, or a discomfort die per luck die and a
    wound die per point, Errata [002:649])."""

    luck: DiceCount = 0
    """Held luck dice paid, lost as any spent luck [002:1606-1608]; 0: none"""
    discomfort: DiceCount = 0
    """Discomfort dice taken, absorbed as any (past 3 they turn into wound dice [002:248])
    [002:1606-1608]; 0: none"""
    points: Annotated[int, msgspec.Meta(ge=0, le=MAX_CP_IN_HAND)] = 0
    """Character points paid from the hand, 0..5 [002:1610-1612]; 0: none"""
    wound: DiceCount = 0
    """Wound dice taken, up to 3 held [002:1610-1612]; 0: none"""


class PortalShare(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Another caster's part of a rank 3 rite's cost [002:1614], paid from its own sheet."""

    character: CharacterId
    """The id of the caster sharing the cost (not the one who rolls)"""
    paid: PortalElements
    """The required elements it pays before the roll, something at least"""


#: the casters besides the one who rolls that may share a rite's cost (12 elements at most
#: [002:1614])
MAX_SHARERS = 11


class PortalSpell(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A spell as the game master rules it [002:1604-1620]: its rank of power, what it is
    for, and the elements it requires and those the caster lacks."""

    rank: Rank
    """The spell's rank of power, 0..3 [002:1604]"""
    purpose: Purpose
    """`cast`, `enchant` (an item: a rite one rank higher) or `invent` (a new spell: as
    casting one a rank higher) [002:1616-1620]"""
    competent: bool
    """Whether the caster practises the arcane arts: a competent mage casts rank 0 at no cost
    and with no roll [002:1606]"""
    required: Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE * 4)]
    """How many elements the game master requires (luck, discomfort, turns, ingredients,
    points, wound dice, time) [002:1606-1614]"""
    missing: Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE * 4)]
    """How many of them the caster lacks: each makes the roll harder; none may miss at rank 3
    [002:1608-1614]"""
    paid: PortalElements | None = None
    """The required elements paid from the caster's sheet before the roll [002:1604]; null:
    none from the sheet (turns, ingredients and time are the story's)"""
    sharing: Annotated[list[PortalShare], msgspec.Meta(max_length=MAX_SHARERS)] = []
    """The other casters sharing a rank 3 rite's cost, each paying its part from its own sheet
    before the roll ("la colaboración de varios hechiceros, el sacrificio conjunto"
    [002:1614]); empty: the caster pays alone"""
    reason: Reason
    """The game master's reason for the rank and the elements"""


class PortalCastSpell(PortalOpenRoll, kw_only=True):
    """The game master calls a spell's roll [002:1604-1620]: the spell's rank, purpose and
    missing elements set the difficulty (`difficulty` and `automatic` stay null); a competent
    mage's rank 0 spell succeeds with no roll [002:1606]. The roll is then rerolled and
    settled as any roll; a layman keeps the LOW die, MID for a spell known well [002:1606]
    (the reading's choice)."""

    spell: PortalSpell
    """The spell as the game master rules it"""


#: what a character in the critical state does once more [002:590, 599-601, 1281]
CriticalAction = Literal["minimal", "normal", "heroic"]


class PortalCriticalAction(Command, kw_only=True):
    """A contender in the critical state acts once more at its cost: conscious past the
    damage limit, a `minimal` action (whisper aside: press a button, crawl) for a luck die, a
    `normal` one (attack, flee) for a character point [002:590, 1281]; unconscious but
    stabilised, a last `heroic` normal action for a character point, at the end of the turn,
    penalised with 3 discomfort and 3 wound dice, leaving it unstabilised again
    [002:591, 599-601]. A principal NPC pays as its sheet says (`npc_pool`, Errata
    [002:649]). The game master then calls the action's roll, if any."""

    combat: RollNumber
    """The combat's number (its `CombatStarted`)"""
    character: CharacterId
    """The id of the contender in the critical state"""
    action: CriticalAction
    """`minimal` or `normal` (conscious past the limit), `heroic` (unconscious and
    stabilised)"""
    reason: Reason
    """The game master's reason: what the character does"""


class PortalAddSupporting(Command, kw_only=True):
    """The game master brings a supporting character (*personaje de reparto*) to the story
    [002:657-663, 1285-1299]: its generic value G, 1..6, is the difficulty of every roll
    against it and the default of its Group, Attack, Defence, Aguante and Damage; its
    Reflexes are G - 0.5 unless given."""

    name: Label
    """The supporting character's name ("a zombie", "Colmillo")"""
    generic: Generic
    """Its generic value G, 1..6 [002:661]"""
    group: Annotated[int, msgspec.Meta(ge=1, le=50)] | None = None
    """How many of its kind may stack in one unit [002:1371]; null: G"""
    reflexes: float | None = None
    """Its Reflexes, between 0 and 20 and never a whole number [002:1291] (checked by the
    table: litestar's document drops a float's bounds); null: G - 0.5"""
    attack: Value | None = None
    """Its Attack; null: G"""
    defence: Value | None = None
    """Its Defence; null: G"""
    aguante: Value | None = None
    """Its Aguante; null: G"""
    damage: Value | None = None
    """Its Damage (Daño); null: G"""
    reason: Reason
    """The game master's reason for its values"""


class PortalSupportingTurn(Command, kw_only=True):
    """The game master rolls a supporting character's turn die [002:1309-1319]: below its
    current G, +1 to every total this turn; equal, nothing; above, -1."""

    supporting: Label
    """The supporting character's id (`SupportingAdded`: s1, s2 …)"""
    visibility: Visibility = "public"
    """Who sees the die and what follows from it: public, gm or blind (the game master's own
    roll)"""


class PortalHurtSupporting(Command, kw_only=True):
    """A damage total against a supporting character's Aguante this turn (its value and its
    last turn die's modifier): what passes lowers its G, never its other values; at 0 it is
    out of combat [002:1297-1307]."""

    supporting: Label
    """The supporting character's id (`SupportingAdded`: s1, s2 …)"""
    damage_total: Annotated[int, msgspec.Meta(ge=0, le=99)]
    """The damage total that reaches it: an attack's excess plus the damage die and weapon
    [002:1297]"""
    reason: Reason
    """What dealt the damage, in the game master's words"""


class PortalDeferral(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The first half of a deferred confrontation [002:956-962]: a settled roll whose result,
    as the game master transforms it, is the later roll's difficulty."""

    first: PortalRollRef
    """The first side's settled roll (Calvin's knot)"""
    factor: Annotated[int, msgspec.Meta(ge=1, le=10)] = 1
    """What the game master multiplies the first result by (2 for Calvin's knot [002:962])"""
    bonus: Shift = 0
    """What the game master adds after multiplying; 0: nothing"""
    reason: Reason
    """The game master's reason for the transformation"""


class PortalDeferredRoll(PortalOpenRoll, kw_only=True):
    """The later roll of a deferred confrontation [002:956-962], called as `portalOpenRoll`
    calls one: its difficulty is the first side's settled result as the game master
    transforms it (`difficulty` and `automatic` stay null)."""

    deferral: PortalDeferral
    """The first side's roll and the game master's transformation"""


class PortalStackUnit(Command, kw_only=True):
    """The game master stacks supporting characters into a unit [002:1371-1419]: one d6 per
    member against its current G (equal: its whole value; below: +1 where its value exceeds
    the die; above: nothing) added to the leader's totals this turn; for one attack (Attack
    and Damage) or for the leader's defence. A unit holds its Group at most, the leader
    included; it acts in its slowest member's phase. A protagonist or principal NPC may lead
    it (always the leader of an attack it joins [002:1373-1375]): its members add to its
    roll's results at the fight. The unit is kept until a fight names it (an attack unit
    spent by its one attack) or a turn die of one of its supporting characters, and each
    member's die is its turn die, its own totals moved by it when attacked on its own
    [002:1415-1417]."""

    purpose: Literal["attack", "defence"]
    """`attack` (Attack and Damage stack) or `defence` (Defence stacks, for the leader only
    [002:1413])"""
    leader: Label
    """The leader's id: a supporting character's (s1 …), or a protagonist's or principal
    NPC's (c1 …)"""
    members: Annotated[list[Label], msgspec.Meta(min_length=1, max_length=49)]
    """The stacked members' ids, 1..49, each rolling its d6 in this order"""
    visibility: Visibility = "public"
    """Who sees the members' dice and what follows from them: public, gm or blind"""
