"""What happens in a PORTAL story outside combat, as events: confrontations and collaborations
recorded from rolls already settled (each roll then counts no more), extended confrontations
banking levels, advancement paid with character points, a spell's roll. Every roll they
compare was settled, so revealed: they show what the table saw; a spell's roll may be
secret, and its casting is hidden exactly as the roll (`FromRoll`)."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.dice import FromRoll
from domain.portal.comparison import ComparedRoll, count
from domain.portal.confrontation import Side, Winner
from domain.portal.costs import PaidWith
from domain.portal.events import FollowsRoll, game, pool_paid
from domain.portal.magic import Purpose
from domain.portal.outcome import Outcome
from domain.portal.reading import ReadingSpec
from domain.portal.rerolls import Entitlement
from domain.portal.sheet import CharacterPoints, ConceptRank, Drives, Fortaleza, Limitation
from domain.portal.state import (
    ExtendedConfrontation,
    KeptUnit,
    StackedMember,
    SupportingCharacter,
)
from domain.portal.story_commands import CriticalAction, Improvement
from domain.portal.supporting import unstack
from domain.structs import Stored, clone
from domain.table import Table

#: what pays a luck die outside a roll: a protagonist's held die, a principal NPC's pool or
#: harm (Errata [002:649-651])
LuckPayment = Literal["luck", "pool", "harm"]


class CutRoll(Stored, kw_only=True, forbid_unknown_fields=True):
    """An open roll after the confrontation reduction."""

    STORED_AS = "portal.CutRoll"

    roll: int
    """The table's number of the open roll"""
    character: str
    """The id of the character who rolls"""
    entitlement: Entitlement
    """The rerolls it is entitled to after the cut, by source"""
    readings: list[ReadingSpec]
    """Its readings after the cut (a specialty's bonus cut too, by the table's
    `confrontation_cuts_specialty`)"""
    later: Entitlement | None = None
    """The rerolls its damage or aguante is entitled to after the cut, by source (their own
    confrontation [002:1094]); null: the roll has no later stage"""


def _cut(table: Table, cut: CutRoll) -> None:
    open_roll = game(table).open_rolls[str(cut.roll)]
    open_roll.sequence = msgspec.structs.replace(
        open_roll.sequence, entitlement=clone(cut.entitlement)
    )
    open_roll.readings = [clone(spec) for spec in cut.readings]
    if open_roll.later is not None and cut.later is not None:
        open_roll.later = msgspec.structs.replace(open_roll.later, entitlement=clone(cut.later))


class RerollsCut(Table.Event):
    """Two opposed open rolls cut each other's rerolls by the lower side's levels [002:924]
    (aces too in combat [002:1094]): both rolls are in the open, so is the cut."""

    TOPIC = "portal.RerollsCut"
    first: CutRoll
    """The first side's roll after the cut"""
    second: CutRoll
    """The second side's roll after the cut"""
    cut: int
    """The levels each side lost: the lower side's Fortaleza levels (and aces)"""
    aces: bool
    """Whether aces were cut with the levels"""
    reason: str
    """The game master's reason: what the two confront"""
    later_cut: int = 0
    """The levels each side's damage or aguante lost, cut on their own: the lower later
    stage's Fortaleza levels (and aces) [002:1094, 1096]"""

    def apply(self, table: Table) -> None:
        _cut(table, self.first)
        _cut(table, self.second)


class Confronted(Table.Event):
    """A simple or unequal confrontation decided [002:922-954]: the difference (first minus
    second, the advantage included) and who won; a negative result is a fumble, which no
    advantage prevents [002:950]. A tie is the table's `confrontation_tie`."""

    TOPIC = "portal.Confronted"
    first: ComparedRoll
    """The first side's roll and result (doubled when the game master doubled it)"""
    second: ComparedRoll
    """The second side's roll and result (doubled when the game master doubled it)"""
    advantage: int
    """The game master's virtual advantage to the first side (negative: to the second)"""
    doubled: Side | None
    """The side whose result the game master doubled; null: none"""
    difference: int
    """The first side's result minus the second's, plus the advantage"""
    winner: Winner
    """`first`, `second` or `tie`"""
    first_fumbled: bool
    """Whether the first side's result is negative: a fumble [002:950]"""
    second_fumbled: bool
    """Whether the second side's result is negative: a fumble [002:950]"""
    reason: str
    """The game master's reason: what is confronted, and why any advantage"""

    def apply(self, table: Table) -> None:
        count(table, self.first, self.second)


