"""The README's curl sessions, one per registered rule system, run with bash against a live server.

A system's session is the README section "... with curl" whose heading names it (any case);
the default system's is the one whose heading names none. Its ```sh blocks run as one script
with `set -euo pipefail`, `API` set to the live server, and `curl` strict: an HTTP error fails
the run, and each answer ends its line. A line may show a refusal on purpose: its comment reads
`# refused: <what it prints>`, and only that line may fail. Every comment, trailing or alone on
its line, that parses as JSON (after `refused:`) is an output the run must print, on a line of
its own, in the README's order; prose comments are read by people only.

Skipped with the reason without `curl` or `jq`, except under CI=true (`.ci/run` installs them).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.systems import DEFAULT_SYSTEM, RULE_SYSTEMS
from service.app import create_app
from tests.frontera_helpers import in_memory_tables
from tests.live_server import serving

README = Path(__file__).resolve().parent.parent / "README.md"
#: a session's sections: "## A session with curl", "## A fate session with curl"
SESSION_HEADING = re.compile(r"^## (?P<title>.* with curl)\s*$", re.MULTILINE)
SH_BLOCK = re.compile(r"^```sh\n(?P<code>.*?)^```", re.MULTILINE | re.DOTALL)
#: a shell comment: `#` at a word's start, to the line's end
COMMENT = re.compile(r"(?:^|\s)#\s*(?P<text>.*)$")
REFUSED = "refused:"
#: what runs before a session: strict curl, each answer on a line of its own
PRELUDE = """set -euo pipefail
curl() { command curl --fail-with-body --write-out '\\n' "$@"; }
"""


def sections() -> dict[str, str]:
    """Each curl session's heading, and its text up to the next section."""
    text = README.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for match in SESSION_HEADING.finditer(text):
        following = text.find("\n## ", match.end())
        found[match["title"]] = text[match.end() : None if following < 0 else following]
    return found


def names_system(title: str, system: str) -> bool:
    return re.search(rf"\b{re.escape(system)}\b", title, re.IGNORECASE) is not None


def session(system: str) -> str:
    """The sh code of `system`'s README session."""
    found = sections()
    titles = [
        title
        for title in found
        if names_system(title, system)
        or (system == DEFAULT_SYSTEM and not any(names_system(title, s) for s in RULE_SYSTEMS))
    ]
    if len(titles) != 1:
        pytest.fail(
            f"the rule system {system!r} needs one README section '## A {system} session with"
            f" curl' (the default system's names none); found {titles or 'none'}",
            pytrace=False,
        )
    blocks = [block["code"] for block in SH_BLOCK.finditer(found[titles[0]])]
    assert blocks, f"README section {titles[0]!r} holds no ```sh block"
    return "\n".join(blocks)


def comment(line: str) -> str | None:
    match = COMMENT.search(line)
    return None if match is None else match["text"].strip()


def expected_outputs(code: str) -> list[Any]:
    """The comments that parse as JSON, in order: what the session must print."""
    outputs = []
    for line in code.splitlines():
        text = comment(line)
        if text is None:
            continue
        with contextlib.suppress(ValueError):  # prose
            outputs.append(json.loads(text.removeprefix(REFUSED).strip()))
    return outputs


def script(code: str, api: str) -> str:
    """The session as run: the live `API`, and a refusal allowed only where the README shows it."""
    lines = []
    for line in code.splitlines():
        line = re.sub(r"^API=[^\s;]+", f"API={api}", line)
        text = comment(line)
        if text is not None and text.startswith(REFUSED):
            start = COMMENT.search(line)
            assert start is not None
            line = f"{line[: start.start()]} || true {line[start.start() :]}"
        lines.append(line)
    return PRELUDE + "\n".join(lines) + "\n"


def printed_in_order(stdout: str, expected: list[Any]) -> list[Any]:
    """The expected outputs not found on stdout's lines in order (empty when all were)."""
    lines = iter(stdout.splitlines())
    for position, output in enumerate(expected):
        for line in lines:
            try:
                if json.loads(line) == output:
                    break
            except ValueError:
                continue
        else:
            return expected[position:]
    return []


@pytest.fixture(scope="module")
def api() -> Iterator[str]:
    missing = [tool for tool in ("bash", "curl", "jq") if shutil.which(tool) is None]
    if missing:
        reason = f"the README's sessions need {', '.join(missing)}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason} (CI=true: .ci/run installs them)", pytrace=False)
        pytest.skip(reason)
    with serving(create_app(tables=in_memory_tables())) as url:
        yield url


@pytest.mark.parametrize("system", list(RULE_SYSTEMS))
def test_the_readme_session_runs_as_written(system: str, api: str) -> None:
    code = session(system)
    expected = expected_outputs(code)
    assert expected, f"the {system} session states no output to check"
    done = subprocess.run(
        ["bash", "-c", script(code, api)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, (
        f"the {system} session failed ({done.returncode}):\n{done.stderr}\n{done.stdout[-3000:]}"
    )
    missing = printed_in_order(done.stdout, expected)
    assert not missing, f"the {system} session did not print, in order: {missing}\n{done.stdout}"
