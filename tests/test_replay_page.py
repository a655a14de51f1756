"""The Mayor's replay page (issue 13) in headless Chromium, against a live server: a Frontera
session is played through the API, then the page must show what the API gives, at every
version, to whoever signs in, and nothing more."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, Response, expect

from tests.api_helpers import seat_player
from tests.live_server import TLS
from tests.replay_helpers import (
    ARTIFACTS,
    ROOT,
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
def played() -> Iterator[Played]:
    with replay_server() as base:
        yield play_frontera(base)


def shown(view: dict[str, Any]) -> set[str]:
    """The cards of a view the board draws: all but the options' script (none here)."""
    return cards_in({key: value for key, value in view.items() if key != "options"})


def shows(card: str, html: str, text: str) -> bool:
    """Whether a page shows a card: its id anywhere in the HTML (text or attribute), or its
    face in the text (not a joker's, which the other joker shares)."""
    return card in html or ("JK" not in card and card_text(card) in text)


def test_the_page_is_served_at_replay_and_kept_out_of_the_api_document(played: Played) -> None:
    # the API's document is built on its first request: seconds on a busy machine
    with httpx.Client(base_url=played.base, timeout=60, verify=TLS) as client:
        page = client.get("/replay/")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert '<script type="module" src="/replay/app.js">' in page.text
        script = client.get("/replay/app.js")
        assert script.status_code == 200 and "javascript" in script.headers["content-type"]
        assert client.get("/replay/systems/frontera.js").status_code == 200
        document = client.get("/schema/openapi.json").json()
    assert not [path for path in document["paths"] if path.startswith("/replay")]
    committed = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    assert not [path for path in committed["paths"] if path.startswith("/replay")]


def test_the_mayor_scrubs_to_versions_and_sees_the_cards_and_tracks_the_api_gives(
    page: Page, played: Played
) -> None:
    sign_in(page, played, "mayor")
    moments = played.moments
    for name in ("trait_drawn", "drunk", "paid", "opposed_drawn", "opposed_resolved", "combat"):
        version = moments[name]
        scrub(page, version)
        view = played.get("mayor", version=version)
        assert board_cards(page) == shown(view), name
        for zone in view["zones"]:
            if zone["count"] or not zone["zone"].startswith("hand:"):
                counted = page.locator(f'[data-zone="{zone["zone"]}"] .count')
                expect(counted).to_have_attribute("data-count", str(zone["count"]))
        for character in view["characters"]:
            row = page.locator(f'#board tr[data-character="{character["id"]}"]')
            for track in ("health", "morale", "sobriety", "money"):
                value = character[track]
                expected = "?" if value is None else str(value)
                expect(row.locator(f'[data-track="{track}"]')).to_have_text(expected)
    # the tracks did move in this session, and the page followed them
    scrub(page, moments["drunk"] - 1)
    expect(page.locator('tr[data-character="c1"] [data-track="sobriety"]')).to_have_text("sober")
    scrub(page, moments["drunk"])
    changed = page.locator('tr[data-character="c1"]')
    expect(changed).not_to_have_text("sober")
    expect(changed).to_have_class("changed")  # highlighted: it changed at this version
    expect(page.locator('tr[data-character="c2"]')).not_to_have_class("changed")
    scrub(page, moments["paid"])
    expect(page.locator('tr[data-character="c2"] [data-track="money"]')).to_have_text("45")

    # the audit switch: clearly marked, and the board is the audit view at each version
    page.get_by_label("Audit (Mayor): every card anyone has seen").check()
    expect(page.locator("#audit-banner")).to_be_visible()
    expect(page.locator("body")).to_have_class("audit")
    for name in ("opposed_resolved", "combat"):
        scrub(page, moments[name])
        audited = played.get("mayor", version=moments[name], audit="true")
        expect(page.locator("#board-content")).to_be_visible()
        assert board_cards(page) == shown(audited), name