class ExtendedStarted(Table.Event):
    """An extended confrontation opened by the game master [002:932-936]."""

    TOPIC = "portal.ExtendedStarted"
    confrontation: int
    """The confrontation's number at the table, from 1"""
    first: str
    """The id of the first side's character"""
    second: str
    """The id of the second side's character"""
    target: int
    """The banked differential that wins"""
    reason: str
    """The game master's reason for the differential"""

    def apply(self, table: Table) -> None:
        game(table).extended[str(self.confrontation)] = ExtendedConfrontation(
            number=self.confrontation, first=self.first, second=self.second, target=self.target
        )


class ExchangeBanked(Table.Event):
    """One exchange of an extended confrontation: the difference banked [002:938]."""

    TOPIC = "portal.ExchangeBanked"
    confrontation: int
    """The extended confrontation's number"""
    first: ComparedRoll
    """The first side's roll and result"""
    second: ComparedRoll
    """The second side's roll and result"""
    balance: int
    """The levels banked after it: positive, the first side's lead; negative, the second's"""
    winner: Side | None
    """The side that reached the differential and won; null: the contest goes on"""

    def apply(self, table: Table) -> None:
        count(table, self.first, self.second)
        extended = game(table).extended[str(self.confrontation)]
        extended.balance = self.balance
        extended.exchanges += 1


class AcesBought(Table.Event):
    """Banked success levels spent on aces for a later roll [002:940]."""

    TOPIC = "portal.AcesBought"
    confrontation: int
    """The extended confrontation's number"""
    side: Side
    """The side that bought them: `first` or `second`"""
    aces: int
    """How many aces, for the game master to grant in that side's next roll"""
    levels: int
    """The banked levels they cost (the table's `levels_per_ace` each)"""
    balance: int
    """The levels banked after the purchase"""
    reason: str
    """The roll the aces are for, in the game master's words"""

    def apply(self, table: Table) -> None:
        game(table).extended[str(self.confrontation)].balance = self.balance


class PsychologicalConfronted(Table.Event):
    """A psychological confrontation decided [002:964-1006], the manipulator having paid one
    luck die [002:966]: whether the victim is influenced and by how much; a victim's fumble
    lets the game master dictate the behaviour [002:998], a manipulator's turns on him the
    discomfort he would have caused [002:1000]."""

    TOPIC = "portal.PsychologicalConfronted"
    manipulator: ComparedRoll
    """The manipulator's roll and result"""
    victim: ComparedRoll
    """The victim's roll and result"""
    seat: str
    """The seat id of the manipulator's player"""
    influenced: bool
    """Whether the manipulator won: the victim is influenced, its player still deciding
    [002:972]"""
    margin: int
    """The manipulator's result minus the victim's"""
    victim_dictated: bool
    """Whether the victim fumbled: the game master may dictate the behaviour [002:998]"""
    backfires: bool
    """Whether the manipulator fumbled: he takes the discomfort he would have caused
    [002:1000]"""
    paid_with: LuckPayment
    """What paid for the right [002:966]: a protagonist's held `luck` die; a principal NPC's
    `pool` (one luck-equivalent) or its `harm` (a discomfort die, absorbed as any
    [002:248]) (Errata [002:649-651])"""
    luck_held: int
    """The luck dice the manipulator holds after paying, 0..3"""
    luck_lost: int
    """The manipulator's lost luck dice after paying, 0..3"""
    discomfort: int
    """The manipulator's discomfort dice after paying, 0..3"""
    wound: int
    """The manipulator's wound dice after paying, 0..3"""
    pool: int | None
    """A principal NPC's pool after paying; null for a protagonist"""
    reason: str
    """The game master's reason: what the manipulator wants"""

    def apply(self, table: Table) -> None:
        count(table, self.manipulator, self.victim)
        _paid(table, self.manipulator.character, self)


def _paid(table: Table, character: str, event: Any) -> None:
    """A cost paid (`costs.pay`): the sheet's dice, points and pool as the event says."""
    sheet = game(table).characters[character].sheet
    sheet.luck_held, sheet.luck_lost = event.luck_held, event.luck_lost
    sheet.discomfort, sheet.wound = event.discomfort, event.wound
    points = getattr(event, "points", None)
    if points is not None:
        sheet.points = clone(points)
    pool_paid(sheet, event.pool)


