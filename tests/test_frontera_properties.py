"""Property tests: random Frontera sessions in every mode keep their cards, replay exactly
and reject bad commands without leaving anything behind (see tests/frontera_strategies.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.frontera_strategies import (
    Driver,
    no_management_options,
    normal_options,
    setup_cast,
    snapshotting_tables,
    start_session,
    wear_options,
)

RANDOM_SESSIONS = settings(
    max_examples=200,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def play(data: st.DataObject, setup: tuple[int, dict[str, Any]]) -> Driver:
    players, options = setup
    driver = Driver(data, start_session(snapshotting_tables(), players, **options))
    if data.draw(st.integers(0, 4), label="cast first"):
        setup_cast(driver)
    driver.run(data.draw(st.integers(5, 90), label="steps"))
    return driver


@RANDOM_SESSIONS
@given(data=st.data(), setup=normal_options())
def test_random_normal_sessions_conserve_cards_replay_and_reject_cleanly(
    data: st.DataObject, setup: tuple[int, dict[str, Any]]
) -> None:
    play(data, setup)


@RANDOM_SESSIONS
@given(data=st.data(), setup=normal_options(skip_phase_1=True))
def test_random_phase_2_sessions_conserve_cards_replay_and_reject_cleanly(
    data: st.DataObject, setup: tuple[int, dict[str, Any]]
) -> None:
    play(data, setup)


@RANDOM_SESSIONS
@given(data=st.data(), setup=no_management_options())
def test_random_no_management_sessions_conserve_cards_replay_and_reject_cleanly(
    data: st.DataObject, setup: tuple[int, dict[str, Any]]
) -> None:
    play(data, setup)


@RANDOM_SESSIONS
@given(data=st.data(), setup=wear_options())
def test_random_wear_sessions_conserve_cards_replay_and_reject_cleanly(
    data: st.DataObject, setup: tuple[int, dict[str, Any]]
) -> None:
    play(data, setup)
