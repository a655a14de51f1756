"""Adversarial paths through the promise that nobody learns what they may not know, combined as
an attacker would walk them, mostly on the newest rule systems (PORTAL, FATE) over real HTTP.

What the other suites do not hold yet:
- every operation of the API's document, called by each player on two tables that differ only
  in the faces of the game master's blind rolls (and his rulings on them), answers alike: no
  body, header or refusal tells the faces apart (`every_answer`, compared, not scanned);
- what the game master does with a secret roll (calls it with a temporary specialty, blocks
  its 1s and 6s, rerolls a die and pays for it, records a weapon picked up on it) shows on no
  sheet or conflict a seat outside the roll's audience reads: refused until the reveal where
  it would (threat model K6), taken where only the audience reads it;
- for every registered system (random play): a player's view moves only with an event its
  log shows;
- a conditional read tells a player no more than its own reads do (the ETag is the public
  version its body shows);
- the stream resumed with `Last-Event-ID` (and NDJSON's `after`) across a reveal, and a
  player who kept an old credential and retries a keyed command with it.
- an automatic secret PORTAL call reads as a thrown one, versions included, until revealed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.systems import RULE_SYSTEMS
from projections.log import log_page
from projections.viewers import viewer_for
from projections.views import table_view
from service.app import create_app
from service.settings import Settings
from tests.api_helpers import bearer, ok
from tests.dice_http import Table, every_read, fork_for_everyone, new_table
from tests.fate_support import BODIES as FATE_BODIES
from tests.live_server import TLS, serving
from tests.ndjson_stream import stream_events
from tests.portal_support import BODIES as PORTAL_BODIES
from tests.session_helpers import in_memory_tables
from tests.system_support import provided
from tests.test_api_fate import character as fate_character
from tests.test_api_fate import roll_call
from tests.test_api_fate import sheet as fate_sheet
from tests.test_api_fate_conflict import BLANK, _cast, _fight
from tests.test_api_portal import character, fortaleza, open_roll, reading, reroll, sheet
from tests.test_api_protocol import read_events
from tests.test_hidden_rolls import SHARED_BODIES, every_answer

PLAYERS = ("p1", "p2")
#: an ISO 8601 time, as events, views and figures give them
TIME = re.compile(r"\d{4}-\d\d-\d\dT[0-9:.]+(?:Z|[+-]\d\d:\d\d)?")
#: what differs between two tables whatever their secrets: the creation's public options (the
#: scripted faces, public by design), the seed's commitment, the answer's date, its length,
#: the pace of play in the figures (real time)
VOLATILE = frozenset({"date", "content-length", "seed_commitment", "scripted_rolls", "pace"})
#: a character point Ana may spend, and a Fortaleza a reroll may draw on
ANA = sheet("Ana", points={"in_hand": 2}, fortalezas=[{"name": "Sigilo", "level": 1}])
BEA = sheet("Bea", points={"in_hand": 2})


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=20, verify=TLS) as client:
        yield client


def _alike(table: Table, answers: Any) -> Any:
    """Answers of one table as they would read on any other table of the same play: its id
    and times out, and what `VOLATILE` names."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k.lower() not in VOLATILE}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    text = TIME.sub("@", json.dumps(answers, sort_keys=True).replace(table.id, "T"))
    return strip(json.loads(text))


def _reads(table: Table, who: str) -> dict[str, Any]:
    """What a seat reads of the table now: its view, its characters' sheets, its log (in
    full), its figures; each without the table's version (public, and moved by whatever
    happened)."""
    view = table.view(who)
    view.pop("version")
    stats = ok(table.get(who, "/stats"))
    stats.pop("version", None)
    return _alike(
        table,
        {
            "view": view,
            "c1": ok(table.get(who, "/characters/c1")),
            "c2": ok(table.get(who, "/characters/c2")),
            "log": ok(table.get(who, "/events", limit=500))["events"],
            "stats": stats,
        },
    )


def _events_without_versions(table: Table, who: str) -> list[Any]:
    """The seat's log as (type, actor, data, hidden): what it says, not where (a gap in the
    version counter is public, and accepted: docs/threat-model.md)."""
    log = ok(table.get(who, "/events", limit=500))["events"]
    return [(e["type"], e["actor"], e["data"], e["hidden"]) for e in log]


# -- PORTAL: a blind roll and what the game master does after it --------------------------------