class TeamsConfronted(Table.Event):
    """Team against team decided: each side's results summed [002:1010]."""

    TOPIC = "portal.TeamsConfronted"
    first: list[ComparedRoll]
    """The first team's rolls and results"""
    second: list[ComparedRoll]
    """The second team's rolls and results"""
    difference: int
    """The first team's sum minus the second's"""
    winner: Winner
    """`first`, `second` or `tie`"""
    reason: str
    """The game master's reason: what the teams contend for"""

    def apply(self, table: Table) -> None:
        count(table, *self.first, *self.second)


class Collaborator(Stored, kw_only=True, forbid_unknown_fields=True):
    """One member of a collaboration and what became of it [002:902-912]."""

    STORED_AS = "portal.Collaborator"

    roll: ComparedRoll
    """The member's roll and result"""
    margin: int
    """Its result minus the collaborative difficulty [002:902]"""
    covered: bool
    """Whether the group's excess raised it to the difficulty [002:912]"""
    outcome: Outcome
    """`success`, `partial` or `failure`: a covered member's is the table's `covered_member`"""


class Collaborated(Table.Event):
    """A collaborative challenge resolved [002:884-918]."""

    TOPIC = "portal.Collaborated"
    difficulty: int
    """The challenge's difficulty before the reduction"""
    reduction: int
    """How much the game master lowered it (negative: raised it)"""
    collaborative_difficulty: int
    """The difficulty every member rolled against, never below 0"""
    members: list[Collaborator]
    """Each member and what became of it, in the command's order"""
    excess: int
    """The success levels pooled by the members who reached the difficulty"""
    deficit: int
    """What covering every member short would cost: 2 per missing point [002:904]"""
    spent: int
    """The excess spent covering members"""
    left: int
    """The excess left"""
    shared_task: bool
    """The game master's: whether the task fails as a whole with any member uncovered"""
    task_failed: bool
    """Whether the task failed as a whole"""
    reason: str
    """The game master's reason for the reduction and the task's nature"""

    def apply(self, table: Table) -> None:
        count(table, *(member.roll for member in self.members))


class SheetParts(Stored, kw_only=True, forbid_unknown_fields=True):
    """What an improvement changes of a sheet besides its concept, as it stands after."""

    STORED_AS = "portal.SheetParts"

    fortalezas: list[Fortaleza]
    """The Fortalezas after"""
    limitations: list[Limitation]
    """The limitations after"""
    drives: Drives
    """The drives and their lifetime counters after"""


class CharacterAdvanced(Table.Event):
    """An improvement the game master approved [002:846], paid with character points
    [002:711-838]: the parts of the sheet it changes, as they stand after."""

    TOPIC = "portal.CharacterAdvanced"
    character: str
    """The id of the protagonist who improved"""
    seat: str
    """The seat id of the character's player"""
    improvement: Improvement
    """What was bought: `fortaleza`, `specialty`, `remove_limitation`, `concept`,
    `acquire_drive` or `remove_drive`"""
    name: str | None
    """The Fortaleza, limitation or drive it concerns; null for a concept change"""
    cost: int
    """The character points it cost (negative: given back by lowering the concept)"""
    concept: ConceptRank
    """The concept rank after"""
    sheet: SheetParts
    """The Fortalezas, limitations and drives after"""
    points: CharacterPoints
    """The character points in hand and in the reserve after"""
    at_adventure_end: bool
    """Whether it was bought at the adventure's end, the reserve paying too; the next
    adventure's partly applicable Fortalezas have their rerolls anew [002:492]"""
    approval: str
    """The game master's reason for approving it"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        if self.at_adventure_end:  # a new adventure: partly applicable Fortalezas anew [002:492]
            character.partial_used = {}
        sheet = character.sheet
        sheet.concept = self.concept
        sheet.fortalezas = [clone(f) for f in self.sheet.fortalezas]
        sheet.limitations = [clone(limitation) for limitation in self.sheet.limitations]
        sheet.drives = clone(self.sheet.drives)
        sheet.points = clone(self.points)


class SpellCast(FollowsRoll):
    """A spell's roll as the game master ruled it [002:1604-1620]: the rank it is worked at
    and the difficulty it set for the roll (`RollOpened` just before it, with the same
    number); null for a competent mage's rank 0 spell, an automatic success."""

    TOPIC = "portal.SpellCast"
    rank: int
    """The rank of power the spell is worked at: its own, one more to enchant or invent
    [002:1616-1620]; 4 for a rank 3 enchantment or invention"""
    purpose: Purpose
    """`cast`, `enchant` or `invent`"""
    missing: int
    """How many required elements the caster lacks"""
    difficulty: int | None
    """The roll's difficulty: 2, 3, 4, 5 by rank (6 for a rank 3 enchantment or invention),
    plus 1 (rank 1) or 2 (rank 2) per missing element [002:1606-1614]; null: no roll"""
    reason: str
    """The game master's reason for the rank and the elements"""