def test_a_player_never_sees_a_card_hidden_from_her_at_any_version(
    page: Page, played: Played
) -> None:
    # the Mayor used this tab first, in audit mode, then signed out: nothing of it may remain
    sign_in(page, played, "mayor")
    page.get_by_label("Audit (Mayor): every card anyone has seen").check()
    expect(page.locator("#audit-banner")).to_be_visible()
    judit_log = played.log("Judit")
    public_deck = next(e for e in judit_log if e["type"] == "TableStarted")["data"]["zones"]

    # what Judit may know: her log (but for the public list of the new deck's cards, which
    # names every card and says where none is) and her view at every version
    last = played.moments["last"]
    views = {version: played.get("Judit", version=version) for version in range(1, last + 1)}
    known = cards_in([e for e in judit_log if e["type"] != "TableStarted"]) | cards_in(
        list(views.values())
    )
    hidden = set(played.drawn["David"]) - known
    assert hidden, "David holds cards Judit never saw: the session tests something"
    # the same page does show them to the Mayor's audit (David saw them all as he drew them):
    # this check would catch a leak
    for card in hidden:
        expect(page.locator("#events")).to_contain_text(card_text(card))
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("#signin")).to_be_visible()

    fetched: list[Response] = []
    page.on("response", lambda response: fetched.append(response))
    sign_in(page, played, "Judit")
    expect(page.locator("#who")).to_contain_text("Signed in as Judit")
    assert "credential" not in page.url  # taken out of the address once kept
    expect(page.locator("#audit-control")).to_be_hidden()  # audit is the Mayor's
    expect(page.locator("#audit-banner")).to_be_hidden()
    for version in range(1, last + 1):
        scrub(page, version)
        assert board_cards(page) == shown(views[version]), version
        html, text = page.content(), page.locator("body").inner_text()
        leaked = {card for card in hidden if shows(card, html, text)}
        assert not leaked, f"version {version} shows {leaked}"
    for number in (1, 2, 3):
        page.locator("#test-number").fill(str(number))
        page.get_by_role("button", name="Open test", exact=True).click()
        expect(page.locator("#test-record")).to_have_attribute("data-test", str(number))
        html, text = page.content(), page.locator("body").inner_text()
        assert not {card for card in hidden if shows(card, html, text)}
    # the credential travels in a header only, never in an address the server could log
    assert not [r.url for r in fetched if played.credentials["Judit"] in r.url]
    assert all(r.request.headers.get("authorization") for r in fetched if "/tables/" in r.url)
    bodies = []
    for response in fetched:
        if "/tables/" not in response.url:
            continue
        assert "audit" not in response.url
        body = response.json()
        for event in body.get("events", []) if isinstance(body, dict) else []:
            if event["type"] == "TableStarted":
                assert event["data"]["zones"] == public_deck
                event["data"]["zones"] = None
        bodies.append(json.dumps(body))
    assert len(bodies) > last  # a view per version, the log, the tests
    assert not {card for card in hidden for body in bodies if card in body}


def test_a_permalink_opens_at_its_version_in_a_new_tab(page: Page, played: Played) -> None:
    sign_in(page, played, "mayor")
    version = played.moments["opposed_drawn"]
    scrub(page, version)
    link = page.locator("#permalink").get_attribute("href")
    assert link == f"#table={played.table_id}&v={version}"  # no credential in it
    other = page.context.new_page()  # a new tab: its own session storage, so sign in again
    other.goto(f"{played.base}/replay/{link}")
    expect(other.locator("#table-input")).to_have_value(played.table_id)
    other.locator("#credential-input").fill(played.credentials["Judit"])
    other.get_by_role("button", name="Sign in").click()
    expect(other.locator("#board")).to_have_attribute("data-version", str(version))
    assert board_cards(other) == shown(played.get("Judit", version=version))
    # and a permalink followed inside a signed-in tab moves its board there
    other.evaluate("link => { location.hash = link; }", f"#table={played.table_id}&v=3")
    expect(other.locator("#board")).to_have_attribute("data-version", "3")


def test_the_board_mid_session_and_a_test_record_are_saved_as_screenshots(
    page: Page, played: Played
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1400, "height": 1000})
    sign_in(page, played, "Judit", version=played.moments["opposed_drawn"])
    expect(page.locator('[data-zone="hand:c2"] [data-card]')).to_have_count(5)
    page.screenshot(path=ARTIFACTS / "board-mid-session.png", full_page=True)
    page.get_by_role("button", name="Open test 2").first.click()
    record = page.locator("#test-record")
    expect(record).to_have_attribute("data-test", "2")
    test = played.get("Judit", "/tests/2")
    for who in ("c1", "c2"):
        side = record.locator(f'.side[data-character="{who}"]')
        expect(side.locator(".outcome")).to_contain_text(test["outcomes"][who])
        revealed = side.locator(".reveal [data-card]").evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )
        assert revealed == test["revealed"][who]
    # Judit's own draw, face up on her side; David's, face down on his
    expect(record.locator('.side[data-character="c2"] li [data-card]')).not_to_have_count(0)
    expect(record.locator('.side[data-character="c1"] li .back')).not_to_have_count(0)
    record.screenshot(path=ARTIFACTS / "test-record.png")
    assert (ARTIFACTS / "board-mid-session.png").stat().st_size > 10_000
    assert (ARTIFACTS / "test-record.png").stat().st_size > 5_000


#: what every answer of the origin carries (service/browser_policy.py)
BROWSER_HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}
#: the directives a page's Content-Security-Policy must hold, each as written
STRICT = {
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
}


