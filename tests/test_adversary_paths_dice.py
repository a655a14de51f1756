"""Adversarial paths through the promise that nobody learns what they may not know, for the
dice systems besides PORTAL and FATE (tests/test_adversary_paths.py): a ruling or a later
command on a secret roll of stepdice or asaltos shows on nothing a seat outside the roll's
audience reads (threat model K6), over real HTTP.

What tests/test_roll_derivation.py and tests/test_hidden_rolls.py do not hold yet:
- two tables that differ only in the faces of their secret rolls read alike to every player
  outside the rolls' audience through every operation of the document, refusals included
  (compared, not scanned for markers): for stepdice, a helped `gm` (or blind) test of p1's
  character whose helper is p2's, with a clock running and an élite on the table, and every
  ruling the game master tries on it (each benefit, a complication, Venganza), taken on one
  table and refused on the other; for asaltos, a secret check spending a declared combat
  action and a secret opposed check between the two players' characters, whose winner
  differs;
- the stepdice benefits that would change shared or sheet state (an extra wound on an
  enemy, a refund of Mana) are refused on a secret test changing nothing for any seat: only
  a test may be secret, and neither benefit applies to a test, so the refund's own
  `roll_secret` guard (K6) is never the one that refuses.

Audiences (projections/visibility.py ROLL_AUDIENCES): `gm`, the roller's seat and the game
master; `blind`, the game master.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests import test_api_asaltos as asaltos
from tests.api_helpers import ok
from tests.asaltos_support import ASALTOS_BODIES
from tests.dice_http import Table, every_read, new_table
from tests.live_server import TLS, serving
from tests.session_helpers import in_memory_tables
from tests.stepdice_support import BODIES as STEPDICE_BODIES
from tests.test_adversary_paths import PLAYERS, _alike, _reads
from tests.test_api_stepdice import character as stepdice_character
from tests.test_api_stepdice import roll_test, sheet
from tests.test_hidden_rolls import SHARED_BODIES, every_answer

#: the players outside a secret roll of p1's character, by the roll's visibility
OUTSIDE = {"gm": ("p2",), "blind": PLAYERS}


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    app = create_app(Settings(commands_per_second=0), tables=in_memory_tables())
    with serving(app) as url, httpx.Client(base_url=url, timeout=20, verify=TLS) as client:
        yield client


#: words a seat may search the log for (threat model K12) that a secret roll's faces, or a
#: ruling on it, would match if they showed: outcomes, rulings, the rulings' own words
SEARCHED = (
    "exceptional",
    "failure",
    "success",
    "benefit",
    "complication",
    "venganza",
    "door",
    "guard",
    "winner",
    "true",
    "false",
    '"face":',
)


def _searches(table: Table, who: str) -> list[Any]:
    """The seat's log searched for each of `SEARCHED`, and by each character."""
    found = [ok(table.get(who, "/events", text=text, limit=500)) for text in SEARCHED]
    for character in ("c1", "c2", "c3"):
        found.append(ok(table.get(who, "/events", character=character, limit=500)))
    return found


def _alike_for(lows: Table, highs: Table, who: str, bodies: dict[str, Any]) -> None:
    """Every answer of every operation, and every search of the log, reads the same to `who`
    on both tables."""
    seen_low = _alike(lows, [_searches(lows, who), every_answer(lows, who, bodies)])
    seen_high = _alike(highs, [_searches(highs, who), every_answer(highs, who, bodies)])
    assert seen_low == seen_high, who


# -- stepdice: a helped secret test, and every ruling the game master tries on it -------------

#: each ruling the game master may try on a test: the benefits (an extra wound and a refund
#: change an enemy's Hearts and the character's Mana: refused on a test; the extra benefit
#: taken on an exceptional), a complication (taken on a failure), Venganza (an attack's only)
RULINGS: list[tuple[str, dict[str, Any]]] = [
    ("/stepdice/benefits", {"benefit": "extra_wound", "description": "a second cut"}),
    ("/stepdice/benefits", {"benefit": "refund_mana", "description": "cheap"}),
    ("/stepdice/venganza", {"reach": True, "effect": "heart"}),
    ("/stepdice/benefits", {"benefit": "extra_benefit", "description": "a door opens"}),
    ("/stepdice/complications", {"complication": "a guard turns"}),
]


