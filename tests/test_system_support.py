"""Every registered rule system gives every shared check what it needs (tests/system_support.py),
and one registered without it fails, named with what it lacks: no shared check skips it."""

from __future__ import annotations

import dataclasses
import sys
from types import ModuleType

import pytest

from domain.systems import RULE_SYSTEMS
from tests import system_support, test_stats_masked
from tests.schema_refusals import SHARED_REFUSALS, allowed_refusals
from tests.system_support import (
    MISSING,
    MissingSupport,
    SystemSupport,
    cases,
    lacking,
    provided,
    rolls_secretly,
    support,
)

FAKE = "fakedice"


@pytest.mark.parametrize("system", list(RULE_SYSTEMS))
def test_every_registered_system_gives_the_shared_checks_what_they_need(system: str) -> None:
    assert lacking(system) == []


@pytest.mark.parametrize("system", list(RULE_SYSTEMS))
def test_each_systems_refusal_codes_are_allowed_and_its_own(system: str) -> None:
    codes = RULE_SYSTEMS[system].refusal_codes
    allowed = allowed_refusals()
    for status, own in codes.items():
        assert 401 <= status <= 422, (system, status)
        assert own <= allowed[status]
        # a code the shared table raises is the shared list's, not the system's
        assert not own & SHARED_REFUSALS.get(status, set()), (system, status)


def test_the_dice_systems_roll_secretly_and_frontera_does_not() -> None:
    assert rolls_secretly("stepdice") and rolls_secretly("asaltos")
    assert not rolls_secretly("frontera")


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> str:
    """A rule system registered with stepdice's rules under another name, and nothing else:
    no refusal codes, no tests/fakedice_support.py."""
    system = dataclasses.replace(RULE_SYSTEMS["stepdice"], name=FAKE, refusal_codes={})
    monkeypatch.setitem(RULE_SYSTEMS, FAKE, system)
    return FAKE


def test_a_system_registered_without_its_support_fails_naming_what_it_lacks(fake: str) -> None:
    with pytest.raises(MissingSupport, match=f"'{fake}'.*tests/{fake}_support.py"):
        support(fake)
    missing = "\n".join(lacking(fake))
    assert f"the rule system '{fake}' declares no refusal codes" in missing
    assert f"domain/{fake}/system.py" in missing
    assert f"add tests/{fake}_support.py" in missing
    # each shared check's cases hold the system, as a case that fails
    assert (fake, MISSING) in cases("permissions", lambda matrix: matrix.endpoints)
    assert rolls_secretly(fake)  # so the hidden-roll scan takes it
    with pytest.raises(MissingSupport, match=f"'{fake}'"):
        test_stats_masked.test_every_masked_field_folds(fake)


def test_a_system_without_a_part_fails_naming_the_part(
    fake: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = ModuleType(system_support.module_of(fake))
    module.SUPPORT = SystemSupport(schema=provided("stepdice", "schema"))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    missing = lacking(fake)
    for part in ("permissions", "secret_rolls", "replay_rolls", "figures_session"):
        assert any(
            f"'{fake}' provides no {part}" in line and f"tests/{fake}_support.py" in line
            for line in missing
        ), part
    assert not any("provides no schema" in line for line in missing)
    with pytest.raises(MissingSupport, match=f"'{fake}' provides no figures_session"):
        test_stats_masked.test_every_masked_field_folds(fake)
