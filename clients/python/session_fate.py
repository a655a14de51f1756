"""The README's fate session ("A fate session with curl"), through the generated client.

The dice are scripted as the README's: Ana climbs a wall with an aspect invoked and a fate
point spent; she answers the Barón's taunt, and Iris's guess at one of his aspects comes
close to his hidden "Cobarde", which is revealed to everyone and invoked against him; Bruno
accepts a compel and takes two hits, the second one a consequence; and a blind roll that
Iris neither sees in her view nor reads in her stream until the game master reveals it. Jon
reads the Barón's sheet but his hidden aspect until it is discovered. Every call goes through
the generated operations and models.

Usage: `python session_fate.py http://127.0.0.1:8000` (with `saloon_client` importable);
prints what the session observed, as JSON.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from uuid import UUID

from saloon_client import AuthenticatedClient
from saloon_client.api.fate import (
    fate_compel,
    fate_create_character,
    fate_hit,
    fate_invoke_aspect,
    fate_roll_skill,
    fate_rule_invocation,
    fate_settle_roll,
)
from saloon_client.api.log import list_events
from saloon_client.api.tables import (
    close_table,
    get_character,
    get_view,
    reveal_rolls,
    verify_table,
)
from saloon_client.models import (
    CreateFateTable,
    EventPage,
    FateAspect,
    FateCharacterView,
    FateCompel,
    FateCompelKind,
    FateCreateCharacter,
    FateHit,
    FateHitTrack,
    FateInvokeAspect,
    FateInvokeAspectEffect,
    FateOptions,
    FateRollSettledEvent,
    FateRollSkill,
    FateRuleInvocation,
    FateSettleRoll,
    FateSheet,
    FateSheetKind,
    FateSkillRolledEvent,
    FateSkillRung,
    FateView,
    ListEventsTypeItem,
    Problem,
    RevealRolls,
    RollVisibility,
    VerificationResult,
)
from table_setup import as_a, hang_up, ok, open_table, seat, stream_as_logged

FACES = [1, 3, 3, 3, 3, 3, 3, 3, 5, 3, 3, 3, 6, 6, 6, 6]


@dataclasses.dataclass
class Outcome:
    """What the session observed, for whoever runs it to check."""

    #: the numbers the rolls answered, in order
    rolls: list[int | None]
    #: the Barón's aspects as Jon reads them, before and after Iris's guess discovered one,
    #: and his fate points then
    baron_aspects_before: list[str]
    baron_aspects_after: list[str]
    baron_fate_points: int
    #: the climb, as Jon reads the log: effort, shifts, and the fate points Ana paid
    climb: tuple[int, int, int]
    #: the code of the refusal of a hit no box takes without a consequence named
    unnamed_consequence_refused: str
    #: Bruno after the compel and the hits, as Iris reads him: fate points, boxes marked,
    #: the first consequence's severity
    bruno: tuple[int, list[int], str]
    #: the open rolls Iris's view shows while the blind roll is secret
    open_rolls_before_reveal: list[int]
    #: the fields masked in the blind roll as Iris's stream sent it before it was revealed;
    #: and whether that stream was her log, event by event
    blind_streamed_hidden: list[str]
    stream_matches_log: bool
    #: each settled roll's shifts, as Jon reads the log once the blind one is revealed
    shifts: list[int]
    verified: bool
    dice_checked: int


def verdicts(client: AuthenticatedClient, table_id: UUID) -> list[FateRollSettledEvent]:
    """The settled rolls of the log, as this seat reads them."""
    kind = [ListEventsTypeItem.FATE_ROLLSETTLED]
    page = as_a(EventPage, list_events.sync(table_id, client=client, type_=kind))
    return [as_a(FateRollSettledEvent, event) for event in page.events]


def play(api: str) -> Outcome:
    """The README's fate session against the server at `api`."""
    table, gm = open_table(
        api,
        CreateFateTable(
            title="El puerto",
            gm_name="Gea",
            system="fate",
            options=FateOptions(scripted_rolls=FACES),
        ),
    )
    iris = seat(api, table, gm, "Iris")
    jon = seat(api, table, gm, "Jon")

    ana = FateSheet(
        name="Ana",
        skills=[FateSkillRung(name="Atletismo", rating=3)],
        aspects=[FateAspect(name="Ágil como un gato")],
        fate_points=3,
        refresh=3,
    )
    bruno = FateSheet(
        name="Bruno",
        skills=[FateSkillRung(name="Puños", rating=4)],
        aspects=[FateAspect(name="Impulsivo")],
        fate_points=2,
        refresh=2,
    )
    baron = FateSheet(
        name="El Barón",
        kind=FateSheetKind.NPC,
        skills=[FateSkillRung(name="Provocar", rating=2)],
        fate_points=1,
        aspects=[FateAspect(name="Barón del puerto"), FateAspect(name="Cobarde", hidden=True)],
    )
    create = fate_create_character.sync
    c1 = ok(create(table, client=iris, body=FateCreateCharacter(sheet=ana))).id
    c2 = ok(create(table, client=jon, body=FateCreateCharacter(sheet=bruno))).id
    c3 = ok(create(table, client=gm, body=FateCreateCharacter(sheet=baron))).id
    before = as_a(FateCharacterView, get_character.sync(table, c3, client=jon))

    def roll(
        character: str,
        skill: str,
        reason: str,
        difficulty: int | None,
        opposed_by: int | None = None,
        visibility: RollVisibility = RollVisibility.PUBLIC,
    ) -> int | None:
        body = FateRollSkill(
            character=character,
            skill=skill,
            difficulty=difficulty,
            opposed_by=opposed_by,
            reason=reason,
            full_defence=False,
            secondary_action=None,
            combined_with=[],
            visibility=visibility,
        )
        return ok(fate_roll_skill.sync(table, client=gm, body=body)).roll

    def settle(player: AuthenticatedClient, number: int, fate_points: int) -> None:
        body = FateSettleRoll(roll=number, fate_points=fate_points)
        ok(fate_settle_roll.sync(table, client=player, body=body))

    # Ana climbs a wall: her aspect invoked (+2), accepted, and one more point spent (+1)
    rolls = [roll(c1, "Atletismo", "a high wall", 4)]
    cat = FateInvokeAspect(
        roll=1,
        aspect="Ágil como un gato",
        owner=c1,
        effect=FateInvokeAspectEffect.PLUS_TWO,
        against_owner=False,
        guess=False,
    )
    ok(fate_invoke_aspect.sync(table, client=iris, body=cat))
    accepted = FateRuleInvocation(
        roll=1, accepted=True, reason="she climbs like one", revealed=None, secret=None
    )
    ok(fate_rule_invocation.sync(table, client=gm, body=accepted))
    settle(iris, 1, 1)
    climbed = verdicts(jon, table)[0].data

    # The Barón's taunt, settled first; Ana's answer; Iris's guess finds his hidden aspect
    rolls.append(roll(c3, "Provocar", "a taunt", 0))
    settle(gm, 2, 0)
    rolls.append(roll(c1, "Intimidar", "facing him", None, opposed_by=2))
    guess = FateInvokeAspect(
        roll=3,
        aspect="Miedoso",
        owner=c3,
        effect=FateInvokeAspectEffect.PLUS_TWO,
        against_owner=True,
        guess=True,
    )
    ok(fate_invoke_aspect.sync(table, client=iris, body=guess))
    close = FateRuleInvocation(
        roll=3, accepted=True, reason="close enough", revealed="Cobarde", secret=True
    )
    ok(fate_rule_invocation.sync(table, client=gm, body=close))
    settle(iris, 3, 0)
    after = as_a(FateCharacterView, get_character.sync(table, c3, client=jon))

    # A compel accepted; two hits on Bruno, the second one taken as a consequence
    brawl = FateCompel(
        character=c2,
        aspect="Impulsivo",
        kind=FateCompelKind.OFFERED,
        accepted=True,
        reason="he starts a brawl",
    )
    ok(fate_compel.sync(table, client=gm, body=brawl))

    def hit(shifts: int, consequence: str | None, reason: str) -> FateHit:
        return FateHit(
            character=c2,
            track=FateHitTrack.HEALTH,
            shifts=shifts,
            consequence=consequence,
            reason=reason,
        )

    ok(fate_hit.sync(table, client=gm, body=hit(3, None, "a bottle")))
    unnamed = fate_hit.sync(table, client=gm, body=hit(6, None, "a chair"))
    assert isinstance(unnamed, Problem), f"a hit past every box was taken: {unnamed!r}"
    ok(fate_hit.sync(table, client=gm, body=hit(6, "Brazo roto", "a chair")))
    hurt = as_a(FateCharacterView, get_character.sync(table, c2, client=iris))

    # A blind roll: neither Iris's view nor her stream shows it until the GM reveals it
    rolls.append(roll(c3, "Provocar", "he lies", 3, visibility=RollVisibility.BLIND))
    hidden_from_iris = as_a(FateView, get_view.sync(table, client=iris)).open_rolls
    settle(gm, 4, 0)
    streamed, matches = stream_as_logged(iris, table)
    secret = next(
        as_a(FateSkillRolledEvent, m.event)
        for m in reversed(streamed)
        if m.event.type_ == "fate.SkillRolled"
    )
    ok(reveal_rolls.sync(table, client=gm, body=RevealRolls(rolls=[4], reason="caught")))
    settled = [event.data.verdict for event in verdicts(jon, table)]

    ok(close_table.sync(table, client=gm))
    verification = as_a(VerificationResult, verify_table.sync(table, client=iris))
    hang_up(gm, iris, jon)
    marked = hurt.health.marked
    return Outcome(
        rolls=rolls,
        baron_aspects_before=[aspect.name for aspect in before.aspects],
        baron_aspects_after=[aspect.name for aspect in after.aspects],
        baron_fate_points=after.fate_points,
        climb=(climbed.verdict.effort, climbed.verdict.shifts, climbed.fate_points[c1]),
        unnamed_consequence_refused=unnamed.code,
        bruno=(
            hurt.fate_points,
            marked if isinstance(marked, list) else [],
            hurt.consequences[0].severity.value,
        ),
        open_rolls_before_reveal=[opened.roll for opened in hidden_from_iris],
        blind_streamed_hidden=sorted(field.value for field in secret.hidden),
        stream_matches_log=matches,
        shifts=[verdict.shifts for verdict in settled],
        verified=verification.verified,
        dice_checked=verification.dice_checked,
    )


if __name__ == "__main__":
    print(json.dumps(dataclasses.asdict(play(sys.argv[1]))))