#: what the game master's rulings answer (status, code), in `RULINGS`' order, by the
#: test's outcome: each roll takes exactly one ruling, whatever it showed
ANSWERS = {
    "exceptional": [
        (422, "benefit_not_applicable"),
        (422, "benefit_not_applicable"),
        (409, "no_venganza_owed"),
        (200, None),
        (409, "not_a_failure"),
    ],
    "failure_complication": [
        (409, "no_benefit_owed"),
        (409, "no_benefit_owed"),
        (409, "no_venganza_owed"),
        (409, "no_benefit_owed"),
        (200, None),
    ],
}


def _stepdice_tested(http: httpx.Client, face: int, visibility: str) -> Table:
    """The rogue (p1, Agilidad d8) and the warrior (p2), an élite and a running clock; the
    game master's `visibility` test of the rogue helped by the warrior (the d8 stepped up to
    a d10: 10 is exceptional, 1 a failure with a complication), then his blind test of the
    warrior (d10); every die shows `face`. He tries every ruling on both rolls (`ANSWERS`):
    a player outside the rolls' audience reads nothing new of them at all."""
    table = new_table(http, "stepdice", [face] * 10)
    stepdice_character(table, "p1", "Rogue", attributes=sheet(agilidad=8))
    stepdice_character(table, "p2", "Warrior", attributes=sheet())
    table.command("gm", "/stepdice/enemies", {"name": "Captain", "category": "elite"}, 201)
    clock = {"name": "Guards", "steps": 3, "consequence": "the alarm"}
    table.command("gm", "/stepdice/clocks", clock, 201)
    helper = {"character": "c2", "how": "holds the rope"}
    helped = roll_test("c1", "agilidad", helper=helper, visibility=visibility)
    assert table.command("gm", "/stepdice/tests", helped)["roll"] == 1
    blind = roll_test("c2", "agilidad", visibility="blind")
    assert table.command("gm", "/stepdice/tests", blind)["roll"] == 2
    before = {seat: _reads(table, seat) for seat in OUTSIDE[visibility]}
    for roll in (1, 2):
        (result,) = [r for r in table.view("gm")["results"] if r["roll"] == roll]
        assert (result["visibility"], result["owed"]) != ("public", None)
        answers = []
        for path, body in RULINGS:
            answer = table.post("gm", path, {"roll": roll, **body})
            answers.append((answer.status_code, answer.json().get("code")))
        assert answers == ANSWERS[result["outcome"]], (roll, result)
    assert {seat: _reads(table, seat) for seat in before} == before
    return table


@pytest.mark.parametrize("visibility", sorted(OUTSIDE))
def test_no_answer_of_any_operation_tells_a_player_outside_a_secret_stepdice_test_its_faces(
    http: httpx.Client, visibility: str
) -> None:
    """Two tables alike but for the faces of two secret tests (exceptional on one, failed
    with a complication on the other), each with every ruling the game master tried on them
    (one taken and the others refused, by the faces): every operation of the document answers
    each player outside the rolls' audience the same on both, the helper's player (p2, who
    spent an Action on the `gm` test) included; the clock stays where it was, and the
    élite's Hearts."""
    exceptional = _stepdice_tested(http, 10, visibility)
    failed = _stepdice_tested(http, 1, visibility)
    # positive control: the game master reads the difference, and so does p1 on a `gm` test
    assert _alike(exceptional, every_read(exceptional, "gm")) != _alike(
        failed, every_read(failed, "gm")
    )
    if visibility == "gm":
        assert _reads(exceptional, "p1") != _reads(failed, "p1")
    for table in (exceptional, failed):
        view = table.view("p2")
        assert [k["position"] for k in view["clocks"]] == [0]
        assert [e["hearts"] for e in view["enemies"]] == [e["hearts_max"] for e in view["enemies"]]
    # positive control: the game master's search finds the ruling's words
    assert ok(exceptional.get("gm", "/events", text="door"))["events"]
    venganza = {"roll": 1, **RULINGS[2][1]}
    bodies = {**SHARED_BODIES, **STEPDICE_BODIES, "/stepdice/venganza": venganza}
    for player in OUTSIDE[visibility]:
        _alike_for(exceptional, failed, player, bodies)


