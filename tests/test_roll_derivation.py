"""Whatever refers to or derives from a secret roll is hidden exactly as the roll, decided
from the roll's own record (roller, visibility, revealed), never from who sends the event.

- Every event type of every registered system that names a roll either announces it (shown,
  what the roll shows masked) or derives from it (withheld whole), from whoever may not see
  the roll, even when that viewer sent the event; the rest see it all.
- The roll's audience comes from its record: `gm` its roller and the game master, `blind`
  the game master, `self` its roller (audit opens no `self` roll); a reveal or closing shows
  it to everybody; a secret roll with no record is nobody's.
- The roller is the seat that plays the rolling character when it is rolled, whoever sends
  the roll: the game master's `gm` or `self` roll for a player's character is that player's
  to read through every channel, and never another player's; a roll logged before the record
  said so still reads as its sender's.
- Over HTTP: a player's reads of blind stepdice tests are the same whether they came out
  exceptional (with benefits) or failed (with complications); a secret asaltos check that
  was certain reads as one that was rolled.
"""

from __future__ import annotations

import dataclasses
import json
from types import SimpleNamespace
from typing import Any, cast

import httpx
import msgspec
import pytest
from eventsourcing.domain import Snapshot

from domain.dice import DiceRolled
from domain.stepdice.commands import CreateCharacter
from domain.systems import RULE_SYSTEMS
from domain.table import GM, PLAYER, Seat, SecretRoll, Table
from projections.redaction import RULES, event_type, redact, withheld
from projections.viewers import viewer_for
from projections.views import table_view
from projections.visibility import ROLLED, Viewer
from tests import stepdice_helpers
from tests import test_api_asaltos as asaltos
from tests.dice_http import fork_for_everyone, new_table, ok
from tests.session_helpers import replayed
from tests.system_support import ReplayRolls, provided, rolls_secretly
from tests.test_api_protocol import assert_problem
from tests.test_api_stepdice import character as stepdice_character
from tests.test_api_stepdice import http as http  # the module's live server
from tests.test_api_stepdice import roll_test, sheet
from tests.test_redaction_policy import _registered

HIDDEN_ROLL = 3


def _naming_a_roll() -> list[type]:
    return [
        kind
        for kind in _registered()
        if "roll" in {field.name for field in dataclasses.fields(kind)}
    ]


def _instance(kind: type, actor: str) -> Any:
    """An event of the type, every field a marker of its own name, naming roll 3."""
    event: Any = object.__new__(kind)
    for field in dataclasses.fields(kind):
        object.__setattr__(event, field.name, f"MARK-{field.name}")
    object.__setattr__(event, "roll", HIDDEN_ROLL)
    object.__setattr__(event, "visibility", "blind")
    object.__setattr__(event, "actor", actor)
    object.__setattr__(event, "originator_version", 9)
    object.__setattr__(event, "timestamp", SimpleNamespace(isoformat=lambda: "t"))
    return event


def test_the_check_finds_the_events_of_every_system_that_name_a_roll() -> None:
    found = {event_type(kind) for kind in _naming_a_roll()}
    assert "DiceRolled" in found
    assert {"stepdice.BenefitGranted", "stepdice.ComplicationNamed"} <= found
    assert "asaltos.CheckMade" in found


