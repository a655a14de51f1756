"""The README's Frontera session ("A session with curl"), through a client generated from the
document.

`saloon_client` is what `openapi-python-client` generates from `openapi/openapi.json`
(`tests/test_clients.py` generates it, checks it and this script with `mypy --strict`, and
plays the session against a live server). Every call goes through the generated operations
and models, the stream too: asked for the events `until` a version the session knows (the
log's fifth event's), the stream ends by itself, and the generated `stream_events` returns
it as NDJSON through `stream_reader.follow`, one generated `StreamMessage` model a line (its
event messages hold the typed `Event` union).

Usage: `python session_frontera.py http://127.0.0.1:8000` (with `saloon_client` importable);
prints what the session observed, as JSON.
"""

from __future__ import annotations

import dataclasses
import json
import sys

from saloon_client.api.frontera import (
    choose,
    create_character,
    draw,
    open_opposed_test,
    open_trait_test,
    start_table,
)
from saloon_client.api.log import list_events
from saloon_client.api.tables import close_table, get_view, verify_table
from saloon_client.models import (
    CreateTable,
    EventPage,
    FronteraChoose,
    FronteraContender,
    FronteraCreateCharacter,
    FronteraCreateCharacterTraits,
    FronteraDraw,
    FronteraOpenOpposedTest,
    FronteraOpenTraitTest,
    FronteraOptions,
    FronteraOptionsMode,
    FronteraPurchase,
    FronteraSkill,
    FronteraTableView,
    FronteraTrait,
    ListEventsTypeItem,
    TestResolvedEvent,
    VerificationResult,
)
from saloon_client.types import Unset
from table_setup import as_a, hang_up, ok, open_table, read_stream, seat


def playable(cards: list[str]) -> str:
    """A card to choose: any but a joker (whose suit the chooser would have to name)."""
    return next(card for card in cards if "JK" not in card)


def cards_seen(view: FronteraTableView) -> dict[str, list[str] | None]:
    """The cards each participant of the open test holds, as this view shows them."""
    assert view.test is not None, "no test is open"
    seen: dict[str, list[str] | None] = {}
    for participant in view.test.participants:
        cards = participant.cards
        seen[participant.character] = None if isinstance(cards, Unset) else cards
    return seen


@dataclasses.dataclass
class Outcome:
    """What the session observed, for whoever runs it to check."""

    table_id: str
    #: the cards each seat saw in the opposed test, by seat name and then character
    opposed_cards_seen: dict[str, dict[str, list[str] | None]]
    #: what each player drew in the opposed test, by character
    opposed_drawn: dict[str, list[str]]
    #: the numbers of the tests the log's TestResolved events resolve, in order
    resolved_tests: list[int]
    #: the streamed events: their versions and types, and whether the log has the same
    streamed: list[tuple[int, str]]
    stream_matches_log: bool
    #: the table rewound to the version after `start`: its version, started, its test
    rewound: tuple[int, bool, bool]
    closed: bool
    verified: bool
    shuffles_checked: int


