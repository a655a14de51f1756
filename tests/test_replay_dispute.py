"""Why, not only what (issue 24, item 5), in headless Chromium against a live server: a test's
record gives each draw's count term by term (trait + skill + modifiers + penalties, as the
draw event records them) and each of its events its game time and wall-clock time; any two
versions of the board are compared; and switching audit on re-reads the open record and the
timeline's loaded pages, instead of leaving them as the other reading showed them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.live_server import TLS
from tests.replay_helpers import (
    Played,
    game_time,
    lengthen,
    play_frontera,
    replay_server,
    scrub,
    sign_in,
)

AUDIT = "Audit (Mayor): every card anyone has seen"
MINUS = "\u2212"  # the page writes a negative term with a minus sign
THEN = "\u203a"  # and a difference's path with a right angle quote between its parts


@pytest.fixture(scope="module")
def played() -> Iterator[Played]:
    """The README's session; then two hours pass, and Clementine tests her Senses with a good
    horse (+1); then 150 more events, more than a page of the timeline."""
    with replay_server() as base:
        played = play_frontera(base)
        with httpx.Client(base_url=base, verify=TLS) as client:

            def post(who: str, path: str, body: Any) -> Any:
                response = client.post(
                    f"/tables/{played.table_id}{path}", json=body, headers=played.headers(who)
                )
                assert response.status_code in (200, 201), response.text
                return response.json()

            post("mayor", "/time", {"amount": 2, "unit": "hours", "reason": "a night ride"})
            post("mayor", "/tests/trait", {
                "character": "c2", "trait": "senses", "skill": "perception", "difficulty": 6,
                "modifiers": [
                    {"amount": 1, "reason": "a good horse"},
                    {"amount": -2, "reason": "the dust storm"},
                ],
            })  # fmt: skip
            drawn = post("Judit", "/tests/draw", {"character": "c2"})
            chosen = next(card for card in drawn["cards"] if "JK" not in card)
            post("Judit", "/tests/choose", {"character": "c2", "cards": [chosen]})
        lengthen(played, 150)
        yield played


def draw_of(record: dict[str, Any], character: str) -> dict[str, Any]:
    (draw,) = [
        e
        for e in record["events"]
        if e["type"] == "CardsDrawn" and e["data"]["character"] == character
    ]
    return draw


def open_test(page: Page, number: int) -> None:
    page.locator("#test-number").fill(str(number))
    page.locator("#test-number").press("Enter")
    expect(page.locator("#test-record")).to_have_attribute("data-test", str(number))


def test_a_record_gives_each_draws_count_term_by_term_and_each_event_its_times(
    page: Page, played: Played
) -> None:
    sign_in(page, played, "mayor")
    open_test(page, 4)
    record = played.get("mayor", "/tests/4")
    count = draw_of(record, "c2")["data"]["count"]
    # the terms the draw event records, not numbers of the page's own; the README's combat
    # wounds her when David's random card hits (then a health term, as the event records it)
    health = count["health"]
    assert (count["trait"], count["skill"], count["total"]) == (4, 2, 5 + health)
    assert [m["amount"] for m in count["modifiers"]] == [1, -2]
    wound = f" {MINUS} {-health} (health)" if health else ""
    side = page.locator('#test-record .side[data-character="c2"]')
    expect(side.locator(".breakdown")).to_have_text(
        f"Draws senses 4 + skill 2 + 1 (a good horse) {MINUS} 2 (the dust storm){wound} = "
        f"{5 + health}"
    )
    # each event of the test: its wall-clock time as the API gives it, and its game time, as
    # the board at its version gives it (two hours passed before the test)
    for event in record["events"]:
        line = page.locator(f'#test-record .test-events li[data-version="{event["version"]}"]')
        expect(line.locator("time")).to_have_attribute("datetime", event["at"])
        elapsed = played.get("mayor", version=event["version"])["elapsed_seconds"]
        assert elapsed >= 2 * 3600
        expect(line).to_contain_text(f"{game_time(elapsed)} of game time")
    # test 2, after two drinks: Policarpo's penalties, if any, are terms of his count too
    open_test(page, 2)
    count = draw_of(played.get("mayor", "/tests/2"), "c1")["data"]["count"]
    terms = {name: count[name] for name in ("health", "morale", "sobriety", "tipsy") if count[name]}
    shown = page.locator('#test-record .side[data-character="c1"] .breakdown')
    expect(shown).to_contain_text(f"muscle {count['trait']} + skill {count['skill']}")
    for name, amount in terms.items():
        expect(shown).to_contain_text(f"{'+' if amount > 0 else MINUS} {abs(amount)} ({name})")
    expect(shown).to_contain_text(f"= {count['total']}")
    expect(page.locator("#test-record .test-events time").first).to_be_visible()


def test_any_two_versions_are_compared_on_the_board_and_field_by_field(
    page: Page, played: Played
) -> None:
    sign_in(page, played, "mayor")
    started, paid = played.moments["started"], played.moments["paid"]
    scrub(page, paid)
    # against the version before: only Clementine's money changed
    expect(page.locator('tr[data-character="c2"]')).to_have_class("changed")
    expect(page.locator('tr[data-character="c1"]')).not_to_have_class("changed")
    expect(page.locator("#differences")).to_be_hidden()
    # against the first test's opening: Policarpo's drinks too
    page.get_by_label("Compare the board with version").fill(str(started))
    page.get_by_role("button", name="Compare", exact=True).click()
    differences = page.locator("#differences")
    expect(differences).to_have_attribute("data-from", str(started))
    expect(differences).to_have_attribute("data-to", str(paid))
    expect(page.locator("#changed-since")).to_have_text(f"version {started}")
    expect(page.locator('tr[data-character="c1"]')).to_have_class("changed")
    before = played.get("mayor", version=started)
    after = played.get("mayor", version=paid)
    for character in ("c1", "c2"):
        was = next(c for c in before["characters"] if c["id"] == character)
        now = next(c for c in after["characters"] if c["id"] == character)
        for field in ("sobriety", "money"):
            line = differences.locator(f'li[data-path="characters/{character}/{field}"]')
            if was[field] == now[field]:
                expect(line).to_have_count(0)
            else:
                expect(line.locator(".before")).to_have_text(str(was[field]))
                expect(line.locator(".after")).to_have_text(str(now[field]))
    expect(differences.locator('li[data-path="characters/c2/money"]')).to_contain_text(
        f"Clementine {THEN} money"
    )
    # the comparison follows the board to another version
    scrub(page, played.moments["opposed_drawn"])
    expect(differences).to_have_attribute("data-to", str(played.moments["opposed_drawn"]))
    page.get_by_role("button", name="Compare with the previous version").click()
    expect(differences).to_be_hidden()
    expect(page.locator("#changed-since")).to_have_text("the previous version")


def test_ticking_audit_rereads_the_open_record_and_keeps_the_loaded_pages(
    page: Page, played: Played
) -> None:
    sign_in(page, played, "mayor")
    page.get_by_role("button", name="Load earlier events").click()
    listed = page.locator("#events li[data-version]")
    expect(listed).to_have_count(200)
    versions = listed.evaluate_all("items => items.map(item => item.dataset.version)")
    open_test(page, 2)
    record = page.locator("#test-record")
    david = record.locator('.side[data-character="c1"]')
    expect(david.locator("li .back").first).to_be_visible()  # the Mayor's own seat: backs
    expect(david.locator("li [data-card]")).to_have_count(0)
    page.get_by_label(AUDIT).check()
    expect(record).to_have_attribute("data-audit", "true")
    audited = played.get("mayor", "/tests/2", audit="true")
    cards = [card for e in audited["events"] if e["type"] in ("CardsDrawn", "CardsChosen")
             and e["data"]["character"] == "c1" for card in e["data"]["cards"]]  # fmt: skip
    assert cards and None not in cards
    shown = david.locator("li [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert shown == cards
    # the same pages of the timeline, read again in audit
    expect(listed).to_have_count(200)
    assert listed.evaluate_all("items => items.map(item => item.dataset.version)") == versions
    drawn = next(e for e in audited["events"] if e["type"] == "CardsDrawn")
    line = page.locator(f'#events li[data-version="{drawn["version"]}"]')
    if drawn["version"] in [int(v) for v in versions]:
        expect(line.locator("[data-card]")).not_to_have_count(0)
    # and off again: backs once more
    page.get_by_label(AUDIT).uncheck()
    expect(record).to_have_attribute("data-audit", "false")
    expect(david.locator("li [data-card]")).to_have_count(0)