def _portal(http: httpx.Client, faces: list[int], visibility: str = "blind") -> Table:
    """Ana (p1, a Fortaleza and 2 character points) and Bea (p2); the game master's secret
    roll of Ana's character (roll 1, blind unless `visibility` says), Sigilo applying."""
    table = new_table(http, "portal", faces)
    character(table, "p1", ANA)
    character(table, "p2", BEA)
    call = open_roll("c1", visibility=visibility, fortalezas=[fortaleza("Sigilo")])
    assert table.command("gm", "/portal/rolls", call)["roll"] == 1
    return table


def _portal_ruled(http: httpx.Client, face: int) -> Table:
    """Both players' characters rolled blind, every die showing `face`; the game master
    rerolls one of Ana's dice with her Fortaleza (her player may not: she sees no dice)."""
    table = _portal(http, [face] * 40)
    assert table.command("gm", "/portal/rolls", open_roll("c2", visibility="blind"))["roll"] == 2
    table.command("gm", "/portal/rolls/reroll", reroll(1, "basic", 0, "fortaleza"))
    return table


def test_no_answer_of_any_operation_tells_a_player_the_faces_of_a_blind_portal_roll(
    http: httpx.Client,
) -> None:
    """Two tables alike but for the faces of the blind rolls (all 1s, all 6s) and of the
    game master's reroll: every operation of the document, each read with its variants, every
    command with bodies naming the rolls (PORTAL's and the shared ones), answers each player
    the same on both, refusals, headers and figures included."""
    low, high = _portal_ruled(http, 1), _portal_ruled(http, 6)
    # positive control: the game master's reads tell the two apart
    assert _alike(low, every_read(low, "gm")) != _alike(high, every_read(high, "gm"))
    bodies = {**SHARED_BODIES, **PORTAL_BODIES}
    for player in PLAYERS:
        seen_low = _alike(low, every_answer(low, player, bodies))
        seen_high = _alike(high, every_answer(high, player, bodies))
        assert seen_low == seen_high, player


def _fate_ruled(http: httpx.Client, face: int) -> Table:
    """Both players' characters rolled blind (every die showing `face`); the game master
    settles Ana's (its settlement withheld from the players) and tries to oppose a public
    roll of his NPC Markus by it (refused: its effort would show)."""
    table = new_table(http, "fate", [face] * 40)
    fate_character(table, "p1", fate_sheet("Ana"))
    fate_character(table, "p2", fate_sheet("Bea"))
    fate_character(table, "gm", fate_sheet("Markus", kind="npc"))
    for who in ("c1", "c2"):
        table.command("gm", "/fate/rolls", roll_call(who, visibility="blind"))
    table.command("gm", "/fate/rolls/settle", {"roll": 1, "fate_points": 0})
    opposed = table.post("gm", "/fate/rolls", roll_call("c3", difficulty=None, opposed_by=1))
    assert (opposed.status_code, opposed.json()["code"]) == (409, "roll_secret"), opposed.text
    return table


def test_no_answer_of_any_operation_tells_a_player_the_faces_of_a_blind_fate_roll(
    http: httpx.Client,
) -> None:
    """As for PORTAL: FATE's blind rolls, one settled by the game master, read alike to each
    player through every operation of the document, whatever their faces."""
    low, high = _fate_ruled(http, 1), _fate_ruled(http, 6)
    assert _alike(low, every_read(low, "gm")) != _alike(high, every_read(high, "gm"))
    bodies = {**SHARED_BODIES, **FATE_BODIES}
    for player in PLAYERS:
        seen_low = _alike(low, every_answer(low, player, bodies))
        seen_high = _alike(high, every_answer(high, player, bodies))
        assert seen_low == seen_high, player


def _refused_unchanged(table: Table, path: str, body: Any) -> None:
    """The game master's command on a secret roll is refused (`roll_secret`), and no seat
    reads anything new, the game master included."""
    before = {seat: _reads(table, seat) for seat in ("gm", *PLAYERS)}
    refused = table.post("gm", path, body)
    assert (refused.status_code, refused.json()["code"]) == (409, "roll_secret"), refused.text
    assert {seat: _reads(table, seat) for seat in before} == before


