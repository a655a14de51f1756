"""Clients generated from the committed `openapi/openapi.json` play the README's session.

Python: `openapi-python-client` generates a package into a temporary directory, with its
default post-hooks (`ruff check . --fix-only`, `ruff format .`: the configuration only reads
NDJSON as bytes) and without a warning (a warning means it dropped an operation or a
schema); `mypy --strict` passes on it
together with the scripts of `clients/python`: `session.py` then plays the session through its
typed calls against a live server, and `follow_live.py` follows a table live through the
stream's reader (`stream_reader.py`, NDJSON read into the generated models).

TypeScript: `openapi-typescript` (default flags) writes `clients/typescript/schema.d.ts`;
`tsc --strict --noEmit` passes on `session.ts` (openapi-fetch's `createClient<paths>()`, every
media type kept; it assigns `listEvents`'s `data` to the `EventPage` type, which fails when an
answer has two media types or a masked field is typed `null` alone),
which is then compiled and played against a live server too. The tools are pinned by
`clients/typescript/package-lock.json` and installed there by `npm ci` (kept between runs
until the lock file changes). Skipped with the reason without node, except under CI=true.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from openapi_python_client.strings import snake_case

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


def assert_session(outcome: dict[str, Any]) -> None:
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


#: the committed Python scripts on the generated client: the session, the stream's reader,
#: and a table followed live with it
PYTHON_SCRIPTS = ("session.py", "stream_reader.py", "follow_live.py")


#: ruff >= 0.17 enables PYI036, whose fix turns the generated `client.py`'s
#: `__exit__(self, *args: Any, **kwargs: Any)` into `*args: object`, which `mypy --strict` then
#: refuses where it passes them on to httpx's `__exit__`: a project generating the client
#: leaves that rule out of its ruff settings, and the generator keeps its default post-hooks
RUFF_SETTINGS = '[lint]\nextend-ignore = ["PYI036"]\n'


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
            "--config",
            PYTHON / "openapi-python-client.yaml",
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
            ROOT / ".mypy_cache" / "clients",
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


def test_the_python_client_generated_from_the_document_plays_the_readme_session(
    python_client: Path,
) -> None:
    assert_session(play("session.py", python_client))


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


def test_the_python_client_keeps_every_operation_ndjson_ones_included(python_client: Path) -> None:
    """A function for every operation: none dropped, the NDJSON ones (`exportEvents`,
    `exportClosedTables`) included, which a default generation drops (`application/x-ndjson`
    is no content type it knows: the configuration reads it as bytes)."""
    document = json.loads(DOCUMENT.read_text())
    wanted = {
        snake_case(operation["operationId"])
        for operations in document["paths"].values()
        for operation in operations.values()
    }
    generated = {path.stem for path in (python_client / "saloon_client" / "api").rglob("*.py")}
    assert wanted - generated == set()
    assert {"export_events", "export_closed_tables"} <= generated


def test_the_typescript_session_type_checks_with_the_generated_schema_and_plays(
    node: str,
) -> None:
    npm.installed(TYPESCRIPT)
    document = os.path.relpath(DOCUMENT, TYPESCRIPT)
    run(
        ["npx", "--no-install", "openapi-typescript", document, "-o", "schema.d.ts"],
        cwd=TYPESCRIPT,
        timeout=120,
    )
    run(["npx", "--no-install", "tsc", "--strict", "--noEmit", "-p", "."], TYPESCRIPT, 300)
    # the type-checked session, compiled (without checking it again) and played
    run(
        [
            "npx",
            "--no-install",
            "tsc",
            "-p",
            ".",
            "--noEmit",
            "false",
            "--noCheck",
            "--outDir",
            "build",
        ],
        cwd=TYPESCRIPT,
        timeout=300,
    )
    with serving(create_app(tables=in_memory_tables())) as url:
        played = run([node, "run.mjs", url], cwd=TYPESCRIPT, timeout=120)
    assert_session(json.loads(played.splitlines()[0]))
