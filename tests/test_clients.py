"""Clients generated from the committed `openapi/openapi.json` play the README's sessions.

Python: `openapi-python-client` generates a package into a temporary directory, with its
default configuration and post-hooks (`ruff check . --fix-only`, `ruff format .`, under the
ruff settings of `RUFF_SETTINGS`) and without a warning (a warning means it dropped an
operation or a schema); `mypy --strict` passes on the whole package together with every script
of `clients/python` (no cache written: a fresh clone has none to read): for each
registered rule system, `session_<system>.py` then plays the README's session of that system
through its typed calls against a live server (the stream read at least once, through
`stream_reader.py`; what the scripts share is in `table_setup.py`), and `follow_live.py`
follows a table live through the stream's reader (NDJSON read into the generated models).

TypeScript: `openapi-typescript` (default flags) writes `clients/typescript/schema.d.ts`;
`tsc --strict` passes on every `session_*.ts` (openapi-fetch's `createClient<paths>()`,
every media type kept, no cast: views and events narrowed by `system` and `type`; a session
assigns `listEvents`'s `data` to the `EventPage` type, which fails when an answer has two
media types or a masked field is typed `null` alone) as it compiles them, once, and each
registered system's `session_<system>.ts` plays its README session against a live server
(`run.mjs`), observing what the Python session of that system does. The tools are pinned by
`clients/typescript/package-lock.json` and installed there by `npm ci` (kept between runs
until the lock file changes). Skipped with the reason without node, except under CI=true.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from openapi_python_client.strings import snake_case

from domain.systems import RULE_SYSTEMS
from service.app import create_app
from tests import npm
from tests.frontera_helpers import in_memory_tables
from tests.live_server import serving

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "openapi" / "openapi.json"
PYTHON = ROOT / "clients" / "python"
TYPESCRIPT = ROOT / "clients" / "typescript"
#: the virtual environment's scripts: the generator and the ruff its post-hook runs
BIN = Path(sys.executable).parent


def run(args: Sequence[str | Path], cwd: Path, timeout: float, **env: str) -> str:
    """Run a tool; its output, or a failure that shows it."""
    environment = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", **env}
    done = subprocess.run(
        [str(arg) for arg in args],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    output = f"{done.stdout}\n{done.stderr}"
    assert done.returncode == 0, f"{' '.join(map(str, args))} failed:\n{output}"
    return output


def assert_frontera_session(outcome: dict[str, Any]) -> None:
    """What the README's session must have observed, whatever the cards."""
    drawn = outcome["opposed_drawn"]
    assert drawn.keys() == {"c1", "c2"}  # David's Policarpo, then Judit's Clementine
    assert not set(drawn["c1"]) & set(drawn["c2"])
    seen = outcome["opposed_cards_seen"]
    # each player's view shows its own cards, and none of the other's
    assert sorted(seen["David"]["c1"]) == sorted(drawn["c1"])
    assert seen["David"]["c2"] is None
    assert sorted(seen["Judit"]["c2"]) == sorted(drawn["c2"])
    assert seen["Judit"]["c1"] is None
    assert outcome["resolved_tests"] == [1, 2]
    assert outcome["streamed"] == [
        [1, "TableCreated"],
        [2, "SeatJoined"],
        [3, "CredentialIssued"],
        [4, "SeatJoined"],
        [5, "CredentialIssued"],
    ]
    assert outcome["stream_matches_log"] is True
    version, started, test_open = outcome["rewound"]
    assert version > 5 and started is True and test_open is False
    assert outcome["closed"] is True
    assert outcome["verified"] is True
    assert outcome["shuffles_checked"] >= 2  # the table's deck, reshuffled after the first test


def assert_closed_and_verified(outcome: dict[str, Any], dice: int) -> None:
    """The table closed, anyone at it verifies every die it rolled against the seed."""
    assert outcome["verified"] is True
    assert outcome["dice_checked"] == dice