def play(api: str) -> Outcome:
    """The README's session against the server at `api`."""
    table, mayor = open_table(
        api,
        CreateTable(
            title="Dust and Lead",
            gm_name="Ana",
            options=FronteraOptions(mode=FronteraOptionsMode.NO_MANAGEMENT),
        ),
    )
    david = seat(api, table, mayor, "David")
    judit = seat(api, table, mayor, "Judit")

    policarpo = FronteraCreateCharacter(
        name="Policarpo",
        traits=FronteraCreateCharacterTraits(hands=3, senses=4, muscle=3, head=2),
        skills=[
            FronteraSkill.BRAWL,
            FronteraSkill.AGILITY,
            FronteraSkill.CUNNING,
            FronteraSkill.KNOWLEDGE,
        ],
    )
    clementine = FronteraCreateCharacter(
        name="Clementine",
        traits=FronteraCreateCharacterTraits(hands=2, senses=4, muscle=3, head=3),
        skills=[
            FronteraSkill.AIM,
            FronteraSkill.AGILITY,
            FronteraSkill.CUNNING,
            FronteraSkill.PERCEPTION,
        ],
        money=27,
        purchases=[
            FronteraPurchase(item="rifle", price=20),
            FronteraPurchase(item="work clothes", price=3),
        ],
    )
    c1 = ok(create_character.sync(table, client=david, body=policarpo)).id
    c2 = ok(create_character.sync(table, client=judit, body=clementine)).id
    started = ok(start_table.sync(table, client=mayor)).version

    # A trait test: Senses (Perception), difficulty 8; David draws and chooses
    trait = FronteraOpenTraitTest(
        character=c1, trait=FronteraTrait.SENSES, skill=FronteraSkill.PERCEPTION, difficulty=8
    )
    ok(open_trait_test.sync(table, client=mayor, body=trait))
    drawn = ok(draw.sync(table, client=david, body=FronteraDraw(character=c1))).cards
    chosen = FronteraChoose(character=c1, cards=[playable(drawn)])
    ok(choose.sync(table, client=david, body=chosen))

    # An opposed test: a chase, Muscle (Agility) on both sides; each draws and chooses in
    # secret, and each sees only its own cards until the reveal
    chase = FronteraOpenOpposedTest(
        participants=[
            FronteraContender(
                character=c1, trait=FronteraTrait.MUSCLE, skill=FronteraSkill.AGILITY
            ),
            FronteraContender(
                character=c2, trait=FronteraTrait.MUSCLE, skill=FronteraSkill.AGILITY
            ),
        ]
    )
    ok(open_opposed_test.sync(table, client=mayor, body=chase))
    drawn_by = {
        c1: ok(draw.sync(table, client=david, body=FronteraDraw(character=c1))).cards,
        c2: ok(draw.sync(table, client=judit, body=FronteraDraw(character=c2))).cards,
    }
    seen = {
        "David": cards_seen(as_a(FronteraTableView, get_view.sync(table, client=david))),
        "Judit": cards_seen(as_a(FronteraTableView, get_view.sync(table, client=judit))),
    }
    for character, player in ((c1, david), (c2, judit)):
        mine = FronteraChoose(character=character, cards=[playable(drawn_by[character])])
        ok(choose.sync(table, client=player, body=mine))

    # The log, the stream, a rewind
    resolved = as_a(
        EventPage, list_events.sync(table, client=david, type_=[ListEventsTypeItem.TESTRESOLVED])
    ).events
    numbers = [e.data.test for e in resolved if isinstance(e, TestResolvedEvent)]
    # the stream of the log's first five events: it ends at the fifth one's version
    logged = as_a(EventPage, list_events.sync(table, client=judit, limit=5)).events
    streamed = read_stream(judit, table, until=logged[-1].version)
    rewound = as_a(FronteraTableView, get_view.sync(table, client=david, version=started))

    # Closing reveals the seed; then anyone at the table can verify every shuffle
    ok(close_table.sync(table, client=mayor))
    verification = as_a(VerificationResult, verify_table.sync(table, client=david))
    final = as_a(FronteraTableView, get_view.sync(table, client=judit))
    hang_up(mayor, david, judit)
    return Outcome(
        table_id=str(table),
        opposed_cards_seen=seen,
        opposed_drawn=drawn_by,
        resolved_tests=numbers,
        streamed=[(m.event.version, m.event.type_) for m in streamed],
        stream_matches_log=[m.event.to_dict() for m in streamed] == [e.to_dict() for e in logged],
        rewound=(rewound.version, rewound.started, rewound.test is not None),
        closed=final.closed,
        verified=verification.verified,
        shuffles_checked=verification.shuffles_checked,
    )


if __name__ == "__main__":
    print(json.dumps(dataclasses.asdict(play(sys.argv[1]))))
