"""Errors a program can act on: each operation's error responses list the codes they may carry
(`x-problem-codes`, derived by `service.problem_codes` from the table of the shared codes and
from what each rule system declares and raises), every problem's `type` leads to a page
documenting its code, and every code the shared table or the server raises is in the table.

That an operation answers only codes it lists is checked by every test (tests/listed_codes.py,
run by tests/conftest.py); here, that the check sees what the server answers."""

from __future__ import annotations

import ast
import html
import json
from pathlib import Path

import pytest

from domain.systems import RULE_SYSTEMS
from service.problem_codes import CODES, every_code, raised_codes, system_codes, system_operations
from tests.api_helpers import api_client, bearer, ok
from tests.listed_codes import recorded, unlisted
from tests.schema_refusals import SHARED_REFUSALS

ROOT = Path(__file__).parent.parent
DOCUMENT = json.loads((ROOT / "openapi" / "openapi.json").read_text())
#: the modules of the shared table and of the server (each rule system's are in its folder)
SHARED = sorted(
    str(module.relative_to(ROOT))
    for folder in ("domain", "projections", "service")
    for module in (ROOT / folder).glob("*.py")
)


#: the 422 codes a rule system raises that no request keeping to the document meets, each with
#: why: a bound the document states, or a value the table or the server supplies, not the
#: request (the check guards a command built in code, which skips decoding)
UNMET_422: dict[str, dict[str, str]] = {
    "asaltos": {
        "invalid_difficulty": "every base difficulty is a `Difficulty`: -20 to 20",
        "invalid_level": "a wound's level is 1 to 4",
        "invalid_time": "time advances by 1 second or more",
    },
    "fate": {
        "invalid_border": "a border is 0 to 8",
        "invalid_dice": "the dice are the server's d6, four a roll, new ones for a reroll only",
        "invalid_guess": "a deception is ruled only on a guess that revealed nothing",
        "invalid_points": "fate points spent are 0 or more; the rules' costs are never negative",
        "invalid_shifts": "a hit's shifts are 0 or more",
    },
    "frontera": {
        "invalid_difficulty": "a trait test's difficulty is 2 to 15",
        "invalid_drinks": "a round is 1 to 10 drinks",
        "invalid_kit": "the kit is a literal of the document",
        "invalid_modifier": "a modifier's amount is -10 to 10, never 0",
        "invalid_money": "money is 0 to a million (a debt: down to minus a million), a stake too",
        "invalid_shot_limit": "a shot limit is 1 to 100",
        "invalid_way": "the way is a literal of the document",
        "unknown_card": "every card id named has the pattern of what `cards.card` parses",
        "unknown_skill": "skills are the document's enum",
        "unknown_suit": "suits are the document's enum",
        "unknown_track": "tracks are a literal of the document",
        "unknown_trait": "traits are the document's enum",
    },
    "portal": {
        "invalid_luck": "luck is spent 1 die at a time",
        "invalid_order": "a phase's order takes the combat's direction die (rolled) and contenders",
    },
    "stepdice": {
        "invalid_clock": "a clock has 1 to 12 steps",
    },
}


def listed_codes() -> set[str]:
    return {
        code
        for operations in DOCUMENT["paths"].values()
        for operation in operations.values()
        for response in operation["responses"].values()
        for code in response.get("x-problem-codes", ())
    }


def test_every_code_has_a_page_saying_what_it_means() -> None:
    codes = every_code()
    assert listed_codes() <= codes.keys()
    with api_client() as client:
        for code, info in codes.items():
            page = client.get(f"/problems/{code}")
            assert page.status_code == 200, code
            assert page.headers["content-type"].startswith("text/html")
            assert f"<code>{code}</code>" in page.text
            assert f"HTTP {info.status}. {html.escape(info.description)}." in page.text


