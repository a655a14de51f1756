"""What a FATE client can ask of a table. Each Struct is one command.

A roll is a sequence of commands, because invocations come after the dice are seen
[004:135-139]: the game master calls it (`FateRollSkill`: the skill, the difficulty or the
opposing roll), the roller asks for invocations one at a time (`FateInvokeAspect`), the game
master rules on each one's relevance (`FateRuleInvocation`), and the roller settles it
(`FateSettleRoll`: fate points spent for +1). What happens outside a roll's dice (compels,
declarations, refresh, a maneuver's aspect, a discovered aspect) the game master records as
ruled at the table. Every judgement of the game master is a required field with its reason:
the server never invents one.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.dice import Visibility
from domain.fate.aspects import Deception
from domain.fate.conflict import Reach, Role
from domain.fate.invocations import Effect
from domain.fate.points import CompelKind
from domain.fate.sheet import MAX_ENTRIES, FateSheet, Rating
from domain.fate.stress import MAX_BOXES, Occasion, Stakes, Track
from domain.names import Name, Reason

RollNumber = Annotated[int, msgspec.Meta(ge=1)]
#: a border between zones is a difficulty on the ladder [004:743]
MAX_BORDER = 8
#: a compel raised past this many fate points is a table's own matter, not the book's
MAX_STAKE = 20


class FateCreateCharacter(Command, kw_only=True):
    """A player creates a character for its own seat; the game master for any seat, and NPCs
    for its own. (Named with the system's name: Frontera has a `CreateCharacter`.)"""

    sheet: FateSheet
    """The character's sheet: name, skills, aspects, stunts, fate points, refresh, stress
    tracks, consequences and an NPC's tenacity"""
    seat: str | None = None
    """The seat id of the seat that plays the character; null: the sender's own (only the game
    master names another seat)"""


class FateSecondaryAction(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A second thing done in the same roll: -1, and moving one zone so the border's value
    on top [004:737, 747]."""

    border: Annotated[int, msgspec.Meta(ge=0, le=MAX_BORDER)]
    """The value of the border crossed when the secondary action moves one zone, 0-8 (0: none),
    taken off the roll on top of the -1 [004:743, 747]"""
    reason: Reason
    """What the secondary action is, and why the game master rules it so"""


class FateCombinedSkill(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A skill of the roller's modifying the main one, as the game master rules it: one that
    complements, restricts, or both [004:753-757]."""

    skill: Name
    """The name of the roller's other skill that modifies the main one"""
    role: Role
    """How it may modify the roll: `complements` (+1 only, when higher), `restricts` (-1 only,
    when lower) or `both` [004:753-757]"""
    reason: Reason
    """Why the game master combines this skill with the roll"""


class FateRollSkill(Command, kw_only=True):
    """The game master calls a roll of a character's skill and its four d6 are thrown:
    against a `difficulty` (a simple action [004:87]) or the effort of a settled roll
    (`opposed_by`, an opposed action [004:589-601]), exactly one of them, and why; with what
    modifies it, each the game master's ruling: full defence (+2 [004:715]), a secondary
    action (-1 and a border [004:737, 747]), skills combined with it (±1 at most
    [004:753-759])."""

    character: CharacterId
    """The id of the character who rolls"""
    skill: Name
    """The skill rolled (habilidad); one the sheet does not list is Mediocre, 0 [004:95]"""
    difficulty: Rating | None
    """The difficulty on the ladder, for a simple action [004:87]; null for an opposed action"""
    opposed_by: RollNumber | None
    """The number of the settled roll whose effort opposes this one, for an opposed action
    [004:589-601]; null for a simple action"""
    reason: Reason
    """Why the game master calls the roll"""
    full_defence: bool
    """The character gave up its action this round for +2 on every defence and reaction
    [004:715]. In a conflict the exchange's declaration (`fateFullDefence`) says it: a
    declared character's rolls take the +2 flagged or not, and flagging an undeclared one is
    refused"""
    secondary_action: FateSecondaryAction | None
    """A secondary action done in the same roll (-1, and a border's value when moving a zone);
    null: none"""
    combined_with: Annotated[list[FateCombinedSkill], msgspec.Meta(max_length=MAX_ENTRIES)]
    """The roller's other skills that modify this one (±1 at most in all [004:759]); empty: none"""
    visibility: Visibility = "public"
    reach: Reach | None = None
    """For an attack played roll by roll in a conflict with the zones drawn: how far it reaches
    [004:625], `touch`, `throw` or `shoot` (as `fateAttack`'s), the defender being the one
    whose roll opposes it (`opposed_by`), refused when out of reach; null: no attack, or its
    reach unchecked"""


class FateInvokeAspect(Command, kw_only=True):
    """The roller asks to invoke an aspect on an open roll, after seeing the dice: its own,
    another character's (`owner`) or the scene's (`owner` null), for a reroll or +2
    [004:135-139]; `against_owner` when it works to its owner's detriment (a paid invocation
    then pays the owner [004:335]); `guess` when the roller names an aspect it does not know
    [004:349-361]."""

    roll: RollNumber
    """The number of the open roll to invoke the aspect on; the roller's own"""
    aspect: Name
    """The aspect's name as the roller gives it (for a guess, the roller's guess)"""
    owner: CharacterId | None
    """The id of the character whose aspect it is; null: an aspect of the scene"""
    effect: Effect
    """What the invocation buys: `reroll` (four new d6, whose result stands) or `plus_two` (+2
    to the effort, after any reroll) [004:135-139]"""
    against_owner: bool
    """Invoked to its owner's detriment (an opponent's aspect, a consequence): a fate point
    paid for it goes to the owner when the roll is settled [004:335]"""
    guess: bool
    """The roller guesses at a hidden aspect it does not know [004:349-361]"""


class FateRuleInvocation(Command, kw_only=True):
    """The game master rules on the invocation asked on a roll: relevant or not
    [004:135, 301], and for a guess [004:353-357] the hidden aspect it comes close enough to
    (`revealed`, null: none) and whether the missed aspect was secret or relevant (`secret`:
    the point is then lost); both null for an invocation that is no guess."""

    roll: RollNumber
    """The number of the open roll whose asked invocation is ruled on"""
    accepted: bool
    """The game master finds the aspect relevant [004:135, 301]; false: declined, nothing spent"""
    reason: Reason
    """Why the game master rules so"""
    revealed: Name | None
    """For an accepted guess, the hidden aspect the guess comes close enough to, revealed and
    invoked [004:353]; null: missed, or no guess"""
    secret: bool | None
    """For an accepted guess: the aspect missed was secret or relevant, the fate point is lost
    [004:357]; false: it comes back [004:355] (ignored when `revealed`); null for an invocation
    declined or that is no guess"""


class FateSettleRoll(Command, kw_only=True):
    """The roller settles an open roll, spending `fate_points` for +1 each [004:131]: the
    effort is judged, the invocations' fate points are paid, the owners invoked against are
    paid theirs [004:335], and fragile aspects invoked are gone [004:853]."""

    roll: RollNumber
    """The number of the open roll to settle"""
    fate_points: Annotated[int, msgspec.Meta(ge=0, le=MAX_ENTRIES)]
    """Fate points spent for +1 each on the effort [004:131], 0-40, besides those the
    invocations cost"""


class FateCompel(Command, kw_only=True):
    """The game master records a compel of one of a character's aspects and the player's
    answer [004:173, 365-401]: accepted, +1 fate point; refused, one of the player's own
    points paid (Errata); an off-screen or accidental compel cannot be refused [004:377,
    395]."""

    character: CharacterId
    """The id of the character whose aspect is compelled"""
    aspect: Name
    """The aspect compelled: one on the character's sheet (not a hidden one), a consequence or
    a temporary aspect on it"""
    kind: CompelKind
    """`offered` (the player may refuse by paying a fate point), `off_screen` (the game master
    uses the aspect out of sight [004:377]) or `accidental` (played unprompted [004:395]);
    the last two cannot be refused"""
    accepted: bool
    """The player accepts the compel (+1 fate point); false: refuses it, paying 1 of their own"""
    reason: Reason
    """The complication the compel brings, and why, as the game master records it"""


class FateDeclare(Command, kw_only=True):
    """The game master records a player's declaration of a minor detail [004:155-159]: a fate
    point when accepted, nothing when vetoed; an `aspect` it puts on the scene is sticky with
    a free invocation for the declarer [004:327-329, 855]."""

    character: CharacterId
    """The id of the character whose player makes the declaration"""
    declaration: Reason
    """The minor detail of the story the player declares true [004:155]"""
    accepted: bool
    """The game master accepts it (a fate point spent); false: vetoed, nothing spent"""
    aspect: Name | None
    """The name of the scene aspect the declaration creates, sticky with a free invocation for
    the declarer; null: none (always null when vetoed)"""
    reason: Reason
    """Why the game master accepts or vetoes it"""


class FateRefresh(Command, kw_only=True):
    """The game master refreshes every character's fate points between sessions: topped up
    to the refresh rate, more kept [004:167] (Errata)."""

    reason: Reason
    """Why the game master refreshes now (a new session, a significant rest)"""


class FatePlaceAspect(Command, kw_only=True):
    """The game master places the temporary aspect a settled maneuver earned [004:325-337,
    839-857]: on a character (`target`, 1 shift at least) or the scene (null), fragile or
    `sticky` (a critical success when `critical_required`, the game master's call [004:857]),
    its free invocation held by the maneuver's roller, `passable` to an ally or not
    [004:333]."""

    roll: RollNumber
    """The number of the settled roll, the maneuver that earned the aspect"""
    name: Name
    """The temporary aspect's name"""
    target: CharacterId | None
    """The id of the character the aspect goes on (the maneuver needs 1 shift at least
    [004:847]); null: on the scene"""
    sticky: bool
    """The aspect stays after it is invoked or compelled [004:855]; false: fragile, gone after
    its first use [004:853]"""
    critical_required: bool
    """A sticky aspect needs a critical success (3 shifts or more) [004:857], the game master's
    call"""
    passable: bool
    """Its free invocation may be passed to an ally [004:333]"""
    reason: Reason
    """Why the game master places it"""


class FateDiscoverAspect(Command, kw_only=True):
    """The game master reveals a character's hidden aspect to the table: an assessment found
    it [004:327, 145]; the assessor (`by`, null: nobody) holds a free invocation of it
    [004:329]."""

    character: CharacterId
    """The id of the character whose hidden aspect is discovered"""
    aspect: Name
    """The hidden aspect discovered, known to every seat from now on"""
    by: CharacterId | None
    """The id of the assessing character, who holds a free invocation of the aspect [004:329];
    null: nobody"""
    reason: Reason
    """Why it is discovered (the assessment that found it)"""


class FateHit(Command, kw_only=True):
    """The game master records a hit of `shifts` on a character's track [004:771-789]: box
    `shifts` marked, or the next free one above; when none is left, or when its player
    chooses, a `consequence` instead (the aspect its player wrote, the game master approved
    [004:789, 793]); past a severe one the character is taken out [004:795, 801]."""

    character: CharacterId
    """The id of the character hit"""
    track: Track
    """The stress track hit: `health` (physical) or `composure` (social, mental) [004:777]"""
    shifts: Annotated[int, msgspec.Meta(ge=0, le=MAX_BOXES * 2)]
    """The attack's shifts: box `shifts` is marked, or the next free one above; 0 does nothing"""
    consequence: Name | None
    """The consequence taken instead of a box, as its player wrote it and the game master
    approved [004:793]; null: mark a box (required when none is left [004:789])"""
    reason: Reason
    """Why, as the game master records the hit (the attack, its author)"""


class FateConcede(Command, kw_only=True):
    """The game master records a concession offered to the `attacker` and its answer
    [004:813-815]: a reasonable one moves a fate point from the attacker to the conceder
    (refused: always, Errata; accepted: as the table's option says); accepted, the conceder
    leaves the conflict on the terms agreed."""

    character: CharacterId
    """The id of the character who concedes"""
    attacker: CharacterId | None
    """The id of the character the concession is offered to; null: none named"""
    reasonable: bool
    """The game master finds the offer reasonable: only then do fate points move [004:815]"""
    accepted: bool
    """The attacker accepts: the conceder leaves the conflict on the terms agreed; false:
    refused, the fight goes on"""
    reason: Reason
    """The terms offered and the answer, as the game master records them"""


class FateEndScene(Command, kw_only=True):
    """The game master ends the scene: stress clears [004:775, 783], fragile aspects and free
    invocations end [004:331, 847], those taken out or conceded are back; with a `breather`
    mild consequences heal [004:829]. A conflict in play ends with it (`ConflictEnded`)."""

    breather: bool
    """The characters catch their breath: their mild consequences heal [004:829]; false: the
    next scene follows at once"""
    reason: Reason
    """Why the scene ends, as the game master says"""


class FateRecover(Command, kw_only=True):
    """The game master records a character's occasion to recover [004:829-833]: six hours of
    appropriate rest heal moderate (and mild) consequences, a new adventure severe ones."""

    character: CharacterId
    """The id of the character who recovers"""
    occasion: Occasion
    """The occasion to recover: `breather` heals mild consequences, `six_hours_rest` mild and
    moderate ones, `new_adventure` all [004:829-833]"""
    reason: Reason
    """The occasion, as the game master records it"""


class FateAvoidAspect(Command, kw_only=True):
    """The game master records that a maneuver's target avoids the aspect it earned, paying
    1 fate point of its own [004:847] (none held: it cannot, Errata): nothing is placed. Sent
    instead of `FatePlaceAspect`."""

    roll: RollNumber
    """The number of the settled roll, the maneuver that earned the aspect"""
    name: Name
    """The temporary aspect's name, as the maneuver would have placed it"""
    target: CharacterId
    """The id of the character the maneuver aimed at, who pays to avoid the aspect"""
    reason: Reason
    """Why the game master records it, as said at the table"""


class FatePassInvocation(Command, kw_only=True):
    """The game master records a free invocation handed to an ally [004:333]: a passable one
    only, and only when the game master finds it reasonable (recording it says so)."""

    aspect: Name
    """The temporary aspect whose free invocation is passed"""
    target: CharacterId | None
    """The id of the character the aspect is on; null: the scene's aspect"""
    to: CharacterId
    """The id of the ally who receives the free invocation"""
    reason: Reason
    """Why passing it is reasonable, as the game master rules [004:333]"""


class FateEscalateCompel(Command, kw_only=True):
    """The game master raises an accepted compel by one fate point [004:401] and records the
    player's answer; how the raise counts follows the table's `escalated_compel` option (GAP:
    the new stake in all, or a new offer of its own)."""

    character: CharacterId
    """The id of the character whose aspect is compelled"""
    aspect: Name
    """The aspect compelled, as the compel raised named it"""
    accepted_stake: Annotated[int, msgspec.Meta(ge=1, le=MAX_STAKE)]
    """The fate points the player already accepted for this compel (1 after its first point)"""
    accepted: bool
    """The player accepts the raise; false: refuses it, paying as the option says"""
    reason: Reason
    """The complication the raise brings, as the game master records it"""


class FateActivateStunt(Command, kw_only=True):
    """The game master records a character's stunt used [004:151]: a fate point spent when the
    stunt says it costs one (none held: it cannot be used), nothing otherwise."""

    character: CharacterId
    """The id of the character whose stunt is used"""
    stunt: Name
    """The stunt's name, as on the character's sheet"""
    reason: Reason
    """What the stunt does here, as said at the table"""


# -- deceived guesses, defeat, tenacity and the session break ---------------------------------


class FateLiarsAspect(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The temporary aspect a liar who returns the fate point places on the deceived guesser,
    for the way it deceived it, its first invocation free for the liar [004:359]."""

    name: Name
    """The temporary aspect's name, as the liar's player says it"""
    passable: bool
    """Its free invocation may be passed to an ally [004:333], the game master's call"""


class FateDeceiveGuess(Command, kw_only=True):
    """The game master rules that the guess asked on a roll missed because its guesser was
    deceived (Engañar, or otherwise [004:359]), sent instead of `FateRuleInvocation`: the
    liar either returns the fate point, and may place a temporary aspect on the guesser, or
    destroys it (then the guesser knows it was deceived); the liar never keeps it."""

    roll: RollNumber
    """The number of the open roll whose asked guess is ruled on"""
    liar: CharacterId
    """The id of the character who deceived the guesser"""
    deception: Deception
    """The liar's choice: `returned` (the fate point comes back to the guesser) or
    `destroyed` (it is lost, and the guesser knows it was deceived) [004:359]"""
    aspect: FateLiarsAspect | None
    """The temporary aspect the liar places on the guesser when it returns the point; null:
    none (always null when the point is destroyed)"""
    reason: Reason
    """How the liar deceived the guesser, as the game master rules it: known to the game
    master and the liar's player only, for it speaks of the truth the lie hides"""


class FateDemandDefeat(Command, kw_only=True):
    """The game master records that a taken-out player's character, unsatisfied with the
    defeat its winner chose, spends every fate point it has left (one at least) to demand
    another [004:811]."""

    character: CharacterId
    """The id of the taken-out player's character that demands another defeat"""
    reason: Reason
    """The defeat demanded instead, as the game master records it"""


class FateRuleStakes(Command, kw_only=True):
    """The game master rules what the conflict is to an NPC with tenacity [004:821-823]:
    `vital` counts its tenacity one degree higher, `trivial` one lower, `ordinary` as on its
    sheet; the NPC offers its concession once it holds that many consequences."""

    character: CharacterId
    """The id of the NPC with tenacity"""
    stakes: Stakes
    """What the conflict is to the NPC: `trivial` (-1 degree), `ordinary` or `vital` (+1)
    [004:823]"""
    reason: Reason
    """Why the game master rules the stakes so"""


class FateBreakSession(Command, kw_only=True):
    """The game master ends the session with the next to pick up with no rest between: every
    consequence held counts one degree lower for how long it lasts [004:835] (a mild one is
    gone). With rest between, record the recovery instead (`FateRecover`)."""

    reason: Reason
    """Why there is no rest between the sessions, as the game master says"""
