"""The committed OpenAPI document passes the validators third parties run on it:
openapi-spec-validator, Redocly's recommended rules and Spectral's `spectral:oas` ruleset,
each with no error and no warning (not even a hint, for Spectral).

Redocly and Spectral are pinned in `tools/redocly` and `tools/spectral` (package.json and its
lock; Spectral's ruleset is `tools/spectral/.spectral.yaml`) and installed there with
`npm ci` the first time, or when the lock changes (`tests/npm.py`). Without node and npm
the tests are skipped, except under CI=true, where they fail: CI must never pass by skipping.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from openapi_spec_validator import validate

from tests import npm

ROOT = Path(__file__).parent.parent
COMMITTED = ROOT / "openapi" / "openapi.json"
REDOCLY = ROOT / "tools" / "redocly"
SPECTRAL = ROOT / "tools" / "spectral"


@pytest.mark.long
def test_openapi_spec_validator_finds_no_error() -> None:
    validate(json.loads(COMMITTED.read_text()))  # raises on the first error


def test_redocly_recommended_rules_report_no_error_and_no_warning(node: str) -> None:
    lint = [
        str(npm.installed(REDOCLY) / "redocly"),
        "lint",
        str(COMMITTED),
        "--extends",
        "recommended",
    ]
    done = subprocess.run(
        [*lint, "--format", "json"], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    report = json.loads(done.stdout)
    problems = [
        f"{p['severity']} {p['ruleId']} at {p['location'][0]['pointer']}: {p['message']}"
        for p in report["problems"]
    ]
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}, "\n".join(problems)


@pytest.mark.long
def test_spectral_oas_ruleset_reports_nothing(node: str) -> None:
    """`spectral lint` with `spectral:oas` (every rule of the ruleset Spectral recommends for
    OpenAPI, at its default severity): no error, warning, information or hint."""
    done = subprocess.run(
        [
            str(npm.installed(SPECTRAL) / "spectral"),
            "lint",
            str(COMMITTED),
            "--ruleset",
            str(SPECTRAL / ".spectral.yaml"),
            "--format",
            "json",
            "--quiet",
            "--fail-severity",
            "hint",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=SPECTRAL,
    )
    report = json.loads(done.stdout or "[]")
    severities = ("error", "warning", "information", "hint")
    problems = [
        f"{severities[p['severity']]} {p['code']} at {'.'.join(map(str, p['path']))}: "
        f"{p['message']}"
        for p in report
    ]
    assert not problems, "\n".join(problems)
    assert done.returncode == 0, f"spectral failed:\n{done.stdout}\n{done.stderr}"
