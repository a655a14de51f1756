"""What a FATE client asks of a conflict at the table [004:603-765, 861-889]: its start
(initiative, minion groups), its turns and exchanges, delays, full defences, an attack as one
command, blocks, its zones and movement, disarms and weapons picked up, pushes, throws, minions
taken out, and its end. The game master records each, every judgement a required field
with its reason; an attack throws both its rolls from the table's dice."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.fate.commands import MAX_BORDER, RollNumber
from domain.fate.conflict import Reach
from domain.fate.sheet import MAX_ENTRIES, Rating
from domain.fate.state import ConflictKind
from domain.fate.stress import Track
from domain.names import Name, Reason

#: a seat's distance from the game master, for the last tie of the initiative
MAX_DISTANCE = 20
#: a weight scale past this is no thing a character throws [004:889]
MAX_WEIGHT = 8
#: zones a throw may cross
MAX_ZONES = 8


class FateParticipant(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One side's entry in the initiative [004:633-637]: a character, or a minion group (an
    NPC standing for the group) led by a character or acting on its quality."""

    character: CharacterId
    """The id of the participating character (an NPC for a minion group)"""
    distance: Annotated[int, msgspec.Meta(ge=0, le=MAX_DISTANCE)]
    """How far its player sits from the game master, 0 the closest: the last tie of the
    initiative [004:635], as the game master sees the table"""
    led_by: CharacterId | None
    """For a minion group a named character leads: the leader's id, whose Alerta or Empatía
    and Coraje it acts on [004:629, 637]; null: none"""
    quality: Rating | None
    """For a minion group no character leads: its quality, its initiative [004:637]; null: the
    character's own skill"""
    minions: Annotated[int, msgspec.Meta(ge=1, le=MAX_ENTRIES)] | None = None
    """For a minion group: how many minions it holds, taken out one by one
    (`fateTakeOutMinions`) [004:629]; null: one character"""


class FateBeginConflict(Command, kw_only=True):
    """The game master starts a conflict [004:603-639]: its kind and its participants, whose
    initiative order (Alerta or Empatía descending, ties to Coraje, then to the seat closest
    to the game master) is fixed for the whole conflict; the first exchange begins."""

    kind: ConflictKind
    """`physical` (initiative by Alerta) or `social` (by Empatía) [004:633]"""
    participants: Annotated[
        list[FateParticipant], msgspec.Meta(min_length=2, max_length=MAX_ENTRIES)
    ]
    """Every side's entry, two at least, each character once"""
    reason: Reason
    """What the conflict is about, as the game master declares it"""


class FateEndTurn(Command, kw_only=True):
    """The game master ends the turn of the character acting: the next in this exchange's
    order acts; after the last, a new exchange begins in the initiative order [004:639]."""

    character: CharacterId
    """The id of the character whose turn ends: the one acting (a stale call is refused)"""


class FateDelayTurn(Command, kw_only=True):
    """The character acting delays its turn until right after another's, later in this
    exchange [004:717-719]: never by interrupting a declared action."""

    character: CharacterId
    """The id of the character acting, who delays"""
    after: CharacterId
    """The id of the character after whose turn it acts, one acting later this exchange"""


class FateEndConflict(Command, kw_only=True):
    """The game master ends the conflict: its blocks end, and who was disarmed is armed
    again for the next."""

    reason: Reason
    """How the conflict ended (a side taken out or conceded, a flight), as the game master
    says"""


class FateAttack(Command, kw_only=True):
    """An attack as one command [004:653-697, 771]: the defender's free defence and the
    attacker's roll are thrown from the table's dice and settled at once, the defence +2 when
    the defender declared full defence this exchange [004:715] (an attack played
    with invocations is the roll-by-roll one: `fateRollSkill`), the defence taking a block
    protecting the defender when stronger [004:725]; the attacker's shifts are a hit on the
    defender's track, recorded as `fateHit` records one."""

    attacker: CharacterId
    """The id of the attacking character, the one whose turn it is"""
    skill: Name
    """The attacker's skill: Puños, Armas, Puntería, Engañar, Carisma, Intimidación, Fuerza
    [004:659-693], as the game master rules"""
    defender: CharacterId
    """The id of the character attacked"""
    reach: Reach | None
    """With the zones drawn (`fateDrawZones`), how far the attack reaches [004:625]: `touch`
    (tocar: the attacker's own zone), `throw` (lanzar: an adjacent zone at most) or `shoot`
    (disparar: any zone a way leads to); a defender out of reach is refused. Null: only when
    no zones are drawn (then a reach named is not checked)"""
    defence: Name
    """The defender's skill: Puños, Armas, Atletismo, Empatía, Coraje, Fuerza [004:659-693];
    not Armas when disarmed [004:871]; +2 when in full defence this exchange
    (`fateFullDefence` [004:715])"""
    track: Track
    """The track the hit goes to: `health` (physical) or `composure` (social, mental)
    [004:777]"""
    consequence: Name | None
    """The consequence the defender's player takes instead of a box, should it come to that
    [004:789, 793]; null: a box (when none takes the hit, it waits for `fateHit`)"""
    reason: Reason
    """What the attack is, as said at the table"""
    visibility: Literal["public", "blind"] = "public"
    """`public`, or `blind` (the game master's only: both rolls and the verdict; the hit is
    recorded with `fateHit` once both are revealed, together, for the attack's events read
    both). Not `gm` nor `self`: each roll would show to its own roller's player, and the
    verdict reads both"""


