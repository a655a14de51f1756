"""Commands as routes: one line per command instead of one hand-written handler each.

Every command endpoint does the same thing: decode the body into the domain command, run it
through the batcher as the bearer's seat, and answer with the new version (and the command's
result, shaped by the route's answer). The factory writes the handler with the real command
and answer types in its signature, so the OpenAPI document stays as precise as hand-written
handlers would make it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import msgspec
from litestar import Request, Response, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath, JSONBody

from domain.application import Outcome
from domain.commands import RemoveSeat
from domain.frontera import combat_turn as ct
from domain.frontera import commands as fc
from domain.frontera import drinking as dr
from domain.frontera import equipment as eq
from domain.frontera import exchanges as fx
from domain.frontera import gambling as gm
from domain.frontera import harm as hm
from domain.frontera import morale as mo
from domain.frontera import recovery as rc
from service import schemas
from service.api import (
    COMMAND_RESPONSES,
    CREATED_HEADERS,
    HEADERS,
    IdempotencyKey,
    IfMatch,
    etag,
    run,
)


@dataclass(frozen=True)
class Answer:
    """How a route turns a command's outcome into its response body."""

    schema: type[msgspec.Struct]
    build: Callable[[Outcome], msgspec.Struct]
    #: for a 201, where what was created is read, under the table's path (else the table)
    location: Callable[[Outcome], str] = lambda _: ""


ACCEPTED = Answer(schemas.Accepted, lambda outcome: schemas.Accepted(version=outcome.version))
CREATED = Answer(
    schemas.Created,
    lambda outcome: schemas.Created(version=outcome.version, id=str(outcome.result)),
    lambda outcome: f"/characters/{outcome.result}",
)
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


def command_route(
    operation_id: str,
    path: str,
    command: type[msgspec.Struct],
    summary: str,
    *,
    answer: Answer = ACCEPTED,
    status: int = 200,
) -> HTTPRouteHandler:
    """A POST route under `/tables/{table_id}` that runs `command` as the caller's seat."""

    async def handler(
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        data: Any,
        if_match: IfMatch,
        idempotency_key: IdempotencyKey,
    ) -> Any:
        outcome = await run(request, table_id, data, if_match, idempotency_key)
        headers = etag(outcome.version)
        if status == 201:
            headers["Location"] = f"/tables/{table_id}{answer.location(outcome)}"
        return Response(answer.build(outcome), status_code=status, headers=headers)

    name = "".join(f"_{c.lower()}" if c.isupper() else c for c in command.__name__).lstrip("_")
    handler.__name__ = handler.__qualname__ = name
    handler.__annotations__ = {
        **handler.__annotations__,
        "data": JSONBody[command],  # type: ignore[valid-type,misc]
        "return": Response[answer.schema],  # type: ignore[name-defined]
    }
    return post(
        f"/tables/{{table_id:uuid}}{path}",
        operation_id=operation_id,
        summary=summary,
        status_code=status,
        responses=COMMAND_RESPONSES,
        response_headers=CREATED_HEADERS if status == 201 else HEADERS,
        security=[{"bearer": []}],
        tags=["tables"],
        opt={"command": command.__name__},  # logs, metrics and the rate limit know it by this
    )(handler)