def _refused_alike(table: Table, path: str, body: Any, status: int, code: str) -> None:
    """The game master's command is refused (`status`, `code`), and no seat reads anything
    new, the game master included."""
    before = {seat: _reads(table, seat) for seat in ("gm", *PLAYERS)}
    refused = table.post("gm", path, body)
    assert (refused.status_code, refused.json()["code"]) == (status, code), refused.text
    assert {seat: _reads(table, seat) for seat in before} == before


@pytest.mark.parametrize("visibility", sorted(OUTSIDE))
def test_a_secret_stepdice_test_takes_no_benefit_that_would_show_on_a_sheet_or_an_enemy(
    http: httpx.Client, visibility: str
) -> None:
    """An exceptional secret test of the rogue's, with an élite on the table: an extra
    wound (the élite's Hearts, public) and a refund of Mana (her sheet, her player's) would
    each show the outcome to a seat outside the roll's audience. Both are refused changing
    nothing for anybody, as on a public test: only magic refunds Mana, only an attack wounds
    (so the refund's `roll_secret` guard, domain/stepdice/rulings.py, is never reached:
    only a test may be secret). The extra benefit is taken, and p2 reads nothing of it."""
    table = new_table(http, "stepdice", [10, 10])
    stepdice_character(table, "p1", "Rogue", attributes=sheet())
    stepdice_character(table, "p2", "Warrior", attributes=sheet())
    table.command("gm", "/stepdice/enemies", {"name": "Captain", "category": "elite"}, 201)
    body = roll_test("c1", "agilidad", visibility=visibility)
    assert table.command("gm", "/stepdice/tests", body)["roll"] == 1
    assert table.command("gm", "/stepdice/tests", roll_test("c1", "agilidad"))["roll"] == 2
    for roll in (1, 2):  # the secret test and the public one, refused alike
        for benefit in ("extra_wound", "refund_mana"):
            ruling = {"roll": roll, "benefit": benefit, "description": "x"}
            _refused_alike(table, "/stepdice/benefits", ruling, 422, "benefit_not_applicable")
    before = _reads(table, "p2")
    ruling = {"roll": 1, "benefit": "extra_benefit", "description": "a door opens"}
    table.command("gm", "/stepdice/benefits", ruling)
    assert _reads(table, "p2") == before
    assert "stepdice.BenefitGranted" in table.rolled("gm", 1)


# -- asaltos: a secret check spending a combat action, a secret opposed check -----------------


def _asaltos_checked(http: httpx.Client, faces: list[int], visibility: str) -> Table:
    """Ana's climber (p1: Trepar 5, Espada 5) and Bea's fencer (p2: Espada 5) in a combat,
    each declaring; in the first tanda the game master's `visibility` check of Ana's Trepar
    spends her declared action, then his `visibility` opposed check of Ana's and Bea's Espada
    (rolled by Ana's seat, the first contender's)."""
    table = new_table(http, "asaltos", faces)
    ana = asaltos.character(table, "p1", "Ana", skills={"Trepar": 5, "Espada": 5})
    bea = asaltos.character(table, "p2", "Bea", skills={"Espada": 5})
    table.command("gm", "/asaltos/combats", {"combatants": [ana, bea]})
    table.command("p1", "/asaltos/declarations", asaltos.declare(ana, "other", "other"))
    table.command("p2", "/asaltos/declarations", asaltos.declare(bea, "other"))
    table.command("gm", "/asaltos/tandas", {})
    check = asaltos.check(ana, "Trepar", combat_action=True, visibility=visibility)
    assert table.command("gm", "/asaltos/checks", check)["roll"] == 1
    contenders = [
        {"character": c, "skill": "Espada", "base_difficulty": 0, "modifiers": []}
        for c in (ana, bea)
    ]
    opposed = {"contenders": contenders, "visibility": visibility}
    assert table.command("gm", "/asaltos/opposed-checks", opposed)["roll"] == 2
    return table


