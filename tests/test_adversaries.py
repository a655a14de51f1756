"""Adversaries over real HTTP, as property tests over random sessions of every system.

- **A game master who forks, re-invites, claims and rotates**, and reads every channel he
  has (his view, rewinds, the log and the stream with and without audit, test records,
  figures, the NDJSON export; every seat he manages to take, on the table or on a fork):
  whatever he reads is never more than his audit entitles him to at that moment: no card
  that his audit and his own seat's reads do not show, and no event, nor field of one, that
  his audit log hides.
- **A player who keeps a rotated-out credential**: it opens nothing, anywhere: no read of
  the table, no seat of any fork made before or after the rotation.
- **Reading as a seat** (`perspective=<seat>` on getView, listEvents and its NDJSON): the game
  master's reading as a seat shows nothing that seat's own reads do not, nor anything his
  audit does not (no other seat's hand, no secret choice before its reveal); a player, a
  seat the game master claimed through an invitation, and a rotated-out credential ask for it
  in vain: refused, or never more than their own reads.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import event as note
from hypothesis import strategies as st

from domain.frontera.cards import dead_mans_hand
from domain.systems import RULE_SYSTEMS
from service.app import create_app
from service.settings import Settings
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, serving
from tests.ndjson_stream import stream_events
from tests.random_play import RandomSession
from tests.system_support import provided

CARD = re.compile(r"d\d+:(?:10|[2-9JQKA])[SCHD]|d\d+:JK[12]")
#: every seat knows the dead man's hand; the lay-out at the start lists every card, public
PUBLIC = set(dead_mans_hand(0))
LAYOUT = "TableStarted"
NDJSON = "application/x-ndjson"
#: no shrinking: a session over HTTP is slow to shrink, and the failing example as found
#: already names every command, move and answer
ADVERSARY = settings(
    max_examples=8,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


def bearer(credential: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {credential}"}


@dataclass
class Knowledge:
    """What some reads show: the cards they list, and each event's fields they show."""

    cards: set[str] = field(default_factory=set)
    fields: dict[int, set[str]] = field(default_factory=dict)

    def add_events(self, events: list[dict[str, Any]]) -> None:
        """Each event's type and the fields it shows; a field that names cards counts by
        the cards it names (what they are, not which event moved them where: a card the
        rules put away, known from the hand it left, is no more known for a move's listing)."""
        for event in events:
            if event["type"] == LAYOUT:
                continue
            shown = {
                name
                for name, value in event["data"].items()
                if name not in event["hidden"] and not CARD.search(json.dumps(value))
            }
            self.fields.setdefault(event["version"], set()).update({event["type"], *shown})
            self.cards |= set(CARD.findall(json.dumps(event["data"])))

    def add_text(self, text: str) -> None:
        self.cards |= set(CARD.findall(text))

    def __ior__(self, other: Knowledge) -> Knowledge:
        self.cards |= other.cards
        for version, shown in other.fields.items():
            self.fields.setdefault(version, set()).update(shown)
        return self

    def beyond(self, entitled: Knowledge) -> list[str]:
        """What these reads show that `entitled` does not."""
        extra = [f"card {c}" for c in sorted(self.cards - entitled.cards - PUBLIC)]
        for version, shown in sorted(self.fields.items()):
            more = shown - entitled.fields.get(version, set())
            if more:
                extra.append(f"version {version}: {sorted(shown)} beyond {sorted(more)}")
        return extra