def test_every_page_and_answer_of_the_origin_carries_a_strict_policy(played: Played) -> None:
    # the API's document is built on its first request: seconds on a busy machine
    with httpx.Client(base_url=played.base, timeout=60, verify=TLS) as client:
        answers = [
            client.get("/replay/"),
            client.get("/replay/app.js"),
            client.get("/replay/replay.css"),
            client.head("/replay/"),
            client.get(f"/tables/{played.table_id}", headers=played.headers("mayor")),
            client.get("/tables/not-a-table"),
            client.get("/schema/openapi.json"),
            client.get("/health"),
        ]
        # the API's document is data, never a page loading a viewer's script from a CDN
        for viewer in ("/schema", "/schema/redoc", "/schema/swagger", "/schema/elements"):
            answer = client.get(viewer)
            assert "<script" not in answer.text, viewer
            answers.append(answer)
    for answer in answers:
        assert {name: answer.headers.get(name) for name in BROWSER_HEADERS} == BROWSER_HEADERS
        policy = {part.strip() for part in answer.headers["content-security-policy"].split(";")}
        assert policy >= STRICT, answer.url
        assert not [part for part in policy if "unsafe" in part or "*" in part or "http" in part]


#: collects every Content-Security-Policy violation the page reports, from its first script on
COLLECT_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.violations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
"""


def test_the_page_works_under_its_policy_without_a_single_violation(
    page: Page, played: Played
) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(COLLECT_VIOLATIONS)
    sign_in(page, played, "mayor")
    for version in range(1, played.moments["last"] + 1):
        scrub(page, version)
    page.locator("#test-number").fill("2")
    page.get_by_role("button", name="Open test", exact=True).click()
    expect(page.locator("#test-record")).to_have_attribute("data-test", "2")
    page.get_by_label("Audit (Mayor): every card anyone has seen").check()
    expect(page.locator("#audit-banner")).to_be_visible()
    # the board compared with another version, a seat's perspective, the transcript
    page.get_by_label("Compare the board with version").fill("3")
    page.get_by_role("button", name="Compare", exact=True).click()
    expect(page.locator("#differences")).to_be_visible()
    with page.expect_download():
        page.get_by_role("button", name="Download the transcript").click()
    page.get_by_label("See as").select_option(label="Judit's seat")
    expect(page.locator("#board")).to_have_attribute("data-perspective", "p2")
    page.get_by_label("See as").select_option(label="the game master")
    expect(page.locator("#board")).to_have_attribute("data-perspective", "")
    page.get_by_label("Live: follow the table").check()
    page.get_by_role("tab", name="Summary").click()
    swatches = page.locator("#panel-summary .chart-legend .swatch")
    expect(swatches.first).to_be_visible()
    # the legend's colours are set through the CSSOM, which the policy allows
    colours = swatches.evaluate_all("s => s.map(e => getComputedStyle(e).backgroundColor)")
    assert "rgba(0, 0, 0, 0)" not in colours
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("#signin")).to_be_visible()
    assert page.evaluate("window.violations") == []
    assert not [error for error in errors if "Content Security Policy" in error]
    assert not [error for error in errors if "Trusted Type" in error]

    # and the collector does see what the policy refuses: an inline style and an HTML sink
    page.evaluate("document.body.setAttribute('style', 'color: red')")
    refused = page.evaluate(
        "() => { try { document.body.innerHTML = '<b>x</b>'; } catch (e) { return String(e); } }"
    )
    assert "TrustedHTML" in refused
    expect(page.locator("#signin")).to_be_visible()
    assert len(page.evaluate("window.violations")) == 2


def test_a_seat_taken_over_is_marked_on_every_seats_timeline(page: Page) -> None:
    """A late player (Kid) is seated and claims the seat; the Mayor re-invites it and redeems
    the invitation himself: the claim is a public takeover, and the timeline marks it for
    whoever reads it (here Judit)."""
    with replay_server() as base:
        played = play_frontera(base)
        with httpx.Client(base_url=base, verify=TLS) as client:
            seat, _ = seat_player(client, played.table_id, played.headers("mayor"), "Kid")
            path = f"/tables/{played.table_id}/seats/{seat}"
            invited = client.post(f"{path}/invitation", headers=played.headers("mayor"))
            assert invited.status_code == 201, invited.text
            claimed = client.post(
                f"{path}/claim", json={"invitation": invited.json()["invitation"]}
            )
            assert claimed.status_code == 201, claimed.text
        taken = claimed.json()["version"]
        played.moments["last"] = taken
        sign_in(page, played, "Judit")
        marked = page.locator("#events li.takeover")
        expect(marked).to_have_count(1)
        expect(marked).to_have_attribute("data-version", str(taken))
        expect(marked).to_contain_text("Seat taken over")
        expect(marked).to_contain_text("Kid is taken over")
