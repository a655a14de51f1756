"""The replay page on a long table (issue 24): dragging the slider across 3,000 versions,
finding a moment with the log's server-side filters, and keeping the board, the timeline and
the test record in view together, with the browser's history and a permalink."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, Request, expect

from tests.replay_helpers import Played, lengthen, play_frontera, replay_server, sign_in

#: how many cheap commands make the long table (one event each)
LONG = 3000
#: a view read of the board: `GET /tables/{id}?version=…`
VIEW_READ = re.compile(r"/tables/[0-9a-f-]+\?(?:.*&)?version=\d+")

#: the board's versions as drawn, and the moment the pointer was released, by the page's clock
RECORD_BOARD = """
() => {
  window.drawn = [];
  window.released = null;
  new MutationObserver(() => window.drawn.push(
    [Number(document.getElementById("board").dataset.version), performance.now()]))
    .observe(document.getElementById("board"),
      { attributes: true, attributeFilter: ["data-version"] });
  window.addEventListener("pointerup", () => { window.released = performance.now(); }, true);
}
"""


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with replay_server() as url:
        yield url


@pytest.fixture(scope="module")
def long_table(base: str) -> Played:
    played = play_frontera(base)
    lengthen(played, LONG)
    assert played.moments["last"] > LONG
    return played


@pytest.fixture(scope="module")
def played(base: str) -> Played:
    return play_frontera(base)


def commit(page: Page, version: int) -> None:
    """Move the slider to a version as a released drag or a key does (input, then change)."""
    page.locator("#version").evaluate(
        "(slider, version) => { slider.value = version;"
        " slider.dispatchEvent(new Event('input')); slider.dispatchEvent(new Event('change')); }",
        version,
    )
    expect(page.locator("#board")).to_have_attribute("data-version", str(version))


def listed(page: Page) -> list[int]:
    versions: list[str] = page.locator("#events li[data-version]").evaluate_all(
        "items => items.map(item => item.dataset.version)"
    )
    return [int(version) for version in versions]


def test_a_drag_across_thousands_of_versions_cancels_what_it_passes_and_lands_at_once(
    page: Page, long_table: Played
) -> None:
    played = long_table
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page, played, "mayor")
    reads: list[str] = []
    aborted: list[str] = []

    def failed(request: Request) -> None:
        if VIEW_READ.search(request.url) and "ABORTED" in (request.failure or ""):
            aborted.append(request.url)

    page.on("request", lambda r: reads.append(r.url) if VIEW_READ.search(r.url) else None)
    page.on("requestfailed", failed)
    page.evaluate(RECORD_BOARD)
    slider = page.locator("#version")
    box = slider.bounding_box()
    assert box
    y = box["y"] + box["height"] / 2
    right, left = box["x"] + box["width"] - 4, box["x"] + box["width"] * 0.3
    page.mouse.move(right, y)
    page.mouse.down()
    moves = 80
    for step in range(1, moves + 1):
        page.mouse.move(right - (right - left) * step / moves, y)
        # now and then the hand rests long enough for a read to start, then moves on
        page.wait_for_timeout(90 if step % 10 == 0 else 8)
    page.mouse.up()
    final = int(slider.input_value())
    assert final < played.moments["last"] * 0.5, "the drag crossed thousands of versions"
    expect(page.locator("#board")).to_have_attribute("data-version", str(final))
    # since the board last turned to the final version (perhaps before the release)
    waited = page.evaluate(
        "final => { const drawn = window.drawn; let i = drawn.length - 1;"
        " while (i > 0 && drawn[i - 1][0] === final) i -= 1;"
        " return drawn[i][0] === final ? Math.max(0, drawn[i][1] - window.released) : Infinity; }",
        final,
    )
    assert waited <= 300, f"the board caught up {waited:.0f} ms after release"
    # reads for the versions the slider rested at, not one (and its predecessor) for each
    # version it passed; and the superseded ones cancelled
    passed = played.moments["last"] - final
    assert len(reads) <= moves, f"{len(reads)} reads for {moves} moves across {passed} versions"
    assert aborted, f"no superseded read was cancelled among {len(reads)}"
    assert page.locator("#board-content").inner_text()
    words = page.locator("#version-text").inner_text()
    assert words == f"version {final} of {played.moments['last']}"


def test_the_log_is_searched_and_filtered_by_the_server_and_the_user_keeps_her_place(
    page: Page, long_table: Played
) -> None:
    played = long_table
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/events" in r.url else None)
    sign_in(page, played, "mayor")
    last = played.moments["last"]

    # every event type of the system is offered, not only the newest page's (all money)
    for kind in ("TableClosed", "DeckShown", "TestResolved", "CardsDrawn"):
        expect(page.locator(f'#type-filter option[value="{kind}"]')).to_have_count(1)

    # a search for words said 3,000 events ago: the server searches, a bounded span a read
    asked.clear()
    page.get_by_label("Search the log").fill("black BART")
    found = [e["version"] for e in played.log("mayor", text="black BART")]
    assert found == [played.moments["paid"]]
    expect(page.locator("#events li[data-version]")).to_have_count(len(found))
    assert listed(page) == found[::-1]
    searches = [url for url in asked if "text=black+BART" in url]
    assert 0 < len(searches) <= 5, searches  # 1,000 versions a read, whatever the log's length

    # by character: what Policarpo did and what happened to him, as the API answers
    page.get_by_label("Search the log").fill("")
    page.get_by_label("Search the log").press("Enter")
    page.get_by_label("Character").select_option(label="Policarpo")
    his = [e["version"] for e in played.log("mayor", character="c1")]
    assert his and max(his) < 100
    expect(page.locator("#events li[data-version]")).to_have_count(len(his))
    assert listed(page) == his[::-1]
    page.get_by_label("Character").select_option(label="every character")

    # the type filter keeps the user's place: the span around the board's version
    middle = last // 2
    commit(page, middle)
    expect(page.locator(f'#events li.current[data-version="{middle}"]')).to_be_in_viewport()
    page.get_by_label("Event type").select_option("MoneyChanged")
    current = page.locator(f'#events li.current[data-version="{middle}"]')
    expect(current).to_have_attribute("data-type", "MoneyChanged")
    expect(current).to_be_in_viewport()
    shown = listed(page)
    assert max(shown) < last - 100 and min(shown) > 0
    expect(page.locator("#board")).to_have_attribute("data-version", str(middle))
    # and newer events are a click away
    later = page.get_by_role("button", name="Load later events")
    expect(later).to_be_visible()
    later.click()
    expect(page.locator("#events li[data-version]")).not_to_have_count(len(shown))
    assert max(listed(page)) > max(shown)


def in_view(page: Page, selector: str) -> bool:
    """Whether an element's box lies within the window (at least its top 40 px)."""
    return bool(
        page.locator(selector).evaluate(
            "e => { const r = e.getBoundingClientRect();"
            " return r.top >= 0 && r.top + Math.min(40, r.height) <= innerHeight"
            " && r.left >= 0 && r.left < innerWidth; }"
        )
    )


