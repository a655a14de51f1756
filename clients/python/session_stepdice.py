"""The README's stepdice session ("A stepdice session with curl"), through the generated client.

The dice are scripted as the README's (5, 12, 4, 7): a failed Agilidad test, a helped Fuerza
test that comes out exceptional, a missed attack whose Venganza Iris's Armour token stops, and
a blind Destreza test that Iris neither sees in her view nor reads in her stream until the game
master reveals it. Every call goes through the generated operations and models.

Usage: `python session_stepdice.py http://127.0.0.1:8000` (with `saloon_client` importable);
prints what the session observed, as JSON.
"""

from __future__ import annotations

import dataclasses
import json
import sys

from saloon_client.api.log import list_events
from saloon_client.api.stepdice import (
    stepdice_add_enemy,
    stepdice_attack,
    stepdice_create_character,
    stepdice_grant_benefit,
    stepdice_resolve_venganza,
    stepdice_roll_test,
    stepdice_set_maxima,
    stepdice_spend_armour,
)
from saloon_client.api.tables import close_table, get_view, reveal_rolls, verify_table
from saloon_client.models import (
    CreateStepdiceTable,
    EventPage,
    ListEventsTypeItem,
    RevealRolls,
    RollVisibility,
    StepdiceAddEnemy,
    StepdiceAddEnemyCategory,
    StepdiceAttack,
    StepdiceAttackKind,
    StepdiceAttribute,
    StepdiceAttributes,
    StepdiceCreateCharacter,
    StepdiceDie,
    StepdiceGrantBenefit,
    StepdiceGrantBenefitBenefit,
    StepdiceHelper,
    StepdiceOptions,
    StepdiceResolveVenganza,
    StepdiceResolveVenganzaEffect,
    StepdiceSetMaxima,
    StepdiceSpendArmour,
    StepdiceTest,
    StepdiceTestGrade,
    StepdiceTestRolledEvent,
    StepdiceView,
    VerificationResult,
)
from table_setup import as_a, hang_up, ok, open_table, seat, stream_as_logged


@dataclasses.dataclass
class Outcome:
    """What the session observed, for whoever runs it to check."""

    #: the numbers the tests and the attack answered, in order
    rolls: list[int | None]
    #: the Guide's Hearts and their maximum, as the game master set it
    guide_hearts: tuple[int, int]
    #: Iris's Rogue after the Venganza she stopped with her Armour: Hearts, Armour token left
    rogue: tuple[int, bool]
    #: the rolls of the results Iris's view shows while the blind test is secret
    results_seen_before_reveal: list[int]
    #: the blind test's face, and the fields masked, in what Iris's stream sent before it
    #: was revealed; and whether that stream was her log, event by event
    blind_streamed: tuple[int | None, list[str]]
    stream_matches_log: bool
    #: the TestRolled events Iris reads once it is revealed: roll, face, outcome
    tests_read_after_reveal: list[tuple[int, int | None, str | None]]
    verified: bool
    dice_checked: int


def test_rolled(event: object) -> StepdiceTestRolledEvent:
    """A stepdice test's event, as the log or the stream gives it."""
    return as_a(StepdiceTestRolledEvent, event)


