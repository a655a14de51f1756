"""The replay page on a long table (issue 24): dragging the slider across 3,000 versions,
finding a moment with the log's server-side filters, and keeping the board, the timeline and
the test record in view together, with the browser's history and a permalink."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from tests.replay_helpers import (
    Played,
    board_cards,
    cards_in,
    lengthen,
    play_frontera,
    replay_server,
    sign_in,
)

#: how many cheap commands make the long table (one event each)
LONG = 3000
#: a view read of the board: `GET /tables/{id}?version=…`
VIEW_READ = re.compile(r"/tables/[0-9a-f-]+\?(?:.*&)?version=\d+")

#: each read of a view answers 100 ms after the server did, as on a slow link (a quiet local
#: server answers within the drag's pause, and nothing would be left to cancel); a read the
#: page cancels meanwhile is counted in `window.cancelledReads`
SLOW_READS = r"""
() => {
  const answer = window.fetch;
  window.cancelledReads = 0;
  window.fetch = (url, init) => {
    if (!/\/tables\/[0-9a-f-]+\?(?:.*&)?version=\d+/.test(String(url))) return answer(url, init);
    return new Promise((resolve, reject) => {
      let timer = null;
      let settled = false;
      init?.signal?.addEventListener("abort", () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        window.cancelledReads += 1;
        reject(new DOMException("superseded", "AbortError"));
      });
      answer(url, init).then(
        (response) => {
          timer = setTimeout(() => { settled = true; resolve(response); }, 100);
        },
        (error) => { settled = true; reject(error); },
      );
    });
  };
}
"""

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


#: the long table (`long_table`: 3,000 events) built once: the module's tests run on one
#: worker (`make test` runs `--dist loadgroup`), not once on each
pytestmark = pytest.mark.xdist_group("test_replay_long_table")


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
    page.evaluate(SLOW_READS)
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
    cancelled = page.evaluate("window.cancelledReads")
    assert aborted or cancelled, f"no superseded read was cancelled among {len(reads)}"
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


def within_audit(view: dict[str, Any]) -> dict[str, Any]:
    """A seat's view less what audit never lists while the table is open: the contents of its
    face-down zones (as tests/test_seat_perspective.py says); the rest as the seat read it."""
    listed = ("hand:", "dead_mans_hand")
    zones = [
        zone if zone["zone"].startswith(listed) else {**zone, "cards": None}
        for zone in view["zones"]
    ]
    return {**view, "zones": zones}


def shown(view: dict[str, Any]) -> set[str]:
    """The cards of a view the board draws: all but the options' script (none here)."""
    return cards_in({key: value for key, value in view.items() if key != "options"})