def test_the_game_master_blocks_a_blind_portal_roll_only_once_it_is_revealed(
    http: httpx.Client,
) -> None:
    """The game master hands the roller the character point that blocks the 1s and 6s
    (`portalBlockRoll`, no giver): a ruling on dice only he sees, withheld from Ana's log; the
    point would show in her hand, telling her of the ruling (threat model K6). Refused on her
    blind roll, changing nothing; once it is revealed, the block and its point are hers."""
    table = _portal(http, [1, 1, 2, *[6] * 10])
    _refused_unchanged(table, "/portal/rolls/block", {"roll": 1, "giver": None})
    table.command("gm", "/rolls/reveal", {"rolls": [1], "reason": "the scene ends"})
    before = _reads(table, "p1")["c1"]["points"]["in_hand"]
    table.command("gm", "/portal/rolls/block", {"roll": 1, "giver": None})
    assert _reads(table, "p1")["c1"]["points"]["in_hand"] == before + 1
    assert "portal.OnesAndSixesBlocked" in table.rolled("p1", 1)


def test_a_block_of_a_gm_portal_roll_shows_only_to_its_audience(http: httpx.Client) -> None:
    """On a `gm` roll Ana sees, the block and its point are hers and the game master's at
    once; Bea reads nothing of either but the version."""
    table = _portal(http, [1, 1, 2, *[6] * 10], visibility="gm")
    before = {seat: _reads(table, seat) for seat in PLAYERS}
    table.command("gm", "/portal/rolls/block", {"roll": 1, "giver": None})
    assert _reads(table, "p2") == before["p2"]
    ana = before["p1"]["c1"]["points"]["in_hand"], _reads(table, "p1")["c1"]["points"]["in_hand"]
    assert ana[1] == ana[0] + 1
    assert "portal.OnesAndSixesBlocked" in table.rolled("p1", 1)


def _rerolled_with(http: httpx.Client, source: str, visibility: str = "blind") -> Table:
    table = _portal(http, [1, 1, 2, *[6] * 10], visibility=visibility)
    table.command("gm", "/portal/rolls/reroll", reroll(1, "basic", 0, source))
    return table


def test_a_reroll_paid_with_a_point_waits_for_the_reveal_of_a_blind_portal_roll(
    http: httpx.Client,
) -> None:
    """A reroll the game master pays with one of Ana's points (an ace bought) would show in
    her hand what he paid with on her blind roll, and so how much he wanted that die changed:
    refused, changing nothing; one paid by her Fortaleza shows nowhere and is taken; on a
    `gm` roll she sees, the point is taken at once, and Bea reads the two payments alike."""
    table = _portal(http, [1, 1, 2, *[6] * 10])
    _refused_unchanged(table, "/portal/rolls/reroll", reroll(1, "basic", 0, "point"))
    table.command("gm", "/portal/rolls/reroll", reroll(1, "basic", 0, "fortaleza"))
    by_point = _rerolled_with(http, "point", "gm")
    by_fortaleza = _rerolled_with(http, "fortaleza", "gm")
    assert _reads(by_point, "p2") == _reads(by_fortaleza, "p2")
    points = [_reads(t, "p1")["c1"]["points"]["in_hand"] for t in (by_point, by_fortaleza)]
    assert points == [1, 2]


#: a reading bought a temporary specialty of Sigilo [002:585], paid with a point (or harm)
SPECIALTY = [
    {**reading(), "specialty": {"fortaleza": "Sigilo", "reason": "shadows", "temporary": True}}
]


def test_a_blind_portal_call_buys_no_temporary_specialty(http: httpx.Client) -> None:
    """A temporary specialty bought on a blind call of Ana's would take the point from her
    hand while the call, masked, and `portal.SpecialtyBought`, withheld, tell her nothing:
    refused, the roll not called; on a `gm` call she sees, bought, and Bea reads it as a
    plain call."""
    table = new_table(http, "portal", [3] * 10)
    character(table, "p1", ANA)
    character(table, "p2", BEA)
    call = open_roll("c1", readings=SPECIALTY, visibility="blind")
    _refused_unchanged(table, "/portal/rolls", call)
    bought = new_table(http, "portal", [3] * 10)
    plain = new_table(http, "portal", [3] * 10)
    for table, readings in ((bought, SPECIALTY), (plain, [reading()])):
        character(table, "p1", ANA)
        character(table, "p2", BEA)
        table.command("gm", "/portal/rolls", open_roll("c1", readings=readings, visibility="gm"))
    assert _reads(bought, "p2") == _reads(plain, "p2")
    points = [_reads(t, "p1")["c1"]["points"]["in_hand"] for t in (bought, plain)]
    assert points == [1, 2]


