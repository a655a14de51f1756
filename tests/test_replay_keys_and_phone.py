"""The replay page on a phone and by keyboard (issue 24, item 7): at 390 px wide nothing
scrolls sideways on any tab, and the keys (versions, tests, a list of them) work anywhere."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.replay_helpers import Played, play_frontera, replay_server, sign_in


@pytest.fixture(scope="module")
def played() -> Iterator[Played]:
    with replay_server() as base:
        played = play_frontera(base, close=False)
        yield played


def fits(page: Page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"


def no_serious_issue(page: Page) -> None:
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, results.generate_report()


def test_on_a_phone_no_tab_scrolls_sideways(page: Page, played: Played) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, played, "mayor")
    fits(page)
    page.get_by_role("button", name="Open test 2").first.click()
    expect(page.locator("#test-record")).to_have_attribute("data-test", "2")
    fits(page)
    page.get_by_role("button", name="Keyboard shortcuts").click()
    expect(page.locator("#shortcuts")).to_be_visible()
    fits(page)
    no_serious_issue(page)
    # two versions compared, read as a seat: the list of differences and the banner fit too
    page.get_by_label("Compare the board with version").fill("1")
    page.get_by_role("button", name="Compare", exact=True).click()
    expect(page.locator("#differences li").first).to_be_visible()
    page.get_by_label("See as").select_option(label="David's seat")
    expect(page.locator("#board")).to_have_attribute("data-perspective", "p1")
    expect(page.locator("#perspective-banner")).to_be_visible()
    fits(page)
    no_serious_issue(page)
    page.get_by_label("See as").select_option(label="the game master")
    page.get_by_role("tab", name="Summary").click()
    expect(page.locator("#panel-summary")).to_have_attribute(
        "data-version", str(played.moments["last"])
    )
    fits(page)
    no_serious_issue(page)


def test_the_keys_move_through_versions_and_tests_anywhere_and_say_what_they_do(
    page: Page, played: Played
) -> None:
    sign_in(page, played, "mayor")
    last = played.moments["last"]
    board = page.locator("#board")
    openings = [e["version"] for e in played.log("mayor", type="TestOpened")]
    assert len(openings) == 3
    page.locator("#board-heading").focus()  # not a field: the keys are the page's
    page.keyboard.press("Home")
    expect(board).to_have_attribute("data-version", "1")
    page.keyboard.press("End")
    expect(board).to_have_attribute("data-version", str(last))
    page.keyboard.press("Home")
    expect(board).to_have_attribute("data-version", "1")
    # next test: its opening on the board and its record beside it
    for number, opened in enumerate(openings, start=1):
        page.keyboard.press("n")
        expect(board).to_have_attribute("data-version", str(opened))
        expect(page.locator("#test-record")).to_have_attribute("data-test", str(number))
    page.keyboard.press("n")
    expect(page.locator("#status")).to_contain_text("No test opens after")
    page.keyboard.press("p")
    expect(board).to_have_attribute("data-version", str(openings[1]))
    expect(page.locator("#test-record")).to_have_attribute("data-test", "2")
    page.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("data-version", str(openings[1] + 1))
    # the list of the keys, shown and hidden by key
    shortcuts = page.locator("#shortcuts")
    expect(shortcuts).to_be_hidden()
    page.keyboard.press("?")
    expect(shortcuts).to_be_visible()
    for key in ("Home", "End", "n", "p", "?"):
        expect(shortcuts.locator("kbd", has_text=key).first).to_be_visible()
    page.keyboard.press("Escape")
    expect(shortcuts).to_be_hidden()
    # in the search box, the keys are the box's
    page.get_by_label("Search the log").fill("")
    page.get_by_label("Search the log").press("Home")
    expect(board).to_have_attribute("data-version", str(openings[1] + 1))