def test_the_dispute_is_settled_in_four_actions_from_sign_in(
    page: Page, long_table: Played
) -> None:
    """Issue 24's acceptance: "that's not what I drew", says Judit of test 2, 3,000 events
    ago. From sign-in the Mayor reaches the test's record, sees her drawn cards on the board
    at the draw's version in audit, and that version as her seat saw it, in at most 4
    actions; what her seat saw is her own API view of that version."""
    played = long_table
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page, played, "mayor")
    actions: list[str] = []

    def act(what: str, action: Callable[[], None]) -> None:
        actions.append(what)
        action()

    record = played.get("mayor", "/tests/2", audit="true")
    (draw,) = [
        e for e in record["events"] if e["type"] == "CardsDrawn" and e["data"]["seat"] == "p2"
    ]
    at, cards = draw["version"], draw["data"]["cards"]
    assert played.moments["last"] - at > LONG, "the draw is thousands of events ago"
    board = page.locator("#board")

    act("type the test's number", lambda: page.locator("#test-number").fill("2"))
    act("press Enter", lambda: page.locator("#test-number").press("Enter"))
    expect(page.locator("#test-record")).to_have_attribute("data-test", "2")
    judit = page.locator('#test-record .side[data-character="c2"]')

    act(
        "the draw's board in audit",
        judit.get_by_role("button", name=f"Board at v{at} in audit").click,
    )
    expect(board).to_have_attribute("data-version", str(at))
    expect(board).to_have_attribute("data-audit", "true")
    expect(page.locator("#audit-banner")).to_be_visible()
    audited = played.get("mayor", version=at, audit="true")
    assert set(cards) <= board_cards(page) == shown(audited)
    hand = page.locator('#board [data-zone="hand:c2"] [data-card]')
    assert sorted(hand.evaluate_all("cs => cs.map(c => c.dataset.card)")) == sorted(cards)
    # the record beside it, re-read in audit
    expect(page.locator("#test-record")).to_have_attribute("data-audit", "true")

    act("as Judit saw it", judit.get_by_role("button", name="as Judit saw it").click)
    expect(board).to_have_attribute("data-perspective", "p2")
    expect(board).to_have_attribute("data-version", str(at))
    expect(page.locator("#perspective-banner")).to_contain_text("SEEN AS Judit")
    as_judit = played.get("mayor", version=at, perspective="p2")
    own = played.get("Judit", version=at)
    mine = ("you", "role")  # who reads: the Mayor, reading as her seat
    assert {k: v for k, v in as_judit.items() if k not in mine} == {
        k: v for k, v in within_audit(own).items() if k not in mine
    }
    assert board_cards(page) == shown(own)
    assert set(cards) <= board_cards(page)
    assert len(actions) <= 4, actions
    # the record beside it, re-read as her seat read it: the cards she saw, no more
    expect(page.locator("#test-record")).to_have_attribute("data-perspective", "p2")
    as_her = played.get("mayor", "/tests/2", perspective="p2")
    assert as_her == played.get("Judit", "/tests/2")
    seen = {card for e in as_her["events"] for card in e["data"].get("cards") or () if card}
    in_record = page.locator("#test-record [data-card]")
    expect(in_record).not_to_have_count(0)
    assert set(in_record.evaluate_all("cs => cs.map(c => c.dataset.card)")) <= seen
    # beside the board, what the audit shows of that version that her seat did not know:
    # David's hand, drawn just before hers
    (his,) = [zone for zone in audited["zones"] if zone["zone"] == "hand:c1"]
    assert his["cards"] and None not in his["cards"]
    unseen = page.locator('#unseen li[data-path="zones/hand:c1/cards"]')
    expect(unseen).to_be_visible()
    expect(unseen.locator(".before [data-card]")).to_have_count(0)
    assert (
        unseen.locator(".after [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
        == his["cards"]
    )
    # and the place is a link: version, test, audit and perspective
    link = page.locator("#permalink").get_attribute("href")
    assert link == f"#table={played.table_id}&v={at}&test=2&audit=1&as=p2"
    # a fresh tab with the link shows the same: Judit's seat at the draw, the record beside
    other = page.context.new_page()
    other.goto(f"{played.base}/replay/{link}")
    other.locator("#credential-input").fill(played.credentials["mayor"])
    other.get_by_role("button", name="Sign in").click()
    expect(other.locator("#board")).to_have_attribute("data-perspective", "p2")
    expect(other.locator("#board")).to_have_attribute("data-version", str(at))
    expect(other.locator("#perspective")).to_have_value("p2")
    expect(other.locator("#test-record")).to_have_attribute("data-test", "2")
    assert board_cards(other) == shown(own)
    # Back: the draw in audit, as the Mayor saw it; Back again: where he signed in
    page.evaluate("history.back()")
    expect(board).to_have_attribute("data-perspective", "")
    expect(board).to_have_attribute("data-version", str(at))
    expect(page.locator("#perspective")).to_have_value("")
    assert board_cards(page) == shown(audited)
    page.evaluate("history.back()")
    expect(board).to_have_attribute("data-version", str(played.moments["last"]))
    page.evaluate("history.forward()")
    expect(board).to_have_attribute("data-version", str(at))
    page.evaluate("history.forward()")
    expect(board).to_have_attribute("data-perspective", "p2")


def test_the_transcript_of_a_long_table_holds_every_page_of_its_log(
    page: Page, long_table: Played
) -> None:
    """The transcript reads every page of the log, not only the timeline's loaded 100."""
    played = long_table
    sign_in(page, played, "mayor")
    expect(page.locator("#events li[data-version]")).to_have_count(100)
    with page.expect_download(timeout=60_000) as started:
        page.get_by_role("button", name="Download the transcript").click()
    text = Path(started.value.path()).read_text(encoding="utf-8")
    versions = [int(v) for v in re.findall(r'<tr data-version="(\d+)"', text)]
    assert versions == [event["version"] for event in played.log("mayor")]
    assert len(versions) > LONG
    expect(page.locator("#status")).to_contain_text(f"{len(versions)} events")