def test_a_secret_call_of_a_principal_npc_buys_no_specialty_paid_with_harm(
    http: httpx.Client,
) -> None:
    """The game master's principal NPC Markus pays with harm (Errata [002:649]); a temporary
    specialty bought on his `self` call would raise the wound dice every seat reads on his
    sheet: refused, the roll not called; called public, the specialty is bought and his
    wound dice rise before every seat."""
    markus = sheet(
        "Markus",
        kind="principal",
        luck_held=0,
        fortalezas=[{"name": "Sigilo", "level": 2}],
        npc_pool={"pays_with": "harm", "pool": 0, "purpose": "shadows"},
    )
    table = new_table(http, "portal", [3] * 10)
    character(table, "p1", ANA)
    character(table, "p2", BEA)
    character(table, "gm", markus)
    _refused_unchanged(
        table, "/portal/rolls", open_roll("c3", readings=SPECIALTY, visibility="self")
    )
    table.command("gm", "/portal/rolls", open_roll("c3", readings=SPECIALTY))
    for player in PLAYERS:
        assert ok(table.get(player, "/characters/c3"))["wound"] == 1, player


def _called(http: httpx.Client, call: dict[str, Any]) -> Table:
    """Ana's blind roll called as `call`, then a public ruling (damage to Bea)."""
    table = new_table(http, "portal", [3] * 10)
    character(table, "p1", ANA)
    character(table, "p2", BEA)
    table.command("gm", "/portal/rolls", call)
    damage = {"character": "c2", "points": 1, "nonlethal": True, "reason": "a fall"}
    table.command("gm", "/portal/damage", damage)
    return table


def test_an_automatic_blind_portal_call_reads_to_the_players_as_a_thrown_one(
    http: httpx.Client,
) -> None:
    """An automatic outcome is numbered as a thrown roll and its `automatic` masked; a secret
    one is also settled as a thrown secret roll is, once revealed, by `portalSettleRoll`: had
    it been settled in its own command, by an event withheld from the players, the next event
    every seat reads would come a version later, telling that the call threw no dice (the
    rule kept for a certain secret check, K5, versions included). Settled before its reveal,
    or with sequel points paid, refused; settled after it, its verdict is every seat's."""
    thrown = _called(http, open_roll("c1", visibility="blind"))
    automatic = _called(
        http, open_roll("c1", difficulty=None, automatic="success", visibility="blind")
    )

    def versions(player: str) -> list[list[int]]:
        logs = [ok(t.get(player, "/events", limit=500))["events"] for t in (thrown, automatic)]
        return [[e["version"] for e in log] for log in logs]

    for player in PLAYERS:
        assert versions(player)[0] == versions(player)[1], player
        assert _reads(thrown, player) == _reads(automatic, player), player
    assert [c["roll"] for c in automatic.view("gm")["automatic_calls"]] == [1]
    # a fork numbers its rolls from 1 again: the source's pending call is not carried over
    assert fork_for_everyone(automatic).view("gm")["automatic_calls"] == []
    _refused_unchanged(automatic, "/portal/rolls/settle", {"roll": 1, "payments": []})
    for table in (thrown, automatic):
        table.command("gm", "/rolls/reveal", {"rolls": [1], "reason": "the scene ends"})
    paid = automatic.post("p1", "/portal/rolls/settle", {"roll": 1, "payments": ["sequel"]})
    assert (paid.status_code, paid.json()["code"]) == (422, "invalid_sequel"), paid.text
    for table in (thrown, automatic):  # Ana's player settles her revealed roll
        table.command("p1", "/portal/rolls/settle", {"roll": 1, "payments": []})
    for player in PLAYERS:
        assert versions(player)[0] == versions(player)[1], player
        settled = automatic.rolled(player, 1)["portal.RollSettled"]["data"]
        assert settled["verdict"]["outcome"] == "success", player


def _disarmed_ana_rolls_blind(http: httpx.Client) -> Table:
    """FATE's conflict: Markus disarms Ana (2 shifts), then the game master calls a blind
    Armas roll of hers (roll 2), still open."""
    table = _cast(http, [*BLANK, *BLANK, *BLANK])
    _fight(table)
    roll = table.command("gm", "/fate/rolls", roll_call("c3", skill="Armas", difficulty=2))
    table.command("gm", "/fate/rolls/settle", {"roll": roll["roll"], "fate_points": 0})
    disarm = {"roll": roll["roll"], "target": "c1", "reason": "a twist of the wrist"}
    table.command("gm", "/fate/conflict/disarms", disarm)
    table.command("gm", "/fate/conflict/turns/end", {"character": "c3"})
    lunge = roll_call("c1", skill="Armas", visibility="blind")
    assert table.command("gm", "/fate/rolls", lunge)["roll"] == 2
    return table