@pytest.mark.parametrize("kind", _naming_a_roll(), ids=event_type)
@pytest.mark.parametrize("sender", ["p1", "gm"], ids=["sent by the viewer", "sent by the gm"])
def test_an_event_naming_a_secret_roll_is_hidden_as_the_roll(kind: type, sender: str) -> None:
    """Announced (what the roll shows masked) or withheld whole, from a seat that may not see
    the roll, whoever sent it; shown to a seat that may, and to everybody after closing."""
    rule = RULES[kind]
    event = _instance(kind, sender)
    blind = Viewer(seat="p1", is_gm=False, hidden_rolls=frozenset({HIDDEN_ROLL}))
    seeing = Viewer(seat="p1", is_gm=False)
    assert withheld(event, blind, closed=False) is not rule.announces_roll, event_type(kind)
    assert not withheld(event, seeing, closed=False)
    assert not withheld(event, blind, closed=True)
    rolled = [name for name, secret in rule.secret.items() if secret is ROLLED]
    if rule.derived:
        # a part derived from a private sheet field is judged from the sheet's real values
        # (tests/test_api_asaltos.py): a marker would not do
        return
    if rule.announces_roll:
        shown = redact(event, blind, closed=False)
        assert set(rolled) <= set(shown.hidden)
        assert not any(f"MARK-{name}" in json.dumps(shown.data) for name in rolled)
    assert not set(rolled) & set(redact(event, seeing, closed=False).hidden)


def _table(*records: SecretRoll, revealed: tuple[int, ...] = (), closed: bool = False) -> Table:
    secret = [r.roll for r in records if r.roll not in revealed]
    table = SimpleNamespace(
        system="stepdice",  # a dice system: no moment of play seals anything but rolls
        game=SimpleNamespace(),
        closed=closed,
        secret_rolls=secret,
        secret_roll_records=list(records),
    )
    return cast(Table, table)


GM_SEAT = Seat(id="gm", name="G", role=GM)
P1 = Seat(id="p1", name="A", role=PLAYER)
P2 = Seat(id="p2", name="B", role=PLAYER)
SEERS = {
    # visibility: who sees a roll p1 rolled (seat, audit)
    "gm": {("p1", False), ("gm", False), ("gm", True)},
    "blind": {("gm", False), ("gm", True)},
    "self": {("p1", False)},
}


@pytest.mark.parametrize("visibility", sorted(SEERS))
def test_a_rolls_audience_comes_from_its_record(visibility: str) -> None:
    table = _table(SecretRoll(roll=1, seat="p1", visibility=visibility))
    for seat in (GM_SEAT, P1, P2):
        for audit in (False, True) if seat is GM_SEAT else (False,):
            viewer = viewer_for(table, seat, audit)
            sees = (seat.id, audit) in SEERS[visibility]
            assert (1 not in viewer.hidden_rolls) is sees, (seat.id, audit)
    for shown in (_table(*table.secret_roll_records, revealed=(1,)), _table(closed=True)):
        assert not viewer_for(shown, P2, False).hidden_rolls


def test_a_secret_roll_without_a_record_is_nobodys() -> None:
    table = _table()
    table.secret_rolls.append(4)  # stored before records were kept
    for seat, audit in ((GM_SEAT, True), (GM_SEAT, False), (P1, False)):
        assert 4 in viewer_for(table, seat, audit).hidden_rolls


def _players_reads(table: Any, who: str) -> list[Any]:
    """What a player reads of a table (the log, the NDJSON export, the stream, the view and
    its rewinds, the figures), less what differs between any two tables (ids, times, the
    creation's public scripted faces, a fork's source)."""
    log = ok(table.get(who, "/events", after=1, limit=500))["events"]
    ndjson = {**table.headers[who], "Accept": "application/x-ndjson"}
    exported = table.http.get(f"/tables/{table.id}/events", headers=ndjson)
    assert exported.status_code == 200, exported.text
    export = [json.loads(line) for line in exported.text.splitlines() if line][1:]
    stream = table.stream(who, until=table.version())[1:]
    views = [table.view(who, version=version) for version in range(2, table.version())]
    stats = ok(table.get(who, "/stats"))
    for view in [*views, table.view(who)]:
        for volatile in ("id", "options", "seed_commitment", "lineage"):
            view.pop(volatile)
    for volatile in ("table_id", "pace"):
        stats.pop(volatile, None)
    return [
        [(e["version"], e["type"], e["actor"], e["data"], e["hidden"]) for e in log],
        [(e["version"], e["type"], e["actor"], e["data"], e["hidden"]) for e in export],
        [(e["version"], e["type"], e["data"]) for e in stream],
        views,
        json.loads(json.dumps(stats).replace(table.id, "T")),
    ]


