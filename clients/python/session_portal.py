"""The README's PORTAL session ("A PORTAL session with curl"), through the generated client.

The dice are scripted as the README's: Omnium's fireball, rerolled with her Fortaleza to a
success that removes her discomfort; Bruno's parry, whose 1s Iris locks with one of Omnium's
points, so that only his 3 may be rerolled; the game master's rulings; and a blind roll that
Iris neither sees in her view nor reads in her stream until the game master reveals it, and
then settles. Jon reads Omnium's sheet but its Fortalezas. Every call goes through the
generated operations and models.

Usage: `python session_portal.py http://127.0.0.1:8000` (with `saloon_client` importable);
prints what the session observed, as JSON.
"""

from __future__ import annotations

import dataclasses
import json
import sys

from saloon_client.api.log import list_events
from saloon_client.api.portal import (
    portal_block_roll,
    portal_create_character,
    portal_damage,
    portal_open_roll,
    portal_reroll_die,
    portal_restore_luck,
    portal_settle_roll,
)
from saloon_client.api.tables import (
    close_table,
    get_character,
    get_view,
    reveal_rolls,
    verify_table,
)
from saloon_client.models import (
    CreatePortalTable,
    EventPage,
    ListEventsTypeItem,
    PortalBlockRoll,
    PortalCharacterPoints,
    PortalCharacterView,
    PortalCreateCharacter,
    PortalDamage,
    PortalDieRef,
    PortalDieRefKind,
    PortalDrives,
    PortalFortaleza,
    PortalLevel,
    PortalOpenRoll,
    PortalOptions,
    PortalReadingCall,
    PortalRerollDie,
    PortalRerollDieSource,
    PortalRestoreLuck,
    PortalRollOpenedEvent,
    PortalRollSettledEvent,
    PortalSettleRoll,
    PortalSheet,
    PortalSheetFortaleza,
    PortalView,
    Problem,
    RevealRolls,
    RollVisibility,
    VerificationResult,
)
from table_setup import as_a, hang_up, ok, open_table, seat, stream_as_logged

FACES = [6, 4, 2, 5, 2, 5, 3, 1, 1, 4, 2, 2, 2]


@dataclasses.dataclass
class Outcome:
    """What the session observed, for whoever runs it to check."""

    #: the numbers the rolls and rerolls answered, in order
    rolls: list[int | None]
    #: Omnium's discomfort as Jon reads it, and whether he reads her Fortalezas
    omnium_seen_by_jon: tuple[int, bool]
    #: the fireball's reading as Iris's view shows it, before the reroll
    fireball_result: int
    #: Omnium after the fireball is settled, as Jon reads her: discomfort, luck held and lost
    omnium_settled: tuple[int, int, int]
    #: the code of the refusal of a reroll of a die locked by the point Iris handed Bruno
    locked_reroll_refused: str
    #: Bruno's points in hand after his parry, and his discomfort and wound after the GM's
    #: damage, as Iris reads them
    bruno_points: int
    bruno_hurt: tuple[int, int]
    #: the open rolls Iris's view shows while the blind roll is secret
    open_rolls_before_reveal: list[int]
    #: the fields masked in the blind roll as Iris's stream sent it before it was revealed;
    #: and whether that stream was her log, event by event
    blind_streamed_hidden: list[str]
    stream_matches_log: bool
    #: each settled roll's outcome, as Jon reads the log
    outcomes: list[str | None]
    verified: bool
    dice_checked: int