def test_a_weapon_is_picked_up_on_a_blind_fate_roll_only_once_it_is_revealed(
    http: httpx.Client,
) -> None:
    """Disarmed Ana's blind Armas roll: recording that she picks her weapon up as part of it
    (`fateWeaponPickedUp`, a -3 on the roll [004:871]) would drop her from the conflict's
    `disarmed`, which every seat reads, while `fate.WeaponPickedUp` is withheld as the roll
    is: each player would learn what the blind roll carries. Refused, changing nothing, as
    FATE's other rulings on a secret roll are; once it is revealed, recorded."""
    table = _disarmed_ana_rolls_blind(http)
    pickup = {"roll": 2, "reason": "she snatches it"}
    _refused_unchanged(table, "/fate/conflict/pickups", pickup)
    table.command("gm", "/rolls/reveal", {"rolls": [2], "reason": "the lunge is seen"})
    table.command("gm", "/fate/conflict/pickups", pickup)
    for player in PLAYERS:
        assert "c1" not in table.view(player)["conflict"]["disarmed"], player


# -- every registered system: a seat's view moves only with an event it reads ------------------


def _as_seen(app: Any, table_id: Any, seat: str) -> tuple[Any, list[Any]]:
    """A player's view (without the version) and its whole log, as its reads give them."""

    def read(table: Any) -> tuple[Any, list[Any]]:
        viewer = viewer_for(table, table.seats[seat], audit=False)
        view = msgspec.to_builtins(table_view(table, viewer))
        view.pop("version", None)
        events = app.table_events(table_id)
        log, _ = log_page(events, viewer, table.closed, limit=table.version + 1)
        return view, [msgspec.to_builtins(event) for event in log]

    seen: tuple[Any, list[Any]] = app.read(table_id, read)
    return seen


@pytest.mark.parametrize("system", sorted(RULE_SYSTEMS))
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_players_view_moves_only_with_an_event_its_log_shows(
    system: str, data: st.DataObject
) -> None:
    """Random play of every registered system (its `random_play`): after each step, a player
    whose log reads exactly as before (no new event, none shown otherwise; a gap in the
    version counter is public) reads the same view as before, but for its version. A view
    that moves on an event withheld from the seat tells it that the event happened, and what
    it did: the very thing withholding it keeps (K5)."""
    app = in_memory_tables()
    game = provided(system, "random_play")(data, app)
    seats = game.players()
    before = {seat: _as_seen(app, game.table_id, seat) for seat in seats}
    for _ in range(data.draw(st.integers(4, 30), label="steps")):
        game.step()
        game.sync()
        for seat in seats:
            now = _as_seen(app, game.table_id, seat)
            if now[1] == before[seat][1]:
                assert now[0] == before[seat][0], (system, seat)
            before[seat] = now


# -- conditional reads, the stream, an old credential --------------------------------------------


def test_a_players_etag_after_a_withheld_ruling_is_the_version_its_own_reads_show(
    http: httpx.Client,
) -> None:
    """After a ruling withheld from Bea (the game master's block on Ana's `gm` roll), every
    read of hers answers a new ETag: the table's version, which her body shows too (the
    counter is public, docs/threat-model.md), and her log marks by a gap; her old ETag is
    simply stale (200, never 304 nor anything else), and nothing else of what she reads
    changes: no header beyond the version, no field."""
    table = _portal(http, [1, 1, 2, *[6] * 10], visibility="gm")
    paths = ("", "/events", "/stats", "/characters/c1")
    held = {path: table.get("p2", path) for path in paths}
    before = _reads(table, "p2")
    table.command("gm", "/portal/rolls/block", {"roll": 1, "giver": None})
    version = table.version()
    for path, first in held.items():
        again = table.http.get(
            f"/tables/{table.id}{path}",
            headers={**table.headers["p2"], "If-None-Match": first.headers["etag"]},
        )
        assert again.status_code == 200, (path, again.text)
        assert again.headers["etag"] == f'"{version}"', path
        if "version" in again.json():
            assert again.json()["version"] == version, path
        moved = {k: v for k, v in again.headers.items() if first.headers.get(k) != v}
        assert set(moved) <= {"etag", "date", "content-length"}, (path, moved)
    assert _reads(table, "p2") == before
    log = ok(table.get("p2", "/events", limit=500))
    assert log["version"] == version and log["events"][-1]["version"] < version