@dataclass
class Adversary:
    http: httpx.Client
    game: RandomSession
    gm: str
    #: forks made: (table id, its game master's credential)
    forks: list[tuple[str, str]] = field(default_factory=list)
    #: credentials rotated out, kept by their players
    retired: list[str] = field(default_factory=list)
    #: seats the game master took: (table id, seat) -> credential
    taken: dict[tuple[str, str], str] = field(default_factory=dict)

    @property
    def table(self) -> str:
        return str(self.game.table_id)

    def get(self, table: str, credential: str, path: str = "", **params: Any) -> httpx.Response:
        return self.http.get(f"/tables/{table}{path}", params=params, headers=bearer(credential))

    def version(self, table: str, credential: str) -> int:
        version: int = self.get(table, credential).json()["version"]
        return version

    def log(
        self, table: str, credential: str, audit: bool = False, **params: Any
    ) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        after = 0
        while after is not None:
            page = self.get(
                table, credential, "/events", audit=audit, after=after, limit=500, **params
            )
            assert page.status_code == 200, page.text
            events += page.json()["events"]
            after = page.json()["next_after"]
        return events

    def entitled(self, table: str, credential: str) -> Knowledge:
        """What the game master's audit and his own seat's reads show now, and those of the
        seats he took there (a takeover is public: he plays them since)."""
        known = Knowledge()
        for audit in (True, False):
            known.add_text(self.get(table, credential, audit=audit).text)
            known.add_events(self.log(table, credential, audit))
        for (where, _), held in self.taken.items():
            view = self.get(table, held) if where == table else None
            if view is not None and view.status_code == 200:  # not removed since
                known.add_text(view.text)
                known.add_events(self.log(table, held, audit=False))
        return known

    def everything(self, table: str, credential: str, audit: bool) -> Knowledge:
        """Every read of the table with this credential: the view, rewinds, the log, the
        stream (as SSE and as NDJSON), the export, test records, figures."""
        known = Knowledge()
        version = self.version(table, credential)
        known.add_text(self.get(table, credential, audit=audit).text)
        for at in sorted({version // 2 or 1, max(1, version - 1)}):
            rewind = self.get(table, credential, audit=audit, version=at).json()
            rewind.pop("zones", None)  # the lay-out's zones, as public as TableStarted
            known.add_text(json.dumps(rewind))
        known.add_events(self.log(table, credential, audit))
        stream = f"/tables/{table}/stream"
        params = {"audit": audit, "after": 0, "until": version}
        with self.http.stream("GET", stream, params=params, headers=bearer(credential)) as sse:
            for line in sse.iter_lines():
                if line.startswith("data:"):
                    known.add_events([json.loads(line.removeprefix("data:"))])
        known.add_events(
            stream_events(self.http, stream, bearer(credential), version, audit=audit, after=0)
        )
        export = self.http.get(
            f"/tables/{table}/events",
            params={"audit": audit},
            headers={**bearer(credential), "Accept": "application/x-ndjson"},
        )
        known.add_events([json.loads(line) for line in export.text.splitlines() if line])
        for number in (1, 2, 3):
            known.add_text(self.get(table, credential, f"/tests/{number}", audit=audit).text)
        known.add_text(self.get(table, credential, "/stats", audit=audit).text)
        return known

    def as_read(
        self, table: str, credential: str, audit: bool = False, export: bool = True, **params: Any
    ) -> Knowledge | None:
        """The view (now and rewound), the log (listEvents' pages) and, if `export`, its
        NDJSON (listEvents with `Accept: application/x-ndjson`) read with this credential and
        these parameters (a `perspective`); None when the view is refused."""
        params = {"audit": audit, **params}
        view = self.get(table, credential, **params)
        if view.status_code != 200:
            return None
        known, version = Knowledge(), view.json()["version"]
        known.add_text(view.text)
        for at in sorted({version // 2 or 1, max(1, version - 1)}):
            rewind = self.get(table, credential, version=at, **params)
            assert rewind.status_code == 200, rewind.text
            known.add_text(rewind.text)
        known.add_events(self.log(table, credential, **params))
        if export:
            ndjson = {**bearer(credential), "Accept": NDJSON}
            path = f"/tables/{table}/events"
            lines = self.http.get(path, params=params, headers=ndjson)
            assert lines.status_code == 200, lines.text
            known.add_events([json.loads(line) for line in lines.text.splitlines() if line])
        return known

    def held(self) -> dict[str, str]:
        """Each seat of the table whose credential is known, by seat: the players', the
        seats he took there, and his own."""
        held = {seat: self.game.credentials[seat] for seat in self.game.players()}
        held |= {seat: cred for (where, seat), cred in self.taken.items() if where == self.table}
        return {**held, self.get(self.table, self.gm).json()["you"]: self.gm}

    def seats_of(self, table: str, credential: str) -> list[str]:
        """The table's seats as the view lists them, removed ones too."""
        return [seat["id"] for seat in self.get(table, credential).json()["seats"]]

    def reads_as_each_seat(self, entitled: Knowledge) -> None:
        """Reading as a seat shows nothing the seat's own reads do not, nor beyond his audit
        (`entitled`, and his audit's rewinds: an open choice the seat made is its own, never
        his); every other holder of a credential is refused it, or reads no more than its
        own reads."""
        audit = Knowledge()
        audit |= entitled
        # his audit's rewinds too; the export's lines are the log's events (as below)
        audit |= self.as_read(self.table, self.gm, audit=True, export=False) or Knowledge()
        held, owns = self.held(), dict[str, Knowledge]()
        for seat, credential in held.items():
            own = self.as_read(self.table, credential, export=False)
            if own is None:  # a seat he took, removed since
                continue
            owns[credential] = own
            read = self.as_read(self.table, self.gm, perspective=seat)
            assert read is not None, seat
            assert not read.beyond(own), (seat, read.beyond(own))
            assert not read.beyond(audit), (seat, read.beyond(audit))
        seats = self.seats_of(self.table, self.gm)
        for credential in owns:
            if credential != self.gm:
                self.asks_in_vain(self.table, credential, seats, partial(owns.get, credential))

    def asks_in_vain(
        self,
        table: str,
        credential: str,
        seats: list[str],
        own: Callable[[], Knowledge | None] | None,
    ) -> None:
        """A credential not the game master's asks to read as each seat: refused (403; 401
        for one rotated out, whose `own` reads are None), or shown no more than `own()`, its
        own reads."""
        for seat in seats:
            for path in ("", "/events"):
                asked = self.get(table, credential, path, perspective=seat)
                if own is None:
                    assert asked.status_code == 401, (seat, path, asked.text)
                elif asked.status_code == 403:
                    assert asked.json()["code"] == "not_game_master", asked.text
                else:
                    assert asked.status_code == 200, (seat, path, asked.text)
                    read, mine = self.as_read(table, credential, perspective=seat), own()
                    assert read is not None and mine is not None, (seat, path)
                    assert not read.beyond(mine), (seat, path, read.beyond(mine))

    # -- the game master's moves ------------------------------------------------------------

    def reads_his_own(self) -> None:
        entitled = self.entitled(self.table, self.gm)
        for audit in (False, True):
            read = self.everything(self.table, self.gm, audit)
            assert not read.beyond(entitled), read.beyond(entitled)
        self.reads_as_each_seat(entitled)

    def reinvites(self, seat: str) -> None:
        invited = self.http.post(
            f"/tables/{self.table}/seats/{seat}/invitation", headers=bearer(self.gm)
        )
        if invited.status_code == 409:
            assert invited.json()["code"] == "seat_holds_secret"
            note("an invitation refused at the table: the seat holds a secret")
            return
        assert invited.status_code == 201, invited.text
        self.takes(self.table, seat, invited.json()["invitation"], self.entitled_at_source)

    def entitled_at_source(self) -> Knowledge:
        return self.entitled(self.table, self.gm)

    def takes(
        self, table: str, seat: str, invitation: str, entitled: Callable[[], Knowledge]
    ) -> None:
        """Claims a seat and reads everything it reads: never more than his entitlement then
        (the claim itself, a public event, included)."""
        claim = self.http.post(
            f"/tables/{table}/seats/{seat}/claim", json={"invitation": invitation}
        )
        if claim.status_code == 409:
            assert claim.json()["code"] == "seat_holds_secret"
            note("a claim refused: the seat holds a secret")
            return
        assert claim.status_code == 201, claim.text
        note("a seat taken" + (" at the table" if table == self.table else " on a fork"))
        credential = claim.json()["credential"]
        self.taken[(table, seat)] = credential
        if table == self.table:
            self.game.credentials.pop(seat, None)  # its player is displaced
        read, now = self.everything(table, credential, audit=False), entitled()
        assert not read.beyond(now), (seat, read.beyond(now))
        # the seat he holds now is a player's: it reads as no other seat
        seats = self.seats_of(table, credential)
        mine = partial(self.as_read, table, credential, export=False)
        self.asks_in_vain(table, credential, seats, mine)

    def forks_at(self, at: int) -> None:
        forked = self.http.post(
            f"/tables/{self.table}/fork",
            json={"version": at, "title": "What if"},
            headers=bearer(self.gm),
        )
        assert forked.status_code == 201, forked.text
        fork, fork_gm = forked.json()["table_id"], forked.json()["credential"]
        self.forks_made(fork, fork_gm, forked.json()["unclaimed"])

    def forks_made(self, fork: str, fork_gm: str, unclaimed: list[str]) -> None:
        self.forks.append((fork, fork_gm))

        def entitled() -> Knowledge:
            both = self.entitled(self.table, self.gm)
            both |= self.entitled(fork, fork_gm)
            return both

        for seat in unclaimed:
            # nothing he holds of his own, nor any retired credential, claims the seat
            for offered in (self.gm, fork_gm, *self.retired):
                refused = self.http.post(
                    f"/tables/{fork}/seats/{seat}/claim", json={"invitation": offered}
                )
                assert refused.status_code == 401, (seat, refused.text)
            held = self.taken.get((self.table, seat))
            if held is not None:  # he took the seat at the source: he is its player now
                self.takes(fork, seat, held, entitled)
                continue
            invited = self.http.post(
                f"/tables/{fork}/seats/{seat}/invitation", headers=bearer(fork_gm)
            )
            if invited.status_code == 409:
                assert invited.json()["code"] == "seat_holds_secret"
                note("an invitation refused on a fork: the seat holds a secret")
                continue
            assert invited.status_code == 201, invited.text
            self.takes(fork, seat, invited.json()["invitation"], entitled)

    # -- a player's move -----------------------------------------------------------------

    def rotates(self, seat: str) -> None:
        old = self.game.credentials[seat]
        rotated = self.http.post(f"/tables/{self.table}/credential", headers=bearer(old))
        assert rotated.status_code == 200, rotated.text
        self.game.credentials[seat] = rotated.json()["credential"]
        self.retired.append(old)
        self.retired_open_nothing()

    def retired_open_nothing(self) -> None:
        seats = self.seats_of(self.table, self.gm)
        for old in self.retired:
            for path in ("", "/events", "/stats", "/stream"):
                assert self.get(self.table, old, path).status_code == 401
            self.asks_in_vain(self.table, old, seats, own=None)
            for fork, _ in self.forks:
                for seat in ("p1", "p2", "p3"):
                    claim = self.http.post(
                        f"/tables/{fork}/seats/{seat}/claim", json={"invitation": old}
                    )
                    assert claim.status_code in (401, 404), claim.text


def _adversary_plays(system: str, data: st.DataObject) -> None:
    # a server of its own per session: a session's tables are made under a fixed creation
    # key (its system's `random_play`), so that a replayed example meets the same seed
    app = in_memory_tables()
    settings_ = Settings(commands_per_second=0)
    with (
        serving(create_app(settings_, tables=app)) as url,
        httpx.Client(base_url=url, timeout=20, verify=TLS) as http,
    ):
        game = provided(system, "random_play")(data, app)
        adversary = Adversary(http, game, game.gm_credential)
        for _ in range(data.draw(st.integers(3, 12), label="rounds")):
            for _ in range(data.draw(st.integers(1, 4), label="steps")):
                game.step()
            move = data.draw(st.sampled_from(["read", "reinvite", "fork", "rotate"]), label="move")
            players = game.players()
            if adversary.get(adversary.table, adversary.gm).json()["closed"]:
                break  # closing shows every seat everything: nothing is left to take
            if move == "read":
                adversary.reads_his_own()
            elif move == "reinvite" and players:
                adversary.reinvites(data.draw(st.sampled_from(players), label="seat"))
            elif move == "fork":
                now = adversary.version(adversary.table, adversary.gm)
                adversary.forks_at(data.draw(st.integers(1, now), label="at"))
            elif move == "rotate" and players:
                adversary.rotates(data.draw(st.sampled_from(players), label="seat"))
            game.sync()
        adversary.reads_his_own()
        adversary.retired_open_nothing()


@pytest.mark.long
@pytest.mark.parametrize("system", sorted(RULE_SYSTEMS))
@ADVERSARY
@given(data=st.data())
def test_an_adversarial_game_master_reads_no_more_than_his_audit_and_old_credentials_open_nothing(
    system: str, data: st.DataObject
) -> None:
    _adversary_plays(system, data)


def test_the_scan_would_see_a_card_his_audit_does_not_show() -> None:
    """Positive control: a card outside the entitlement is reported."""
    entitled, read = Knowledge(), Knowledge()
    read.add_text('{"cards": ["d0:AS", "d0:7H"]}')
    entitled.add_text('{"cards": ["d0:AS"]}')
    read.add_events([{"version": 3, "type": "X", "data": {"a": 1, "b": 2}, "hidden": []}])
    entitled.add_events([{"version": 3, "type": "X", "data": {"a": 1, "b": None}, "hidden": ["b"]}])
    assert read.beyond(entitled) == ["card d0:7H", "version 3: ['X', 'a', 'b'] beyond ['b']"]
