"""The replay page's other parts, in headless Chromium against a live server: the timeline,
the keyboard, accessibility, live mode, a closed table's verification, and the generic board
of a rule system that has no panel of its own."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Request, Route, expect

from tests.api_helpers import bearer, ok, seat_player
from tests.replay_helpers import (
    Played,
    board_cards,
    card_text,
    cards_in,
    play_frontera,
    replay_server,
    scrub,
    sign_in,
)


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with replay_server() as url:
        yield url


@pytest.fixture(scope="module")
def played(base: str) -> Played:
    return play_frontera(base)


def timeline(page: Page) -> list[int]:
    versions: list[str] = page.locator("#events li[data-version]").evaluate_all(
        "items => items.map(item => item.dataset.version)"
    )
    return [int(version) for version in versions]


def test_the_timeline_sums_up_each_event_newest_first_and_marks_the_tests(
    page: Page, played: Played
) -> None:
    log = played.log("mayor")
    sign_in(page, played, "mayor")
    assert timeline(page) == [event["version"] for event in reversed(log)]
    items = page.locator("#events li")
    draws = [e for e in log if e["type"] == "CardsDrawn" and e["actor"] != "mayor"]
    for draw in draws:
        who = "David" if draw["data"]["seat"] == "p1" else "Judit"
        count = len(draw["data"]["cards"])
        expect(page.locator(f'#events li[data-version="{draw["version"]}"]')).to_contain_text(
            f"{who} drew {count} card{'s' if count > 1 else ''}"
        )
    revealed = {e["data"]["test"]: e["data"]["cards"] for e in log if e["type"] == "CardsRevealed"}
    names = {"c1": "Policarpo", "c2": "Clementine"}
    words = {"victory": "wins", "defeat": "loses", "success": "succeeds", "failure": "fails"}
    words |= {"tie": "ties", "hit": "hits", "miss": "misses", "partial": "partly succeeds"}
    for resolved in (e for e in log if e["type"] == "TestResolved"):
        test = resolved["data"]["test"]
        line = "; ".join(
            f"{names[who]} {words[outcome]} with "
            + " ".join(card_text(card) for card in revealed[test][who])
            for who, outcome in resolved["data"]["outcomes"].items()
        )
        expect(items.filter(has_text=f"test {test}: ")).not_to_have_count(0)
        expect(page.locator(f'#events li[data-version="{resolved["version"]}"]')).to_contain_text(
            f"test {test}: {line}"
        )
    # every test's opening and end are marked, each with a way to open the test
    expect(page.locator("#events li.test-start")).to_have_count(3)
    expect(page.locator("#events li.test-end")).to_have_count(3)
    expect(page.locator("#events li.test-start .open-test")).to_have_text(
        ["Open test 3", "Open test 2", "Open test 1"]
    )
    # unplayed cards go back unseen by the others: the line says who saw them
    unplayed = next(e for e in log if e["type"] == "CardsMoved" and e["data"]["seen_by"])
    expect(page.locator(f'#events li[data-version="{unplayed["version"]}"]')).to_contain_text(
        "(not played) — seen by David"
    )
    # an event type nobody wrote a line for still says what it is, with its public fields
    money = next(e for e in log if e["type"] == "MoneyChanged")
    expect(page.locator(f'#events li[data-version="{money["version"]}"]')).to_contain_text(
        "MoneyChanged: character=c2"
    )

    # filters: by seat and by type, as the API answers them
    page.get_by_label("Seat").select_option(label="Judit")
    judit = [e["version"] for e in played.log("mayor", seat="p2")]
    expect(page.locator("#events li[data-version]")).to_have_count(len(judit))
    assert timeline(page) == judit[::-1]
    page.get_by_label("Seat").select_option(label="every seat")
    page.get_by_label("Event type").select_option("TestResolved")
    expect(page.locator("#events li[data-version]")).to_have_count(3)
    assert {e.get_attribute("data-type") for e in page.locator("#events li").all()} == {
        "TestResolved"
    }


def test_the_timeline_loads_a_page_of_versions_at_a_time(page: Page, base: str) -> None:
    played = play_frontera(base)
    with httpx.Client(base_url=base) as client:  # a longer log: 220 more events
        for money in range(220):
            ok(
                client.post(
                    f"/tables/{played.table_id}/money",
                    json={"character": "c2", "money": money, "reason": "a night of poker"},
                    headers=played.headers("mayor"),
                )
            )
    last = ok(httpx.get(f"{base}/tables/{played.table_id}", headers=played.headers("mayor")))
    last_version = last["version"]
    assert last_version > 200
    played.moments["last"] = last_version
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    sign_in(page, played, "mayor")
    # the newest 100 versions, newest first, from a single read of the log
    assert timeline(page) == list(range(last_version, last_version - 100, -1))
    reads = [url for url in asked if "/events" in url]
    assert len(reads) == 1 and f"after={last_version - 100}" in reads[0]
    earlier = page.get_by_role("button", name="Load earlier events")
    earlier.click()
    expect(page.locator("#events li[data-version]")).to_have_count(200)
    assert len([url for url in asked if "/events" in url]) == 2
    earlier.click()
    expect(page.locator("#events li[data-version]")).to_have_count(last_version)
    expect(earlier).to_be_hidden()
    assert timeline(page) == list(range(last_version, 0, -1))


def test_the_page_works_by_keyboard_alone(page: Page, played: Played) -> None:
    page.goto(f"{played.base}/replay/")
    keyboard = page.keyboard

    def tab_to(selector: str, limit: int = 40) -> None:
        for _ in range(limit):
            keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches({json.dumps(selector)})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("#table-input")
    keyboard.type(played.table_id)
    keyboard.press("Tab")
    keyboard.type(played.credentials["mayor"])
    keyboard.press("Enter")
    last = played.moments["last"]
    expect(page.locator("#board")).to_have_attribute("data-version", str(last))
    tab_to("#version")
    for _ in range(3):
        keyboard.press("ArrowLeft")
    expect(page.locator("#board")).to_have_attribute("data-version", str(last - 3))
    expect(page.locator("#version-text")).to_have_text(f"version {last - 3} of {last}")
    keyboard.press("ArrowRight")
    expect(page.locator("#board")).to_have_attribute("data-version", str(last - 2))
    # ← and → also scrub wherever the focus is, but in a field
    tab_to("#next")
    keyboard.press("ArrowLeft")
    expect(page.locator("#board")).to_have_attribute("data-version", str(last - 3))
    keyboard.press("Enter")  # the → button itself
    expect(page.locator("#board")).to_have_attribute("data-version", str(last - 2))
    tab_to("#test-number")
    keyboard.type("2")
    keyboard.press("Enter")
    expect(page.locator("#test-record")).to_have_attribute("data-test", "2")
    expect(page.locator("#test-heading")).to_be_focused()
    # the test's own "go to" button moves the board, still by keyboard
    tab_to("#test-content button")
    keyboard.press("Enter")
    opened = played.get("mayor", "/tests/2")["opened_at"]
    expect(page.locator("#board")).to_have_attribute("data-version", str(opened))


def test_the_main_view_passes_an_accessibility_check(page: Page, played: Played) -> None:
    sign_in(page, played, "mayor", version=played.moments["opposed_drawn"])
    page.get_by_role("button", name="Open test 2").first.click()
    expect(page.locator("#test-record")).to_be_visible()
    page.get_by_label("Audit (Mayor): every card anyone has seen").check()
    expect(page.locator("#audit-banner")).to_be_visible()
    results = Axe().run(page)  # axe-core, as the pinned package ships it
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, results.generate_report()
    # and the sign-in form, the first thing anyone sees
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("#signin")).to_be_visible()
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, results.generate_report()


def test_live_mode_follows_the_stream_while_the_table_is_open(page: Page, base: str) -> None:
    with httpx.Client(base_url=base) as client:
        created = ok(client.post("/tables", json={"title": "Live", "mayor_name": "Ana"}), 201)
        table, mayor = created["table_id"], bearer(created["credential"])
        played = Played(base, table, {"mayor": created["credential"]}, {"last": 1})
        sign_in(page, played, "mayor")
        page.get_by_label("Live: follow the table").check()
        expect(page.locator("#events li[data-version]")).to_have_count(1)
        seat_player(client, table, mayor, "David")  # two events: a seat, its credential
    expect(page.locator("#events li[data-version]")).to_have_count(3)
    assert timeline(page) == [3, 2, 1]
    expect(page.locator("#events li").first).to_contain_text("CredentialIssued")
    expect(page.locator("#board")).to_have_attribute("data-version", "3")  # it follows
    expect(page.locator("#version")).to_have_attribute("max", "3")


def test_a_closed_table_shows_every_card_the_seed_and_a_fair_verify_badge(
    page: Page, base: str
) -> None:
    played = play_frontera(base, close=True)
    sign_in(page, played, "Judit")
    verify = played.get("Judit", "/verify")
    assert verify["verified"] is True
    expect(page.locator("#verify-badge")).to_contain_text("every shuffle recomputed: fair")
    expect(page.locator("#verify-badge")).to_have_class(re.compile(r"\bfair\b"))
    expect(page.locator("#seed")).to_have_text(verify["seed"])
    view = played.get("Judit")
    everything = cards_in([zone["cards"] for zone in view["zones"]])
    assert len(everything) == 54  # a deck and its two jokers, all face up now
    assert board_cards(page) == everything
    expect(page.locator("#live-control")).to_be_hidden()
    # and every version shows what Judit may read of it now
    scrub(page, played.moments["opposed_drawn"])
    assert board_cards(page) == cards_in(
        {
            k: v
            for k, v in played.get("Judit", version=played.moments["opposed_drawn"]).items()
            if k != "options"
        }
    )


DICE_VIEW: dict[str, Any] = {
    "id": "00000000-0000-4000-8000-000000000001", "title": "Dice night", "system": "stepdice",
    "version": 3, "you": "gm", "role": "gm", "closed": False, "seed_commitment": "ab",
    "seed": None, "lineage": None, "options": {}, "rolls": 1, "revealed_rolls": [],
    "seats": [{"id": "gm", "name": "Ana", "role": "gm", "active": True}],
    "characters": [{"id": "c1", "name": "Vera", "wounds": 2, "steps": {"strength": 8}}],
    "round": 4,
}  # fmt: skip
DICE_ROLLED = {
    "version": 3, "type": "DiceRolled", "actor": "gm", "at": "2026-11-22T00:00:00+00:00",
    "data": {"roll": 1, "roller": "c1", "visibility": "public", "dice": [
        {"sides": 8, "face": 1, "purpose": "strength step", "index": 0, "reroll_of": None,
         "reroll_source": None},
        {"sides": 8, "face": 7, "purpose": "strength step", "index": 1, "reroll_of": 0,
         "reroll_source": "explode"},
    ]}, "hidden": [],
}  # fmt: skip
STEP_TAKEN = {
    "version": 2, "type": "StepTaken", "actor": "gm", "at": "2026-11-22T00:00:00+00:00",
    "data": {"character": "c1", "step": 8, "secret": None}, "hidden": ["secret"],
}  # fmt: skip


def test_a_system_without_a_panel_gets_the_generic_board_with_each_die(
    page: Page, base: str
) -> None:
    """A dice system's table, its answers served by the test (no dice system is on this
    server yet): the view's fields are shown readably and each die with its size, face,
    purpose and reroll source; unknown events get the generic line."""
    table = DICE_VIEW["id"]

    def answer(route: Route, request: Request) -> None:
        if "/events" in request.url:
            events = (
                [DICE_ROLLED] if "type=DiceRolled" in request.url else [DICE_ROLLED, STEP_TAKEN]
            )
            body: Any = {
                "events": sorted(events, key=lambda e: e["version"]),
                "next_after": None,
                "version": 3,
            }
        else:
            body = DICE_VIEW
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route(f"{base}/tables/{table}**", answer)
    page.goto(f"{base}/replay/#table={table}&credential=gm.secret")
    expect(page.locator("#board")).to_have_attribute("data-version", "3")
    board = page.locator("#board-content")
    expect(board.locator('[data-facet="field:characters"]')).to_contain_text("Vera")
    expect(board.locator('[data-facet="field:round"]')).to_contain_text("4")
    dice = board.locator(".die")
    expect(dice).to_have_count(2)
    expect(dice.nth(0)).to_contain_text("d8")
    expect(dice.nth(0).get_by_role("img", name="d8 showing 1")).to_be_visible()
    expect(dice.nth(0)).to_contain_text("strength step")
    expect(dice.nth(1).get_by_role("img", name="d8 showing 7")).to_be_visible()
    expect(dice.nth(1)).to_contain_text("rerolls die 1 (explode)")
    expect(page.locator('#events li[data-version="2"]')).to_contain_text(
        "StepTaken: character=c1, step=8"
    )
    expect(page.locator('#events li[data-version="2"]')).not_to_contain_text("secret")
    expect(page.locator('#events li[data-version="3"]')).to_contain_text("roll 1: Vera rolled d8=1")