class PaidDice(Stored, kw_only=True, forbid_unknown_fields=True):
    """The dice a spell's elements took from the caster's sheet, by kind."""

    STORED_AS = "portal.PaidDice"

    luck: int = 0
    """Luck dice paid (a principal NPC's: the luck-equivalents it paid otherwise)"""
    discomfort: int = 0
    """Discomfort dice taken as an element"""
    wound: int = 0
    """Wound dice taken as an element"""


class SpellPaid(Table.Event):
    """A spell's elements paid from the caster's sheet before its roll [002:1604], recorded
    just before the roll's dice (`SpellCast` follows them): the dice on the sheet are the
    table's, so the payment is public, whatever the roll's visibility; the points and an
    NPC's pool are the player's and the game master's."""

    TOPIC = "portal.SpellPaid"
    character: str
    """The id of the caster who pays (the one who rolls, or one sharing a rite's cost)"""
    seat: str
    """The seat id of the payer's player (the game master's seat for a principal NPC)"""
    elements: PaidDice
    """The elements paid from the dice, by kind"""
    points_paid: int
    """The character points paid, 0 or more"""
    luck_with: PaidWith | None
    """What paid the luck: the caster's own `luck`, a principal NPC's `pool` or `harm` (a
    discomfort die each) (Errata [002:649]); null: no luck paid"""
    points_with: PaidWith | None
    """What paid the points: the caster's own `points`, a principal NPC's `pool` or `harm` (a
    wound die each) (Errata [002:649]); null: no points paid"""
    luck_held: int
    """The luck dice the caster holds after paying, 0..3"""
    luck_lost: int
    """The caster's lost luck dice after paying, 0..3"""
    discomfort: int
    """The caster's discomfort dice after paying, 0..3: the roll throws them"""
    wound: int
    """The caster's wound dice after paying, 0..3: the roll throws them"""
    points: CharacterPoints
    """The caster's character points after paying"""
    pool: int | None
    """A principal NPC's pool after paying; null for a protagonist"""
    rite_of: str | None = None
    """The id of the caster whose rank 3 rite this character shares the cost of, paying its
    part from its own sheet [002:1614]; null: the caster's own payment"""

    def apply(self, table: Table) -> None:
        _paid(table, self.character, self)


class CriticalActionTaken(Table.Event):
    """A contender in the critical state acts once more, its cost paid [002:590, 599-601,
    1281]: a luck die for a minimal action, a character point for a normal or a last heroic
    one (a principal NPC's pool or harm, Errata [002:649]); the heroic one penalised with 3
    discomfort and 3 wound dice, and the character unstabilised again. Said at the table."""

    TOPIC = "portal.CriticalActionTaken"
    combat: int
    """The combat's number"""
    character: str
    """The id of the contender who acts"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    action: CriticalAction
    """`minimal`, `normal` or `heroic`"""
    paid_with: PaidWith
    """What paid: the character's own `luck` or `points`, a principal NPC's `pool` or `harm`"""
    luck_held: int
    """The luck dice the character holds after paying, 0..3"""
    luck_lost: int
    """The character's lost luck dice after paying, 0..3"""
    discomfort: int
    """The character's discomfort dice after paying (3 for a heroic action), 0..3"""
    wound: int
    """The character's wound dice after paying (3 for a heroic action), 0..3"""
    points: CharacterPoints
    """The character's points after paying"""
    pool: int | None
    """A principal NPC's pool after paying; null for a protagonist"""
    state: str
    """The critical state after: unchanged, or `unstabilised` after a heroic action"""
    reason: str
    """The game master's reason: what the character does"""

    def apply(self, table: Table) -> None:
        _paid(table, self.character, self)
        contender = game(table).combats[str(self.combat)].contender(self.character)
        if contender is not None:
            contender.out, contender.critical_action = self.state, self.action


# -- supporting characters ---------------------------------------------------------------------