def _blind_tests(http: httpx.Client, face: int) -> Any:
    """Five blind tests of the player's character, all showing `face`, each ruled on."""
    table = new_table(http, "stepdice", [face] * 5)
    stepdice_character(table, "p1", "Rogue", attributes=sheet())
    for _ in range(5):
        body = roll_test("c1", "agilidad", visibility="blind")
        roll = table.command("gm", "/stepdice/tests", body)["roll"]
        if face == 10:
            ruling = {"roll": roll, "benefit": "extra_benefit", "description": "a door"}
            table.command("gm", "/stepdice/benefits", ruling)
        else:
            table.command("gm", "/stepdice/complications", {"roll": roll, "complication": "x"})
    return table


def test_blind_tests_read_the_same_to_the_player_whatever_they_showed(
    http: httpx.Client,
) -> None:
    exceptional, failed = _blind_tests(http, 10), _blind_tests(http, 1)
    assert _players_reads(exceptional, "p1") == _players_reads(failed, "p1")
    # the game master reads the difference, and so does the player once they are revealed
    assert _players_reads(exceptional, "gm") != _players_reads(failed, "gm")
    for table in (exceptional, failed):
        rolls = list(range(1, 6))
        table.command("gm", "/rolls/reveal", {"rolls": rolls, "reason": "the end"})
    assert _players_reads(exceptional, "p1") != _players_reads(failed, "p1")


def _secret_check(http: httpx.Client, skill_value: int) -> Any:
    table = new_table(http, "asaltos", [3])
    climber = asaltos.character(table, "p1", "Climber", skills={"Escalada": skill_value})
    body = asaltos.check(climber, "Escalada", visibility="blind")
    assert table.command("gm", "/asaltos/checks", body)["roll"] == 1
    return table


def test_a_certain_secret_check_reads_as_a_rolled_one_and_is_revealed_like_one(
    http: httpx.Client,
) -> None:
    certain, rolled = _secret_check(http, 10), _secret_check(http, 5)
    # the climber's player reads its own sheet (10 or 5); the other player reads the same
    assert _players_reads(certain, "p2") == _players_reads(rolled, "p2")
    certain.command("gm", "/rolls/reveal", {"rolls": [1], "reason": "the rope"})
    made = asaltos.made(certain, "p2", 1)
    assert made["result"]["certain"] == "success"


def _the_gm_rolls_for_the_rogue(http: httpx.Client, face: int, visibility: str) -> Any:
    """The game master's secret test of p1's rogue, showing `face`, and his ruling on it."""
    table = new_table(http, "stepdice", [face])
    stepdice_character(table, "p1", "Rogue", attributes=sheet())
    stepdice_character(table, "p2", "Warrior", attributes=sheet())
    body = roll_test("c1", "agilidad", visibility=visibility)
    roll = table.command("gm", "/stepdice/tests", body)["roll"]
    if face == 10:
        ruling = {"roll": roll, "benefit": "extra_benefit", "description": "a door"}
        table.command("gm", "/stepdice/benefits", ruling)
    else:
        table.command("gm", "/stepdice/complications", {"roll": roll, "complication": "x"})
    return table


