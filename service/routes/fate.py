"""FATE's routes: its commands, one line each (its reads are the shared ones: view,
character, log, stream, rewind, fork, verify)."""

from __future__ import annotations

from litestar.handlers import HTTPRouteHandler

from domain.fate import commands as fc
from domain.fate import conflict_commands as fcc
from service.command_routes import CREATED, ROLLED, command_route
from service.named_enums import NamedEnum

SECRET_ROLL = (
    " `visibility` (public, gm, blind, self) keeps the dice and everything derived from them "
    "(invocations, the verdict) from the players until the game master reveals the roll "
    "(`revealRolls`) or closes the table; a secret roll is settled by the game master, and "
    "takes no invocation nor fate point until revealed (every seat sees fate points)."
)
ROLLER = (
    " Sent by the character's player, who sees the dice; by the game master for its own "
    "characters and for a secret roll."
)

#: the path contract release 0.3.0 renamed (a plural noun, as every collection), by the new
#: one: the former one still answers, deprecated (`service.routes.former_routes`)
FORMER_PATHS = {"/fate/scenes/end": "/fate/scene/end"}

ROUTES: list[HTTPRouteHandler] = [
    command_route(
        "fateCreateCharacter",
        "/fate/characters",
        fc.FateCreateCharacter,
        "Create a character",
        answer=CREATED,
        status=201,
        description="A player creates a character for its own seat (the game master for any "
        "seat, and NPCs for its own), from its sheet: skills on the ladder (an unlisted one is "
        "Mediocre [004:95]), aspects (a `hidden` one known to its player and the game master "
        "until discovered [004:145]), stunts as recorded exceptions, fate points and refresh "
        "[004:167], Health and Composure tracks of 5 boxes at least [004:779], up to three "
        "consequences [004:795], an NPC's tenacity [004:823]. Every seat sees the sheet but "
        "its hidden aspects.",
    ),
    command_route(
        "fateRollSkill",
        "/fate/rolls",
        fc.FateRollSkill,
        "Call a roll and throw its four dice (game master)",
        answer=ROLLED,
        description="The game master calls a roll of a character's skill: four d6 read as "
        "Fudge dice (1-2 -, 3-4 blank, 5-6 + [004:65-71]), effort = skill + dice + modifiers "
        "[004:75], against a difficulty (a simple action [004:87]) or the effort of a settled "
        "roll (an opposed action [004:589-601]). The roll stays open for invocations until "
        "settled. In a conflict, a character who declared full defence (`fateFullDefence`) "
        "takes +2 on each of its rolls that exchange [004:715]; an attack played roll by roll "
        "may name its `reach`, checked against the zones drawn [004:625]. Answers with the "
        "roll's number." + SECRET_ROLL,
    ),
    command_route(
        "fateInvokeAspect",
        "/fate/rolls/invoke",
        fc.FateInvokeAspect,
        "Ask to invoke an aspect on an open roll",
        description="After seeing the dice, the roller asks to invoke an aspect it knows (its "
        "own, another character's, the scene's) for a reroll or +2 [004:135-139], each aspect "
        "once per roll, rerolls included [004:141, 299]; or guesses at an aspect it does not "
        "know [004:349-361]. A free invocation held of it is used before a fate point "
        "[004:329]. The game master rules on it (`fateRuleInvocation`); naming a hidden "
        "aspect discovers it." + ROLLER,
    ),
    command_route(
        "fateRuleInvocation",
        "/fate/rolls/rule",
        fc.FateRuleInvocation,
        "Rule on an invocation asked (game master)",
        description="The game master accepts the invocation asked as relevant or declines it "
        "(nothing spent) [004:135, 301]. Accepted, a reroll throws four new d6 (a roll of its "
        "own, whose faces stand [004:137]) and +2 is added to the final effort. A guess close "
        "enough reveals the hidden aspect and invokes it [004:353]; a missed one gives its "
        "fate point back, or loses it when the aspect was secret or relevant [004:355-357].",
    ),
    command_route(
        "fateSettleRoll",
        "/fate/rolls/settle",
        fc.FateSettleRoll,
        "Settle an open roll",
        description="The roller settles an open roll, spending fate points for +1 each "
        "[004:131]: the effort is judged (shifts = effort - difficulty, never negative; a tie "
        "with a difficulty succeeds with 0 shifts [004:567]; 3 shifts or more a critical "
        "success [004:857]), the invocations' points are paid, each owner invoked against "
        "receives the point [004:335], and fragile aspects invoked are gone [004:853]." + ROLLER,
    ),
    command_route(
        "fatePlaceAspect",
        "/fate/aspects",
        fc.FatePlaceAspect,
        "Place a maneuver's temporary aspect (game master)",
        description="A settled maneuver places a temporary aspect [004:845-857]: on a "
        "character with 1 shift at least, or on the scene; fragile, or sticky (a critical "
        "success when the game master asks for one); its free invocation held by the "
        "maneuver's roller [004:329], passable to an ally when reasonable [004:333].",
    ),
    command_route(
        "fateDiscoverAspect",
        "/fate/aspects/discover",
        fc.FateDiscoverAspect,
        "Reveal a hidden aspect (game master)",
        description="An assessment discovers a character's hidden aspect [004:327, 145]: "
        "every seat knows it from then on, and the assessor holds a free invocation of it "
        "[004:329].",
    ),
    command_route(
        "fateCompel",
        "/fate/compels",
        fc.FateCompel,
        "Record a compel and its answer (game master)",
        description="A compel of a character's known aspect [004:365-401]: accepted, the "
        "character gains a fate point; refused, it pays one of its own (none held: it cannot "
        "refuse, Errata); an off-screen or accidental compel cannot be refused [004:377, "
        "395]. A hidden aspect is discovered before it is compelled. A fragile temporary "
        "aspect compelled is gone once the compel is accepted (`fate.AspectSpent`) [004:853].",
    ),
    command_route(
        "fateDeclare",
        "/fate/declarations",
        fc.FateDeclare,
        "Record a declaration (game master)",
        description="A player declares a minor detail [004:155-159]: a fate point when the "
        "game master accepts it, nothing when vetoed; an aspect it puts on the scene is "
        "sticky, its free invocation the declarer's [004:327-329, 855].",
    ),
    command_route(
        "fateRefresh",
        "/fate/refresh",
        fc.FateRefresh,
        "Refresh fate points (game master)",
        description="Between sessions every character's fate points are topped up to its "
        "refresh; more are kept (`max(points, refresh)`, [004:167], Errata).",
    ),
    command_route(
        "fateHit",
        "/fate/hits",
        fc.FateHit,
        "Record a hit on a stress track (game master)",
        description="A hit of s shifts on Health or Composure marks box s, or the next free "
        "one above it [004:781]; with no box left a consequence is mandatory, and its player "
        "may always take one instead [004:789]: mild, moderate, severe, three at most "
        "[004:791-795], written by its player and approved by the game master [004:793]; past "
        "a severe one the character is taken out [004:801]. 0 shifts do nothing [004:567].",
    ),
    command_route(
        "fateConcede",
        "/fate/concessions",
        fc.FateConcede,
        "Record a concession and its answer (game master)",
        description="A character offers to concede [004:813-815]: a reasonable offer moves a "
        "fate point from the attacker to the conceder when refused (Errata), and when accepted "
        "as the table's `concession_points_when_accepted` says; accepted, the conceder is out "
        "of the scene's conflict on the terms agreed.",
    ),
    command_route(
        "fateEndScene",
        "/fate/scenes/end",
        fc.FateEndScene,
        "End the scene (game master)",
        description="Stress clears [004:775, 783], fragile aspects and free invocations end "
        "with the scene [004:331, 847], whoever was taken out or conceded is back; a "
        "`breather` heals mild consequences [004:829]; a conflict in play ends with it, recorded "
        "(`fate.ConflictEnded`). Open rolls are settled first.",
    ),
    command_route(
        "fateRecover",
        "/fate/recoveries",
        fc.FateRecover,
        "Record a recovery (game master)",
        description="An occasion to recover heals consequences [004:829-833]: six hours of "
        "appropriate rest the moderate and mild ones, a new adventure every one.",
    ),
    command_route(
        "fateAvoidAspect",
        "/fate/aspects/avoid",
        fc.FateAvoidAspect,
        "Record a maneuver's aspect avoided (game master)",
        description="Instead of taking the aspect a maneuver earned on it, the target pays 1 "
        "fate point of its own [004:847] (with none it cannot, Errata); nothing is placed. "
        "The maneuver must have earned it as `fatePlaceAspect` checks (1 shift at least).",
    ),
    command_route(
        "fatePassInvocation",
        "/fate/aspects/pass",
        fc.FatePassInvocation,
        "Record a free invocation passed to an ally (game master)",
        description="The holder of a temporary aspect's free invocation hands it to an ally "
        "when the game master finds it reasonable [004:333]; an aspect placed as not "
        "`passable` keeps its invocation with its holder.",
    ),
    command_route(
        "fateEscalateCompel",
        "/fate/compels/escalate",
        fc.FateEscalateCompel,
        "Raise an accepted compel and record the answer (game master)",
        description="The game master raises an accepted compel by one fate point [004:401]; "
        "the player accepts or refuses the raise, which counts as the table's "
        "`escalated_compel` option says: `total`, the compel is worth the new stake in all; "
        "`added`, the raise is an offer of its own. Refusing pays with the player's own "
        "points, which must be enough.",
    ),
    command_route(
        "fateActivateStunt",
        "/fate/stunts",
        fc.FateActivateStunt,
        "Record a stunt used (game master)",
        description="A character uses one of its stunts [004:151]: a fate point is spent "
        "when the stunt costs one (with none left it cannot be used), nothing otherwise. A "
        "character out of the scene uses none.",
    ),
]

