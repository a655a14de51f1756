"""Frontera's routes: its commands, one line each, and the reads only Frontera has."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from litestar import Request, Response
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath

from domain.errors import NotFound
from domain.frontera import combat_commands as cc
from domain.frontera import commands as fc
from domain.frontera import drinking as dr
from domain.frontera import equipment as eq
from domain.frontera import exchange_commands as xc
from domain.frontera import gambling as gm
from domain.frontera import harm as hm
from domain.frontera import morale as mo
from domain.frontera import recovery as rc
from domain.table import Table
from projections.frontera.tests_record import TestRecord, opened_at, test_record
from projections.visibility import Viewer
from service import schemas
from service.api import (
    Audit,
    IdempotencyKey,
    IfMatch,
    IfNoneMatch,
    Perspective,
    accepted,
    command_post,
    read_etag,
    read_get,
    read_log,
    tables_of,
)
from service.command_routes import CREATED, Answer, command_route
from service.named_enums import NamedEnum
from service.reads import scan as scan_log

TEST_OPENED = Answer(
    schemas.TestOpenedResult,
    lambda outcome: schemas.TestOpenedResult(version=outcome.version, test=int(outcome.result)),
    lambda outcome: f"/tests/{outcome.result}",
)
DRAWN = Answer(
    schemas.DrawnResult,
    lambda outcome: schemas.DrawnResult(version=outcome.version, cards=list(outcome.result)),
)
LEVEL = Answer(
    schemas.ConditionResult,
    lambda outcome: schemas.ConditionResult(version=outcome.version, level=int(outcome.result)),
)
SAVE = Answer(
    schemas.AccidentResult,
    lambda outcome: schemas.AccidentResult(version=outcome.version, test=outcome.result),
)
CLOCK = Answer(
    schemas.ClockResult,
    lambda outcome: schemas.ClockResult(
        version=outcome.version, elapsed_seconds=int(outcome.result)
    ),
)


@command_post(
    "/tables/{table_id:uuid}/start",
    "Set out the cards as the table's mode says (Mayor)",
    operation_id="startTable",
    command="StartTable",
    tags=["tables"],
    description="The Mayor starts the game: the cards are set out as the table's mode "
    "says [L205]; in Normal mode, one deck per 4 players and 8 random cards face down in "
    "each player's deck [L223, L236].",
)
async def start_table(
    request: Request[Any, Any, Any],
    table_id: FromPath[UUID],
    if_match: IfMatch,
    idempotency_key: IdempotencyKey,
) -> Response[schemas.Accepted]:
    return await accepted(request, table_id, fc.StartTable(), if_match, idempotency_key)


@read_get(
    "/tables/{table_id:uuid}/tests/{number:int}",
    operation_id="getTest",
    summary="A test: rulings, cards played, outcome, and its events as the caller may see them",
    description="The record of a test (trait [L733], opposed [L785], combat turn [L873] "
    "...): the Mayor's rulings, the cards drawn and played as the caller may see them, "
    "the outcome, and its events, to settle a dispute card by card; the game master may read "
    "it as a seat read it (`perspective`).",
    tags=["tables"],
)
async def get_test(
    request: Request[Any, Any, Any],
    table_id: FromPath[UUID],
    number: FromPath[int],
    audit: Audit = False,
    if_none_match: IfNoneMatch = None,
    perspective: Perspective = None,
) -> Response[TestRecord]:
    tables = tables_of(request)

    def plan(table: Table, viewer: Viewer) -> Callable[[], TestRecord]:
        since, version, closed = opened_at(table.game, number) - 1, table.version, table.closed

        def scan() -> TestRecord:
            events = scan_log(tables, table_id, since, version)
            found = test_record(events, number, viewer, closed)
            if found is None:
                raise NotFound(f"this table has no test {number}", "unknown_test")
            return found

        return scan

    record = await read_log(request, table_id, audit, plan, if_none_match, perspective)
    return Response(record, headers=read_etag(request))


#: every command endpoint with a body, in the order of a session
COMMANDS: list[HTTPRouteHandler] = [
    command_route(
        "createCharacter",
        "/characters",
        fc.CreateCharacter,
        "Create a character",
        answer=CREATED,
        status=201,
        description="A player creates the seat's protagonist (the Mayor, its NPCs and henchmen): "
        "traits start at 1 and take 8 more points, one skill of each group plus one more, a horse "
        "and a revolver or 10 knives, and up to $50 of purchases and money kept [L665, L673]. "
        "Toughness and confidence follow from the traits [L519, L525].",
        example={
            "name": "Policarpo",
            "traits": {"hands": 3, "senses": 4, "muscle": 3, "head": 2},
            "skills": ["brawl", "agility", "cunning", "knowledge"],
        },
    ),
    command_route(
        "openTraitTest",
        "/tests/trait",
        fc.OpenTraitTest,
        "Open a trait test (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor calls for a trait test [L733]: a character's trait, whether a "
        "skill applies, and an optional difficulty. The character then draws (`draw`) and plays "
        "one card (`choose`): a card of the trait's suit succeeds, of its colour is a partial "
        "success, else a failure.",
        example={"character": "c1", "trait": "senses", "skill": "perception", "difficulty": 8},
    ),
    command_route(
        "openOpposedTest",
        "/tests/opposed",
        fc.OpenOpposedTest,
        "Open an opposed test (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor opens an opposed test [L785] between two or more characters, each "
        "with its own trait and skill (a chase, stealth, picking pockets [L807]). Each draws and "
        "chooses in secret; nothing is revealed until all have chosen.",
        example={
            "participants": [
                {"character": "c1", "trait": "muscle", "skill": "agility"},
                {"character": "c2", "trait": "muscle", "skill": "agility"},
            ]
        },
    ),
    command_route(
        "openDeadMansHandTest",
        "/tests/dead-mans-hand",
        fc.OpenDeadMansHandTest,
        "Open a dead man's hand test (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor settles a coin-flip situation with the dead man's hand [L717]: the "
        "character draws from A♠ A♥ 8♣ 8♦ shuffled (two cards if the Mayor allows, keeping the "
        "better); an Ace gives the better outcome, an 8 the worse.",
    ),
    command_route(
        "draw",
        "/tests/draw",
        fc.Draw,
        "Draw a character's cards for the open test",
        answer=DRAWN,
        description="A character draws its cards for the open test [L705]: trait, +2 with the "
        "skill, gear bonuses, less the penalties of health, morale and sobriety. The answer shows "
        "the cards to the drawer only.",
        example={"character": "c1"},
    ),
    command_route(
        "choose",
        "/tests/choose",
        fc.Choose,
        "Choose in secret the card(s) a character plays; all reveal when everyone has chosen",
        description="A character plays, in secret, the card (or cards, where a rule allows) it "
        "chooses among those it drew [L705]. When every participant has chosen, all the chosen "
        "cards are revealed at once and the test resolves.",
        example={"character": "c1", "cards": ["d0:3C"]},
    ),
    command_route(
        "cancelTest",
        "/tests/cancel",
        fc.CancelTest,
        "Abandon the open test (Mayor)",
        description="The Mayor abandons the open test: nothing is resolved and the drawn cards go "
        "back as the table's mode says.",
    ),
    command_route(
        "changeCondition",
        "/conditions",
        fc.ChangeCondition,
        "Move a character's health, morale or sobriety (Mayor)",
        answer=LEVEL,
        description="The Mayor moves a character's health, morale or sobriety by the given "
        "levels, with a reason [L537]: the track's penalties and exchanges follow (health never "
        "below -4, morale and sobriety never below -3).",
    ),
    command_route(
        "setWeapon",
        "/weapons",
        fc.SetWeapon,
        "Add or change one of the table's weapons (Mayor)",
        description="The Mayor adds or changes one of the table's weapons: its damage and its "
        "draw modifier at each range, or out of range [L1023, L1490].",
    ),
    command_route(
        "removeWeapon",
        "/weapons/remove",
        fc.RemoveWeapon,
        "Remove one of the table's weapons (Mayor)",
        description="The Mayor removes one of the table's weapons [L1490].",
    ),
    # combat [L873-L1207]
    command_route(
        "openCombat",
        "/combats",
        cc.OpenCombat,
        "Open a combat: combatants, their cover and mounts, the ranges between them (Mayor)",
        status=201,
        description="The Mayor opens a combat [L873]: the combatants, their cover [L1034] and "
        "mounts [L1054], and the ranges between them [L1023].",
        example={
            "combatants": [{"character": "c1"}, {"character": "c2", "cover": "partial"}],
            "range": "short",
        },
    ),
    command_route(
        "updateCombat",
        "/combats/update",
        cc.UpdateCombat,
        "Between turns: new footing, ranges, who joins or leaves, holds released (Mayor)",
        description="Between turns, the Mayor sets the new footing [L941]: positions, cover, "
        "ranges and mounts, who joins or leaves, and grapples released [L1082].",
    ),
    command_route(
        "startCombatTurn",
        "/combats/turns",
        cc.StartCombatTurn,
        "Start the next combat turn; every fifth begins with the jam check (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor starts the next combat turn (about 6 seconds) [L875]. Every fifth "
        "turn starts with the jam check, a dead man's hand test for every participant [L1015].",
        example={},
    ),
    command_route(
        "declareAction",
        "/combats/declare",
        cc.DeclareAction,
        "Announce a character's action for the turn; an attacker draws its cards at once",
        answer=DRAWN,
        description="A character announces its action for the turn [L879] (the Mayor's characters "
        "first): an attack with its technique, weapon and targets, a move, a grapple [L1082] or a "
        "scare [L1096]. An attacker draws its cards at once [L911], shown to its seat only. A "
        "character in a hold, holder or held, declares `hold` and nothing else [L1089]: it draws "
        "for the hold's opposed muscle test [L1090] (+2 with strength or agility).",
        example={
            "character": "c1",
            "action": "attack",
            "technique": "quick_shot",
            "weapon": "revolver",
            "targets": ["c2"],
        },
    ),
    command_route(
        "chooseAttacks",
        "/combats/attacks",
        cc.ChooseAttacks,
        "Choose in secret the cards an attacker plays, one target each; all reveal together",
        description="An attacker chooses, in secret, the cards it plays, one target each [L883, "
        "L902] (several with a multiple attack); a hold's test plays one card against each "
        "rival. When the last has chosen, all are revealed together, the damage lands [L923] "
        "and each hold is kept, or broken by the held character's victory [L1090].",
        example={"character": "c1", "attacks": [{"card": "d0:QS", "target": "c2"}]},
    ),
    command_route(
        "endCombat",
        "/combats/end",
        cc.EndCombat,
        "End the combat (Mayor)",
        description="The Mayor ends the combat.",
    ),
    command_route(
        "openPistolDuel",
        "/tests/pistol-duel",
        cc.OpenPistolDuel,
        "Open a pistol duel: opposed hands (quick shot), the loser is shot (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor opens a pistol duel [L1109]: opposed hands (quick shot), without "
        "simultaneity or absorption; the loser takes one shot at full damage, a tie hits both. "
        "The duel's card exchange follows in Normal mode [L302].",
    ),
    command_route(
        "openSurvivalTest",
        "/tests/survival",
        cc.OpenSurvivalTest,
        "Open a fallen character's survival test (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor opens a fallen character's survival test [L585]: within 5 turns, a "
        "dead man's hand test (incapacitated or dead for good), drawing 2 with medical care, else "
        "1.",
    ),
    # card exchanges of Normal mode [L280-L347]
    command_route(
        "startBetExchange",
        "/exchanges/bet",
        xc.StartBetExchange,
        "Settle the cards of a bet (Mayor)",
        status=201,
        description="The Mayor settles the cards of a bet in Normal mode [L290]: each participant "
        "staked a card of its deck; the winner picks one of the loser's, a tie swaps random "
        "cards.",
    ),
    command_route(
        "startDuelExchange",
        "/exchanges/duel",
        xc.StartDuelExchange,
        "Settle the cards of a duel (Mayor)",
        status=201,
        description="The Mayor settles the cards of a duel in Normal mode [L302]: the winner may "
        "take up to 2 cards of the loser's deck and gives as many back; a tie swaps 2 random "
        "cards.",
    ),
    command_route(
        "pickCards",
        "/exchanges/pick",
        xc.PickCards,
        "Pick the cards the pending exchange asks of your seat, among those shown to you",
        answer=DRAWN,
        description="The seat whose pick the pending exchange awaits picks its cards among those "
        "shown to it [L280]; the view's `exchange` says whose pick it is.",
        example={"cards": ["d0:JK1"]},
    ),
    command_route(
        "keepLoot",
        "/exchanges/keep",
        xc.KeepLoot,
        "Name who keeps the loot's treasure card",
        description="Those who shared a treasure card from the loot name who keeps it [L335].",
    ),
    command_route(
        "swapCards",
        "/exchanges/swap",
        xc.SwapCards,
        "Swap a card with a loot partner, or pass",
        description="A protagonist sharing in a loot swaps one card of its deck with another "
        "protagonist present, or passes [L335].",
    ),
    command_route(
        "cancelExchange",
        "/exchanges/cancel",
        xc.CancelExchange,
        "Cancel the pending exchange (Mayor)",
        description="The Mayor cancels the pending card exchange: no card moves.",
    ),
    command_route(
        "shareLoot",
        "/loot",
        xc.ShareLoot,
        "Share a treasure, loot or reward (Mayor)",
        status=201,
        description="The Mayor shares out a treasure, loot or reward in Normal mode [L327]: a "
        "random treasure card for those who share, or card swaps when the treasure is empty; the "
        "Mayor never takes treasure cards [L339].",
    ),
    command_route(
        "seedTreasure",
        "/treasure/seed",
        xc.SeedTreasure,
        "Seed the treasure from an extra deck (Mayor)",
        description="The Mayor seeds the treasure deck, empty at first, with cards of an extra "
        "deck [L240].",
    ),
    command_route(
        "dealLateJoiner",
        "/seats/late-joiner",
        xc.DealLateJoiner,
        "Deal cards to a seat that came late (Mayor)",
        description="The Mayor deals a seat that came late its cards [L244]: from a new deck, or "
        "1 to 3 random cards of each other player's deck [L246].",
    ),
    command_route(
        "removeProtagonist",
        "/characters/leave",
        xc.ProtagonistLeaves,
        "A dead protagonist leaves the game; its seat's cards go to the treasure (Mayor)",
        description="A dead protagonist leaves the game: its player's cards go to the treasure "
        "deck [L317].",
    ),
    # gambling [L1276-L1452]
    command_route(
        "setMoney",
        "/money",
        gm.SetMoney,
        "Set the dollars a character carries (Mayor)",
        description="The Mayor sets the dollars a character carries [L673]; gambling wins and "
        "loses a part of it [L1335].",
    ),
    command_route(
        "changeEquipment",
        "/equipment",
        eq.ChangeEquipment,
        "Give a character gear, or take it away (Mayor)",
        description="The Mayor gives a character gear, or takes it away [L673]; gear such as work "
        "clothes adds cards to some tests [L699].",
    ),
    command_route(
        "startHouseGame",
        "/games/house",
        gm.StartHouseGame,
        "Seat a protagonist at the house's table (Mayor)",
        status=201,
        description='The Mayor seats a protagonist at a "the house always wins" game [L1296]: '
        "rounds drawn from the Mayor's deck with the dead man's hand shuffled in.",
        example={"character": "c2"},
    ),
    command_route(
        "playHouseRound",
        "/games/house/rounds",
        gm.PlayHouseRound,
        "Play one more round at the house: one card, face up",
        answer=DRAWN,
        description="The protagonist plays one more round at the house [L1308]: one card, face "
        "up; a ♠ scores for the player, any other suit for the house.",
        example={"character": "c2"},
    ),
    command_route(
        "closeHouse",
        "/games/house/close",
        gm.CloseHouse,
        "Call off a game at the house: the cards go back, nothing is settled (Mayor)",
        description="The Mayor calls off a game at the house: the cards go back and nothing is "
        "settled.",
    ),
    command_route(
        "tryToStopGambling",
        "/games/house/stop",
        gm.TryToStop,
        "Try to leave the house's table: opens the head (cunning) stop test",
        answer=TEST_OPENED,
        status=201,
        description="The protagonist tries to leave the house's table [L1327]: opens a head "
        "(cunning) stop test, then drawn and chosen as usual; the night is settled as the book "
        "says [L1335].",
        example={"character": "c2"},
    ),
    command_route(
        "startChanceGame",
        "/games/chance",
        gm.StartChanceGame,
        "Start a game of chance: an opposed head (cunning) test (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor starts a game of chance, such as poker or dice [L1386]: an opposed "
        "head (cunning) test, or hands (deftness) for a cheat [L1417]; the outcome's dead man's "
        "hand decides the money.",
    ),
    command_route(
        "startSkillGame",
        "/games/skill",
        gm.StartSkillGame,
        "Start a game of skill for a stake: an opposed test (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor starts a game of skill for a stake [L1424]: darts, arm wrestling, "
        "a race, chess, shooting; an opposed test of the game's trait and skill.",
    ),
    # drinking [L1245]
    command_route(
        "drink",
        "/drinks",
        dr.Drink,
        "A character drinks; sobriety tests as the rules say",
        answer=LEVEL,
        description="A character drinks [L1245]: in a drinking duel [L1257] or heavy drinking "
        "[L1264], the sobriety tests the book sets at each threshold of its toughness. The answer "
        "is its sobriety level.",
        example={"character": "c1", "drinks": 2},
    ),
    command_route(
        "startDrinkingDuel",
        "/drinking-duels",
        dr.StartDrinkingDuel,
        "Start a drinking duel (Mayor)",
        status=201,
        description="The Mayor starts a drinking duel [L1257]: each drink past half the toughness "
        "calls a dead man's hand test; the first to reach coma loses.",
    ),
    command_route(
        "endDrinkingDuel",
        "/drinking-duels/end",
        dr.EndDrinkingDuel,
        "End the drinking duel (Mayor)",
        description="The Mayor ends the drinking duel.",
    ),
    # harm, morale and recovery [L537-L663, L768, L1209]
    command_route(
        "sufferAccident",
        "/accidents",
        hm.SufferAccident,
        "A fall or being run over: opens the agility save (Mayor)",
        answer=SAVE,
        description="The Mayor makes a character suffer a fall (-1 health per 5 m) or being run "
        "over (by a train -4, a coach or a horse -2) [L1225]; the answer opens its muscle "
        "(agility) save, which reduces the harm by 2 on a success, 1 on a partial one.",
        example={"character": "c1", "cause": "fall", "metres": 10, "reason": "off the roof"},
    ),
    command_route(
        "faceThreat",
        "/threats",
        mo.FaceThreat,
        "A frightening threat: a random card against confidence (Mayor)",
        answer=LEVEL,
        description="A frightening threat [L627]: the Mayor draws a random card; a value above "
        "the character's confidence lowers its morale by a level. The answer is its morale level.",
        example={"character": "c2", "reason": "a grizzly"},
    ),
    command_route(
        "openChallenge",
        "/tests/challenge",
        mo.Challenge,
        "Open a challenge: opposed head, silver tongue against cunning (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor opens a challenge [L854]: opposed head, the challenger's silver "
        "tongue against the challenged's cunning. A challenged loser must face the rival or lose "
        "a level of morale; a losing challenger loses one.",
    ),
    command_route(
        "openProvocation",
        "/tests/provoke",
        mo.Provoke,
        "Open a provocation: opposed head, silver tongue against cunning (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor opens a provocation [L862]: opposed head, silver tongue against "
        "cunning; the loser loses a level of morale.",
    ),
    command_route(
        "answerChallenge",
        "/challenges/answer",
        mo.AnswerChallenge,
        "Face the challenger or refuse and lose a level of morale",
        answer=LEVEL,
        description="A challenged character who lost faces the challenger, or refuses and loses a "
        "level of morale [L859].",
    ),
    command_route(
        "openMedicalCare",
        "/tests/medical-care",
        rc.GiveMedicalCare,
        "Open a medical care test: head (knowledge), difficulty 8 on oneself (Mayor)",
        answer=TEST_OPENED,
        status=201,
        description="The Mayor opens a medical care test [L768]: head (knowledge); healing "
        "another takes a full success, healing oneself has difficulty 8. It does not restore "
        "health: it speeds recovery.",
        example={"healer": "c2", "patient": "c1"},
    ),
    command_route(
        "advanceTime",
        "/time",
        rc.AdvanceTime,
        "Advance game time: rest, recovery and, in wear mode, cards back (Mayor)",
        answer=CLOCK,
        description="The Mayor lets game time pass [L537]: the engine applies the recovery tables "
        "of health, morale and sobriety to those resting or not, and in wear mode gives back 8 "
        "discarded cards per hour of rest [L377].",
        example={
            "amount": 8,
            "unit": "hours",
            "resting": ["c1"],
            "reason": "a night at the doctor's",
        },
    ),
]

ROUTES: list[HTTPRouteHandler] = [start_table, get_test, *COMMANDS]
#: the paths contract release 0.3.0 renamed so that every collection is a plural noun (issue
#: 25, item 9), by the new one: each former one still answers, deprecated
#: (`service.routes.former_routes`), until release 0.4.0 and 90 days after 2026-11-27
FORMER_PATHS = {
    "/tests/draw": "/test/draw",
    "/tests/choose": "/test/choose",
    "/tests/cancel": "/test/cancel",
    "/combats": "/combat",
    "/combats/update": "/combat/update",
    "/combats/turns": "/combat/turns",
    "/combats/declare": "/combat/declare",
    "/combats/attacks": "/combat/attacks",
    "/combats/end": "/combat/end",
    "/drinking-duels": "/drinking-duel",
    "/drinking-duels/end": "/drinking-duel/end",
    "/games/house": "/house",
    "/games/house/rounds": "/house/round",
    "/games/house/close": "/house/close",
    "/games/house/stop": "/house/stop",
}

#: the enums of this system a client names (`service.named_enums`)
ENUMS = [
    NamedEnum(
        "FronteraWeaponKind",
        ["melee", "ranged", "thrown"],
        "A weapon's kind: melee, ranged or thrown.",
    ),
    NamedEnum(
        "FronteraKit", ["revolver", "knives"], "A new protagonist's kit: a revolver, or ten knives."
    ),
]