def test_the_stream_resumed_across_a_reveal_shows_the_rulings_only_after_it(
    http: httpx.Client,
) -> None:
    """Bea resumes the stream (SSE with `Last-Event-ID`, NDJSON with `after`) from the
    opening of Ana's blind roll: before the reveal she gets the reroll's die announced and
    masked, nothing of the reroll's ruling nor of its dice; resumed from the same place after
    the reveal, the ruling and its dice come, as her log shows them."""
    table = _rerolled_with(http, "fortaleza")
    opened = table.rolled("p2", 1)["portal.RollOpened"]["version"]
    url = f"/tables/{table.id}/stream"
    version = table.version()
    sse = read_events(table.http, url, table.headers["p2"], version, last_event_id=opened)
    resumed = [json.loads(data) for _, _, data in sse]
    assert [e["type"] for e in resumed] == ["DiceRolled"]
    assert resumed[0]["data"]["dice"] is None and resumed[0]["hidden"] == ["dice"]
    lines = stream_events(table.http, url, table.headers["p2"], version, after=opened)
    assert _alike(table, lines) == _alike(table, resumed)
    table.command("gm", "/rolls/reveal", {"rolls": [1, 2], "reason": "the scene ends"})
    version = table.version()
    sse = read_events(table.http, url, table.headers["p2"], version, last_event_id=opened)
    resumed = [json.loads(data) for _, _, data in sse]
    types = [e["type"] for e in resumed]
    assert types == ["DiceRolled", "portal.DieRerolled", "RollsRevealed"], types
    assert resumed[0]["data"]["dice"] is not None and resumed[0]["hidden"] == []
    log = ok(table.get("p2", "/events", after=opened, limit=500))["events"]
    assert _alike(table, log) == _alike(table, resumed)
    lines = stream_events(table.http, url, table.headers["p2"], version, after=opened)
    assert _alike(table, lines) == _alike(table, resumed)


def test_an_old_credential_retrying_a_keyed_command_gets_no_replay_the_new_one_does(
    http: httpx.Client,
) -> None:
    """Ana settles her public roll with an Idempotency-Key, then rotates her credential and
    keeps the old one. Retried with the old credential the command is refused (401) with no
    replayed answer, resumes no stream and reads nothing; retried with the new one it is
    replayed (the record is her seat's); Bea's retry with the same key is her own command."""
    table = new_table(http, "portal", [5, 5, 5, *[6] * 10])
    character(table, "p1", ANA)
    character(table, "p2", BEA)
    table.command("gm", "/portal/rolls", open_roll("c1"))
    keyed = {"Idempotency-Key": "settle-1"}
    body = {"roll": 1, "payments": []}
    path = f"/tables/{table.id}/portal/rolls/settle"
    first = table.http.post(path, json=body, headers={**table.headers["p1"], **keyed})
    assert first.status_code == 200, first.text
    old = table.headers["p1"]
    rotated = ok(table.http.post(f"/tables/{table.id}/credential", headers=old))
    new = bearer(rotated["credential"])
    retried = table.http.post(path, json=body, headers={**old, **keyed})
    assert retried.status_code == 401, retried.text
    assert "idempotent-replayed" not in retried.headers
    assert retried.headers["content-type"].startswith("application/problem+json")
    refusal = retried.json()
    assert refusal["code"] == "invalid_credential" and not set(refusal) & set(first.json()), refusal
    for read in ("", "/events", "/stats"):
        assert table.http.get(f"/tables/{table.id}{read}", headers=old).status_code == 401
    stream = table.http.get(
        f"/tables/{table.id}/stream", headers={**old, "Last-Event-ID": "0"}, timeout=5
    )
    assert stream.status_code == 401
    again = table.http.post(path, json=body, headers={**new, **keyed})
    assert again.status_code == 200 and again.json() == first.json()
    assert again.headers["idempotent-replayed"] == "true"
    # Bea's retry with Ana's key is a command of her own, run (and refused: the roll is
    # settled), never Ana's answer replayed
    by_bea = table.http.post(path, json=body, headers={**table.headers["p2"], **keyed})
    assert "idempotent-replayed" not in by_bea.headers
    assert (by_bea.status_code, by_bea.json()["code"]) == (404, "unknown_roll"), by_bea.text