class SupportingTotals(Stored, kw_only=True, forbid_unknown_fields=True):
    """A supporting character's totals for one turn: its values plus the turn's modifier."""

    STORED_AS = "portal.SupportingTotals"

    attack: int
    """Attack this turn"""
    defence: int
    """Defence this turn"""
    aguante: int
    """Aguante this turn"""
    damage: int
    """Damage this turn"""
    reflexes: float
    """Reflexes this turn"""


class SupportingAdded(Table.Event):
    """A supporting character brought to the story by the game master."""

    TOPIC = "portal.SupportingAdded"
    supporting: SupportingCharacter
    """The supporting character with its values"""
    reason: str
    """The game master's reason for its values"""

    def apply(self, table: Table) -> None:
        game(table).supporting[self.supporting.id] = clone(self.supporting)


class SupportingTurnRolled(FromRoll):
    """A supporting character's turn die (`DiceRolled` just before it) against its current G:
    the modifier to every total this turn [002:1309-1319]."""

    TOPIC = "portal.SupportingTurnRolled"
    supporting: str
    """The supporting character's id"""
    face: int
    """The turn die's face, 1..6"""
    modifier: int
    """+1 below the current G, 0 equal, -1 above"""
    totals: SupportingTotals
    """Its totals this turn"""

    def apply(self, table: Table) -> None:
        state = game(table)
        unstack(state, [self.supporting])  # its next turn: a unit it was in is over
        supporting = state.supporting[self.supporting]
        supporting.modifier, supporting.turn_roll = self.modifier, self.roll


class SupportingHurt(Table.Event):
    """A damage total against a supporting character's Aguante this turn: what passes lowers
    its G only; at 0 or less it is out of combat [002:1297-1307]."""

    TOPIC = "portal.SupportingHurt"
    supporting: str
    """The supporting character's id"""
    damage_total: int
    """The damage total that reached it"""
    aguante: int
    """Its Aguante this turn (its value and its turn die's modifier)"""
    through: int
    """The damage points past the Aguante"""
    taken: int
    """The damage points it has taken in all"""
    generic: int
    """Its G now: its generic value less the damage taken"""
    out: bool
    """Whether its G is 0 or less: out of combat [002:1307]"""
    reason: str
    """What dealt the damage, in the game master's words"""

    def apply(self, table: Table) -> None:
        game(table).supporting[self.supporting].taken = self.taken


class DifficultyDeferred(FollowsRoll):
    """A deferred confrontation's later roll (`RollOpened` just before it, the same number):
    its difficulty is the first side's result as the game master transformed it
    [002:956-962]."""

    TOPIC = "portal.DifficultyDeferred"
    first: ComparedRoll
    """The first side's settled roll and result"""
    factor: int
    """What the game master multiplied it by"""
    bonus: int
    """What the game master added after"""
    difficulty: int
    """The later roll's difficulty: result x factor + bonus, never below 0"""
    reason: str
    """The game master's reason for the transformation"""

    def apply(self, table: Table) -> None:
        count(table, self.first)


class UnitStacked(FromRoll):
    """A unit of supporting characters stacked (`DiceRolled` just before it, one d6 per
    member): the leader's totals this turn plus each member's contribution [002:1383-1419].
    The unit is kept for the fight that names it (`KeptUnit`); each member's die is its turn
    die for the rest of the turn, its own totals moved by it when it is attacked on its own
    [002:1415-1417]."""

    TOPIC = "portal.UnitStacked"
    purpose: Literal["attack", "defence"]
    """`attack` (Attack and Damage) or `defence` (the leader's Defence)"""
    leader: str
    """The leader's id: a supporting character (s1 …), or a protagonist or principal NPC
    (c1 …), always the leader of an attack it joins [002:1373-1375]"""
    members: list[StackedMember]
    """Each member's die, what it added and its own modifier from it, in order"""
    totals: dict[str, int]
    """The unit's totals: `attack` and `damage`, or `defence`; for a character leader what
    its members add to its roll's results"""
    reflexes: float
    """The unit's Reflexes: its slowest member's [002:1419]"""

    def apply(self, table: Table) -> None:
        state = game(table)
        unstack(state, [self.leader, *(member.supporting for member in self.members)])
        state.units[str(self.roll)] = KeptUnit(
            roll=self.roll,
            purpose=self.purpose,
            leader=self.leader,
            members=[clone(member) for member in self.members],
            reflexes=self.reflexes,
        )
        for member in self.members:
            supporting = state.supporting[member.supporting]
            supporting.modifier, supporting.turn_roll = member.modifier, self.roll
