"""The committed OpenAPI document passes the validators third parties run on it:
openapi-spec-validator, and Redocly's recommended rules with no error and no warning.

Redocly is pinned in `tools/redocly` (package.json and its lock) and installed there with
`npm ci` the first time, or when the lock changes. Without node and npm the test is skipped,
except under CI=true, where it fails: CI must never pass by skipping.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from openapi_spec_validator import validate

from tests.conftest import _unavailable

ROOT = Path(__file__).parent.parent
COMMITTED = ROOT / "openapi" / "openapi.json"
REDOCLY = ROOT / "tools" / "redocly"
#: the lock `node_modules` was installed from
INSTALLED_LOCK = REDOCLY / "node_modules" / ".saloon-installed-lock.json"


def test_openapi_spec_validator_finds_no_error() -> None:
    validate(json.loads(COMMITTED.read_text()))  # raises on the first error


def _redocly() -> Path:
    """The pinned Redocly CLI, installed from the lock when it is not yet or no longer so."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        _unavailable("node and npm are needed to run Redocly's linter")
    lock = (REDOCLY / "package-lock.json").read_text()
    if not INSTALLED_LOCK.exists() or INSTALLED_LOCK.read_text() != lock:
        subprocess.run(
            ["npm", "ci", "--prefix", str(REDOCLY), "--no-audit", "--no-fund"],
            check=True,
            capture_output=True,
            timeout=300,
        )
        INSTALLED_LOCK.write_text(lock)
    return REDOCLY / "node_modules" / ".bin" / "redocly"


def test_redocly_recommended_rules_report_no_error_and_no_warning() -> None:
    lint = [str(_redocly()), "lint", str(COMMITTED), "--extends", "recommended"]
    done = subprocess.run(
        [*lint, "--format", "json"], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    report = json.loads(done.stdout)
    problems = [
        f"{p['severity']} {p['ruleId']} at {p['location'][0]['pointer']}: {p['message']}"
        for p in report["problems"]
    ]
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}, "\n".join(problems)