#: every command endpoint with a body, in the order of a session
COMMAND_ROUTES: list[HTTPRouteHandler] = [
    command_route("removeSeat", "/seats/remove", RemoveSeat, "Remove a player's seat (Mayor)"),
    command_route(
        "createCharacter",
        "/characters",
        fc.CreateCharacter,
        "Create a character",
        answer=CREATED,
        status=201,
    ),
    command_route(
        "openTraitTest",
        "/tests/trait",
        fc.OpenTraitTest,
        "Open a trait test (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "openOpposedTest",
        "/tests/opposed",
        fc.OpenOpposedTest,
        "Open an opposed test (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "openDeadMansHandTest",
        "/tests/dead-mans-hand",
        fc.OpenDeadMansHandTest,
        "Open a dead man's hand test (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "draw", "/test/draw", fc.Draw, "Draw a character's cards for the open test", answer=DRAWN
    ),
    command_route(
        "choose",
        "/test/choose",
        fc.Choose,
        "Choose in secret the card(s) a character plays; all reveal when everyone has chosen",
    ),
    command_route("cancelTest", "/test/cancel", fc.CancelTest, "Abandon the open test (Mayor)"),
    command_route(
        "changeCondition",
        "/conditions",
        fc.ChangeCondition,
        "Move a character's health, morale or sobriety (Mayor)",
        answer=LEVEL,
    ),
    command_route(
        "setWeapon", "/weapons", fc.SetWeapon, "Add or change one of the table's weapons (Mayor)"
    ),
    command_route(
        "removeWeapon",
        "/weapons/remove",
        fc.RemoveWeapon,
        "Remove one of the table's weapons (Mayor)",
    ),
    # combat [L873-L1207]
    command_route(
        "openCombat",
        "/combat",
        ct.OpenCombat,
        "Open a combat: combatants, their cover and mounts, the ranges between them (Mayor)",
        status=201,
    ),
    command_route(
        "updateCombat",
        "/combat/update",
        ct.UpdateCombat,
        "Between turns: new footing, ranges, who joins or leaves, holds released (Mayor)",
    ),
    command_route(
        "startCombatTurn",
        "/combat/turns",
        ct.StartCombatTurn,
        "Start the next combat turn; every fifth begins with the jam check (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "declareAction",
        "/combat/declare",
        ct.DeclareAction,
        "Announce a character's action for the turn; an attacker draws its cards at once",
        answer=DRAWN,
    ),
    command_route(
        "chooseAttacks",
        "/combat/attacks",
        ct.ChooseAttacks,
        "Choose in secret the cards an attacker plays, one target each; all reveal together",
    ),
    command_route("endCombat", "/combat/end", ct.EndCombat, "End the combat (Mayor)"),
    command_route(
        "openPistolDuel",
        "/tests/pistol-duel",
        ct.OpenPistolDuel,
        "Open a pistol duel: opposed hands (quick shot), the loser is shot (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "openSurvivalTest",
        "/tests/survival",
        ct.OpenSurvivalTest,
        "Open a fallen character's survival test (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    # card exchanges of Normal mode [L280-L347]
    command_route(
        "startBetExchange",
        "/exchanges/bet",
        fx.StartBetExchange,
        "Settle the cards of a bet (Mayor)",
        status=201,
    ),
    command_route(
        "startDuelExchange",
        "/exchanges/duel",
        fx.StartDuelExchange,
        "Settle the cards of a duel (Mayor)",
        status=201,
    ),
    command_route(
        "pickCards",
        "/exchanges/pick",
        fx.PickCards,
        "Pick the cards the pending exchange asks of your seat, among those shown to you",
        answer=DRAWN,
    ),
    command_route(
        "keepLoot", "/exchanges/keep", fx.KeepLoot, "Name who keeps the loot's treasure card"
    ),
    command_route(
        "swapCards", "/exchanges/swap", fx.SwapCards, "Swap a card with a loot partner, or pass"
    ),
    command_route(
        "cancelExchange",
        "/exchanges/cancel",
        fx.CancelExchange,
        "Cancel the pending exchange (Mayor)",
    ),
    command_route(
        "shareLoot", "/loot", fx.ShareLoot, "Share a treasure, loot or reward (Mayor)", status=201
    ),
    command_route(
        "seedTreasure",
        "/treasure/seed",
        fx.SeedTreasure,
        "Seed the treasure from an extra deck (Mayor)",
    ),
    command_route(
        "dealLateJoiner",
        "/seats/late-joiner",
        fx.DealLateJoiner,
        "Deal cards to a seat that came late (Mayor)",
    ),
    command_route(
        "removeProtagonist",
        "/characters/leave",
        fx.ProtagonistLeaves,
        "A dead protagonist leaves the game; its seat's cards go to the treasure (Mayor)",
    ),
    # gambling [L1276-L1452]
    command_route("setMoney", "/money", gm.SetMoney, "Set the dollars a character carries (Mayor)"),
    command_route(
        "changeEquipment",
        "/equipment",
        eq.ChangeEquipment,
        "Give a character gear, or take it away (Mayor)",
    ),
    command_route(
        "startHouseGame",
        "/house",
        gm.StartHouseGame,
        "Seat a protagonist at the house's table (Mayor)",
        status=201,
    ),
    command_route(
        "playHouseRound",
        "/house/round",
        gm.PlayHouseRound,
        "Play one more round at the house: one card, face up",
        answer=DRAWN,
    ),
    command_route(
        "closeHouse",
        "/house/close",
        gm.CloseHouse,
        "Call off a game at the house: the cards go back, nothing is settled (Mayor)",
    ),
    command_route(
        "tryToStopGambling",
        "/house/stop",
        gm.TryToStop,
        "Try to leave the house's table: opens the head (cunning) stop test",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "startChanceGame",
        "/games/chance",
        gm.StartChanceGame,
        "Start a game of chance: an opposed head (cunning) test (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "startSkillGame",
        "/games/skill",
        gm.StartSkillGame,
        "Start a game of skill for a stake: an opposed test (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    # drinking [L1245]
    command_route(
        "drink",
        "/drinks",
        dr.Drink,
        "A character drinks; sobriety tests as the rules say",
        answer=LEVEL,
    ),
    command_route(
        "startDrinkingDuel",
        "/drinking-duel",
        dr.StartDrinkingDuel,
        "Start a drinking duel (Mayor)",
        status=201,
    ),
    command_route(
        "endDrinkingDuel", "/drinking-duel/end", dr.EndDrinkingDuel, "End the drinking duel (Mayor)"
    ),
    # harm, morale and recovery [L537-L663, L768, L1209]
    command_route(
        "sufferAccident",
        "/accidents",
        hm.SufferAccident,
        "A fall or being run over: opens the agility save (Mayor)",
        answer=SAVE,
    ),
    command_route(
        "faceThreat",
        "/threats",
        mo.FaceThreat,
        "A frightening threat: a random card against confidence (Mayor)",
        answer=LEVEL,
    ),
    command_route(
        "openChallenge",
        "/tests/challenge",
        mo.Challenge,
        "Open a challenge: opposed head, silver tongue against cunning (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "openProvocation",
        "/tests/provoke",
        mo.Provoke,
        "Open a provocation: opposed head, silver tongue against cunning (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "answerChallenge",
        "/challenges/answer",
        mo.AnswerChallenge,
        "Face the challenger or refuse and lose a level of morale",
        answer=LEVEL,
    ),
    command_route(
        "openMedicalCare",
        "/tests/medical-care",
        rc.GiveMedicalCare,
        "Open a medical care test: head (knowledge), difficulty 8 on oneself (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "advanceTime",
        "/time",
        rc.AdvanceTime,
        "Advance game time: rest, recovery and, in wear mode, cards back (Mayor)",
        answer=CLOCK,
    ),
]