class FateRaiseBlock(Command, kw_only=True):
    """The game master records a block [004:721-731] raised with the blocker's settled roll
    (called with `fateRollSkill`, its difficulty the game master's): protecting a character,
    or against an action it names; it lasts to the end of the exchange."""

    roll: RollNumber
    """The number of the blocker's settled roll, public: its effort is the block's strength"""
    protects: CharacterId | None
    """The id of the character protected [004:725]; null: a block of an action"""
    action: Reason | None
    """The action blocked, as the game master names it (never every action [004:723]); null
    for a protection"""
    reason: Reason
    """Why the game master rules the block so"""


class FateChallengeBlock(Command, kw_only=True):
    """The game master records a settled roll against a block of an action: through with one
    shift at least [004:727]."""

    roll: RollNumber
    """The number of the challenger's settled roll, public"""
    blocker: CharacterId
    """The id of the character whose block of an action it challenges, raised this exchange"""
    reason: Reason
    """What the challenger attempts, as said at the table"""


class FateMove(Command, kw_only=True):
    """The game master records a full move [004:741-745]: the settled Athletics roll's
    shifts, less the border crossed, are the zones moved; with the zones drawn
    (`fateDrawZones`), to the zone `to`, within reach."""

    roll: RollNumber
    """The number of the mover's settled Atletismo roll, public"""
    border: Annotated[int, msgspec.Meta(ge=0, le=MAX_BORDER)] | None
    """The border's value, 0-8 (0: none), taken off the shifts [004:743-745]; null: the
    borders on the way to `to` of the zones drawn"""
    reason: Reason
    """Where the character moves, as said at the table"""
    to: Name | None = None
    """The zone it moves to, one of those drawn: as many steps away as the zones moved at
    most; null: no zones drawn"""


class FateDisarm(Command, kw_only=True):
    """The game master records a disarm [004:869-871]: a settled maneuver won with one shift
    at least; the target cannot parry with Armas until it rearms, and picking its weapon up
    as a secondary action costs -1 and the disarm's shifts."""

    roll: RollNumber
    """The number of the disarming maneuver's settled roll, public"""
    target: CharacterId
    """The id of the character disarmed"""
    reason: Reason
    """How the weapon is dropped or disabled, as said at the table"""


class FateRearm(Command, kw_only=True):
    """The game master records a disarmed character armed again [004:871]: an action spent,
    or its weapon picked up as a secondary action."""

    character: CharacterId
    """The id of the character armed again"""
    reason: Reason
    """How it rearms (an action, a secondary action), as said at the table"""


class FateThrow(Command, kw_only=True):
    """The game master records a throw [004:887-889]: a settled maneuver whose shifts reach 1
    and the target's weight scale for the adjacent zone, each further zone the previous
    cost + 1 (summed or not as the table's `throw_cost` says)."""

    roll: RollNumber
    """The number of the throwing maneuver's settled roll, public"""
    target: CharacterId
    """The id of the character thrown"""
    weight: Annotated[int, msgspec.Meta(ge=0, le=MAX_WEIGHT)]
    """The target's weight scale (a person: 2 [004:889]), as the game master rules"""
    zones: Annotated[int, msgspec.Meta(ge=1, le=MAX_ZONES)]
    """The zones the target is thrown, 1 at least"""
    reason: Reason
    """Where the target is thrown, as said at the table"""
    to: Name | None = None
    """The zone it lands in, one of those drawn, `zones` steps from the target's; null: no
    zones drawn"""