def assert_stepdice_session(outcome: dict[str, Any]) -> None:
    """What the README's stepdice session must have observed (faces 5, 12, 4, 7)."""
    assert outcome["rolls"] == [1, 2, 3, 4]
    assert outcome["guide_hearts"] == [3, 3]  # the maximum the game master set
    assert outcome["rogue"] == [5, False]  # the Armour token spent: Venganza took no Heart
    # the blind test: out of Iris's view, and masked in her stream as in her log
    assert outcome["results_seen_before_reveal"] == [1, 2, 3]
    face, masked = outcome["blind_streamed"]
    assert face is None and {"face", "die", "outcome"} <= set(masked)
    assert outcome["stream_matches_log"] is True
    assert outcome["tests_read_after_reveal"] == [
        [1, 5, "failure"],
        [2, 12, "exceptional"],
        [4, 7, "failure"],
    ]
    assert_closed_and_verified(outcome, dice=4)


def assert_asaltos_session(outcome: dict[str, Any]) -> None:
    """What the README's asaltos session must have observed (faces 5, 2, 6, 7, 1, 4)."""
    assert outcome["rolls"] == [1, 2, 3, 4]
    assert outcome["declarations_seen"] == [True, False]  # Ana's actions, not the bandit's
    assert outcome["bandit_wound"] == ["P", 2]  # a serious chest wound
    assert outcome["bandit_skills_seen"] is False
    # the blind check: its result unknown to Iris, in her log and her stream, until revealed
    assert outcome["checks_before_reveal"] == [True, None]
    assert outcome["blind_streamed_result"] is False
    assert outcome["stream_matches_log"] is True
    assert outcome["checks_after_reveal"] == [True, True]
    assert_closed_and_verified(outcome, dice=6)


def assert_portal_session(outcome: dict[str, Any]) -> None:
    """What the README's PORTAL session must have observed (its 13 scripted faces)."""
    assert outcome["rolls"] == [1, 2, 3, 4, 5]
    assert outcome["omnium_seen_by_jon"] == [1, False]  # her discomfort, not her Fortalezas
    assert outcome["fireball_result"] == 4
    assert outcome["omnium_settled"] == [0, 2, 1]
    assert outcome["locked_reroll_refused"] == "die_blocked"
    assert outcome["bruno_points"] == 1
    assert outcome["bruno_hurt"] == [2, 1]
    # the blind roll: out of Iris's view, its dice masked in her stream as in her log
    assert outcome["open_rolls_before_reveal"] == []
    assert {"pool", "readings", "difficulty"} <= set(outcome["blind_streamed_hidden"])
    assert outcome["stream_matches_log"] is True
    assert outcome["outcomes"] == ["success", "success", "failure"]
    assert_closed_and_verified(outcome, dice=13)


def assert_fate_session(outcome: dict[str, Any]) -> None:
    """What the README's fate session must have observed (its 16 scripted faces)."""
    assert outcome["rolls"] == [1, 2, 3, 4]
    # the Barón's hidden aspect: not on Jon's sheet until Iris's close guess discovered it
    assert outcome["baron_aspects_before"] == ["Barón del puerto"]
    assert outcome["baron_aspects_after"] == ["Barón del puerto", "Cobarde"]
    assert outcome["baron_fate_points"] == 2
    assert outcome["climb"] == [5, 1, 1]
    assert outcome["unnamed_consequence_refused"] == "consequence_required"
    assert outcome["bruno"] == [3, [3], "mild"]
    # the blind roll: out of Iris's view, its dice masked in her stream as in her log
    assert outcome["open_rolls_before_reveal"] == []
    assert {"dice", "skill", "difficulty"} <= set(outcome["blind_streamed_hidden"])
    assert outcome["stream_matches_log"] is True
    assert outcome["shifts"] == [1, 2, 1, 3]
    assert_closed_and_verified(outcome, dice=16)