def test_a_code_the_api_never_answers_is_a_404_problem() -> None:
    with api_client() as client:
        missing = client.get("/problems/no_such_code")
        assert missing.status_code == 404
        assert missing.headers["content-type"].startswith("application/problem+json")
        assert missing.json()["type"] == "/problems/not_found"
        assert client.get("/problems/Not-A-Code").json()["code"] == "invalid_request"


def test_the_type_of_a_problem_answered_leads_to_its_page() -> None:
    with api_client() as client:
        problem = client.get("/tables/00000000-0000-4000-8000-000000000000").json()
        page = client.get(problem["type"])
        assert page.status_code == 200 and problem["code"] in page.text


def _service_refusals() -> set[str]:
    """The codes the server's own refusals (`Refused(status, "code", …)`) carry."""
    found = set()
    for module in SHARED:
        for node in ast.walk(ast.parse((ROOT / module).read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refused":
                code = node.args[1] if len(node.args) > 1 else None
                if isinstance(code, ast.Constant):
                    found.add(str(code.value))
    return found


def test_the_table_describes_every_code_of_the_shared_table_and_the_server() -> None:
    raised = set().union(*raised_codes(*SHARED).values())
    declared = set().union(*SHARED_REFUSALS.values())
    missing = (raised | declared | _service_refusals()) - CODES.keys()
    assert not missing, f"add a line for each to service/problem_codes.py's CODES: {missing}"
    for code, info in CODES.items():  # one status each: the one the server answers it with
        assert all(
            info.status == status
            for status, codes in raised_codes(*SHARED).items()
            if code in codes
        ), code


@pytest.mark.parametrize("system", sorted(system_codes()))
def test_the_operations_of_a_system_list_the_codes_it_declares_and_raises(system: str) -> None:
    operations = {op for op, owner in system_operations().items() if owner == system}
    assert operations
    for path_item in DOCUMENT["paths"].values():
        for operation in path_item.values():
            if operation["operationId"] not in operations:
                continue
            for status, codes in system_codes()[system].items():
                response = operation["responses"].get(str(status))
                if response is not None:
                    assert codes <= set(response["x-problem-codes"]), (operation, status)


def test_the_check_sees_each_problem_answered_and_knows_an_unlisted_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with recorded(monkeypatch) as met, api_client() as client:
        created = ok(client.post("/tables", json={"title": "T", "gm_name": "A"}), 201)
        table = created["table_id"]
        client.get(f"/tables/{table}/characters/nobody", headers=bearer(created["credential"]))
    found = ("get", "/tables/{table_id}/characters/{character_id}", 404, "unknown_character")
    assert met == [found]
    assert unlisted(met) == []
    assert unlisted([(*found[:3], "table_closed")]) == [(*found[:3], "table_closed")]


@pytest.mark.parametrize("system", sorted(RULE_SYSTEMS))
def test_a_system_declares_every_refusal_it_raises(system: str) -> None:
    """A refusal a valid request may meet is declared, so the schemathesis tests' check
    (tests/schema_refusals.py) accepts it: found here at once, not when fuzzing reaches it."""
    declared = RULE_SYSTEMS[system].refusal_codes
    unmet = UNMET_422.get(system, {})
    for status, raised in raised_codes(f"domain/{system}", f"projections/{system}").items():
        known = declared.get(status, frozenset()) | SHARED_REFUSALS.get(status, set())
        missing = raised - known - (unmet.keys() if status == 422 else set())
        assert not missing, (
            f"{system} raises {sorted(missing)} ({status}): declare each in "
            f"domain/{system}/system.py's REFUSAL_CODES, or (422) bound the field in the document"
        )


def test_each_unmet_refusal_is_raised_and_undeclared() -> None:
    """The list of 422 codes no valid request meets does not outlive its codes."""
    assert UNMET_422.keys() <= RULE_SYSTEMS.keys()
    for system, unmet in UNMET_422.items():
        raised = raised_codes(f"domain/{system}", f"projections/{system}").get(422, frozenset())
        declared = RULE_SYSTEMS[system].refusal_codes.get(422, frozenset())
        assert unmet.keys() <= raised - declared, system
