"""The replay page's Summary tab (issue 14, "Pictures"), in headless Chromium against a live
server: the table's figures (`GET /tables/{id}/stats`) drawn as charts, each number the page
shows being the API's, and nothing a player's own figures lack."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Response, expect

from tests.api_helpers import bearer, ok
from tests.live_server import TLS
from tests.replay_helpers import (
    ARTIFACTS,
    Played,
    card_text,
    cards_in,
    play_frontera,
    replay_server,
    sign_in,
)
from tests.test_replay_views import STEPDICE, play_dice

#: the Mayor's rulings after the README's session: a fall costs Policarpo 2 health levels,
#: a brawl Clementine 1, then Policarpo 1 more
RULINGS = [("c1", -2), ("c2", -1), ("c1", -1)]


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with replay_server() as url:
        yield url


def rule(played: Played, character: str, change: int) -> None:
    with httpx.Client(base_url=played.base, verify=TLS) as client:
        body = {"character": character, "track": "health", "change": change, "reason": "a fall"}
        ok(
            client.post(
                f"/tables/{played.table_id}/conditions",
                json=body,
                headers=bearer(played.credentials["mayor"]),
            )
        )


def close(played: Played, who: str) -> None:
    with httpx.Client(base_url=played.base, verify=TLS) as client:
        response = client.post(f"/tables/{played.table_id}/close", headers=played.headers(who))
        played.moments["last"] = ok(response)["version"]


@pytest.fixture(scope="module")
def open_table(base: str) -> Played:
    played = play_frontera(base)
    for character, change in RULINGS:
        rule(played, character, change)
    played.moments["last"] = played.get("mayor")["version"]
    return played


@pytest.fixture(scope="module")
def closed_table(base: str) -> Played:
    played = play_frontera(base)
    for character, change in RULINGS:
        rule(played, character, change)
    close(played, "mayor")
    return played


def open_summary(page: Page, played: Played) -> None:
    page.get_by_role("tab", name="Summary").click()
    expect(page.locator("#panel-summary")).to_be_visible()
    expect(page.locator("#panel-summary")).to_have_attribute(
        "data-version", str(played.moments["last"])
    )


def at(figures: Any, path: str) -> Any:
    for word in path.split("."):
        figures = figures[int(word)] if isinstance(figures, list) else figures[word]
    return figures


def shown_figures(page: Page) -> dict[str, str]:
    """Every number the Summary shows from the figures, by its path in them."""
    found: list[list[str]] = page.locator("#panel-summary [data-figure]").evaluate_all(
        "nodes => nodes.map(n => [n.dataset.figure, n.textContent])"
    )
    return dict((path, text) for path, text in found)


def same(text: str, value: Any) -> bool:
    if isinstance(value, float) and not value.is_integer():
        return abs(float(text) - value) < 0.006
    return text == str(int(value)) if isinstance(value, float) else text == str(value)


def assert_every_figure_is_the_apis(page: Page, stats: Any) -> dict[str, str]:
    shown = shown_figures(page)
    assert shown, "the Summary shows figures"
    wrong = {path: text for path, text in shown.items() if not same(text, at(stats, path))}
    assert not wrong, wrong
    return shown


def cell(page: Page, chart: str, key: str, category: str) -> str:
    return page.locator(
        f'#{chart} tr[data-key="{key}"] td[data-category="{category}"]'
    ).inner_text()


def test_a_closed_tables_summary_draws_the_apis_outcomes_suits_and_damage(
    page: Page, closed_table: Played
) -> None:
    played = closed_table
    sign_in(page, played, "Judit")
    open_summary(page, played)
    stats = played.get("Judit", "/stats")
    assert stats["complete"] and stats == played.get("mayor", "/stats")
    assert_every_figure_is_the_apis(page, stats)
    characters = stats["rules"]["characters"]

    # success rates: each character's outcomes, in the bars and in the table
    for character, figures in characters.items():
        assert figures["outcomes"], "each character took part in a test"
        for outcome, count in figures["outcomes"].items():
            assert cell(page, "chart-outcomes", character, outcome) == str(count)
            bar = page.locator(
                f'#chart-outcomes rect[data-key="{character}"][data-category="{outcome}"]'
            )
            expect(bar).to_have_attribute("data-count", str(count))

    # the suits drawn against the expected line, and the p-value
    suit = next(f for f in stats["fairness"] if f["distribution"] == "suit")
    chart = page.locator("#chart-fairness-suit")
    for category, expected in suit["expected"].items():
        row = chart.locator(f'tr[data-category="{category}"]')
        assert row.locator("td[data-observed]").inner_text() == str(suit["observed"][category])
        assert abs(float(row.locator("td[data-expected]").inner_text()) - expected) < 0.006
        marks = chart.locator(f'svg g[data-category="{category}"]')
        expect(marks.locator("rect")).to_have_attribute(
            "data-observed", str(suit["observed"][category])
        )
        marker = float(marks.locator("line").get_attribute("data-expected") or "nan")
        assert marker == pytest.approx(expected)
    expect(chart.locator(".chart-verdict")).to_contain_text(f"p-value {suit['p_value']:.3f}")
    method = {"chi_square": "chi-square", "exact": "exact multinomial test"}[suit["method"]]
    expect(chart.locator(".chart-verdict")).to_contain_text(method)

    # damage over time: the running totals end at each character's damage taken
    damage = page.locator("#chart-damage")
    rulings = [(p["character"], p["amount"]) for p in stats["rules"]["damage_over_time"][-3:]]
    assert rulings == [(who, -change) for who, change in RULINGS]  # after the combat's, if any
    for character, figures in characters.items():
        assert figures["damage_taken"] > 0
        total = damage.locator(f'tr[data-key="{character}"] td[data-total]')
        expect(total).to_have_text(str(figures["damage_taken"]))
        steps = damage.locator(f'path[data-key="{character}"]')
        expect(steps).to_have_attribute("data-total", str(figures["damage_taken"]))

    # the pace and each seat's commands
    seats = page.locator("#seat-commands")
    for seat, figures in stats["seats"].items():
        expect(seats.locator(f'tr[data-key="{seat}"] td')).to_have_text(str(figures["commands"]))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1300, "height": 1000})
    page.locator("#panel-summary").screenshot(path=ARTIFACTS / "summary.png")
    assert (ARTIFACTS / "summary.png").stat().st_size > 10_000


def test_a_players_summary_during_play_holds_only_her_own_figures(
    page: Page, open_table: Played
) -> None:
    played = open_table
    judit_log = played.log("Judit")
    known = cards_in([e for e in judit_log if e["type"] != "TableStarted"])
    hidden = set(played.drawn["David"]) - known
    assert hidden, "David holds cards Judit never saw"
    fetched: list[Response] = []
    page.on("response", lambda response: fetched.append(response))
    sign_in(page, played, "Judit")
    open_summary(page, played)
    stats = played.get("Judit", "/stats")
    assert not stats["complete"] and stats["fairness"] == []
    # every number shown is Judit's own figure, at the path the API gives it
    shown = assert_every_figure_is_the_apis(page, stats)
    assert not [path for path in shown if path.startswith("fairness")]
    expect(page.locator("#fairness-note")).to_contain_text("once the table is closed")
    for character, figures in stats["rules"]["characters"].items():
        total = page.locator(f'#chart-damage tr[data-key="{character}"] td[data-total]')
        expect(total).to_have_text(str(figures["damage_taken"]))
    # no card Judit may not see, by id or by face
    panel = page.locator("#panel-summary")
    html, text = panel.inner_html(), panel.inner_text()
    assert not re.search(r"d\d+:", html)
    assert not {card for card in hidden if card in html or card_text(card) in text}
    # the figures came with the credential in a header, as Judit's own (no audit)
    asked = [r for r in fetched if "/stats" in r.url]
    assert asked and all("audit" not in r.url for r in asked)
    assert all(r.request.headers.get("authorization") for r in asked)
    assert not [r.url for r in fetched if played.credentials["Judit"] in r.url]
    assert not {card for r in asked for card in hidden if card in json.dumps(r.json())}


def test_the_mayors_audit_summary_reads_the_audited_figures(page: Page, open_table: Played) -> None:
    played = open_table
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    sign_in(page, played, "mayor")
    page.get_by_label("Audit (Mayor): every card anyone has seen").check()
    expect(page.locator("#audit-banner")).to_be_visible()
    open_summary(page, played)
    expect(page.locator("#summary-status")).to_contain_text("(audit)")
    assert [url for url in fetched if "/stats" in url and "audit=true" in url]
    assert_every_figure_is_the_apis(page, played.get("mayor", "/stats", audit="true"))


def test_the_tabs_work_by_keyboard_alone(page: Page, open_table: Played) -> None:
    played = open_table
    sign_in(page, played, "mayor")
    board, summary = page.locator("#tab-board"), page.locator("#tab-summary")
    expect(page.get_by_role("tablist")).to_have_count(1)
    expect(board).to_have_attribute("aria-selected", "true")
    expect(summary).to_have_attribute("tabindex", "-1")  # one tab stop for the list
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "tab-board":
            break
    expect(board).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(summary).to_be_focused()
    expect(summary).to_have_attribute("aria-selected", "true")
    expect(page.locator("#panel-summary")).to_be_visible()
    expect(page.locator("#panel-board")).to_be_hidden()
    expect(page.locator("#panel-summary")).to_have_attribute(
        "data-version", str(played.moments["last"])
    )
    # the arrows move between tabs, not the version slider
    expect(page.locator("#board")).to_have_attribute("data-version", str(played.moments["last"]))
    page.keyboard.press("ArrowRight")  # wraps around
    expect(board).to_be_focused()
    expect(page.locator("#panel-board")).to_be_visible()
    page.keyboard.press("End")
    expect(summary).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Home")
    expect(board).to_have_attribute("aria-selected", "true")
    page.keyboard.press("ArrowLeft")
    expect(summary).to_be_focused()
    page.keyboard.press("Tab")  # into the panel
    expect(page.locator("#panel-summary")).to_be_focused()
    expect(page.locator("#board")).to_have_attribute("data-version", str(played.moments["last"]))
    # the skip link still leads to the board: it brings its tab back
    page.locator(".skip").focus()
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("aria-selected", "true")
    expect(page.locator("#board-heading")).to_be_visible()


def test_the_summary_passes_an_accessibility_check(page: Page, closed_table: Played) -> None:
    sign_in(page, closed_table, "mayor")
    open_summary(page, closed_table)
    expect(page.locator("#chart-fairness-suit")).to_be_visible()
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, results.generate_report()
    # every chart has its numbers in words: a caption and a table
    for chart in page.locator("#panel-summary figure").all():
        expect(chart.locator("figcaption")).not_to_be_empty()
        expect(chart.locator("svg[role=img]")).to_have_attribute("aria-label", re.compile("."))
        expect(chart.locator("table")).to_have_count(1)


def test_a_dice_systems_summary_draws_each_dies_faces_once_closed(page: Page, base: str) -> None:
    played = play_dice(base, "stepdice")
    with httpx.Client(base_url=base, verify=TLS) as client:
        hit = {"character": "c1", "reason": "a thrown stone"}
        ok(
            client.post(
                f"/tables/{played.table_id}/stepdice/hits",
                json=hit,
                headers=bearer(played.credentials["gm"]),
            )
        )
    close(played, "gm")
    sign_in(page, played, "Bea")
    open_summary(page, played)
    stats = played.get("Bea", "/stats")
    assert_every_figure_is_the_apis(page, stats)
    (d12,) = [f for f in stats["fairness"] if f["distribution"] == "d12"]
    assert d12["observed"][str(STEPDICE.public_face)] == 1
    chart = page.locator("#chart-fairness-d12")
    expect(chart.locator("figcaption")).to_contain_text("d12")
    for face in range(1, 13):
        row = chart.locator(f'tr[data-category="{face}"]')
        expect(row.locator("td[data-observed]")).to_have_text(str(d12["observed"][str(face)]))
        assert float(row.locator("td[data-expected]").inner_text()) == pytest.approx(
            d12["expected"][str(face)], abs=0.006
        )
    # Vera's two tests, a success and a failure, and the Heart she lost
    outcomes = stats["rules"]["characters"]["c1"]["outcomes"]
    assert outcomes == {"failure": 1, "success": 1}
    for outcome, count in outcomes.items():
        assert cell(page, "chart-outcomes", "c1", outcome) == str(count)
    expect(page.locator('#chart-damage tr[data-key="c1"] td[data-total]')).to_have_text("1")


def test_in_live_mode_the_summary_follows_new_events(page: Page, base: str) -> None:
    played = play_frontera(base)
    played.moments["last"] = played.get("mayor")["version"]
    sign_in(page, played, "mayor")
    open_summary(page, played)
    before = played.get("mayor", "/stats")["rules"]["characters"]["c2"]["damage_taken"]
    page.get_by_label("Live: follow the table").check()
    rule(played, "c2", -2)
    last = played.get("mayor")["version"]
    expect(page.locator("#panel-summary")).to_have_attribute("data-version", str(last))
    total = page.locator('#chart-damage tr[data-key="c2"] td[data-total]')
    expect(total).to_have_text(str(before + 2))
    assert_every_figure_is_the_apis(page, played.get("mayor", "/stats"))


#: the kinds of test whose outcomes may share a bar, each with its good and its bad outcome
TESTS = {"exceptional", "automatic", "success", "partial", "failure", "failure_complication"}
OUTCOME_KINDS = {
    "tests": (TESTS, ("success", "failure")),
    "contests": ({"victory", "tie", "defeat"}, ("victory", "defeat")),
    "attacks": ({"hit", "miss"}, ("hit", "miss")),
    "comparisons": ({"better", "worse"}, ("better", "worse")),
}


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_charts_say_what_they_show_and_no_line_or_colour_hides_another(
    page: Page, closed_table: Played
) -> None:
    played = closed_table
    page.set_viewport_size({"width": 1300, "height": 1000})
    sign_in(page, played, "mayor")
    open_summary(page, played)
    stats = played.get("mayor", "/stats")

    # counts, said as counts; each bar holds the outcomes of one kind of test
    heading = page.locator("#outcomes-heading")
    expect(heading).to_contain_text("counts")
    expect(heading).not_to_contain_text("rate")
    figures = page.locator("#chart-outcomes figure").all()
    assert len(figures) >= 3, "Policarpo's partial, defeat and miss are three kinds of test"
    for figure in figures:
        for bar in figure.locator("svg g").all():
            shown = set(bar.locator("rect").evaluate_all("rs => rs.map(r => r.dataset.category)"))
            if shown:
                assert any(shown <= kinds for kinds, _ in OUTCOME_KINDS.values()), shown
    for character, figures_of in stats["rules"]["characters"].items():
        for outcome, count in figures_of["outcomes"].items():
            assert cell(page, "chart-outcomes", character, outcome) == str(count)

    # a good outcome and a bad one told apart by lightness, not by hue alone
    colours = page.evaluate("import('/replay/charts.js').then(m => m.OUTCOME_COLOURS)")
    for _, (good, bad) in OUTCOME_KINDS.values():
        assert contrast(colours[good], colours[bad]) >= 3, (good, bad)
        for outcome in (good, bad):
            assert contrast(colours[outcome], "#ffffff") >= 3, outcome

    # two damage lines that run together (both at 0 until the first ruling) stay apart
    damage = page.locator("#chart-damage")
    lines = damage.locator("path[data-key]")
    expect(lines).to_have_count(2)
    starts = lines.evaluate_all("ps => ps.map(p => p.getAttribute('d').split(' ').slice(1, 3))")
    assert starts[0] != starts[1], "the lines start on the same pixel"
    dashes = lines.evaluate_all("ps => ps.map(p => p.getAttribute('stroke-dasharray'))")
    assert len(set(dashes)) == 2
    for character in ("c1", "c2"):
        points = [p for p in stats["rules"]["damage_over_time"] if p["character"] == character]
        marks = damage.locator(f'svg g[data-key="{character}"] .chart-marker')
        expect(marks).to_have_count(len(points))
    # and the numbers beside the chart, in view with it
    table, chart = damage.locator("table"), damage.locator("svg[role=img]")
    expect(table).to_be_visible()
    table_box, chart_box = table.bounding_box(), chart.bounding_box()
    assert table_box and chart_box
    assert table_box["y"] < chart_box["y"] + chart_box["height"], "the table is under the chart"