#: what each rule system's README session must have observed, by the system's name
SESSION_OUTCOMES: dict[str, Callable[[dict[str, Any]], None]] = {
    "frontera": assert_frontera_session,
    "stepdice": assert_stepdice_session,
    "asaltos": assert_asaltos_session,
    "portal": assert_portal_session,
    "fate": assert_fate_session,
}

#: the committed Python scripts on the generated client, every one type-checked: each
#: system's session, what they share, the stream's reader, a table followed live with it
PYTHON_SCRIPTS = sorted(path.name for path in PYTHON.glob("*.py"))


#: the ruff settings of the project the client is generated into; the generator keeps its
#: default post-hooks. ruff >= 0.17 enables PYI036, whose fix turns the generated `client.py`'s
#: `__exit__(self, *args: Any, **kwargs: Any)` into `*args: object`, which `mypy --strict` then
#: refuses where it passes them on to httpx's `__exit__`: the project leaves that rule out.
#: A model holding an `Event` (`EventPage`, `StreamEventMessage`, `FronteraTestRecord`) gets a
#: `to_dict` branch per event type, which the default SIM114 fix folds into one `or` of some 200
#: `isinstance` calls: mypy narrows that in time cubic in the union's size (some 85 % of its
#: run). SIM101's fix folds it into one `isinstance(x, (A, B, ...))`, the same test, which mypy
#: narrows in one step. ruff offers that fix only for a target read without effect and marks it
#: unsafe whatever the code; here the targets are attrs fields and locals, the types classes
RUFF_SETTINGS = (
    '[lint]\nextend-ignore = ["PYI036"]\n'
    'extend-select = ["SIM101"]\nextend-safe-fixes = ["SIM101"]\n'
)


#: the generated client (`python_client`: generation and `mypy --strict`) and the compiled
#: TypeScript are each built once: each client's tests run on one worker (`make test` runs
#: `--dist loadgroup`), not once on each, and the two clients on two workers side by side
PYTHON_CLIENT = pytest.mark.xdist_group("test_clients_python")
TYPESCRIPT_CLIENT = pytest.mark.xdist_group("test_clients_typescript")


@pytest.fixture(scope="module")
def python_client(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The generated package's directory, once `mypy --strict` passed on it and the scripts."""
    tmp_path = tmp_path_factory.mktemp("python_client")
    # the ruff settings of the project the package is generated into, which the default
    # post-hook's `ruff check . --fix-only` reads (RUFF_SETTINGS says why)
    (tmp_path / "ruff.toml").write_text(RUFF_SETTINGS)
    output = run(
        [
            BIN / "openapi-python-client",
            "generate",
            "--path",
            DOCUMENT,
            "--meta",
            "none",
            "--output-path",
            tmp_path / "saloon_client",
        ],
        cwd=tmp_path,
        timeout=120,
    )
    assert "Warning" not in output and "WARNING" not in output, output
    (tmp_path / "mypy.ini").write_text("[mypy]\n")  # --strict alone, not the project's settings
    run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file",
            tmp_path / "mypy.ini",
            "--cache-dir",
            os.devnull,
            "saloon_client",
            *(PYTHON / script for script in PYTHON_SCRIPTS),
        ],
        cwd=tmp_path,
        timeout=600,
        MYPYPATH=f"{tmp_path}{os.pathsep}{PYTHON}",
    )
    return tmp_path


def play(script: str, generated: Path) -> Any:
    """What a committed script printed, played against a live server."""
    with serving(create_app(tables=in_memory_tables())) as url:
        played = run(
            [sys.executable, PYTHON / script, url],
            cwd=generated,
            timeout=120,
            PYTHONPATH=str(generated),
        )
    return json.loads(played.splitlines()[0])