def play(api: str) -> Outcome:
    """The README's stepdice session against the server at `api`."""
    table, gm = open_table(
        api,
        CreateStepdiceTable(
            title="The Crypt",
            gm_name="Gea",
            system="stepdice",
            options=StepdiceOptions(scripted_rolls=[5, 12, 4, 7]),
        ),
    )
    iris = seat(api, table, gm, "Iris")

    d10, d8 = StepdiceDie.VALUE_10, StepdiceDie.VALUE_8
    rogue = StepdiceCreateCharacter(
        name="Rogue",
        attributes=StepdiceAttributes(fuerza=d10, agilidad=d10, destreza=d10, magia=d8),
        protected=True,
    )
    guide = StepdiceCreateCharacter(
        name="Guide", attributes=StepdiceAttributes(fuerza=d8, agilidad=d8, destreza=d8, magia=d8)
    )
    c1 = ok(stepdice_create_character.sync(table, client=iris, body=rogue)).id
    c2 = ok(stepdice_create_character.sync(table, client=gm, body=guide)).id
    maxima = StepdiceSetMaxima(character=c2, hearts_max=3, reason="an old guide")
    ok(stepdice_set_maxima.sync(table, client=gm, body=maxima))

    # A test against Normal (TN 6); then a helped one, exceptional: the GM grants its benefit
    def test(
        attribute: StepdiceAttribute,
        grade: StepdiceTestGrade,
        helper: StepdiceHelper | None = None,
        visibility: RollVisibility = RollVisibility.PUBLIC,
    ) -> int | None:
        body = StepdiceTest(
            character=c1,
            attribute=attribute,
            grade=grade,
            shifts=[],
            helper=helper,
            visibility=visibility,
        )
        return ok(stepdice_roll_test.sync(table, client=gm, body=body)).roll

    rolls = [test(StepdiceAttribute.AGILIDAD, StepdiceTestGrade.NORMAL)]
    lever = StepdiceHelper(character=c2, how="steadies the lever")
    rolls.append(test(StepdiceAttribute.FUERZA, StepdiceTestGrade.NORMAL, lever))
    benefit = StepdiceGrantBenefit(
        roll=2, benefit=StepdiceGrantBenefitBenefit.EXTRA_BENEFIT, description="silently"
    )
    ok(stepdice_grant_benefit.sync(table, client=gm, body=benefit))

    # An attack on a pawn misses; Venganza would take a Heart, Iris spends her Armour token
    skeleton = StepdiceAddEnemy(name="Skeleton", category=StepdiceAddEnemyCategory.PEON)
    e1 = ok(stepdice_add_enemy.sync(table, client=gm, body=skeleton)).id
    attack = StepdiceAttack(
        character=c1, enemy=e1, kind=StepdiceAttackKind.MELEE, shifts=[], helper=None
    )
    rolls.append(ok(stepdice_attack.sync(table, client=gm, body=attack)).roll)
    venganza = StepdiceResolveVenganza(
        roll=3, reach=True, effect=StepdiceResolveVenganzaEffect.HEART
    )
    ok(stepdice_resolve_venganza.sync(table, client=gm, body=venganza))
    ok(stepdice_spend_armour.sync(table, client=iris, body=StepdiceSpendArmour(character=c1)))

    # A blind test: neither Iris's view nor her stream shows it until the GM reveals it
    blind = test(StepdiceAttribute.DESTREZA, StepdiceTestGrade.DIFICIL, None, RollVisibility.BLIND)
    rolls.append(blind)
    before = as_a(StepdiceView, get_view.sync(table, client=iris))
    streamed, matches = stream_as_logged(iris, table)
    secret = next(
        test_rolled(m.event)
        for m in streamed
        if m.event.type_ == "stepdice.TestRolled" and test_rolled(m.event).data.roll == blind
    )
    reveal = RevealRolls(rolls=[4], reason="the trap springs")
    ok(reveal_rolls.sync(table, client=gm, body=reveal))
    tested = as_a(
        EventPage,
        list_events.sync(table, client=iris, type_=[ListEventsTypeItem.STEPDICE_TESTROLLED]),
    ).events
    read = [test_rolled(event).data for event in tested]

    gm_view = as_a(StepdiceView, get_view.sync(table, client=gm))
    sheets = {character.id: character for character in gm_view.characters}
    ok(close_table.sync(table, client=gm))
    verification = as_a(VerificationResult, verify_table.sync(table, client=iris))
    hang_up(gm, iris)
    return Outcome(
        rolls=rolls,
        guide_hearts=(sheets[c2].hearts, sheets[c2].hearts_max),
        rogue=(sheets[c1].hearts, sheets[c1].armour),
        results_seen_before_reveal=[result.roll for result in before.results],
        blind_streamed=(secret.data.face, sorted(field.value for field in secret.hidden)),
        stream_matches_log=matches,
        tests_read_after_reveal=[
            (d.roll, d.face, None if d.outcome is None else d.outcome.value) for d in read
        ],
        verified=verification.verified,
        dice_checked=verification.dice_checked,
    )


if __name__ == "__main__":
    print(json.dumps(dataclasses.asdict(play(sys.argv[1]))))
