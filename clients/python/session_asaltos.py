"""The README's asaltos session ("An asaltos session with curl"), through the generated client.

The dice are scripted as the README's (5, 2, 6, 7, 1, 4): Ana climbs a tree, then hits the
bandit, whose parry fails, and wounds him in the chest; each player sees its own declaration
and not the other's, and nobody but the game master the bandit's skills. A blind check is
hidden from Iris, in her log and her stream, until the game master reveals it. Every call
goes through the generated operations and models.

Usage: `python session_asaltos.py http://127.0.0.1:8000` (with `saloon_client` importable);
prints what the session observed, as JSON.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from uuid import UUID

from saloon_client import AuthenticatedClient
from saloon_client.api.asaltos import (
    asaltos_attack,
    asaltos_create_character,
    asaltos_declare_actions,
    asaltos_end_combat,
    asaltos_make_check,
    asaltos_roll_damage,
    asaltos_start_combat,
    asaltos_start_tanda,
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
    AsaltosAction,
    AsaltosActionKind,
    AsaltosAttack,
    AsaltosAttackReaction,
    AsaltosCharacterView,
    AsaltosCharacterViewSkillsType0,
    AsaltosCheck,
    AsaltosCheckMadeEvent,
    AsaltosCreateCharacter,
    AsaltosDeclareActions,
    AsaltosEndCombat,
    AsaltosOptions,
    AsaltosRollDamage,
    AsaltosSheet,
    AsaltosSheetSkills,
    AsaltosStartCombat,
    AsaltosStartTanda,
    AsaltosView,
    AsaltosWeapon,
    AsaltosWeaponType,
    CreateAsaltosTable,
    EventAsaltosCheckResult,
    EventPage,
    ListEventsTypeItem,
    RevealRolls,
    RollVisibility,
    VerificationResult,
)
from table_setup import as_a, hang_up, ok, open_table, seat, stream_as_logged


@dataclasses.dataclass
class Outcome:
    """What the session observed, for whoever runs it to check."""

    #: the numbers the checks, the attack and the damage answered, in order
    rolls: list[int | None]
    #: whether Iris's view shows each combatant's declared actions (Ana's, the bandit's)
    declarations_seen: list[bool]
    #: the bandit's first wound as Iris reads his sheet (location, level), and whether she
    #: reads his skills
    bandit_wound: tuple[str, int]
    bandit_skills_seen: bool
    #: whether each check succeeded, as Iris's log tells it (None: not hers to know), before
    #: and after the game master reveals the blind one
    checks_before_reveal: list[bool | None]
    checks_after_reveal: list[bool | None]
    #: whether the blind check, as Iris's stream sent it before the reveal, holds its result;
    #: and whether that stream was her log, event by event
    blind_streamed_result: bool
    stream_matches_log: bool
    verified: bool
    dice_checked: int


def succeeded(event: object) -> bool | None:
    """Whether a check succeeded, if the seat reading its event may know."""
    result = as_a(AsaltosCheckMadeEvent, event).data.result
    return result.success if isinstance(result, EventAsaltosCheckResult) else None


def checks(client: AuthenticatedClient, table_id: UUID) -> list[bool | None]:
    """Whether each check of the log succeeded, as this seat reads it."""
    kind = [ListEventsTypeItem.ASALTOS_CHECKMADE]
    page = as_a(EventPage, list_events.sync(table_id, client=client, type_=kind))
    return [succeeded(event) for event in page.events]


def play(api: str) -> Outcome:
    """The README's asaltos session against the server at `api`."""
    table, gm = open_table(
        api,
        CreateAsaltosTable(
            title="The Duel",
            gm_name="Gea",
            system="asaltos",
            options=AsaltosOptions(scripted_rolls=[5, 2, 6, 7, 1, 4]),
        ),
    )
    iris = seat(api, table, gm, "Iris")

    # Ana and the bandit, each with a broadsword; skills left out are noted at 1
    sword = AsaltosWeapon(
        name="espada",
        code="1/2-3/4-9/10",
        type_=AsaltosWeaponType.CORTANTE,
        skill="Espada",
        actions=2,
    )
    ana = AsaltosSheet(
        fue=5,
        agi=7,
        res=5,
        tam=5,
        skills=AsaltosSheetSkills.from_dict({"Espada": 4, "Escalada": 5}),
        weapons=[sword],
    )
    bandit = AsaltosSheet(
        fue=5,
        agi=5,
        res=5,
        tam=6,
        skills=AsaltosSheetSkills.from_dict({"Espada": 5}),
        weapons=[sword],
    )
    c1 = ok(
        asaltos_create_character.sync(
            table, client=iris, body=AsaltosCreateCharacter(name="Ana", sheet=ana)
        )
    ).id
    c2 = ok(
        asaltos_create_character.sync(
            table, client=gm, body=AsaltosCreateCharacter(name="Bandit", sheet=bandit)
        )
    ).id

    # A check: Escalada 5 at -2, 3 <= 5 succeeds
    climb = AsaltosCheck(character=c1, skill="Escalada", base_difficulty=-2, modifiers=[])
    rolls = [ok(asaltos_make_check.sync(table, client=gm, body=climb)).roll]

    # A combat round: each declares, the GM starts the tanda; Ana hits, the parry fails, and
    # the damage is a serious chest wound
    ok(asaltos_start_combat.sync(table, client=gm, body=AsaltosStartCombat(combatants=[c1, c2])))
    for character, player, kind in (
        (c1, iris, AsaltosActionKind.ATTACK),
        (c2, gm, AsaltosActionKind.PARRY),
    ):
        declared = AsaltosDeclareActions(
            character=character, actions=[AsaltosAction(kind=kind, weapon="espada")]
        )
        ok(asaltos_declare_actions.sync(table, client=player, body=declared))
    combat = as_a(AsaltosView, get_view.sync(table, client=iris)).combat
    assert combat is not None, "no combat in Iris's view"
    seen = [isinstance(declaration.actions, list) for declaration in combat.declarations]
    ok(asaltos_start_tanda.sync(table, client=gm, body=AsaltosStartTanda()))
    attack = AsaltosAttack(
        attacker=c1,
        target=c2,
        base_difficulty=0,
        modifiers=[],
        other_modifiers=[],
        location=None,
        surprise=False,
        reaction=AsaltosAttackReaction.PARRY,
        defender_base_difficulty=0,
        defender_modifiers=[],
        defender_other_modifiers=[],
    )
    rolls.append(ok(asaltos_attack.sync(table, client=gm, body=attack)).roll)
    rolls.append(ok(asaltos_roll_damage.sync(table, client=gm, body=AsaltosRollDamage())).roll)
    wounded = as_a(AsaltosCharacterView, get_character.sync(table, c2, client=iris))
    ok(asaltos_end_combat.sync(table, client=gm, body=AsaltosEndCombat()))

    # A blind check: hidden from Iris, in her log and her stream, until the GM reveals it
    blind = AsaltosCheck(
        character=c1,
        skill="Escalada",
        base_difficulty=0,
        modifiers=[],
        visibility=RollVisibility.BLIND,
    )
    rolls.append(ok(asaltos_make_check.sync(table, client=gm, body=blind)).roll)
    before = checks(iris, table)
    streamed, matches = stream_as_logged(iris, table)
    secret = next(m.event for m in reversed(streamed) if m.event.type_ == "asaltos.CheckMade")
    reveal = RevealRolls(rolls=[4], reason="the branch holds")
    ok(reveal_rolls.sync(table, client=gm, body=reveal))
    after = checks(iris, table)

    ok(close_table.sync(table, client=gm))
    verification = as_a(VerificationResult, verify_table.sync(table, client=iris))
    hang_up(gm, iris)
    return Outcome(
        rolls=rolls,
        declarations_seen=seen,
        bandit_wound=(wounded.wounds[0].location.value, wounded.wounds[0].level),
        bandit_skills_seen=isinstance(wounded.skills, AsaltosCharacterViewSkillsType0),
        checks_before_reveal=before,
        checks_after_reveal=after,
        blind_streamed_result=succeeded(secret) is not None,
        stream_matches_log=matches,
        verified=verification.verified,
        dice_checked=verification.dice_checked,
    )


if __name__ == "__main__":
    print(json.dumps(dataclasses.asdict(play(sys.argv[1]))))