# -- a conflict's turns, attacks, blocks, moves, disarms and throws ----------------------------

ROUTES += [
    command_route(
        "fateBeginConflict",
        "/fate/conflict",
        fcc.FateBeginConflict,
        "Begin a conflict (game master)",
        description="The game master names the participants of a conflict [004:603-639]: the "
        "initiative order, fixed for the whole conflict, is Alerta (physical) or Empatía "
        "(social) descending, ties to the higher Coraje, then to the player seated closest to "
        "the game master (each participant's `distance`, the game master's input) "
        "[004:633-635]; a minion group acts on its leader's ratings or on its quality "
        "[004:637], and holds its `minions` (taken out one by one, `fateTakeOutMinions`). The "
        "first exchange begins with the first in the order.",
    ),
    command_route(
        "fateEndTurn",
        "/fate/conflict/turns/end",
        fcc.FateEndTurn,
        "End the acting character's turn (game master)",
        description="The character acting ends its turn: the next in this exchange's order "
        "acts (those out of the conflict are passed over); after the last, a new exchange "
        "begins in the initiative order [004:639] and the last exchange's blocks end "
        "[004:725-727].",
    ),
    command_route(
        "fateDelayTurn",
        "/fate/conflict/turns/delay",
        fcc.FateDelayTurn,
        "Delay the acting character's turn (game master)",
        description="The character acting delays its turn until right after another's, one "
        "acting later this exchange; it never interrupts a declared action [004:717-719].",
    ),
    command_route(
        "fateEndConflict",
        "/fate/conflict/end",
        fcc.FateEndConflict,
        "End the conflict (game master)",
        description="The conflict is over: its order, its blocks and its disarms end.",
    ),
    command_route(
        "fateAttack",
        "/fate/conflict/attacks",
        fcc.FateAttack,
        "Play an attack: defence, attack and hit (game master)",
        description="The character acting attacks [004:653-697] (not with Armas when disarmed, "
        "nor when in full defence [004:715, 871]): the defender's free defence (+2 when it "
        "declared full defence this exchange, `fateFullDefence` [004:715]; not with Armas "
        "when disarmed [004:871]) and the "
        "attacker's roll are thrown from the table's dice, in that order, and settled at once "
        "(no invocation: an attack with invocations is played roll by roll, `fateRollSkill` "
        "`opposed_by` the defence). The attacker's effort is judged against the defence or a "
        "block protecting the defender, the higher [004:725]; its shifts are a hit on the "
        "defender's track, recorded as `fateHit` records one [004:771-789]. When no box takes "
        "it and no `consequence` is named, or the attack is `blind`, the hit waits for "
        "`fateHit`. A defender winning by 3 earns a critical [004:697]. A `blind` attack's two "
        "rolls are the game master's until revealed, both together (each names the other's "
        "effort). With the zones drawn the attack names its `reach` and the defender must "
        "stand within it [004:625]: `touch` its own zone, `throw` an adjacent one, `shoot` "
        "any zone a way leads to.",
    ),
    command_route(
        "fateRaiseBlock",
        "/fate/conflict/blocks",
        fcc.FateRaiseBlock,
        "Record a block (game master)",
        description="In its turn a character blocks [004:721-731] with a settled roll: its "
        "effort is the block's strength, to the end of the exchange. Protecting a character, "
        "an attack on it is defended with the higher of its defence and the strength "
        "[004:725]; blocking an action, whoever attempts it must get through with 1 shift at "
        "least (`fateChallengeBlock`) [004:727].",
    ),
    command_route(
        "fateChallengeBlock",
        "/fate/conflict/blocks/challenge",
        fcc.FateChallengeBlock,
        "Record a settled roll against a block (game master)",
        description="A settled roll against a block of an action raised this exchange gets "
        "through with 1 shift at least; a tie does not [004:727].",
    ),
    command_route(
        "fateMove",
        "/fate/conflict/moves",
        fcc.FateMove,
        "Record a full move (game master)",
        description="A full move's settled Atletismo roll: its shifts, less the border "
        "crossed, are the zones moved [004:743-745] (the border also raised the roll's "
        "difficulty, as the book says). With the zones drawn (`fateDrawZones`) it goes `to` a "
        "zone as many steps away at most, the border (when null) the drawn borders on the "
        "way. One zone as a secondary action is a roll's modifier (`fateRollSkill`'s "
        "`secondary_action`), its zone placed by drawing the zones again.",
    ),
    command_route(
        "fateDisarm",
        "/fate/conflict/disarms",
        fcc.FateDisarm,
        "Record a disarm (game master)",
        description="A settled maneuver won by 1 shift at least disarms its target [004:871]: "
        "it cannot defend nor attack with Armas, nor settle an Armas roll, until it rearms "
        "(`fateRearm`, an action) or picks its weapon up as a secondary action of an open roll "
        "(`fatePickUpWeapon`: -1 and the disarm's shifts on that roll, 2 shifts: -3).",
    ),
    command_route(
        "fatePickUpWeapon",
        "/fate/conflict/pickups",
        fcc.FatePickUpWeapon,
        "Record a weapon picked up as a secondary action (game master)",
        description="A disarmed character picks its weapon up as a secondary action of its "
        "open roll [004:871]: -1 and the disarm's shifts join the roll's modifiers (a disarm "
        "of 2 shifts: -3), and it is armed again. On a secret roll, refused (`roll_secret`) "
        "until the roll is revealed: every seat reads who is disarmed.",
    ),
    command_route(
        "fateFullDefence",
        "/fate/conflict/full-defences",
        fcc.FateFullDefence,
        "Declare a full defence (game master)",
        description="A character yet to act this exchange (in its turn, at the exchange's "
        "start, or when first attacked) gives up its action for +2 on every defence to the "
        "exchange's end [004:715]: each `fateAttack` on it adds the +2; in its turn it "
        "neither attacks nor blocks.",
    ),
    command_route(
        "fateRearm",
        "/fate/conflict/rearms",
        fcc.FateRearm,
        "Record a disarmed character armed again (game master)",
        description="A disarmed character rearms with an action, or picks its weapon up as a "
        "secondary action [004:871].",
    ),
    command_route(
        "fateThrow",
        "/fate/conflict/throws",
        fcc.FateThrow,
        "Record a throw (game master)",
        description="A settled maneuver throws its target [004:887-889]: the adjacent zone "
        "needs 1 + its weight scale in shifts (a person, 2: 3 shifts), each further zone the "
        "previous cost + 1, summed or not as the table's `throw_cost` says; with the zones "
        "drawn, `to` a zone `zones` steps from the target's.",
    ),
    command_route(
        "fatePush",
        "/fate/conflict/pushes",
        fcc.FatePush,
        "Record a push (game master)",
        description="A settled attack pushes its target [004:885]: won with shifts at least "
        "its weight scale + 1 per zone (a person, 2: 3 shifts for one zone), the pusher and "
        "the target going together; with the zones drawn, from the zone they share `to` one "
        "`zones` steps away, the borders on the way added to the shifts needed.",
    ),
    command_route(
        "fateDrawZones",
        "/fate/conflict/zones",
        fcc.FateDrawZones,
        "Draw the conflict's zones (game master)",
        description="The game master draws the scene as zones [004:623]: their names, the "
        "adjacent pairs with their borders [004:745], and every character of the conflict in "
        "one; moves and throws then go `to` a zone. Drawn again, it replaces the drawing.",
    ),
    command_route(
        "fateSplitMinions",
        "/fate/conflict/minions",
        fcc.FateSplitMinions,
        "Split minions into groups (game master)",
        description="A side's minions are split into as many groups as the characters "
        "opposing them, each acting as one [004:627-629], as evenly as possible (the book "
        "does not say how); each group then plays as one NPC, its initiative its leader's or "
        "its quality (`fateBeginConflict`). In a conflict in play, `npcs` ties each group to "
        "the NPC standing for it, a minion group of that size (`fateTakeOutMinions`).",
    ),
    command_route(
        "fateTakeOutMinions",
        "/fate/conflict/minions/taken-out",
        fcc.FateTakeOutMinions,
        "Record minions of a group taken out (game master)",
        description="A hit takes out minions of a group (`fateBeginConflict`'s `minions`) one "
        "by one, as many as the game master rules (the book does not say how many a hit "
        "takes out [004:629]); the group shrinks, and with none left it is taken out of the "
        "conflict (passed over in the turns).",
    ),
]