class FateSplitMinions(Command, kw_only=True):
    """The game master splits a side's minions into groups, as many as the characters
    opposing them, each acting as one [004:627-629]; each group then plays as one NPC, tied to
    it here in a conflict in play (`npcs`)."""

    minions: Annotated[int, msgspec.Meta(ge=1, le=MAX_ENTRIES)]
    """How many minions the side has, 1-40"""
    opponents: Annotated[list[CharacterId], msgspec.Meta(min_length=1, max_length=MAX_ENTRIES)]
    """The ids of the characters opposing them, each once"""
    reason: Reason
    """Who the minions are, as the game master says"""
    npcs: Annotated[list[CharacterId], msgspec.Meta(max_length=MAX_ENTRIES)] = []
    """In a conflict in play: the ids of the NPCs standing for the groups, one per group in
    their order (as many as the opponents, or the minions when fewer), each in the conflict and
    no opponent; each becomes a minion group of its size (`fateTakeOutMinions`). Empty: the
    groups' sizes only, for `fateBeginConflict`'s `minions`"""


class FateFullDefence(Command, kw_only=True):
    """A character gives up its action this exchange for +2 on every defence and reaction to
    its end [004:715]: declared in its turn, at the exchange's start, or when first attacked,
    so long as it has not acted yet this exchange."""

    character: CharacterId
    """The id of the character defending, one yet to act this exchange"""
    reason: Reason
    """How it defends, as said at the table"""


class FatePickUpWeapon(Command, kw_only=True):
    """The game master records a disarmed character picking its weapon up as a secondary
    action of its open roll [004:871]: -1 and the disarm's shifts on that roll (2 shifts: -3),
    and the character is armed again."""

    roll: RollNumber
    """The number of the character's open roll, its main action (thrown with
    `fateRollSkill`, not yet settled)"""
    reason: Reason
    """How it picks the weapon up, as said at the table"""


class FateTakeOutMinions(Command, kw_only=True):
    """The game master records minions of a group taken out by a hit, as many as it rules
    (the book does not say how many a hit takes out [004:629]): the group shrinks, and is out
    of the conflict when none is left."""

    group: CharacterId
    """The id of the NPC standing for the minion group (`fateBeginConflict`'s `minions`)"""
    minions: Annotated[int, msgspec.Meta(ge=1, le=MAX_ENTRIES)]
    """How many of its minions are taken out, 1 at least and no more than it has left"""
    reason: Reason
    """The hit that takes them out and why so many, as the game master rules"""


class FateBorder(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Two adjacent zones and the border between them [004:623, 745]."""

    zones: Annotated[list[Name], msgspec.Meta(min_length=2, max_length=2)]
    """The two zones' names, different"""
    value: Annotated[int, msgspec.Meta(ge=0, le=MAX_BORDER)]
    """The border's value, 0-8 (0: none): a barrier or complication between them [004:745]"""


class FatePlace(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Where a character of the conflict stands."""

    character: CharacterId
    """The id of the character"""
    zone: Name
    """The name of its zone"""


class FateDrawZones(Command, kw_only=True):
    """The game master draws the conflict's scene as zones [004:623]: their names, the
    adjacent ones with their borders, and where each character of the conflict stands;
    moves and throws then go from zone to zone. Drawn again, it replaces the last drawing (a
    move as a secondary action is placed so)."""

    zones: Annotated[list[Name], msgspec.Meta(min_length=1, max_length=MAX_ENTRIES)]
    """The zones' names, each once"""
    borders: Annotated[list[FateBorder], msgspec.Meta(max_length=MAX_ENTRIES)]
    """The adjacent zones, each pair once, with their borders"""
    places: Annotated[list[FatePlace], msgspec.Meta(max_length=MAX_ENTRIES)]
    """Where each character of the conflict stands, every one of them once"""
    reason: Reason
    """What the scene is, as the game master describes it"""


class FatePush(Command, kw_only=True):
    """The game master records a push [004:885]: a settled attack won with shifts at least
    the target's weight scale + 1 per zone; the pusher and its target go together to the
    same zone (with the zones drawn: from the zone they share, the borders on the way added
    to the shifts needed)."""

    roll: RollNumber
    """The number of the pushing attack's settled roll (Fuerza against Fuerza [004:693]),
    public"""
    target: CharacterId
    """The id of the character pushed"""
    weight: Annotated[int, msgspec.Meta(ge=0, le=MAX_WEIGHT)]
    """The target's weight scale (a person: 2 [004:889]), as the game master rules"""
    zones: Annotated[int, msgspec.Meta(ge=1, le=MAX_ZONES)]
    """The zones both are moved, 1 at least"""
    reason: Reason
    """Where the target is pushed, as said at the table"""
    to: Name | None = None
    """The zone both end in, one of those drawn, `zones` steps away; null: no zones drawn"""
