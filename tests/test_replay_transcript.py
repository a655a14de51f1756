"""The replay page's transcript (issue 24, item 9): one click downloads the whole session as
its reader may read it, an HTML chronicle to keep or print, the analogue of a game's PGN.

Each transcript is checked against the API: every event of the reader's log (every page of
it, not only the timeline's newest 100) in the page's own line, with its version and time;
a player's (or the game master reading as her seat) holds no card of another seat she never
saw, on a Frontera table with a secret hand and choice still open; the game master's in audit
holds the cards of the tests that are over; a dice table's player never reads the blind roll.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.api_helpers import ok
from tests.live_server import TLS
from tests.replay_helpers import (
    ARTIFACTS,
    Played,
    card_text,
    cards_in,
    game_time,
    lengthen,
    play_frontera,
    replay_server,
    sign_in,
)
from tests.system_support import ReplayRolls, provided
from tests.test_replay_views import BLIND_ROLL, blind_roll_shown, play_dice, rolled

AUDIT = "Audit (Mayor): every card anyone has seen"


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with replay_server() as url:
        yield url


@pytest.fixture(scope="module")
def secret(base: str) -> Played:
    """The README's session, longer than a timeline page, then a fourth test left open: David
    has drawn and chosen in secret, Judit has not drawn yet."""
    played = play_frontera(base)
    lengthen(played, 120)
    with httpx.Client(base_url=base, verify=TLS) as client:

        def post(who: str, path: str, body: Any) -> Any:
            response = client.post(
                f"/tables/{played.table_id}{path}", json=body, headers=played.headers(who)
            )
            assert response.status_code in (200, 201), response.text
            return response.json()

        post("mayor", "/tests/opposed", {"participants": [
            {"character": "c1", "trait": "head", "skill": "cunning"},
            {"character": "c2", "trait": "head", "skill": "cunning"},
        ]})  # fmt: skip
        drawn = post("David", "/tests/draw", {"character": "c1"})["cards"]
        played.drawn["David"] += drawn
        chosen = next(card for card in drawn if "JK" not in card)
        played.moments["open_choice"] = post(
            "David", "/tests/choose", {"character": "c1", "cards": [chosen]}
        )["version"]
    played.moments["last"] = played.get("mayor")["version"]
    played.moments["open_drawn"] = len(drawn)
    return played


def download(
    page: Page, tmp_path: Path, who: str, name: str = "Dust-and-Lead-transcript.html"
) -> tuple[str, Page]:
    """Click the button, keep the file (named after the table), and open it in a tab of its
    own, from disk."""
    with page.expect_download() as started:
        page.get_by_role("button", name="Download the transcript").click()
    got = started.value
    assert got.suggested_filename == name
    path = tmp_path / f"{who}-{got.suggested_filename}"
    got.save_as(path)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / path.name).write_bytes(path.read_bytes())
    tab = page.context.new_page()
    tab.goto(path.as_uri())
    return path.read_text(encoding="utf-8"), tab


def rows(tab: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = tab.locator("tbody tr").evaluate_all(
        """rows => rows.map(row => ({
            version: Number(row.dataset.version), type: row.dataset.type,
            at: row.querySelector("time").getAttribute("datetime"),
            clock: row.querySelector(".clock")?.innerText ?? null,
            line: row.querySelector(".summary").innerText,
            cards: [...row.querySelectorAll("[data-card]")].map(card => card.dataset.card)}))"""
    )
    return found


def timeline_lines(page: Page) -> dict[int, str]:
    """The page's own line for each version its timeline shows."""
    found: list[list[Any]] = page.locator("#events li[data-version]").evaluate_all(
        "items => items.map(item => [Number(item.dataset.version),"
        " item.querySelector('.summary').innerText])"
    )
    return {version: line for version, line in found}


def shows(card: str, html: str, text: str) -> bool:
    return card in html or ("JK" not in card and card_text(card) in text)


def no_serious_issue(tab: Page) -> None:
    results = Axe().run(tab)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, results.generate_report()


def test_a_players_transcript_is_her_whole_log_in_the_pages_words_and_nothing_more(
    page: Page, secret: Played, tmp_path: Path
) -> None:
    played = secret
    log = played.log("Judit")
    assert len(log) > 100, "more than the timeline's first page"
    sign_in(page, played, "Judit")
    text, tab = download(page, tmp_path, "judit")
    written = rows(tab)
    # every event of her log, oldest first, with its version and wall-clock time
    assert [(r["version"], r["type"], r["at"]) for r in written] == [
        (e["version"], e["type"], e["at"]) for e in log
    ]
    # game time: the table's clock after each event, as her view of that version gives it
    for row in written[::7] + written[-3:]:
        elapsed = played.get("Judit", version=row["version"])["elapsed_seconds"]
        assert row["clock"] == game_time(elapsed), row
    # each line is the timeline's own line (for the versions the timeline has loaded)
    for version, line in timeline_lines(page).items():
        (row,) = [r for r in written if r["version"] == version]
        assert row["line"] == line, version
    # the header: the table, its system, seats and characters, version, who reads
    header = tab.locator("dl.header")
    for said in ("Frontera", "Dust and Lead", "Ana", "David", "Judit", "Policarpo", "Clementine"):
        expect(tab.locator("body")).to_contain_text(said)
    expect(header).to_contain_text(str(played.moments["last"]))
    expect(header).to_contain_text("Judit, a player")
    # grouped by test
    for title in ("Test 1: trait", "Test 2: opposed", "Test 4: opposed"):
        expect(tab.get_by_role("heading", name=title)).to_have_count(1)
    expect(tab.locator("th", has_text="Game time")).not_to_have_count(0)

    # nothing she may not know: David's cards she never saw, in no form
    judit_sees = cards_in([e for e in log if e["type"] != "TableStarted"]) | cards_in(
        played.get("Judit")
    )
    hidden = set(played.drawn["David"]) - judit_sees
    assert hidden, "David holds cards Judit never saw"
    body = tab.locator("body").inner_text()
    assert not {card for card in hidden if shows(card, text, body)}
    # the open test's secret draw and choice read as the timeline reads them: face down
    choice = next(r for r in written if r["version"] == played.moments["open_choice"])
    assert choice["cards"] == [] and "chose 1 card for Policarpo" in choice["line"]
    no_serious_issue(tab)
    # and it prints: its own print stylesheet
    assert "@media print" in text
    tab.emulate_media(media="print")
    assert tab.locator("thead").first.evaluate("e => getComputedStyle(e).display") == (
        "table-header-group"
    )