# -- deceived guesses, another defeat, tenacity and the session break ---------------------------

ROUTES += [
    command_route(
        "fateDeceiveGuess",
        "/fate/rolls/deceive",
        fc.FateDeceiveGuess,
        "Rule a guess deceived (game master)",
        description="Instead of `fateRuleInvocation`, the game master rules that the guess "
        "asked on a roll missed because its guesser was deceived [004:359]: the liar returns "
        "the fate point, and may place a fragile temporary aspect on the guesser whose first "
        "invocation is the liar's, or destroys it (the guesser then knows); the liar never "
        "keeps it. How the liar deceived (`reason`) is told to the liar's player and the game "
        "master only.",
    ),
    command_route(
        "fateDemandDefeat",
        "/fate/defeats",
        fc.FateDemandDefeat,
        "Record another defeat demanded (game master)",
        description="A taken-out player's character spends every fate point it has left, one "
        "at least, to demand a defeat other than the one its winner chose [004:811].",
    ),
    command_route(
        "fateRuleStakes",
        "/fate/stakes",
        fc.FateRuleStakes,
        "Rule a conflict's stakes for an NPC with tenacity (game master)",
        description="An NPC's tenacity (1 or 2) counts one degree higher in a conflict vital "
        "to it, one lower in a trivial one [004:823]; once it holds that many consequences it "
        "offers its concession (`fate.TenacityReached`, then `fateConcede` records the "
        "answer).",
    ),
    command_route(
        "fateBreakSession",
        "/fate/sessions/break",
        fc.FateBreakSession,
        "Break the session with no rest before the next (game master)",
        description="Every consequence held into the next session counts one degree lower for "
        "how long it lasts [004:835]: a mild one is gone, a moderate one heals as a mild one "
        "(a breather), a severe one as a moderate one (six hours of rest); its severity is "
        "unchanged.",
    ),
]

#: the enums of this system a client names (`service.named_enums`)
ENUMS = [
    NamedEnum(
        "FateOut",
        ["taken_out", "conceded"],
        "How a character left the conflict: taken out, or conceded.",
    ),
    NamedEnum(
        "FateDeception",
        ["returned", "destroyed"],
        "What the liar did with the guesser's fate point when the guesser was deceived: "
        "`returned` it (placing a temporary aspect on the guesser) or `destroyed` it.",
    ),
    NamedEnum(
        "FateTenacity",
        [1, 2],
        "The tenacity of a non-player character: how many hits it takes.",
        frozenset({"tenacity"}),
    ),
    NamedEnum(
        "FateReach",
        ["touch", "throw", "shoot"],
        "How far an attack reaches [004:625]: its own zone (`touch`, tocar), the next one "
        "(`throw`, lanzar), or any zone a path leads to (`shoot`, disparar).",
    ),
]