def test_the_board_the_timeline_and_the_record_stay_in_view_and_back_steps_versions(
    page: Page, played: Played
) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    sign_in(page, played, "mayor")
    last = played.moments["last"]
    page.get_by_role("button", name="Open test 2").first.click()
    record = page.locator("#test-record")
    expect(record).to_have_attribute("data-test", "2")
    steps = record.locator(".test-events .version-button")
    first, second = steps.nth(0), steps.nth(2)
    v1 = int((first.inner_text()).lstrip("v"))
    v2 = int((second.inner_text()).lstrip("v"))
    first.click()
    expect(page.locator("#board")).to_have_attribute("data-version", str(v1))
    second.click()
    expect(page.locator("#board")).to_have_attribute("data-version", str(v2))
    # the board the click changed, the record clicked and the timeline's line, all in view
    assert in_view(page, "#board-heading"), "the board is out of view"
    expect(second).to_be_in_viewport()
    expect(page.locator(f'#events li.current[data-version="{v2}"]')).to_be_in_viewport()

    # the permalink: the version, the test and the audit switch; never the credential
    page.get_by_label("Audit (Mayor): every card anyone has seen").check()
    link = page.locator("#permalink").get_attribute("href")
    assert link == f"#table={played.table_id}&v={v2}&test=2&audit=1"
    assert played.credentials["mayor"] not in page.url

    # Back steps back through the versions visited
    page.evaluate("history.back()")
    expect(page.locator("#board")).to_have_attribute("data-version", str(v1))
    page.evaluate("history.back()")
    expect(page.locator("#board")).to_have_attribute("data-version", str(last))
    page.evaluate("history.forward()")
    expect(page.locator("#board")).to_have_attribute("data-version", str(v1))

    # a fresh tab with the link: after sign-in, where the link leads
    other = page.context.new_page()
    other.set_viewport_size({"width": 1280, "height": 720})
    other.goto(f"{played.base}/replay/{link}")
    expect(other.locator("#table-input")).to_have_value(played.table_id)
    other.locator("#credential-input").fill(played.credentials["mayor"])
    other.get_by_role("button", name="Sign in").click()
    expect(other.locator("#board")).to_have_attribute("data-version", str(v2))
    expect(other.locator("#test-record")).to_have_attribute("data-test", "2")
    expect(other.locator("#test-record")).to_be_visible()
    expect(other.locator("#audit")).to_be_checked()
    expect(other.locator("#audit-banner")).to_be_visible()
    expect(other.locator(f'#events li.current[data-version="{v2}"]')).to_be_in_viewport()
