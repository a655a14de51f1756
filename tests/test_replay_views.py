"""The replay page's other parts, in headless Chromium against a live server: the timeline,
the keyboard, accessibility, live mode, a closed table's verification, and the generic board
of the dice systems (every registered system that rolls secretly and has no panel of its own;
each plays as its `ReplayRolls` say, tests/system_support.py), on tables played over HTTP."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Response, expect

from domain.systems import RULE_SYSTEMS
from tests.api_helpers import bearer, ok, seat_player
from tests.live_server import TLS
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
from tests.stepdice_support import REPLAY_ROLLS as STEPDICE
from tests.system_support import ReplayRolls, provided, rolls_secretly

#: the replay page's board panels of their own, one module a system
PANELS = Path(__file__).parent.parent / "service" / "replay" / "systems"


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
    # money reads as money, with the character's name (tests/test_replay_event_lines.py
    # checks every other type)
    money = next(e for e in log if e["type"] == "MoneyChanged")
    money_line = page.locator(f'#events li[data-version="{money["version"]}"]')
    expect(money_line).to_contain_text(f"(now ${money['data']['after']})")
    expect(money_line).not_to_contain_text("character=")

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
    with httpx.Client(base_url=base, verify=TLS) as client:  # a longer log: 220 more events
        for money in range(220):
            ok(
                client.post(
                    f"/tables/{played.table_id}/money",
                    json={"character": "c2", "money": money, "reason": "a night of poker"},
                    headers=played.headers("mayor"),
                )
            )
    last = ok(
        httpx.get(f"{base}/tables/{played.table_id}", headers=played.headers("mayor"), verify=TLS)
    )
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

    def tab_to(selector: str, limit: int = 40, key: str = "Tab") -> None:
        for _ in range(limit):
            keyboard.press(key)
            if page.evaluate(f"document.activeElement.matches({json.dumps(selector)})"):
                return
        raise AssertionError(f"{key} never reached {selector}")

    tab_to("#table-input")
    keyboard.type(played.table_id)
    keyboard.press("Tab")
    keyboard.type(played.credentials["mayor"])
    keyboard.press("Enter")
    last = played.moments["last"]
    expect(page.locator("#board")).to_have_attribute("data-version", str(last))
    # after sign-in the focus is on the board (issue 24, item 7), where the keys move it
    expect(page.locator("#board")).to_be_focused()
    for _ in range(3):
        keyboard.press("ArrowLeft")
    expect(page.locator("#board")).to_have_attribute("data-version", str(last - 3))
    expect(page.locator("#version-text")).to_have_text(f"version {last - 3} of {last}")
    # the slider, a few steps back from the board, moves it with its own keys
    tab_to("#version", key="Shift+Tab")
    keyboard.press("ArrowRight")
    expect(page.locator("#board")).to_have_attribute("data-version", str(last - 2))
    keyboard.press("ArrowLeft")
    expect(page.locator("#board")).to_have_attribute("data-version", str(last - 3))
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


#: the body of the first read of a version (`window.heldVersion`) is held back once its
#: headers have come, until the page cancels that read: the browser then fails the body with an
#: AbortError, as a real fetch cancelled mid-answer does (a window a loaded machine widens);
#: `window.answered` lists the versions whose headers came, `window.cancelledMidAnswer` counts
HOLD_AN_ANSWER = r"""
version => {
  const answer = window.fetch;
  window.answered = [];
  window.cancelledMidAnswer = 0;
  let held = false;
  window.fetch = async (url, init) => {
    const read = /\/tables\/[0-9a-f-]+\?(?:.*&)?version=(\d+)/.exec(String(url));
    const response = await answer(url, init);
    if (!read) return response;
    window.answered.push(Number(read[1]));
    if (held || Number(read[1]) !== version) return response;
    held = true;
    const body = new ReadableStream({
      start(controller) {
        init.signal.addEventListener("abort", () => {
          window.cancelledMidAnswer += 1;
          controller.error(new DOMException("superseded", "AbortError"));
        });
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}
"""


def test_a_read_cancelled_mid_answer_is_read_again_when_the_board_returns_to_it(
    page: Page, played: Played
) -> None:
    """A key pressed while the board's read has its headers but not yet its body cancels the
    read; the page never takes the cut answer for the board's view: back at that version (by
    the slider's own keys), the board is read again and drawn there."""
    sign_in(page, played, "mayor", version=1)
    page.evaluate(HOLD_AN_ANSWER, 2)
    board = page.locator("#board")
    board.press("ArrowRight")
    page.wait_for_function("version => window.answered.includes(version)", arg=2)
    board.press("ArrowRight")  # while the answer for version 2 is under way
    expect(board).to_have_attribute("data-version", "3")
    assert page.evaluate("window.cancelledMidAnswer") == 1
    page.locator("#version").press("ArrowLeft")
    expect(board).to_have_attribute("data-version", "2")
    expect(page.locator("#board-version")).to_have_text("2")
    expect(page.locator("#status")).to_have_text("")


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
    with httpx.Client(base_url=base, verify=TLS) as client:
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


PUBLIC_ROLL, BLIND_ROLL = 1, 2


#: the systems whose rolls the page may have to hide, and those of them the generic board shows
#: (no panel of their own in service/replay/systems/): each gives its `ReplayRolls`
SECRET_ROLLERS = [system for system in RULE_SYSTEMS if rolls_secretly(system)]
GENERIC_BOARD = [
    system
    for system in SECRET_ROLLERS
    if not (PANELS / f"{system}.js").exists()
    # a system module built with `withGlance` keeps the generic board under its own rows
    or "withGlance(" in (PANELS / f"{system}.js").read_text()
]


def play_dice(base: str, system: str) -> Played:
    """A dice table played over HTTP: the game master (Ana) seats Bea, who creates Vera;
    the game master rolls for her in public, then blind."""
    rolls: ReplayRolls = provided(system, "replay_rolls")
    with httpx.Client(base_url=base, verify=TLS) as client:
        created = ok(
            client.post(
                "/tables",
                json={
                    "title": "Dice night",
                    "mayor_name": "Ana",
                    "system": system,
                    "options": {
                        "scripted_rolls": [rolls.public_face] * rolls.dice
                        + [rolls.blind_face] * rolls.dice
                    },
                },
            ),
            201,
        )
        table, gm = created["table_id"], bearer(created["credential"])
        seat, bea = seat_player(client, table, gm, "Bea")
        assert seat == "p1"
        played = Played(
            base,
            table,
            {"gm": created["credential"], "Bea": bea["Authorization"].split()[1]},
        )

        def post(who: dict[str, str], path: str, body: Any, status: int = 200) -> Any:
            return ok(client.post(f"/tables/{table}{path}", json=body, headers=who), status)

        post(bea, rolls.character_path, rolls.character, 201)
        public = post(gm, rolls.roll_path, rolls.roll)
        if rolls.settle is not None:
            post(bea, *rolls.settle)
        blind = post(gm, rolls.roll_path, {**rolls.roll, "visibility": "blind"})
        assert (public["roll"], blind["roll"]) == (PUBLIC_ROLL, BLIND_ROLL)
        played.moments["last"] = blind["version"]
    return played


def rolled(played: Played, who: str, roll: int) -> dict[str, Any]:
    """The real `DiceRolled` event of a roll, as a seat reads it from the log."""
    (event,) = [e for e in played.log(who, type="DiceRolled") if e["data"]["roll"] == roll]
    return event


def worded(secret: str) -> str:
    """A system's secret as the page's line for it writes it: the support files word them as
    the generic line did (`face=2`), the system's own line says "d12 showing 2"."""
    return secret.replace("face=", "showing ")


def blind_roll_shown(system: ReplayRolls, text: str, html: str) -> list[str]:
    """The ways a page could show the blind roll's die or outcome: the board's die label
    (an attribute), the timeline's die, the system's own secrets."""
    marks = {f"d{system.sides} showing {system.blind_face}": html}
    marks[f"d{system.sides}={system.blind_face}"] = text
    marks |= {worded(secret): text + html for secret in system.secrets}
    return [mark for mark, where in marks.items() if mark in where]


@pytest.mark.parametrize("system", GENERIC_BOARD)
def test_a_dice_system_gets_the_generic_board_with_each_die_of_its_real_rolls(
    page: Page, base: str, system: str
) -> None:
    """A dice system has no panel of its own: the game master's board shows the view's
    fields readably and each die of every roll (the blind one too) with its size, face and
    purpose, as the real `DiceRolled` events give them; the timeline names each die and
    gives the system's own events (qualified: `stepdice.TestRolled`) their public fields."""
    rolls: ReplayRolls = provided(system, "replay_rolls")
    played = play_dice(base, system)
    sign_in(page, played, "gm")
    board = page.locator("#board-content")
    characters = board.locator('[data-facet="field:characters"]')
    expect(characters).to_contain_text("Vera")
    # readably: a definition list of the sheet's fields, not the JSON text
    expect(characters.locator("dt", has_text=rolls.sheet_term)).to_have_count(1)
    expect(characters).not_to_contain_text("{")
    # above it, the system's own line for Vera, as a player reads her sheet
    expect(board.locator(".glance li", has_text="Vera")).to_have_count(1)
    faces = {PUBLIC_ROLL: rolls.public_face, BLIND_ROLL: rolls.blind_face}
    for roll, face in faces.items():
        event = rolled(played, "gm", roll)
        dice = event["data"]["dice"]
        # the scripted faces, every die of the roll
        assert [(d["sides"], d["face"]) for d in dice] == [(rolls.sides, face)] * rolls.dice
        die = dice[0]
        shown = board.locator(f'[data-facet="roll:{roll}"] .die')
        expect(shown).to_have_count(rolls.dice)
        named = shown.get_by_role("img", name=f"d{rolls.sides} showing {face}")
        expect(named).to_have_count(rolls.dice)
        expect(named.first).to_be_visible()
        expect(shown.first).to_contain_text(f"d{rolls.sides} · {die['purpose']}")
        expect(page.locator(f'#events li[data-version="{event["version"]}"]')).to_contain_text(
            f"roll {roll}: Vera rolled d{rolls.sides}={face} ({die['purpose'].replace('_', ' ')})"
        )
    # what the player's page must not show of the blind roll, the game master's page shows
    marks = blind_roll_shown(rolls, page.inner_text("body"), page.content())
    assert len(marks) == 2 + len(rolls.secrets), marks
    # the system's own event, qualified by the system, gets its own line naming Vera, not the
    # generic one with its public fields (`rolls.event_line`)
    event = rolled(played, "gm", PUBLIC_ROLL)
    line = page.locator(f'#events li[data-version="{event["version"] + 1}"]')
    expect(line).to_contain_text("Vera")
    expect(line).not_to_contain_text(rolls.event_line)


def secret_of_blind_roll(body: Any) -> list[Any]:
    """Anything of the blind roll a response gives beyond its existence: a view's result for
    it, or a secret field of an event that names it."""
    found: list[Any] = []
    if isinstance(body, dict):
        for result in body.get("results") or []:
            if isinstance(result, dict) and result.get("roll") == BLIND_ROLL:
                found.append(result)
        if {"type", "data", "hidden"} <= body.keys() and isinstance(body["data"], dict):
            data = body["data"]
            if data.get("roll") == BLIND_ROLL:
                found += [
                    data[key] for key in ("dice", "face", "outcome", "result") if data.get(key)
                ]
        for value in body.values():
            found += secret_of_blind_roll(value)
    elif isinstance(body, list):
        for value in body:
            found += secret_of_blind_roll(value)
    return found


@pytest.mark.parametrize("system", SECRET_ROLLERS)
def test_a_blind_roll_reaches_the_players_page_only_once_the_game_master_reveals_it(
    page: Page, base: str, system: str
) -> None:
    """Bea's page shows the public roll's die; of the blind roll only that it was made, in
    no text, attribute or fetched response; after the game master reveals it, its die too."""
    rolls: ReplayRolls = provided(system, "replay_rolls")
    played = play_dice(base, system)
    responses: list[Response] = []
    page.on("response", lambda response: responses.append(response))
    sign_in(page, played, "Bea")
    board = page.locator("#board-content")
    public_die = f"d{rolls.sides} showing {rolls.public_face}"
    public = rolled(played, "Bea", PUBLIC_ROLL)
    expect(board.locator(f'[data-facet="roll:{PUBLIC_ROLL}"]')).to_contain_text("public")
    expect(board.get_by_role("img", name=public_die).first).to_be_visible()
    expect(page.locator(f'#events li[data-version="{public["version"]}"]')).to_contain_text(
        f"roll {PUBLIC_ROLL}: Vera rolled d{rolls.sides}={rolls.public_face}"
    )
    # the blind roll: its existence, and nothing of its die
    blind = rolled(played, "Bea", BLIND_ROLL)
    assert blind["data"]["dice"] is None and blind["hidden"] == ["dice"]
    expect(board.locator(f'[data-facet="roll:{BLIND_ROLL}"]')).to_contain_text("blind")
    expect(board.locator(f'[data-facet="roll:{BLIND_ROLL}"] .die-face')).to_have_count(0)
    text, html = page.inner_text("body"), page.content()
    assert blind_roll_shown(rolls, text, html) == [], "the player's page shows the blind roll"
    fetched = [r for r in responses if f"/tables/{played.table_id}" in r.url]
    assert fetched, "the page fetched nothing from the table"
    for response in fetched:
        assert secret_of_blind_roll(response.json()) == [], f"{response.url} gives it away"

    # the game master reveals it: the player's page shows it from then on
    with httpx.Client(base_url=base, verify=TLS) as client:
        revealed = ok(
            client.post(
                f"/tables/{played.table_id}/rolls/reveal",
                json={"rolls": [BLIND_ROLL], "reason": "the guard's shout"},
                headers=played.headers("gm"),
            )
        )
    played.moments["last"] = revealed["version"]
    sign_in(page, played, "Bea")
    blind_die = f"d{rolls.sides} showing {rolls.blind_face}"
    expect(
        board.locator(f'[data-facet="roll:{BLIND_ROLL}"]').get_by_role("img", name=blind_die).first
    ).to_be_visible()
    expect(page.locator(f'#events li[data-version="{blind["version"]}"]')).to_contain_text(
        f"roll {BLIND_ROLL}: Vera rolled d{rolls.sides}={rolls.blind_face}"
    )
    for secret in rolls.secrets:
        expect(page.locator("body")).to_contain_text(worded(secret))
    expect(page.locator(f'#events li[data-version="{revealed["version"]}"]')).to_contain_text(
        f"rolls {BLIND_ROLL} revealed: the guard's shout"
    )


def test_live_mode_names_a_dice_systems_character_created_while_it_follows(
    page: Page, base: str
) -> None:
    """A dice system's events are qualified (`stepdice.CharacterCreated`): live mode still
    learns the name of a character created while it follows, and a roll says who rolled."""
    with httpx.Client(base_url=base, verify=TLS) as client:
        created = ok(
            client.post(
                "/tables",
                json={
                    "title": "Live dice",
                    "mayor_name": "Ana",
                    "system": "stepdice",
                    "options": {"scripted_rolls": [STEPDICE.public_face]},
                },
            ),
            201,
        )
        table, gm = created["table_id"], bearer(created["credential"])
        _, bea = seat_player(client, table, gm, "Bea")
        played = Played(base, table, {"gm": created["credential"]}, moments={"last": 3})
        sign_in(page, played, "gm")
        page.get_by_label("Live: follow the table").check()
        path = f"/tables/{table}"
        ok(
            client.post(f"{path}/stepdice/characters", json=STEPDICE.character, headers=bea),
            201,
        )
        expect(page.locator('#events li[data-version="4"]')).to_have_count(1)
        rolled_at = ok(client.post(f"{path}/stepdice/tests", json=STEPDICE.roll, headers=gm))
    expect(page.locator("#board")).to_have_attribute("data-version", str(rolled_at["version"]))
    expect(page.locator('#events li[data-type="DiceRolled"]')).to_contain_text(
        f"roll 1: Vera rolled d12={STEPDICE.public_face}"
    )
    expect(page.locator('[data-facet="roll:1"]')).to_contain_text("roll 1 by Vera")


def test_a_line_names_a_supporting_character_by_its_name(page: Page, base: str) -> None:
    """PORTAL's event lines name its supporting characters by id (`s1`): the page learns
    their names from the view (each system says what else its lines name, `others`), as it
    learns the characters'."""
    with httpx.Client(base_url=base, verify=TLS) as client:
        created = ok(
            client.post(
                "/tables", json={"title": "Night", "mayor_name": "Ana", "system": "portal"}
            ),
            201,
        )
        table, gm = created["table_id"], bearer(created["credential"])
        for name in ("Old Zombie", "Young Zombie"):
            body = {"name": name, "generic": 3, "reason": "the graveyard"}
            ok(client.post(f"/tables/{table}/portal/supporting", json=body, headers=gm))
        clash = {"attacker": "s1", "attack_unit": [], "target": "s2", "defence_unit": []}
        clashed = ok(
            client.post(
                f"/tables/{table}/portal/supporting/clash",
                json={**clash, "reason": "hungry"},
                headers=gm,
            )
        )
    played = Played(
        base, table, {"gm": created["credential"]}, moments={"last": clashed["version"]}
    )
    sign_in(page, played, "gm")
    line = page.locator('#events li[data-type="portal.SupportingClashed"]')
    expect(line).to_contain_text("Old Zombie")
    expect(line).to_contain_text("Young Zombie")
    expect(line).not_to_contain_text("s1")