@PYTHON_CLIENT
@pytest.mark.parametrize("system", list(RULE_SYSTEMS))
def test_the_python_client_generated_from_the_document_plays_each_systems_readme_session(
    system: str, python_client: Path
) -> None:
    """Every registered rule system has its README session, played through the generated
    client's typed calls, its live stream included; what it observed is that system's."""
    script = f"session_{system}.py"
    assert (PYTHON / script).is_file(), (
        f"the rule system {system!r} is registered but no client plays it: write "
        f"clients/python/{script}, its README session through the generated client"
    )
    assert system in SESSION_OUTCOMES, (
        f"nothing checks what {system!r}'s session observed: add it to SESSION_OUTCOMES"
    )
    SESSION_OUTCOMES[system](play(script, python_client))


@PYTHON_CLIENT
def test_the_python_client_follows_a_table_live_and_resumes_as_ndjson(
    python_client: Path,
) -> None:
    """The stream read through `stream_reader.follow`: the events of the moves made while it
    is open come as they happen, in order; after a hang-up, resuming `after` the last one
    received brings the moves made meanwhile, so that every event of the log came once."""
    followed = play("follow_live.py", python_client)
    assert followed["live"] == [1, 2, 3]  # the table's creation, then two seats, live
    assert followed["resumed"] == [4, 5]  # the two seated while it was hung up
    assert followed["live"] + followed["resumed"] == followed["logged"]


@PYTHON_CLIENT
def test_the_python_client_keeps_every_operation_ndjson_ones_included(python_client: Path) -> None:
    """A function for every operation: none dropped, the NDJSON exports (`exportEvents`,
    `exportClosedTables`) included: the generator knows no `application/x-ndjson`, and takes
    their `application/octet-stream` answer (the same lines as a file), returned as bytes."""
    document = json.loads(DOCUMENT.read_text())
    wanted = {
        snake_case(operation["operationId"])
        for operations in document["paths"].values()
        for operation in operations.values()
    }
    generated = {path.stem for path in (python_client / "saloon_client" / "api").rglob("*.py")}
    assert wanted - generated == set()
    assert {"export_events", "export_closed_tables"} <= generated
    export = (python_client / "saloon_client" / "api" / "log" / "export_events.py").read_text()
    assert "File(payload=BytesIO(response.content))" in export


@functools.cache
def compiled_typescript() -> None:
    """The TypeScript sessions type-checked against the schema generated from the document and
    compiled into `build`, by one `tsc` (which fails on any error: nothing is run unchecked):
    once for every system's test."""
    npm.installed(TYPESCRIPT)
    document = os.path.relpath(DOCUMENT, TYPESCRIPT)
    run(
        ["npx", "--no-install", "openapi-typescript", document, "-o", "schema.d.ts"],
        cwd=TYPESCRIPT,
        timeout=120,
    )
    emit = ["--noEmit", "false", "--outDir", "build"]
    run(["npx", "--no-install", "tsc", "--strict", "-p", ".", *emit], cwd=TYPESCRIPT, timeout=300)


@TYPESCRIPT_CLIENT
@pytest.mark.parametrize("system", list(RULE_SYSTEMS))
def test_the_typescript_client_type_checks_with_the_generated_schema_and_plays_each_system(
    system: str, node: str
) -> None:
    """Every registered rule system has its README session in TypeScript, type-checked with
    `tsc --strict` and played against a live server; it observes what the Python one does."""
    script = f"session_{system}.ts"
    assert (TYPESCRIPT / script).is_file(), (
        f"the rule system {system!r} is registered but no TypeScript client plays it: write "
        f"clients/typescript/{script}, its README session through openapi-fetch"
    )
    assert system in SESSION_OUTCOMES, (
        f"nothing checks what {system!r}'s session observed: add it to SESSION_OUTCOMES"
    )
    compiled_typescript()
    with serving(create_app(tables=in_memory_tables())) as url:
        played = run([node, "run.mjs", url, system], cwd=TYPESCRIPT, timeout=120)
    SESSION_OUTCOMES[system](json.loads(played.splitlines()[0]))