def test_the_mayors_transcript_in_audit_and_as_a_seat_reads_as_the_api_gives_him(
    page: Page, secret: Played, tmp_path: Path
) -> None:
    played = secret
    sign_in(page, played, "mayor")
    page.get_by_label(AUDIT).check()
    expect(page.locator("#audit-banner")).to_be_visible()
    text, tab = download(page, tmp_path, "mayor-audit")
    audited = played.log("mayor", audit="true")
    written = rows(tab)
    assert [r["version"] for r in written] == [e["version"] for e in audited]
    assert cards_in([r["cards"] for r in written]) <= cards_in(audited)
    expect(tab.locator("dl.header")).to_contain_text("the game master, in audit")
    # the tests that are over show David's draws; the open one shows nothing of his hand
    over = next(e for e in audited if e["type"] == "CardsDrawn" and e["data"]["seat"] == "p1")
    assert over["data"]["cards"] and all(card in text for card in over["data"]["cards"])
    open_draw = [
        e for e in audited if e["type"] == "CardsDrawn" and e["version"] > played.moments["paid"]
    ][-1]
    assert not any(open_draw["data"]["cards"] or [])
    for version in (open_draw["version"], played.moments["open_choice"]):
        (row,) = [r for r in written if r["version"] == version]
        assert row["cards"] == [], row  # the seal of the open test holds in the transcript

    # as Judit's seat saw it: what her own API log gives, and no card of David's she never saw
    tab.close()
    page.get_by_label("See as").select_option(label="Judit's seat")
    expect(page.locator("#perspective-banner")).to_contain_text("SEEN AS Judit")
    text, tab = download(page, tmp_path, "mayor-as-judit")
    as_judit = played.log("mayor", perspective="p2")
    own = played.log("Judit")
    assert [e["version"] for e in as_judit] == [e["version"] for e in own]
    assert [(r["version"], r["type"]) for r in rows(tab)] == [
        (e["version"], e["type"]) for e in as_judit
    ]
    assert cards_in([r["cards"] for r in rows(tab)]) <= cards_in(own)
    # (TableStarted lists the new deck's cards, and where none is)
    hidden = set(played.drawn["David"]) - cards_in([e for e in own if e["type"] != "TableStarted"])
    body = tab.locator("body").inner_text()
    assert hidden and not {card for card in hidden if shows(card, text, body)}
    expect(tab.locator("dl.header")).to_contain_text("as Judit's seat saw it")


def test_a_dice_tables_transcript_names_each_die_and_keeps_the_blind_roll_from_the_player(
    page: Page, base: str, tmp_path: Path
) -> None:
    rolls: ReplayRolls = provided("stepdice", "replay_rolls")
    played = play_dice(base, "stepdice")
    sign_in(page, played, "Bea")
    text, tab = download(page, tmp_path, "bea", "Dice-night-transcript.html")
    log = played.log("Bea")
    assert [r["version"] for r in rows(tab)] == [e["version"] for e in log]
    public = rolled(played, "Bea", 1)
    die = public["data"]["dice"][0]
    expect(tab.locator(f'tr[data-version="{public["version"]}"]')).to_contain_text(
        f"Vera rolled d{rolls.sides}={rolls.public_face}"
    )
    assert die["face"] == rolls.public_face
    blind = rolled(played, "Bea", BLIND_ROLL)
    expect(tab.locator(f'tr[data-version="{blind["version"]}"]')).to_contain_text("in secret")
    assert blind_roll_shown(rolls, tab.locator("body").inner_text(), text) == []
    # no game clock in stepdice: the transcript says so rather than make one up
    expect(tab.locator("th", has_text="Game time")).to_have_count(0)
    expect(tab.locator("body")).to_contain_text("keeps no game time")
    no_serious_issue(tab)
    tab.close()
    # the game master's transcript has the blind roll's die
    page.get_by_role("button", name="Sign out").click()
    sign_in(page, played, "gm")
    text, tab = download(page, tmp_path, "gm", "Dice-night-transcript.html")
    assert blind_roll_shown(rolls, tab.locator("body").inner_text(), text)
    with httpx.Client(base_url=base, verify=TLS) as client:
        view = ok(client.get(f"/tables/{played.table_id}", headers=played.headers("gm")))
    expect(tab.locator("dl.header")).to_contain_text(str(view["version"]))
    assert re.search(r"stepdice", tab.locator("dl.header").inner_text())