@pytest.mark.parametrize("visibility", sorted(OUTSIDE))
def test_no_answer_of_any_operation_tells_a_player_outside_a_secret_asaltos_check_its_faces(
    http: httpx.Client, visibility: str
) -> None:
    """Two tables alike but for the faces: on one Ana's combat check succeeds (2) and she
    wins the opposed check (2 to 9), on the other her check fails (9) and Bea wins (9 to
    2). Every operation of the document (the combat's declarations, passes and moves
    included, each refused or taken alike) answers each player outside the rolls' audience
    the same on both: Bea's player too on a `gm` opposed check she is a contender of, whose
    roller is Ana's seat."""
    won = _asaltos_checked(http, [2, 2, 9], visibility)
    lost = _asaltos_checked(http, [9, 9, 2], visibility)
    gm = asaltos.made(won, "gm", 2, "asaltos.OpposedCheckMade")["winner"]
    assert (gm, asaltos.made(lost, "gm", 2, "asaltos.OpposedCheckMade")["winner"]) == ("c1", "c2")
    assert _alike(won, every_read(won, "gm")) != _alike(lost, every_read(lost, "gm"))
    # the check spent Ana's declared action alike: the combat reads the same
    assert _reads(won, "p2")["view"] == _reads(lost, "p2")["view"]
    bodies = {**SHARED_BODIES, **ASALTOS_BODIES}
    for player in OUTSIDE[visibility]:
        _alike_for(won, lost, player, bodies)


def _npc_checked(http: httpx.Client, faces: list[int]) -> Table:
    """The game master's NPC Markus (c3) and Ana (p1's c1): his `self` check of Markus's
    Espada, then his `self` opposed check of Markus against Ana, Markus first (the roll is
    his seat's: the game master's, alone); Ana's player learns nothing of her own
    contender's check."""
    table = new_table(http, "asaltos", faces)
    ana = asaltos.character(table, "p1", "Ana", skills={"Espada": 5})
    asaltos.character(table, "p2", "Bea", skills={"Espada": 5})
    markus = asaltos.character(table, "gm", "Markus", skills={"Espada": 5})
    check = asaltos.check(markus, "Espada", visibility="self")
    assert table.command("gm", "/asaltos/checks", check)["roll"] == 1
    contenders = [
        {"character": c, "skill": "Espada", "base_difficulty": 0, "modifiers": []}
        for c in (markus, ana)
    ]
    opposed = {"contenders": contenders, "visibility": "self"}
    assert table.command("gm", "/asaltos/opposed-checks", opposed)["roll"] == 2
    return table


def test_no_answer_tells_a_player_the_faces_of_a_self_check_of_the_game_masters_npc(
    http: httpx.Client,
) -> None:
    """The game master keeps his NPC's checks to himself (`self`: his seat rolls them), an
    opposed check against Ana's character included: whether Markus won (2 to 9) or Ana did
    (9 to 2), every operation answers each player alike, Ana's included; his audit does not
    open them, but his own reads do."""
    markus_won = _npc_checked(http, [2, 2, 9])
    ana_won = _npc_checked(http, [9, 9, 2])
    winners = [
        asaltos.made(t, "gm", 2, "asaltos.OpposedCheckMade")["winner"]
        for t in (markus_won, ana_won)
    ]
    assert winners == ["c3", "c1"]
    assert _alike(markus_won, every_read(markus_won, "gm")) != _alike(
        ana_won, every_read(ana_won, "gm")
    )
    bodies = {**SHARED_BODIES, **ASALTOS_BODIES}
    for player in PLAYERS:
        _alike_for(markus_won, ana_won, player, bodies)