def play(api: str) -> Outcome:
    """The README's PORTAL session against the server at `api`."""
    table, gm = open_table(
        api,
        CreatePortalTable(
            title="The Portal",
            gm_name="Gea",
            system="portal",
            options=PortalOptions(scripted_rolls=FACES),
        ),
    )
    iris = seat(api, table, gm, "Iris")
    jon = seat(api, table, gm, "Jon")

    omnium = PortalSheet(
        name="Omnium",
        drives=PortalDrives(names=["knowledge"]),
        points=PortalCharacterPoints(in_hand=2),
        fortalezas=[PortalSheetFortaleza(name="Magia", level=1, specialty="fuego")],
        discomfort=1,
    )
    bruno = PortalSheet(
        name="Bruno",
        drives=PortalDrives(names=["glory"]),
        fortalezas=[PortalSheetFortaleza(name="Combate", level=1)],
    )
    create = portal_create_character.sync
    c1 = ok(create(table, client=iris, body=PortalCreateCharacter(sheet=omnium))).id
    c2 = ok(create(table, client=jon, body=PortalCreateCharacter(sheet=bruno))).id
    seen_by_jon = as_a(PortalCharacterView, get_character.sync(table, c1, client=jon))

    def roll(
        character: str,
        reading: PortalReadingCall,
        difficulty: int,
        fortalezas: list[PortalFortaleza],
        luck: int = 0,
        visibility: RollVisibility = RollVisibility.PUBLIC,
    ) -> int | None:
        body = PortalOpenRoll(
            character=character,
            readings=[reading],
            difficulty=difficulty,
            automatic=None,
            fortalezas=fortalezas,
            aces=[],
            luck=luck,
            tempt=False,
            declined_wounds=0,
            visibility=visibility,
        )
        return ok(portal_open_roll.sync(table, client=gm, body=body)).roll

    def reroll(player_roll: int, index: int) -> PortalRerollDie:
        die = PortalDieRef(kind=PortalDieRefKind.BASIC, index=index)
        return PortalRerollDie(roll=player_roll, die=die, source=PortalRerollDieSource.FORTALEZA)

    def settle(player_roll: int) -> PortalSettleRoll:
        return PortalSettleRoll(roll=player_roll, payments=[])

    # A fireball: MID against 4, Magia applies, a luck die; Iris rerolls the 2 and succeeds
    fireball = PortalReadingCall(
        name="fireball",
        choice=PortalLevel.MID,
        reason="a trained mage",
        aguante=False,
        specialty=None,
    )
    magia = PortalFortaleza(name="Magia", reason="a spell")
    rolls = [roll(c1, fireball, 4, [magia], luck=1)]
    opened = as_a(PortalView, get_view.sync(table, client=iris)).open_rolls
    rolls.append(ok(portal_reroll_die.sync(table, client=iris, body=reroll(1, 2))).roll)
    ok(portal_settle_roll.sync(table, client=iris, body=settle(1)))
    settled = as_a(PortalCharacterView, get_character.sync(table, c1, client=jon))

    # Bruno's parry: Iris hands him one of Omnium's points, his 1s are locked, his 3 is not
    parry = PortalReadingCall(
        name="parry", choice=PortalLevel.HIGH, reason="a swordsman", aguante=False, specialty=None
    )
    rolls.append(roll(c2, parry, 3, [PortalFortaleza(name="Combate", reason="a duel")]))
    ok(portal_block_roll.sync(table, client=iris, body=PortalBlockRoll(roll=3, giver=c1)))
    locked = portal_reroll_die.sync(table, client=jon, body=reroll(3, 1))
    assert isinstance(locked, Problem), f"a locked die was rerolled: {locked!r}"
    rolls.append(ok(portal_reroll_die.sync(table, client=jon, body=reroll(3, 0))).roll)
    ok(portal_settle_roll.sync(table, client=jon, body=settle(3)))
    points = as_a(PortalCharacterView, get_character.sync(table, c2, client=jon)).points

    # The GM's rulings, each with its reason
    axe = PortalDamage(character=c2, points=4, nonlethal=False, reason="an orc axe")
    ok(portal_damage.sync(table, client=gm, body=axe))
    hurt = as_a(PortalCharacterView, get_character.sync(table, c2, client=iris))
    found = PortalRestoreLuck(character=c1, dice=1, reason="knowledge found")
    ok(portal_restore_luck.sync(table, client=gm, body=found))

    # A blind roll: neither Iris's view nor her stream shows it until the GM reveals it
    notice = PortalReadingCall(
        name="notice", choice=PortalLevel.MID, reason="a glance", aguante=False, specialty=None
    )
    rolls.append(roll(c1, notice, 3, [], visibility=RollVisibility.BLIND))
    hidden_from_iris = as_a(PortalView, get_view.sync(table, client=iris)).open_rolls
    streamed, matches = stream_as_logged(iris, table)
    secret = as_a(PortalRollOpenedEvent, streamed[-1].event)
    reveal = RevealRolls(rolls=[5], reason="the trap is sprung")
    ok(reveal_rolls.sync(table, client=gm, body=reveal))
    ok(portal_settle_roll.sync(table, client=iris, body=settle(5)))
    kind = [ListEventsTypeItem.PORTAL_ROLLSETTLED]
    page = as_a(EventPage, list_events.sync(table, client=jon, type_=kind))
    verdicts = [as_a(PortalRollSettledEvent, event).data.verdict for event in page.events]

    ok(close_table.sync(table, client=gm))
    verification = as_a(VerificationResult, verify_table.sync(table, client=iris))
    hang_up(gm, iris, jon)
    assert isinstance(points, PortalCharacterPoints), "Jon does not read Bruno's points"
    assert isinstance(points.in_hand, int), "Bruno's points in hand are not told"
    return Outcome(
        rolls=rolls,
        omnium_seen_by_jon=(seen_by_jon.discomfort, isinstance(seen_by_jon.fortalezas, list)),
        fireball_result=opened[0].readings[0].result,
        omnium_settled=(settled.discomfort, settled.luck_held, settled.luck_lost),
        locked_reroll_refused=locked.code,
        bruno_points=points.in_hand,
        bruno_hurt=(hurt.discomfort, hurt.wound),
        open_rolls_before_reveal=[opened.roll for opened in hidden_from_iris],
        blind_streamed_hidden=sorted(field.value for field in secret.hidden),
        stream_matches_log=matches,
        outcomes=[None if v is None else v.outcome.value for v in verdicts],
        verified=verification.verified,
        dice_checked=verification.dice_checked,
    )


if __name__ == "__main__":
    print(json.dumps(dataclasses.asdict(play(sys.argv[1]))))