def test_a_roll_the_game_master_makes_for_a_players_character_is_that_players(
    http: httpx.Client,
) -> None:
    """The roller of a `gm` test the game master sends for p1's rogue is p1, the rogue's
    player: p1 and the game master read the test and the ruling on it, p2 never, through the
    view, its rewinds, the log, the export, the stream, the figures and a fork."""
    exceptional = _the_gm_rolls_for_the_rogue(http, 10, "gm")
    failed = _the_gm_rolls_for_the_rogue(http, 1, "gm")
    assert _players_reads(exceptional, "p1") != _players_reads(failed, "p1")
    assert _players_reads(exceptional, "p2") == _players_reads(failed, "p2")
    assert _players_reads(exceptional, "gm") != _players_reads(failed, "gm")
    roller_seat = exceptional.rolled("p1", 1)["DiceRolled"]["data"]["roller_seat"]
    assert (roller_seat, exceptional.rolled("p2", 1)["DiceRolled"]["hidden"]) == ("p1", ["dice"])
    # a fork made after the roll copies no roll: nothing of it to anybody
    forks = fork_for_everyone(exceptional), fork_for_everyone(failed)
    for who in ("p1", "p2", "gm"):
        assert _players_reads(forks[0], who) == _players_reads(forks[1], who), who
    # a `gm` roll he reads himself: becoming p1 tells him nothing, so p1's seat is invited
    invited = exceptional.post("gm", "/seats/p1/invitation")
    ok(invited, 201)


def test_a_roll_logged_before_roller_seat_still_reads_as_its_senders() -> None:
    """A `DiceRolled` stored without `roller_seat` (its class version 1) is read as its
    sender's, as it was when logged: the game master's `gm` test of p1's character stays
    hidden from p1, whether the table is read from the stored events or from a snapshot of
    it; the same test logged now is p1's."""
    session = stepdice_helpers.new_session()
    for seat in ("p1", "p2"):
        character = CreateCharacter(name=seat, attributes=stepdice_helpers.dice())
        session.run(seat, character)
    session.run("gm", stepdice_helpers.roll_test("c1", visibility="gm"))
    mapper = session.app.mapper
    stored = [mapper.to_stored_event(event) for event in session.events()]
    (rolled,) = [record for record in stored if record.topic == DiceRolled.TOPIC]
    state = json.loads(rolled.state)
    assert (state.pop("class_version"), state.pop("roller_seat")) == (2, "p1")
    old = dataclasses.replace(rolled, state=json.dumps(state).encode())
    as_logged = replayed(mapper.to_domain_event(r) for r in stored)
    as_logged_before = replayed(mapper.to_domain_event(old if r is rolled else r) for r in stored)
    p1 = as_logged.seats["p1"]
    assert not viewer_for(as_logged, p1, False).hidden_rolls
    assert viewer_for(as_logged_before, p1, False).hidden_rolls == {1}
    assert as_logged_before.secret_roll_records == [SecretRoll(roll=1, seat="gm", visibility="gm")]
    snapshot = mapper.to_domain_event(mapper.to_stored_event(Snapshot.take(as_logged_before)))
    from_snapshot = replayed([snapshot])
    assert from_snapshot.secret_roll_records == as_logged_before.secret_roll_records
    for table in (as_logged_before, from_snapshot):
        seen = msgspec.to_builtins(table_view(table, viewer_for(table, p1, False)))
        assert not seen["results"]


@pytest.mark.parametrize("system", [s for s in RULE_SYSTEMS if rolls_secretly(s)])
def test_the_game_master_keeps_no_roll_of_a_players_character_from_himself(
    http: httpx.Client, system: str
) -> None:
    """He calls every roll and rules on it (a benefit, a reroll, a settlement): a `self` roll
    of a player's character would have him rule on dice he cannot see, each answer to a
    ruling telling him something of them. It is refused, nothing recorded; `gm` keeps it
    from the other players."""
    rolls: ReplayRolls = provided(system, "replay_rolls")
    table = new_table(http, system, [rolls.public_face] * rolls.dice)
    table.command("p1", rolls.character_path, rolls.character, 201)
    version = table.version()
    refused = table.post("gm", rolls.roll_path, {**rolls.roll, "visibility": "self"})
    assert_problem(refused, 422, "self_roll_unseen_by_game_master")
    assert table.version() == version
    table.command("gm", rolls.roll_path, {**rolls.roll, "visibility": "gm"})
